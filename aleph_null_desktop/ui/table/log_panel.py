"""The event log in words, newest at the bottom; the mouse wheel (or Page Up / Page Down) scrolls
back. A resumed ritual's log is rebuilt by replaying its moves (`replayed_lines`). The log keeps
what it was told (events, i18n Messages), not sentences: after a language switch every line is
said again in the new language."""

from __future__ import annotations

from functools import partial

import pygame

from aleph_null_desktop.i18n import N_, Deferred, _, current_language
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.text import is_rendered, render, wrap
from aleph_null_desktop.ui.table.panel_lag import MAX_FRAMES

MAX_LINES = 400
TURN_GAP = 9  # room above a turn's first line for the rule that parts it from the turn before


class TurnLine(Deferred):
    """The line that begins a turn ("Turn 3 begins."): the log draws a rule above it."""

    __slots__ = ()


def event_lines(events, cards=None) -> list[Deferred]:
    """The log's lines for one command's events (a summon is said once, not also as a move), each
    described in the language of the moment when it is shown (cards named from the game's `cards`)."""
    return [(TurnLine if event.kind == "turn" else Deferred)(partial(event.describe, cards)) for event in events
            if not (event.kind == "decision" or (event.kind == "moved" and event.data.get("why") == "summon"))]


def replayed_lines(game) -> list[Deferred] | None:
    """What the log said during the ritual so far: the moves in `game.history` replayed on a fresh
    deal with the same seed, Circle, cards and options. None if the replay does not work."""
    from aleph_null_desktop.engine import new_game
    from aleph_null_desktop.engine.deal_rng import DEFAULT_GENERATOR

    options = game.options
    try:
        fresh = new_game(seed=game.seed, circle=game.circle, cards=game.cards,
                         eternal_light=bool(options.get("eternal_light")),
                         interference_pool=options.get("interference_pool"),
                         generator=options.get("generator", DEFAULT_GENERATOR))
        lines: list[Deferred] = []
        for cmd in game.history:
            lines.extend(event_lines(fresh.apply(cmd), fresh.cards))
    except Exception:  # a replay that differs must not stop the table from opening
        return None
    return lines


class LogPanel:
    def __init__(self) -> None:
        self.entries: list = []  # texts, i18n Messages, Deferred event descriptions
        self.scroll = 0  # lines scrolled back from the newest
        self._said: list[str] = []  # the entries in words, in the language of `_said_in`
        self._said_in = current_language()
        self.on_add = None  # called with every line added (the table speaks it)
        self.added = 0  # lines added since the start: with `scroll`, what the panel shows (its look)
        self.shown: int | None = None  # of those, how many the panel shows (None: all; see `next_frame`)
        self._at_last_frame: int | None = None
        self._held = 0  # frames the newest lines have waited for the cards to land

    def add(self, text) -> None:
        """A line: a text, or an i18n Message / Deferred said in the language of the moment."""
        if self.on_add is not None:
            self.on_add(text)
        self.entries.append(text)
        self.added += 1
        del self.entries[:-MAX_LINES]
        if self._said_in == current_language():
            self._said.append(str(text))
            del self._said[:-MAX_LINES]
        self.scroll = 0

    def next_frame(self, hold: bool = False) -> None:
        """A frame of the table begins: the lines that came before the last one began are shown
        from this one on, those that came since (with the command of this frame) from the next.
        (The frame a command comes in draws what the command moved, the board's panels it changed
        and the cards it lays out again; the log's new lines, drawn with them, made that frame the
        slowest of a motion.) `hold`: cards are moving, the lines not shown yet wait until they land
        (panel_lag.MAX_FRAMES at most, as the board's panels)."""
        waiting = self.shown is not None and self.shown < (self._at_last_frame or 0)
        if hold and waiting and self._held < MAX_FRAMES:
            self._held += 1
        else:
            self.shown = self.added if self._at_last_frame is None else self._at_last_frame
            self._held = 0
        self._at_last_frame = self.added

    def render_ahead(self, fonts, rect: pygame.Rect) -> bool:
        """While new lines wait to be shown (`hidden`), the words of one row of them (or of the newest
        line shown, dimmed when they come) are drawn ahead: the frame that shows them blits them
        (drawing the rows of a command's lines all on that frame cost it 0.5-1.5 ms). True if it drew."""
        hidden = self.hidden()
        if not hidden or self.scroll:
            return False
        font = fonts.get("body", 18)
        lines = self.lines
        newest = len(lines) - 1
        for i in range(max(0, len(lines) - hidden - 1), len(lines)):
            colour = theme.TEXT if i == newest else theme.TEXT_DIM
            for part in wrap(font, lines[i], rect.w - 38):  # (the width `layout` wraps to)
                if not is_rendered(font, part, colour):
                    render(font, part, colour)
                    return True
        return False

    def hidden(self) -> int:
        """The newest lines not shown yet."""
        return 0 if self.shown is None else max(0, min(self.added - self.shown, len(self.entries)))

    @property
    def lines(self) -> list[str]:
        """The log in words: each entry said when it came, all of them again after a language switch."""
        if self._said_in != current_language():
            self._said, self._said_in = [str(entry) for entry in self.entries], current_language()
        return self._said

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + dy * 2))

    def draw(self, surface: pygame.Surface, fonts, rect: pygame.Rect, title: str) -> None:
        """Draws the panel straight onto `surface` (the table's board layer, which paints it again
        only when a line was added or the log scrolled)."""
        self._draw_into(surface, fonts, rect, title)

    def layout(self, fonts, rect: pygame.Rect) -> tuple[list[tuple[str, bool, int]], list[int], pygame.Rect | None]:
        """Where the rows go: ([(row, newest, y)], [y of each rule between turns], the "scrolled
        back" label's rectangle or None). The newest rows that fit, a turn's first row with room for
        its rule above it; while scrolled back the label has the bottom row to itself."""
        font = fonts.get("body", 18)
        inner = pygame.Rect(rect.x + 14, rect.y + 44, rect.w - 28, rect.h - 56)
        lines, entries = self.lines, self.entries
        end = len(lines) - self.hidden() - self.scroll
        label = None
        if self.scroll:
            label = pygame.Rect(0, 0, *fonts.get("italic", 15).size(_(self.SCROLLED)))
            label.bottomright = (rect.right - 12, rect.bottom - 4)
            inner.h = label.y - 4 - inner.y
        picked, height = [], 0  # (row, newest line, first row of a turn), newest first
        for i in range(end - 1, max(0, end - 60) - 1, -1):  # the newest lines, as many as fit
            newest = self.scroll == 0 and i == end - 1
            turn = len(entries) == len(lines) and isinstance(entries[i], TurnLine)
            parts = wrap(font, lines[i], inner.w - 10)
            for k in range(len(parts) - 1, -1, -1):
                h = font.get_linesize() + (TURN_GAP if turn and k == 0 else 0)
                if height + h > inner.h:
                    break
                picked.append((parts[k], newest, turn and k == 0))
                height += h
            else:
                continue
            break
        rows, rules, y = [], [], inner.bottom - height
        for n, (part, newest, turn) in enumerate(reversed(picked)):
            if turn:
                if n:
                    rules.append(y + TURN_GAP // 2)
                y += TURN_GAP
            rows.append((part, newest, y))
            y += font.get_linesize()
        return rows, rules, label

    SCROLLED = N_("scrolled back: wheel down for the newest")

    def _draw_into(self, surface: pygame.Surface, fonts, rect: pygame.Rect, title: str) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=10)
        head = render(fonts.get("title", 20), title, theme.GOLD)
        surface.blit(head, (rect.x + 14, rect.y + 10))
        font = fonts.get("body", 18)
        inner = pygame.Rect(rect.x + 14, rect.y + 44, rect.w - 28, rect.h - 56)
        rows, rules, label = self.layout(fonts, rect)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        for y in rules:  # a rule between one turn and the next
            pygame.draw.line(surface, theme.PANEL_EDGE, (inner.x, y), (inner.right - 10, y), 1)
        for part, newest, y in rows:
            indent = 0 if not part.startswith(" ") else 10
            image = render(font, part, theme.TEXT if newest else theme.TEXT_DIM)  # each line drawn once
            surface.blit(image, (inner.x + indent, y))
        surface.set_clip(clip)
        if label is not None:
            more = render(fonts.get("italic", 15), _(self.SCROLLED), theme.GOLD)
            surface.blit(more, more.get_rect(bottomright=label.bottomright))
