"""The Hour's change on the screen, spread over frames that each cost little.

The frame Space is pressed shows the Hour's banner over the table as it was (nothing else of the
screen changes); the board of the new Hour is painted into the table's cached picture behind it,
a few regions a frame; then the new board is shown (the cards at their start); a panel the Hour
brought (the Interference) opens over that screen on the next frame, all else still; only then do
the cards fly and the Grimoire's page turn. `TablePainter.draw` asks `frame` first; the scene holds
the cards and the page while `holding`, and every motion while `still`.
"""

from __future__ import annotations

import time

import pygame

from aleph_null_desktop.engine.cards import ROMAN, hour_pages
from aleph_null_desktop.ui.table.board import Board
from aleph_null_desktop.ui.table.motion import banner_words, hour_banner_text

PREPARE_MS = 2.5  # a frame that has cost less than this so far paints another region of the new board
AHEAD_MS = 1.0  # … and one that has cost less than this draws ahead a step of what the new board shows next
MOST_FRAMES = 8  # the new board shows after this many frames at the latest (what is left is painted then)
EVERYWHERE = pygame.Rect(-(1 << 14), -(1 << 14), 1 << 15, 1 << 15)  # (parts reach past the screen's edge)


class HourChange:
    def __init__(self) -> None:
        self.stage: str | None = None  # "start" (the engine changed the Hour), "prepare", "reveal", "panel" or None
        self.frames = 0  # frames drawn since the Hour changed
        self.modal = None  # the panel open when the Hour changed (shown once the new board is)
        self._kept: tuple | None = None  # (the banner's full area, the screen's pixels there before it)
        self._painted: list[pygame.Rect] = []  # regions of the cached picture painted meanwhile
        self._ahead: list = []  # what is drawn ahead once the board is painted, a step a frame
        self.inside: tuple = (None, None)  # (the panel's look, its inside drawn ahead)
        self._room: pygame.Surface | None = None  # (where the panel is drawn ahead)

    @property
    def holding(self) -> bool:
        """The cards in flight and the Grimoire's page wait (until the new board and its panel show)."""
        return self.stage is not None

    @property
    def still(self) -> bool:
        """Nothing moves this frame: the panel opens over the screen as it is."""
        return self.stage == "panel"

    def start(self) -> None:
        """The engine changed the Hour (before the frame's update and draw)."""
        self.stop()
        self.stage = "start"

    def stop(self) -> None:
        """The screen no longer holds the table as it was: the next frame is drawn as any other."""
        self.stage, self._kept, self.frames, self._room = None, None, 0, None
        self._ahead, self.inside = [], (None, None)

    def painted(self) -> list[pygame.Rect]:
        """The regions of the cached picture painted while it was held (once: the frame showing them)."""
        painted, self._painted = self._painted, []
        return painted

    def moment(self, m):
        """The moment the frame that shows the new board draws: no panel yet (it opens next frame)."""
        if self.stage is None:
            return m
        if self.stage != "reveal" or m.modal is None or m.modal is not self.modal:
            self.stop()
            return m
        self.stage = "panel"
        return m._replace(modal=None)

    def frame(self, painter, surface: pygame.Surface, m, started: float) -> bool:
        """A frame while the Hour changes: the banner over the kept screen and a step of the new
        board's painting, or the panel opening over the new board. False when this frame is to be
        drawn as any other (`moment`)."""
        if self.stage == "reveal":
            return False
        if self.stage == "panel":
            inside = self.inside
            self.stop()
            return open_panel_over_screen(painter, surface, m, inside)
        if self.stage == "start":
            self.modal = m.modal
            if not self._can_keep(painter, surface, m):
                self.stop()
                return False
            area = painter.motion.banner_area(painter.rects["play"].center)
            self._kept = (area, surface.subsurface(area.clip(surface.get_rect())).copy())
            self.stage = "prepare"
            covers = m.modal is not None and m.modal.covers() is not None and painter.panel_look(m.modal) is not None
            self._ahead = [self._turning_page] + ([self._panel_room, self._panel_ahead] if covers else [])
        elif not self._can_keep(painter, surface, m) or m.modal is not self.modal:
            self.stop()  # the player acted, or something drew over the table: the truth at once
            return False
        self.frames += 1
        layer = painter.layer
        cards = painter.card_looks(m)
        parts = painter.lag.follow(painter.board.parts(m), moving=False) + painter.still_parts(m, cards)  # (as they are: shown early)
        self._painted += layer.update(surface.get_size(), Board.whole(m.settings, painter.background), parts,
                                      painter.background, hide=EVERYWHERE)  # (what changed waits in `hidden`)
        shown = []
        if self.frames > 1:  # (the first frame has had the engine's command)
            def more() -> bool:
                return (time.thread_time() - started) * 1000 < PREPARE_MS

            quiet = _quiet(painter, surface, m, cards)
            painted = layer.paint_hidden(more)
            for region in painted:
                if quiet(region):  # nothing is drawn over it: on the screen at once
                    surface.blit(layer.surface, region, region)
                    shown.append(region)
                else:
                    self._painted.append(region)
            if not layer.hidden and self._ahead and (time.thread_time() - started) * 1000 < AHEAD_MS:
                self._ahead.pop(0)(painter, surface)  # (one a frame: each costs 1–3 ms)
        if (not layer.hidden and not self._ahead) or self.frames >= MOST_FRAMES:
            self.stage = "reveal"
        area, under = self._kept
        surface.blit(under, area)
        painter.motion.draw_banner(surface, painter.fonts, painter.rects["play"].center)
        painter.drawn = [area.clip(surface.get_rect()), *shown]
        return True

    def _turning_page(self, painter, surface) -> None:
        """The Grimoire's page turning to the new Hour, drawn once where no one sees it: the pages
        and the leaf's strips are made now, not on the frame the board shows."""
        grimoire = painter.grimoire
        if grimoire.turning:
            reach = grimoire.rect.inflate(24, 12)
            grimoire.draw(pygame.Surface((reach.right, reach.bottom), 0, surface))

    def _panel_room(self, painter, surface) -> None:
        """Room to draw the Hour's panel (`_panel_ahead`) where no one sees it: as far as its inside reaches."""
        cover = self.modal.covers()
        self._room = pygame.Surface((cover.right, cover.bottom), 0, surface)

    def _panel_ahead(self, painter, surface) -> None:
        """The Hour's panel (the Interference) drawn once where no one sees it, its inside kept for
        the frame it opens (`TablePainter.draw_panel` blits it into the veil and the empty panel)."""
        room, self._room = self._room, None
        cover = self.modal.covers()
        room.set_clip(cover)  # (the veil and the panel's frame around it are not drawn)
        self.modal.draw(room)
        self.inside = (painter.panel_look(self.modal), room.subsurface(cover))  # (its room goes with it)

    def _can_keep(self, painter, surface, m) -> bool:
        """Whether the screen shows the table as last drawn, with no panel, and the banner shows."""
        painter.motion.banner_plate(painter.fonts)
        return (m.on_top and painter.shows_table(surface) and m.big is None and not m.drag
                and painter.motion.banner_area(painter.rects["play"].center) is not None)


def _quiet(painter, surface: pygame.Surface, m, cards):
    """Whether a region of the board may be put on the screen from the cached picture as it is
    painted: nothing is drawn over it, last frame or now (no card, banner, page, effect or token),
    and it is not part of the hand or the play area (which change whole, with the cards' flights)."""
    last = painter._over_last
    moving = painter.moving_rects(m, cards)
    if last is None or last[0] != id(surface) or moving is None:
        return lambda region: False
    banner = painter.motion.banner_area(painter.rects["play"].center)
    over = [*(r for rects in painter.fixed_overs().values() for r in rects), *last[1], *moving,
            *([banner] if banner is not None else []), painter.rects["hand"], painter.rects["play"]]
    return lambda region: region.collidelist(over) < 0


def open_panel_over_screen(painter, surface: pygame.Surface, m, inside: tuple = (None, None)) -> bool:
    """The open panel drawn over the screen as the table's last frame left it, when that is the
    table as it is now (nothing moved, nothing drawn over it but what is drawn under a panel too):
    the veil and the panel, and the board's regions that changed around it. False: not so."""
    modal = m.modal
    cover = modal.covers() if modal is not None else None
    panel = painter.panel_look(modal) if cover is not None else None
    last = painter._over_last
    if panel is None or last is None or last[0] != id(surface) or not m.on_top or m.big is not None:
        return False
    whole = Board.whole(m.settings, painter.background)
    parts = painter.board.parts(m)
    cards = painter.card_looks(m)
    shown = (whole, tuple(p.signature for p in parts), cards, painter.over_look(m), id(surface))
    banner = painter.motion.banner_area(painter.rects["play"].center)
    if shown != painter._shown or painter.motion.token_areas() or (banner is not None and not cover.contains(banner)):
        return False
    painter._part_regions = tuple(p.region for p in parts)
    for region in painter.layer.update(surface.get_size(), whole, parts + painter.still_parts(m, cards),
                                       painter.background, hide=cover):
        surface.blit(painter.layer.surface, region, region)  # (none, unless the log moved on)
    moving = painter.moving_rects(m, cards, under_panel=True, cover=cover)
    if inside[0] == panel:
        painter._panel_inside = inside
    painter.draw_panel(surface, modal, cover)
    painter._shown = painter._over_last = painter._panel_shown = None
    painter._under_last = None
    painter._veiled_last = None if moving is None else (id(surface), painter.panel_look(modal), moving,
                                                        painter.fixed_looks(), painter.fixed_overs())
    painter.drawn = None
    return True


def draw_ahead(painter) -> None:
    """On a frame that showed nothing new, a piece of what the next Hour's change would draw for the
    first time on its frames: the small Grimoire's pages, then the banner's words (the first frame
    of an Hour drew them: 2–4 ms)."""
    game = painter.game
    if painter.grimoire.draw_ahead(game) or game.outcome is not None or game.hour >= game.last_hour:
        return
    hour = game.hour + 1
    pages = hour_pages()
    if hour in pages:  # (the words the engine's "hour" event will bring)
        banner_words(painter.fonts, hour_banner_text({"hour": hour, "roman": ROMAN[hour], "name": pages[hour].name}))
