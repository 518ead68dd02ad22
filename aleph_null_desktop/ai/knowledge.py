"""What the players know about cards, read from the card data (so custom cards are understood too).

* `action_profile`: what an action costs and gives, in numbers (power in, power out, thinning).
* `keep_value`: how much a card is worth keeping; the lowest is the first to sacrifice.
* `interference_harm`: how much an interference card in play hurts, from its ongoing effects.
* `want_value`: how much a card is wanted in the hand (the choice of a search).
* `answer_decision`: a sensible answer to any open decision (never a Key when avoidable).
"""

from __future__ import annotations

from dataclasses import dataclass

from aleph_null_desktop.engine import Game
from aleph_null_desktop.engine.cards import ActionDef, CardDef
from aleph_null_desktop.engine.ops import OPS

KEY_TYPES = ("key", "demon")


@dataclass(frozen=True)
class ActionProfile:
    pay: int  # power paid
    gain: int  # power gained by the effect (before modifiers)
    scraps_self: bool
    sacrifices_self: bool
    cost_moves: tuple[dict, ...]  # "sacrifice a Tanist you have in play" …
    effect_moves: tuple[dict, ...]  # "sacrifice a card from your discard pile" …
    draws: int
    searches: bool
    removes_damage: int


_PROFILES: dict[int, tuple[ActionDef, ActionProfile]] = {}


def _profile(action: ActionDef) -> ActionProfile:
    hit = _PROFILES.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    profile = _make_profile(action)
    _PROFILES[id(action)] = (action, profile)
    return profile


def _sum(steps, role: str) -> int:
    """The total amount of the steps whose op has this role in the registry (engine.ops)."""
    total = 0
    for step in steps:
        ai = OPS[step["op"]].ai
        if ai.role == role:
            total += ai.amount(step)
    return total


def _has(steps, role: str) -> bool:
    return any(OPS[s["op"]].ai.role == role for s in steps)


def _make_profile(action: ActionDef) -> ActionProfile:
    steps = action.cost + action.effect
    return ActionProfile(
        pay=_sum(action.cost, "pay"), gain=_sum(action.effect, "gain"),
        scraps_self=_has(steps, "scrap_self"),
        sacrifices_self=_has(steps, "sacrifice_self"),
        cost_moves=tuple(s for s in action.cost if OPS[s["op"]].ai.role == "move"),
        effect_moves=tuple(s for s in action.effect if OPS[s["op"]].ai.role == "move"),
        draws=_sum(action.effect, "draw"),
        searches=_has(action.effect, "search"),
        removes_damage=_sum(action.effect, "heal"),
    )


def action_profile(card: CardDef, action_id: str) -> ActionProfile:
    return _profile(card.action(action_id))


def _dagger_gain(card: CardDef) -> int:
    return _sum(card.dagger, "gain")


def _harm_of(card: CardDef) -> float:
    """How much a card's ongoing effects hurt, as the op registry rates each (engine.ops)."""
    return sum(OPS[effect["op"]].ai.harm(effect) for effect in card.ongoing)


def interference_harm(game: Game, card_id: str) -> float:
    """How much this card hurts while in play (0 for a harmless one such as Rumjal)."""
    card = game.cards[card_id]
    harm = _harm_of(card)
    if card_id == "father_domenico" or any(e["op"] == "cost_modifier" and "key" in e["filter"].get("types", ())
                                             for e in card.ongoing):
        missing = 3 - sum(1 for i in game.zone("play") if game.cards[i.card_id].type == "key")
        harm = harm if missing else 1
    return harm


def grand_circle_missing(game: Game) -> bool:
    """True while the Grand Circle (or a card with its ongoing) is not yet in play."""
    return not any(e["op"] == "hand_sacrificed_at_end" for i in game.zone("play")
                   for e in game.cards[i.card_id].ongoing)


def grand_circle_exposes_keys(game: Game, card) -> bool:
    """Summoning `card`, a Grand Circle, before the other Keys are in play: a Key drawn later and not
    summoned the same turn would be sacrificed with the hand (R4.4, R10.2)."""
    return any(e["op"] == "hand_sacrificed_at_end" for e in card.ongoing) and _keys_missing(game) > 1


def _keys_missing(game: Game) -> int:
    return 3 - sum(1 for i in game.zone("play") if game.cards[i.card_id].type == "key")


def keep_value(game: Game, card_id: str) -> float:
    """Higher = more worth keeping. Keys and BAPHOMET are never given up; interference goes first."""
    card = game.cards[card_id]
    if card.type in KEY_TYPES:
        return 1000.0
    if card.is_interference:
        return -50.0 - interference_harm(game, card_id)
    if card_id == "circle_of_protection":
        return 40.0 if grand_circle_missing(game) else 4.0
    if card.type == "tanist":
        wand_missing = any(i.card_id == "wand_of_power" for z in ("deck", "hand", "discard") for i in game.zone(z))
        return 6.0 if wand_missing else 3.0
    if card_id == "pentacle":
        return 12.0 if _keys_missing(game) else 1.0
    if any(e["op"] == "hand_size" and e["amount"] > 0 for e in card.ongoing):
        return 9.0
    best_gain = max([action_profile(card, a.id).gain for a in card.actions] + [_dagger_gain(card)])
    if card.type == "magical_power":
        return 2.0 + 1.5 * best_gain
    if card_id == "wax_candle":
        return 1.0
    if any(e["op"] == "end_turn_shield" for e in card.ongoing):
        return 5.0
    return 3.0 + best_gain


def want_value(game: Game, card_id: str) -> float:
    """How much a card is wanted in the hand now (a search's choice)."""
    card = game.cards[card_id]
    if card.type == "key":
        in_play = {i.card_id for i in game.zone("play")}
        if card_id == "grand_circle":
            return 95.0 if "circle_of_protection" in in_play else 70.0
        if card_id == "wand_of_power":
            return 90.0 if any(game.cards[c].type == "tanist" for c in in_play) else 75.0
        return 85.0
    if card.type == "demon":
        return 80.0 if _keys_missing(game) <= 1 else 50.0
    if card_id == "circle_of_protection" and grand_circle_missing(game):
        return 60.0
    if card.is_interference:
        return -100.0
    return keep_value(game, card_id)


def option_score(game: Game, index: int) -> float:
    """How good option `index` of the open decision is; higher is better."""
    decision = game.pending
    option = decision.options[index]
    task = decision.task
    if decision.kind == "search":
        return want_value(game, game.card(option.uid).card_id)
    if decision.kind == "order":
        # resolve first what gives no power, then power last (spent more easily after the rest)
        card = game.cdef(option.uid)
        return -_dagger_gain(card) - index * 0.01
    # a target: sacrifice / scrap / discard a chosen card
    if option.uid is None:
        return 0.0
    card_id = game.card(option.uid).card_id
    card = game.cards[card_id]
    if task.get("move") == "sacrifice":
        if card.type == "key":
            return -1000.0
        score = 10.0 - keep_value(game, card_id)
        gain = _dagger_gain(card)
        if gain and game.zone_of(option.uid) != "hand":
            score -= 4.0 * gain  # power from a † late in a turn risks damage
        if card.type == "tanist" and card.dagger:
            if any(s["op"] == "remove_damage" for s in card.dagger) and game.damage:
                score += 12.0
            if any(s["op"] == "move" and s["move"] == "sacrifice" for s in card.dagger):
                score += 4.0
        if card.is_interference:
            score += 100.0
        if task.get("otherwise"):  # "sacrifice a Tanist, or else take 1 damage": a card beats damage
            score += 20.0
        return score
    # scrap / discard: what is least worth keeping
    return 5.0 - keep_value(game, card_id)


def answer_decision(game: Game) -> int:
    """The index of the best option of the open decision by `option_score` (ties: the first)."""
    n = len(game.pending.options)
    return max(range(n), key=lambda i: (option_score(game, i), -i))
