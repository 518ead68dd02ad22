"""Esc on the table: resume, new ritual, title, quit, and the sound (music and effects volume,
mute; applied at once and saved) — drawn over the table."""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.ritual_guard import confirm_new_ritual, confirm_quit
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.text import blit_text
from aleph_null_desktop.ui.widgets import Button, Stepper, buttons_handle

VOLUME_STEP = 0.1


class PauseScene(Scene):
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        table = app.stack.top
        circle = getattr(table, "circle_id", "adept")
        self.panel = pygame.Rect(0, 0, 560, 780)
        self.panel.center = (960, 540)
        x, y = self.panel.x + 60, self.panel.y + 100
        self.buttons = []
        for label, action, hint in ((_("Resume"), app.stack.pop, "Esc"),
                                    (_("Start a new ritual"),
                                     lambda: confirm_new_ritual(app, lambda: app.new_ritual(circle)), ""),
                                    (_("Back to the title"), app.show_title, ""),
                                    (_("Quit the game"), lambda: confirm_quit(app), "")):
            self.buttons.append(Button(pygame.Rect(x, y, 400, 70), label, on_click=action, key_hint=hint))
            y += 86
        # the sound: steppers showing the percentage, and mute; each change is heard and saved at once
        self.sound_top = y + 4
        y += 50
        self.steppers = [
            Stepper(pygame.Rect(x, y, 400, 56), "Music", lambda: self._percent("music_volume"),
                    lambda d: self._step_volume("music_volume", d)),
            Stepper(pygame.Rect(x, y + 70, 400, 56), "Effects", lambda: self._percent("sfx_volume"),
                    lambda d: self._step_volume("sfx_volume", d)),
        ]
        self.mute_button = Button(pygame.Rect(x, y + 146, 400, 80), "", on_click=self.toggle_mute, key_hint="M")
        self._label_mute()
        self.buttons += [b for stepper in self.steppers for b in stepper.buttons] + [self.mute_button]
        self.veil = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        self.veil.fill((0, 0, 0, 160))

    # ------------------------------------------------------------------ sound
    def _percent(self, name: str) -> str:
        return f"{round(getattr(self.app.current_settings(), name) * 100)}%"

    def _step_volume(self, name: str, direction: int) -> None:
        value = getattr(self.app.current_settings(), name) + direction * VOLUME_STEP
        self.app.change_settings(**{name: round(min(1.0, max(0.0, value)), 2)})
        if name == "sfx_volume":
            self.app.sound("card_move")  # hear the new loudness

    def toggle_mute(self) -> None:
        self.app.change_settings(muted=not self.app.current_settings().muted)
        self._label_mute()

    def _label_mute(self) -> None:
        muted = self.app.current_settings().muted
        self.mute_button.label = "Unmute" if muted else "Mute"
        self.mute_button.detail = "muted: no music, no effects" if muted else "sound is on"

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.toggle_mute()
            return
        buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.veil, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, self.panel, 3, border_radius=14)
        blit_text(surface, self.app.fonts.get("title", 36), "Paused", theme.GOLD,
                  (self.panel.centerx, self.panel.y + 30), "midtop")
        for b in self.buttons[:4]:
            b.draw(surface, self.app.fonts, size=24)
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.panel.x + 40, self.sound_top),
                         (self.panel.right - 40, self.sound_top), 1)
        blit_text(surface, self.app.fonts.get("title", 24), "Sound", theme.GOLD,
                  (self.panel.centerx, self.sound_top + 10), "midtop")
        for stepper in self.steppers:
            stepper.draw(surface, self.app.fonts)
        self.mute_button.draw(surface, self.app.fonts, size=24)
