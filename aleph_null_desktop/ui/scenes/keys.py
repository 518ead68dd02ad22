"""Settings → Keys: the table's actions and Fullscreen, each with its key. Choose an action (click,
or the arrows and Enter), press the new key: it is taken at once and saved, or refused with the
reason (a key another action has, a key that works the menus). "Default keys" puts them all back.
Esc goes back, or, while a new key is awaited, keeps the old one."""

from __future__ import annotations

import pygame

from aleph_null_desktop import keymap
from aleph_null_desktop.i18n import _, later
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.keys import binding_of
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.widgets.keyfocus import draw_focus_ring
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle, keyboard_name

ROW_W = 900


class KeysScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.waiting: str | None = None  # the action whose new key is awaited
        self.message, self.warn = "", False
        self._layout()

    @property
    def takes_every_key(self) -> bool:
        """While a new key is awaited, every key comes here first (F11 too: it may be the new key)."""
        return self.waiting is not None

    def _layout(self) -> None:
        self.background = draw_background(theme.LOGICAL_SIZE)
        row, gap = style.scaled(60), style.scaled(14)
        fonts = self.app.fonts
        self.subtitle_y = 40 + fonts.get("title", 48).get_linesize() + 4
        top = self.subtitle_y + fonts.get("italic", 22).get_linesize() + style.scaled(24)
        x = (theme.LOGICAL_SIZE[0] - ROW_W) // 2
        self.rows: dict[str, Button] = {}
        for n, (action, _words, _default) in enumerate(keymap.ACTIONS):
            self.rows[action] = Button(pygame.Rect(x, top + n * (row + gap), ROW_W, row), "",
                                       on_click=lambda a=action: self.wait_for(a))
        self.message_top = top + len(keymap.ACTIONS) * (row + gap) + style.scaled(10)
        y = theme.LOGICAL_SIZE[1] - row - 30
        self.reset_button = Button(pygame.Rect(x, y, (ROW_W - 20) // 2, row), _("Default keys"),
                                   on_click=self.reset)
        self.back_button = Button(pygame.Rect(x + (ROW_W + 20) // 2, y, (ROW_W - 20) // 2, row), _("Back"),
                                  on_click=self.close, key_hint="Esc")
        self.buttons = [*self.rows.values(), self.reset_button, self.back_button]
        self._name_rows()

    def _name_rows(self) -> None:
        bindings = self.app.current_settings().key_bindings()
        self.shown_keys = {}  # action → the key written at the right of its row
        for action, button in self.rows.items():
            button.label = _(keymap.WORDS[action])
            self.shown_keys[action] = _("press the new key…") if action == self.waiting else \
                keyboard_name(keymap.display(bindings[action]))
            button.hot = action == self.waiting

    def restyle(self) -> None:
        self._layout()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # ------------------------------------------------------------------ actions
    def wait_for(self, action: str) -> None:
        self.waiting = action
        self.say(later("Press the new key for “{action}” (Esc keeps the old one).", action=later(keymap.WORDS[action])))

    def take(self, event) -> None:
        """The key pressed while one was awaited: the action's new key, or the reason it is not."""
        action = self.waiting
        if event.key == pygame.K_ESCAPE:
            self.waiting = None
            self.say(later("The key for “{action}” was kept.", action=later(keymap.WORDS[action])))
            return
        binding = binding_of(event)
        if binding is None:  # a modifier on its own: the key that goes with it is still to come
            return
        bindings = self.app.current_settings().key_bindings()
        refused = keymap.refusal(bindings, action, binding)
        if refused is not None:
            self.say(refused, warn=True)  # still waiting: another key may be pressed
            return
        self.waiting = None
        bindings[action] = binding
        self.app.change_settings(keys=tuple(sorted((a, k) for a, k in bindings.items() if keymap.DEFAULTS[a] != k)))
        self.say(later("“{action}” is now {key}.", action=later(keymap.WORDS[action]), key=keymap.display(binding)))

    def reset(self) -> None:
        self.waiting = None
        self.app.change_settings(keys=())
        self.say(later("Every key is its default again."))

    def say(self, text, warn: bool = False) -> None:
        self.message, self.warn = text, warn
        self._name_rows()

    # ------------------------------------------------------------------ input and drawing
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.waiting is not None:
                self.take(event)
                self._name_rows()
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return True
            return False  # the arrows and Enter move over the rows (ui.button_focus)
        if event.type == pygame.MOUSEBUTTONDOWN and self.waiting is not None:
            self.waiting = None  # a click elsewhere: the old key stays
            self._name_rows()
        used = buttons_handle(self.buttons, event)
        self._name_rows()
        return used

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        blit_text(surface, fonts.get("title", 48), _("Keys"), theme.GOLD, (960, 40), "midtop")
        words = _("Choose an action, then press its new key. Enter, Esc, Tab, the arrows and 1–9 stay as they are.")
        blit_text(surface, fit_font(fonts, "italic", words, ROW_W + 300, 22, 14), words, theme.TEXT_DIM,
                  (960, self.subtitle_y), "midtop")
        for button in self.buttons:
            button.draw(surface, fonts, size=24)
        for action, button in self.rows.items():
            waiting = action == self.waiting
            font = fonts.get("italic" if waiting else "bold", 22)
            blit_text(surface, font, self.shown_keys[action], theme.CANDLE if waiting else theme.PARCHMENT,
                      (button.rect.right - 24, button.rect.centery), "midright")
        if self.waiting is not None:
            draw_focus_ring(surface, self.rows[self.waiting].rect, margin=8)
        if self.message:
            area = pygame.Rect(self.reset_button.rect.x, self.message_top, ROW_W,
                               self.reset_button.rect.y - 10 - self.message_top)
            blit_wrapped(surface, fonts.get("body", 22), str(self.message), theme.WARN if self.warn else theme.TEXT,
                         area, align="center")
