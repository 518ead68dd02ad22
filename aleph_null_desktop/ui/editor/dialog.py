"""A modal dialog drawn over the editor: a question, an optional text field checked as the player
types, and buttons. Enter presses the first (confirming) button, or the one given as `enter` (a
question whose yes destroys something answers no to Enter); Tab and the arrows move Enter to
another button; Esc presses the last (cancelling) one."""

from __future__ import annotations

from typing import Callable

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.editor.controls import draw_message
from aleph_null_desktop.ui.editor.textfield import TextField
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped
from aleph_null_desktop.ui.render.veil import darken
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle


class DialogScene(Scene):
    overlay = True

    def __init__(self, app, title: str, text: str = "", *,
                 buttons: list[tuple[str, Callable[[str | None], None] | None]],
                 field_text: str | None = None, check: Callable[[str], str | None] | None = None,
                 max_length: int = 200, width: int = 900, name: str = "dialog", enter: int = 0) -> None:
        super().__init__(app)
        self.title, self.text, self.check, self.name = title, text, check, name
        fonts = app.fonts
        body = fonts.get("body", 24)
        inner_w = width - 80
        from aleph_null_desktop.ui.render.text import wrap

        text_h = len(wrap(body, text, inner_w)) * body.get_linesize() if text else 0
        field_h = 110 if field_text is not None else 0
        self.panel = pygame.Rect(0, 0, width, 110 + text_h + field_h + 110)
        self.panel.center = (theme.LOGICAL_SIZE[0] // 2, theme.LOGICAL_SIZE[1] // 2 - 40)
        y = self.panel.y + 90 + text_h + 10
        self.field: TextField | None = None
        if field_text is not None:
            self.field = TextField(pygame.Rect(self.panel.x + 40, y, inner_w, 50), field_text,
                                   max_length=max_length, on_submit=self._confirm, name=f"{name}.field")
            self.field.use_fonts(fonts)
            self.field.anchor, self.field.cursor = 0, len(field_text)  # typing replaces it all
            self.field.focus()
            y += field_h
        self.buttons: list[Button] = []
        n = len(buttons)
        bw = min(300, (inner_w - 20 * (n - 1)) // n)
        x = self.panel.right - 40 - n * bw - (n - 1) * 20
        for label, action in buttons:
            self.buttons.append(Button(pygame.Rect(x, self.panel.bottom - 90, bw, 60), label,
                                       on_click=(lambda a=action: self._finish(a))))
            x += bw + 20
        self.enter = max(0, min(enter, n - 1))  # the button Enter presses
        self.keyboard = False  # Tab or an arrow moved Enter: its button is ringed
        self._hint_keys()
        self.problem: str | None = None
        self._echo = typed_by(getattr(app, "key_in_hand", None))
        self._recheck()

    def _hint_keys(self) -> None:
        for i, button in enumerate(self.buttons):
            button.key_hint = "Enter" if i == self.enter else "Esc" if i == len(self.buttons) - 1 else ""

    def _move_enter(self, step: int) -> None:
        if len(self.buttons) > 1:
            self.enter = (self.enter + step) % len(self.buttons)
            self.keyboard = True
            self._hint_keys()

    def _recheck(self) -> None:
        self.problem = self.check(self.field.text) if (self.check and self.field) else None
        if self.field:
            self.field.error = bool(self.problem)
        if self.buttons and self.field is not None:
            self.buttons[0].enabled = self.problem is None
            self.buttons[0].detail = "" if self.problem is None else _("not yet")

    def _finish(self, action) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.field:
            self.field.blur()
        if action:
            action(self.field.text if self.field else None)

    def _confirm(self) -> None:
        if self.buttons and self.buttons[self.enter].enabled:
            self.buttons[self.enter].click()

    def handle_event(self, event) -> bool:
        if event.type == pygame.TEXTINPUT and self._echo and event.text.casefold() == self._echo:
            self._echo = None  # the letter of the key that opened the dialog (L, C, I…): not typed into it
            return True
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.MOUSEBUTTONDOWN):
            self._echo = None
        if self.field and self.field.handle_event(event):
            if self.app.stack.top is not self:  # Enter in the field confirmed and closed the dialog
                return True
            if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
                self._recheck()
            if not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._confirm()
            elif event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self._move_enter(-1 if back else 1)
            elif event.key == pygame.K_ESCAPE and self.buttons:
                self.buttons[-1].click()
            else:
                return False
            return True
        return buttons_handle(self.buttons, event)

    def next_change(self) -> float | None:
        return self.field.next_blink() if self.field is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        darken(surface, 170)
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, self.panel, 3, border_radius=14)
        blit_text(surface, fonts.get("title", 34), self.title, theme.GOLD,
                  (self.panel.x + 40, self.panel.y + 28), "topleft")
        if self.text:
            blit_wrapped(surface, fonts.get("body", 24), self.text, theme.TEXT,
                         pygame.Rect(self.panel.x + 40, self.panel.y + 90, self.panel.w - 80, 400))
        if self.field:
            self.field.draw(surface)
            if self.problem:
                draw_message(surface, fonts, "error", self.problem,
                             pygame.Rect(self.field.rect.x, self.field.rect.bottom + 10, self.field.rect.w, 50))
        for b in self.buttons:
            b.draw(surface, fonts, size=24)
        if self.keyboard and self.buttons:
            from aleph_null_desktop.ui.widgets.keyfocus import draw_focus_ring

            draw_focus_ring(surface, self.buttons[self.enter].rect, margin=8)


def typed_by(key: int | None) -> str | None:
    """The character a key press also sends as TEXTINPUT (SDL sends both), or None."""
    if key is None:
        return None
    name = pygame.key.name(key)
    return name.casefold() if len(name) == 1 else None
