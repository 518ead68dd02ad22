"""The Grimoire on screen: a two-page book that turns its pages (GrimoireScene), and the small
book on the table that turns with the Hours (TableGrimoire).

Modes of the scene:
  "ritual"     Cover → Circle spread → the player picks a Circle → the page turns to Hour I and
               the table opens on that Circle (app.new_ritual). On the Circle spread the player may
               put their own custom cards (the editor's library) into the set-aside interference,
               each in place of a printed card of its level (own_cards.OwnCardsDialog); the game is
               then set up with editor.ritual.custom_setup and opened with app.play.
  "reference"  the rules, glossary and FAQ from the contents page (or any spread); Esc or F1
               closes the book and the scene below (the table, the title) carries on as it was.
"""

from __future__ import annotations

import functools
import logging
import time
import weakref

import pygame

from aleph_null_desktop.i18n import Deferred, _, current_language, later
from aleph_null_desktop.storage.os_reason import reason
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.grimoire import book
from aleph_null_desktop.ui.grimoire.pages import CORNER, BookArt, BookContext, OwnCards, Spread, names_of
from aleph_null_desktop.ui.grimoire.turn import TURN_SECONDS, PageTurn, draw_leaf, leaf_area, leaf_cover
from aleph_null_desktop.ui.scenes.stack import Scene, around
from aleph_null_desktop.ui.widgets.keyfocus import is_enter
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, fit_font
from aleph_null_desktop.ui.render.veil import darken

log = logging.getLogger(__name__)

BOOK_TOP = 26
START_DELAY = 0.55  # a breath on Hour I before the table opens
NOTICE_SECONDS = 5.0
PREPARE_SECONDS = 0.0015  # of a frame, spent drawing ahead the spread of the next turn (queued, or forward) …
TURNING_FRAME_SECONDS = 0.005  # … while a page turns, only what this leaves of a frame once its leaf and book
PREPARE_LEAST = 0.0003  # are drawn (the present, ≈ 2–3.5 ms, aside), and at least this
WAITING_FRAME_SECONDS = 0.004  # … and while the book waits on a landed page for the next turn's spread
_ART: dict[int, BookArt] = {}
SHADOW_ALPHA = 90
HINT_KEY = (255, 0, 255)  # no colour of the hint's box and words: where its rounded corners show what is under it
SHADOW_RADIUS = 24
# the line under the book, by the BookArt it was drawn for: (what it says, its picture), kept from one
# opening to the next (drawing it cost the opening frame 0.35 ms)
_HINTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@functools.cache
def _shadow_corners() -> pygame.Surface:
    """A disc of the shadow's corner radius; each quarter is one corner of the book's shadow."""
    disc = pygame.Surface((2 * SHADOW_RADIUS, 2 * SHADOW_RADIUS), pygame.SRCALPHA)
    pygame.draw.rect(disc, (0, 0, 0, SHADOW_ALPHA), disc.get_rect(), border_radius=SHADOW_RADIUS)
    return disc


def book_art(fonts) -> BookArt:
    """One BookArt per Fonts object and look (ui.style): the spreads are drawn once and reused."""
    key = (id(fonts), style.current())
    art = _ART.get(key)
    if art is None or art.fonts is not fonts:
        art = BookArt(fonts)
        _ART.clear()
        _ART[key] = art
    return art


def play_page_turn(app) -> None:
    """The page-turn sound, when the app has an audio system; silence otherwise."""
    play = getattr(app, "sound", None)  # App.sound(name): play_sfx when audio started
    if play is None:
        play = getattr(getattr(app, "audio", None), "play_sfx", None)
    if play is None:
        return
    try:
        play("page_turn")
    except Exception:  # sound is never worth a crash
        log.debug("page_turn sound failed", exc_info=True)


class GrimoireScene(Scene):
    """The book, full screen. `page` is the spread to open at (default: the mode's first)."""

    veil = 200  # how dark what is under the book (as an overlay) is drawn

    def __init__(self, app, mode: str = "reference", page: str | None = None, game=None,
                 circle_id: str | None = None) -> None:
        super().__init__(app)
        if mode not in ("ritual", "reference"):
            raise ValueError(f"unknown Grimoire mode {mode!r}")
        self.mode = mode
        self.art = book_art(app.fonts)
        self.art.opened_by(self)
        self.game = game
        self.library = None  # ritual mode: the editor's library of custom cards
        self.shelf = None  # ritual mode: the card packs (cardpacks.PackShelf)
        self.choice = None  # ritual mode: editor.RitualChoice, the custom cards ticked for this ritual
        self._library_stale = False
        self.notice_text, self.notice_time = "", 0.0
        if mode == "ritual":
            self._load_library()
        self.context = BookContext.of_game(game, circle_id)
        if self.choice is not None:
            self.context = BookContext(circle_id, own=self.own_cards())
        below = app.stack.top
        self.overlay = below is not None and mode == "reference"
        # over a ritual (which stands still while the book is open) the darkened table is kept as
        # one picture, and the table lets its own pictures go
        self.keeps_under = self.overlay and getattr(below, "game", None) is not None
        self.page = page or (book.page_for_phase("closed") if mode == "ritual" else book.page_for_phase("reference"))
        self.turn: PageTurn | None = None
        self.queue: list[str] = []
        self.chosen: str | None = None
        self.deal: int | None = None  # the deal of an entered ritual code; None: a new deal
        self.start_timer: float | None = None
        self.hover = None
        self.mouse = (0, 0)
        hw, hh = self.art.half_size
        self.spine_x = theme.LOGICAL_SIZE[0] // 2
        self.top = BOOK_TOP
        self.left_rect = pygame.Rect(self.spine_x - hw, self.top, hw, hh)
        self.right_rect = pygame.Rect(self.spine_x, self.top, hw, hh)
        self._background = None
        self._painted = None  # (what the screen shows of a turn, the columns its leaf covered)
        self._asked: list = []  # the region repaint_region gave the stack for this frame
        self._shown = False  # drawn once: the opening frame draws nothing ahead (it takes the contents drawn ahead)

    # ------------------------------------------------------------------ the book's order
    def order(self) -> list[str]:
        if self.mode == "ritual":
            return book.ritual_pages(self.context.last_hour)
        return self.art.reference_order()

    def spread(self, page_id: str) -> Spread:
        return self.art.spread(page_id, self.context)

    @property
    def target(self) -> str:
        """The spread the book will rest on once every turn has landed."""
        if self.queue:
            return self.queue[-1]
        return self.turn.end if self.turn else self.page

    def turn_to(self, page_id: str) -> None:
        if page_id == self.target:
            return
        if not self.art.page_exists(page_id):  # unknown pages fail here, before anything moves
            raise KeyError(f"no page {page_id!r} in the Grimoire")
        if self.turn is None and not self.queue:
            self._start_turn(page_id)
        else:
            self.queue.append(page_id)

    def _start_turn(self, page_id: str) -> None:
        order = self.order()
        t = book.turn_between(order, self.page, page_id)
        # both spreads are drawn now, not mid-turn (a queued page is drawn when its turn starts:
        # the cache then holds the two spreads a turn shows, whatever else was asked for)
        self.spread(self.page), self.spread(page_id)
        self.turn = PageTurn(self.page, page_id, t.forward, TURN_SECONDS)
        play_page_turn(self.app)

    def step(self, delta: int) -> None:
        order = self.order()
        here = self.target
        if here not in order:
            return
        i = order.index(here) + delta
        if 0 <= i < len(order):
            if self.mode == "ritual" and order[i] not in ("cover", "circles"):
                return  # the Hours turn by themselves, once a Circle is chosen
            self.turn_to(order[i])

    # ------------------------------------------------------------------ the player's own cards
    def _load_library(self) -> None:
        """(Re)reads the custom cards from the data folder; a file set aside is said, never raised."""
        from aleph_null_desktop.cardpacks import PackShelf
        from aleph_null_desktop.editor import Library, RitualChoice

        try:
            if self.library is None:
                self.library = Library()
            messages = self.library.load()
            if self.shelf is None:
                self.shelf = PackShelf()
            self.shelf.start_loading()  # unchanged packs at once, new ones read off the frame loop
            messages += self.shelf.take_loaded() or []
        except Exception as exc:  # the book must open even if the folder cannot be read
            log.warning("custom cards not loaded: %s", exc)
            messages = [_("Your custom cards could not be read ({why}).").format(why=reason(exc))]
        if self.choice is None:
            self.choice = RitualChoice(lambda: self.library.records() if self.library else [],
                                       packs=lambda: list(self.shelf.packs.values()) if self.shelf else [])
        self.choice.refresh()
        if messages:
            self.notice(" ".join(map(str, messages)))

    def own_cards(self) -> OwnCards | None:
        """What the Circle spread shows of the player's cards (None outside a new ritual)."""
        if self.choice is None:
            return None
        from aleph_null_desktop.engine.cards import cardset_with

        cards = cardset_with(self.choice.pack.records if self.choice.pack else ())
        by_id = self.choice.by_id()
        chosen = []
        for cid in self.choice.chosen:
            record = by_id[cid]
            replaced = self.choice.replaces.get(cid)
            chosen.append((names_of(record.get("name")) or (("en", cid),), int(record.get("level", 0)),
                           names_of(dict(cards[replaced].names))
                           if replaced in cards else ()))
        pack = self.choice.pack_label()
        interference = tuple(tuple(names_of(dict(cards[i].names))
                                   for i in cards.interference_ids(level))
                             for level in (1, 2, 3)) if self.choice.pack else ()
        return OwnCards(len(by_id), tuple(chosen), pack, len(self.choice.packs()), interference)

    def own_changed(self) -> None:
        """After the sheet of own cards was put away: the Circle page shows the new choice."""
        if self.choice is not None and self.chosen is None:
            self.context = BookContext(self.context.circle_id, self.context.last_hour, self.context.outcome,
                                       self.own_cards())
            self.hover = self.hit_at(self.mouse)

    def open_own_cards(self) -> None:
        """The sheet where the player ticks their own cards (or the Card editor, with none yet)."""
        from aleph_null_desktop.ui.grimoire.own_cards import OwnCardsDialog

        if self.choice is None or self.chosen is not None or self.app.stack.top is not self:
            return
        self.app.stack.push(OwnCardsDialog(self.app, self.choice, on_close=self.own_changed,
                                           on_editor=self.open_editor))

    def open_editor(self) -> None:
        """The Card editor over the book; the book reads the cards again when it comes back."""
        from aleph_null_desktop.ui.editor import open_editor

        if self.chosen is not None:
            return
        self._library_stale = True
        open_editor(self.app)

    def notice(self, text: str) -> None:
        """A line in the hint bar under the book for a few seconds (why a Circle was refused…)."""
        self.notice_text, self.notice_time = text, NOTICE_SECONDS

    # ------------------------------------------------------------------ a ritual code
    def code_problem(self, text: str) -> str | None:
        """Why *text* cannot be played (in words), or None."""
        from aleph_null_desktop.rituals.code import CodeError, parse

        if not text.strip():
            return _("Type or paste a ritual code.")
        try:
            code = parse(text)
        except CodeError as exc:
            return str(exc)
        problem = self.choice.code_problem(code)
        return _("This ritual can't be played here: {problem}.").format(problem=problem) if problem else None

    def open_code_entry(self) -> None:
        """A dialog where the player types or pastes a ritual code (the clipboard's code is offered)."""
        from aleph_null_desktop.ui.editor.dialog import DialogScene
        from aleph_null_desktop.ui.editor.textfield import Clipboard

        if self.choice is None or self.chosen is not None or self.app.stack.top is not self:
            return
        pasted = Clipboard.get().strip()
        offered = pasted if pasted and len(pasted) <= 300 and self.code_problem(pasted) is None else ""
        self.app.stack.push(DialogScene(
            self.app, _("Enter a ritual code"),
            _("A ritual code deals the same ritual again: the same Circle, the same cards in the same order. "
              "Type it or paste it (Ctrl+V)."),
            buttons=[(_("Play this ritual"), self.play_code), (_("Cancel"), None)],
            field_text=offered, check=self.code_problem, max_length=300, name="ritual_code"))

    def play_code(self, text: str) -> None:
        """The Circle and deal of a ritual code, with the card set it names."""
        from aleph_null_desktop.rituals.code import CodeError, parse

        try:
            code = parse(text)
        except CodeError as exc:
            self.notice(str(exc))
            return
        problem = self.choice.take_code(code)
        if problem:
            self.notice(_("This ritual can't be played here: {problem}.").format(problem=problem))
            return
        self.deal = code.deal
        self.chosen = code.circle
        self.context = BookContext(code.circle, own=self.own_cards())
        self.turn_to(book.page_for_phase("playing", 1))

    # ------------------------------------------------------------------ choosing a Circle
    def choose_circle(self, circle_id: str) -> None:
        if self.mode != "ritual" or self.chosen is not None:
            return
        if self.choice is not None and self.choice.chosen:
            problem = self.choice.problem(circle_id)
            if problem:
                from aleph_null_desktop.engine.cards import circles

                self.notice(_("{circle}: {problem}. Change your cards (O) or choose another Circle.").format(
                    circle=circles()[circle_id].name, problem=problem))
                return
        self.chosen = circle_id
        self.context = BookContext(circle_id, own=self.own_cards())
        self.turn_to(book.page_for_phase("playing", 1))

    def start_ritual(self, seed: int | None = None) -> None:
        """The table opens on the chosen Circle, with the player's ticked cards set aside (`seed`:
        the deal of a ritual code; None: a new deal)."""
        if self.choice is None or not (self.choice.chosen or self.choice.pack or self.choice.eternal_light):
            self.app.new_ritual(self.chosen, seed)
            return
        from aleph_null_desktop.cardpacks import mark_game
        from aleph_null_desktop.engine import new_game

        from aleph_null_desktop.rituals.code import CODE_OPTION, new_deal

        seed = new_deal(self.app.rng) if seed is None else seed
        records, pool = self.choice.setup(self.chosen, seed)
        game = new_game(seed=seed, circle=self.chosen, cards=records, interference_pool=pool,
                        eternal_light=self.choice.eternal_light)
        mark_game(game, self.choice.pack)
        game.options[CODE_OPTION] = str(self.choice.code(self.chosen, seed))
        self.app.play(game, self.chosen)
        log.info("a ritual of the %s with custom cards: %s, card pack: %s", self.chosen,
                 ", ".join(self.choice.chosen), self.choice.pack.name if self.choice.pack else None)
        table = self.app.stack.top
        if self.choice.pack:
            pack = self.choice.pack  # said again in the language of the moment after a switch
            table.add_to_log(later("Card pack: {name} ({summary}).", name=Deferred(lambda: pack.name),
                                   summary=Deferred(lambda: pack.summary)))
        if self.choice.chosen:
            names = "; ".join(_("{name} in place of {replaced}").format(name=name, replaced=replaced)
                              for name, _level, replaced in self.own_cards().chosen_words())
            table.add_to_log(_("Your own cards are set aside: {names}.").format(names=names))

    def close(self) -> None:
        if self.mode == "ritual" and len(self.app.stack.scenes) <= 1:
            self.app.show_title()
        elif self.app.stack.top is self:
            self.app.stack.pop()

    # ------------------------------------------------------------------ input
    def hit_at(self, pos):
        """The action under the point: ("circle", id), ("goto", page), ("next",), ("back",) or None."""
        if self.turn is not None or self.chosen is not None:
            return None
        spread = self.spread(self.page)
        for action, side, rect in spread.hits:
            origin = self.left_rect.topleft if side == "left" else self.right_rect.topleft
            if rect.move(origin).collidepoint(pos):
                return action
        if self.page == "cover":
            return ("next",) if self.right_rect.collidepoint(pos) else None
        if self.right_rect.collidepoint(pos) and spread.right is not None:
            return ("next",)
        if self.left_rect.collidepoint(pos) and spread.left is not None:
            return ("back",)
        return None

    def act(self, action) -> None:
        if action is None:
            return
        kind = action[0]
        if kind == "circle":
            self.choose_circle(action[1])
        elif kind == "goto":
            self.turn_to(action[1])
        elif kind == "next":
            self.step(+1)
        elif kind == "back":
            self.step(-1)
        elif kind == "own":
            self.open_own_cards()
        elif kind == "editor":
            self.open_editor()
        elif kind == "code":
            self.open_code_entry()

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.hit_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self.act(self.hit_at(event.pos))
        elif event.type == pygame.MOUSEWHEEL:
            if self.chosen is None:
                self.step(-1 if event.y > 0 else +1)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_F6) or (
                    is_enter(event) and self.target != "cover"):
                return False  # they move the outline over what the page offers (ui.button_focus)
            return self._key(event.key)
        else:
            return False
        return True

    def focus_targets(self) -> list:
        """What the outline reaches on the open spread (a Circle, a line of the contents …), for
        the arrow keys and a pad: Enter (A) does what a click there does."""
        from aleph_null_desktop.ui.button_focus import Target

        if self.turn is not None or self.chosen is not None:
            return []
        targets = []
        for action, side, rect in self.spread(self.page).hits:
            origin = self.left_rect.topleft if side == "left" else self.right_rect.topleft
            targets.append(Target(rect.move(origin), lambda a=action: self.act(a)))
        return targets

    def _key(self, key) -> bool:
        """The book's keys; False for a key that means nothing here (it is not used)."""
        if key in (pygame.K_ESCAPE, pygame.K_F1):
            if self.chosen is None:
                self.close()
        elif self.chosen is not None:
            return False
        elif key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.step(+1)
        elif key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_BACKSPACE):
            self.step(-1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.target == "cover":
            self.step(+1)
        elif key in (pygame.K_o, pygame.K_e) and self.choice is not None and self.target == "circles" \
                and self.turn is None:
            if key == pygame.K_e or not self.choice.records():
                self.open_editor()
            else:
                self.open_own_cards()
        elif key == pygame.K_c and self.choice is not None and self.target == "circles" and self.turn is None:
            self.open_code_entry()
        elif key == pygame.K_HOME and self.mode == "reference":
            self.turn_to("contents")
        elif pygame.K_1 <= key <= pygame.K_9 and self.target == "circles" and self.turn is None:
            circle_hits = [a for a, _side, _rect in self.spread("circles").hits if a[0] == "circle"]
            index = key - pygame.K_1
            if index >= len(circle_hits):
                return False
            self.choose_circle(circle_hits[index][1])
        else:
            return False
        return True

    # ------------------------------------------------------------------ time
    def restyle(self) -> None:
        self.art = book_art(self.app.fonts)

    def update(self, dt: float) -> None:
        self.notice_time = max(0.0, self.notice_time - dt)
        if self.shelf is not None and self.shelf.loading:
            read = self.shelf.take_loaded()
            if read is not None:  # the card packs have been read
                self.choice.refresh()
                self.own_changed()
                if read:
                    self.notice(" ".join(map(str, read)))
        if self._library_stale and self.app.stack.top is self:  # back from the Card editor
            self._library_stale = False
            self._load_library()
            self.own_changed()
        if self.turn is not None:
            self.turn.update(self.app.motion_dt(dt) * (2.0 if self.queue else 1.0))
            if self.turn.done:
                self.page = self.turn.end
                self.turn = None
                if self.queue:
                    self._next_turn()
                elif self.chosen is not None:
                    self.start_timer = START_DELAY
                self.hover = self.hit_at(self.mouse)
        elif self.queue:  # a turn landed before the next one's spread was drawn ahead
            self._next_turn(WAITING_FRAME_SECONDS)  # (such a frame draws next to nothing)
        elif self.chosen is None and self._shown:  # the book lies open: the next spread, for a turn forward
            order = self.order()
            at = order.index(self.page) if self.page in order else len(order)
            if at + 1 < len(order):
                self.art.prepare(order[at + 1], self.context, PREPARE_SECONDS)
        elif self.start_timer is not None:
            self.start_timer -= dt
            if self.start_timer <= 0:
                self.start_timer = None
                self.start_ritual(self.deal)

    def _prepare_queued(self, seconds: float) -> bool:
        """The spread of the first queued turn drawn ahead for `seconds` at most (and at least
        PREPARE_LEAST); True once it is ready."""
        return self.art.prepare(self.queue[0], self.context, max(PREPARE_LEAST, seconds), within=self.turn is not None)

    def _next_turn(self, seconds: float = 0.0) -> None:
        """The first queued turn begins, once the spread it shows is drawn: a spread drawn ahead a
        step at a time (the reference's, the contents) that is not ready yet is drawn further for
        `seconds`, and the book rests on the page it landed on until a frame has finished it (drawing
        it whole as the turn began cost that frame 6 ms)."""
        page = self.queue[0]
        if self.art.can_prepare(page) and not self.art.is_ready(page, self.context):
            self._prepare_queued(seconds)  # (finished: the turn begins next frame, its first frame drawn whole)
            return
        self._start_turn(self.queue.pop(0))

    def next_change(self) -> float | None:
        """Frames while a page turns (or the library is read again); then the chosen ritual's start
        or the end of a notice."""
        if self.turn is not None or self.queue or (self._library_stale and self.app.stack.top is self):
            return 0.0
        if self.shelf is not None and self.shelf.loading:
            return 0.1  # the card packs are being read: looked at again soon
        timers = [t for t in (self.start_timer, self.notice_time if self.notice_time > 0 else None) if t is not None]
        return max(0.0, min(timers)) if timers else None

    # ------------------------------------------------------------------ drawing
    def covers(self) -> pygame.Rect | None:
        """Over a ritual, the book's two boards are painted whole every frame (but for their rounded
        corners): the darkened table is kept only around them."""
        if not self.keeps_under:
            return None
        pages = (self.page,) if self.turn is None else (self.turn.start, self.turn.end)
        if any(self.spread(page).left is None or self.spread(page).right is None for page in pages):
            return None  # (the closed book: the table shows on its left)
        return self.left_rect.union(self.right_rect).inflate(-2 * CORNER, -2 * CORNER)

    def on_uncover(self) -> None:
        self._painted = None  # another scene drew on the screen: the next frame paints the book whole

    def _changed_region(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The part of the screen that changes this frame when the rest of it still shows this
        book's last frame: the halves whose picture changed under the book (a turn that begins or
        lands), and what was drawn over them last frame and is now (the columns a turning leaf and
        its shadow cover, the outline round a hovered line); an empty rectangle when nothing
        changed. None: the book is painted whole."""
        turn, app = self.turn, self.app
        painted, self._painted = self._painted, None
        if (self.overlay and not self.keeps_under) or app.stack.top is not self:
            return None  # (a book over the title: the title is drawn under it every frame)
        covered = self.covers()
        if self.keeps_under and covered is None:
            return None  # the closed book: the table's picture is blitted whole under it
        if app.error_time > 0 or app.toast_time > 0:  # the app draws its warning over the book
            return None
        outline = app.button_focus.rect if app.button_focus.scene is self else None
        if turn is None:
            a = b = self.spread(self.page)
            under = (a.left, a.right)
            over = self._hover_area()
        else:
            a, b = self.spread(turn.start), self.spread(turn.end)
            under = (a.left, b.right) if turn.forward else (b.left, a.right)
            over = leaf_area(self.spine_x, self.right_rect.centery, self._leaf_size(a, b), turn.angle,
                             +1 if turn.forward else -1)
        key = (id(surface), id(self.art), current_language(), style.current(), covered and tuple(covered),
               self._hint_words(), outline and tuple(outline), a.left is not None and b.left is not None)
        # the halves by weak reference: a half let go is never taken for a new one at its address
        self._painted = (key, tuple(half and weakref.ref(half) for half in under), over)
        if painted is None or painted[0] != key:
            return None
        changed = [rect for was, half, rect in zip(painted[1], under, (self.left_rect, self.right_rect))
                   if (was and was()) is not half]
        changed += [rect for rect in (painted[2], over) if rect is not None]
        if not changed:
            return pygame.Rect(0, 0, 0, 0)
        return changed[0].unionall(changed[1:]).clip(surface.get_rect())

    def _leaf_size(self, a, b) -> tuple[int, int]:
        """The size of the leaf turning from spread a to spread b (as draw_book picks its faces): the
        whole half when it carries the cover's board, else the page inside its half (a leaf area
        5 % smaller: fewer columns and rows painted again and presented every frame)."""
        turn = self.turn
        front, back = (a.right, b.left) if turn.forward else (a.left, b.right)
        if front is not None and back is not None and "cover" in (turn.start, turn.end):
            return self.art.half_size
        return (self.art.page_w, self.art.page_h)

    def _hover_area(self) -> pygame.Rect | None:
        """Where the outlines and arrows round the hovered lines are drawn (_draw_hover: every line
        that does what the hovered one does, the contents' lines of one spread), or None."""
        if not self.hover or self.hover[0] not in ("circle", "goto", "own", "editor"):
            return None
        area = None
        for action, side, rect in self.spread(self.page).hits:
            if action == self.hover:
                origin = self.left_rect.topleft if side == "left" else self.right_rect.topleft
                box = rect.move(origin).inflate(10, 6)
                arrow = pygame.Rect(box.x - 18, box.centery - 10, 18, 21)
                drawn = box.union(arrow).inflate(4, 4)
                area = drawn if area is None else area.union(drawn)
        return area

    def repaint_region(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Over a ritual: while a page turns the leaf's columns, while the book lies still nothing
        (the stack restores the darkened ritual there alone; the rest of the screen keeps the last frame)."""
        self._asked = [self._changed_region(surface)]
        return self._asked[0]

    def draw(self, surface: pygame.Surface) -> None:
        if self._asked:
            columns = self._asked.pop()
        else:
            if self.keeps_under:  # the stack painted what is under the book afresh: the book whole
                self._painted = None
            columns = self._changed_region(surface)
        self._shown = True
        self.kept_screen = columns is not None and not columns.w
        if columns is None:
            self._draw_all(surface)
        elif self.kept_screen:
            return  # the screen shows this frame already: nothing to present (App.present)
        else:
            surface.set_clip(columns)
            self._draw_all(surface)
            surface.set_clip(None)
        hint = self._draw_hint(surface)
        if columns is not None:  # only there did the frame change the screen (App.present)
            self.drawn_region = [pygame.Rect(columns), hint]
        self._draw_ahead_while_turning()

    def _draw_ahead_while_turning(self) -> None:
        """The next queued turn's spread drawn ahead a little, once this frame's leaf and book are
        drawn: for what they left of TURNING_FRAME_SECONDS (the frame's own cost, not the last one's,
        so a costly frame draws ahead less). Not enough left: once the turn has landed (`_next_turn`)."""
        started = getattr(self.app, "frame_started", None)
        if started is None or self.turn is None or self.turn.done or not self.queue:
            return
        spent = time.thread_time() - started
        if spent < TURNING_FRAME_SECONDS:
            self._prepare_queued(min(PREPARE_SECONDS, TURNING_FRAME_SECONDS - spent))

    def _draw_all(self, surface: pygame.Surface, leaf: bool = True) -> None:
        if self.keeps_under:
            pass  # around the book the stack shows the darkened ritual it keeps (covers())
        elif self.overlay:
            darken(surface, self.veil)
        else:
            if self._background is None:
                self._background = draw_background(theme.LOGICAL_SIZE)
            surface.blit(self._background, (0, 0))
        self.draw_book(surface, leaf)

    def draw_book(self, surface: pygame.Surface, leaf: bool = True) -> None:
        """The book's shadow, boards and pages; while a page turns, the leaf over them (`leaf`)."""
        art = self.art
        turn = self.turn
        if turn is None:
            a = b = self.spread(self.page)
        else:
            a, b = self.spread(turn.start), self.spread(turn.end)
        left_board = (a.left is not None) and (b.left is not None)
        # the book's shadow on the table, then its boards
        if turn is None:
            under_left, under_right = a.left, a.right
        else:
            under_left, under_right = (a.left, b.right) if turn.forward else (b.left, a.right)
        if left_board:
            self._draw_shadow(surface, self.left_rect.x - 10, self.right_rect.w * 2 + 40, rounded_right=True,
                              hidden=self.left_rect.union(self.right_rect))
            self._draw_board(surface, self.left_rect, under_left)
        else:  # the open book's shadow, cut at the right page's outer edge
            self._draw_shadow(surface, self.right_rect.x - 10, self.right_rect.w + 40, rounded_right=False,
                              hidden=self.right_rect)
        self._draw_board(surface, self.right_rect, under_right)
        if turn is None:
            if a.left is not None:
                a.left.blit(surface, self.left_rect.topleft)
            if a.right is not None:
                a.right.blit(surface, self.right_rect.topleft)
            self._draw_hover(surface)
            return
        if turn.forward:
            base_left, base_right, front, back, side = a.left, b.right, a.right, b.left, +1
        else:
            base_left, base_right, front, back, side = b.left, a.right, a.left, b.right, -1
        # the cover is a board: the leaf that carries it carries the board on its other face too
        cover = None
        if front is not None and back is not None and (turn.start == "cover" or turn.end == "cover"):
            front, back = art.board_leaf(front), art.board_leaf(back)
        else:  # an inner leaf: the page alone, hinged at the spine
            front_side, back_side = ("right", "left") if turn.forward else ("left", "right")
            front, back = art.leaf(front, front_side), art.leaf(back, back_side)
            if leaf and front is not None and back is not None:  # opaque pages: what the leaf hides is not painted
                cover = leaf_cover(self.spine_x, self.right_rect.centery, front.get_size(), turn.angle, side)
        clip = surface.get_clip()
        for piece in around(clip, cover.clip(clip) if cover is not None else None):
            if piece.w > 0 and piece.h > 0:
                surface.set_clip(piece)
                # (a half the piece misses is not blitted: seven clipped blits for nothing)
                if base_left is not None and piece.colliderect(self.left_rect):
                    base_left.blit(surface, self.left_rect.topleft)
                if base_right is not None and piece.colliderect(self.right_rect):
                    base_right.blit(surface, self.right_rect.topleft)
        surface.set_clip(clip)
        if leaf:
            draw_leaf(surface, self.spine_x, self.right_rect.centery, front, back, turn.angle, side,
                      prepared=turn.prepared)

    def _draw_board(self, surface, rect: pygame.Rect, half) -> None:
        """The leather board at `rect`; under an opaque half (which paints the board's own pixels
        over it but for its four rounded corners) only those corners."""
        if half is None or not half.corners:
            self.art.draw_board(surface, rect)
            return
        self.art.draw_board_corners(surface, rect)

    def _draw_shadow(self, surface, x: int, width: int, rounded_right: bool,
                     hidden: pygame.Rect | None = None) -> None:
        """The book's shadow on the table: a black veil of alpha SHADOW_ALPHA with rounded corners,
        darkened in place (a book-sized veil would be 7 MB). `hidden`: the boards drawn over it
        next, opaque but for their rounded corners: no shadow is darkened where they hide it."""
        r = SHADOW_RADIUS
        rect = pygame.Rect(x, self.top + 4, width, self.right_rect.h + 40)
        right_r = r if rounded_right else 0
        keep = (255 - SHADOW_ALPHA,) * 3
        clip = surface.get_clip()  # (a blended fill does not keep to the surface's clip by itself)
        inside = hidden.inflate(-2 * CORNER, -2 * CORNER) if hidden is not None else pygame.Rect(0, 0, 0, 0)
        for band in (pygame.Rect(rect.x, rect.y + r, rect.w, rect.h - 2 * r),
                     pygame.Rect(rect.x + r, rect.y, rect.w - r - right_r, r),
                     pygame.Rect(rect.x + r, rect.bottom - r, rect.w - r - right_r, r)):
            band = band.clip(clip)
            for piece in around(band, band.clip(inside)):
                if piece.w > 0 and piece.h > 0:
                    surface.fill(keep, piece, special_flags=pygame.BLEND_RGB_MULT)
        corners = [((0, 0), rect.topleft), ((0, r), (rect.x, rect.bottom - r))]
        if rounded_right:
            corners += [((r, 0), (rect.right - r, rect.y)), ((r, r), (rect.right - r, rect.bottom - r))]
        else:
            for y in (rect.y, rect.bottom - r):
                surface.fill(keep, pygame.Rect(rect.right - r, y, r, r).clip(clip), special_flags=pygame.BLEND_RGB_MULT)
        for (qx, qy), spot in corners:
            surface.blit(_shadow_corners(), spot, pygame.Rect(qx, qy, r, r))

    def _draw_hover(self, surface) -> None:
        if not self.hover or self.hover[0] not in ("circle", "goto", "own", "editor"):
            return
        for action, side, rect in self.spread(self.page).hits:
            if action == self.hover:
                origin = self.left_rect.topleft if side == "left" else self.right_rect.topleft
                box = rect.move(origin).inflate(10, 6)
                pygame.draw.rect(surface, theme.CANDLE, box, 4, border_radius=10)
                pygame.draw.polygon(surface, theme.CANDLE, [(box.x - 18, box.centery - 10),
                                                            (box.x - 4, box.centery),
                                                            (box.x - 18, box.centery + 10)])

    def _hint_words(self) -> tuple[str, tuple]:
        """The line under the book and its colour."""
        colour = theme.TEXT
        if self.notice_time > 0 and self.notice_text and self.chosen is None:
            text, colour = self.notice_text, theme.WARN
        elif self.chosen is not None:
            text = _("The ritual begins…")
        elif self.target == "cover":
            text = _("Click the book or press Enter to open it  ·  Esc: back")
        elif self.target == "circles" and self.mode == "ritual":
            own = _("O: your own cards") if self.choice is not None and self.choice.records() else _("E: Card editor")
            text = _("Choose a Circle: click it, or press 1–5  ·  {own}  ·  C: a ritual code  ·  ← back to the cover  "
                     "·  Esc: back").format(own=own)
        else:
            text = _("← → or click a page to turn  ·  Home: contents  ·  Esc or F1: close the book")
        return text, colour

    def _draw_hint(self, surface) -> pygame.Rect:
        """The line under the book, drawn once into a picture of its box (HINT_KEY where the box's
        rounded corners leave what is under it) and blitted every frame. Returns where."""
        text, colour = self._hint_words()
        key = (text, colour, colour is theme.TEXT, id(self.app.fonts), style.current(), surface.get_bitsize(),
               surface.get_masks())
        hint = _HINTS.get(self.art)
        if hint is None or hint[0] != key:
            font = fit_font(self.app.fonts, "italic", text, theme.LOGICAL_SIZE[0] - 80, 24, 16)
            box = pygame.Rect(0, 0, font.size(text)[0] + 40, font.get_linesize() + 10)
            picture = pygame.Surface(box.size, 0, surface)
            picture.fill(HINT_KEY)
            pygame.draw.rect(picture, theme.PANEL, box, border_radius=12)
            if colour is not theme.TEXT:
                pygame.draw.rect(picture, colour, box, 2, border_radius=12)
            blit_text(picture, font, text, colour, (box.centerx, box.y + 5), "midtop")
            picture.set_colorkey(HINT_KEY)
            hint = _HINTS[self.art] = (key, picture)
        picture = hint[1]
        box = picture.get_rect(midtop=(self.spine_x, self.top + self.art.half_size[1] + 8))
        surface.blit(picture, box)
        return box


def open_new_ritual(app) -> GrimoireScene:
    """Title → New ritual: the book opens at its Cover (and leads on to the table)."""
    scene = GrimoireScene(app, "ritual")
    app.stack.push(scene)
    return scene


def open_reference(app, page: str | None = None) -> GrimoireScene:
    """Title → Rules, or F1 at the table: the book over whatever is showing, at the contents page."""
    below = app.stack.top
    game = getattr(below, "game", None)
    scene = GrimoireScene(app, "reference", page=page, game=game, circle_id=getattr(below, "circle_id", None))
    app.stack.push(scene)
    return scene


class TableGrimoire:
    """The small Grimoire on the table: the current Hour's page, turning on every Hour advance
    and on Judgement. Feed it the engine's events; it draws into `rect`."""

    def __init__(self, app, rect: pygame.Rect, game=None, circle_id: str | None = None,
                 sound: bool = False) -> None:
        self.app = app
        self.sound = sound  # the table already plays "page_turn" on its hour events
        self.art = book_art(app.fonts)
        self.rect = pygame.Rect(rect)
        self.circle_id = circle_id
        self.context = BookContext.of_game(game, circle_id)
        self.page = book.page_for_game(game) if game is not None else book.page_for_phase("playing", 1)
        self.turn: PageTurn | None = None
        self.queue: list[str] = []
        self._back: pygame.Surface | None = None
        self._ahead: tuple = (None, [])  # (the Hour and context they are for, the pages not yet drawn ahead)

    def sync(self, game) -> None:
        """Shows the game's page at once (after undo, or a resumed game)."""
        self.context = BookContext.of_game(game, self.circle_id)
        self.page = book.page_for_game(game)
        self.turn, self.queue = None, []

    def on_events(self, events, game=None) -> None:
        for event in events:
            if event.kind == "hour":
                if game is not None:
                    self.context = BookContext(self.circle_id, max(game.last_hour, event.data["hour"]))
                self.turn_to(book.page_for_phase("playing", event.data["hour"]))
            elif event.kind == "game_over" and game is not None:
                self.context = BookContext.of_game(game, self.circle_id)
                self.turn_to(book.page_for_phase("judgement"))

    def turn_to(self, page_id: str) -> None:
        target = self.queue[-1] if self.queue else (self.turn.end if self.turn else self.page)
        if page_id == target:
            return
        if self.turn is None:
            self.turn = PageTurn(self.page, page_id, True, TURN_SECONDS)
            if self.sound:
                play_page_turn(self.app)
        else:
            self.queue.append(page_id)

    @property
    def turning(self) -> bool:
        return self.turn is not None

    def restyle(self) -> None:
        """A new UI scale, contrast or language: the pages are drawn again."""
        self.art = book_art(self.app.fonts)
        self._back = None
        self._ahead = (None, [])

    def update(self, dt: float) -> None:
        if self.turn is None:
            return
        self.turn.update(dt * (2.0 if self.queue else 1.0))
        if self.turn.done:
            self.page = self.turn.end
            self.turn = None
            if self.queue:
                self.turn = PageTurn(self.page, self.queue.pop(0), True, TURN_SECONDS)
                if self.sound:
                    play_page_turn(self.app)

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw_ahead(self, game) -> bool:
        """Draws one page the turn to the next Hour will show (the next Hour's, and this one's in the
        book's context then), where no one sees it: the art keeps its small pages, and the frame the
        Hour changes on does not draw them (the first time a page's words are measured: up to 7 ms).
        False when there is none left to draw."""
        phase, hour = book.phase_of_game(game)
        if phase != "playing" or not hour or hour >= game.last_hour or self.turn is not None:
            return False
        context = BookContext(self.circle_id, max(game.last_hour, hour + 1))  # (as `on_events` makes it)
        if self._ahead[0] != (hour, context, self.rect.size):
            self._ahead = ((hour, context, self.rect.size), [self.page, book.page_for_phase("playing", hour + 1)])
        if not self._ahead[1]:
            return False
        self.art.mini_page(self._ahead[1].pop(0), self.rect.size, context)
        return True

    def _leaf_back(self) -> pygame.Surface:
        if self._back is None or self._back.get_size() != self.rect.size:
            back = self.art.small_parchment(self.rect.size).copy()
            back.fill((225, 225, 225), special_flags=pygame.BLEND_RGB_MULT)
            self._back = back
        return self._back

    def draw(self, surface: pygame.Surface) -> None:
        size = self.rect.size
        if self.turn is None:
            surface.blit(self.art.mini_page(self.page, size, self.context), self.rect)
        else:
            new = self.art.mini_page(self.turn.end, size, self.context)
            old = self.art.mini_page(self.turn.start, size, self.context)
            surface.blit(new, self.rect)
            old_clip = surface.get_clip()
            surface.set_clip(self.rect.inflate(24, 12).move(-12, 0).clip(old_clip))
            draw_leaf(surface, self.rect.x, self.rect.centery, old, self._leaf_back(), self.turn.angle, +1,
                      strips=24, prepared=self.turn.prepared)
            surface.set_clip(old_clip)
        pygame.draw.rect(surface, theme.GOLD, self.rect, 3, border_radius=8)


def table_page_rect(grimoire: pygame.Rect, tokens: pygame.Rect) -> pygame.Rect:
    """The page of the table's small Grimoire: its zone above the tokens tray."""
    bottom = tokens.y - 6 if grimoire.collidepoint(tokens.topleft) else grimoire.bottom
    return pygame.Rect(grimoire.x, grimoire.y, grimoire.w, max(40, bottom - grimoire.y))
