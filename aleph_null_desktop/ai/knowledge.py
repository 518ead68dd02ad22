"""What the players know about cards, read from the card data (so custom cards are understood too).

* `action_profile`: what an action costs and gives, in numbers (power in, power out, thinning).
* `keep_value`: how much a card is worth keeping; the lowest is the first to sacrifice.
* `interference_harm`: how much an interference card in play hurts, from its ongoing effects.
* `want_value`: how much a card is wanted in the hand (the choice of a search).
* `answer_decision`: a sensible answer to any open decision (never a Key when avoidable).
* `requirements`: what the Keys' special costs ask to be sacrificed (a card by name, or of a type).

Nothing here names a card or an op: what an op means is its registry entry's `AiKnowledge`
(engine.ops), what a card is its data (tests/engine/test_ops_registry.py checks both).
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


def dagger_gain(card: CardDef) -> int:
    """The power a card's † effect gives (before modifiers)."""
    return _sum(card.dagger, "gain")


def special_cost_pay(card: CardDef) -> int:
    """The power a card's special cost pays besides its printed cost."""
    return _sum(card.special_cost, "pay")


def _ongoing_ai(card: CardDef):
    return ((OPS[e["op"]].ai, e) for e in card.ongoing)


def sacrifices_hand(card: CardDef) -> bool:
    """The card sacrifices the hand at the end of each turn while in play (the op registry says)."""
    return any(ai.sacrifices_hand for ai, _e in _ongoing_ai(card))


def blocks_baphomet(card: CardDef) -> bool:
    return any(ai.blocks_baphomet for ai, _e in _ongoing_ai(card))


def sacrifice_steps(steps) -> list[dict]:
    """The steps that sacrifice chosen cards (thinning), by the op registry's roles."""
    return [s for s in steps if OPS[s["op"]].ai.role == "move" and s["move"] == "sacrifice"]


def thins_discard(card: CardDef) -> bool:
    """One of the card's actions sacrifices a card from the discard pile alone (as the Book of Pacts)."""
    return any(s["from"] == ["discard"] for a in card.actions for s in sacrifice_steps(a.effect))


def searches_for_keys(card: CardDef) -> bool:
    """One of the card's actions searches the deck for a Key."""
    return any(OPS[s["op"]].ai.role == "search" and "key" in s["filter"].get("types", ())
               for a in card.actions for s in a.effect)


# ------------------------------------------------------------------ what the Keys' special costs need


@dataclass(frozen=True)
class Requirement:
    """One sacrifice a Key's special cost asks for (the Grand Circle: the Circle of Protection by
    name; the Wand of Power: a Tanist by type), read from the card data."""

    key: str  # the Key's card id
    filter: dict
    count: int
    by_name: bool  # the filter names the cards (ids): a scarce card, not any of a type
    met_by: frozenset[str]  # the card ids that meet it


_REQUIREMENTS: dict[int, tuple] = {}


def requirements(cards) -> tuple[Requirement, ...]:
    """Every sacrifice the Keys' special costs ask for, in the card set `cards` (id -> CardDef)."""
    hit = _REQUIREMENTS.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    out = []
    for cid, card in cards.items():
        if card.type != "key":
            continue
        for step in sacrifice_steps(card.special_cost):
            f = step["filter"]
            met = frozenset(other for other, c in cards.items()
                            if ("types" not in f or c.type in f["types"]) and ("ids" not in f or other in f["ids"]))
            out.append(Requirement(cid, f, step["count"], "ids" in f, met))
    table = tuple(out)
    _REQUIREMENTS[id(cards)] = (cards, table)
    return table


def _waiting_keys(game: Game) -> set[str]:
    """The Keys still to be summoned: in the deck, the hand or the discard pile."""
    return {i.card_id for z in ("deck", "hand", "discard") for i in game.zone(z)
            if game.cards[i.card_id].type == "key"}


def needed_by_waiting_key(game: Game, card_id: str, by_name: bool) -> bool:
    """A Key still to be summoned needs this card sacrificed for its special cost (`by_name`: a
    requirement that names its cards, else one of a type)."""
    waiting = None
    for req in requirements(game.cards):
        if req.by_name == by_name and card_id in req.met_by:
            if waiting is None:
                waiting = _waiting_keys(game)
            if req.key in waiting:
                return True
    return False


def named_by_a_key(game: Game, card_id: str) -> bool:
    """Some Key's special cost names this card."""
    return any(req.by_name and card_id in req.met_by for req in requirements(game.cards))


def _requirements_met_in_play(game: Game, key_id: str) -> list[bool]:
    in_play = {i.card_id for i in game.zone("play")}
    return [req.by_name for req in requirements(game.cards) if req.key == key_id and req.met_by & in_play]


def _harm_of(card: CardDef) -> float:
    """How much a card's ongoing effects hurt, as the op registry rates each (engine.ops)."""
    return sum(OPS[effect["op"]].ai.harm(effect) for effect in card.ongoing)


def interference_harm(game: Game, card_id: str) -> float:
    """How much this card hurts while in play (0 for a harmless one such as Rumjal)."""
    card = game.cards[card_id]
    harm = _harm_of(card)
    if any(ai.harm_ends_with_keys(e) for ai, e in _ongoing_ai(card)):
        harm = harm if _keys_missing(game) else 1
    return harm


def grand_circle_exposes_keys(game: Game, card) -> bool:
    """Summoning `card`, a Grand Circle, before the other Keys are in play: a Key drawn later and not
    summoned the same turn would be sacrificed with the hand (R4.4, R10.2)."""
    return sacrifices_hand(card) and _keys_missing(game) > 1


def _keys_missing(game: Game) -> int:
    return 3 - sum(1 for i in game.zone("play") if game.cards[i.card_id].type == "key")


def keep_value(game: Game, card_id: str) -> float:
    """Higher = more worth keeping. Keys and BAPHOMET are never given up; interference goes first."""
    card = game.cards[card_id]
    if card.type in KEY_TYPES:
        return 1000.0
    if card.is_interference:
        return -50.0 - interference_harm(game, card_id)
    if named_by_a_key(game, card_id):  # the Circle of Protection, while the Grand Circle waits for it
        return 40.0 if needed_by_waiting_key(game, card_id, by_name=True) else 4.0
    if any(not req.by_name and card_id in req.met_by for req in requirements(game.cards)):  # a Tanist
        return 6.0 if needed_by_waiting_key(game, card_id, by_name=False) else 3.0
    if searches_for_keys(card):
        return 12.0 if _keys_missing(game) else 1.0
    keep = max((ai.keep(e) for ai, e in _ongoing_ai(card)), default=0.0)
    if keep:
        return keep
    best_gain = max([action_profile(card, a.id).gain for a in card.actions] + [dagger_gain(card)])
    if card.type == "magical_power":
        return 2.0 + 1.5 * best_gain
    if not card.cost and not card.dagger:  # free to summon and nothing more to it (a Wax Candle)
        return 1.0
    return 3.0 + best_gain


# A Key's worth in the hand by what its special cost asks: (met in play, not met). A Key that needs
# a card by name waits on that one card (the Grand Circle on the Circle of Protection).
_KEY_WANT = {True: (95.0, 70.0), False: (90.0, 75.0)}


def want_value(game: Game, card_id: str) -> float:
    """How much a card is wanted in the hand now (a search's choice)."""
    card = game.cards[card_id]
    if card.type == "key":
        needs = [req.by_name for req in requirements(game.cards) if req.key == card_id]
        if not needs:
            return 85.0
        met = _requirements_met_in_play(game, card_id)
        by_name = any(needs)
        return _KEY_WANT[by_name][0 if met else 1]
    if card.type == "demon":
        return 80.0 if _keys_missing(game) <= 1 else 50.0
    if needed_by_waiting_key(game, card_id, by_name=True):
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
        return -dagger_gain(card) - index * 0.01
    # a target: sacrifice / scrap / discard a chosen card
    if option.uid is None:
        return 0.0
    card_id = game.card(option.uid).card_id
    card = game.cards[card_id]
    if task.get("move") == "sacrifice":
        if card.type == "key":
            return -1000.0
        score = 10.0 - keep_value(game, card_id)
        gain = dagger_gain(card)
        if gain and game.zone_of(option.uid) != "hand":
            score -= 4.0 * gain  # power from a † late in a turn risks damage
        if card.type == "tanist" and card.dagger:
            if _has(card.dagger, "heal") and game.damage:
                score += 12.0
            if sacrifice_steps(card.dagger):
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
