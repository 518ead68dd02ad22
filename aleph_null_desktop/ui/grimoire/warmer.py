"""The Grimoire's first opening, drawn ahead while the player looks at something else.

Opening the book the first time in a session needs what it then keeps: the two blank halves on
their boards (every spread is written on copies of them) and the reference laid out (the contents
page lists its chapters' pages). Made at the opening, they made that frame 90 ms. `BookWarmer`
makes them a step at a time (3 ms at most each, 65 ms in all): on a frame presented that has cost
next to nothing so far, on a frame that left the screen as it was (as the table's face warmer), and
while the loop rests (`App.rest`), which it asks to do every `REST_GAP` seconds until all is made:
once a session, and again after a change of language or look. Then, over the table, the spread the
book opens at (`ahead`: F1's, the contents or the glossary while a card's tip is read; this Hour's
while the mouse is on the table's small Grimoire, which a click opens there) is drawn the
same way and held (6.8 MB; its opening frame drew it in 9-10 ms): not while a panel is open over the
table, whose own picture of the table takes that room, and kept when the book closes on it. A step
that fails is said once in the log and the warmer gives up for the session: it runs inside the
frame's guard, and a step failing every frame would fail every frame (the book then makes what it
needs as it opens).
"""

from __future__ import annotations

import logging
import time

log = logging.getLogger(__name__)

QUIET_MS = 1.0  # a frame presented that has cost less than this so far takes steps (each ≤ 3 ms) …
STEPS_MS = 2.0  # … until it has cost this much (the present: ≈ 4 ms)
IDLE_STEPS_MS = 4.0  # a frame that left the screen as it was, or a rest, takes steps until this much
REST_GAP = 0.05  # seconds between two rests that take steps, while steps remain


class BookWarmer:
    def __init__(self, app) -> None:
        self.app = app
        self._steps: tuple | None = None  # (the BookArt, its warm_steps in progress)
        self.gave_up = False  # a step failed: nothing is drawn ahead any more
        self._closing = False  # a book was closed by the frame this call ends: its pages go at the next

    def _art(self):
        from aleph_null_desktop.ui.grimoire.scene import book_art

        return book_art(self.app.fonts)

    def ahead(self) -> tuple | None:
        """(page_id, BookContext) of the spread the book opens at over the table now (F1's, or this
        Hour's while the mouse is on the table's small Grimoire), drawn ahead;
        None when there is none to draw (no table on top, or a panel open over it: its own picture
        of the table then takes the room)."""
        from aleph_null_desktop.ui.grimoire import book
        from aleph_null_desktop.ui.grimoire.pages import BookContext

        table = self.app.stack.top
        book_page = getattr(getattr(table, "controls", None), "book_page", None)
        if book_page is None or getattr(table, "modal", None) is not None:
            return None
        page = book_page() or book.page_for_phase("reference")
        if not self._art().can_prepare(page):
            return None
        return page, BookContext.of_game(table.game, getattr(table, "circle_id", None))

    def pending(self) -> bool:
        """Whether steps remain (a book open makes what it needs itself: none are taken then)."""
        if self.gave_up:
            return False
        art = self._art()
        if art.is_open():
            return False
        ahead = self.ahead()
        return not art.warmed() or (ahead is not None and not art.is_ready(*ahead))

    def warm(self, frame_start: float, presented: bool = True) -> bool:
        """Takes steps if this frame has cost next to nothing so far, a few milliseconds at most;
        True once all is made (or it gave up). The pages of a book closed go here, at the end of
        the frame after the one that closed it (which shows the table again whole)."""
        self._let_go_closed()
        if self.gave_up:
            return True
        try:
            return self._warm(frame_start, presented)
        except Exception as exc:  # (the frame goes on: the book makes what it needs as it opens)
            self.gave_up, self._steps = True, None
            log.warning("the Grimoire is not drawn ahead any more: %s: %s", type(exc).__name__, exc, exc_info=True)
            return True

    def _let_go_closed(self) -> None:
        art = self._art()
        if not art.closed():
            self._closing = False
        elif self._closing:
            self._closing = False
            art.let_go_closed(keep=self.ahead())  # (F1's spread, if the book showed it, is kept)
        else:
            self._closing = True  # (closed in this frame, or this rest)

    def _warm(self, frame_start: float, presented: bool) -> bool:
        art = self._art()
        ahead = None if art.is_open() else self.ahead()
        if ahead is None and not art.is_open():
            art.forget_ready()
        if art.warmed() and (ahead is None or art.is_ready(*ahead)):
            self._steps = None
            return True
        spent = (time.thread_time() - frame_start) * 1000
        if art.is_open() or art.closed() or (presented and spent >= QUIET_MS):
            return False  # (closed: nothing is drawn before the closed book's pages went)
        until = STEPS_MS if presented else IDLE_STEPS_MS
        if art.warmed():  # F1's spread, a line (or a band of a blank half) at a time
            return spent < until and art.prepare(*ahead, seconds=(until - spent) / 1000)
        if self._steps is None or self._steps[0] is not art:
            self._steps = (art, art.warm_steps())
        while spent < until:
            try:
                next(self._steps[1])
            except StopIteration:
                self._steps = None  # (the language changed meanwhile: begun again on a later frame)
                return art.warmed()
            spent = (time.thread_time() - frame_start) * 1000
        return False
