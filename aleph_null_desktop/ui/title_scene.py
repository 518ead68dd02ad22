"""The title: start a new ritual in one of the five Circles, or quit."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import ROMAN, circles
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.icons import draw_icon
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.table.panels import draw_background
from aleph_null_desktop.ui.text import blit_text
from aleph_null_desktop.ui.widgets import Button, buttons_handle

DIFFICULTY = ("easiest", "easier", "middling", "hard", "hardest")


def circle_summary(circle) -> str:
    count = sum(circle.set_aside.values())
    levels = " + ".join(f"{n}×L{lvl}" for lvl, n in sorted(circle.set_aside.items()) if n)
    hours = ", ".join(f"{ROMAN[h]}" + (f"×{n}" if n > 1 else "") for h, n in sorted(circle.arrivals.items()))
    return f"{count} interference ({levels}); they arrive at Hours {hours}"


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.background = draw_background(theme.LOGICAL_SIZE)
        app.music("title")
        self.buttons = []
        y = 400
        for n, circle in enumerate(circles().values()):
            level = DIFFICULTY[n] if n < len(DIFFICULTY) else ""
            self.buttons.append(Button(pygame.Rect(560, y, 800, 86), f"{circle.name} ({level})",
                                       on_click=lambda c=circle.id: app.new_ritual(c),
                                       detail=circle_summary(circle), key_hint=str(n + 1)))
            y += 100
        self.buttons.append(Button(pygame.Rect(810, y + 30, 300, 64), "Quit", on_click=app.quit,
                                   key_hint="Esc"))
        # the Grimoire: a new ritual from its Cover (Circle spread → Hour I), and the rules reference
        from aleph_null_desktop.ui.grimoire import open_new_ritual, open_reference

        self.circle_count = len(circles())
        self.buttons.append(Button(pygame.Rect(400, y + 30, 380, 64), "New ritual (the Grimoire)",
                                   on_click=lambda: open_new_ritual(app), key_hint="N"))
        self.buttons.append(Button(pygame.Rect(1140, y + 30, 380, 64), "Rules", on_click=lambda: open_reference(app),
                                   key_hint="F1"))
        # the card editor (aleph_null_desktop.ui.editor): the gallery of custom cards
        from aleph_null_desktop.ui.editor import open_editor

        self.buttons.append(Button(pygame.Rect(1540, y + 30, 300, 64), "Card editor",
                                   on_click=lambda: open_editor(app), key_hint="E"))
        # Continue: the autosaved ritual (only when files are on and one exists); last in the list
        self.continue_button = None
        if app.persist:
            from aleph_null_desktop import storage

            if storage.has_autosave():
                self.continue_button = Button(pygame.Rect(80, 400, 440, 100), "Continue",
                                              on_click=app.continue_game,
                                              detail="the ritual in progress, where you left it", key_hint="C")
                self.buttons.append(self.continue_button)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < self.circle_count:
                self.buttons[event.key - pygame.K_1].click()
            elif event.key == pygame.K_n:
                self.buttons[self.circle_count + 1].click()
            elif event.key == pygame.K_F1:
                self.buttons[self.circle_count + 2].click()
            elif event.key == pygame.K_e:
                self.buttons[self.circle_count + 3].click()
            elif event.key == pygame.K_c and self.continue_button is not None:
                self.continue_button.click()
            return
        buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        draw_icon(surface, "pentacle", pygame.Rect(900, 40, 120, 120), theme.GOLD)
        blit_text(surface, fonts.get("title", 96), "ALEPH NULL", theme.GOLD, (960, 170), "midtop")
        blit_text(surface, fonts.get("italic", 28),
                  "Thin the deck to nothing, summon BAPHOMET before the cock crows.",
                  theme.TEXT, (960, 290), "midtop")
        blit_text(surface, fonts.get("title", 24), "Begin a new ritual: choose your Circle", theme.TEXT_DIM,
                  (960, 350), "midtop")
        for b in self.buttons:
            b.draw(surface, fonts, size=26)
        notes = fonts.get("italic", 18)  # startup notices: the audio status, repaired files
        for i, line in enumerate(reversed(self.app.notices[-3:])):
            blit_text(surface, notes, line, theme.TEXT_DIM, (24, 1068 - i * 24), "bottomleft")
