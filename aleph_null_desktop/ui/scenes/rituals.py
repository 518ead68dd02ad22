"""Recorded rituals, from Statistics (P): the finished and abandoned rituals kept as files, newest
first, with their date, Circle, result and ritual code. Up/Down (or a click) choose one; Enter
(or W) watches it on the table (ui.replay_scene), R asks for the expert's review, X exports it to a file, I imports a file (or
drop one on the window), Esc goes back. Every text
drawn is kept in `drawn` (tests read it)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from aleph_null_desktop.engine.cards import ROMAN, circles
from aleph_null_desktop.i18n import Joined, _
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import DrawnWords, fit_font
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

MARGIN, TOP = 60, 110


def result_words(entry) -> str:
    """How a recorded ritual ended, in words."""
    result = entry.result
    if result is None:
        return _("abandoned")
    if result.get("won"):
        rank = result.get("rank")
        return _("won, score {score}, {rank}").format(score=result.get("score"), rank=_(rank) if rank else "—")
    return _("lost in Hour {hour}").format(hour=ROMAN.get(result.get("hour"), result.get("hour")))


def when_words(entry) -> str:
    try:
        return datetime.fromisoformat(entry.ended).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return entry.ended


class RitualsScene(Scene, DrawnWords):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.drawn: list[str] = []
        self.selected = 0
        self.first = 0  # the first row shown
        self.notice = ""
        self.load()
        self._layout()

    def load(self) -> None:
        from aleph_null_desktop.storage.rituals import list_rituals

        self.entries, messages = list_rituals() if self.app.persist else ([], [])
        if messages:
            self.app.report(Joined(messages))
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    def _layout(self) -> None:
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.row_h = style.scaled(44)
        h = style.scaled(64)
        y = theme.LOGICAL_SIZE[1] - h - 24
        self.list_rect = pygame.Rect(MARGIN, TOP, theme.LOGICAL_SIZE[0] - 2 * MARGIN, y - 70 - TOP)
        w, gap = 340, 20
        x = 960 - (5 * w + 4 * gap) // 2
        self.watch_button = Button(pygame.Rect(x, y, w, h), _("Watch it"), on_click=self.watch, key_hint="Enter")
        self.review_button = Button(pygame.Rect(x + w + gap, y, w, h), _("The expert's review"),
                                    on_click=self.review, key_hint="R")
        self.export_button = Button(pygame.Rect(x + 2 * (w + gap), y, w, h), _("Export to a file…"),
                                    on_click=self.ask_export, key_hint="X")
        self.import_button = Button(pygame.Rect(x + 3 * (w + gap), y, w, h), _("Import a ritual file…"),
                                    on_click=self.ask_import, key_hint="I")
        self.back_button = Button(pygame.Rect(x + 4 * (w + gap), y, w, h), _("Back"), on_click=self.close,
                                  key_hint="Esc")
        self.buttons = [self.watch_button, self.review_button, self.export_button, self.import_button,
                        self.back_button]

    def restyle(self) -> None:
        self._layout()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    @property
    def rows_shown(self) -> int:
        return max(1, self.list_rect.h // self.row_h - 1)

    def row_rect(self, n: int) -> pygame.Rect:
        return pygame.Rect(self.list_rect.x, self.list_rect.y + (n - self.first + 1) * self.row_h,
                           self.list_rect.w, self.row_h)

    def watch(self) -> None:
        """The chosen ritual on the table, read only, from its first move."""
        from aleph_null_desktop.ui.scenes.replay import ReplayScene

        if self.entries:
            self.app.stack.push(ReplayScene(self.app, self.entries[self.selected].record, 0))

    def review(self) -> None:
        """The expert's review of the chosen ritual (in a worker process, with Cancel)."""
        from aleph_null_desktop.ui.scenes.review import ReviewScene

        if self.entries and self.entries[self.selected].record["commands"]:
            self.app.stack.push(ReviewScene(self.app, self.entries[self.selected].record))

    # ------------------------------------------------------------------ export and import
    def ask_export(self) -> None:
        from aleph_null_desktop.ui.editor.dialog import DialogScene

        if not self.entries:
            return
        entry = self.entries[self.selected]
        suggested = Path.home() / f"aleph-null-{entry.path.name}"
        self.app.stack.push(DialogScene(
            self.app, _("Export the ritual"), _("Where should the ritual file be written?"),
            buttons=[(_("Export"), lambda text: self.export(entry, text)), (_("Cancel"), None)],
            field_text=str(suggested), check=lambda text: None if text.strip() else _("Type a file name."),
            max_length=1000, name="export_ritual"))

    def export(self, entry, destination: str) -> None:
        from aleph_null_desktop.storage.rituals import export_ritual

        target = Path(destination.strip()).expanduser()
        messages = export_ritual(entry.path, target)
        if messages:
            self.app.report(Joined(messages))
        else:
            self.notice = _("Exported to {path}").format(path=target)

    def ask_import(self) -> None:
        from aleph_null_desktop.ui.editor.dialog import DialogScene

        self.app.stack.push(DialogScene(
            self.app, _("Import a ritual file"), _("The path of a ritual file (or drop the file on the window)."),
            buttons=[(_("Import"), self.import_file), (_("Cancel"), None)], field_text="",
            check=lambda text: None if text.strip() else _("Type a file name."), max_length=1000,
            name="import_ritual"))

    def import_file(self, source: str) -> None:
        from aleph_null_desktop.storage.rituals import import_ritual

        path, messages = import_ritual(Path(source.strip()).expanduser())
        if messages:
            self.app.report(Joined(messages))
        if path is not None:
            self.load()
            self.selected = next((n for n, e in enumerate(self.entries) if e.path == path), 0)
            self.notice = _("Imported {name}").format(name=Path(source.strip()).name)

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        if event.type == pygame.DROPFILE:
            self.import_file(event.file)
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_w):
                self.watch_button.click()
            elif event.key == pygame.K_r:
                self.review_button.click()
            elif event.key == pygame.K_x:
                self.export_button.click()
            elif event.key == pygame.K_i:
                self.import_button.click()
            return
        if event.type == pygame.MOUSEWHEEL and self.entries:
            self.select(self.selected - event.y)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for n in range(self.first, min(len(self.entries), self.first + self.rows_shown)):
                if self.row_rect(n).collidepoint(event.pos):
                    self.select(n)
                    return
        buttons_handle(self.buttons, event)

    def select(self, n: int) -> None:
        self.selected = max(0, min(len(self.entries) - 1, n))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.rows_shown:
            self.first = self.selected - self.rows_shown + 1

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = []
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        self._text(surface, fonts.get("title", 44), _("Recorded rituals"), theme.GOLD, (960, 24), "midtop")
        box = self.list_rect
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=10)
        columns = ((0.16, _("Ended")), (0.22, _("Circle")), (0.27, _("Result")), (0.35, _("Ritual code")))
        size = max(12, min(22, round(self.row_h / style.current().ui_scale * 0.5)))
        xs, x = [], box.x
        for share, _title in columns:
            xs.append((x, round(box.w * share)))
            x += round(box.w * share)
        for (x, w), (_share, title) in zip(xs, columns):
            self._text(surface, fit_font(fonts, "title", title, w - 16, size, 10), title, theme.TEXT_DIM,
                       (x + 14, box.y + self.row_h // 2), "midleft")
        if not self.entries:
            words = _("No ritual recorded yet: every finished or abandoned ritual is kept here.")
            self._text(surface, fit_font(fonts, "italic", words, box.w - 40, 24, 12), words, theme.TEXT_DIM,
                       (box.centerx, box.y + 2 * self.row_h), "midtop")
        for n in range(self.first, min(len(self.entries), self.first + self.rows_shown)):
            entry, rect = self.entries[n], self.row_rect(n)
            if n == self.selected:
                pygame.draw.rect(surface, theme.TABLE_GLOW, rect.inflate(-6, 0), border_radius=6)
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(-6, 0), 2, border_radius=6)
            circle = circles().get(entry.record.get("circle"))
            cells = (when_words(entry), circle.name if circle else str(entry.record.get("circle")),
                     result_words(entry), entry.record.get("code") or "—")
            for (x, w), cell in zip(xs, cells):
                self._text(surface, fit_font(fonts, "body", cell, w - 20, size, 10), cell, theme.TEXT,
                           (x + 14, rect.centery), "midleft")
        count = _("{n} kept; the oldest are dropped after 500.").format(n=len(self.entries))
        line = f"{self.notice}  ·  {count}" if self.notice else count
        self._text(surface, fit_font(fonts, "italic", line, box.w, 20, 12), line, theme.TEXT_DIM,
                   (box.centerx, box.bottom + 12), "midtop")
        self.export_button.enabled = self.watch_button.enabled = self.review_button.enabled = bool(self.entries)
        for b in self.buttons:
            b.draw(surface, fonts, size=24)
