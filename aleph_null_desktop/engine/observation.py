"""What a player may see of a ritual, and copies of it for search that know no more than that.

Hidden from the player: the order of the deck, and which interference cards wait in the
set-aside pile (their number and levels are known: the Circle names them, lowest level first).
Nothing ever reveals the order of the deck: every look at it (a search) ends with a shuffle, and
a draw takes cards out of it. So the information state is

* the open zones (hand, play, discard pile, sacrifice pile), card by card;
* the deck as a multiset of card ids (what is in it is known: every other card is seen) and its size;
* the set-aside pile as a queue of levels;
* the numbers (Hour, damage, power, tokens, turn, this turn's summons and flags), the open
  decision and the tasks still waiting to resolve (they follow from what the player did).

`observe(game)` returns it as an `Observation`; `observation.key` is a hashable summary in which
identical copies of a card are equal (two positions with the same key are the same to a player).
`determinized(game, rng)` is a clone whose hidden parts are re-dealt from `rng` consistently with
the observation; it never depends on the real hidden order, so a player built on it cannot peek.
Use them through `Game.observe()` and `Game.determinized(rng)`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aleph_null_desktop.engine.model import CardInstance, Decision, Outcome

if TYPE_CHECKING:
    from aleph_null_desktop.engine.game import Game

OPEN_ZONES = ("hand", "play", "discard", "sacrificed")


@dataclass(frozen=True)
class Observation:
    """Everything a player may know of a position (see the module docstring)."""

    circle: str
    hour: int
    last_hour: int
    damage: int
    power: int
    tokens: int
    turn: int
    hand_size: int
    summons_this_turn: int
    summoned_any: bool
    sacrificed_this_turn: bool
    hand: tuple[CardInstance, ...]
    play: tuple[CardInstance, ...]
    discard: tuple[CardInstance, ...]
    sacrificed: tuple[CardInstance, ...]
    deck_cards: tuple[str, ...]  # what the deck holds, sorted by id; its order is unknown
    set_aside_levels: tuple[int, ...]  # next to arrive first
    pending: Decision | None
    outcome: Outcome | None
    every_turn_costs_an_hour: bool
    key: tuple  # hashable; equal for positions a player cannot tell apart

    @property
    def deck_size(self) -> int:
        return len(self.deck_cards)

    def zone(self, name: str) -> tuple[CardInstance, ...]:
        """An open zone by name ("hand", "play", "discard", "sacrificed")."""
        if name not in OPEN_ZONES:
            raise KeyError(f"{name!r} is not an open zone; open zones: {', '.join(OPEN_ZONES)}")
        return getattr(self, name)


def _task_sig(game: "Game", task: dict) -> tuple:
    """A task as a player knows it: card ids instead of uids (identical copies are equal)."""
    inst = game._inst
    src = task.get("src")
    src_id = inst[src].card_id if isinstance(src, int) and src in inst else None
    chosen = tuple(sorted(inst[u].card_id for u in task.get("chosen", ()) if u in inst))
    uids = tuple(sorted(inst[u].card_id for u in task.get("uids", ()) if u in inst))
    return (task.get("op"), src_id, task.get("amount"), task.get("count"), task.get("move"),
            task.get("declined", False), chosen, uids, task.get("advanced", False), task.get("hour"))


def public_key(game: "Game") -> tuple:
    """The `Observation.key` of a game without building the rest of the observation (fast)."""
    zones = game._zones
    inst_of = game._inst
    parts = [tuple(sorted(i.card_id for i in zones[z])) for z in OPEN_ZONES]
    parts.append(tuple(sorted(i.card_id for i in zones["deck"])))
    parts.append(len(zones["set_aside"]))
    pending = game.pending
    if pending is not None:
        opts = tuple((inst_of[uid].card_id if uid is not None else None,
                      game._loc.get(uid) if uid is not None else None) for uid in pending.uids)
        pend = (pending.kind, opts, _task_sig(game, pending.task))
    else:
        pend = None
    outcome = game.outcome
    return (game.circle, game.hour, game.last_hour, game.damage, game.power, game.tokens, game.turn,
            game._summons_this_turn, game._summoned_any, game._sacrificed_this_turn,
            tuple(sorted((inst_of[uid].card_id, action) for uid, action in game._used_once)),
            tuple(parts), pend, tuple(_task_sig(game, t) for t in game._stack),
            (outcome.reason, outcome.score) if outcome else None)


def observe(game: "Game") -> Observation:
    zones = game._zones
    cards = game.cards
    return Observation(
        circle=game.circle, hour=game.hour, last_hour=game.last_hour, damage=game.damage,
        power=game.power, tokens=game.tokens, turn=game.turn, hand_size=game.hand_size,
        summons_this_turn=game._summons_this_turn, summoned_any=game._summoned_any,
        sacrificed_this_turn=game._sacrificed_this_turn,
        hand=tuple(zones["hand"]), play=tuple(zones["play"]), discard=tuple(zones["discard"]),
        sacrificed=tuple(zones["sacrificed"]),
        deck_cards=tuple(sorted(i.card_id for i in zones["deck"])),
        set_aside_levels=tuple(cards[i.card_id].level or 0 for i in zones["set_aside"]),
        pending=game.pending, outcome=game.outcome,
        every_turn_costs_an_hour=game.every_turn_costs_an_hour,
        key=public_key(game),
    )


def interference_pool(game: "Game", level: int) -> list[str]:
    """The interference ids of a level this game set aside from (R3.1): the setup's own rule."""
    return setup_pool(game.cards, game.options, level)


def setup_pool(cards, options: dict, level: int) -> list[str]:
    """R3.1: the interference ids of a level a game sets aside from. A pool the caller gave for the
    level (custom cards, `options["interference_pool"]`) is used exactly as given; otherwise the
    printed cards of the level, with Eternal Light among the level-2 ones when it is chosen."""
    pools = options.get("interference_pool")
    if pools and str(level) in pools:
        return list(pools[str(level)])
    pool = cards.interference_ids(level)
    if level == 2 and options.get("eternal_light") and "eternal_light" not in pool:
        pool.append("eternal_light")
    return pool


def determinized(game: "Game", rng: random.Random, top: str | None = None) -> "Game":
    """A clone with the hidden information re-dealt from `rng`.

    The deck is put in a canonical order (by uid) and shuffled; set-aside interference keeps its
    level and place in the queue but its identity is drawn from the cards of that level not seen
    anywhere else; the clone's own generator is reseeded from `rng` (later shuffles differ).
    `top`: a card id in the deck that the deal puts on top (a search that spreads its deals over
    the next card drawn); the first copy of it in the shuffled order moves up, the rest keep theirs."""
    c = game.clone()
    deck = sorted(c._zones["deck"], key=lambda i: i.uid)
    rng.shuffle(deck)
    if top is not None:
        at = next((k for k, inst in enumerate(deck) if inst.card_id == top), None)
        if at is None:
            raise ValueError(f"no {top!r} in the deck to deal on top")
        deck.insert(0, deck.pop(at))
    c._zones["deck"] = deck
    set_aside = c._zones["set_aside"]
    if set_aside:
        seen = {i.card_id for z in ("deck",) + OPEN_ZONES for i in c._zones[z]}
        new_aside: list[CardInstance] = []
        inst = None
        for level in sorted({c.cards[i.card_id].level or 0 for i in set_aside}):
            slots = [i for i in set_aside if (c.cards[i.card_id].level or 0) == level]
            pool = sorted(cid for cid in interference_pool(c, level) if cid not in seen)
            if len(pool) < len(slots):  # only when the pool is not what the setup used
                new_aside.extend(slots)
                continue
            rng.shuffle(pool)
            for slot, card_id in zip(sorted(slots, key=lambda i: i.uid), pool):
                if slot.card_id != card_id:
                    if inst is None:
                        inst, defs = dict(c._inst), dict(c._defs)
                    slot = CardInstance(slot.uid, card_id)
                    inst[slot.uid] = slot
                    defs[slot.uid] = c.cards[card_id]
                new_aside.append(slot)
        if inst is not None:
            c._inst, c._defs = inst, defs
        c._zones["set_aside"] = new_aside
    c._rng.seed(rng.getrandbits(64))
    return c
