"""How good a position is for the ritual, as one number (higher is better).

The expert searches this turn's commands and scores where each line ends: after the end of the
turn (the next hand drawn), or at once if the game is over. The terms, each a reading of the
position a player can see:

* thinning: every card still in the deck, hand or discard pile must be dealt with before
  BAPHOMET can come (R11.1); a card in play is out of the way but costs a point at Judgement;
* the Keys in play (the Grand Circle thins a whole hand each turn, the Book a card for 2P);
* interference: in play by the harm of its ongoing effect, in the pile because it comes back;
* damage (the third is death), the Hour (two points of score each, and time runs out), tokens;
* power left unspent (mid-turn only): as damage (`mid_turn="pessimistic"`, what ending the turn
  now would cost) or as a small cost (`"optimistic"`, it may still be spent: for ranking lines).

`Weights` holds the numbers so that they can be tuned in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from aleph_null_desktop.ai.knowledge import (
    action_profile, blocks_baphomet, dagger_gain, interference_harm, requirements, sacrifice_steps, sacrifices_hand,
    special_cost_pay, thins_discard,
)
from aleph_null_desktop.engine import Game
from aleph_null_desktop.engine.observation import interference_pool

WIN = 10_000.0
LOSS = -10_000.0
BLOCKED = LOSS + 5.0  # a Key can never be summoned: lost in all but name (rather play on)
# A loss the player walks into by choice, whatever the draws: BAPHOMET summoned with cards left or
# into a negative score, a Key sacrificed. Below every other loss (those lie in LOSS+10 … LOSS+70),
# so that any line that keeps the ritual alive, however unlikely to win, is preferred.
CERTAIN_LOSS = LOSS - 100.0
_CHOSEN_LOSSES = ("cards_remain", "negative_score", "key_sacrificed")


@dataclass(frozen=True)
class Weights:
    pool_card: float = 4.0  # each card in deck, hand or discard pile
    pool_interference: float = 6.0  # extra for an interference card that will come back
    play_card: float = 1.0  # each non-Key card in play (a point at Judgement)
    key: tuple[float, ...] = (14.0, 12.0, 10.0)  # per Key in play, the first, second, third
    grand_circle: float = 18.0  # extra: it thins a whole hand every turn
    exposed_key: float = 40.0  # per other Key not in play while the Grand Circle is: one drawn and not
    #                            summoned is sacrificed with the hand at the end of the turn (R4.4, R10.2)
    book: float = 4.0  # extra: it thins for 2P
    circle_ready: float = 8.0  # Circle of Protection in play while the Grand Circle is not
    tanist_ready: float = 3.0  # a Tanist in play while the Wand is not
    damage: tuple[float, ...] = (0.0, 20.0, 60.0)  # total cost of 0, 1, 2 damage
    hour: float = 9.0  # per Hour spent
    token: float = 0.8  # each token on the Grimoire (free power, but damage as the Hour turns)
    power_in_play: float = 1.0  # each point of power the cards in play can still give
    unspent: float = 2.0  # optimistic mid-turn: each point of power not yet spent
    win_score: float = 60.0  # per point of final score
    time_pressure: float = 6.0  # per card beyond what the Hours left can plausibly clear
    reserve: float = 1.0  # weight of the damage expected from interference drawn next turn
    last_damage: float = 150.0  # the cost of an expected point of damage that would be the third
    shortfall: float = 10.0  # per point of power the missing Keys need beyond what is left to raise


DEFAULT = Weights()

_TABLES: dict[int, tuple] = {}


def _card_info(card, cards) -> tuple:
    """(kind, gain, once, need) of a card definition in the card set `cards`:
    kind: hand_key (a Key that sacrifices the hand each turn: the Grand Circle) / book (a Key that thins the
    discard pile) / key / demon / interference / its type;
    gain: the most power one of its actions gives with nothing to pay (in play);
    once: the most power it can raise once, its summoning cost taken off;
    need: for a Key not in play, the power its summoning needs (a card its special cost names must
    be summoned first: its cost too); for interference, what it costs when drawn (plus what it
    takes to remove, if it blocks BAPHOMET)."""
    if card.type == "key":
        if sacrifices_hand(card):
            kind = "hand_key"
        elif thins_discard(card):
            kind = "book"
        else:
            kind = "key"
    elif card.is_interference:
        kind = "interference"
    else:
        kind = card.type
    gain = 0
    for action in card.actions:
        p = action_profile(card, action.id)
        if p.gain and not p.pay and not p.cost_moves:
            gain = max(gain, p.gain)
    once = max(gain, dagger_gain(card))
    need = 0
    if card.type == "key":
        need = (card.cost or 0) + special_cost_pay(card)
        for step in sacrifice_steps(card.special_cost):
            named = [cards[i].cost or 0 for i in step["filter"].get("ids", ()) if i in cards]
            if named:
                need += min(named)
    elif card.is_interference:
        need = card.cost or 0
        if blocks_baphomet(card):
            pays = [action_profile(card, a.id).pay for a in card.actions]
            need += min(pays) if pays else 4
    elif card.type != "demon":
        once = max(0, once - (card.cost or 0))
    return kind, gain, once, need


def _table(cards) -> tuple:
    """Per card set: card id -> info, and the Keys' special-cost requirements
    (key id -> [(requirement index, count)]) with card id -> the requirements it meets, and
    card id -> [(key id, requirement names its cards, the card's cost)] for the Keys it can pay for."""
    hit = _TABLES.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    info = {cid: _card_info(card, cards) for cid, card in cards.items()}
    reqs = requirements(cards)
    key_reqs: dict[str, list[tuple[int, int]]] = {}
    for i, req in enumerate(reqs):
        key_reqs.setdefault(req.key, []).append((i, req.count))
    meets = {cid: tuple(i for i, req in enumerate(reqs) if cid in req.met_by) for cid in cards}
    pays_for = {cid: [(req.key, req.by_name, cards[cid].cost or 0) for req in reqs if cid in req.met_by]
                for cid in cards}
    table = (info, key_reqs, meets, len(reqs), pays_for)
    _TABLES[id(cards)] = (cards, table)
    return table


def _set_aside_need(game: Game, info: dict) -> float:
    """What the interference set aside will need when it arrives, as the player can know it: the
    mean over the cards of its level not seen anywhere (which one waits is hidden; reading the
    copy's own card would make every value depend on the deal the search imagined)."""
    set_aside = game.zone("set_aside")
    if not set_aside:
        return 0.0
    cards = game.cards
    slots: dict[int, list[str]] = {}
    for inst in set_aside:
        slots.setdefault(cards[inst.card_id].level or 0, []).append(inst.card_id)
    seen = {inst.card_id for zone in _SEEN_ZONES for inst in game.zone(zone)}
    total = 0.0
    for level, ids in slots.items():
        unseen = [cid for cid in interference_pool(game, level) if cid not in seen and cid in info]
        if len(unseen) < len(ids):  # not the setup's pool: the cards themselves
            total += sum(info[cid][3] for cid in ids)
        else:
            total += len(ids) * sum(info[cid][3] for cid in unseen) / len(unseen)
    return total


_SEEN_ZONES = ("deck", "hand", "play", "discard", "sacrificed")


def _terms(game: Game, w: Weights, mid_turn: bool = False) -> tuple:
    """(value without the damage and power terms, or None if a Key is blocked;
    the expected power the next hand's interference will need beyond what is at hand)."""
    cards = game.cards
    info, key_reqs, meets, n_reqs, pays_for = _table(cards)
    counts = [0] * n_reqs
    waiting_keys = []
    pool = pool_interference = 0
    have = game.tokens + game.power
    need = 0
    size = {"deck": 0, "hand": 0, "discard": 0}
    icost = {"deck": 0, "hand": 0, "discard": 0}
    for zone in ("deck", "hand", "discard"):
        for inst in game.zone(zone):
            cid = inst.card_id
            kind, _, once, card_need = info[cid]
            pool += 1
            size[zone] += 1
            need += card_need
            if kind == "interference":
                pool_interference += 1
                icost[zone] += cards[cid].cost or 0
            else:
                have += once
            for i in meets[cid]:
                counts[i] += 1
            if cid in key_reqs:
                waiting_keys.append(cid)
    need += _set_aside_need(game, info)
    keys = play_cards = 0
    grand_circle = book = modified = False
    ready: list[tuple[str, bool, int]] = []  # cards in play a Key's special cost asks for
    harm = 0.0
    gains = []
    for inst in game.zone("play"):
        cid = inst.card_id
        kind, gain, once, card_need = info[cid]
        for i in meets[cid]:
            counts[i] += 1
        if kind in ("hand_key", "book", "key"):
            keys += 1
            grand_circle |= kind == "hand_key"
            book |= kind == "book"
            continue
        play_cards += 1
        if kind == "interference":
            harm += interference_harm(game, cid)
            modified = True
            need += max(0, card_need - (cards[cid].cost or 0))
            continue
        ready += pays_for[cid]
        if gain:
            gains.append((inst.uid, gain))
        have += once
    for cid in waiting_keys:
        for i, count in key_reqs[cid]:
            if counts[i] < count:
                return None, 0.0
    potential = sum(game.power_from(u, g) for u, g in gains) if modified else sum(g for _, g in gains)
    # interference drawn next turn is summoned first, its cost paid from tokens and from what the
    # cards in play can raise; the rest is damage (R6.3). The expected cost of the next hand:
    hand_size = game.hand_size
    if mid_turn:
        n, c = size["deck"], icost["deck"]
        expected = c if n <= hand_size else hand_size * c / n
        if n < hand_size and size["discard"]:
            expected += (hand_size - n) * icost["discard"] / size["discard"]
    else:
        n = size["deck"] + size["hand"]
        c = icost["deck"] + icost["hand"]
        expected = c if n <= hand_size else hand_size * c / n
    reserve_short = max(0.0, expected - game.tokens - potential)
    value = -(w.pool_card * pool + w.pool_interference * pool_interference + w.play_card * play_cards + harm)
    value += sum(w.key[:keys])
    if grand_circle:
        value += w.grand_circle - w.exposed_key * (3 - keys)
    waiting = set(waiting_keys)
    for by_name in (True, False):  # a card in play that a Key still to come will sacrifice
        costs = [cost for key, named, cost in ready if named is by_name and key in waiting]
        if costs:
            value += w.circle_ready if by_name else w.tanist_ready
            if by_name:
                need = max(0, need - costs[0])  # the card it names is summoned already
    if book:
        value += w.book
    value -= w.hour * game.hour
    capacity = (12 if grand_circle else 5) * (game.last_hour - game.hour) + 5
    if pool > capacity:
        value -= w.time_pressure * (pool - capacity)
    if need > have:
        value -= w.shortfall * (need - have)
    value += w.token * game.tokens + w.power_in_play * potential
    return value, reserve_short


def _with_damage(game: Game, w: Weights, value: float, damage: int, expected: float = 0.0) -> float:
    """The value with `damage` taken, and `expected` (a fraction) more likely to come."""
    if damage >= 3:
        return LOSS + 10.0 * game.hour
    value -= w.damage[damage]
    if expected:
        step = (w.damage[damage + 1] - w.damage[damage]) if damage + 1 < 3 else w.last_damage
        value -= w.reserve * step * expected
    return value


def evaluate(game: Game, w: Weights = DEFAULT, *, mid_turn: str | None = None) -> float:
    """The value of a position. `mid_turn`: None after the end of a turn, else "pessimistic" or
    "optimistic" about the power not yet spent (see the module docstring)."""
    if mid_turn is None:
        outcome = game.outcome
        if outcome is not None:
            return _outcome_value(outcome, w)
        value, short = _terms(game, w)
        if value is None:
            return BLOCKED + 10.0 * game.hour
        return _with_damage(game, w, value, game.damage, short)
    optimistic, pessimistic = evaluate_mid_turn(game, w)
    return optimistic if mid_turn == "optimistic" else pessimistic


def _outcome_value(outcome, w: Weights) -> float:
    if outcome.won:
        return WIN + w.win_score * outcome.score
    if outcome.reason in _CHOSEN_LOSSES:  # never better than playing on, however lost
        return CERTAIN_LOSS + outcome.hour
    return LOSS + 10.0 * outcome.hour


def forced_key_sacrifice(game: Game) -> bool:
    """True when the open decision must sacrifice a Key (every option is one): lost (R10.2).
    Such a position looks good until the choice is made; a search cut short there must know."""
    decision = game.pending
    if decision is None or decision.kind != "target" or decision.task.get("move") != "sacrifice":
        return False
    return all(o.uid is not None and game.cdef(o.uid).type == "key" for o in decision.options)


def evaluate_mid_turn(game: Game, w: Weights = DEFAULT) -> tuple[float, float]:
    """(optimistic, pessimistic) values of a position in the middle of a turn."""
    outcome = game.outcome
    if outcome is not None:
        v = _outcome_value(outcome, w)
        return v, v
    if forced_key_sacrifice(game):
        v = CERTAIN_LOSS + game.hour
        return v, v
    value, short = _terms(game, w, mid_turn=True)
    if value is None:
        v = BLOCKED + 10.0 * game.hour
        return v, v
    preview = game.end_turn_preview()
    power = game.power
    optimistic = _with_damage(game, w, value - w.unspent * power, game.damage + max(0, preview - power), short)
    pessimistic = _with_damage(game, w, value, game.damage + preview, short)
    return optimistic, pessimistic
