"""The sound controls, shared by the pause menu and the Settings screen: music and effects
volumes (steppers showing the percentage) and mute; each change is heard and saved at once."""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui.widgets.button import Button, Stepper

VOLUME_STEP = 0.1


class SoundControls:
    def __init__(self, app, x: int, y: int, width: int = 400, row_h: int = 56, gap: int = 14) -> None:
        self.app = app
        self.steppers = [
            Stepper(pygame.Rect(x, y, width, row_h), _("Music"), lambda: self._percent("music_volume"),
                    lambda d: self._step_volume("music_volume", d)),
            Stepper(pygame.Rect(x, y + row_h + gap, width, row_h), _("Effects"),
                    lambda: self._percent("sfx_volume"), lambda d: self._step_volume("sfx_volume", d)),
        ]
        self.mute_button = Button(pygame.Rect(x, y + 2 * (row_h + gap), width, round(row_h * 1.4)), "",
                                  on_click=self.toggle_mute, key_hint="M")
        self.buttons = [b for stepper in self.steppers for b in stepper.buttons] + [self.mute_button]
        self.bottom = self.mute_button.rect.bottom
        self._label_mute()

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
        self.mute_button.label = _("Unmute") if muted else _("Mute")
        self.mute_button.detail = _("muted: no music, no effects") if muted else _("sound is on")

    def draw(self, surface: pygame.Surface, fonts, size: int = 24) -> None:
        for stepper in self.steppers:
            stepper.draw(surface, fonts, size)
        self.mute_button.draw(surface, fonts, size=size)
