"""A custom interference card being edited, and the card record it stands for.

`CardDraft` holds what the editor screen shows (name, level, side, cost, effects as engine step
dicts, flavour, icon). `to_record()` writes the engine's card schema; `CardDraft.from_record`
reads it back. `validate(draft, others)` says, per field, what stops the card from being saved
(errors) and what the player should know (warnings); the last word is always the engine's own
`card_from_dict`, so a card that validates here is a card the engine plays.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping

from aleph_null_desktop.engine.cards import SIDES, CardDataError, card_from_dict, load_builtin_cards
from aleph_null_desktop.icon_shapes import ICONS
from aleph_null_desktop.i18n import LANGUAGE_NAMES, SOURCE_LANGUAGE, N_, _, current_language, localized, ngettext
from aleph_null_desktop.safe_text import card_text_problem, char_problem

NAME_MAX = 40
FLAVOUR_MAX = 160
MAX_STEPS = 2  # per list of effects: the card must stay readable
MAX_ACTIONS = 2
ID_PREFIX = "custom_"
ID_MAX = 60

# the fields of the form; validation messages are keyed by these
FIELDS = ("name", "level", "side", "cost", "icon", "on_summon", "ongoing", "action0", "action1",
          "actions", "dagger", "flavour")


def default_icons() -> tuple[str, ...]:
    """The icons offered: the game's own icon set (icon_shapes) but the table's furniture."""
    skip = {"token", "damage", "deck", "undo"}  # table furniture, not card art
    return tuple(name for name in ICONS if name not in skip)


@dataclass
class Action:
    cost: list[dict] = field(default_factory=list)
    effect: list[dict] = field(default_factory=list)
    id: str = ""


@dataclass
class CardDraft:
    name: str = ""
    level: int = 1
    side: str = "hell"
    cost: int = 0
    on_summon: list[dict] = field(default_factory=list)
    ongoing: list[dict] = field(default_factory=list)
    actions: list[Action] = field(default_factory=lambda: [Action([{"op": "pay", "amount": 1}],
                                                                  [{"op": "scrap_self"}])])
    dagger: list[dict] = field(default_factory=list)
    flavour: str = ""
    icon: str = "imp"
    art: str = ""  # the illustration's name (ui.render.art's glyphs); "" = the one standing for the icon
    id: str | None = None  # None until first saved
    other_names: dict[str, str] = field(default_factory=dict)  # translations kept from an import
    other_flavours: dict[str, str] = field(default_factory=dict)

    # ------------------------------------------------------------------ languages
    # `name` and `flavour` are the English texts (the game's source language), `other_names` and
    # `other_flavours` the rest, so {"en": …, "de": …} as in every card record.
    def name_in(self, language: str) -> str:
        return self.name if language == SOURCE_LANGUAGE else self.other_names.get(language, "")

    def flavour_in(self, language: str) -> str:
        return self.flavour if language == SOURCE_LANGUAGE else self.other_flavours.get(language, "")

    def set_name(self, language: str, text: str) -> None:
        if language == SOURCE_LANGUAGE:
            self.name = text
        else:
            self.other_names[language] = text

    def set_flavour(self, language: str, text: str) -> None:
        if language == SOURCE_LANGUAGE:
            self.flavour = text
        else:
            self.other_flavours[language] = text

    def names(self) -> dict[str, str]:
        """Every language's name that is not empty."""
        return _texts(self.name, self.other_names)

    def flavours(self) -> dict[str, str]:
        return _texts(self.flavour, self.other_flavours)

    @property
    def shown_name(self) -> str:
        """The name the game shows now: the current language's, else another (as on the table)."""
        return localized(self.names())

    @property
    def id_name(self) -> str:
        """The name the card's id is made from: the English one, else any."""
        names = self.names()
        return names.get(SOURCE_LANGUAGE) or next(iter(names.values()), "")

    # ------------------------------------------------------------------ the record
    def to_record(self, card_id: str | None = None) -> dict:
        """The engine's card record (id: the given one, the draft's, or one from the name)."""
        cid = card_id or self.id or (ID_PREFIX + (slug(self.id_name) or "card"))
        actions = []
        for i, a in enumerate(self.actions):
            actions.append({"id": a.id or f"act{i + 1}", "cost": copy.deepcopy(a.cost),
                            "effect": copy.deepcopy(a.effect)})
        return {
            "id": cid,
            "name": self.names() or {SOURCE_LANGUAGE: ""},
            "type": "interference",
            "cost": self.cost,
            "level": self.level,
            "side": self.side,
            "actions": actions,
            "ongoing": copy.deepcopy(self.ongoing),
            "dagger": copy.deepcopy(self.dagger),
            "on_summon": copy.deepcopy(self.on_summon),
            "flavour": self.flavours() or {SOURCE_LANGUAGE: ""},
            "icon": self.icon,
            **({"art": self.art} if self.art else {}),
            "custom": True,
        }

    @classmethod
    def from_record(cls, record: dict) -> "CardDraft":
        """The draft of a stored or imported record (which the engine has already accepted)."""
        card = card_from_dict(record)
        if not card.is_interference:
            raise CardDataError(_("the editor makes interference cards only"), card_id=card.id, field_name="type")
        names = record.get("name")
        names = {"en": names} if isinstance(names, str) else dict(names)
        flav = record.get("flavour") or {}
        flav = {"en": flav} if isinstance(flav, str) else dict(flav)
        return cls(
            name=names.pop("en", ""),
            level=card.level, side=card.side, cost=card.cost,
            on_summon=copy.deepcopy(list(card.on_summon)), ongoing=copy.deepcopy(list(card.ongoing)),
            actions=[Action(copy.deepcopy(list(a.cost)), copy.deepcopy(list(a.effect)), a.id)
                     for a in card.actions],
            dagger=copy.deepcopy(list(card.dagger)),
            flavour=flav.pop("en", ""), icon=card.icon, art=record.get("art") or "", id=card.id,
            other_names=names, other_flavours=flav,
        )

    def copy(self) -> "CardDraft":
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ editing helpers
    def steps(self, slot: str) -> list[dict]:
        """The list of steps a slot name points at: on_summon, ongoing, dagger, action0.cost…"""
        if slot.startswith("action"):
            index, part = slot[6:].split(".")
            return getattr(self.actions[int(index)], part)
        return getattr(self, slot)

    def can_add_step(self, slot: str) -> bool:
        return len(self.steps(slot)) < MAX_STEPS

    def add_action(self) -> None:
        if len(self.actions) < MAX_ACTIONS:
            self.actions.append(Action([{"op": "pay", "amount": 1}], [{"op": "scrap_self"}]))

    def remove_action(self, index: int) -> None:
        if len(self.actions) > 1:
            del self.actions[index]


# ---------------------------------------------------------------------------- ids and names

def _texts(source: str, others: dict[str, str]) -> dict[str, str]:
    texts = {SOURCE_LANGUAGE: source.strip(), **{k: v.strip() for k, v in others.items()}}
    return {k: v for k, v in texts.items() if v}


def slug(name: str) -> str:
    """'Akhtoi, Guardian of the Door' -> 'akhtoi_guardian_of_the_door'; ASCII letters, digits, _."""
    ascii_text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")


def unique_id(name: str, taken: Iterable[str], current: str | None = None) -> str:
    """An id for a card of this name: 'custom_<slug>', with _2, _3… if taken. The current id is
    kept when it is already the name's id (saving again does not rename the file)."""
    taken = set(taken) - ({current} if current else set())
    base = (ID_PREFIX + (slug(name) or "card"))[:ID_MAX - 4].rstrip("_")
    if current and (current == base or re.fullmatch(re.escape(base) + r"_\d+", current)) \
            and current not in taken:
        return current
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


_BUILTIN_NAMES: tuple = (None, MappingProxyType({}))


def builtin_names() -> Mapping[str, str]:
    """Folded name (every language) -> the built-in card's English name (read only: made once
    for the card set, not at every letter typed in the editor)."""
    global _BUILTIN_NAMES
    cards = load_builtin_cards()
    if _BUILTIN_NAMES[0] is not cards:
        out = {}
        for card in cards.values():
            for name in card.names.values():
                out[_fold(name)] = card.name
            out[_fold(card.id.replace("_", " "))] = card.name
        _BUILTIN_NAMES = (cards, MappingProxyType(out))
    return _BUILTIN_NAMES[1]


# ---------------------------------------------------------------------------- validation

@dataclass
class Validation:
    errors: dict[str, str] = field(default_factory=dict)
    warnings: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    def message(self, key: str) -> tuple[str, str] | None:
        """('error'|'warning', text) for a field, errors first."""
        if key in self.errors:
            return "error", self.errors[key]
        if key in self.warnings:
            return "warning", self.warnings[key]
        return None

    def summary(self) -> str:
        if self.errors:
            key, text = next(iter(self.errors.items()))
            return f"{_(FIELD_TITLES[key]) if key in FIELD_TITLES else key}: {text}"
        return ""


SIDE_TITLES = {"church": N_("Church"), "hell": N_("Hell")}

FIELD_TITLES = {"name": N_("Name"), "level": N_("Level"), "side": N_("Side"), "cost": N_("Cost"),
                "icon": N_("Icon"), "on_summon": N_("When summoned"), "ongoing": N_("Ongoing"),
                "action0": N_("Action 1"), "action1": N_("Action 2"), "actions": N_("Actions"), "dagger": "†",
                "flavour": N_("Flavour")}


def field_of(engine_field: str) -> str:
    """The form field an engine error's field name belongs to ('actions[1].cost[0].amount' -> 'action1')."""
    m = re.match(r"actions\[(\d+)\]", engine_field or "")
    if m:
        return f"action{m.group(1)}"
    head = re.split(r"[\[.]", engine_field or "", maxsplit=1)[0]
    return head if head in FIELDS else "name"


def humane(err: CardDataError) -> str:
    """The engine's complaint about a card, said for a player (by its kind, not its words)."""
    if err.kind == "zones":
        return _("choose where the cards come from: hand, play or discard pile")
    if err.kind == "empty_action":
        return _("give the action a cost or an effect")
    if err.kind == "unknown_op":
        return _("this effect is not one the game knows: {what}").format(what=err.reason)
    if err.kind == "no_text":
        return _("give the card a name")
    return err.reason


def _record_texts(value) -> list[str]:
    """The texts of a record's name or flavour in every language."""
    if isinstance(value, str):
        return [value]
    return [t for t in value.values() if isinstance(t, str) and t.strip()] if isinstance(value, dict) else []


def _in_language(language: str, problem: str) -> str:
    """A problem with one language's text: said with the language when it is not the one on screen."""
    if language == current_language():
        return problem
    return _("{language}: {problem}").format(language=LANGUAGE_NAMES.get(language, language), problem=problem)


def _steps_ops(steps: Iterable[dict]) -> set[str]:
    return {s.get("op") for s in steps if isinstance(s, dict)}


def validate(draft: CardDraft, others: Iterable[dict] = ()) -> Validation:
    """Checks a draft as the player types. `others`: the player's other custom card records
    (their names must differ too)."""
    v = Validation()
    names = draft.names()
    if not names:
        v.errors["name"] = _("give the card a name")
    taken = {_fold(text): text for rec in others if rec.get("id") != draft.id
             for text in _record_texts(rec.get("name"))}
    for language, name in names.items():
        problem = None
        clash = builtin_names().get(_fold(name))
        if len(name) > NAME_MAX:
            problem = ngettext("at most {most} character ({n} now)", "at most {most} characters ({n} now)",
                               NAME_MAX).format(most=NAME_MAX, n=len(name))
        elif char_problem(name):
            problem = _("the name holds {what}").format(what=char_problem(name))
        elif clash:
            problem = _("“{name}” is already a card of the game; choose another name").format(name=clash)
        elif _fold(name) in taken:
            problem = _("another of your cards is called “{name}”").format(name=taken[_fold(name)])
        if problem:
            v.errors["name"] = _in_language(language, problem)
            break
    for language, flavour in draft.flavours().items():
        problem = None
        if len(flavour) > FLAVOUR_MAX:
            problem = ngettext("at most {most} character ({n} now)", "at most {most} characters ({n} now)",
                               FLAVOUR_MAX).format(most=FLAVOUR_MAX, n=len(flavour))
        elif char_problem(flavour, multiline=True):
            problem = _("the flavour holds {what}").format(what=char_problem(flavour, multiline=True))
        if problem:
            v.errors["flavour"] = _in_language(language, problem)
            break
    if draft.level not in (1, 2, 3):
        v.errors["level"] = _("the level is 1, 2 or 3")
    if draft.side not in SIDES:
        v.errors["side"] = _("the side is Church or Hell")
    for slot in ("on_summon", "ongoing", "dagger"):
        if len(draft.steps(slot)) > MAX_STEPS:
            v.errors[slot] = ngettext("at most {n} effect here", "at most {n} effects here", MAX_STEPS).format(n=MAX_STEPS)
    if not draft.actions:
        v.errors["actions"] = _("a card needs at least one action")
    elif len(draft.actions) > MAX_ACTIONS:
        v.errors["actions"] = ngettext("at most {n} action", "at most {n} actions", MAX_ACTIONS).format(n=MAX_ACTIONS)
    for i, a in enumerate(draft.actions):
        if len(a.cost) > MAX_STEPS or len(a.effect) > MAX_STEPS:
            v.errors.setdefault(f"action{i}", ngettext("at most {n} step in a cost or an effect",
                                                       "at most {n} steps in a cost or an effect",
                                                       MAX_STEPS).format(n=MAX_STEPS))

    # names and flavour kept from an import: the same limits in every language
    texts = card_text_problem(draft.to_record(draft.id or (ID_PREFIX + "draft")),
                              name_max=NAME_MAX, flavour_max=FLAVOUR_MAX)
    if texts:
        v.errors.setdefault(texts[0], texts[1])

    # the engine's word: does it accept (and so can it resolve) this card?
    try:
        card_from_dict(draft.to_record(draft.id or (ID_PREFIX + "draft")))
    except CardDataError as err:
        v.errors.setdefault(field_of(err.field_name), humane(err))
    except (RecursionError, TypeError, ValueError, KeyError) as err:  # never reached with menu data
        v.errors.setdefault("name", _("the card cannot be read: {why}").format(why=err))

    # warnings: allowed, but the player should know
    leaves = {"scrap_self", "sacrifice_self"}
    if not any(_steps_ops(a.cost) & leaves or _steps_ops(a.effect) & leaves for a in draft.actions) \
            and not _steps_ops(draft.on_summon) & leaves:
        v.warnings["actions" if draft.actions else "name"] = (
            _("no action takes this card out of play; only a card like Circle of Protection can"))
    for i, a in enumerate(draft.actions):
        if f"action{i}" not in v.errors and not a.cost and a.effect:
            v.warnings.setdefault(f"action{i}", _("this action costs nothing: it can be used at once"))
    if "on_summon" not in v.errors and _steps_ops(draft.on_summon) & leaves:
        v.warnings.setdefault("on_summon", _("the card leaves play as soon as it is summoned"))
    return v
