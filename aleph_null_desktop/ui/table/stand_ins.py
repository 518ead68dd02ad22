"""Cards that came to rest before their own face was drawn, and the drawing of those faces.

A card flies on a face of it already drawn (ui.render.card_renderer.stand_in) while its own is not;
it comes to rest on that stand-in too, for drawing a face costs 3-12 ms, too much for the frame a
card lands on. Its own face is drawn a step at a time at the end of the table's frames that
cost next to nothing (as the face warmer's), and shown from the next frame: whether a card shows
a stand-in is decided only at the start of a frame, so every frame shows what its looks say
(ui.table.painting.card_look)."""

from __future__ import annotations

import time

from aleph_null_desktop.ui.table.face_warmer import QUIET_MS, STEPS_MS

MAX_WAIT = 10  # frames that are not quiet (an open panel drawn every frame…) waited before steps are taken all the same


class StandIns:
    def __init__(self, renderer) -> None:
        self.renderer = renderer
        self.standing: dict[tuple, tuple] = {}  # (card_id, width, in play) of a face stood in for -> its stand-in's key
        self.own: set[tuple] = set()  # (card_id, width, in play) of the faces shown last frame (kept so, if let go)
        self.finished = 0  # own faces drawn here (tests watch it)
        self._waited = 0  # frames with faces stood in for that were not quiet

    def stand_in(self, card_id: str, width: int, in_play: bool) -> tuple | None:
        """The face cache's key of the face the card is drawn on this frame instead of its own (the
        one it came to rest on), None when it is drawn on its own: a card that comes to rest (or
        shows) at a width whose face is not drawn and not shown last frame lies on a stand-in."""
        key = (card_id, width, in_play)
        if key in self.standing:
            return self.standing[key]
        if key in self.own or self.renderer.cached(*key):
            return None  # (a card lying on its own face whose face the cache let go is painted on it again if need be)
        return self.renderer.stand_in_key(*key)

    def note(self, steps) -> None:
        """The cards drawn this frame (drawing steps, ui.table.painting.card_looks): those on a stand-in."""
        cards = [((step[2], step[3], step[4]), step[-2]) for step in steps if step[0] == "card"]
        self.standing = {key: stand_in for key, stand_in in cards if stand_in is not None}
        self.own = {key for key, stand_in in cards if stand_in is None}

    def catch_up(self, fresh: bool = False) -> None:
        """At the start of a frame: the faces drawn since the last (here or by the face warmer) are
        shown from this frame on. Not in a `fresh` paint (it paints what the screen shows)."""
        if self.standing and not fresh:
            self.standing = {key: was for key, was in self.standing.items() if not self.renderer.cached(*key)}

    def draw_ahead(self, started: float) -> None:
        """At the end of a frame whose drawing began at `started` (CPU time): if it has cost next to
        nothing (QUIET_MS), or MAX_WAIT frames have not, steps of the faces stood in for until it
        has cost STEPS_MS (one at least)."""
        if not self.standing:
            return
        spent = (time.thread_time() - started) * 1000
        if spent >= QUIET_MS and self._waited < MAX_WAIT:
            self._waited += 1
            return
        self._waited = 0
        renderer = self.renderer
        for key in self.standing:
            while not renderer.cached(*key):
                if renderer.face_step(*key):
                    self.finished += 1
                if (time.thread_time() - started) * 1000 >= STEPS_MS:
                    return
