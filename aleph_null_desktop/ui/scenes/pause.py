"""Esc on the table: resume, new ritual, settings, title, quit, and the sound (music and effects
volume, mute; applied at once and saved) — drawn over the table."""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.scenes.ritual_guard import confirm_new_ritual, confirm_quit
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.widgets.sound_controls import SoundControls
from aleph_null_desktop.rituals.code import code_of_game
from aleph_null_desktop.ui.render.text import blit_text, fit_font
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle, spoken_buttons


class PauseScene(Scene):
    overlay = True
    keeps_under = True  # the table under the menu is still (it is not updated while paused)
    veil = 160

    def __init__(self, app) -> None:
        super().__init__(app)
        table = app.stack.top
        self.circle = getattr(table, "circle_id", "adept")
        code = code_of_game(getattr(table, "game", None))
        self.code = str(code) if code else None
        self._layout()

    def _layout(self) -> None:
        app, circle = self.app, self.circle
        self.panel = pygame.Rect(0, 0, 560, 976 if self.code else 860)
        self.panel.center = (960, 540)
        x, y = self.panel.x + 60, self.panel.y + 100
        self.menu_buttons = []
        for label, action, hint in ((_("Resume"), app.stack.pop, "Esc"),
                                    (_("Start a new ritual"),
                                     lambda: confirm_new_ritual(app, lambda: app.new_ritual(circle)), ""),
                                    (_("Settings"), self.open_settings, "S"),
                                    (_("Back to the title"), app.show_title, ""),
                                    (_("Quit the game"), lambda: confirm_quit(app), "")):
            self.menu_buttons.append(Button(pygame.Rect(x, y, 400, 70), label, on_click=action, key_hint=hint))
            y += 86
        self.code_top = y
        if self.code:
            self.menu_buttons.append(Button(pygame.Rect(x, y + 40, 400, 60), _("Copy the ritual code"),
                                            on_click=self.copy_code, key_hint="C"))
            y += 116
        self.sound_top = y + 4
        self.sound = SoundControls(app, x, y + 50)
        self.steppers, self.mute_button = self.sound.steppers, self.sound.mute_button
        self.buttons = self.menu_buttons + self.sound.buttons

    def spoken(self) -> str:
        from aleph_null_desktop.ui.table.spoken import sentences

        return sentences(_("Paused"), *spoken_buttons(self.menu_buttons))

    def on_enter(self) -> None:
        self.app.speak(self.spoken, interrupt=True)

    def on_uncover(self) -> None:
        if self.app.stack.top is self:
            self.app.speak(self.spoken, interrupt=True)

    def copy_code(self) -> None:
        from aleph_null_desktop.ui.editor.textfield import Clipboard

        if self.code:
            Clipboard.put(self.code)
            self.menu_buttons[-1].detail = _("copied")

    def open_settings(self) -> None:
        from aleph_null_desktop.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def restyle(self) -> None:
        self._layout()  # labels in the new language, mute's words

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_PAUSE):  # Esc, or Start on a pad, resumes
                self.app.stack.pop()
            elif event.key == pygame.K_m:
                self.sound.toggle_mute()
            elif event.key == pygame.K_s:
                self.open_settings()
            elif event.key == pygame.K_c:
                self.copy_code()
            else:
                return False
            return True
        return buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, self.panel, 3, border_radius=14)
        blit_text(surface, self.app.fonts.get("title", 36), _("Paused"), theme.GOLD,
                  (self.panel.centerx, self.panel.y + 30), "midtop")
        if self.code:
            line = _("Ritual code: {code}").format(code=self.code)
            blit_text(surface, fit_font(self.app.fonts, "bold", line, self.panel.w - 60, 22, 12), line, theme.TEXT,
                      (self.panel.centerx, self.code_top), "midtop")
        for b in self.menu_buttons:
            b.draw(surface, self.app.fonts, size=24)
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.panel.x + 40, self.sound_top),
                         (self.panel.right - 40, self.sound_top), 1)
        blit_text(surface, self.app.fonts.get("title", 24), _("Sound"), theme.GOLD,
                  (self.panel.centerx, self.sound_top + 10), "midtop")
        self.sound.draw(surface, self.app.fonts)
