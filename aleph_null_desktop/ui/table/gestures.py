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
