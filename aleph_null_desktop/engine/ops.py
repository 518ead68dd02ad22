"""The op registry: every effect op a card may use, in one place.

An op declares
* `slots`    where a card may use it: "effect" (action effects, † and when-summoned effects),
             "cost" (action costs), "special_cost" (a summoning cost instead of power), "ongoing";
* `params`   its parameters with their kinds and ranges (the validator and the editor read them);
* `words`    its English card text, a function of the step (`words_for` picks a translation's twin
             registered with `set_words`, e.g. German, else the English);
* `label`    what the editor's menu calls it, and `defaults` the editor's starting values;
* `ai`       what a player program should know of it (`AiKnowledge`);
* `handler`  for effect and cost ops, the function that carries a step out (`handler(game, task)`);
             ongoing ops have none: `applies` names the `Game` query that reads them while their
             card is in play (they are indexed by op once per change of play);
* `refusal`  for ongoing ops that forbid a command, the words of the refusal.

No op's words name a particular card: the card that imposes an ongoing effect is named from the
game (`{card}`), and a filter's ids are the card's own data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from aleph_null_desktop.engine.events import new_event as _event  # _event((kind, data))
from aleph_null_desktop.engine.model import Option
from aleph_null_desktop.engine.phrases import card_noun, filter_phrase, plural, zone_label, zones_phrase
from aleph_null_desktop.engine.schema import CARD_TYPES, CHOOSE_ZONES, MOVE_KINDS, CardDataError
from aleph_null_desktop.i18n import N_, _, current_language, later, ngettext

if TYPE_CHECKING:
    from aleph_null_desktop.engine.game import Game

SLOTS = ("effect", "cost", "special_cost", "ongoing")
MAX_STEPS = 8


# ----------------------------------------------------------------------------- parameters

def _is_int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def check_filter(f: Any, where: str) -> None:
    if not isinstance(f, dict):
        raise CardDataError(_("a filter must be an object"), field_name=where)
    for key, value in f.items():
        if key == "types":
            if not isinstance(value, list) or not value or any(t not in CARD_TYPES for t in value):
                raise CardDataError(_("types must be a list of {types}").format(types=", ".join(CARD_TYPES)),
                                    field_name=where)
        elif key == "ids":
            if not isinstance(value, list) or not value or any(not isinstance(i, str) for i in value):
                raise CardDataError(_("ids must be a list of card ids"), field_name=where)
        elif key == "other":
            if not isinstance(value, bool):
                raise CardDataError(_("other must be true or false"), field_name=where)
        else:
            raise CardDataError(_("unknown filter key {key!r}").format(key=key), field_name=where)


@dataclass(frozen=True)
class Param:
    """One parameter of an op. kind: "int" (lo..hi), "move" (a kind of move), "zones" (a list of
    zones to choose from), "bool", "filter" (which cards), "steps" (follow-up effect steps)."""

    name: str
    kind: str
    label: str
    lo: int = 0
    hi: int = 0
    required: bool = True
    slots: tuple[str, ...] = ()  # empty: in every slot of the op

    def check(self, value: Any, where: str) -> None:
        kind = self.kind
        if kind == "int":
            if not _is_int(value, self.lo, self.hi):
                raise CardDataError(_("must be a whole number from {lo} to {hi}").format(lo=self.lo, hi=self.hi),
                                    field_name=where)
        elif kind == "move":
            if value not in MOVE_KINDS:
                raise CardDataError(_("must be one of {kinds}").format(kinds=", ".join(MOVE_KINDS)),
                                    field_name=where)
        elif kind == "zones":
            if not isinstance(value, list) or not value or any(z not in CHOOSE_ZONES for z in value):
                raise CardDataError(_("must be a list of zones from {zones}").format(zones=", ".join(CHOOSE_ZONES)),
                                    field_name=where, kind="zones")
        elif kind == "bool":
            if not isinstance(value, bool):
                raise CardDataError(_("must be true or false"), field_name=where)
        elif kind == "filter":
            check_filter(value, where)
        elif kind == "steps":
            validate_steps(value, "effect", where)
        else:  # pragma: no cover - a registry mistake, caught by the registry test
            raise AssertionError(f"unknown parameter kind {kind!r}")

    def in_slot(self, slot: str) -> bool:
        return not self.slots or slot in self.slots


@dataclass(frozen=True)
class AiKnowledge:
    """What a player program should know of an op.

    role: "gain" (power in), "pay" (power out), "draw", "search", "move" (sacrifice/scrap/discard a
    chosen card: thins the deck), "heal", "hurt", "scrap_self", "sacrifice_self", "time" (changes
    the Hours), "baphomet" (the end of the ritual), or "ongoing" (a lasting effect of a card in play).
    amount: the number that matters in a step (power, cards, damage), 0 if none.
    harm: for ongoing ops, how much the effect hurts the player while its card is in play."""

    role: str
    amount: Callable[[dict], int] = lambda step: 0
    harm: Callable[[dict], float] = lambda effect: 0.0


@dataclass(frozen=True)
class Op:
    name: str
    slots: tuple[str, ...]
    params: tuple[Param, ...]
    words: Callable[[dict], str]
    label: str
    ai: AiKnowledge
    handler: Callable[["Game", dict], None] | None = None
    applies: str = ""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    refusal: Callable[..., str] | None = None
    # True if carrying the step out surely moves a card on (deck -> hand -> play -> discard ->
    # sacrificed) or advances the Hour: an action with such a step cannot loop for ever in a turn
    moves_a_card: Callable[[dict], bool] = lambda step: False

    def params_in(self, slot: str) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.in_slot(slot))

    def default_step(self, slot: str) -> dict:
        """A valid step of this op: the editor's defaults, else the lowest sensible values."""
        step: dict[str, Any] = {"op": self.name}
        for p in self.params_in(slot):
            if not p.required:
                continue
            if p.name in self.defaults:
                step[p.name] = _copy(self.defaults[p.name])
            elif p.kind == "int":
                step[p.name] = 1 if p.lo <= 1 <= p.hi else p.lo
            elif p.kind == "move":
                step[p.name] = MOVE_KINDS[0]
            elif p.kind == "zones":
                step[p.name] = ["hand"]
            elif p.kind == "bool":
                step[p.name] = False
            elif p.kind == "filter":
                step[p.name] = {}
            elif p.kind == "steps":
                step[p.name] = []
        return step


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _amount(step: dict) -> int:
    return step.get("amount", 0)


def _count(step: dict) -> int:
    return step.get("count", 0)


# ----------------------------------------------------------------------------- handlers

def _pay(game: "Game", t: dict) -> None:
    game._spend(t["amount"])


def _gain_power(game: "Game", t: dict) -> None:
    game._gain_power(game.power_from(t["src"], t["amount"]), t["src"])


def _scrap_self(game: "Game", t: dict) -> None:
    if game._loc.get(t["src"]) in ("play", "hand"):
        game._move(t["src"], "discard", "scrap")


def _sacrifice_self(game: "Game", t: dict) -> None:
    if game._loc.get(t["src"]) not in (None, "sacrificed"):
        game._sacrifice([t["src"]])


def _remove_damage(game: "Game", t: dict) -> None:
    removed = min(t["amount"], game.damage)
    if removed:
        game.damage -= removed  # R9.3
        game._events.append(_event(("damage", {"delta": -removed, "total": game.damage, "why": later("healed")})))


def _take_damage(game: "Game", t: dict) -> None:
    why = t.get("why") or (game._named(t["src"]) if t.get("src") else later("damage"))
    game._take_damage(t["amount"], why)


def _add_hour_vii(game: "Game", t: dict) -> None:
    if game.last_hour < 7:
        game.last_hour = 7
        game._events.append(_event(("hour_vii", {"last_hour": 7})))


def _draw(game: "Game", t: dict) -> None:
    """R5.1: draw; an empty deck advances the Hour once per draw instruction."""
    deck = game._zones["deck"]
    drawn = deck[:t["count"]]
    del deck[:len(drawn)]
    game._move_plain(drawn, "deck", "hand", "draw")
    remaining = t["count"] - len(drawn)
    if not remaining:
        return
    if t.get("advanced"):
        game._events.append(_event(("draw_short", {"missing": remaining})))
        return
    game._push({"op": "draw", "count": remaining, "advanced": True, "src": t.get("src")})
    game._push({"op": "advance_hour"})


def _search(game: "Game", t: dict) -> None:
    """R7.6: look through the deck, take one match (compulsory), shuffle."""
    game._revealed = True
    deck = game._zones["deck"]
    if not deck:
        game._events.append(_event(("search", {"found": []})))
        game._push({"op": "advance_hour"})
        return
    cards = game.cards
    found = sorted((i for i in deck if game._matches(t["filter"], i, None)),
                   key=lambda i: (cards[i.card_id].name, i.uid))
    game._events.append(_event(("search", {"found": [i.card_id for i in found]})))
    if not found:
        game._shuffle_deck()
        return
    options = [Option(i.uid, cards[i.card_id].name) for i in found]
    game._pose("search", _("{source}: {step} — choose one to take into your hand.").format(
        source=game.name_of(t["src"]), step=words_for(t)), options, t)


def _move(game: "Game", t: dict) -> None:
    """Sacrifice/scrap/discard chosen cards: pick them one by one, then move them together."""
    chosen = t.get("chosen", [])
    if not t.get("declined") and len(chosen) < t["count"]:
        targets = game.move_targets(t, t["src"], exclude=chosen)
        if targets:
            options = [Option(i.uid, f"{game.cards[i.card_id].name} ({zone_label(game._loc[i.uid])})")
                       for i in targets]
            if t["up_to"]:
                extra = f" — {steps_words(t['otherwise'])}" if t.get("otherwise") else ""
                options.append(Option(None, (_("None") if not chosen else _("No more")) + extra))
            source = game.name_of(t["src"]) if t["src"] is not None else game._page_name()
            picked = " " + _("({n} chosen)").format(n=len(chosen)) if chosen else ""
            game._pose("target", f"{source}: {words_for(t)}{picked}", options, t)
            return
    if len(chosen) < t["count"] and t.get("otherwise") and not chosen:
        game._push_steps(t["otherwise"], t["src"])
    if t["move"] == "sacrifice":
        game._sacrifice(chosen, defer=bool(t.get("defer_daggers")))
    else:
        for uid in chosen:
            game._move(uid, "discard", t["move"])


def _summon_baphomet(game: "Game", t: dict) -> None:
    """R10.4: every other card in play is sacrificed (no † resolves); then Judgement."""
    game._baphomet_summoning = True
    others = [i.uid for i in game._zones["play"] if i.uid != t["src"]]
    penalty = sum(1 for u in others if game.cdef(u).type != "key")
    for uid in others:
        game._move(uid, "sacrificed", "baphomet")
    game._judge(penalty)


# ----------------------------------------------------------------------------- words

def _move_words(step: dict) -> str:
    count = step["count"]
    noun = card_noun(step["filter"], count)
    if step.get("up_to"):
        noun = f"up to {count} " + noun.split(" ", 1)[1]
    tanist_like = step["filter"].get("types") in (["tanist"],) or bool(step["filter"].get("ids"))
    text = f"{step['move']} {noun} {zones_phrase(step['from'], tanist_like)}"
    if step.get("otherwise"):
        text += ", or else " + ", ".join(words_for(s) for s in step["otherwise"])
    return text


def _more_less(amount: int) -> str:
    return _("more") if amount > 0 else _("less")


def _power_modifier_words(e: dict) -> str:
    what = filter_phrase(e["filter"]) or "every"
    return _("every {what} card gives {n}P {more} (never below 0)").format(
        what=what, n=abs(e["amount"]), more=_more_less(e["amount"]))


def _cost_modifier_words(e: dict) -> str:
    what = filter_phrase(e["filter"]) or "all"
    return _("{what} cards cost {n}P {more} to summon").format(what=what, n=abs(e["amount"]),
                                                               more=_more_less(e["amount"]))


def _shield_words(e: dict) -> str:
    return ngettext("at the end of your turn the first {n} point of unspent power deals no damage",
                    "at the end of your turn the first {n} points of unspent power deal no damage",
                    e["amount"]).format(n=e["amount"])


# ----------------------------------------------------------------------------- the registry

_AMOUNT = "amount"
_FILTER = Param("filter", "filter", N_("which cards"))
_MOVE_PARAMS = (
    Param("move", "move", N_("what")),
    Param("from", "zones", N_("from")),
    Param("count", "int", N_("cards"), 1, 5),
    Param("up_to", "bool", N_("up to")),
    _FILTER,
    Param("otherwise", "steps", N_("or else"), required=False, slots=("effect",)),
)
_MOVE_DEFAULTS = {"move": "sacrifice", "from": ["hand"], "count": 1, "up_to": False, "filter": {}}


def _ongoing(name: str, params: tuple[Param, ...], words: Callable[[dict], str], label: str, applies: str,
             harm: Callable[[dict], float], defaults: Mapping[str, Any] | None = None,
             refusal: Callable[..., str] | None = None) -> Op:
    return Op(name, ("ongoing",), params, words, label, AiKnowledge("ongoing", _amount, harm), None,
              applies, defaults or {}, refusal)


def _const(value: float) -> Callable[[dict], float]:
    return lambda effect: value


OPS: dict[str, Op] = {op.name: op for op in (
    # ---------------------------------------------------------------- effects and costs
    Op("gain_power", ("effect",), (Param(_AMOUNT, "int", N_("amount"), 0, 9),),
       lambda s: _("gain {n}P").format(n=s["amount"]), N_("Gain power"), AiKnowledge("gain", _amount),
       _gain_power),
    Op("draw", ("effect",), (Param("count", "int", N_("cards"), 1, 9),),
       lambda s: _("draw {cards}").format(cards=plural(s["count"], "card")), N_("Draw cards"),
       AiKnowledge("draw", _count), _draw, moves_a_card=lambda s: True),
    Op("search", ("effect",), (_FILTER,),
       lambda s: _("search your deck for {card}").format(card=card_noun(s["filter"], 1)),
       N_("Search the deck for a card"), AiKnowledge("search"), _search),
    Op("move", ("effect", "cost", "special_cost"), _MOVE_PARAMS, _move_words,
       N_("Sacrifice, scrap or discard cards"), AiKnowledge("move", _count), _move, defaults=_MOVE_DEFAULTS,
       moves_a_card=lambda s: not s["up_to"]),
    Op("remove_damage", ("effect",), (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
       lambda s: _("remove {n} damage").format(n=s["amount"]), N_("Remove damage"),
       AiKnowledge("heal", _amount), _remove_damage),
    Op("take_damage", ("effect",), (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
       lambda s: _("take {n} damage").format(n=s["amount"]), N_("Take damage"),
       AiKnowledge("hurt", _amount), _take_damage),
    Op("scrap_self", ("effect", "cost"), (), lambda s: _("scrap this"), N_("Scrap this card"),
       AiKnowledge("scrap_self"), _scrap_self, moves_a_card=lambda s: True),
    Op("sacrifice_self", ("effect", "cost"), (), lambda s: _("sacrifice this"), N_("Sacrifice this card"),
       AiKnowledge("sacrifice_self"), _sacrifice_self, moves_a_card=lambda s: True),
    Op("add_hour_vii", ("effect",), (), lambda s: _("the Grimoire gains Hour VII for the rest of the game"),
       N_("The Grimoire gains Hour VII"), AiKnowledge("time"), _add_hour_vii),
    Op("pay", ("cost", "special_cost"), (Param(_AMOUNT, "int", N_("amount"), 0, 9),),
       lambda s: _("pay {n}P").format(n=s["amount"]), N_("Pay power"), AiKnowledge("pay", _amount), _pay),
    Op("summon_baphomet", ("special_cost",), (),
       lambda s: _("the three Keys in play; sacrifice them and every other card in play"),
       N_("The three Keys in play (BAPHOMET)"), AiKnowledge("baphomet"), _summon_baphomet),
    # ---------------------------------------------------------------- ongoing effects
    _ongoing("power_modifier", (_FILTER, Param(_AMOUNT, "int", N_("amount"), -5, 5)), _power_modifier_words,
             N_("Cards give more/less power"), "power_from", lambda e: 5.0,
             {"amount": -1, "filter": {"types": ["magical_power"]}}),
    _ongoing("hand_size", (Param(_AMOUNT, "int", N_("amount"), -3, 3),),
             lambda e: _("your hand size is {n} {more}").format(n=abs(e["amount"]), more=_more_less(e["amount"])),
             N_("Hand size changes"), "hand_size", lambda e: 8.0 * max(0, -e["amount"]), {"amount": -1}),
    _ongoing("summon_limit", (Param("count", "int", N_("cards"), 0, 9),),
             lambda e: ngettext("you may summon at most {n} card a turn (Interference not counted)",
                                "you may summon at most {n} cards a turn (Interference not counted)",
                                e["count"]).format(n=e["count"]),
             N_("Limit summons per turn"), "legal_commands", _const(5.0), {"count": 3},
             lambda card, limit, made: ngettext(
                 "Only {limit} summon is allowed this turn while {card} is in play; you have made {made}.",
                 "Only {limit} summons are allowed this turn while {card} is in play; you have made {made}.",
                 limit).format(limit=limit, card=card, made=made)),
    _ongoing("cost_modifier", (_FILTER, Param(_AMOUNT, "int", N_("amount"), -5, 5)), _cost_modifier_words,
             N_("Cards cost more/less"), "summon_cost", _const(5.0),
             {"amount": 1, "filter": {"types": ["artifact"]}}),
    _ongoing("prevent_dagger", (), lambda e: _("† effects do not resolve"), N_("† effects do not resolve"),
             "_t_dagger", _const(3.0)),
    _ongoing("hand_sacrificed_at_end", (),
             lambda e: _("at the end of your turn the cards you would discard from your hand are sacrificed "
                         "instead, Keys included"),
             N_("Hand is sacrificed at end of turn"), "_t_end_hand", _const(0.0)),
    _ongoing("end_turn_shield", (Param(_AMOUNT, "int", N_("amount"), 1, 5),), _shield_words,
             N_("Unspent power is forgiven"), "_t_end_power", _const(0.0)),
    _ongoing("hour_damage", (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
             lambda e: _("take {n} damage each time the Hour advances").format(n=e["amount"]),
             N_("Damage when the Hour advances"), "_t_advance_hour", _const(12.0)),
    _ongoing("end_turn_damage_unless_sacrificed", (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
             lambda e: _("at the end of your turn take {n} damage unless a card was sacrificed this turn").format(
                 n=e["amount"]),
             N_("Damage unless you sacrificed"), "_t_end_ongoing", _const(14.0)),
    _ongoing("end_turn_damage_unless_summoned", (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
             lambda e: _("at the end of a turn in which you summoned no card, take {n} damage").format(
                 n=e["amount"]),
             N_("Damage unless you summoned"), "_t_end_ongoing", _const(8.0)),
    _ongoing("no_sacrifice_from_discard", (), lambda e: _("no card can be sacrificed from the discard pile"),
             N_("No sacrifice from the discard pile"), "move_targets", _const(10.0)),
    _ongoing("baphomet_blocked", (), lambda e: _("BAPHOMET cannot be summoned"),
             N_("BAPHOMET cannot be summoned"), "legal_commands", _const(30.0),
             refusal=lambda card: _("BAPHOMET cannot be summoned while {card} is in play.").format(card=card)),
)}


def ops_for(slot: str) -> dict[str, Op]:
    """The ops a slot may use, in registry order."""
    return {name: op for name, op in OPS.items() if slot in op.slots}


# ----------------------------------------------------------------------------- words by language

_TWINS: dict[str, dict[str, Callable[[dict], str]]] = {}


def set_words(language: str, op: str, words: Callable[[dict], str]) -> None:
    """Registers the words of `op` in another language (its grammar may need more than a catalogue)."""
    if op not in OPS:
        raise KeyError(f"unknown op {op!r}")
    _TWINS.setdefault(language, {})[op] = words


def steps_words(steps) -> str:
    """Several steps in one line: 'pay 1P, then gain 2P'; '—' for none."""
    return _(", then ").join(words_for(s) for s in steps) if steps else "—"


def words_for(step: dict) -> str:
    """The card text of one step in the current language (the op's own English if no twin)."""
    op = step["op"]
    twin = _TWINS.get(current_language(), {}).get(op)
    if twin is not None:
        return twin(step)
    spec = OPS.get(op)
    return spec.words(step) if spec is not None else op


# ----------------------------------------------------------------------------- validation

def validate_steps(items: Any, slot: str, where: str) -> None:
    """Raises CardDataError naming the field at fault unless `items` is a valid list of steps."""
    ops = _BY_SLOT[slot]
    if not isinstance(items, list):
        raise CardDataError(_("must be a list"), field_name=where)
    if len(items) > MAX_STEPS:
        raise CardDataError(ngettext("has more than {n} step", "has more than {n} steps", MAX_STEPS).format(n=MAX_STEPS),
                            field_name=where)
    for i, item in enumerate(items):
        here = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise CardDataError(_("must be an object with an op"), field_name=here)
        name = item.get("op")
        op = ops.get(name) if isinstance(name, str) else None
        if op is None:
            raise CardDataError(_("unknown {slot} op {op!r}; known: {known}").format(
                slot=slot, op=name, known=", ".join(ops)), field_name=here, kind="unknown_op")
        params = {p.name: p for p in op.params_in(slot)}
        for p in params.values():
            if p.required and p.name not in item:
                raise CardDataError(_("{op} needs {param!r}").format(op=name, param=p.name), field_name=here)
        for key, value in item.items():
            if key == "op":
                continue
            p = params.get(key)
            if p is None:
                raise CardDataError(_("{op} has an unknown parameter {param!r}").format(op=name, param=key),
                                    field_name=here)
            p.check(value, f"{here}.{key}")


_BY_SLOT = {slot: ops_for(slot) for slot in SLOTS}


def _register_twins() -> None:
    from aleph_null_desktop.engine import words_de

    for op, words in words_de.WORDS.items():
        set_words("de", op, words)


_register_twins()
