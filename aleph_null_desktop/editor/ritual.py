"""A new ritual with custom cards: they join the set-aside interference of the chosen Circle,
each taking the place of a built-in card of its level.

    records, pool = custom_setup(library.records(), ["custom_grave_warden"], circle="magus", seed=7,
                                 replaces={"custom_grave_warden": "ill_omen"})
    game = new_game(seed=7, circle="magus", cards=records, interference_pool=pool)

Every chosen card is set aside (the pool of its level is exactly the Circle's count: the chosen
custom cards plus built-in cards of that level picked with the ritual's seed); levels without a
chosen card are left to the engine's usual random pick. `replaces` names, for a chosen card, the
built-in card of its level it takes the place of: that card stays out of the ritual (it is never
among the built-in cards picked to fill the level). `default_replacements` proposes one per card. In play the cards behave exactly as
their data says: the records go to the engine as card overrides (marked "custom", so they are
never part of the built-in pool of a ritual that did not choose them).
"""

from __future__ import annotations

import copy
import hashlib
from typing import Iterable, Mapping

from aleph_null_desktop.engine.cards import ROMAN, cardset_with, circles, load_builtin_cards
from aleph_null_desktop.engine.deal_rng import Shake128Counter
from aleph_null_desktop.engine.shuffle import shuffle
from aleph_null_desktop.i18n import _, ngettext


def slots(circle: str) -> dict[int, int]:
    """How many interference cards of each level the Circle sets aside."""
    return {level: circles()[circle].set_aside.get(level, 0) for level in (1, 2, 3)}


def _level(record: dict) -> int:
    return record.get("level") if isinstance(record.get("level"), int) else 0


def placement_problem(custom_records: Iterable[dict], chosen_ids: Iterable[str], circle: str) -> str | None:
    """None if the chosen cards fit the Circle, else why not (for the setup dialog)."""
    if circle not in circles():
        return _("there is no Circle {circle!r}").format(circle=circle)
    by_id = {r.get("id"): r for r in custom_records}
    chosen = list(dict.fromkeys(chosen_ids))
    missing = [cid for cid in chosen if cid not in by_id]
    if missing:
        return _("the card {id!r} is not among your custom cards").format(id=missing[0])
    room = slots(circle)
    name = circles()[circle].name
    for level in (1, 2, 3):
        n = sum(1 for cid in chosen if _level(by_id[cid]) == level)
        if n > room[level]:
            if room[level] == 0:
                return _("the {circle} sets aside no level-{level} interference").format(
                    circle=name, level=ROMAN[level])
            return ngettext("the {circle} sets aside {room} level-{level} card; {n} chosen",
                            "the {circle} sets aside {room} level-{level} cards; {n} chosen", room[level]).format(
                circle=name, room=room[level], level=ROMAN[level], n=n)
    return None


def replacement_choices(level: int, *, eternal_light: bool = False) -> list[str]:
    """The built-in interference cards of a level a custom card may take the place of (file order)."""
    if level not in (1, 2, 3):
        return []
    return load_builtin_cards().interference_ids(level, include_optional=eternal_light and level == 2)


def max_per_level() -> dict[int, int]:
    """The most cards of each level any Circle sets aside: more chosen than this fit no Circle."""
    return {level: max(slots(c)[level] for c in circles()) for level in (1, 2, 3)}


def default_replacements(custom_records: Iterable[dict], chosen_ids: Iterable[str],
                         current: Mapping[str, str] | None = None, *,
                         eternal_light: bool = False) -> dict[str, str]:
    """A built-in card of the same level for each chosen card to take the place of: the one in
    `current` when it is still free, else the first free one in file order. Cards that find none
    (more chosen than the level has built-in cards) are left out of the result."""
    by_id = {r.get("id"): r for r in custom_records}
    current = dict(current or {})
    out: dict[str, str] = {}
    taken: set[str] = set()
    chosen = [cid for cid in dict.fromkeys(chosen_ids) if cid in by_id]
    # keep every still-valid wish first, so a later card never steals an earlier card's choice
    for cid in chosen:
        wish = current.get(cid)
        if wish in replacement_choices(_level(by_id[cid]), eternal_light=eternal_light) and wish not in taken:
            out[cid] = wish
            taken.add(wish)
    for cid in chosen:
        if cid in out:
            continue
        free = [b for b in replacement_choices(_level(by_id[cid]), eternal_light=eternal_light) if b not in taken]
        if free:
            out[cid] = free[0]
            taken.add(free[0])
    return {cid: out[cid] for cid in chosen if cid in out}


def replacement_problem(custom_records: Iterable[dict], chosen_ids: Iterable[str], replaces: Mapping[str, str],
                        *, eternal_light: bool = False) -> str | None:
    """None if every replaced card is a built-in card of its custom card's level, named once."""
    by_id = {r.get("id"): r for r in custom_records}
    chosen = set(dict.fromkeys(chosen_ids))
    builtin = load_builtin_cards()
    seen: dict[str, str] = {}
    for cid, theirs in replaces.items():
        if cid not in chosen or cid not in by_id:
            continue
        level = _level(by_id[cid])
        if theirs not in replacement_choices(level, eternal_light=eternal_light):
            name = builtin[theirs].name if isinstance(theirs, str) and theirs in builtin else repr(theirs)
            return _("{name} is not a level-{level} interference card that a custom card can replace").format(
                name=name, level=ROMAN.get(level, level))
        if theirs in seen:
            return _("two of your cards take the place of {name}").format(name=builtin[theirs].name)
        seen[theirs] = cid
    return None


def room_problem(levels: Iterable[int], circle: str) -> str | None:
    """A few words when the Circle has no room for cards of these levels ("no level-II place",
    "only 1 level-I place"), else None. For plates and lists, where the full sentence of
    placement_problem is too long."""
    levels = list(levels)
    room = slots(circle)
    for level in (1, 2, 3):
        n = levels.count(level)
        if n > room[level]:
            if room[level] == 0:
                return _("no level-{level} place").format(level=ROMAN[level])
            return ngettext("only {n} level-{level} place", "only {n} level-{level} places", room[level]).format(
                n=room[level], level=ROMAN[level])
    return None


def custom_setup(custom_records: Iterable[dict], chosen_ids: Iterable[str], circle: str = "adept",
                 seed: int = 0, *, eternal_light: bool = False,
                 replaces: Mapping[str, str] | None = None,
                 pack_records: Iterable[dict] = ()) -> tuple[list[dict], dict[int, list[str]] | None]:
    """(card records, interference_pool) for engine.new_game. Raises ValueError when the chosen
    cards do not fit the Circle (placement_problem says why) or `replaces` is wrong. `eternal_light`:
    the optional level-II card may fill a level-II place the chosen cards leave (pass the same to
    new_game). `replaces`: {custom id: built-in id of the same level}; each named built-in card is
    kept out of the ritual. `pack_records`: a card pack's records (cardpacks), which come first and
    whose cards fill the levels."""
    custom_records = list(custom_records)
    pack_records = [copy.deepcopy(r) for r in pack_records]
    chosen = list(dict.fromkeys(chosen_ids))
    if not chosen:
        return pack_records, None
    problem = placement_problem(custom_records, chosen, circle)
    if problem:
        raise ValueError(problem)
    replaces = dict(replaces or {})
    problem = replacement_problem(custom_records, chosen, replaces, eternal_light=eternal_light)
    if problem:
        raise ValueError(problem)
    left_out = {replaces[cid] for cid in chosen if cid in replaces}
    by_id = {r["id"]: r for r in custom_records}
    records = pack_records + [dict(copy.deepcopy(by_id[cid]), custom=True) for cid in chosen]
    builtin = cardset_with(pack_records)
    rng = Shake128Counter(int.from_bytes(hashlib.sha256(f"custom-setup/{seed}/{circle}".encode()).digest()[:8], "big"))
    pool: dict[int, list[str]] = {}
    for level, wanted in slots(circle).items():
        mine = [cid for cid in chosen if _level(by_id[cid]) == level]
        if not mine:
            continue  # the engine picks this level as usual (Eternal Light included when asked)
        theirs = [b for b in builtin.interference_ids(level, include_optional=eternal_light and level == 2)
                  if b not in left_out]
        rest = wanted - len(mine)
        shuffle(rng, theirs)  # the engine's own generator: a ritual code deals the same pool everywhere
        pool[level] = mine + theirs[:rest]
    return records, pool


class RitualChoice:
    """The player's choice of custom cards for the next ritual (the Grimoire's Circle spread):
    which cards are ticked, in order, and the built-in card each takes the place of. `records`
    is a callable giving the current custom card records (the library can change underneath)."""

    def __init__(self, records, *, eternal_light: bool = False, packs=None) -> None:
        self._records = records
        self._packs = packs or (lambda: [])
        self.eternal_light = eternal_light
        self.chosen: list[str] = []
        self.replaces: dict[str, str] = {}
        self.pack = None  # a cardpacks.Pack whose cards replace the printed ones, or None

    def packs(self) -> list:
        """The usable card packs (cardpacks.Pack), by name (then by id: names may be alike)."""
        return sorted(self._packs(), key=lambda p: (p.name.casefold(), p.id))

    def cycle_pack(self, step: int = 1) -> None:
        """The next (or previous) card pack for this ritual; None (the printed cards) is one of
        them. Packs are told apart by id: two may have the same name."""
        options = [None] + self.packs()
        ids = [p.id if p else None for p in options]
        here = ids.index(self.pack.id) if self.pack is not None and self.pack.id in ids else 0
        self.pack = options[(here + step) % len(options)]

    def pack_label(self) -> str | None:
        """The chosen pack's name as shown: distinct from every other pack's (cardpacks.shown_names)."""
        from aleph_null_desktop.cardpacks import shown_names

        if self.pack is None:
            return None
        return shown_names(self.packs()).get(self.pack.id, self.pack.name)

    def records(self) -> list[dict]:
        return list(self._records())

    def by_id(self) -> dict[str, dict]:
        return {r.get("id"): r for r in self.records()}

    def refresh(self) -> None:
        """After the library changed: cards that are gone are dropped, replacements re-checked."""
        ids = self.by_id()
        self.chosen = [cid for cid in self.chosen if cid in ids]
        if self.pack is not None:
            self.pack = next((p for p in self.packs() if p.id == self.pack.id), None)
        self.replaces = default_replacements(ids.values(), self.chosen, self.replaces,
                                             eternal_light=self.eternal_light)

    def toggle(self, card_id: str) -> str | None:
        """Ticks or unticks a card; returns why it cannot be ticked, or None."""
        ids = self.by_id()
        if card_id in self.chosen:
            self.chosen.remove(card_id)
            self.replaces.pop(card_id, None)
            return None
        if card_id not in ids:
            return "that card is no longer among your cards"
        level = _level(ids[card_id])
        if level not in (1, 2, 3):
            return "that card has no level"
        most = max_per_level()[level]
        same = [cid for cid in self.chosen if _level(ids[cid]) == level]
        if len(same) >= most:
            return (f"no Circle sets aside more than {most} level-{ROMAN[level]} card{'s' if most > 1 else ''}; "
                    f"untick one first")
        self.chosen.append(card_id)
        self.replaces = default_replacements(ids.values(), self.chosen, self.replaces,
                                             eternal_light=self.eternal_light)
        return None

    def clear(self) -> None:
        self.chosen, self.replaces = [], {}

    def cycle(self, card_id: str, step: int = 1) -> None:
        """The next (step=+1) or previous built-in card of its level for a ticked card to replace,
        skipping those another ticked card already takes the place of."""
        ids = self.by_id()
        if card_id not in self.chosen or card_id not in ids:
            return
        options = replacement_choices(_level(ids[card_id]), eternal_light=self.eternal_light)
        taken = {b for c, b in self.replaces.items() if c != card_id}
        free = [b for b in options if b not in taken]
        if not free:
            return
        here = self.replaces.get(card_id)
        i = options.index(here) if here in options else -step
        for _turn in range(len(options)):
            i = (i + step) % len(options)
            if options[i] in free:
                self.replaces[card_id] = options[i]
                return

    def problem(self, circle: str) -> str | None:
        """None when the ticked cards fit the Circle, else why not (in words)."""
        if not self.chosen:
            return None
        return placement_problem(self.records(), self.chosen, circle) or \
            replacement_problem(self.records(), self.chosen, self.replaces, eternal_light=self.eternal_light)

    def setup(self, circle: str, seed: int) -> tuple[list[dict], dict[int, list[str]] | None]:
        """custom_setup for the ticked cards and their replacements (ValueError when they do not fit)."""
        return custom_setup(self.records(), self.chosen, circle, seed, eternal_light=self.eternal_light,
                            replaces=self.replaces, pack_records=self.pack.records if self.pack else ())

    # ------------------------------------------------------------------ ritual codes
    def code(self, circle: str, seed: int):
        """The rituals.code.RitualCode of a ritual dealt from this choice with *seed*."""
        from aleph_null_desktop.rituals.code import RitualCode, pack_code_name

        return RitualCode(circle, seed, self.eternal_light, pack_code_name(self.pack) if self.pack else None,
                          tuple((cid, self.replaces.get(cid)) for cid in self.chosen))

    def take_code(self, code) -> str | None:
        """Makes this choice the card set a ritual code names. Returns None, or (changing nothing)
        what is missing or does not fit, in words."""
        found = self._card_set_of(code)
        if isinstance(found, str):
            return found
        self.pack, self.chosen, self.replaces = found
        self.eternal_light = code.eternal_light
        return None

    def code_problem(self, code) -> str | None:
        """None if this player has the card set *code* names, else what is missing, in words."""
        found = self._card_set_of(code)
        return found if isinstance(found, str) else None

    def _card_set_of(self, code):
        """(pack, chosen ids, replaces) for a ritual code, or what is missing (a text)."""
        from aleph_null_desktop.rituals.code import pack_code_name

        pack = None
        if code.pack is not None:
            wanted = code.pack.casefold()
            pack = next((p for p in self.packs() if wanted in {pack_code_name(p).casefold(), p.id.casefold(),
                                                               *(n.casefold() for n in p.names.values())}), None)
            if pack is None:
                return _("it needs the card pack “{name}”, which is not among your card packs").format(name=code.pack)
        ids = self.by_id()
        missing = [cid for cid, _replaced in code.own if cid not in ids]
        if missing:
            return ngettext("it needs your own card “{ids}”, which is not in your Card editor",
                            "it needs your own cards “{ids}”, which are not in your Card editor",
                            len(missing)).format(ids="”, “".join(missing))
        chosen = [cid for cid, _replaced in code.own]
        replaces = {cid: replaced for cid, replaced in code.own if replaced}
        if chosen:
            problem = placement_problem(self.records(), chosen, code.circle) or replacement_problem(
                self.records(), chosen, replaces, eternal_light=code.eternal_light)
            if problem:
                return problem
        return pack, chosen, replaces
