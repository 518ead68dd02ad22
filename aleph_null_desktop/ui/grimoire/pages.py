"""Page art of the Grimoire: every spread drawn as two half-book images (see turn.py).

A half image is the size of one board of the book: the parchment page inset by the board's
margin on the outer side, top and bottom, and flush with the spine. Inner leaves are drawn with
clear margins and laid on their board; the cover is the board itself.
`BookArt.spread(page_id, context)` returns (left, right, hits): each half a `Half` (the page on
its board, opaque, with the board's four rounded corners kept apart), hits (action, side, rect)
in half-local coordinates, for the scene to hit-test.

A spread is all a page turn needs: the halves blit as they are, and a turning inner leaf is the
page inside its half (a subsurface, no copy). So a turn holds two spreads, 13.6 MB at 1080p (it
held 27 MB when the clear halves, their opaque copies and the leaves were three kept images).
"""

from __future__ import annotations

import random
import sys
import time
import weakref
from dataclasses import dataclass, field

import pygame

from aleph_null_desktop.engine.cards import ROMAN, circles, hour_pages, load_builtin_cards
from aleph_null_desktop.engine.words.text import steps_text
from aleph_null_desktop.i18n import N_, _, current_language, localized, ngettext
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.scenes.circle_words import difficulty
from aleph_null_desktop.ui.grimoire import book
from aleph_null_desktop.ui.grimoire.content import BULLET, Reference, font_for, paginate, paginate_steps
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.stepwise import finish
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache
from aleph_null_desktop.ui.render.text import blit_text, fit_font, wrap

PAGE_SIZE = (860, 940)
MARGIN = 16  # board beyond the page, outer side, top and bottom
TEXT_INSET = (70, 64, 70, 74)  # left, top, right, bottom of the text area inside a page
LEATHER = (74, 34, 28)
LEATHER_DARK = (44, 20, 17)
INK_RED = (128, 30, 26)
HOUR_ICONS = {1: "candle", 2: "moon", 3: "smoke", 4: "eye", 5: "moon", 6: "raven", 7: "lantern"}
PAGE_TITLES = {"preparation": N_("Preparation"), "fasting": N_("Fasting"), "fumigation": N_("Fumigation"),
               "exorcism": N_("Exorcism"), "reading": N_("Reading"), "last": N_("Last"),
               "false_dawn": N_("False Dawn")}


Names = tuple[tuple[str, str], ...]  # a card's name in each language it has: (("de", …), ("en", …))


def names_of(name) -> Names:
    """A card record's or CardDef's name as hashable Names (a plain string counts as English)."""
    if isinstance(name, dict):
        return tuple(sorted((str(k), str(v)) for k, v in name.items() if v))
    return (("en", str(name)),) if name else ()


@dataclass(frozen=True)
class OwnCards:
    """The player's custom cards as the Circle spread shows them (hashable, part of BookContext).
    `count`: custom cards in the library; `chosen`: (name, level, name of the card it takes the
    place of) for each card ticked for the next ritual; `interference`: with a card pack, the names
    of the interference cards of each level (1, 2, 3) the pack's cards make. Names are kept in
    every language and said in the language of the moment."""
    count: int = 0
    chosen: tuple[tuple[Names, int, Names], ...] = ()
    pack: str | None = None  # the card pack chosen for the ritual (cardpacks), by name
    packs: int = 0  # how many card packs the player has
    interference: tuple[tuple[Names, ...], ...] = ()

    def unfit(self, circle) -> str | None:
        """A short reason why the Circle cannot take the ticked cards, or None."""
        from aleph_null_desktop.editor.ritual import room_problem

        return room_problem([level for _name, level, _replaced in self.chosen], circle.id)

    def chosen_words(self) -> list[tuple[str, int, str]]:
        """(name, level, name of the card it replaces) of each ticked card, in the language of the moment."""
        return [(localized(dict(name), "?"), level, localized(dict(replaced), "—"))
                for name, level, replaced in self.chosen]


@dataclass(frozen=True)
class BookContext:
    """What the pages need from the ritual in progress (hashable: spreads are cached by it)."""
    circle_id: str | None = None
    last_hour: int = 6
    outcome: tuple | None = None  # (won, score, rank, message, hour) once the game is over
    own: OwnCards | None = None  # a new ritual: the player's custom cards on the Circle spread
    code: str | None = None  # the ritual code of the ritual in progress (rituals.code)

    @classmethod
    def of_game(cls, game, circle_id: str | None = None) -> "BookContext":
        if game is None:
            return cls(circle_id)
        from aleph_null_desktop.rituals.code import code_of_game

        out = game.outcome
        outcome = None if out is None else (out.won, out.score, out.rank, out.message, out.hour or game.hour)
        code = code_of_game(game)
        return cls(circle_id or getattr(game, "circle", None), game.last_hour, outcome,
                   code=str(code) if code else None)


CORNER = 14  # the board's corner radius (draw_board)
SPARE_HALVES = 2  # halves of dropped spreads a new spread is drawn on: one spread's


DOT_R = 2  # the radius of a dot of the contents' leaders
DOT_KEY = (255, 0, 255)  # no pixel of a dot
BANDS = 6  # a page-sized blit drawn ahead (BookArt.warm_steps) is cut in this many bands of rows
FRESH_HALF_SECONDS = 0.0015  # a new half image (3.4 MB, its pages from the system, cleared) and its first band:
# declared by the step before it (`prepare` within a turning frame takes it only where that much is left)


def _blit_in_bands(dest: pygame.Surface, image: pygame.Surface, pos):
    """`dest.blit(image, pos)` a band of rows at a time (a generator: the same pixels, in steps)."""
    w, h = image.get_size()
    step = -(-h // BANDS)
    for y in range(0, h, step):
        yield
        dest.blit(image, (pos[0], pos[1] + y), (0, y, w, min(step, h - y)))


@dataclass
class Half:
    """One half of the open book as it lies on the table: the page on its leather board, opaque
    (a plain copy to blit, and its page a leaf to scale as it is), and the board's rounded corners,
    small images with their alpha, blitted after the rest."""
    image: pygame.Surface
    corners: tuple  # ((patch, (x, y)), ...): the four CORNER×CORNER squares at the image's corners

    @classmethod
    def of(cls, half: pygame.Surface, opaque: bool = True) -> "Half":
        """From a half image with alpha (its board drawn on it, or under it by `BookArt.spread`).
        `opaque` False: the image keeps its alpha whole (the cover, a leaf that turns as it is)."""
        if not opaque:
            if pygame.display.get_surface() is not None:
                half = half.convert_alpha()
            return cls(half, ())
        w, h = half.get_size()
        corners = tuple((half.subsurface((x, y, CORNER, CORNER)).copy(), (x, y))
                        for x in (0, w - CORNER) for y in (0, h - CORNER))
        image = pygame.Surface((w, h))
        image.blit(half, (0, 0))
        if pygame.display.get_surface() is not None:
            image = image.convert()
        return cls(image, corners)

    def blit(self, surface: pygame.Surface, pos) -> None:
        """Onto a board already drawn at `pos` (BookArt.draw_board): the same pixels as the half
        with its alpha, in three opaque bands and four small corners."""
        x, y = pos[0], pos[1]
        if not self.corners:
            surface.blit(self.image, (x, y))
            return
        w, h = self.image.get_size()
        c = CORNER
        surface.blit(self.image, (x, y + c), (0, c, w, h - 2 * c))
        surface.blit(self.image, (x + c, y), (c, 0, w - 2 * c, c))
        surface.blit(self.image, (x + c, y + h - c), (c, h - c, w - 2 * c, c))
        for patch, (cx, cy) in self.corners:
            surface.blit(patch, (x + cx, y + cy))

    def with_alpha(self) -> pygame.Surface:
        """The half as one image with its corners clear (a leaf that carries a board, the cover)."""
        if not self.corners:
            return self.image
        image = pygame.Surface(self.image.get_size(), pygame.SRCALPHA)
        image.blit(self.image, (0, 0))
        for patch, (cx, cy) in self.corners:
            image.fill((0, 0, 0, 0), (cx, cy, CORNER, CORNER))
            image.blit(patch, (cx, cy))
        return image


@dataclass
class Spread:
    left: Half | None
    right: Half | None
    hits: list = field(default_factory=list)  # (action, side "left"/"right", rect in half coordinates)


def circle_lines(circle) -> tuple[str, str]:
    """('Sets aside: 1 of level 1, 2 of level 2', 'Arrive: entering Hour II (2), III, IV')."""
    parts = [_("{n} of level {level}").format(n=n, level=lvl) for lvl, n in sorted(circle.set_aside.items()) if n]
    total = sum(circle.set_aside.values())
    arrive = [_("Hour {hour}").format(hour=ROMAN[h]) + (f" ×{n}" if n > 1 else "")
              for h, n in sorted(circle.arrivals.items())]
    return (_("Sets aside {n}: {parts}").format(n=total, parts=", ".join(parts)),
            _("They arrive entering {hours}").format(hours=", ".join(arrive)))


class BookArt:
    """Draws and caches the spreads of one book at one size."""

    def __init__(self, fonts, page_size: tuple[int, int] = PAGE_SIZE, margin: int = MARGIN) -> None:
        self.fonts = fonts
        self.page_w, self.page_h = page_size
        self.margin = margin
        self.half_size = (self.page_w + margin, self.page_h + 2 * margin)
        let_go = weakref.WeakMethod(self._let_go)  # (the cache must not keep this BookArt alive)
        self._cache = SurfaceCache("grimoire_pages",  # every Circle and Hour drawn would be GBs
                                   on_evict=lambda key, value: let_go() and let_go()(value))
        # halves of the spreads let go to make room for the one being drawn, or by one drawn ahead as
        # its turn began (for the next drawn ahead), written on by `blank`: a new 3.4 MB image costs
        # its pages from the system (5 ms of a turn's first frame)
        self._spare: list[pygame.Surface] = []
        self._lending = False  # a spread dropped now lends its halves to the next one drawn (`_let_go`)
        self._next_step_cost = None  # what the step `prepare` takes next declared it costs (seconds), if it did
        self.reused_halves = 0  # spare halves drawn on (tests watch it)
        self._minis = SurfaceCache("grimoire_minis")  # the table's small Hour pages
        self._readers = weakref.WeakSet()  # the open books (GrimoireScene) showing these pages
        self._closed = False  # the last book on them was closed: its big pages go (`let_go_closed`)
        self._parchment: pygame.Surface | None = None
        self._board_corners: tuple | None = None  # (image, where) of the board's four corners
        self._preparing: tuple | None = None  # (key, steps) of the spread being drawn ahead (`prepare`)
        self._ready: tuple | None = None  # (key, Spread) drawn ahead, until `spread` asks for it
        self._bases: dict[str, tuple[pygame.Surface, tuple]] = {}  # side -> blank half on its board, corners
        self._dot_picture: pygame.Surface | None = None  # a dot of the contents' leaders (`_dot`)
        self._warm_words: tuple | None = None  # (language, True) once the contents' words were drawn ahead
        self._reference: Reference | None = None
        self._language = current_language()

    def opened_by(self, reader) -> None:
        """A book is open on these pages; once no book is (each collected when its scene is left,
        see ui.render.memory), the big pages go (`let_go_closed`) and only the table's small Hour
        pages stay."""
        self._readers.add(reader)
        self._closed = False
        weakref.finalize(reader, self._reader_gone)

    def _reader_gone(self) -> None:
        self._closed = True  # (let go a frame later: freeing them cost the closing frame 1.2 ms)

    def closed(self) -> bool:
        """Whether every book on these pages was closed since their big pages last went."""
        return self._closed and not list(self._readers)  # (iterating skips the one just gone; len() may count it)

    def let_go_closed(self, keep: tuple | None = None) -> None:
        """The big pages go, once every book on them was closed (ui.grimoire.warmer); `keep`: (page_id,
        BookContext) of a spread to keep as drawn ahead (`prepare`), if it is drawn."""
        if self.closed():
            self._closed = False
            kept = self._cache.get(keep) if keep is not None else None
            self._cache.clear()
            self._spare = []
            self._preparing, self._ready = None, (keep, kept) if kept is not None else None
            self._parchment = None

    def forget_ready(self) -> None:
        """The spread drawn ahead (or being drawn) goes."""
        self._preparing = self._ready = None

    def _let_go(self, value) -> None:
        """A spread the cache dropped: its drawn halves are lent to the spread being drawn, when
        nothing else holds them (a turn's strips are views into its half: that half is not reused)."""
        if not self._lending or not isinstance(value, Spread):
            return  # (dropped otherwise than to make room for a spread, or by one drawn ahead: let go)
        for half in (value.left, value.right):
            image = half.image if half is not None and half.corners else None
            # (CPython's reference count: held by its Half, `image` and getrefcount's argument alone)
            if image is not None and len(self._spare) < SPARE_HALVES and sys.getrefcount(image) <= 3:
                self._spare.append(image)

    def _follow_language(self) -> None:
        """After a language switch every page is laid out again (the parchment stays)."""
        if self._language != current_language():
            self._language = current_language()
            self._cache.clear()
            self._preparing = self._ready = None
            self._minis.clear()
            self._reference = None

    # ------------------------------------------------------------------ geometry
    def page_rect(self, side: str) -> pygame.Rect:
        """The parchment inside a half image."""
        x = self.margin if side == "left" else 0
        return pygame.Rect(x, self.margin, self.page_w, self.page_h)

    def text_rect(self, side: str) -> pygame.Rect:
        page = self.page_rect(side)
        l, t, r, b = TEXT_INSET
        return pygame.Rect(page.x + l, page.y + t, page.w - l - r, page.h - t - b)

    @property
    def reference(self) -> Reference:
        self._follow_language()
        if self._reference is None:
            self._reference = paginate(self.fonts, self._reference_area())
        return self._reference

    def _reference_area(self) -> tuple[int, int]:
        l, t, r, b = TEXT_INSET
        return (self.page_w - l - r, self.page_h - t - b - 40)

    def warmed(self) -> bool:
        """Whether the blank halves and the reference laid out in the language of the moment are
        made (`warm_steps`)."""
        self._follow_language()
        return len(self._bases) == 2 and self._reference is not None \
            and self._warm_words == (self._language, True)

    def is_open(self) -> bool:
        """Whether a book is open on these pages."""
        return bool(list(self._readers))

    def warm_steps(self):
        """What the book's first opening needs and keeps, a step of a few milliseconds at a time (a
        generator; ui.grimoire.warmer): the blank halves on their boards (the parchment drawn for
        them is let go again while no book is open) and the reference laid out. The same pictures and
        layout as drawn at the opening (the same steps, run there in one go)."""
        self._follow_language()
        language = self._language
        had_parchment = self._parchment is not None
        for side in ("left", "right"):
            if side not in self._bases:
                yield from self._base_steps(side)
        if not had_parchment and not self.is_open():
            self._parchment = None
        if self._reference is None:
            reference = yield from paginate_steps(self.fonts, self._reference_area())
            if self._language == language and self._reference is None:  # (the language changed meanwhile: laid out again)
                self._reference = reference
        if self._warm_words != (language, self._reference is not None):
            yield from self._contents_steps(BookContext(), onto=(pygame.Surface((1, 1)), pygame.Surface((1, 1))))
            self._warm_words = (language, self._reference is not None)

    def reference_spreads(self) -> list[str]:
        return [f"ref-{i // 2 + 1}" for i in range(0, len(self.reference.pages), 2)]

    def reference_order(self) -> list[str]:
        """The whole book as the reader leafs through it from the contents page."""
        return (["contents"] + self.reference_spreads() + ["circles"] +
                [book.hour_page_id(h) for h in sorted(hour_pages())] + ["hierarchy"])

    def chapter_spread(self, chapter: str) -> str:
        return f"ref-{self.reference.chapter_page[chapter] // 2 + 1}"

    # ------------------------------------------------------------------ materials
    def parchment(self) -> pygame.Surface:
        """A page of parchment with faint stains and darker edges (3.2 MB: kept while a book is
        open, drawn again the next time one opens)."""
        if self._parchment is None:
            for _step in self._parchment_steps():
                pass
        return self._parchment

    def _parchment_steps(self):
        """`parchment` drawn a few stains at a time (a generator; it sets `_parchment` at its end)."""
        w, h = self.page_w, self.page_h
        page = pygame.Surface((w, h))
        yield
        page.fill(theme.PARCHMENT)
        rng = random.Random(1618)
        stain = pygame.Surface((w, h), pygame.SRCALPHA)
        yield
        for n in range(26):
            r = rng.randint(40, 180)
            colour = (*theme.PARCHMENT_DARK, rng.randint(10, 26))
            pygame.draw.ellipse(stain, colour, (rng.randint(-r, w), rng.randint(-r, h), 2 * r,
                                                round(r * rng.uniform(1.0, 1.8))))
            if n % 4 == 3:
                yield
        yield from _blit_in_bands(page, stain, (0, 0))
        del stain
        edge = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(18):
            pygame.draw.rect(edge, (120, 90, 50, 5 + i), (i, i, w - 2 * i, h - 2 * i), 1)
        yield
        yield from _blit_in_bands(page, edge, (0, 0))
        self._parchment = page

    def blank(self, side: str) -> pygame.Surface:
        """A new half image to write a page on: parchment with the gutter's shade at the spine and
        page edges outside, on its board (opaque; the board's rounded corners: `_base`). Drawn on a
        spare half when there is one."""
        return finish(self._blank_steps(side))

    def _blank_steps(self, side: str):
        """`blank` copied a band at a time (a generator that returns the half): a page drawn ahead
        (`prepare`) takes a frame's few milliseconds at most."""
        base = self._base(side)[0]
        while self._spare:
            spare = self._spare.pop()
            if spare.get_size() == base.get_size() and spare.get_flags() == base.get_flags() \
                    and spare.get_bitsize() == base.get_bitsize():
                yield from _blit_in_bands(spare, base, (0, 0))
                self.reused_halves += 1
                return spare
        yield FRESH_HALF_SECONDS  # (what the next step costs: `prepare`)
        half = pygame.Surface(base.get_size(), 0, base)
        yield from _blit_in_bands(half, base, (0, 0))
        return half

    def _base(self, side: str) -> tuple[pygame.Surface, tuple]:
        """The blank half of one side on its board, opaque, and its board's corners (Half.corners).
        Kept, once a book was opened (2 × 3.4 MB): every spread is written on a copy, so a page is
        drawn without drawing its parchment, gutter and board again."""
        if side not in self._bases:
            for _step in self._base_steps(side):
                pass
        return self._bases[side]

    def _base_steps(self, side: str):
        """`_base` drawn a step at a time (a generator; it sets `_bases[side]` at its end)."""
        yield
        composite = self.board(side)
        yield
        page = yield from self._blank_page_steps(side)
        yield from _blit_in_bands(composite, page, (0, 0))
        del page
        # Half.of(composite), a band at a time
        w, h = composite.get_size()
        corners = tuple((composite.subsurface((x, y, CORNER, CORNER)).copy(), (x, y))
                        for x in (0, w - CORNER) for y in (0, h - CORNER))
        image = pygame.Surface((w, h))
        yield from _blit_in_bands(image, composite, (0, 0))
        del composite
        yield
        if pygame.display.get_surface() is not None:
            image = image.convert()
        self._bases[side] = (image, corners)

    def _blank_page(self, side: str) -> pygame.Surface:
        """Parchment with the gutter's shade and page edges, with clear margins for the board."""
        return finish(self._blank_page_steps(side))

    def _blank_page_steps(self, side: str):
        half = pygame.Surface(self.half_size, pygame.SRCALPHA)
        rect = self.page_rect(side)
        yield
        # the edges of the pages below, a few lines on the outer side
        for i in range(1, 5):
            edge = rect.move(i * (-2 if side == "left" else 2), i)
            pygame.draw.rect(half, (196 - 12 * i, 176 - 12 * i, 136 - 10 * i), edge)
        yield
        if self._parchment is None:
            yield from self._parchment_steps()
        yield
        yield from _blit_in_bands(half, self.parchment(), rect.topleft)
        gutter = pygame.Surface((70, rect.h), pygame.SRCALPHA)
        for x in range(70):
            alpha = round(95 * (1 - x / 70) ** 2)
            pygame.draw.line(gutter, (70, 46, 24, alpha), (x, 0), (x, rect.h))
        if side == "left":
            gutter = pygame.transform.flip(gutter, True, False)
            half.blit(gutter, (rect.right - 70, rect.y))
        else:
            half.blit(gutter, (rect.x, rect.y))
        return half

    def leaf(self, half: Half | None, side: str) -> pygame.Surface | None:
        """A turning inner leaf: the page inside its half (opaque, fast to scale; not a copy)."""
        if half is None:
            return None
        return half.image.subsurface(self.page_rect(side))

    def board_leaf(self, half: Half | None) -> pygame.Surface | None:
        """A turning leaf that carries the board on its faces (the cover, and the page that turns
        with it): the whole half with its rounded corners clear, made once at the turn's first
        frame and kept while the half is."""
        if half is None:
            return None
        if not half.corners:  # the cover: it has its alpha already
            return half.image
        key = ("board_leaf", id(half))
        entry = self._cache.get(key)
        if entry is None or entry[0]() is not half:
            entry = (weakref.ref(half), half.with_alpha())  # the half is the spread's: not kept alive here
            self._cache.put(key, entry)
        return entry[1]

    def board(self, side: str) -> pygame.Surface:
        """The leather board under one half of the open book, a new image (not kept: drawing it
        costs less than the 3.4 MB it would hold)."""
        half = pygame.Surface(self.half_size, pygame.SRCALPHA)
        self.draw_board(half, half.get_rect())
        return half

    def draw_board_corners(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What `draw_board` draws in the four CORNER squares of `rect` (the size of a half), from
        four small images drawn once: the rounded board's pixels there, and clear where it leaves
        what is under it (a board's corners are not smoothed: the same pixels as drawing them)."""
        if self._board_corners is None:
            size = 4 * CORNER  # (a board's corner squares are alike at every size past twice its radius)
            board = pygame.Surface((size, size), pygame.SRCALPHA)
            self.draw_board(board, board.get_rect())
            self._board_corners = tuple((board.subsurface((x, y, CORNER, CORNER)).copy(), (x, y))
                                        for x in (0, size - CORNER) for y in (0, size - CORNER))
        for patch, (x, y) in self._board_corners:
            surface.blit(patch, (rect.x + (x and rect.w - CORNER), rect.y + (y and rect.h - CORNER)))

    @staticmethod
    def draw_board(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The leather board drawn straight onto `surface` at `rect` (the size of a half)."""
        pygame.draw.rect(surface, LEATHER_DARK, rect, border_radius=14)
        pygame.draw.rect(surface, LEATHER, rect.inflate(-6, -6), border_radius=12)

    def cover(self) -> pygame.Surface:
        half = self.board("right")
        r = half.get_rect()
        rng = random.Random(7)
        grain = pygame.Surface(r.size, pygame.SRCALPHA)
        for _n in range(900):
            x, y = rng.randrange(r.w), rng.randrange(r.h)
            grain.fill((0, 0, 0, rng.randint(10, 40)), (x, y, rng.randint(2, 9), 2))
        half.blit(grain, (0, 0))
        gold, f = theme.GOLD, self.fonts
        frame = r.inflate(-70, -70)
        pygame.draw.rect(half, gold, frame, 4, border_radius=8)
        pygame.draw.rect(half, gold, frame.inflate(-22, -22), 2, border_radius=6)
        for corner in (frame.topleft, frame.topright, frame.bottomleft, frame.bottomright):
            pygame.draw.circle(half, gold, corner, 12)
            pygame.draw.circle(half, LEATHER, corner, 7)
        cx = r.centerx
        blit_text(half, f.get("title", 70), _("GRIMOIRE"), gold, (cx, 150), "midtop")
        blit_text(half, f.get("title", 70), _("VERUM"), gold, (cx, 238), "midtop")
        draw_icon(half, "pentacle", pygame.Rect(cx - 150, 380, 300, 300), gold, width=6)
        blit_text(half, f.get("italic", 32), _("the book of the Hours of"), theme.PARCHMENT_DARK,
                  (cx, 730), "midtop")
        blit_text(half, f.get("title", 44), "ALEPH NULL", gold, (cx, 780), "midtop")
        return half

    # ------------------------------------------------------------------ spreads
    def spread(self, page_id: str, context: BookContext = BookContext()) -> Spread:
        self._follow_language()
        key = (page_id, context)
        spread = self._cache.get(key)
        if spread is None and self._preparing is not None and self._preparing[0] == key:
            # begun ahead (`prepare`): the rest of it now, not all of it again
            self._preparing, self._ready = None, (key, finish(self._preparing[1]))
        if spread is None and self._ready is not None and self._ready[0] == key:
            spread, self._ready = self._ready[1], None  # drawn ahead (`prepare`)
            self._lending = True  # the spread it drops lends its halves to the next one drawn ahead
            try:
                self._cache[key] = spread
            finally:
                self._lending = False
        if spread is None:
            w, h = self.half_size
            self._lending = True
            try:
                self._cache.make_room(2 * 4 * w * h)  # the spreads it replaces go first: their halves are drawn on
            finally:
                self._lending = False
            try:
                drawn = self._draw(page_id, context)
            finally:
                self._spare = []  # (halves it did not take are let go)
            spread = Spread(self._on_board(page_id, drawn.left, "left"),
                            self._on_board(page_id, drawn.right, "right"), drawn.hits)
            self._cache[key] = spread
        return spread

    def prepare(self, page_id: str, context: BookContext, seconds: float, within: bool = False) -> bool:
        """Draws that spread ahead, a step at a time, for about `seconds` of this frame at most
        (a step: a line of a page, or a blank half): the spread a queued page turn (or the next
        turn) will show is ready when the turn begins, and the contents when the book opens
        (ui.grimoire.warmer). Kept beside the cache (whose two spreads the turn in progress shows)
        until `spread` asks for it; one at a time. Only the reference's spreads and the contents are
        drawn so (the others, drawn whole in one step, when their turn begins). True once it is ready.
        `within`: no step begins that would end past `seconds` if it cost what the last one did, or
        what a step declared for the next one (a new half image: FRESH_HALF_SECONDS) (a frame of a
        turning page: the last step began just before `seconds` ran out and ran 0.5–1.8 ms past
        them); the first step is always taken, but for a declared one that would end past them."""
        if self.is_ready(page_id, context):
            return True
        key = (page_id, context)
        if not self.can_prepare(page_id):
            return False
        if self._preparing is None or self._preparing[0] != key:
            self._ready = None  # (a spread drawn ahead for another turn, or another ritual, goes first)
            self._preparing = (key, self._spread_steps(page_id, context))
            self._next_step_cost = None
        start = time.thread_time()
        step_began = start
        if within and self._next_step_cost is not None and self._next_step_cost > seconds:
            return False  # (the frame has too little left for it: a later frame, or the one the turn lands on)
        try:
            while True:
                self._next_step_cost = next(self._preparing[1])
                now = time.thread_time()
                ahead = (self._next_step_cost or now - step_began) if within else 0.0
                if now - start + ahead >= seconds:
                    return False
                step_began = now
        except StopIteration as done:
            self._preparing, self._ready = None, (key, done.value)
            self._next_step_cost = None
            return True

    @staticmethod
    def can_prepare(page_id: str) -> bool:
        """Whether `prepare` draws that spread ahead a step at a time (the reference's, the contents,
        the Hours)."""
        return page_id.startswith("ref-") or page_id == "contents" or book.hour_of(page_id) is not None

    def is_ready(self, page_id: str, context: BookContext) -> bool:
        """Whether that spread is drawn: in the cache, or drawn ahead (`prepare`)."""
        self._follow_language()
        key = (page_id, context)
        return bool(self._cache.peek(key)) or (self._ready is not None and self._ready[0] == key)

    def _spread_steps(self, page_id: str, context: BookContext):
        """A reference spread, the contents or an Hour drawn a line (or a part) at a time (a generator
        that returns the Spread, on its boards)."""
        yield
        hour = book.hour_of(page_id)
        if page_id == "contents" or hour is not None:
            self._lowest = 0
            drawn = yield from (self._contents_steps(context) if hour is None else self._hour_steps(hour, context))
            if self._lowest > self.text_rect("left").bottom:  # too full: drawn with smaller words (`_draw`)
                drawn = self._draw(page_id, context)
            return Spread(self._on_board(page_id, drawn.left, "left"), self._on_board(page_id, drawn.right, "right"),
                          drawn.hits)
        n = int(page_id[4:]) - 1
        left = yield from self._text_page_steps(2 * n, "left")
        right = yield from self._text_page_steps(2 * n + 1, "right")
        return Spread(self._on_board(page_id, left, "left"), self._on_board(page_id, right, "right"))

    def page_exists(self, page_id: str) -> bool:
        """Whether `spread(page_id)` has a spread to draw (without drawing it)."""
        if page_id in ("cover", "circles", "hierarchy", "contents") or book.hour_of(page_id) is not None:
            return True
        return page_id in self.reference_spreads()

    def _on_board(self, page_id: str, half: pygame.Surface | None, side: str) -> Half | None:
        """A drawn half laid on its board (the cover is its own board)."""
        if half is None:
            return None
        if page_id == "cover":
            return Half.of(half, opaque=False)
        return Half(half, self._base(side)[1])  # written on a copy of the blank half (`blank`)

    def _draw(self, page_id: str, ctx: BookContext) -> Spread:
        """The spread's halves with their clear margins, not yet on their boards: drawn again with
        smaller words while they run past the foot of a page (a large UI scale, a long language)."""
        if page_id == "cover" or page_id.startswith("ref-"):  # the reference is paginated to fit
            return self._draw_spread(page_id, ctx)
        fonts = self.fonts
        try:
            for shrink in (1.0, 0.92, 0.85, 0.78, 0.7, 0.62, 0.55):
                self.fonts = fonts.shrunk(shrink)
                self._lowest = 0
                drawn = self._draw_spread(page_id, ctx)
                if self._lowest <= self.text_rect("left").bottom:
                    break
        finally:
            self.fonts = fonts
        return drawn

    def _below(self, y: int) -> int:
        """Notes how far down a page the words went (`_draw` sees a page too full); returns y."""
        self._lowest = max(getattr(self, "_lowest", 0), y)
        return y

    def _draw_spread(self, page_id: str, ctx: BookContext) -> Spread:
        if page_id == "cover":
            return Spread(None, self.cover())
        if page_id == "circles":
            return self._circles(ctx)
        hour = book.hour_of(page_id)
        if hour is not None:
            return self._hour(hour, ctx)
        if page_id == "hierarchy":
            return self._hierarchy(ctx)
        if page_id == "contents":
            return self._contents(ctx)
        if page_id.startswith("ref-"):
            n = int(page_id[4:]) - 1
            return Spread(self._text_page(2 * n, "left"), self._text_page(2 * n + 1, "right"))
        raise KeyError(f"no page {page_id!r} in the Grimoire")

    def _head(self, half, side: str, text: str, folio: str = "") -> None:
        """Running head at the top of a page and the folio (page label) at its foot."""
        page = self.page_rect(side)
        font = self.fonts.get("italic", 20)
        blit_text(half, font, text, theme.INK_SOFT, (page.centerx, page.y + 24), "midtop")
        pygame.draw.line(half, theme.PARCHMENT_DARK, (page.x + 70, page.y + 52), (page.right - 70, page.y + 52), 1)
        if folio:
            blit_text(half, font, folio, theme.INK_SOFT, (page.centerx, page.bottom - 44), "midtop")

    def _title(self, half, rect: pygame.Rect, text: str, size: int = 44, y: int | None = None) -> int:
        font = fit_font(self.fonts, "title", text, rect.w, size, 24)
        top = rect.y if y is None else y
        blit_text(half, font, text, theme.INK, (rect.centerx, top), "midtop")
        return top + font.get_linesize()

    def _para(self, half, rect: pygame.Rect, text: str, y: int, style: str = "p", colour=theme.INK,
              indent: int = 0) -> int:
        font = font_for(self.fonts, style)
        for line in wrap(font, text, rect.w - indent):
            half.blit(font.render(line, True, colour), (rect.x + indent, y))
            y += font.get_linesize()
        return self._below(y)

    def _bullet(self, half, rect: pygame.Rect, text: str, y: int) -> int:
        font = font_for(self.fonts, "li")
        half.blit(font.render(BULLET, True, theme.INK_SOFT), (rect.x + 4, y))
        return self._para(half, rect, text, y, "li", indent=30)

    # the Circle spread ---------------------------------------------------------------
    def _circles(self, ctx: BookContext) -> Spread:
        left, right = self.blank("left"), self.blank("right")
        self._head(left, "left", _("The Grimoire Verum · the Circle"))
        self._head(right, "right", _("Choose one Circle"))
        r = self.text_rect("left")
        hits = []
        y = self._title(left, r, _("The Circle"), 48, r.y + 10) + 14
        y = self._para(left, r, _("Before the ritual, choose its Circle. A Circle sets aside interference "
                                  "cards, from the Church and from Hell itself, that join your deck as "
                                  "the Hours pass. Level 1 cards are a nuisance; level 3 can break a ritual."),
                       y) + 14
        y = self._para(left, r, _("Sets aside: the cards waiting outside your deck, drawn at random within "
                                  "each level."), y) + 8
        y = self._para(left, r, _("They arrive: entering that Hour, the next set-aside card (×2: two cards) "
                                  "joins the discard pile before it becomes the new deck."), y) + 8
        own = ctx.own
        if own is None:
            y = self._para(left, r, _("The Hour track under each Circle marks the Hours at which cards arrive."),
                           y) + 20
        else:
            y += 12
        y = self._para(left, r, _("For your first ritual, the Circle of the Adept."), y, "h") + 24
        own_block = own_hits = None
        if own is not None:  # a new ritual: the player's own cards, at the foot of the page
            own_block, own_hits = self._own_block(own, r.w)
        top_of_own = r.bottom - own_block.get_height() if own_block is not None else r.bottom
        if own is not None and own.interference:  # a card pack's cards take the printed ones' places
            by_level = [[localized(dict(name), "?") for name in level] for level in own.interference]
        else:
            cards = load_builtin_cards()
            by_level = [[cards[i].name for i in cards.interference_ids(level)] for level in (1, 2, 3)]
        listing = [_("Level {level}: {cards}.").format(level=level, cards=", ".join(names) or "—")
                   for level, names in zip((1, 2, 3), by_level)]
        font = font_for(self.fonts, "p")
        need = self.fonts.get("title", 26).get_linesize() + 10 + sum(
            len(wrap(font, text, r.w)) * font.get_linesize() + 6 for text in listing)
        if y + need <= top_of_own - 16:
            y = self._section(left, r, _("The interference cards, by level"), y)
            for text in listing:
                y = self._para(left, r, text, y) + 6
            y += 18
        if own_block is not None:
            if y > top_of_own:  # the words ran into the block at the foot: too full
                self._below(r.bottom + 1)
            left.blit(own_block, (r.x, top_of_own))
            hits += [(action, "left", rect.move(r.x, top_of_own)) for action, rect in own_hits]
        else:
            self._para(left, r, _("Click a Circle on the right-hand page, or press its number (1–5)."), y, "ref",
                       theme.INK_SOFT)
        r = self.text_rect("right")
        all_circles = list(circles().values())
        gap = 14
        plate_h = min(168, (r.h - gap * (len(all_circles) - 1)) // max(1, len(all_circles)))
        y = r.y
        for n, circle in enumerate(all_circles):
            plate = pygame.Rect(r.x - 20, y, r.w + 40, plate_h)
            self._circle_plate(right, plate, n, circle, ctx.circle_id == circle.id, own)
            hits.append((("circle", circle.id), "right", plate))
            y += plate_h + gap
        return Spread(left, right, hits)

    def _own_block(self, own: OwnCards, width: int) -> tuple[pygame.Surface, list]:
        """The "Your own cards" section of the Circle page, drawn on its own clear surface (so it can
        sit at the foot of the page): the ticked cards and what each replaces, and one link, to the
        setup dialog, or to the Card editor when there are no custom cards yet."""
        f = self.fonts
        block = pygame.Surface((width, 700), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, width, 700)
        y = self._section(block, r, _("Your own cards"), 0)
        if own.pack:
            y = self._para(block, r, _("Card pack: {name}. Its cards replace the printed ones.").format(
                name=own.pack), y) + 6
        elif own.packs:
            y = self._para(block, r, ngettext("The printed cards (you have {n} card pack to choose from).",
                                              "The printed cards (you have {n} card packs to choose from).",
                                              own.packs).format(n=own.packs), y) + 6
        if own.count == 0 and own.packs:
            y = self._para(block, r, _("You have no interference cards of your own yet; a card pack can "
                                       "still be chosen."), y) + 12
            label, action = _("Choose a card pack…"), ("own",)
        elif own.count == 0:
            y = self._para(block, r, _("You have no interference cards of your own yet. The box's blank cards "
                                       "are made in the Card editor (on the title screen too); the cards you "
                                       "save there can join a ritual here, each in place of a printed card of "
                                       "its level."), y) + 12
            label, action = _("Open the Card editor"), ("editor",)
        elif not own.chosen:
            y = self._para(block, r, ngettext(
                "You have {n} card of your own; none is in this ritual. Each card you put in takes the "
                "place of a printed card of its level.",
                "You have {n} cards of your own; none is in this ritual. Each card you put in takes the "
                "place of a printed card of its level.", own.count).format(n=own.count), y) + 12
            label, action = _("Choose your cards…"), ("own",)
        else:
            y = self._para(block, r, _("Set aside with the Circle you choose:"), y) + 4
            words = own.chosen_words()
            shown = words if len(words) <= 5 else words[:4]
            for name, level, replaced in shown:
                y = self._bullet(block, r, _("{name} (level {level}), in place of {replaced}").format(
                    name=name, level=ROMAN.get(level, level), replaced=replaced), y)
            if len(shown) < len(own.chosen):
                y = self._para(block, r, _("and {n} more").format(n=len(own.chosen) - len(shown)), y, "ref", theme.INK_SOFT)
            y += 12
            label, action = _("Change your cards…"), ("own",)
        font = f.get("title", 24)
        button = pygame.Rect(0, y, font.size(label)[0] + 86, 50)
        pygame.draw.rect(block, (224, 204, 164), button, border_radius=10)
        pygame.draw.rect(block, theme.INK_SOFT, button, 2, border_radius=10)
        draw_icon(block, "scroll" if action == ("own",) else "wand", pygame.Rect(button.x + 12, button.y + 9, 32, 32),
                  theme.INK_SOFT, width=3)
        blit_text(block, font, label, theme.INK, (button.x + 54, button.centery), "midleft")
        key = "O" if action == ("own",) else "E"
        blit_text(block, f.get("italic", 20), _("or press {key}").format(key=key), theme.INK_SOFT, (button.right + 14, button.centery),
                  "midleft")
        code_label = _("Enter a ritual code…")
        code_button = pygame.Rect(0, button.bottom + 12, font.size(code_label)[0] + 86, 50)
        pygame.draw.rect(block, (224, 204, 164), code_button, border_radius=10)
        pygame.draw.rect(block, theme.INK_SOFT, code_button, 2, border_radius=10)
        draw_icon(block, "hourglass", pygame.Rect(code_button.x + 12, code_button.y + 9, 32, 32), theme.INK_SOFT,
                  width=3)
        blit_text(block, font, code_label, theme.INK, (code_button.x + 54, code_button.centery), "midleft")
        blit_text(block, f.get("italic", 20), _("or press {key}").format(key="C"), theme.INK_SOFT,
                  (code_button.right + 14, code_button.centery), "midleft")
        y = code_button.bottom + 4
        return block.subsurface(pygame.Rect(0, 0, width, y)).copy(), [(action, button), (("code",), code_button)]

    def _circle_plate(self, half, plate: pygame.Rect, n: int, circle, chosen: bool,
                      own: OwnCards | None = None) -> None:
        f = self.fonts
        pygame.draw.rect(half, theme.PARCHMENT_DARK if chosen else (224, 204, 164), plate, border_radius=10)
        pygame.draw.rect(half, INK_RED if chosen else theme.INK_SOFT, plate, 3 if chosen else 1, border_radius=10)
        badge = pygame.Rect(plate.x + 14, plate.y + 14, 44, 44)
        pygame.draw.circle(half, theme.INK, badge.center, 22)
        blit_text(half, f.get("bold", 26), str(n + 1), theme.PARCHMENT, badge.center, "center")
        level = difficulty(n)
        sets, arrive = circle_lines(circle)
        cells = [f"{ROMAN[h]} +{circle.arrivals[h]}" if circle.arrivals.get(h) else ROMAN[h] for h in range(1, 7)]
        width = plate.right - 14 - (plate.x + 72)
        tag_room = 150 if own is not None and own.chosen else 0
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):  # the plate's words smaller together until they fit
            level_font = f.get("italic", round(22 * shrink))
            name_font = fit_font(f, "title", circle.name, width - level_font.size(level)[0] - 16,
                                 round(30 * shrink), 8)
            body = fit_font(f, "body", sets, width, round(22 * shrink), 8)
            arrive_font, cell_font = f.get("italic", round(20 * shrink)), f.get("bold", round(21 * shrink))
            cell_w = max(62, max(cell_font.size(c)[0] for c in cells) + 10)
            cell_h = max(36, cell_font.get_linesize() + 4)
            label_w = arrive_font.size(_("arrive:"))[0] + 12
            tall = (name_font.get_linesize() + body.get_linesize() + cell_h + 8 <= plate.h - 16)
            if tall and label_w + 6 * (cell_w + 6) + tag_room <= width:
                break
        y = plate.y + 12
        blit_text(half, name_font, circle.name, theme.INK, (plate.x + 72, y))
        blit_text(half, level_font, level, theme.INK_SOFT, (plate.right - 16, y + 4), "topright")
        y += name_font.get_linesize() + 2
        blit_text(half, body, sets, theme.INK, (plate.x + 72, y))
        y += body.get_linesize() + 4
        # the Hour track: I…VI, with the number of cards arriving at each Hour
        x0, y0 = plate.x + 72, y
        blit_text(half, arrive_font, _("arrive:"), theme.INK_SOFT, (x0, y0 + (cell_h - arrive_font.get_linesize()) // 2))
        x0 += label_w
        for h in range(1, 7):
            cell = pygame.Rect(x0 + (h - 1) * (cell_w + 6), y0, cell_w, cell_h)
            count = circle.arrivals.get(h, 0)
            if count:
                pygame.draw.rect(half, INK_RED, cell, border_radius=6)
                label, colour = f"{ROMAN[h]} +{count}", theme.PARCHMENT
            else:
                pygame.draw.rect(half, theme.INK_SOFT, cell, 1, border_radius=6)
                label, colour = ROMAN[h], theme.INK_SOFT
            blit_text(half, cell_font, label, colour, cell.center, "center")
        if own is not None and own.chosen:  # whether this Circle can take the ticked cards
            unfit = own.unfit(circle)
            tag = pygame.Rect(x0 + 6 * (cell_w + 6) + 10, y0, plate.right - 14 - (x0 + 6 * (cell_w + 6) + 10), cell_h)
            if unfit:
                veil = pygame.Surface(plate.size, pygame.SRCALPHA)
                pygame.draw.rect(veil, (*theme.PARCHMENT, 120), veil.get_rect(), border_radius=10)
                half.blit(veil, plate)
            mark = pygame.Rect(tag.x, tag.centery - 10, 20, 20)
            if unfit:  # a cross: the Circle has no room for the ticked cards
                pygame.draw.line(half, INK_RED, mark.topleft, mark.bottomright, 4)
                pygame.draw.line(half, INK_RED, mark.bottomleft, mark.topright, 4)
            else:  # a tick
                pygame.draw.lines(half, theme.INK, False, [(mark.x, mark.centery), (mark.x + 7, mark.bottom),
                                                          (mark.right, mark.y)], 4)
            text = unfit or _("with your cards")
            font = fit_font(f, "italic", text, tag.w - 28, 21, 15)
            blit_text(half, font, text, INK_RED if unfit else theme.INK, (tag.x + 28, tag.centery), "midleft")

    # an Hour ---------------------------------------------------------------------------
    def _hour(self, hour: int, ctx: BookContext) -> Spread:
        return finish(self._hour_steps(hour, ctx))

    def _hour_steps(self, hour: int, ctx: BookContext):
        """An Hour's spread a part at a time (a generator that returns the Spread, its halves not yet
        on their boards): drawn ahead while the mouse is on the table's small Grimoire, which opens
        the book there (ui.grimoire.warmer), or as a turn goes to it."""
        pages = hour_pages()
        page = pages.get(hour)
        if page is None:
            raise KeyError(f"no Hour {hour}")
        last = max(ctx.last_hour, 6)
        left = yield from self._blank_steps("left")
        right = yield from self._blank_steps("right")
        title = _(PAGE_TITLES[page.page]) if page.page in PAGE_TITLES else page.page.replace("_", " ").title()
        self._head(left, "left", _("The Grimoire Verum · {page}").format(page=title),
                   folio=_("Ritual code: {code}").format(code=ctx.code) if ctx.code else "")
        self._head(right, "right", _("Hour {hour} of {last}").format(hour=ROMAN[hour], last=ROMAN[last])
                   if hour <= last else _("Hour {hour} (only with The Long Night)").format(hour=ROMAN[hour]))
        yield
        f = self.fonts
        r = self.text_rect("left")
        caption = _("the {page} page").format(page=title)
        room = r.h - 30 - 80  # above the Hour track
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):  # the whole column smaller until it fits the page
            fonts = [fit_font(f, "title", _("HOUR"), r.w, round(30 * shrink), 8),
                     fit_font(f, "title", ROMAN[hour], r.w, round(190 * shrink), 8),
                     fit_font(f, "title", page.name, r.w, round(52 * shrink), 8),
                     fit_font(f, "italic", caption, r.w, round(28 * shrink), 8)]
            icon = round(180 * shrink)
            numeral_h = fonts[1].get_ascent()  # capitals: nothing below the baseline
            used = fonts[0].get_linesize() + numeral_h + fonts[2].get_linesize() + icon + fonts[3].get_linesize()
            if used <= room:
                break
        gap = max(0, (room - used) // 5)
        yield
        y = r.y + 30
        blit_text(left, fonts[0], _("HOUR"), theme.INK_SOFT, (r.centerx, y), "midtop")
        y += fonts[0].get_linesize() + gap // 2
        blit_text(left, fonts[1], ROMAN[hour], theme.INK, (r.centerx, y), "midtop")
        y += numeral_h + gap
        blit_text(left, fonts[2], page.name, INK_RED, (r.centerx, y), "midtop")
        y += fonts[2].get_linesize() + gap
        yield
        draw_icon(left, HOUR_ICONS.get(hour, "hourglass"), pygame.Rect(r.centerx - icon // 2, y, icon, icon),
                  theme.INK_SOFT, width=5)
        y += icon + gap
        blit_text(left, fonts[3], caption, theme.INK_SOFT, (r.centerx, y), "midtop")
        yield
        self._hour_track(left, pygame.Rect(r.x, r.bottom - 70, r.w, 56), hour, last)
        yield
        r = self.text_rect("right")
        y = r.y + 6
        y = self._section(right, r, _("The page rule"), y)
        rule = steps_text(page.page_rule) if page.page_rule else ""
        if rule and rule != "—":
            y = self._para(right, r, _("Entering this Hour, before the new deck is shuffled, you may "
                                       "{rule}.").format(rule=rule.rstrip(".")), y) + 6
            y = self._para(right, r, _("The table asks you which card, or none."), y, "ref", theme.INK_SOFT)
        else:
            y = self._para(right, r, _("This page asks nothing of you."), y)
        y += 26
        yield
        y = self._section(right, r, _("The token"), y)
        if page.tokens:
            disc = pygame.Rect(r.x, y + 4, 56, 56)
            pygame.draw.circle(right, theme.POWER, disc.center, 28)
            draw_icon(right, "token", disc.inflate(-10, -10), theme.INK)
            tr = pygame.Rect(r.x + 72, r.y, r.w - 72, r.h)
            y = self._para(right, tr, ngettext(
                "Entering this Hour, a Magical Power token is put on the Grimoire. Take it for 1 point of "
                "power when you need it.",
                "Entering this Hour, {n} Magical Power tokens are put on the Grimoire. Take one for 1 point "
                "of power when you need it.", page.tokens).format(n=page.tokens), y)
            y = self._para(right, tr, _("Still here when the Hour advances: 1 damage."), y, "h", INK_RED)
        else:
            y = self._para(right, r, _("No token is put on the Grimoire at this Hour."), y)
        y += 26
        yield
        y = self._section(right, r, _("Interference"), y)
        y = self._arrivals(right, r, hour, ctx, y) + 26
        yield
        y = self._section(right, r, _("When the deck runs out"), y)
        nxt = pages.get(hour + 1)
        if hour < last and nxt is not None:
            y = self._para(right, r, _("The Hour advances to {hour}, {name}, and the page turns.").format(
                hour=ROMAN[hour + 1], name=nxt.name), y)
        else:
            y = self._para(right, r, _("This is the last Hour. If it must advance again before BAPHOMET is in "
                                       "play, the ritual fails."), y, "p", INK_RED)
        return Spread(left, right)

    def _section(self, half, rect: pygame.Rect, text: str, y: int) -> int:
        font = self.fonts.get("title", 26)
        blit_text(half, font, text, INK_RED, (rect.x, y))
        y += font.get_linesize()
        pygame.draw.line(half, theme.PARCHMENT_DARK, (rect.x, y), (rect.right, y), 2)
        return self._below(y + 8)

    def _arrivals(self, half, rect: pygame.Rect, hour: int, ctx: BookContext, y: int) -> int:
        all_circles = circles()
        chosen = all_circles.get(ctx.circle_id) if ctx.circle_id else None
        if chosen is not None:
            n = chosen.arrivals.get(hour, 0)
            if n:
                return self._para(half, rect, ngettext(
                    "{circle}: entering this Hour, the next set-aside card joins the discard pile before it "
                    "is shuffled.",
                    "{circle}: entering this Hour, the next {n} set-aside cards join the discard pile before "
                    "it is shuffled.", n).format(circle=chosen.name, n=n), y)
            return self._para(half, rect, _("{circle}: no interference arrives at this Hour.").format(
                circle=chosen.name), y)
        names = [f"{book.short_circle_name(c.name)} {c.arrivals[hour]}" for c in all_circles.values()
                 if c.arrivals.get(hour)]
        if not names:
            return self._para(half, rect, _("No Circle adds interference at this Hour."), y)
        return self._para(half, rect, _("Cards that arrive at this Hour, by Circle: {list}.").format(list=", ".join(names)), y)

    def _hour_track(self, half, rect: pygame.Rect, hour: int, last: int) -> None:
        f = self.fonts
        n = max(last, hour)
        cell_w = min(86, (rect.w - 8 * (n - 1)) // n)
        x = rect.centerx - (n * cell_w + 8 * (n - 1)) // 2
        for h in range(1, n + 1):
            cell = pygame.Rect(x + (h - 1) * (cell_w + 8), rect.y, cell_w, rect.h - 14)
            if h == hour:
                pygame.draw.rect(half, theme.INK, cell, border_radius=6)
                colour = theme.PARCHMENT
            else:
                pygame.draw.rect(half, theme.INK_SOFT, cell, 1 if h > hour else 2, border_radius=6)
                colour = theme.INK_SOFT
            blit_text(half, f.get("bold", 22), ROMAN[h], colour, cell.center, "center")
            if h < hour:  # Hours gone by are struck through: shape, not colour alone
                pygame.draw.line(half, theme.INK_SOFT, cell.bottomleft, cell.topright, 1)
        marker = x + (hour - 1) * (cell_w + 8) + cell_w // 2
        pygame.draw.polygon(half, theme.INK, [(marker, rect.bottom - 10), (marker - 8, rect.bottom),
                                              (marker + 8, rect.bottom)])

    # Judgement ---------------------------------------------------------------------------
    def _hierarchy(self, ctx: BookContext) -> Spread:
        left, right = self.blank("left"), self.blank("right")
        self._head(left, "left", _("The Grimoire Verum · Hierarchy"))
        self._head(right, "right", _("The Grand Hierarchy"))
        f = self.fonts
        r = self.text_rect("left")
        y = self._title(left, r, _("Judgement"), 52, r.y + 10) + 20
        rank = None
        if ctx.outcome is not None:
            won, score, rank, message, hour = ctx.outcome
            rank = rank if won else None
            if won:
                draw_icon(left, "crown", pygame.Rect(r.centerx - 70, y, 140, 140), (150, 106, 36), width=6)
                y += 160
                blit_text(left, f.get("italic", 28), _("BAPHOMET answers. Your rank:"), theme.INK_SOFT,
                          (r.centerx, y), "midtop")
                y += 44
                rank_name = _(rank) if rank else ""
                name_font = fit_font(f, "title", rank_name, r.w, 64, 30)
                blit_text(left, name_font, rank_name, INK_RED, (r.centerx, y), "midtop")
                y += name_font.get_linesize() + 10
                blit_text(left, f.get("bold", 30), _("Score {score}").format(score=score), theme.INK, (r.centerx, y), "midtop")
                y += 60
            else:
                draw_icon(left, "damage", pygame.Rect(r.centerx - 60, y, 120, 120), theme.BLOOD)
                y += 140
                blit_text(left, f.get("title", 40), _("The ritual has failed"), INK_RED, (r.centerx, y), "midtop")
                y += 70
            y = self._para(left, r, message, y) + 12
            if hour:
                self._para(left, r, _("The Grimoire stood at Hour {hour}.").format(hour=ROMAN.get(hour, hour)), y, "ref",
                           theme.INK_SOFT)
        else:
            y = self._para(left, r, _("When BAPHOMET is summoned, the Grimoire turns to this page."), y) + 12
            y = self._para(left, r, _("Any card left in the deck, the hand or the discard pile: the ritual has "
                                      "failed, with no score."), y) + 12
            y = self._para(left, r, _("Otherwise: 1, plus 2 for each Hour left after the current one, minus 1 "
                                      "for each other non-Key card his summoning sacrificed from play, plus 1 "
                                      "for each damage token you did not take."), y) + 12
            self._para(left, r, _("A negative score fails; 0 or more earns a rank."), y)
        r = self.text_rect("right")
        y = self._title(right, r, _("The Grand Hierarchy"), 40, r.y + 10) + 30
        row_h = 110
        for lowest, name in reversed(book.HIERARCHY):
            row = pygame.Rect(r.x, y, r.w, row_h - 16)
            mine = name == rank
            if mine:
                pygame.draw.rect(right, theme.PARCHMENT_DARK, row, border_radius=10)
                pygame.draw.rect(right, INK_RED, row, 4, border_radius=10)
                blit_text(right, f.get("bold", 22), _("your rank"), INK_RED, (row.right - 18, row.bottom - 34),
                          "topright")
            else:
                pygame.draw.line(right, theme.PARCHMENT_DARK, row.bottomleft, row.bottomright, 2)
            blit_text(right, f.get("title", 36), _(name), theme.INK, (row.x + 24, row.centery), "midleft")
            blit_text(right, f.get("bold", 32), book.HIERARCHY_SPANS[name], theme.INK_SOFT,
                      (row.right - 24, row.y + 12), "topright")
            y += row_h
        self._para(right, r, _("Score: 1 + 2 for each Hour left + 1 for each damage token not taken − 1 for "
                               "each other non-Key card sacrificed from play."), y + 10, "ref", theme.INK_SOFT)
        return Spread(left, right)

    # the reference ---------------------------------------------------------------------
    def _contents(self, ctx: BookContext = BookContext()) -> Spread:
        return finish(self._contents_steps(ctx))

    def _dot(self) -> pygame.Surface:
        """One dot of the contents' leaders: the pixels `pygame.draw.circle(…, DOT_R)` draws round
        the picture's centre, the rest colour-keyed (blitted, 500 of them cost a fifth of drawing them)."""
        if self._dot_picture is None:
            dot = pygame.Surface((2 * DOT_R + 1, 2 * DOT_R + 1))
            dot.fill(DOT_KEY)
            pygame.draw.circle(dot, theme.PARCHMENT_DARK, (DOT_R, DOT_R), DOT_R)
            dot.set_colorkey(DOT_KEY)
            self._dot_picture = dot
        return self._dot_picture

    def _contents_steps(self, ctx: BookContext, onto: tuple | None = None):
        """The contents spread a line at a time (a generator that returns the Spread, its halves not
        yet on their boards): drawn ahead as a turn goes back to it. `onto`: two surfaces to draw
        on instead of blank halves (the warmer draws onto two pixels: the fonts are loaded and the
        words rasterised once, at no cost in pages)."""
        if onto is not None:
            left, right = onto
        else:
            left = yield from self._blank_steps("left")
            right = yield from self._blank_steps("right")
        self._head(left, "left", _("The Grimoire Verum"),
                   folio=_("Ritual code: {code}").format(code=ctx.code) if ctx.code else "")
        self._head(right, "right", _("How to read this book"))
        f = self.fonts
        ref = self.reference
        r = self.text_rect("left")
        y = self._title(left, r, _("Contents"), 48, r.y + 4) + 14
        entries = [(ref.chapter_title[c], ("goto", self.chapter_spread(c)), ref.chapter_page[c] + 1)
                   for c in ref.chapter_title if c not in ("glossary", "faq")]
        entries += [(None, None, None)]
        entries += [(ref.chapter_title["glossary"], ("goto", self.chapter_spread("glossary")),
                     ref.chapter_page["glossary"] + 1),
                    (ref.chapter_title["faq"], ("goto", self.chapter_spread("faq")), ref.chapter_page["faq"] + 1),
                    (None, None, None),
                    (_("The five Circles"), ("goto", "circles"), None),
                    (_("The Hours, I to VII"), ("goto", "hour1"), None),
                    (_("Judgement: the Grand Hierarchy"), ("goto", "hierarchy"), None)]
        font, num_font = f.get("body", 25), f.get("italic", 23)
        hits = []
        row_h = max(font.get_linesize(), min(38, (r.bottom - y) // max(1, len(entries))))
        for label, action, number in entries:
            if label is None:
                y += row_h // 2
                continue
            row = pygame.Rect(r.x, y, r.w, row_h)
            number_w = num_font.size(_("p. {n}").format(n=number))[0] + 24 if number is not None else 0
            image = fit_font(f, "body", label, r.w - number_w, 25, 8).render(label, True, theme.INK)
            left.blit(image, (row.x, row.y))
            if number is not None:
                num = num_font.render(_("p. {n}").format(n=number), True, theme.INK_SOFT)
                left.blit(num, num.get_rect(topright=(row.right, row.y + 2)))
                dots_from, dots_to = row.x + image.get_width() + 10, row.right - num.get_width() - 10
                dot_y = row.y + font.get_ascent() - 2 - DOT_R
                left.blits([(self._dot(), (x - DOT_R, dot_y)) for x in range(dots_from, dots_to, 12)], doreturn=False)
            hits.append((action, "left", row))
            y += row_h
            yield
        self._below(y)
        r = self.text_rect("right")
        y = self._title(right, r, _("Leafing through"), 40, r.y + 4) + 14
        for text in (_("Click a line of the contents to turn to it."),
                     _("Click the right-hand page, or press → or Page Down, to turn forward."),
                     _("Click the left-hand page, or press ← or Page Up, to turn back."),
                     _("Home: back to this page."),
                     _("Esc or F1: close the book and return to where you were."),
                     _("The mouse wheel turns pages too.")):
            y = self._bullet(right, r, text, y) + 8
            yield
        y += 24
        y = self._section(right, r, _("At the table"), y)
        for text in (_("Drag a card from your hand into play to summon it; drag a card in play onto the "
                       "discard or sacrifice pile to scrap or sacrifice it. Click a card for its "
                       "actions; right-click shows it large."),
                     _("Tab and Shift+Tab, or the arrow keys, move the outline over your hand, play, "
                       "the piles and the buttons. Enter opens what is outlined and confirms."),
                     _("1–9 pick in a menu or a choice; on the table they play the hand's cards."),
                     _("Esc backs out of a menu (on the table it pauses). Space ends the turn; Ctrl+Z "
                       "undoes; H asks for a hint, also during a choice; F11 fullscreen; F1 this book.")):
            y = self._bullet(right, r, text, y) + 8
            yield
        return Spread(left, right, hits)

    def _text_page(self, index: int, side: str) -> pygame.Surface:
        return finish(self._text_page_steps(index, side))

    def _text_page_steps(self, index: int, side: str):
        """`_text_page` a line at a time (a generator that returns the half): drawn ahead over
        several frames (`prepare`)."""
        half = yield from self._blank_steps(side)
        ref = self.reference
        if index >= len(ref.pages):
            return half
        page = ref.pages[index]
        self._head(half, side, page.title or "", f"{index + 1}")
        r = self.text_rect(side)
        y0 = r.y + 10
        if not page.lines:  # the right page left over where a chapter ends: an ornament, not a blank
            mark = pygame.Rect(0, 0, 140, 140)
            mark.center = (r.centerx, r.centery - 40)
            draw_icon(half, "pentacle", mark, theme.PARCHMENT_DARK)
            words = _("Here ends the {title}. Turn the page for what follows.").format(title=page.title) \
                if page.title else _("Turn the page for what follows.")
            blit_text(half, fit_font(self.fonts, "italic", words, r.w, 24), words, theme.INK_SOFT,
                      (r.centerx, mark.bottom + 30), "midtop")
            return half
        for line in page.lines:
            yield
            font = font_for(self.fonts, line.style)
            colour = {"chapter": INK_RED, "ref": theme.INK_SOFT, "q": INK_RED}.get(line.style, theme.INK)
            if line.style == "chapter":
                image = font.render(line.text, True, colour)
                half.blit(image, image.get_rect(midtop=(r.centerx, y0 + line.y)))
                continue
            if line.bullet:
                half.blit(font.render(BULLET, True, theme.INK_SOFT), (r.x + 6, y0 + line.y))
            if line.style == "ref":
                image = font.render(line.text, True, colour)
                half.blit(image, image.get_rect(topright=(r.right, y0 + line.y)))
                continue
            half.blit(font.render(line.text, True, colour), (r.x + line.x, y0 + line.y))
        return half

    # the small book on the table -----------------------------------------------------------
    def small_parchment(self, size: tuple[int, int]) -> pygame.Surface:
        """The parchment scaled to `size` (the table's small page; kept with those pages). The big
        one is not kept for it while no book is open."""
        key = ("parchment", tuple(size))
        small = self._minis.get(key)
        if small is None:
            small = pygame.transform.smoothscale(self.parchment(), size)
            self._minis[key] = small
            if not list(self._readers):
                self._parchment = None
        return small

    def mini_page(self, page_id: str, size: tuple[int, int], context: BookContext = BookContext()) -> pygame.Surface:
        """One small page for the table's Grimoire element (the Hour at a glance)."""
        self._follow_language()
        key = (page_id, size, context)
        if key in self._minis:
            return self._minis[key]
        w, h = size
        page = pygame.Surface(size)
        page.blit(self.small_parchment(size), (0, 0))
        pygame.draw.line(page, theme.PARCHMENT_DARK, (0, 0), (0, h), 3)
        f = self.fonts
        hour = book.hour_of(page_id)
        cx = w // 2
        if hour is not None:
            hp = hour_pages()[hour]
            last = max(context.last_hour, hour)
            rule = steps_text(hp.page_rule) if hp.page_rule else ""
            note = _("page rule: {rule}").format(rule=rule) if rule and rule != "—" else _("no page rule")
            _stack_lines(page, f, [
                ("title", 16, _("GRIMOIRE · Hour {hour} of {last}").format(hour=ROMAN[hour], last=ROMAN[last]),
                 theme.INK_SOFT, 1),
                ("title", 50, _("Hour {hour}").format(hour=ROMAN[hour]), theme.INK, 1),
                ("italic", 24, hp.name, INK_RED, 1),
                ("body", 17, note, theme.INK_SOFT, 2),
            ])
        elif page_id == "hierarchy":
            blit_text(page, f.get("title", 16), _("GRIMOIRE · Hierarchy"), theme.INK_SOFT, (cx, 8), "midtop")
            blit_text(page, f.get("title", 40), _("Judgement"), theme.INK, (cx, 30), "midtop")
            out = context.outcome
            text = (_("Rank: {rank}").format(rank=_(out[2]) if out[2] else "")) if out and out[0] else (
                _("The ritual has failed") if out else "")
            font = fit_font(f, "title", text, w - 16, 28, 16)
            blit_text(page, font, text, INK_RED, (cx, 86), "midtop")
            if out and out[0]:
                blit_text(page, f.get("body", 18), _("score {score}").format(score=out[1]), theme.INK_SOFT, (cx, 122), "midtop")
        else:
            blit_text(page, f.get("title", 30), _("GRIMOIRE"), theme.INK, (cx, h // 2), "center")
        self._minis[key] = page
        return page


def _stack_lines(page: pygame.Surface, fonts, items) -> None:
    """Lines (role, size, text, colour, most lines) one under another, centred on the page: each
    at its size if it fits the page's width (wrapped onto at most so many lines), else at the
    largest size that does; when the whole stack is taller than the page, every size is made
    smaller together until it fits (at any UI scale and in any language) — but never a line below
    theme.MIN_TEXT, the table's smallest readable size: the large lines give up the room."""
    w, h = page.get_size()
    width = w - 16
    for shrink in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
        laid = []
        for role, size, text, colour, most in items:
            least = min(size, fonts.at_least(theme.MIN_TEXT))
            size = max(least, round(size * shrink))
            font = fonts.get(role, size)
            lines = wrap(font, text, width) if text else []
            while len(lines) > most and size > least:
                size -= 1
                font = fonts.get(role, size)
                lines = wrap(font, text, width)
            if lines and max(font.size(line)[0] for line in lines) > width:
                font = fit_font(fonts, role, max(lines, key=lambda line: font.size(line)[0]), width, size, least)
            laid += [(font, line, colour) for line in lines[:most]]
        height = sum(font.get_linesize() for font, _line, _colour in laid)
        if height <= h - 10:
            break
    y = 6 + max(0, (h - 10 - height) // 4)
    for font, line, colour in laid:
        blit_text(page, font, line, colour, (w // 2, y), "midtop")
        y += font.get_linesize()
