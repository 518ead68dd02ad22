"""The one place where the AI touches the engine's internals (read, and write only on clones).

Two things the public engine API does not offer yet:

* `determinized(game, rng)`: a clone of the game in which everything the player cannot know is
  re-dealt at random: the order of the deck, which interference cards of each level wait in the
  set-aside pile, and the clone's own random generator (so later shuffles differ). The sample
  depends only on `rng` and on what the player can see — never on the real hidden order — so a
  player built on it cannot peek. Candidate for promotion to an engine method
  `Game.determinized(rng)`.
* `state_key(game)`: a hashable summary of everything a player can see, with interchangeable
  copies of a card (the three Wax Candles) made equal and the deck taken as a set of cards (its
  order is hidden). Two positions with the same key are the same position to a player; the
  search uses it to merge transpositions (summon A then B = summon B then A).

Nothing here changes a game the caller passed in: `determinized` works on a clone.
"""

from __future__ import annotations

import random

from aleph_null_desktop.engine import CardInstance, Game

_OPEN_ZONES = ("hand", "play", "discard", "sacrificed")


def _interference_pool(game: Game, level: int) -> list[str]:
    """The interference ids of a level this game set aside from (R3.1), as the setup did."""
    pools = game.options.get("interference_pool")
    if pools and str(level) in pools:
        pool = list(pools[str(level)])
    else:
        pool = game.cards.interference_ids(level)
    if level == 2 and game.options.get("eternal_light") and "eternal_light" not in pool:
        pool.append("eternal_light")
    return pool


def determinized(game: Game, rng: random.Random) -> Game:
    """A clone with the hidden information re-dealt from `rng` (see the module docstring).

    The deck is first put in a canonical order (by uid) and then shuffled, so the result does not
    depend on the real order. Set-aside interference keeps its level and place in the queue (both
    known: lowest level first) but its identity is drawn from the cards of that level not seen
    anywhere else in the game."""
    c = game.clone()
    deck = sorted(c._zones["deck"], key=lambda i: i.uid)
    rng.shuffle(deck)
    c._zones["deck"] = deck
    set_aside = c._zones["set_aside"]
    if set_aside:
        seen = {i.card_id for z in ("deck",) + _OPEN_ZONES for i in c._zones[z]}
        new_aside: list[CardInstance] = []
        inst = None
        for level in sorted({c.cards[i.card_id].level or 0 for i in set_aside}):
            slots = [i for i in set_aside if (c.cards[i.card_id].level or 0) == level]
            pool = sorted(cid for cid in _interference_pool(c, level) if cid not in seen)
            if len(pool) < len(slots):  # should not happen; keep what is there
                new_aside.extend(slots)
                continue
            rng.shuffle(pool)
            for slot, card_id in zip(sorted(slots, key=lambda i: i.uid), pool):
                if slot.card_id != card_id:
                    if inst is None:
                        inst = dict(c._inst)
                    slot = CardInstance(slot.uid, card_id)
                    inst[slot.uid] = slot
                new_aside.append(slot)
        if inst is not None:
            c._inst = inst
        # the set-aside queue is ordered lowest level first; uids within a level follow the queue
        c._zones["set_aside"] = new_aside
    c._rng.seed(rng.getrandbits(64))
    return c


def _task_sig(game: Game, task: dict) -> tuple:
    src = task.get("src")
    src_id = game._inst[src].card_id if isinstance(src, int) and src in game._inst else None
    chosen = tuple(sorted(game._inst[u].card_id for u in task.get("chosen", ()) if u in game._inst))
    uids = tuple(sorted(game._inst[u].card_id for u in task.get("uids", ()) if u in game._inst))
    return (task.get("op"), src_id, task.get("amount"), task.get("count"), task.get("move"),
            task.get("declined", False), chosen, uids, task.get("advanced", False), task.get("hour"))


def state_key(game: Game) -> tuple:
    """What a player sees, canonical under identical copies; the deck as a sorted list of ids."""
    zones = game._zones
    inst_of = game._inst
    parts = [tuple(sorted(i.card_id for i in zones[z])) for z in _OPEN_ZONES]
    parts.append(tuple(sorted(i.card_id for i in zones["deck"])))
    parts.append(len(zones["set_aside"]))
    pending = game.pending
    if pending is not None:
        opts = tuple((inst_of[o.uid].card_id if o.uid is not None else None,
                      game._loc.get(o.uid) if o.uid is not None else None) for o in pending.options)
        pend = (pending.kind, opts, _task_sig(game, pending.task))
    else:
        pend = None
    outcome = game.outcome
    return (game.circle, game.hour, game.last_hour, game.damage, game.power, game.tokens, game.turn,
            game._summons_this_turn, game._summoned_any, game._sacrificed_this_turn,
            tuple(parts), pend, tuple(_task_sig(game, t) for t in game._stack),
            (outcome.reason, outcome.score) if outcome else None)


def with_power(game: Game, extra: int) -> Game:
    """A clone with `extra` more virtual power: which commands would be legal if power allowed."""
    c = game.clone()
    c.power += extra
    return c
