"""Card, Circle and Hour data: one schema for built-in and custom cards, validated on load.

A card record (JSON) has: id, name {lang: text}, type, cost (int, or null with special_cost),
actions [{id, cost: [step], effect: [effect]}], ongoing [effect], dagger [effect] (the † effect),
on_summon [effect], flavour {lang: text}, icon, and for interference: level (1-3), side.
Effects are dicts with an "op" from the vocabulary below; the engine interprets them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from aleph_null_desktop.i18n import N_, _, localized

CARD_TYPES = ("key", "demon", "tanist", "artifact", "magical_power", "interference")
TYPE_NAMES = {
    "key": N_("Key"),
    "demon": N_("Demon"),
    "tanist": N_("Tanist"),
    "artifact": N_("Artifact"),
    "magical_power": N_("Magical Power"),
    "interference": N_("Interference"),
}
SIDES = ("church", "hell")
MOVE_KINDS = ("sacrifice", "scrap", "discard")
CHOOSE_ZONES = ("hand", "play", "discard")
MAIN_DECK_SIZE = 28
SCHEMA_VERSION = 1
CARD_KEYS = frozenset({"id", "name", "type", "cost", "special_cost", "actions", "ongoing", "dagger",
                       "on_summon", "flavour", "icon", "art", "level", "side", "count", "optional",
                       "custom"})


class CardDataError(ValueError):
    """A card file that cannot be used; names the file, the card and the field at fault."""

    def __init__(self, message: str, *, source: str = "", card_id: str = "", field_name: str = ""):
        self.source, self.card_id, self.field_name = source, card_id, field_name
        where = ", ".join(
            part
            for part in (
                f"file {source}" if source else "",
                f"card {card_id!r}" if card_id else "",
                f"field {field_name}" if field_name else "",
            )
            if part
        )
        super().__init__(f"{where}: {message}" if where else message)


# ----------------------------------------------------------------------------- the vocabulary

def _is_int(v: Any, lo: int = 0, hi: int = 99) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _check_filter(f: Any, where: str) -> None:
    if not isinstance(f, dict):
        raise CardDataError("a filter must be an object", field_name=where)
    for key, value in f.items():
        if key == "types":
            if not isinstance(value, list) or not value or any(t not in CARD_TYPES for t in value):
                raise CardDataError(f"types must be a list of {', '.join(CARD_TYPES)}", field_name=where)
        elif key == "ids":
            if not isinstance(value, list) or not value or any(not isinstance(i, str) for i in value):
                raise CardDataError("ids must be a list of card ids", field_name=where)
        elif key == "other":
            if not isinstance(value, bool):
                raise CardDataError("other must be true or false", field_name=where)
        else:
            raise CardDataError(f"unknown filter key {key!r}", field_name=where)


def _amount(lo: int = 0, hi: int = 20):
    def check(v: Any, where: str) -> None:
        if not _is_int(v, lo, hi):
            raise CardDataError(f"must be a whole number from {lo} to {hi}", field_name=where)
    return check


def _zones(v: Any, where: str) -> None:
    if not isinstance(v, list) or not v or any(z not in CHOOSE_ZONES for z in v):
        raise CardDataError(f"must be a list of zones from {', '.join(CHOOSE_ZONES)}", field_name=where)


def _move_kind(v: Any, where: str) -> None:
    if v not in MOVE_KINDS:
        raise CardDataError(f"must be one of {', '.join(MOVE_KINDS)}", field_name=where)


def _bool(v: Any, where: str) -> None:
    if not isinstance(v, bool):
        raise CardDataError("must be true or false", field_name=where)


def _effects_list(v: Any, where: str) -> None:
    validate_effects(v, "effect", where)


# op -> (required params, optional params); each param maps to its checker
EFFECT_OPS: dict[str, tuple[dict, dict]] = {
    "gain_power": ({"amount": _amount(0, 9)}, {}),
    "draw": ({"count": _amount(1, 9)}, {}),
    "search": ({"filter": _check_filter}, {}),
    "move": (
        {"move": _move_kind, "from": _zones, "count": _amount(1, 5), "up_to": _bool, "filter": _check_filter},
        {"otherwise": _effects_list},
    ),
    "remove_damage": ({"amount": _amount(1, 3)}, {}),
    "take_damage": ({"amount": _amount(1, 3)}, {}),
    "scrap_self": ({}, {}),
    "sacrifice_self": ({}, {}),
    "add_hour_vii": ({}, {}),
}
COST_OPS: dict[str, tuple[dict, dict]] = {
    "pay": ({"amount": _amount(0, 9)}, {}),
    "scrap_self": ({}, {}),
    "sacrifice_self": ({}, {}),
    "move": ({"move": _move_kind, "from": _zones, "count": _amount(1, 5), "up_to": _bool,
              "filter": _check_filter}, {}),
}
SPECIAL_COST_OPS: dict[str, tuple[dict, dict]] = {
    "pay": COST_OPS["pay"],
    "move": COST_OPS["move"],
    "summon_baphomet": ({}, {}),
}
ONGOING_OPS: dict[str, tuple[dict, dict]] = {
    "power_modifier": ({"filter": _check_filter, "amount": _amount(-5, 5)}, {}),
    "hand_size": ({"amount": _amount(-3, 3)}, {}),
    "summon_limit": ({"count": _amount(0, 9)}, {}),
    "cost_modifier": ({"filter": _check_filter, "amount": _amount(-5, 5)}, {}),
    "prevent_dagger": ({}, {}),
    "hand_sacrificed_at_end": ({}, {}),
    "end_turn_shield": ({"amount": _amount(1, 5)}, {}),
    "hour_damage": ({"amount": _amount(1, 3)}, {}),
    "end_turn_damage_unless_sacrificed": ({"amount": _amount(1, 3)}, {}),
    "end_turn_damage_unless_summoned": ({"amount": _amount(1, 3)}, {}),
    "no_sacrifice_from_discard": ({}, {}),
    "baphomet_blocked": ({}, {}),
}
_VOCABULARIES = {"effect": EFFECT_OPS, "cost": COST_OPS, "special_cost": SPECIAL_COST_OPS,
                 "ongoing": ONGOING_OPS}


def validate_effects(items: Any, vocabulary: str, where: str) -> None:
    ops = _VOCABULARIES[vocabulary]
    if not isinstance(items, list):
        raise CardDataError("must be a list", field_name=where)
    if len(items) > 8:
        raise CardDataError("has more than 8 steps", field_name=where)
    for i, item in enumerate(items):
        here = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise CardDataError("must be an object with an op", field_name=here)
        op = item.get("op")
        if op not in ops:
            raise CardDataError(f"unknown {vocabulary} op {op!r}; known: {', '.join(ops)}", field_name=here)
        required, optional = ops[op]
        for key, check in required.items():
            if key not in item:
                raise CardDataError(f"{op} needs {key!r}", field_name=here)
            check(item[key], f"{here}.{key}")
        for key, value in item.items():
            if key == "op" or key in required:
                continue
            if key not in optional:
                raise CardDataError(f"{op} has an unknown parameter {key!r}", field_name=here)
            optional[key](value, f"{here}.{key}")


# ----------------------------------------------------------------------------- card definitions

@dataclass(frozen=True)
class ActionDef:
    id: str
    cost: tuple[dict, ...]
    effect: tuple[dict, ...]

    def has_op(self, op: str, *, in_cost: bool = False) -> bool:
        return any(step["op"] == op for step in (self.cost if in_cost else self.effect))


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

    @property
    def name(self) -> str:
        """In the current language; a card without that name (a custom card) shows its other one."""
        return localized(self.names, self.id)

    @property
    def flavour(self) -> str:
        return localized(self.flavours)

    @property
    def type_name(self) -> str:
        return _(TYPE_NAMES[self.type])

    @property
    def is_interference(self) -> bool:
        return self.type == "interference"

    def action(self, action_id: str) -> ActionDef | None:
        return next((a for a in self.actions if a.id == action_id), None)

    def ongoing_ops(self, op: str) -> list[dict]:
        return [e for e in self.ongoing if e["op"] == op]


def _text_map(value: Any, where: str, *, required: bool) -> dict[str, str]:
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict) or any(not isinstance(k, str) or not isinstance(v, str)
                                          for k, v in value.items()):
        raise CardDataError("must be a text or an object of language: text", field_name=where)
    if required and not value.get("en", "").strip():
        raise CardDataError("needs an English text", field_name=where)
    if any(len(v) > 400 for v in value.values()):
        raise CardDataError("is longer than 400 characters", field_name=where)
    return dict(value)


def card_from_dict(d: Any) -> CardDef:
    """Validates one card record and builds its definition; raises CardDataError."""
    if not isinstance(d, dict):
        raise CardDataError("a card must be an object")
    cid = d.get("id")
    if not isinstance(cid, str) or not cid or len(cid) > 60 or not all(c.isalnum() or c == "_" for c in cid):
        raise CardDataError("id must be letters, digits and _ (at most 60)", field_name="id")
    try:
        unknown = sorted(k for k in d if k not in CARD_KEYS)
        if unknown:
            raise CardDataError(f"unknown field {unknown[0]!r}", field_name=unknown[0])
        names = _text_map(d.get("name"), "name", required=True)
        ctype = d.get("type")
        if ctype not in CARD_TYPES:
            raise CardDataError(f"must be one of {', '.join(CARD_TYPES)}", field_name="type")
        cost = d.get("cost")
        special = d.get("special_cost", [])
        if cost is None:
            if not special:
                raise CardDataError("a card without a cost needs a special_cost", field_name="cost")
        elif not _is_int(cost, 0, 9):
            raise CardDataError("must be a whole number from 0 to 9, or null", field_name="cost")
        validate_effects(special, "special_cost", "special_cost")
        raw_actions = d.get("actions", [])
        if not isinstance(raw_actions, list) or len(raw_actions) > 4:
            raise CardDataError("must be a list of at most 4 actions", field_name="actions")
        actions = []
        for i, a in enumerate(raw_actions):
            here = f"actions[{i}]"
            if not isinstance(a, dict):
                raise CardDataError("must be an object", field_name=here)
            aid = a.get("id")
            if not isinstance(aid, str) or not aid or not all(c.isalnum() or c == "_" for c in aid):
                raise CardDataError("needs an id of letters, digits and _", field_name=f"{here}.id")
            if any(x.id == aid for x in actions):
                raise CardDataError(f"action id {aid!r} is used twice", field_name=f"{here}.id")
            validate_effects(a.get("cost"), "cost", f"{here}.cost")
            validate_effects(a.get("effect"), "effect", f"{here}.effect")
            if not a["cost"] and not a["effect"]:
                raise CardDataError("an action needs a cost or an effect", field_name=here)
            actions.append(ActionDef(aid, tuple(a["cost"]), tuple(a["effect"])))
        for key, vocab in (("ongoing", "ongoing"), ("dagger", "effect"), ("on_summon", "effect")):
            validate_effects(d.get(key, []), vocab, key)
        level = d.get("level")
        side = d.get("side")
        if ctype == "interference":
            if not _is_int(level, 1, 3):
                raise CardDataError("interference needs a level from 1 to 3", field_name="level")
            if side not in SIDES:
                raise CardDataError("interference needs a side: church or hell", field_name="side")
            if cost is None:
                raise CardDataError("interference needs a cost in power", field_name="cost")
        count = d.get("count", 1)
        if not _is_int(count, 1, 5):
            raise CardDataError("must be a whole number from 1 to 5", field_name="count")
        flavour = _text_map(d.get("flavour", {"en": ""}) or {"en": ""}, "flavour", required=False)
        icon = d.get("icon", "")
        if not isinstance(icon, str) or len(icon) > 40:
            raise CardDataError("must be an icon name", field_name="icon")
        art = d.get("art", "")  # optional: the illustration's name (the UI's art set); "" = from the icon
        if not isinstance(art, str) or len(art) > 40:
            raise CardDataError("must be an illustration name", field_name="art")
    except CardDataError as err:
        raise CardDataError(str(err).split(": ", 1)[-1] if err.field_name else str(err),
                            card_id=cid, field_name=err.field_name) from None
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

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def __iter__(self):
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def main_deck_ids(self) -> list[str]:
        """The 28 main cards, copies repeated, in file order."""
        ids: list[str] = []
        for c in self._cards.values():
            if not c.is_interference and not c.data.get("custom"):
                ids.extend([c.id] * c.count)
        return ids

    def interference_ids(self, level: int, *, include_optional: bool = False) -> list[str]:
        return [c.id for c in self._cards.values()
                if c.is_interference and c.level == level
                and (include_optional or not c.data.get("optional"))
                and not c.data.get("custom")]

    def with_overrides(self, records: Iterable[dict], source: str = "card pack") -> "CardSet":
        """A new set where each record replaces the built-in card of the same id (or adds one)."""
        records = list(records)
        cards = dict(self._cards)
        for rec in records:
            try:
                card = card_from_dict(rec)
            except CardDataError as err:
                raise CardDataError(str(err), source=source) from None
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
        raise CardDataError(f"cannot be read: {err}", source=path.name) from None


def load_cards_file(path: Path) -> list[CardDef]:
    """All cards of one file, or CardDataError; never a partial list."""
    doc = _read_json(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardDataError('must be an object with a "cards" list', source=path.name)
    if doc.get("schema", SCHEMA_VERSION) != SCHEMA_VERSION:
        raise CardDataError(f"has schema {doc.get('schema')!r}; this version reads {SCHEMA_VERSION}",
                            source=path.name)
    cards = []
    for rec in doc["cards"]:
        try:
            cards.append(card_from_dict(rec))
        except CardDataError as err:
            raise CardDataError(str(err), source=path.name) from None
    ids = [c.id for c in cards]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup:
        raise CardDataError("the same id appears twice", source=path.name, card_id=dup)
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
            raise CardDataError(f"the main deck has {main} cards, not {MAIN_DECK_SIZE}", source="base.json")
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
