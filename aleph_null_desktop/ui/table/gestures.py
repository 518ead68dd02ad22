"""What a gesture means, as a command for the engine to judge. No rule is decided here: the
table only maps "this card dropped on that pile" to the card's own action that names the pile,
then asks the engine whether it is legal and why not."""

from __future__ import annotations

from aleph_null_desktop.engine import Activate, Summon
from aleph_null_desktop.engine.ops import OPS
from aleph_null_desktop.i18n import N_, _

# a drop on a pile means the card's action that moves the card itself there (by the op registry's
# role of a step: engine.ops.AiKnowledge)
PILE_OPS = {"discard": ("scrap_self", N_("{card} has no action that scraps it.")),
            "sacrifice": ("sacrifice_self", N_("{card} has no action that sacrifices it."))}


def self_move_actions(carddef, role: str) -> list[str]:
    """Ids of the card's actions whose cost or effect moves the card itself (role scrap_self, …)."""
    return [a.id for a in carddef.actions
            if any(OPS[step["op"]].ai.role == role for step in tuple(a.cost) + tuple(a.effect))]


def drop_command(game, uid: int, source: str, target: str | None):
    """(command, None) for a meaningful drop, (None, reason) when it cannot mean anything,
    (None, None) for a drop back where the card came from."""
    card = game.card(uid)
    carddef = game.cards[card.card_id]
    if target is None or target == source:
        return None, None
    if source == "hand":
        if target == "play":
            return Summon(uid), None
        return None, _("Drop {card} in the play area to summon it.").format(card=carddef.name)
    if source == "play" and target in PILE_OPS:
        op, refusal = PILE_OPS[target]
        ids = self_move_actions(carddef, op)
        if not ids:
            return None, _(refusal).format(card=carddef.name)
        legal = set(game.legal_commands())
        chosen = next((i for i in ids if Activate(uid, i) in legal), ids[0])
        return Activate(uid, chosen), None
    if source == "play":
        return None, _("Drop {card} on the discard pile (scrap) or the sacrifice pile (sacrifice).").format(
            card=carddef.name)
    return None, None


DRAG_THRESHOLD = 6  # px the mouse moves, button down, before a press becomes a drag

IDLE, PRESSED, DRAGGING = "idle", "pressed", "dragging"


class Grip:
    """The left button's gesture on the table, as a small state machine: idle → pressed (on a card
    or on the tokens) → dragging (moved DRAG_THRESHOLD px) → idle again when released (a click, or
    a drop) or cancelled (the button went up where the window could not see it, a key moved the
    card, a panel took the mouse). `release` says what the gesture was; the table turns that into
    one engine command. A pad carries a card the same way (`carry`: dragging at once, from place
    to place). Positions are (x, y) pairs; no pygame here."""

    def __init__(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        self.state = IDLE
        self.uid: int | None = None
        self.token = False
        self.source: str | None = None  # the zone the card (or "tokens") was picked up from
        self.start = self.pos = (0, 0)
        self.clicks = 1
        self.offset = (0, 0)  # from the card's corner to the mouse, while dragging
        self.carried = False  # held by a pad's A, not the mouse: it goes from place to place
        self.place: str | None = None  # where the carried card is held now

    def press(self, pos, clicks: int = 1, uid: int | None = None, source: str | None = None) -> None:
        """The button went down on a card (`uid` in `source`), or on the tokens (no uid)."""
        self.cancel()
        self.state, self.uid, self.token = PRESSED, uid, uid is None
        self.source = source if uid is not None else "tokens"
        self.start = self.pos = tuple(pos)
        self.clicks = clicks if uid is not None else 1

    def carry(self, uid: int, source: str, offset) -> None:
        """A pad's A on a card: it is held at once, as if dragged; `carry_to` takes it to a place."""
        self.cancel()
        self.state, self.uid, self.source, self.offset, self.carried = DRAGGING, uid, source, tuple(offset), True

    def carry_to(self, place: str, pos) -> None:
        self.place, self.pos = place, tuple(pos)

    def move(self, pos) -> bool:
        """The mouse moved with the button down: True when this motion turns the press into a drag
        (the table then `lift`s what was pressed)."""
        if self.state == IDLE:
            return False
        self.pos = tuple(pos)
        if self.state == PRESSED and abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) >= DRAG_THRESHOLD:
            self.state = DRAGGING
            return True
        return False

    def lift(self, offset, source: str | None = None) -> None:
        """The drag has begun: the held thing is drawn `offset` from the mouse; a card's zone is
        looked at again as it leaves it."""
        self.offset = tuple(offset)
        if source is not None:
            self.source = source

    def release(self, pos) -> tuple:
        """The button went up: ("drop", held, pos) after a drag, ("click", uid, clicks) on a card,
        ("token",) on the tokens, ("none",) when nothing was held. The grip is idle after."""
        state, held = self.state, self.held()
        uid, clicks, token = self.uid, self.clicks, self.token
        self.cancel()
        if state == DRAGGING:
            return ("drop", held, tuple(pos))
        if state == PRESSED:
            return ("token",) if token else ("click", uid, clicks)
        return ("none",)

    @property
    def busy(self) -> bool:
        return self.state != IDLE

    def pressed(self) -> dict | None:
        """What the button went down on, while it is down: {"uid"|"token", "zone", "pos", "clicks"}."""
        if self.state == IDLE:
            return None
        if self.token:
            return {"token": True, "pos": self.start, "clicks": 1}
        return {"uid": self.uid, "zone": self.source, "pos": self.start, "clicks": self.clicks}

    def held(self) -> dict | None:
        """What is in the air while dragging: {"uid"|"token", "source", "offset", "pos"}."""
        if self.state != DRAGGING:
            return None
        what = {"token": True} if self.token else {"uid": self.uid}
        carried = {"carried": True, "place": self.place} if self.carried else {}
        return {**what, "source": self.source, "offset": self.offset, "pos": self.pos, **carried}
