"""The menus of the card editor, built from the engine's op registry (engine.ops).

Every op the registry allows in a slot (effects for "when summoned", action effects and †; costs
for action costs; ongoing effects) becomes a menu entry, labelled and given its starting values
by the registry, and each of its parameters becomes a control: a stepper within the parameter's
range, a choice, a set of toggles, or an optional follow-up step. Nothing is ever typed as code.
An op whose parameter this module cannot offer is left out of the menus (and the editor's tests
fail, so a new engine op is noticed).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from aleph_null_desktop.engine.cards import CARD_TYPES, CHOOSE_ZONES, MOVE_KINDS, TYPE_NAMES
from aleph_null_desktop.engine.ops import Op, Param, ops_for
from aleph_null_desktop.i18n import N_, _

# the card's slots and the engine vocabulary each draws from
SLOT_VOCABULARY = {
    "on_summon": "effect",
    "ongoing": "ongoing",
    "cost": "cost",
    "effect": "effect",
    "dagger": "effect",
}
_VOCABULARIES = ("effect", "cost", "ongoing")
ZONE_LABELS = {"hand": N_("hand"), "play": N_("play"), "discard": N_("discard pile")}
MOVE_LABELS = {"sacrifice": N_("sacrifice"), "scrap": N_("scrap"), "discard": N_("discard")}
FILTER_TYPE_LABELS = {t: ("BAPHOMET" if t == "demon" else TYPE_NAMES[t]) for t in CARD_TYPES}

# the follow-up step offered for "or else" (ops whose parameters are all steppers)
_SIMPLE_KINDS = ("stepper",)
# registry parameter kinds -> the editor's controls
_CONTROLS = {"int": "stepper", "move": "choice", "zones": "zones", "bool": "toggle", "filter": "filter",
             "steps": "otherwise"}


@dataclass(frozen=True)
class ParamSpec:
    name: str
    kind: str  # "stepper" | "choice" | "zones" | "toggle" | "filter" | "otherwise"
    required: bool = True
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()
    param_label: str = ""

    @property
    def label(self) -> str:
        return _(self.param_label) if self.param_label else self.name.replace("_", " ")


@dataclass(frozen=True)
class OpSpec:
    vocabulary: str
    op: str
    params: tuple[ParamSpec, ...] = field(default_factory=tuple)
    op_label: str = ""
    registry: Op | None = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        return _(self.op_label) if self.op_label else self.op.replace("_", " ").capitalize()

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)

    def default_step(self) -> dict:
        return copy.deepcopy(self.registry.default_step(self.vocabulary))


def _param_spec(p: Param) -> ParamSpec | None:
    kind = _CONTROLS.get(p.kind)
    if kind is None:
        return None
    choices: tuple[str, ...] = ()
    if kind == "choice":
        choices = MOVE_KINDS
    elif kind == "zones":
        choices = CHOOSE_ZONES
    elif kind == "filter":
        choices = CARD_TYPES
    return ParamSpec(p.name, kind, p.required, p.lo, p.hi, choices, p.label)


def _build(vocabulary: str) -> tuple[dict[str, OpSpec], list[str]]:
    specs, skipped = {}, []
    for name, op in ops_for(vocabulary).items():
        params = [_param_spec(p) for p in op.params_in(vocabulary)]
        if any(spec is None for spec in params):
            skipped.append(name)
            continue
        specs[name] = OpSpec(vocabulary, name, tuple(params), op.label, op)
    return specs, skipped


MENUS: dict[str, dict[str, OpSpec]] = {}
UNOFFERED: dict[str, list[str]] = {}  # ops the editor cannot offer (should stay empty)
for _voc in _VOCABULARIES:
    MENUS[_voc], UNOFFERED[_voc] = _build(_voc)


def menu(slot: str) -> list[OpSpec]:
    """The entries of the effect menu of a slot ("on_summon", "ongoing", "cost", "effect", "dagger")."""
    return list(MENUS[SLOT_VOCABULARY[slot]].values())


def spec_for(slot: str, op: str) -> OpSpec | None:
    return MENUS[SLOT_VOCABULARY[slot]].get(op)


def otherwise_menu() -> list[OpSpec]:
    """The follow-ups offered after "or else": effects whose parameters are all steppers."""
    return [s for s in MENUS["effect"].values()
            if s.op != "move" and all(p.kind in _SIMPLE_KINDS for p in s.params)]


def default_step(slot: str, op: str) -> dict:
    spec = spec_for(slot, op)
    if spec is None:
        raise KeyError(f"{op!r} is not offered for {slot}")
    return spec.default_step()


def set_param(step: dict, name: str, value: Any) -> dict:
    """A copy of the step with one parameter changed (None removes an optional one)."""
    new = copy.deepcopy(step)
    if value is None:
        new.pop(name, None)
    else:
        new[name] = copy.deepcopy(value)
    return new


def step_stepped(step: dict, slot: str, name: str, delta: int) -> dict:
    """The step with a stepper parameter moved by delta, kept within the engine's bounds."""
    spec = spec_for(slot, step["op"])
    p = spec.param(name) if spec else None
    if p is None or p.kind != "stepper":
        return step
    value = step.get(name, p.lo)
    value = value if isinstance(value, int) else p.lo
    return set_param(step, name, max(p.lo, min(p.hi, value + delta)))


def toggle_zone(step: dict, zone: str) -> dict:
    zones = list(step.get("from", []))
    zones = [z for z in zones if z != zone] if zone in zones else zones + [zone]
    zones.sort(key=CHOOSE_ZONES.index)
    return set_param(step, "from", zones)


def toggle_filter_type(step: dict, card_type: str) -> dict:
    f = dict(step.get("filter", {}))
    types = list(f.get("types", []))
    types = [t for t in types if t != card_type] if card_type in types else types + [card_type]
    types.sort(key=CARD_TYPES.index)
    if types:
        f["types"] = types
    else:
        f.pop("types", None)  # no type chosen: any card
    return set_param(step, "filter", f)


def toggle_filter_other(step: dict) -> dict:
    f = dict(step.get("filter", {}))
    if f.get("other"):
        f.pop("other", None)
    else:
        f["other"] = True
    return set_param(step, "filter", f)
