"""Achievements, from the title (A): the twenty goals in two columns, each unlocked one with a
crown and the date it was won, each locked one with a padlock and the word "locked" (shape and
words, not colour alone). Esc goes back. Every text drawn is kept in `drawn` (tests read it)."""

from __future__ import annotations

from datetime import datetime

import pygame

from aleph_null_desktop.i18n import Joined, _
from aleph_null_desktop.rituals.achievements import ACHIEVEMENTS, BY_ID
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import DrawnWords, fit_font
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

MARGIN, TOP, GAP = 60, 120, 24


class AchievementsScene(Scene, DrawnWords):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.drawn: list[str] = []
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.load()
        self._layout()

    def load(self) -> None:
        from aleph_null_desktop.storage.achievements import load_achievements

        self.unlocked, messages = load_achievements(BY_ID) if self.app.persist else ({}, [])
        if messages:
            self.app.report(Joined(messages))

    def _layout(self) -> None:
        h = 64
        self.back_button = Button(pygame.Rect(960 - 200, theme.LOGICAL_SIZE[1] - h - 24, 400, h), _("Back"),
                                  on_click=self.close, key_hint="Esc")
        self.buttons = [self.back_button]

    def restyle(self) -> None:
        self._layout()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            return
        buttons_handle(self.buttons, event)

    def top(self) -> int:
        """Below the heading and the count line (taller at a larger UI scale)."""
        fonts = self.app.fonts
        return max(TOP, 24 + fonts.get("title", 44).get_linesize() + fonts.get("italic", 22).get_linesize() + 8)

    def cell(self, n: int) -> pygame.Rect:
        rows = (len(ACHIEVEMENTS) + 1) // 2
        w = (theme.LOGICAL_SIZE[0] - 2 * MARGIN - GAP) // 2
        top = self.top()
        h = (self.back_button.rect.y - 24 - top - (rows - 1) * 10) // rows
        return pygame.Rect(MARGIN + (n // rows) * (w + GAP), top + (n % rows) * (h + 10), w, h)

    def _sizes(self, height: int) -> tuple[int, int]:
        """The title's and the description's font sizes that fit a cell's height, two lines."""
        fonts, title, body = self.app.fonts, 22, 18
        while fonts.get("title", title).get_linesize() + fonts.get("body", body).get_linesize() + 10 > height \
                and body > 10:
            title, body = title - 1, body - 1
        return title, body

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = []
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        self._text(surface, fonts.get("title", 44), _("Achievements"), theme.GOLD, (960, 24), "midtop")
        count = _("{n} of {total} unlocked").format(n=len(self.unlocked), total=len(ACHIEVEMENTS))
        self._text(surface, fonts.get("italic", 22), count, theme.TEXT_DIM,
                   (960, 24 + fonts.get("title", 44).get_linesize()), "midtop")
        title_size, body_size = self._sizes(self.cell(0).h)
        for n, achievement in enumerate(ACHIEVEMENTS):
            rect = self.cell(n)
            when = self.unlocked.get(achievement.id)
            pygame.draw.rect(surface, theme.TABLE_GLOW if when else theme.PANEL, rect, border_radius=8)
            pygame.draw.rect(surface, theme.GOLD if when else theme.PANEL_EDGE, rect, 2 if when else 1,
                             border_radius=8)
            icon = pygame.Rect(rect.x + 10, rect.centery - 20, 40, 40)
            if when:
                draw_icon(surface, "crown", icon, theme.GOLD)
            else:
                _draw_padlock(surface, icon, theme.TEXT_DIM)
            ink = theme.TEXT if when else theme.TEXT_DIM
            title, text = _(achievement.title), _(achievement.text)
            status = (_("unlocked {date}").format(date=_date(when)) if when else _("locked"))
            inner = rect.w - 80
            head = fit_font(fonts, "title", title, inner - 200, title_size, 10)
            self._text(surface, head, title, ink, (rect.x + 62, rect.y + 4))
            self._text(surface, fit_font(fonts, "italic", status, 190, body_size, 10), status, ink,
                       (rect.right - 12, rect.y + 6), "topright")
            self._text(surface, fit_font(fonts, "body", text, inner, body_size, 10), text, ink,
                       (rect.x + 62, rect.y + 4 + fonts.get("title", title_size).get_linesize()))
        for b in self.buttons:
            b.draw(surface, fonts, size=24)


def _date(when: str) -> str:
    try:
        return datetime.fromisoformat(when).strftime("%Y-%m-%d")
    except ValueError:
        return when


def _draw_padlock(surface, rect: pygame.Rect, colour) -> None:
    body = pygame.Rect(rect.x + rect.w // 6, rect.y + rect.h // 2 - 2, rect.w * 2 // 3, rect.h // 2)
    pygame.draw.rect(surface, colour, body, 2, border_radius=3)
    shackle = pygame.Rect(rect.x + rect.w // 4, rect.y + 4, rect.w // 2, rect.h // 2 + 4)
    pygame.draw.arc(surface, colour, shackle, 0, 3.1416, 2)
    pygame.draw.line(surface, colour, (shackle.x, shackle.centery), (shackle.x, body.y), 2)
    pygame.draw.line(surface, colour, (shackle.right - 1, shackle.centery), (shackle.right - 1, body.y), 2)
