"""Card, Circle and Hour data: one schema for built-in and custom cards, validated on load.

A card record (JSON) has: id, name {lang: text}, type, cost (int, or null with special_cost),
actions [{id, cost: [step], effect: [effect]}], ongoing [effect], dagger [effect] (the † effect),
on_summon [effect], flavour {lang: text}, icon, and for interference: level (1-3), side.
Effects are dicts with an "op" from the op registry (engine.ops); the engine interprets them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from aleph_null_desktop.engine.ops import OPS, ops_for, validate_steps
from aleph_null_desktop.engine.schema import (  # noqa: F401  (re-exported: the schema's words)
    CARD_TYPES, CHOOSE_ZONES, MOVE_KINDS, SIDES, TYPE_NAMES, CardDataError,
)
from aleph_null_desktop.i18n import LANGUAGE_NAMES, Deferred, _, current_language, localized, ngettext

MAIN_DECK_SIZE = 28
SCHEMA_VERSION = 1
CARD_KEYS = frozenset({"id", "name", "type", "cost", "special_cost", "actions", "ongoing", "dagger",
                       "on_summon", "flavour", "icon", "art", "level", "side", "count", "optional",
                       "custom"})


# ----------------------------------------------------------------------------- the vocabulary

def _is_int(v: Any, lo: int = 0, hi: int = 99) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _checkers(slot: str) -> dict[str, tuple[dict, dict]]:
    """A slot's ops as op -> (required params, optional params), each param -> its checker
    (a view of the op registry, engine.ops)."""
    return {name: ({p.name: p.check for p in op.params_in(slot) if p.required},
                   {p.name: p.check for p in op.params_in(slot) if not p.required})
            for name, op in ops_for(slot).items()}


EFFECT_OPS = _checkers("effect")
COST_OPS = _checkers("cost")
SPECIAL_COST_OPS = _checkers("special_cost")
ONGOING_OPS = _checkers("ongoing")


def validate_effects(items: Any, vocabulary: str, where: str) -> None:
    validate_steps(items, vocabulary, where)


# ----------------------------------------------------------------------------- card definitions

def _role(step: dict) -> str:
    """What a step's op is, as the registry says (pay, gain, move, …)."""
    return OPS[step["op"]].ai.role


@dataclass(frozen=True)
class ActionDef:
    id: str
    cost: tuple[dict, ...]
    effect: tuple[dict, ...]
    pay: int = field(init=False, compare=False, repr=False)  # power its cost pays
    gains_power: bool = field(init=False, compare=False, repr=False)  # its own effect gains power (R4.3)
    cost_moves: tuple[dict, ...] = field(init=False, compare=False, repr=False)  # its cost's move steps
    effect_moves: tuple[dict, ...] = field(init=False, compare=False, repr=False)  # its effect's
    # (move step, targets it needs): what the action's moves need to be usable (each cost move its
    # count, each effect move that is not "up to" one target)
    target_counts: tuple[tuple[dict, int], ...] = field(init=False, compare=False, repr=False)
    # once a turn, or a turn could go on for ever: moves no card and runs nothing down (see _runs_down)
    once_a_turn: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pay", sum(s["amount"] for s in self.cost if _role(s) == "pay"))
        object.__setattr__(self, "gains_power", any(_role(s) == "gain" for s in self.effect))
        object.__setattr__(self, "cost_moves", tuple(s for s in self.cost if _role(s) == "move"))
        object.__setattr__(self, "effect_moves", tuple(s for s in self.effect if _role(s) == "move"))
        object.__setattr__(self, "target_counts", tuple((s, s["count"]) for s in self.cost_moves)
                           + tuple((s, 1) for s in self.effect_moves if not s["up_to"]))
        moves = any(OPS[s["op"]].moves_a_card(s) for s in self.cost + self.effect)
        object.__setattr__(self, "once_a_turn", not moves and not self._runs_down())

    def _runs_down(self) -> bool:
        """Each use spends power for good, or else takes damage for good, so the uses run out.

        Power and healing then come only from actions that move a card or are once a turn, and
        from tokens, all bounded in a turn; so such actions can be used as often as they are paid.
        """
        roles = {_role(s) for s in self.effect}
        if "gain" in roles:
            return False
        return self.pay > 0 or ("hurt" in roles and "heal" not in roles)


class CardName(Deferred):
    """A card's name said when shown, in the language of the moment (events and choices keep it,
    so the engine never looks a name up that nobody reads); equal to the name's text."""

    __slots__ = ()

    def __eq__(self, other) -> bool:
        return str(self) == (str(other) if isinstance(other, Deferred) else other)

    def __hash__(self) -> int:
        return hash(str(self))


@dataclass(frozen=True)
class CardDef:
    id: str
    names: Mapping[str, str]
    type: str
    cost: int | None
    actions: tuple[ActionDef, ...]
    ongoing: tuple[dict, ...] = ()
    dagger: tuple[dict, ...] = ()
    on_summon: tuple[dict, ...] = ()
    special_cost: tuple[dict, ...] = ()
    level: int | None = None
    side: str | None = None
    count: int = 1
    flavours: Mapping[str, str] = field(default_factory=dict)  # language -> flavour text
    icon: str = ""
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # worked out once from the fields above
    base_cost: int = field(init=False, compare=False, repr=False)  # power to summon before modifiers
    is_interference: bool = field(init=False, compare=False, repr=False)
    # the power its summon costs when nothing but power is asked (not interference, no special
    # cost); None otherwise
    plain_cost: int | None = field(init=False, compare=False, repr=False)
    # (step, why it cannot be paid now) of each special-cost step whose op can refuse (engine.ops)
    special_checks: tuple[tuple[dict, Callable], ...] = field(init=False, compare=False, repr=False)
    _actions: Mapping[str, ActionDef] = field(init=False, compare=False, repr=False)
    _name_in: Mapping[str, str] = field(init=False, compare=False, repr=False)  # language -> name shown
    said: CardName = field(init=False, compare=False, repr=False)  # the name, said when shown

    def __post_init__(self) -> None:
        base = self.cost if self.cost is not None else sum(s["amount"] for s in self.special_cost
                                                           if _role(s) == "pay")
        object.__setattr__(self, "base_cost", base)
        object.__setattr__(self, "is_interference", self.type == "interference")
        object.__setattr__(self, "plain_cost", None if self.is_interference or self.special_cost else base)
        object.__setattr__(self, "special_checks", tuple((s, OPS[s["op"]].unpayable) for s in self.special_cost
                                                         if OPS[s["op"]].unpayable is not None))
        object.__setattr__(self, "_actions", {a.id: a for a in self.actions})
        object.__setattr__(self, "_name_in", {code: localized(self.names, self.id, code) for code in LANGUAGE_NAMES})
        object.__setattr__(self, "said", CardName(partial(getattr, self, "name")))

    @property
    def name(self) -> str:
        """In the current language; a card without that name (a custom card) shows its other one."""
        name = self._name_in.get(current_language())
        return name if name is not None else localized(self.names, self.id)

    @property
    def flavour(self) -> str:
        return localized(self.flavours)

    @property
    def type_name(self) -> str:
        return _(TYPE_NAMES[self.type])

    def action(self, action_id: str) -> ActionDef | None:
        return self._actions.get(action_id)


def _text_map(value: Any, where: str, *, required: bool) -> dict[str, str]:
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict) or any(not isinstance(k, str) or not isinstance(v, str)
                                          for k, v in value.items()):
        raise CardDataError(_("must be a text or an object of language: text"), field_name=where)
    if required and not any(v.strip() for v in value.values()):
        raise CardDataError(_("needs a text in at least one language"), field_name=where, kind="no_text")
    if any(len(v) > 400 for v in value.values()):
        raise CardDataError(_("is longer than 400 characters"), field_name=where)
    return dict(value)


def card_from_dict(d: Any) -> CardDef:
    """Validates one card record and builds its definition; raises CardDataError."""
    if not isinstance(d, dict):
        raise CardDataError(_("a card must be an object"))
    cid = d.get("id")
    if not isinstance(cid, str) or not cid or len(cid) > 60 or not all(c.isalnum() or c == "_" for c in cid):
        raise CardDataError(_("id must be letters, digits and _ (at most 60)"), field_name="id")
    try:
        unknown = sorted(k for k in d if k not in CARD_KEYS)
        if unknown:
            raise CardDataError(_("unknown field {name!r}").format(name=unknown[0]), field_name=unknown[0])
        names = _text_map(d.get("name"), "name", required=True)
        ctype = d.get("type")
        if ctype not in CARD_TYPES:
            raise CardDataError(_("must be one of {types}").format(types=", ".join(CARD_TYPES)), field_name="type")
        cost = d.get("cost")
        special = d.get("special_cost", [])
        if cost is None:
            if not special:
                raise CardDataError(_("a card without a cost needs a special_cost"), field_name="cost")
        elif not _is_int(cost, 0, 9):
            raise CardDataError(_("must be a whole number from 0 to 9, or null"), field_name="cost")
        validate_effects(special, "special_cost", "special_cost")
        raw_actions = d.get("actions", [])
        if not isinstance(raw_actions, list) or len(raw_actions) > 4:
            raise CardDataError(_("must be a list of at most 4 actions"), field_name="actions")
        actions = []
        for i, a in enumerate(raw_actions):
            here = f"actions[{i}]"
            if not isinstance(a, dict):
                raise CardDataError(_("must be an object"), field_name=here)
            aid = a.get("id")
            if not isinstance(aid, str) or not aid or not all(c.isalnum() or c == "_" for c in aid):
                raise CardDataError(_("needs an id of letters, digits and _"), field_name=f"{here}.id")
            if any(x.id == aid for x in actions):
                raise CardDataError(_("action id {id!r} is used twice").format(id=aid), field_name=f"{here}.id")
            validate_effects(a.get("cost"), "cost", f"{here}.cost")
            validate_effects(a.get("effect"), "effect", f"{here}.effect")
            if not a["cost"] and not a["effect"]:
                raise CardDataError(_("an action needs a cost or an effect"), field_name=here, kind="empty_action")
            actions.append(ActionDef(aid, tuple(a["cost"]), tuple(a["effect"])))
        for key, vocab in (("ongoing", "ongoing"), ("dagger", "effect"), ("on_summon", "effect")):
            validate_effects(d.get(key, []), vocab, key)
        level = d.get("level")
        side = d.get("side")
        if ctype == "interference":
            if not _is_int(level, 1, 3):
                raise CardDataError(_("interference needs a level from 1 to 3"), field_name="level")
            if side not in SIDES:
                raise CardDataError(_("interference needs a side: church or hell"), field_name="side")
            if cost is None:
                raise CardDataError(_("interference needs a cost in power"), field_name="cost")
        count = d.get("count", 1)
        if not _is_int(count, 1, 5):
            raise CardDataError(_("must be a whole number from 1 to 5"), field_name="count")
        flavour = _text_map(d.get("flavour", {"en": ""}) or {"en": ""}, "flavour", required=False)
        icon = d.get("icon", "")
        if not isinstance(icon, str) or len(icon) > 40:
            raise CardDataError(_("must be an icon name"), field_name="icon")
        art = d.get("art", "")  # optional: the illustration's name (the UI's art set); "" = from the icon
        if not isinstance(art, str) or len(art) > 40:
            raise CardDataError(_("must be an illustration name"), field_name="art")
    except CardDataError as err:
        raise CardDataError(err.reason, card_id=cid, field_name=err.field_name, kind=err.kind) from None
    return CardDef(
        id=cid, names=names, type=ctype, cost=cost, actions=tuple(actions),
        ongoing=tuple(d.get("ongoing", [])), dagger=tuple(d.get("dagger", [])),
        on_summon=tuple(d.get("on_summon", [])), special_cost=tuple(special),
        level=level if ctype == "interference" else None, side=side if ctype == "interference" else None,
        count=count, flavours=flavour, icon=icon, data=d,
    )


class CardSet(Mapping[str, CardDef]):
    """All card definitions a game may use, by id. `overrides` are the records that differ from
    the built-in set (a card pack or custom cards); they travel with saves."""

    def __init__(self, cards: Iterable[CardDef], overrides: Iterable[dict] = ()):
        self._cards = {c.id: c for c in cards}
        self.overrides: tuple[dict, ...] = tuple(overrides)
        self._main: tuple[str, ...] | None = None  # worked out on first use (the set never changes)
        self._interference: dict[tuple[int, bool], tuple[str, ...]] = {}
        self._template: tuple | None = None
        # per Circle and deal options, what every new game of this set deals from (engine.game)
        self.deal_prototypes: dict[tuple, object] = {}
        # the events about one card (moved, summoned, …) a game of this set made, and what using an
        # action pushes, each made once (engine.game; an event is never changed)
        self.card_events: dict[tuple, object] = {}
        # per card instance, its definition and the commands that summon it and use its actions
        # (engine.game's legal_commands)
        self.card_offers: dict[tuple, tuple] = {}
        # per (id of a card's steps, the card's uid), the tasks engine.game pushes for them
        self.card_tasks: dict[tuple, tuple] = {}

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def __iter__(self):
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def main_deck_ids(self) -> list[str]:
        """The 28 main cards, copies repeated, in file order."""
        if self._main is None:
            ids: list[str] = []
            for c in self._cards.values():
                if not c.is_interference and not c.data.get("custom"):
                    ids.extend([c.id] * c.count)
            self._main = tuple(ids)
        return list(self._main)

    def main_deck_template(self) -> tuple[tuple, dict, dict]:
        """The main deck as a new game deals it before shuffling: (instances with uids 1.., uid ->
        instance, uid -> definition); made once, copied by each new game."""
        if self._template is None:
            from aleph_null_desktop.engine.model import CardInstance

            insts = tuple(CardInstance(uid, cid) for uid, cid in enumerate(self.main_deck_ids(), 1))
            self._template = (insts, {i.uid: i for i in insts}, {i.uid: self._cards[i.card_id] for i in insts})
        return self._template

    def interference_ids(self, level: int, *, include_optional: bool = False) -> list[str]:
        key = (level, include_optional)
        ids = self._interference.get(key)
        if ids is None:
            ids = self._interference[key] = tuple(
                c.id for c in self._cards.values()
                if c.is_interference and c.level == level
                and (include_optional or not c.data.get("optional"))
                and not c.data.get("custom"))
        return list(ids)

    def with_overrides(self, records: Iterable[dict], source: str = "card pack") -> "CardSet":
        """A new set where each record replaces the built-in card of the same id (or adds one)."""
        records = list(records)
        cards = dict(self._cards)
        for rec in records:
            try:
                card = card_from_dict(rec)
            except CardDataError as err:
                raise CardDataError(str(err), source=source, kind=err.kind) from None
            cards[card.id] = card
        return CardSet(cards.values(), self.overrides + tuple(records))


@dataclass(frozen=True)
class Circle:
    id: str
    names: Mapping[str, str]
    set_aside: Mapping[int, int]  # level -> how many
    arrivals: Mapping[int, int]  # Hour entered -> how many set-aside cards join the discard pile

    @property
    def name(self) -> str:
        return localized(self.names, self.id)


@dataclass(frozen=True)
class HourPage:
    hour: int
    page: str
    names: Mapping[str, str]
    tokens: int
    page_rule: tuple[dict, ...]

    @property
    def name(self) -> str:
        return localized(self.names, self.page)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise CardDataError(_("cannot be read: {why}").format(why=err), source=path.name) from None


def load_cards_file(path: Path) -> list[CardDef]:
    """All cards of one file, or CardDataError; never a partial list."""
    doc = _read_json(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardDataError(_('must be an object with a "cards" list'), source=path.name)
    if doc.get("schema", SCHEMA_VERSION) != SCHEMA_VERSION:
        raise CardDataError(_("has schema {schema!r}; this version reads {version}").format(
            schema=doc.get("schema"), version=SCHEMA_VERSION),
                            source=path.name)
    cards = []
    for rec in doc["cards"]:
        try:
            cards.append(card_from_dict(rec))
        except CardDataError as err:
            raise CardDataError(str(err), source=path.name, kind=err.kind) from None
    ids = [c.id for c in cards]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup:
        raise CardDataError(_("the same id appears twice"), source=path.name, card_id=dup)
    return cards


def load_card_pack(path: Path) -> list[dict]:
    """The validated records of a card pack file (same format as base.json), to pass as
    `new_game(cards=...)`; they override built-in cards by id. CardDataError if anything is wrong."""
    return [dict(card.data) for card in load_cards_file(Path(path))]


def _cards_dir() -> Path:
    from aleph_null_desktop.resources import asset_path  # resolves checkout / wheel / bundle

    return asset_path("cards")


_BUILTIN: CardSet | None = None


def load_builtin_cards() -> CardSet:
    global _BUILTIN
    if _BUILTIN is None:
        cards = load_cards_file(_cards_dir() / "base.json")
        main = sum(c.count for c in cards if not c.is_interference)
        if main != MAIN_DECK_SIZE:
            raise CardDataError(ngettext("the main deck has {n} card, not {size}", "the main deck has {n} cards, not {size}",
                                         main).format(n=main, size=MAIN_DECK_SIZE), source="base.json")
        _BUILTIN = CardSet(cards)
    return _BUILTIN


def cardset_with(overrides: Iterable[dict] = ()) -> CardSet:
    overrides = list(overrides)
    base = load_builtin_cards()
    return base.with_overrides(overrides) if overrides else base


_CIRCLES: dict[str, Circle] | None = None
_HOURS: dict[int, HourPage] | None = None


def circles() -> dict[str, Circle]:
    global _CIRCLES
    if _CIRCLES is None:
        doc = _read_json(_cards_dir() / "circles.json")
        _CIRCLES = {
            c["id"]: Circle(c["id"], dict(c["name"]),
                            {int(k): v for k, v in c["set_aside"].items()},
                            {int(k): v for k, v in c["arrivals"].items()})
            for c in doc["circles"]
        }
    return _CIRCLES


def hour_pages() -> dict[int, HourPage]:
    global _HOURS
    if _HOURS is None:
        doc = _read_json(_cards_dir() / "hours.json")
        pages = {}
        for h in doc["hours"]:
            validate_effects(h["page_rule"], "effect", f"hours[{h['hour']}].page_rule")
            pages[h["hour"]] = HourPage(h["hour"], h["page"], dict(h["name"]), h["tokens"],
                                        tuple(h["page_rule"]))
        _HOURS = pages
    return _HOURS


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}
