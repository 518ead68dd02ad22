"""The title: continue the saved ritual, open the Grimoire for a new one, start at once in one of
the five Circles (keys 1–5), read the rules, make cards, or quit.

Two columns under the name, their rows aligned: on the left the menu (Continue when a ritual is
saved, New ritual, Rules, Card editor, Quit), on the right the Circles. Every button shows its key.
"""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import ROMAN, circles
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.icons import draw_icon
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.table.panels import draw_background
from aleph_null_desktop.ui.text import blit_text, fit_font
from aleph_null_desktop.ui.widgets import Button, buttons_handle

DIFFICULTY = ("easiest", "easier", "middling", "hard", "hardest")

# the two columns, centred as one block: menu | gap | Circles
MENU_W, GAP, CIRCLE_W = 500, 60, 820
LEFT = (theme.LOGICAL_SIZE[0] - (MENU_W + GAP + CIRCLE_W)) // 2
RIGHT = LEFT + MENU_W + GAP
TOP, ROW_H, ROW_STEP = 400, 86, 100
HEADING_Y = 352


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
        from aleph_null_desktop.ui.editor import open_editor
        from aleph_null_desktop.ui.grimoire import open_new_ritual, open_reference

        # the Circles, first in `buttons` (keys 1–9 press them in this order)
        self.circle_buttons = []
        for n, circle in enumerate(circles().values()):
            level = DIFFICULTY[n] if n < len(DIFFICULTY) else ""
            label = f"{circle.name} ({level})" if level else circle.name
            self.circle_buttons.append(Button(pygame.Rect(RIGHT, TOP + n * ROW_STEP, CIRCLE_W, ROW_H), label,
                                              on_click=lambda c=circle.id: app.new_ritual(c),
                                              detail=circle_summary(circle), key_hint=str(n + 1)))
        self.circle_count = len(self.circle_buttons)
        # the menu: Continue (only when files are on and a ritual is saved), then the rest
        self.continue_button = None
        if app.persist:
            from aleph_null_desktop import storage

            if storage.has_autosave():
                self.continue_button = Button(pygame.Rect(0, 0, MENU_W, ROW_H), "Continue",
                                              on_click=app.continue_game,
                                              detail="the ritual in progress, where you left it", key_hint="C")
        self.new_button = Button(pygame.Rect(0, 0, MENU_W, ROW_H), "New ritual (the Grimoire)",
                                 on_click=lambda: open_new_ritual(app),
                                 detail="open the book and choose a Circle", key_hint="N")
        self.rules_button = Button(pygame.Rect(0, 0, MENU_W, ROW_H), "Rules",
                                   on_click=lambda: open_reference(app),
                                   detail="the rules, a glossary and questions answered", key_hint="F1")
        self.editor_button = Button(pygame.Rect(0, 0, MENU_W, ROW_H), "Card editor",
                                    on_click=lambda: open_editor(app),
                                    detail="make your own interference cards", key_hint="E")
        self.quit_button = Button(pygame.Rect(0, 0, MENU_W, ROW_H), "Quit", on_click=app.quit, key_hint="Esc")
        self.menu_buttons = [b for b in (self.continue_button, self.new_button, self.rules_button,
                                         self.editor_button, self.quit_button) if b is not None]
        for row, button in enumerate(self.menu_buttons):
            button.rect.topleft = (LEFT, TOP + row * ROW_STEP)
        self.buttons = self.circle_buttons + self.menu_buttons
        self.keys = {pygame.K_n: self.new_button, pygame.K_F1: self.rules_button,
                     pygame.K_e: self.editor_button, pygame.K_ESCAPE: self.quit_button}
        if self.continue_button is not None:
            self.keys[pygame.K_c] = self.continue_button

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < self.circle_count:
                self.circle_buttons[event.key - pygame.K_1].click()
            elif event.key in self.keys:
                self.keys[event.key].click()
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
        heading = fonts.get("title", 24)
        blit_text(surface, heading, "The ritual", theme.TEXT_DIM, (LEFT + MENU_W // 2, HEADING_Y), "midtop")
        keys = f"1–{self.circle_count}" if self.circle_count > 1 else "1"
        words = f"Or begin at once: choose your Circle (keys {keys})"
        blit_text(surface, fit_font(fonts, "title", words, CIRCLE_W, 24), words, theme.TEXT_DIM,
                  (RIGHT + CIRCLE_W // 2, HEADING_Y), "midtop")
        for b in self.buttons:
            b.draw(surface, fonts, size=26)
        notes = fonts.get("italic", 18)  # startup notices: the audio status, repaired files
        for i, line in enumerate(reversed(self.app.notices[-3:])):
            blit_text(surface, notes, line, theme.TEXT_DIM, (960, 1060 - i * 26), "midbottom")
