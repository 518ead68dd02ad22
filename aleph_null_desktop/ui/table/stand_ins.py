"""Cards that came to rest before their own face was drawn, and the drawing of those faces.

A card flies on a face of it already drawn (ui.render.card_renderer.stand_in) while its own is not;
it comes to rest on that stand-in too, for drawing a face costs 3-12 ms, too much for the frame a
card lands on. Its own face is drawn a step at a time at the start of the table's frames that
follow a quiet one (nothing moving, next to nothing drawn). Whether a card shows a stand-in is
decided only there, at the start of a frame (a face the face warmer finishes after a frame is
drawn shows from the next), so every frame shows what its looks say (ui.table.painting.card_look)."""

from __future__ import annotations

import math
import time

from aleph_null_desktop.ui.table.face_warmer import QUIET_MS, STEPS_MS

MAX_WAIT = 10  # frames that are not quiet (an open panel drawn every frame…) waited before steps are taken all the same


class StandIns:
    def __init__(self, renderer) -> None:
        self.renderer = renderer
        self.standing: dict[tuple, tuple] = {}  # (card_id, width, in play) of a face stood in for -> its stand-in's key
        self.finished = 0  # own faces drawn here (tests watch it)
        self._waited = 0  # frames with faces stood in for that were not quiet

    def stand_in(self, card_id: str, width: int, in_play: bool) -> tuple | None:
        """The face cache's key of the face the card is drawn on this frame instead of its own (the
        one it came to rest on), None when it is drawn on its own."""
        key = (card_id, width, in_play)
        if key in self.standing:
            return self.standing[key]
        return None if self.renderer.cached(*key) else self.renderer.stand_in_key(*key)

    def note(self, steps) -> None:
        """The cards drawn this frame (drawing steps, ui.table.painting.card_looks): those on a stand-in."""
        self.standing = {(step[2], step[3], step[4]): step[-2] for step in steps if step[0] == "card" and step[-2]}

    def finish(self, started: float, last_cost_ms: float) -> None:
        """At the start of a frame (begun at `started`, CPU time): after a quiet frame (`last_cost_ms`),
        or MAX_WAIT others, steps of the faces stood in for until the frame has cost STEPS_MS; those drawn (here or by
        the face warmer) shown from this frame. Nothing after a fresh paint (`last_cost_ms` infinite:
        it painted what the screen showed)."""
        if not self.standing or math.isinf(last_cost_ms):
            return
        renderer = self.renderer
        quiet = last_cost_ms < QUIET_MS or self._waited >= MAX_WAIT
        self._waited = 0 if quiet else self._waited + 1
        for key in list(self.standing) if quiet else ():
            while not renderer.cached(*key) and (time.thread_time() - started) * 1000 < STEPS_MS:
                if renderer.face_step(*key):
                    self.finished += 1
        self.standing = {key: was for key, was in self.standing.items() if not renderer.cached(*key)}
