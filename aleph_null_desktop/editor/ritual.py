"""A new ritual with custom cards: they join the set-aside interference of the chosen Circle,
each taking the place of a built-in card of its level.

    records, pool = custom_setup(library.records(), ["custom_grave_warden"], circle="magus", seed=7)
    game = new_game(seed=7, circle="magus", cards=records, interference_pool=pool)

Every chosen card is set aside (the pool of its level is exactly the Circle's count: the chosen
custom cards plus built-in cards of that level picked with the ritual's seed); levels without a
chosen card are left to the engine's usual random pick. In play the cards behave exactly as
their data says: the records go to the engine as card overrides (marked "custom", so they are
never part of the built-in pool of a ritual that did not choose them).
"""

from __future__ import annotations

import copy
import random
from typing import Iterable

from aleph_null_desktop.engine.cards import ROMAN, circles, load_builtin_cards


def slots(circle: str) -> dict[int, int]:
    """How many interference cards of each level the Circle sets aside."""
    return {level: circles()[circle].set_aside.get(level, 0) for level in (1, 2, 3)}


def _level(record: dict) -> int:
    return record.get("level") if isinstance(record.get("level"), int) else 0


def placement_problem(custom_records: Iterable[dict], chosen_ids: Iterable[str], circle: str) -> str | None:
    """None if the chosen cards fit the Circle, else why not (for the setup dialog)."""
    if circle not in circles():
        return f"there is no Circle {circle!r}"
    by_id = {r.get("id"): r for r in custom_records}
    chosen = list(dict.fromkeys(chosen_ids))
    missing = [cid for cid in chosen if cid not in by_id]
    if missing:
        return f"the card {missing[0]!r} is not among your custom cards"
    room = slots(circle)
    name = circles()[circle].name
    for level in (1, 2, 3):
        n = sum(1 for cid in chosen if _level(by_id[cid]) == level)
        if n > room[level]:
            if room[level] == 0:
                return f"the {name} sets aside no level-{ROMAN[level]} interference"
            return f"the {name} sets aside {room[level]} level-{ROMAN[level]} card" \
                   f"{'s' if room[level] > 1 else ''}; {n} chosen"
    return None


def custom_setup(custom_records: Iterable[dict], chosen_ids: Iterable[str], circle: str = "adept",
                 seed: int = 0, *, eternal_light: bool = False) -> tuple[list[dict], dict[int, list[str]] | None]:
    """(card records, interference_pool) for engine.new_game. Raises ValueError when the chosen
    cards do not fit the Circle (placement_problem says why). `eternal_light`: the optional
    level-II card may fill a level-II place the chosen cards leave (pass the same to new_game)."""
    custom_records = list(custom_records)
    chosen = list(dict.fromkeys(chosen_ids))
    if not chosen:
        return [], None
    problem = placement_problem(custom_records, chosen, circle)
    if problem:
        raise ValueError(problem)
    by_id = {r["id"]: r for r in custom_records}
    records = [dict(copy.deepcopy(by_id[cid]), custom=True) for cid in chosen]
    builtin = load_builtin_cards()
    rng = random.Random(f"custom-setup/{seed}/{circle}")
    pool: dict[int, list[str]] = {}
    for level, wanted in slots(circle).items():
        mine = [cid for cid in chosen if _level(by_id[cid]) == level]
        if not mine:
            continue  # the engine picks this level as usual (Eternal Light included when asked)
        theirs = builtin.interference_ids(level, include_optional=eternal_light and level == 2)
        rest = wanted - len(mine)
        pool[level] = mine + rng.sample(theirs, min(rest, len(theirs)))
    return records, pool
