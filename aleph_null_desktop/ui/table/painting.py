"""Painting the table: one cached picture of the board (ui.table.board) and the cards lying still,
each panel and card repainted when its look changed, and over it what moves, the tips and the marks.

`TablePainter` is the scene's collaborator: it is given the presenter and the table's lasting
parts once (fonts, faces, zones, buttons, log, motion, Grimoire page, hints, focus), and each frame
a `Moment` — what the player is doing now. Every card is drawn from its look (what it shows and
where), and the frame's look — the board's panels, the cards, and what is drawn over them — says
whether the picture on the screen may be left as it is."""

from __future__ import annotations

import time
from typing import NamedTuple

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render import face_body, memory
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.layer import (Part, PanelLayer, around, disjoint, merged, outside, paint_within,
                                               screen_picture, untouched)
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, render, wrap
from aleph_null_desktop.ui.render.veil import darken_around
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.motion import SHAKE_PIXELS
from aleph_null_desktop.ui.table.arrange import HOVER_LIFT
from aleph_null_desktop.ui.table.board import Board
from aleph_null_desktop.ui.table.card_bodies import opaque_bodies
from aleph_null_desktop.ui.table.card_tips import draw_card_tip
from aleph_null_desktop.ui.table.face_warmer import BIG_W
from aleph_null_desktop.ui.table.hour_change import HourChange, draw_ahead
from aleph_null_desktop.ui.table.panel_lag import PanelLag
from aleph_null_desktop.ui.table.sprites import cards_moving
from aleph_null_desktop.ui.table.stand_ins import StandIns

SHADOW = (8, 5, 4)
HIDDEN_QUIET_MS = 1.5  # a frame that has cost less than this so far paints what changed under the open panel
EFFECTS = frozenset({"power", "damage", "tokens", "deck"})  # the panels `paint_effects` draws on


class Moment(NamedTuple):
    """What the table is doing now, beyond the position (the presenter's)."""

    on_top: bool  # the screen holds what the table drew last (no other scene, no warning or toast drew over it)
    settings: object
    mouse: tuple
    sprites: dict  # uid -> CardSprite of the hand and play
    ghosts: list  # (CardSprite, card_id or None) of cards flying between piles
    hover: int | None  # the card lifted (under the mouse, or the keyboard's focus)
    big: int | None  # the card read large (right-click, or Alt)
    drag: dict | None  # what is held (Grip.held)
    held: pygame.FRect | None  # where the held card is drawn
    over: str | None  # the zone under what is held
    carried: bool  # held by a pad (A drops it)
    drops: dict  # zone -> whether what is held may land there
    modal: object | None  # the open panel
    message: str  # the prompt bar's message while it shows, else ""
    warn: bool
    tip: bool  # the hovered card's tip shows
    disabled: tuple | None  # (Button, reason) of the greyed button pointed at


class TablePainter:
    def __init__(self, presenter, fonts, renderer, rects, *, log, buttons, none_button, motion, grimoire,
                 hints, hint_text, focus, circle_id: str) -> None:
        self.presenter, self.fonts, self.renderer, self.rects = presenter, fonts, renderer, rects
        self.motion, self.grimoire, self.hints, self.focus = motion, grimoire, hints, focus
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.tints = SurfaceCache("table_tints")  # glows and veils by size (a card in motion: many)
        self.board = Board(presenter, fonts, renderer, rects, log=log, buttons=buttons, none_button=none_button,
                           hint_text=hint_text, tints=self.tints, circle_id=circle_id)
        self.layer = PanelLayer()  # the board's panels and the cards lying still, each redrawn only when it changes
        self.bare = PanelLayer()  # the board alone, while BAPHOMET's circle turns under the cards (else released)
        self.lag = PanelLag()  # the panels a command changed, shown once its cards have landed
        self._over_last = None  # (screen, where things moved over `still` last frame, `fixed_looks`, `fixed_overs`) when known
        self._shown = None  # the look of the picture on the screen, when it may be left as it is
        self._under: tuple = (None, None)  # (look, picture) of the table under an open panel
        self._under_last = None  # the table's look under the panel last frame
        self._panel_shown = None  # (the table's look around the open panel, the panel's look) on the screen
        self._veiled_last = None  # (screen, the open panel's look, moving, looks, fixed: as `_over_last`) last frame
        self.in_part = 0  # frames drawn again only where things changed, no panel open (tests watch it) …
        self.veiled_in_part = 0  # … and under an open panel
        self._part_regions: tuple = ()  # where the board's parts of this frame lie
        self._panel_inside = (None, None)  # (the open panel's look, the picture of its inside) while it is open
        self.drawn: list[pygame.Rect] | None = None  # where the last frame changed the screen (None: anywhere)
        self.hour = HourChange()  # the frames while the Hour changes (the scene starts it)
        self.stand_ins = StandIns(renderer)  # cards come to rest before their own face was drawn
        self._fresh = False  # the next frame is a fresh paint (`refresh`)
        self.command_frame = False  # a command was handled since the last frame (the scene says so)
        self._unshown: list[pygame.Rect] = []  # where a command's frame painted the cached picture, not the screen

    @property
    def game(self):
        return self.presenter.game

    # ------------------------------------------------------------------ the caches
    def restyle(self) -> None:
        """The look or the language changed: the background again, and every picture painted whole."""
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.layer.invalidate()
        self.bare.invalidate()
        self.lag.forget()
        self.forget_screen()
        self._under = (None, None)
        self._panel_inside = (None, None)

    def release(self) -> None:
        """The table is hidden, standing still: its picture of the board and the cards lying still
        stays, to be shown again at once when it shows (painted whole, that frame cost 15-19 ms),
        the card faces making room for it within their budget; its other screen-sized pictures go."""
        kept = self.layer.surface
        if kept is not None:
            self.renderer.make_room(kept.get_pitch() * kept.get_height())
            memory.trim()  # (faces below 256 KB came from the heap)
        self.bare.release()
        self.lag.forget()
        self._under = (None, None)
        self._under_last = None
        self._panel_inside = (None, None)
        self.forget_screen()

    def forget_screen(self) -> None:
        """The screen holds what another scene drew: the next frame paints the table whole."""
        self._over_last = None
        self._shown = None
        self._panel_shown = None
        self._veiled_last = None
        self._unshown = []
        self.hour.stop()

    def behind(self) -> bool:
        """Whether the picture is to catch up with the game on the next frames: regions hidden under
        an open panel, cards shown on a face standing in for their own."""
        return bool(self.layer.hidden or self.stand_ins.standing)

    def shows_table(self, surface: pygame.Surface) -> bool:
        """Whether `surface` holds the table as its last frame drew it, no panel open."""
        return self._shown is not None and self._shown[-1] == id(surface)

    def refresh(self) -> None:
        """Every cached picture painted again from nothing on the next frame (tests compare), which
        shows the faces stood in for as the screen does (ui.table.stand_ins.catch_up)."""
        self._fresh = True
        self.layer.invalidate()
        self.bare.invalidate()
        self.forget_screen()
        self._under, self._under_last = (None, None), None
        self._panel_inside = (None, None)

    # ------------------------------------------------------------------ the frame
    def draw(self, surface: pygame.Surface, m: Moment) -> bool:
        """The table's frame on `surface`; False when the screen was left as it was (nothing drawn).
        What changed under an open panel (the Hour's new cards and piles under the Interference)
        is painted into the cached picture later, on frames with time to spare: never on the
        screen meanwhile, the panel hides it. While the Hour changes, its frames are the Hour's
        (ui.table.hour_change: its banner first, the new board painted behind it)."""
        started = time.thread_time()
        command, self.command_frame = self.command_frame, False
        if self.hour.holding and self.hour.frame(self, surface, m, started):
            return True  # the Hour's banner over the table as it was, the new board painted behind
        self.stand_ins.catch_up(fresh=self._fresh)
        drew = self._frame(surface, self.hour.moment(m), command)
        if self.layer.hidden:
            self.layer.paint_hidden(lambda: (time.thread_time() - started) * 1000 < HIDDEN_QUIET_MS)
        elif not drew and (time.thread_time() - started) * 1000 < HIDDEN_QUIET_MS:
            draw_ahead(self)  # (a frame that showed nothing new: what the next Hour shows first)
        self.stand_ins.draw_ahead(started)
        self.board.log.render_ahead(self.fonts, self.rects["log"])  # (the rows of the lines the log holds back)
        self._fresh = False
        return drew

    def _frame(self, surface: pygame.Surface, m: Moment, command: bool = False) -> bool:
        self.drawn = None
        self.motion.banner_plate(self.fonts)  # (its area known before this frame's regions are)
        whole = Board.whole(m.settings, self.background)
        parts = self.lag.follow(self.board.parts(m), cards_moving(m.sprites, m.ghosts), holding=m.drag is not None)
        self._part_regions = tuple(p.region for p in parts)
        cards = self.card_looks(m)
        self.stand_ins.note(cards[0])
        shown = panel = None
        if m.on_top:
            shown = (whole, tuple(p.signature for p in parts), cards, self.over_look(m), id(surface))
            if m.modal is None and shown == self._shown:
                return False  # nothing changed since the last frame, and nothing else drew over it
            if m.modal is None and m.big in m.sprites and self._shown == _unzoomed(shown):
                self.draw_big(surface, m.big)  # opened over the screen, which shows the table as it is
                self._shown, self._over_last = shown, None
                return True
            if m.modal is not None:
                shown = self.seen_around(shown, m.modal)
                panel = self.panel_look(m.modal)
                if panel is not None and (shown, panel) == self._panel_shown:
                    return False  # the panel and the table around it as they were
                if shown == self._under[0]:
                    surface.blit(self._under[1], (0, 0))  # the table under the open panel, as it was
                    self._over_last = self._veiled_last = None
                    self.draw_panel(surface, m.modal, m.modal.covers())
                    self._shown, self._panel_shown = None, (shown, panel)
                    return True
        if command and self.holds_screen(surface, m, shown, parts + self.still_parts(m, cards)):
            return False
        self._shown = shown if m.modal is None else None
        self._panel_shown = None
        cover = m.modal.covers() if m.modal is not None else None  # where the open panel hides the table
        circle = self.motion.circle[1] > 0  # BAPHOMET's circle turns under the cards it draws in
        drawn = None  # where this frame drew, when it drew only there (the App presents those: Scene.drawn_region)
        over = veiled = drew_over = None  # (veiled: where the table is drawn again under the open panel's veil, the rest kept)
        fixed, looks, kept = self.fixed_overs(), self.fixed_looks(), set()  # (kept: fixed groups left on the screen as they are)
        if circle:
            self.bare.update(surface.get_size(), whole, parts, self.background)
            surface.blit(self.bare.surface, (0, 0))
            self._over_last = None
            self.layer.invalidate()  # not kept up to date meanwhile: painted whole when used again
        else:  # the board and the cards lying still, cached together; what moves is drawn over them
            self.bare.release()
            painted = self.layer.update(surface.get_size(), whole, parts + self.still_parts(m, cards), self.background,
                                        hide=cover) + self.hour.painted() + self._unshown  # (and what was painted
            self._unshown = []  # behind the Hour's banner, or on a command's own frame)
            moving = None
            if shown is not None and (m.modal is None or cover is not None):
                moving = self.moving_rects(m, cards, under_panel=m.modal is not None, cover=cover)
                over = None if moving is None else [*(r for rects in fixed.values() for r in rects), *moving]
            last = self._over_last
            if m.modal is None and over is not None and last is not None and last[0] == id(surface):
                self.in_part += 1
                changed = {name for name in fixed if looks[name] != last[2][name]}
                restored = [*last[1], *moving, *painted, *(r for name in changed for r in last[3][name])]  # (where they were)
                kept = untouched(fixed, changed, restored)
                drawn = merged([*restored, *(r for name, rects in fixed.items() if name not in kept for r in rects)])
                for rect in outside(drawn, opaque_bodies(cards[2], self.renderer)):  # last frame's picture
                    surface.blit(self.layer.surface, rect, rect)  # kept but where things moved (cards cover the rest)
            elif over is not None and self.veil_kept(surface, m, panel):
                before = self._veiled_last
                changed = {name for name in fixed if looks[name] != before[3][name]}
                restored = [*before[2], *moving, *painted, *(r for name in changed for r in before[4][name])]
                kept = untouched(fixed, changed, restored)
                veiled = disjoint([*restored, *(r for name, rects in fixed.items() if name not in kept for r in rects)])
                self.veiled_in_part += 1
                for rect in veiled:  # (what the panel covers is kept too)
                    for band in around(rect, cover):
                        surface.blit(self.layer.surface, band, band)
            elif cover is not None:  # (the panel covers the rest) a panel opening over the table drawn last frame:
                opened = over is not None and last is not None and last[0] == id(surface)
                was = [*last[1], *(r for rects in last[3].values() for r in rects)] if opened else []
                for rect in merged([*was, *over, *painted]) if opened else [surface.get_rect()]:
                    for band in around(rect, cover):  # … drawn again where it changed, then veiled whole
                        surface.blit(self.layer.surface, band, band)
            else:
                surface.blit(self.layer.surface, (0, 0))
            self._over_last = (id(surface), moving, looks, fixed) if over is not None and m.modal is None else None
            drew_over = None if over is None else (moving, looks, fixed)  # (a panel's next frame drawn in part needs them)
        if "page" not in kept:
            self.grimoire.draw(surface)  # the page above the tokens, turning with the Hours
        self.paint_effects(surface, self.effects_look(), self.bare if circle else self.layer,
                           only=EFFECTS - kept)
        if circle:
            self.draw_zone_hint(surface)
            self.motion.draw_circle(surface, self.fonts)
        moving = cards[0] if circle else cards[2]
        if cover is not None:
            moving = [step for step in moving if not cover.contains(step[-1])]
        self.paint_cards(surface, moving, in_motion={uid for uid, sprite in m.sprites.items() if sprite.moving})
        self.motion.draw_tokens(surface)
        banner = self.motion.banner_area(self.rects["play"].center)
        if cover is None or banner is None or not cover.contains(banner):
            self.motion.draw_banner(surface, self.fonts, self.rects["play"].center)
        if m.modal is None:
            self.focus.draw(surface, self.fonts, _pad())
            self.draw_disabled_reason(surface, m.disabled)
            if m.tip:
                self.draw_card_tip(surface, m)
        else:
            if veiled is None and shown is not None and shown == self._under_last:  # settled: kept while the panel is open
                picture = self._under[1]
                if picture is None or picture.get_size() != surface.get_size():
                    picture = screen_picture(surface.get_size())
                picture.blit(surface, (0, 0))
                self._under = (shown, picture)
            self._under_last = shown
            panel_kept = self.draw_panel(surface, m.modal, cover, veiled)
            if veiled is not None and panel_kept:  # (the panel, drawn over them again, ends as it was: pixel for
                drawn = [band for rect in veiled for band in around(rect, cover)]  # pixel; its inside is not shown again)
            self._veiled_last = None
            if shown is not None and (m.big is None or m.big not in m.sprites):
                self._panel_shown = (shown, self.panel_look(m.modal))
                if drew_over is not None and self._panel_shown[1] is not None:
                    self._veiled_last = (id(surface), self._panel_shown[1], *drew_over)
        if m.modal is None:
            self._under = (None, None)
            self._panel_inside = (None, None)
        if m.big is not None and m.big in m.sprites:
            self.draw_big(surface, m.big)
            self._over_last = None
            drawn = None  # (the screen darkened around it)
        self.drawn = drawn
        return True

    def holds_screen(self, surface, m: Moment, shown, parts: list[Part]) -> bool:
        """On the frame a command is handled its cards stand where they were (the scene holds them at
        the start of their motion) and the panels it changes wait (`lag`): only the board layer is
        painted again where cards left it, off the screen, which stays as it was; the next frame
        (cards move: there is one) draws again there too (`_unshown`) and shows the motion's first
        step. Not while a panel, a held card, the card read large, BAPHOMET's circle or the Hour's
        change shows, nor on a screen the table did not draw last frame."""
        if (shown is None or self._shown is None or self._shown[-1] != id(surface) or m.modal is not None
                or m.drag is not None or m.big is not None or self.motion.circle[1] > 0 or self.hour.holding
                or not cards_moving(m.sprites, m.ghosts)):  # (nothing moving: no next frame may come)
            return False
        self._unshown.extend(self.layer.update(surface.get_size(), shown[0], parts, self.background))
        self._shown = None  # (the next frame draws)
        return True

    def seen_around(self, shown: tuple, modal) -> tuple:
        """The look of the frame `shown` without what the open panel hides wholly: the board's
        panels, the cards and the Hour's banner lying under it (drawn again when it goes)."""
        cover = modal.covers()
        if cover is None:
            return shown
        whole, parts, cards, over, surface = shown
        parts = tuple(s for s, region in zip(parts, self._part_regions) if not cover.contains(region))
        cards = tuple(tuple(step for step in steps if not cover.contains(step[-1])) for steps in cards)
        banner = self.motion.banner_area(self.rects["play"].center)
        if banner is not None and cover.contains(banner):
            over = over[:4] + ("under the panel",) + over[5:]
        return whole, parts, cards, over, surface

    def veil_kept(self, surface, m: Moment, panel) -> bool:
        """Whether last frame drew this same open panel over this screen, its inside kept, and
        knew where it drew over the table: then only where things change is drawn again, and
        veiled (`draw_panel`'s `within`)."""
        last = self._veiled_last
        return (last is not None and last[0] == id(surface) and panel is not None and last[1] == panel
                and self._panel_inside[0] == panel and (m.big is None or m.big not in m.sprites))

    def draw_panel(self, surface, modal, cover: pygame.Rect | None, within: list[pygame.Rect] | None = None) -> bool:
        """The open panel; one that covers the table and shows what it showed last time is its
        veil and its empty panel, then its inside as it was drawn. `within`: the table was drawn
        again only there since last frame (the veil is laid there only). True when the panel's inside
        was its picture kept and its veil laid `within` only (nothing drawn elsewhere but the panel)."""
        look = self.panel_look(modal) if cover is not None else None
        if look is None:
            modal.draw(surface)
            return False
        if self._panel_inside[0] == look and self._panel_inside[1].get_size() == cover.size:
            if within is None:
                modal.draw_empty(surface)
                surface.blit(self._panel_inside[1], cover)
                return True
            modal.draw_empty(surface, within)  # the rest of the screen (the panel's inside too) is as it was
            inside = self._panel_inside[1]
            paint_within(surface, within, cover, lambda s: s.blit(inside, cover))
            return True
        modal.draw(surface)
        inside = self._panel_inside[1]
        if inside is None or inside.get_size() != cover.size:
            inside = pygame.Surface(cover.size, 0, surface)
        inside.blit(surface, (0, 0), cover)
        self._panel_inside = (look, inside)
        return False

    def panel_look(self, modal) -> tuple | None:
        """What the open panel shows (None: not known, drawn every frame)."""
        look = modal.look()
        return None if look is None else (id(modal), look, _pad())

    def over_look(self, m: Moment) -> tuple:
        """Everything drawn over the board and the cards that is not a card: the page, the effects,
        the tokens in flight, the banner, the circle, the focus, the tips, the card read large."""
        grimoire, motion, focus = self.grimoire, self.motion, self.focus
        focused = focus.current() if focus.visible else None
        return (
            grimoire.page, grimoire.turn and grimoire.turn.angle, self.effects_look(),
            tuple((f.t, f.delay > 0) for f in motion.tokens), motion.active and motion.banner, motion.circle[1],
            self.hints.highlight(), self.hints.tag(),
            focused, focused and self.presenter.focus_words(focused, _pad()),
            focused and tuple(focus.rect(focused) or ()), m.disabled and (m.disabled[1], tuple(m.disabled[0].rect)),
            m.tip and (m.hover, tuple(m.sprites[m.hover].rect), self.presenter.unusable.get(m.hover)), m.big,
        )

    def fixed_overs(self) -> dict[str, list[pygame.Rect]]:
        """Where what is drawn over the board in the same places every frame lies: the Grimoire's
        page (and its turning leaf) and the effects on the panels (the power's value, the glows,
        the damage panel's shake). A group that shows what it showed last frame, where nothing
        else was drawn again, is left on the screen as it is."""
        r = self.rects
        shaken = r["damage"].inflate(24 + 2 * SHAKE_PIXELS, 12 + 2 * SHAKE_PIXELS)  # (paint_effects' area, moved)
        page = [self.grimoire.rect.inflate(8, 8)]
        if self.grimoire.turning:
            page.append(self.grimoire.rect.inflate(24, 12).move(-12, 0))  # (the turning leaf's clip)
        return {"page": page, "power": [r["power"].inflate(40, 40)], "damage": [shaken],
                "tokens": [r["tokens"].inflate(12, 12)], "deck": [r["deck"].inflate(20, 20)]}

    def fixed_looks(self) -> dict[str, tuple]:
        """What each of `fixed_overs` shows."""
        grimoire, turn = self.grimoire, self.grimoire.turn
        text, shake, levels = self.effects_look()
        levels = dict(zip(self.motion.pulses, levels))
        return {"page": (grimoire.page, grimoire.context, turn and (turn.start, turn.end, turn.angle)),
                "power": (text, levels["power"]), "damage": (shake, levels["damage"]),
                "tokens": levels["tokens"], "deck": levels["deck"]}

    def over_rects(self, m: Moment, cards, under_panel: bool = False,
                   cover: pygame.Rect | None = None) -> list[pygame.Rect] | None:
        """Where the table draws over the cached picture of the board and the still cards this
        frame; None while something is shown whose extent is not known here (the whole picture is
        then blitted). `under_panel`: an open panel hides the focus and the tips (not drawn);
        `cover`: where it hides the table (the banner and the cards wholly under it are not drawn)."""
        moving = self.moving_rects(m, cards, under_panel, cover)
        return None if moving is None else [*(r for rects in self.fixed_overs().values() for r in rects), *moving]

    def moving_rects(self, m: Moment, cards, under_panel: bool = False,
                     cover: pygame.Rect | None = None) -> list[pygame.Rect] | None:
        """Where the table draws over the cached picture this frame besides `fixed_overs`: the
        tokens in flight, the Hour's banner, the cards in motion (None as in `over_rects`)."""
        if not under_panel and (self.focus.visible or m.disabled or m.tip):
            return None
        r = self.rects
        rects = self.motion.token_areas()
        if self.motion.banner[1] > 0:
            banner = self.motion.banner_area(r["play"].center)
            if banner is None:
                return None  # (its plate is made when it is first drawn)
            if cover is None or not cover.contains(banner):
                rects.append(banner)
        _all, _still, moving = cards
        for step in moving:
            if step[0] == "mark":
                return None
            if cover is None or not cover.contains(step[-1]):
                rects.append(step[-1])
        return rects

    # ------------------------------------------------------------------ the cards
    def marks(self) -> tuple[dict, dict, int | None]:
        """(the cards to choose from, the cards that cannot be used now, the hinted card)."""
        mark = self.hints.highlight()
        return (self.presenter.target_options() or {}, self.presenter.unusable,
                mark[1] if mark and mark[0] == "card" else None)

    def is_still(self, uid: int, m: Moment) -> bool:
        """Whether the card lies still in its slot (drawn into the cached picture under what moves)."""
        sprite = m.sprites[uid]
        return not sprite.moving and sprite.delay <= 0 and uid != m.hover and not (m.drag and m.drag.get("uid") == uid)

    def order(self, m: Moment) -> list[int]:
        """The cards of play and hand in drawing order: the one lifted on top."""
        order = [c.uid for c in self.game.zone("play")] + [c.uid for c in self.game.zone("hand")]
        if m.hover in order:
            order.remove(m.hover)
            order.append(m.hover)
        return order

    def card_look(self, uid: int, rect, base_width: int, marks, region: pygame.Rect | None = None) -> tuple:
        """One card of hand or play as it is drawn: ("card", uid, face, width, in play, rect, veiled,
        to choose, warned, the face standing in for its own (its cache key) or None, the region it
        draws in — by default the card, its ring and its tag). A card whose own face is not drawn
        yet shows one of its faces at another width (drawing one costs 3-12 ms: too much for the
        frame a card lands on) until its own is drawn on quiet frames (ui.table.stand_ins)."""
        targets, unusable, hinted = marks
        game = self.game
        card_id = game.card(uid).card_id
        veiled = (uid not in targets if targets else unusable.get(uid) is not None) and uid != hinted
        chosen = uid in targets and uid != hinted
        warned = not chosen and game.cards[card_id].is_interference and game.zone_of(uid) == "hand"
        if region is None:  # the card (and its ring when it has one)
            region = pygame.Rect(rect).inflate(*((14, 14) if chosen or warned else (6, 6)))
        region = pygame.Rect(region)
        if chosen:
            region.union_ip(self.tag_box(self.choose_tag(), pygame.Rect(rect).inflate(12, 12)))
        in_play = game.zone_of(uid) == "play"
        stand_in = self.stand_ins.stand_in(card_id, base_width, in_play)
        return "card", uid, card_id, base_width, in_play, tuple(rect), veiled, chosen, warned, stand_in, region

    def card_looks(self, m: Moment) -> tuple[tuple, tuple, tuple]:
        """(every card drawn, the still ones, the others) as drawing steps from their looks: cards,
        shadows, the hint's mark, ghosts flying to a pile, the card or token held; each step's last
        element is the region it draws in."""
        marks = self.marks()
        hinted = marks[2]
        everything, still, moving = [], [], []

        def add(step, lying=False):
            everything.append(step)
            (still if lying else moving).append(step)

        for sprite, card_id in m.ghosts:  # a card waiting its turn to leave is shown where it is
            add(("ghost", card_id, sprite.base_width, tuple(sprite.rect), pygame.Rect(sprite.rect).inflate(4, 4)))
        hinted_rect = hinted_still = None
        for uid in self.order(m):
            sprite = m.sprites.get(uid)
            if sprite is None or (m.drag and m.drag.get("uid") == uid):
                continue
            lying = self.is_still(uid, m)
            rect = pygame.FRect(sprite.rect)
            region = self.moved_region(sprite) if uid == m.hover else None  # (lifted, with its shadow)
            if uid == m.hover and not sprite.moving:
                rect.y -= self.lift_of(uid, rect)
                add(("shadow", tuple(pygame.Rect(rect).move(8, 14)), region))
            if sprite.delay > 0:
                continue  # not yet left its pile
            add(self.card_look(uid, rect, sprite.base_width, marks, region), lying)
            if uid == hinted:
                hinted_rect, hinted_still = pygame.Rect(rect), lying
        if hinted_rect is not None:  # over its neighbours, as tight as a target's ring
            tag = self.hints.tag()
            add(("mark", tuple(hinted_rect), tag, self.hint_mark_region(hinted_rect, tag, True, 12)), hinted_still)
        if m.held is not None and m.drag and "uid" in m.drag:
            held = pygame.Rect(m.held)
            add(("held", self.game.card(m.drag["uid"]).card_id, self.game.zone_of(m.drag["uid"]) == "play",
                 tuple(m.held), held.union(held.move(14, 20)).inflate(4, 4)))
        elif m.drag and "token" in m.drag:
            x, y = m.drag["pos"]
            add(("token", (x, y), pygame.Rect(x - 30, y - 30, 60, 60)))
        return tuple(everything), tuple(still), tuple(moving)

    @staticmethod
    def moved_region(sprite) -> pygame.Rect:
        card = pygame.Rect(sprite.rect)
        return card.union(card.move(0, -HOVER_LIFT)).union(card.move(8, 14)).inflate(16, 16)

    def still_parts(self, m: Moment, cards) -> list[Part]:
        """The cards lying still in their slots, over the board, each a part of the cached picture
        (with the hint's ring on a zone under them and on a card over them)."""
        parts = []
        mark = self.hints.highlight()
        if mark and mark[0] == "zone" and mark[1] in self.rects:
            zone = self.rects[mark[1]]
            look = ("zone mark", mark[1], self.hints.tag())
            parts.append(Part("hint:zone", self.hint_mark_region(zone, look[2], False, 20), look,
                              lambda surface, look=look: self.draw_hint_mark(surface, self.rects[look[1]], look[2],
                                                                             on_top=False)))
        for step in cards[1]:
            name = "hint:card" if step[0] == "mark" else f"card:{step[1]}"
            parts.append(Part(name, step[-1], step, lambda surface, step=step: self.paint_cards(surface, (step,))))
        return parts

    def paint_cards(self, surface, steps, in_motion=frozenset()) -> None:
        """Draws cards (and what goes with them) from their looks (`card_looks`); `in_motion`: the
        cards moving (one whose face is not drawn yet flies on one that is)."""
        renderer = self.renderer
        for step in steps:
            kind = step[0]
            if kind == "card":
                _kind, _uid, card_id, base_width, in_play, rect, veiled, chosen, warned, stand_in, _region = step
                self.paint_card(surface, card_id, base_width, pygame.FRect(rect), veiled, chosen, warned, in_play,
                                _uid in in_motion, stand_in)
            elif kind == "ghost":
                _kind, card_id, base_width, rect, _region = step
                rect = pygame.FRect(rect)
                image = renderer.back(base_width) if card_id is None else \
                    renderer.face_scaled(card_id, base_width, rect.size)
                face_body.blit(surface, image, rect)
            elif kind == "shadow":
                pygame.draw.rect(surface, SHADOW, pygame.Rect(step[1]), border_radius=10)
            elif kind == "mark":
                self.draw_hint_mark(surface, pygame.Rect(step[1]), step[2], margin=12)
            elif kind == "held":
                _kind, card_id, in_play, rect, _region = step
                rect = pygame.FRect(rect)
                pygame.draw.rect(surface, SHADOW, pygame.Rect(rect).move(14, 20), border_radius=10)
                face_body.blit(surface, renderer.face(card_id, round(rect.w), in_play=in_play), rect)  # a resting size
            elif kind == "token":
                x, y = step[1]
                pygame.draw.circle(surface, theme.POWER, (x, y), 26)
                draw_icon(surface, "token", pygame.Rect(x - 20, y - 20, 40, 40), theme.INK)

    def paint_card(self, surface, card_id: str, base_width: int, rect: pygame.FRect, veiled: bool, chosen: bool,
                   warned: bool, in_play: bool = False, in_motion: bool = False, stand_in: tuple | None = None) -> None:
        """One card of hand or play with its marks: dimmed, to choose, interference. `stand_in`: the
        face cache's key of the face it is drawn on instead of its own (ui.table.stand_ins)."""
        face = None if stand_in is None else self.renderer.drawn_as(stand_in, rect.size)
        face_body.blit(surface, face or self.renderer.face_scaled(card_id, base_width, rect.size, in_play, in_motion), rect)
        if veiled:
            surface.blit(self.veil(rect.size), rect)  # cannot be used now: dimmed (why: on hover)
        if chosen:  # the hinted target gets the hint's ring and words
            ring = pygame.Rect(rect).inflate(12, 12)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, ring, 5, border_radius=14)
            tag = self.choose_tag()
            box = self.tag_box(tag, ring)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, box, border_radius=6)
            surface.blit(tag, tag.get_rect(center=box.center))
        elif warned:
            pygame.draw.rect(surface, theme.WARN, pygame.Rect(rect).inflate(10, 10), 4, border_radius=14)

    def choose_tag(self) -> pygame.Surface:
        return render(self.fonts.get("bold", 18), _("choose"), theme.INK)

    def veil(self, size) -> pygame.Surface:
        """A dark translucent card-shaped veil over a card that cannot be used now."""
        key = ("veil", tuple(map(round, size)))
        veil = self.tints.get(key)
        if veil is None:
            veil = pygame.Surface(key[1], pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 6, 4, 150), veil.get_rect(), border_radius=max(4, round(size[0] / 20)))
            self.tints[key] = veil
        return veil

    def hand_title_rect(self) -> pygame.Rect:
        hand = self.rects["hand"]
        return pygame.Rect(hand.x, hand.y, 220, 24)

    def lift_of(self, uid: int, rect) -> int:
        """How far the card under the mouse rises: as far as HOVER_LIFT, but a hand card never over
        the hand's title."""
        if self.game.zone_of(uid) != "hand":
            return HOVER_LIFT
        title = self.hand_title_rect()
        lifted = pygame.Rect(rect).move(0, -HOVER_LIFT)
        if not lifted.colliderect(title):
            return HOVER_LIFT
        return max(0, min(HOVER_LIFT, round(rect.top) - title.bottom))

    # ------------------------------------------------------------------ marks and effects
    def tag_box(self, tag: pygame.Surface, ring: pygame.Rect) -> pygame.Rect:
        """A card's word tag ("choose", "hint: …"): just above its ring, clear of the line; below
        the ring when the zone's edge (or the screen's) leaves no room above."""
        box = tag.get_rect().inflate(16, 6)
        box.midbottom = (ring.centerx, ring.top - 3)
        zone = self.rects["play"] if ring.centery < self.rects["play"].bottom else self.rects["hand"]
        if box.top < zone.top + 2:
            box.midtop = (ring.centerx, ring.bottom + 3)
        return box

    def _hint_mark_boxes(self, rect: pygame.Rect, label: str, on_top: bool, margin: int):
        """(the ring, the tag's image, the tag's box) of a hint's mark around `rect`."""
        ring = pygame.Rect(rect).inflate(margin, margin)
        tag = render(self.fonts.get("bold", 18), label, theme.INK)
        if on_top:
            box = self.tag_box(tag, ring)
        else:
            box = tag.get_rect().inflate(16, 6)
            box.center = (ring.centerx, ring.bottom)
        box.clamp_ip(pygame.Rect((0, 0), theme.LOGICAL_SIZE))
        return ring, tag, box

    def hint_mark_region(self, rect: pygame.Rect, label: str, on_top: bool, margin: int) -> pygame.Rect:
        ring, _tag, box = self._hint_mark_boxes(rect, label, on_top, margin)
        return ring.union(box)

    def draw_hint_mark(self, surface, rect: pygame.Rect, label: str, on_top: bool = True, margin: int = 20) -> None:
        """The hinted card or place: a blue ring and a tag in words naming the action (never colour
        alone). The tag sits on the ring's top line (a card) or bottom line (a panel, whose top
        touches other panels), and always on the screen."""
        ring, tag, box = self._hint_mark_boxes(rect, label, on_top, margin)
        pygame.draw.rect(surface, theme.POWER, ring, 5, border_radius=16)
        pygame.draw.rect(surface, theme.POWER, box, border_radius=6)
        pygame.draw.rect(surface, theme.INK, box, 1, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))

    def draw_zone_hint(self, surface) -> None:
        mark = self.hints.highlight()
        if mark and mark[0] == "zone" and mark[1] in self.rects:
            self.draw_hint_mark(surface, self.rects[mark[1]], self.hints.tag(), on_top=False)

    def effects_look(self) -> tuple:
        """The power's value ticking, the panels' glows, the damage panel's shake."""
        return (self.motion.power.text, self.motion.damage_shake.offset,
                tuple(pulse.level for pulse in self.motion.pulses.values()))

    def paint_effects(self, surface: pygame.Surface, look, base: PanelLayer, only=EFFECTS) -> None:
        """`only`: the panels whose effects are drawn (the others' are on the screen as they were)."""
        text, shake, levels = look
        levels = dict(zip(self.motion.pulses, levels))
        r = self.rects
        if shake != (0, 0) and "damage" in only:
            area = r["damage"].inflate(24, 12)
            surface.blit(self.background, area, area)
            surface.blit(base.surface, area.move(shake), area)
        power = levels["power"]
        if "power" in only:
            font = panels.counter_value_font(self.fonts, r["power"], _("virtual power"), 34 + round(10 * power))
            blit_text(surface, font, text, theme.TEXT, (r["power"].x + 54, r["power"].y + 2 - round(5 * power)))
        for name, rect, radius in (("power", r["power"], 10), ("damage", r["damage"].move(shake), 10),
                                   ("tokens", r["tokens"], 8), ("deck", r["deck"].inflate(10, 10), 12)):
            level = levels[name]
            if level > 0 and name in only:
                edge = theme.BLOOD if name == "damage" else theme.PANEL_EDGE
                colour = [round(a + (b - a) * level) for a, b in zip(edge, theme.CANDLE)]
                pygame.draw.rect(surface, colour, rect, 2 + round(3 * level), border_radius=radius)

    # ------------------------------------------------------------------ tips and the card read large
    def draw_disabled_reason(self, surface, disabled) -> None:
        if disabled is None:
            return
        button, reason = disabled
        font = self.fonts.get("body", 18)
        lines = wrap(font, reason, 360)
        box = pygame.Rect(0, 0, 380, len(lines) * font.get_linesize() + 14)
        box.bottomright = (button.rect.right, button.rect.top - 8)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=8)
        blit_wrapped(surface, font, reason, theme.TEXT, box.inflate(-20, -14))

    def draw_card_tip(self, surface, m: Moment) -> None:
        """The hovered card read large, with why it cannot be used and the terms it uses."""
        uid = m.hover
        anchor = pygame.FRect(m.sprites[uid].rect).move(0, -HOVER_LIFT if self.game.zone_of(uid) == "hand" else 0)
        draw_card_tip(surface, self.fonts, self.renderer, self.game.cdef(uid), anchor, self.presenter.unusable.get(uid),
                      avoid=(self.rects["log"], self.rects["prompt"], self.motion.banner_area(self.rects["play"].center)))

    def draw_big(self, surface, uid: int) -> None:
        face = self.renderer.face(self.game.card(uid).card_id, BIG_W)
        rect = face.get_rect(center=(960, 520))
        darken_around(surface, rect, 150, radius=BIG_W // 16)  # not under the face: it is opaque there
        surface.blit(face, rect)
        words = render(self.fonts.get("italic", 20), _("click or Esc to close"), theme.TEXT)
        box = words.get_rect(midbottom=(rect.centerx, rect.top - 10)).inflate(20, 8)  # above it, clear of the hand
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        surface.blit(words, words.get_rect(center=box.center))


def _unzoomed(shown: tuple) -> tuple:
    """The look of the frame `shown` without the card read large (the last of `over_look`)."""
    whole, parts, cards, over, surface = shown
    return whole, parts, cards, over[:-1] + (None,), surface


def _pad() -> bool:
    from aleph_null_desktop.ui import prompts

    return prompts.pad_in_use()
