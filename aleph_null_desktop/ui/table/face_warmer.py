"""Faces a player is about to see, drawn ahead on frames that cost next to nothing.

A command moves cards to sizes they were not shown at (a drawn card at the hand's width, a
sacrificed one on its pile), and a card read large needs its 500 px face. Drawn on the frame that
needs them, those faces make that frame the slowest of the game; drawn one at a time on quiet
frames, they are already in the face cache when the command or the zoom comes. Every face (3–12 ms
whole, a large one) is drawn a step at a time, a few steps on each quiet frame: on a frame that
leaves the screen as it was (nothing is presented) until `IDLE_STEPS_MS`, on one that draws and is
presented only until `STEPS_MS`, so that with the present the frame stays within its budget.
"""

from __future__ import annotations

import time

from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, hand_slots, play_slots
from aleph_null_desktop.ui.table.card_tips import PREVIEW_W
from aleph_null_desktop.ui.table.overlays import SPOTLIGHT_CARD_W

BIG_W = 500  # the width a card is read at (right-click or Alt)
HOVER_DWELL = 0.05  # seconds the mouse rests on a card before its large face is begun ahead
QUIET_MS = 1.0  # a frame that has cost less than this so far draws steps of a face ahead (each 0.3–3 ms) …
STEPS_MS = 2.0  # … until the frame has cost this much when it is presented (the present: ≈ 4–5 ms) …
IDLE_STEPS_MS = 4.0  # … or this much when it left the screen as it was (nothing presented)
ZONES = ("hand", "play", "deck", "set_aside", "discard")


class FaceWarmer:
    def __init__(self, renderer) -> None:
        self.renderer = renderer
        self.warmed = 0  # faces drawn ahead (tests watch it)
        self._planned: tuple = (None, [])  # (the position it was made for, `planned`): made once a position
        self._wanted: tuple = (None, [])  # (that position and the card rested on, `wanted`)

    def wanted_now(self, presenter, rects, hovered=(None, 0.0)) -> list[tuple[str, int, bool]]:
        """`wanted`, made again only when the position, the zones or the card rested on changed."""
        game = presenter.game
        position = (presenter.key(), tuple(len(game.zone(zone)) for zone in ZONES), self.renderer.budget,
                    *(tuple(rects[zone]) for zone in ("hand", "play", "discard")))
        if self._planned[0] != position:
            self._planned = (position, self.planned(presenter, rects))
        key = (position, self.rested_on(presenter, hovered))
        if self._wanted[0] != key:
            self._wanted = (key, self.within_budget(self.read_soon(presenter, hovered) + self._planned[1]))
        return self._wanted[1]

    def wanted(self, presenter, rects, hovered=(None, 0.0)) -> list[tuple[str, int, bool]]:
        """(card_id, width, in play) the table may show soon, most urgent first, never more than 4/5 of
        the face cache's bytes (warming must not push out what is on screen): a card read large, cards
        summoned into a fuller play area, cards leaving it (flying at their play width, the rest spread
        out, it lies on a pile), cards drawn into a fuller hand. `rects`: the table's zones; `hovered`:
        (the card under the mouse, how long it has rested there)."""
        return self.within_budget(self.read_soon(presenter, hovered) + self.planned(presenter, rects))

    @staticmethod
    def rested_on(presenter, hovered) -> int | None:
        """The card of hand or play the mouse has rested on long enough to be read soon, or None."""
        hover, rested = hovered
        game = presenter.game
        if hover is not None and rested >= HOVER_DWELL and game.zone_of(hover) in ("hand", "play"):
            return hover
        return None

    def read_soon(self, presenter, hovered) -> list[tuple[str, int, bool]]:
        """The card rested on: its tip, and read large."""
        hover = self.rested_on(presenter, hovered)
        if hover is None:
            return []
        card_id = presenter.game.card(hover).card_id
        return [(card_id, PREVIEW_W, False), (card_id, BIG_W, False)]

    @staticmethod
    def planned(presenter, rects) -> list[tuple[str, int, bool]]:
        """What the position may show next, whatever the mouse does (most urgent first)."""
        game = presenter.game
        hand, play = len(game.zone("hand")), len(game.zone("play"))

        def hand_w(n):
            return [(round(s.w), False) for s in hand_slots(rects["hand"], n)[:1]]

        def play_w(n):
            return [(round(s.w), True) for s in play_slots(rects["play"], n, title_room=PLAY_TITLE_ROOM)[:1]]

        def leaving_w(n):  # a card leaving play flies to its pile with its full face at its play width
            return [(w, False) for w, _in_play in play_w(n)]

        pile = [(panels.pile_card_rect(rects["discard"]).w, False)]
        plan = [(("hand",), play_w(play + 1) + pile + hand_w(hand - 1) + hand_w(hand + 1)),  # what one command shows …
                (("play",), play_w(play - 1) + play_w(play + 1) + pile),
                (("set_aside",), hand_w(hand + 1) + hand_w(hand + 2) + play_w(play + 1) + pile),
                (("deck",), hand_w(hand + 1) + hand_w(hand + 2)),
                (("play",), leaving_w(play) + [(w, True) for w, _face in pile]),  # (held over a pile: its size)
                (("hand",), hand_w(hand + 2) + play_w(play + 2)),  # … then what two may show
                (("play",), play_w(play - 2)),
                (("deck",), play_w(play + 1) + pile),
                (("discard",), hand_w(hand + 1))]
        wanted = [(c.card_id, SPOTLIGHT_CARD_W, False) for zone in ("set_aside", "deck") for c in game.zone(zone)
                  if game.cards[c.card_id].is_interference]  # drawn, it is shown large at once
        for zones, widths in plan:
            for zone in zones:
                for card in game.zone(zone):
                    wanted.extend((card.card_id, w, in_play) for w, in_play in dict.fromkeys(widths))
        return wanted

    def within_budget(self, wanted) -> list[tuple[str, int, bool]]:
        """The first of them (each once) that together take at most 4/5 of the face cache's bytes."""
        room, kept = self.renderer.budget * 4 // 5, []
        for card_id, width, in_play in dict.fromkeys(wanted):
            room -= self.renderer.face_bytes(width)
            if room < 0:
                break
            kept.append((card_id, width, in_play))
        return kept

    def warm(self, presenter, rects, hovered, frame_start: float, presented: bool = True, on_top: bool = True) -> bool:
        """Draws steps of one missing face if this frame has been cheap so far, a few milliseconds
        at most (a whole face at once made a frame slower than the budget): fewer when the frame
        drew and is presented; True if a face was finished. (What may be shown soon: `wanted`.)
        Nothing while the table is drawn under another scene (`on_top` False: a scene opening over it,
        whose frame this is)."""
        if not on_top:
            return False
        spent = (time.thread_time() - frame_start) * 1000
        if spent >= QUIET_MS:
            return False
        until = STEPS_MS if presented else IDLE_STEPS_MS
        for card_id, width, in_play in self.wanted_now(presenter, rects, hovered):
            if self.renderer.cached(card_id, width, in_play):
                continue
            while spent < until:
                if self.renderer.face_step(card_id, width, in_play):
                    self.warmed += 1
                    return True
                spent = (time.thread_time() - frame_start) * 1000
            return False
        return False
