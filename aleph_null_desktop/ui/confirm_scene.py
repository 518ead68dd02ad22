"""A question over whatever is showing: a heading, a few lines, a "yes" and a "no" button.
Enter says yes, Esc says no; the answer closes the question first, then acts."""

from __future__ import annotations

from typing import Callable

import pygame

from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.widgets import Button, buttons_handle

WIDTH, BUTTON_H = 820, 72


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, app, title: str, text: str, yes: str, on_yes: Callable[[], None], no: str,
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title, self.text = title, text
        self.on_yes, self.on_no = on_yes, on_no
        width, button_h = style.scaled(WIDTH), style.scaled(BUTTON_H)
        self.rect = pygame.Rect(0, 0, width, style.scaled(320))
        self.rect.center = (theme.LOGICAL_SIZE[0] // 2, theme.LOGICAL_SIZE[1] // 2 - 40)
        w = (width - 3 * 40) // 2
        y = self.rect.bottom - button_h - 32
        self.yes_button = Button(pygame.Rect(self.rect.x + 40, y, w, button_h), yes, on_click=self.answer_yes,
                                 key_hint="Enter")
        self.no_button = Button(pygame.Rect(self.rect.right - 40 - w, y, w, button_h), no,
                                on_click=self.answer_no, key_hint="Esc")
        self.buttons = [self.yes_button, self.no_button]
        self.veil = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        self.veil.fill((0, 0, 0, 150))

    def _close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def answer_yes(self) -> None:
        self._close()
        self.on_yes()

    def answer_no(self) -> None:
        self._close()
        if self.on_no is not None:
            self.on_no()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer_yes()
            elif event.key == pygame.K_ESCAPE:
                self.answer_no()
            return
        buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.blit(self.veil, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=14)
        pygame.draw.rect(surface, theme.WARN, self.rect, 3, border_radius=14)
        inner = self.rect.inflate(-80, 0)
        blit_text(surface, fit_font(fonts, "title", self.title, inner.w, 32, 18), self.title, theme.GOLD,
                  (self.rect.centerx, self.rect.y + 26), "midtop")
        top = self.rect.y + 40 + fonts.get("title", 32).get_linesize()
        text_box = pygame.Rect(inner.x, top, inner.w, self.yes_button.rect.y - top - 10)
        blit_wrapped(surface, fonts.get("body", 26), self.text, theme.TEXT, text_box, align="center")
        for b in self.buttons:
            b.draw(surface, fonts, size=24)
