"""The menus of the card editor, built from the engine's effect vocabulary (engine.cards).

Every op the engine knows in a slot (EFFECT_OPS for "when summoned", action effects and †;
COST_OPS for action costs; ONGOING_OPS for ongoing effects) becomes a menu entry, and each of
its parameters becomes a control: a stepper whose bounds are read from the engine's own
validator, a choice, a set of toggles, or an optional follow-up step. Nothing is ever typed as
code. An op whose parameter this module cannot offer is left out of the menus (and the editor's
tests fail, so a new engine op is noticed).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from aleph_null_desktop.engine.cards import (
    CARD_TYPES, CHOOSE_ZONES, COST_OPS, EFFECT_OPS, MOVE_KINDS, ONGOING_OPS, TYPE_NAMES, CardDataError,
)

# the card's slots and the engine vocabulary each draws from
SLOT_VOCABULARY = {
    "on_summon": "effect",
    "ongoing": "ongoing",
    "cost": "cost",
    "effect": "effect",
    "dagger": "effect",
}
_OPS = {"effect": EFFECT_OPS, "cost": COST_OPS, "ongoing": ONGOING_OPS}

# what the menus call each op (the card itself prints the engine's English, engine.text)
OP_LABELS = {
    ("effect", "gain_power"): "Gain power",
    ("effect", "draw"): "Draw cards",
    ("effect", "search"): "Search the deck for a card",
    ("effect", "move"): "Sacrifice, scrap or discard cards",
    ("effect", "remove_damage"): "Remove damage",
    ("effect", "take_damage"): "Take damage",
    ("effect", "scrap_self"): "Scrap this card",
    ("effect", "sacrifice_self"): "Sacrifice this card",
    ("effect", "add_hour_vii"): "The Grimoire gains Hour VII",
    ("cost", "pay"): "Pay power",
    ("cost", "scrap_self"): "Scrap this card",
    ("cost", "sacrifice_self"): "Sacrifice this card",
    ("cost", "move"): "Sacrifice, scrap or discard cards",
    ("ongoing", "power_modifier"): "Cards give more/less power",
    ("ongoing", "hand_size"): "Hand size changes",
    ("ongoing", "summon_limit"): "Limit summons per turn",
    ("ongoing", "cost_modifier"): "Cards cost more/less",
    ("ongoing", "prevent_dagger"): "† effects do not resolve",
    ("ongoing", "hand_sacrificed_at_end"): "Hand is sacrificed at end of turn",
    ("ongoing", "end_turn_shield"): "Unspent power is forgiven",
    ("ongoing", "hour_damage"): "Damage when the Hour advances",
    ("ongoing", "end_turn_damage_unless_sacrificed"): "Damage unless you sacrificed",
    ("ongoing", "end_turn_damage_unless_summoned"): "Damage unless you summoned",
    ("ongoing", "no_sacrifice_from_discard"): "No sacrifice from the discard pile",
    ("ongoing", "baphomet_blocked"): "BAPHOMET cannot be summoned",
}
PARAM_LABELS = {"amount": "amount", "count": "cards", "move": "what", "from": "from", "up_to": "up to",
                "filter": "which cards", "otherwise": "or else"}
ZONE_LABELS = {"hand": "hand", "play": "play", "discard": "discard pile"}
MOVE_LABELS = {"sacrifice": "sacrifice", "scrap": "scrap", "discard": "discard"}
FILTER_TYPE_LABELS = {t: ("BAPHOMET" if t == "demon" else TYPE_NAMES[t]) for t in CARD_TYPES}

# defaults that make sense for an interference card (a harmful ongoing effect by default)
_DEFAULTS: dict[tuple[str, str], dict[str, Any]] = {
    ("ongoing", "power_modifier"): {"amount": -1, "filter": {"types": ["magical_power"]}},
    ("ongoing", "cost_modifier"): {"amount": 1, "filter": {"types": ["artifact"]}},
    ("ongoing", "hand_size"): {"amount": -1},
    ("ongoing", "summon_limit"): {"count": 3},
    ("effect", "move"): {"move": "sacrifice", "from": ["hand"], "count": 1, "up_to": False, "filter": {}},
    ("cost", "move"): {"move": "sacrifice", "from": ["hand"], "count": 1, "up_to": False, "filter": {}},
}

# the follow-up step offered for "or else" (ops whose parameters are all steppers)
_SIMPLE_KINDS = ("stepper",)


@dataclass(frozen=True)
class ParamSpec:
    name: str
    kind: str  # "stepper" | "choice" | "zones" | "toggle" | "filter" | "otherwise"
    required: bool = True
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return PARAM_LABELS.get(self.name, self.name.replace("_", " "))


@dataclass(frozen=True)
class OpSpec:
    vocabulary: str
    op: str
    params: tuple[ParamSpec, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        return OP_LABELS.get((self.vocabulary, self.op), self.op.replace("_", " ").capitalize())

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)

    def default_step(self) -> dict:
        step: dict[str, Any] = {"op": self.op}
        preset = _DEFAULTS.get((self.vocabulary, self.op), {})
        for p in self.params:
            if not p.required:
                continue
            if p.name in preset:
                step[p.name] = copy.deepcopy(preset[p.name])
            elif p.kind == "stepper":
                step[p.name] = 1 if p.lo <= 1 <= p.hi else p.lo
            elif p.kind == "choice":
                step[p.name] = p.choices[0]
            elif p.kind == "zones":
                step[p.name] = ["hand"]
            elif p.kind == "toggle":
                step[p.name] = False
            elif p.kind == "filter":
                step[p.name] = {}
        return step


def _probe_range(check) -> tuple[int, int] | None:
    """The whole numbers the engine's validator accepts, read by asking it."""
    ok = []
    for v in range(-20, 21):
        try:
            check(v, "probe")
        except CardDataError:
            continue
        ok.append(v)
    return (min(ok), max(ok)) if ok else None


def _accepts(check, value) -> bool:
    try:
        check(value, "probe")
    except CardDataError:
        return False
    return True


def _param_spec(name: str, check, required: bool) -> ParamSpec | None:
    if name in ("amount", "count"):
        bounds = _probe_range(check)
        return ParamSpec(name, "stepper", required, *bounds) if bounds else None
    if name == "move":
        kinds = tuple(k for k in MOVE_KINDS if _accepts(check, k))
        return ParamSpec(name, "choice", required, choices=kinds) if kinds else None
    if name == "from":
        zones = tuple(z for z in CHOOSE_ZONES if _accepts(check, [z]))
        return ParamSpec(name, "zones", required, choices=zones) if zones else None
    if name == "up_to":
        return ParamSpec(name, "toggle", required) if _accepts(check, True) else None
    if name == "filter":
        return ParamSpec(name, "filter", required, choices=CARD_TYPES) if _accepts(check, {}) else None
    if name == "otherwise":
        return ParamSpec(name, "otherwise", required) if _accepts(check, []) else None
    return None


def _build(vocabulary: str) -> tuple[dict[str, OpSpec], list[str]]:
    specs, skipped = {}, []
    for op, (required, optional) in _OPS[vocabulary].items():
        params = []
        for name, check in list(required.items()) + list(optional.items()):
            spec = _param_spec(name, check, name in required)
            if spec is None:
                if name in required:
                    break
                continue
            params.append(spec)
        else:
            specs[op] = OpSpec(vocabulary, op, tuple(params))
            continue
        skipped.append(op)
    return specs, skipped


MENUS: dict[str, dict[str, OpSpec]] = {}
UNOFFERED: dict[str, list[str]] = {}  # ops the editor cannot offer (should stay empty)
for _voc in _OPS:
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
