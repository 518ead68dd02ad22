"""Board panels that show a command's news when its cards have landed.

A command moves cards, and the frames of that motion are the table's most expensive: the board
layer paints again where the cards left, and every frame redraws what moves. The panels a command
changes beside the cards — the piles' counts and top cards, the set-aside pile, the damage track,
the hand's count, the buttons — need not be painted on those frames: while cards move they keep
showing what they showed, and they are painted on the frame the cards land (the pile a card flies
to shows it when it lands). The prompt bar (a refused command's reason), the Grimoire (its tokens
answer the mouse) and the zones (where a held card may land) are never held back, and nothing is
while a card is held; nor the log (it shows a command's lines from the frame after the command's:
ui.table.log_panel) and the keys, which paint what is not in their looks. A panel held longer than
MAX_FRAMES is shown.

Held panels are shown one a frame, in the board's order (each is painted again on the board layer,
0.3-2 ms: all on one frame made it the slowest of a motion), once the cards are still or a panel has
waited MAX_FRAMES; all at once when a card is taken in hand.

The parts held back are the parts as they were (their look and their painting), so the board layer
is always a fresh paint of `seen(parts)`: nothing stale, only late."""

from __future__ import annotations

from aleph_null_desktop.ui.render.layer import Part

MAY_WAIT = frozenset({"deck", "discard", "sacrifice", "set_aside", "damage", "hand:title"})  # (painted from their looks alone)
MAX_FRAMES = 45  # three quarters of a second: a long motion (a reshuffle, BAPHOMET's circle) shows them meanwhile


def may_wait(name: str) -> bool:
    return name in MAY_WAIT or name.startswith("button:")


class PanelLag:
    def __init__(self) -> None:
        self.held: dict[str, Part] = {}  # name -> the part shown instead of its changed self
        self._shown: dict[str, Part] = {}  # name -> the part of each panel that may wait, as shown last frame
        self._waited = 0  # frames something has been held
        self._frame = 0  # frames begun (`next_frame`) …
        self._let_go = -1  # … and the one on which a held panel was last shown

    def follow(self, parts: list[Part], moving: bool, holding: bool = False) -> list[Part]:
        """The parts to show this frame: while cards are `moving` a panel that may wait shows as it
        did, its change painted once they are still (one panel a frame); none waits while the player
        is `holding` a card (the piles say where it may land). (The same frame drawn again shows the
        same parts.)"""
        if holding:
            self.held = {}
        else:
            held = [p.name for p in parts
                    if may_wait(p.name) and p.name in self._shown and self._shown[p.name].signature != p.signature
                    and (moving or p.name in self.held)]  # (still: only what waited is shown late)
            if held and (not moving or self._waited >= MAX_FRAMES) and self._let_go != self._frame:
                self._let_go = self._frame
                del held[0]
            self.held = {name: self._shown[name] for name in held}
        seen = self.seen(parts)
        self._shown = {p.name: p for p in seen if may_wait(p.name)}
        return seen

    def next_frame(self) -> None:
        """A frame has passed (counted here, not per drawing: a frame drawn twice waits once)."""
        self._waited = self._waited + 1 if self.held else 0
        self._frame += 1

    def seen(self, parts: list[Part]) -> list[Part]:
        """`parts` with those held back as they were shown."""
        return [self.held.get(p.name, p) for p in parts]

    def forget(self) -> None:
        """Every panel shown as it is from the next frame (the board is painted whole)."""
        self.held, self._shown, self._waited = {}, {}, 0
