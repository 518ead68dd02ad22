"""The op registry: every effect op a card may use, in one place.

An op declares
* `slots`    where a card may use it: "effect" (action effects, † and when-summoned effects),
             "cost" (action costs), "special_cost" (a summoning cost instead of power), "ongoing";
* `params`   its parameters with their kinds and ranges (the validator and the editor read them);
* `words`    its English card text, a function of the step (`words_for` picks a language's twin,
             the German ones of engine.words.de or one registered with `set_words`, else the English);
* `label`    what the editor's menu calls it, and `defaults` the editor's starting values;
* `ai`       what a player program should know of it (`AiKnowledge`);
* `handler`  for effect and cost ops, the function that carries a step out (`handler(game, task)`);
             ongoing ops have none: `applies` names the `Game` method whose moment they hook;
* `refusal`  for ongoing ops that forbid a command, the words of the refusal;
* `hooks`    for ongoing ops, what they do at the kernel's moments (HOOKS: the hand size, a summon's
             cost, the power a card gives, …); the kernel indexes the hooks of the cards in play
             once per change of play, calls them, and names no op;
* `choice_words`, `resume`  for ops that pose a choice, its words and what the answer does;
* `unpayable`  for special-cost ops, why the cost cannot be paid now.

No op's words name a particular card: the card that imposes an ongoing effect is named from the
game (`{card}`), and a filter's ids are the card's own data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from aleph_null_desktop.engine.words import de as words_de
from aleph_null_desktop.engine.words.phrases import card_noun, filter_phrase, plural, zone_label, zones_phrase
from aleph_null_desktop.engine.schema import CARD_TYPES, CHOOSE_ZONES, MOVE_KINDS, CardDataError
from aleph_null_desktop.i18n import N_, Deferred, _, current_language, later, ngettext

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
    harm: for ongoing ops, how much the effect hurts the player while its card is in play.
    harm_ends_with_keys: the effect only hinders summoning Keys, so it does no harm once all three
      are in play (a cost modifier aimed at Keys).
    keep: for ongoing ops on a card of the player's own, how much the effect makes the card worth
      keeping (0: no more than its actions say).
    sacrifices_hand: the effect sacrifices the hand at the end of each turn: it thins a whole hand a
      turn, and a Key drawn and not summoned is lost with it.
    blocks_baphomet: while the effect is in play BAPHOMET cannot be summoned (it must be removed)."""

    role: str
    amount: Callable[[dict], int] = lambda step: 0
    harm: Callable[[dict], float] = lambda effect: 0.0
    harm_ends_with_keys: Callable[[dict], bool] = lambda effect: False
    keep: Callable[[dict], float] = lambda effect: 0.0
    sacrifices_hand: bool = False
    blocks_baphomet: bool = False


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
    # an ongoing op's behaviour: what it does at the kernel's moments (see HOOKS), each a function
    # `(game, its card instance, the effect, *the moment's values)`
    hooks: Mapping[str, Callable] = field(default_factory=dict)
    # a special-cost op: the refusal of a summon whose cost this step cannot pay now, else None
    # (`(game, step, uid)`; power is checked by the kernel)
    unpayable: Callable[["Game", dict, int], tuple | None] | None = None
    # True if carrying the step out surely moves a card on (deck -> hand -> play -> discard ->
    # sacrificed) or advances the Hour: an action with such a step cannot loop for ever in a turn
    moves_a_card: Callable[[dict], bool] = lambda step: False
    # an op that poses a choice: its words `choice_words(game, task, option uids) -> (prompt, texts)`,
    # said when shown, and what the answer does, `resume(game, task, chosen uid)`
    choice_words: Callable[["Game", dict, list], tuple[Any, list]] | None = None
    resume: Callable[["Game", dict, int | None], None] | None = None

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
    game.spend(t["amount"])


def _gain_power(game: "Game", t: dict) -> None:
    game.gain_power(game.power_from(t["src"], t["amount"]), t["src"])


def _scrap_self(game: "Game", t: dict) -> None:
    if game.where(t["src"]) in ("play", "hand"):
        game.move(t["src"], "discard", "scrap")


def _sacrifice_self(game: "Game", t: dict) -> None:
    if game.where(t["src"]) not in (None, "sacrificed"):
        game.sacrifice([t["src"]])


def _remove_damage(game: "Game", t: dict) -> None:
    game.remove_damage(t["amount"])


def _take_damage(game: "Game", t: dict) -> None:
    why = t.get("why") or (game.named(t["src"]) if t.get("src") else later("damage"))
    game.take_damage(t["amount"], why)


def _add_hour_vii(game: "Game", t: dict) -> None:
    if game.last_hour < 7:
        game.last_hour = 7
        game.emit("hour_vii", {"last_hour": 7})


def _draw(game: "Game", t: dict) -> None:
    """R5.1: draw; an empty deck advances the Hour once per draw instruction."""
    remaining = t["count"] - game.draw_cards(t["count"])
    if not remaining:
        return
    if t.get("advanced"):
        game.emit("draw_short", {"missing": remaining})
        return
    game.push({"op": "draw", "count": remaining, "advanced": True, "src": t.get("src")})
    game.push({"op": "advance_hour"})


def _search(game: "Game", t: dict) -> None:
    """R7.6: look through the deck, take one match (compulsory), shuffle."""
    deck = game.look_through_deck()
    if not deck:
        game.emit("search", {"found": []})
        game.push({"op": "advance_hour"})
        return
    cards = game.cards
    found = sorted((i for i in deck if game.matches(t["filter"], i, None)),
                   key=lambda i: (cards[i.card_id].name, i.uid))
    game.emit("search", {"found": [i.card_id for i in found]})
    if not found:
        game.shuffle_deck()
        return
    game.pose("search", [i.uid for i in found], t)


def _search_choice(game: "Game", t: dict, uids: list) -> tuple[Deferred, list]:
    source = game.source_words(t["src"])
    prompt = Deferred(lambda: _("{source}: {step} — choose one to take into your hand.").format(
        source=source, step=words_for(t)))
    return prompt, [game.named(uid) for uid in uids]


def _search_resume(game: "Game", t: dict, uid: int | None) -> None:
    game.move(uid, "hand", "search")
    game.shuffle_deck()
    if not game.zone_size("deck"):  # R5.4
        game.push({"op": "advance_hour"})


def _move(game: "Game", t: dict) -> None:
    """Sacrifice/scrap/discard chosen cards: pick them one by one, then move them together."""
    chosen = t.get("chosen", [])
    if not t.get("declined") and len(chosen) < t["count"]:
        targets = game.move_targets(t, t["src"], exclude=chosen)
        if targets:
            game.pose("target", [i.uid for i in targets] + ([None] if t["up_to"] else []), t)
            return
    if len(chosen) < t["count"] and t.get("otherwise") and not chosen:
        game.push_steps(t["otherwise"], t["src"])
    if t["move"] == "sacrifice":
        game.sacrifice(chosen, defer=bool(t.get("defer_daggers")))
    else:
        for uid in chosen:
            game.move(uid, "discard", t["move"])


def _move_choice(game: "Game", t: dict, uids: list) -> tuple[Deferred, list]:
    source = game.source_words(t["src"])
    chosen = len(t.get("chosen", []))
    picked = Deferred(lambda: " " + _("({n} chosen)").format(n=chosen) if chosen else "")
    prompt = Deferred(lambda: f"{source}: {words_for(t)}{picked}")
    texts = []
    for uid in uids:
        if uid is None:
            otherwise = t.get("otherwise")
            texts.append(Deferred(lambda: (_("None") if not chosen else _("No more"))
                                  + (f" — {steps_words(otherwise)}" if otherwise else "")))
        else:
            name, zone = game.named(uid), game.zone_of(uid)
            texts.append(Deferred(lambda name=name, zone=zone: f"{name} ({zone_label(zone)})"))
    return prompt, texts


def _move_resume(game: "Game", t: dict, uid: int | None) -> None:
    if uid is None:
        game.push({**t, "declined": True})
    else:
        game.push({**t, "chosen": t.get("chosen", []) + [uid]})


def _summon_baphomet(game: "Game", t: dict) -> None:
    """R10.4: every other card in play is sacrificed (no † resolves); then Judgement."""
    game.allow_key_sacrifice()
    others = [i.uid for i in game.zone("play") if i.uid != t["src"]]
    penalty = sum(1 for u in others if game.cdef(u).type != "key")
    for uid in others:
        game.move(uid, "sacrificed", "baphomet")
    game.judge(penalty)


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
             refusal: Callable[..., str] | None = None, *, hooks: Mapping[str, Callable], **ai: Any) -> Op:
    """An ongoing op; `ai` holds its further AI facts (AiKnowledge's fields beyond role, amount, harm)."""
    return Op(name, ("ongoing",), params, words, label, AiKnowledge("ongoing", _amount, harm, **ai), None,
              applies, defaults or {}, refusal, hooks=hooks)


# The kernel's moments an ongoing op may hook, and what each hook returns (each is called as
# `hook(game, card instance, effect, *values)` for every such effect of a card in play):
HOOKS = {
    "hand_size_delta": "the change to the hand size (int)",
    "summon_cost": "given the card instance summoned: the change to its cost (int)",
    "power_given": "given the card instance whose effect gives power: the change (int)",
    "unspent_power_forgiven": "points of unspent power that deal no damage at the end of the turn",
    "end_of_turn": "given whether ending will sacrifice the hand: (damage, why) it deals, or None",
    "hour_advances": "(damage, why) the Hour's advance deals, or None",
    "summons_limited": "a refusal of every summon but interference now, or None",
    "summon_refused": "given the card definition: a refusal of its summon now, or None",
    "dagger_prevented": "True: † effects do not resolve",
    "sacrifice_hand_at_end": "True: the hand is sacrificed, not discarded, at the end of the turn",
    "move_zones": "given a move step and its zones: the zones its targets may come from",
}


def _refused(op: str, src, **values) -> tuple:
    """A refusal an ongoing op imposes: its words are the op's `refusal`, naming the card."""
    return ("ongoing", op, src.uid, values)


def _damage_unless_sacrificed(game: "Game", src, effect: dict, sacrifices_hand: bool = False):
    if game.sacrificed_this_turn or sacrifices_hand:
        return None
    return effect["amount"], later("{card}: nothing was sacrificed this turn", card=game.named(src.uid))


def _damage_unless_summoned(game: "Game", src, effect: dict, sacrifices_hand: bool = False):
    if game.summoned_any:
        return None
    return effect["amount"], later("{card}: nothing was summoned this turn", card=game.named(src.uid))


def _summons_limited(game: "Game", src, effect: dict):
    made = game.summons_this_turn
    return _refused("summon_limit", src, limit=effect["count"], made=made) if made >= effect["count"] else None


def _baphomet_refused(game: "Game", src, effect: dict, card) -> tuple | None:
    return _refused("baphomet_blocked", src) if any(s["op"] == "summon_baphomet" for s in card.special_cost) else None


def _modifier(game: "Game", src, effect: dict, inst) -> int:
    return effect["amount"] if game.matches(effect["filter"], inst, None) else 0


def _no_sacrifice_from_discard(game: "Game", src, effect: dict, step: dict, zones: list) -> list:
    return [z for z in zones if z != "discard"] if step["move"] == "sacrifice" else zones


def _move_unpayable(game: "Game", step: dict, uid: int) -> tuple | None:
    return None if game.has_move_targets(step, uid, step["count"]) else ("special_cost", uid, step)


def _baphomet_unpayable(game: "Game", step: dict, uid: int) -> tuple | None:
    keys = game.count_in("play", "key")
    return ("keys_missing", keys) if keys < 3 else None


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
       N_("Search the deck for a card"), AiKnowledge("search"), _search, choice_words=_search_choice,
       resume=_search_resume),
    Op("move", ("effect", "cost", "special_cost"), _MOVE_PARAMS, _move_words,
       N_("Sacrifice, scrap or discard cards"), AiKnowledge("move", _count), _move, defaults=_MOVE_DEFAULTS,
       moves_a_card=lambda s: not s["up_to"], choice_words=_move_choice, resume=_move_resume,
       unpayable=_move_unpayable),
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
       N_("The three Keys in play (BAPHOMET)"), AiKnowledge("baphomet"), _summon_baphomet,
       unpayable=_baphomet_unpayable),
    # ---------------------------------------------------------------- ongoing effects
    _ongoing("power_modifier", (_FILTER, Param(_AMOUNT, "int", N_("amount"), -5, 5)), _power_modifier_words,
             N_("Cards give more/less power"), "power_from", lambda e: 5.0,
             {"amount": -1, "filter": {"types": ["magical_power"]}}, hooks={"power_given": _modifier}),
    _ongoing("hand_size", (Param(_AMOUNT, "int", N_("amount"), -3, 3),),
             lambda e: _("your hand size is {n} {more}").format(n=abs(e["amount"]), more=_more_less(e["amount"])),
             N_("Hand size changes"), "hand_size", lambda e: 8.0 * max(0, -e["amount"]), {"amount": -1},
             hooks={"hand_size_delta": lambda game, src, e: e["amount"]},
             keep=lambda e: 9.0 if e["amount"] > 0 else 0.0),
    _ongoing("summon_limit", (Param("count", "int", N_("cards"), 0, 9),),
             lambda e: ngettext("you may summon at most {n} card a turn (Interference not counted)",
                                "you may summon at most {n} cards a turn (Interference not counted)",
                                e["count"]).format(n=e["count"]),
             N_("Limit summons per turn"), "legal_commands", _const(5.0), {"count": 3},
             lambda card, limit, made: ngettext(
                 "Only {limit} summon is allowed this turn while {card} is in play; you have made {made}.",
                 "Only {limit} summons are allowed this turn while {card} is in play; you have made {made}.",
                 limit).format(limit=limit, card=card, made=made),
             hooks={"summons_limited": _summons_limited}),
    _ongoing("cost_modifier", (_FILTER, Param(_AMOUNT, "int", N_("amount"), -5, 5)), _cost_modifier_words,
             N_("Cards cost more/less"), "summon_cost", _const(5.0),
             {"amount": 1, "filter": {"types": ["artifact"]}}, hooks={"summon_cost": _modifier},
             harm_ends_with_keys=lambda e: "key" in e["filter"].get("types", ())),
    _ongoing("prevent_dagger", (), lambda e: _("† effects do not resolve"), N_("† effects do not resolve"),
             "_t_dagger", _const(3.0), hooks={"dagger_prevented": lambda game, src, e: True}),
    _ongoing("hand_sacrificed_at_end", (),
             lambda e: _("at the end of your turn the cards you would discard from your hand are sacrificed "
                         "instead, Keys included"),
             N_("Hand is sacrificed at end of turn"), "_t_end_hand", _const(0.0),
             hooks={"sacrifice_hand_at_end": lambda game, src, e: True}, sacrifices_hand=True),
    _ongoing("end_turn_shield", (Param(_AMOUNT, "int", N_("amount"), 1, 5),), _shield_words,
             N_("Unspent power is forgiven"), "_t_end_power", _const(0.0),
             hooks={"unspent_power_forgiven": lambda game, src, e: e["amount"]}, keep=_const(5.0)),
    _ongoing("hour_damage", (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
             lambda e: _("take {n} damage each time the Hour advances").format(n=e["amount"]),
             N_("Damage when the Hour advances"), "_t_advance_hour", _const(12.0),
             hooks={"hour_advances": lambda game, src, e: (
                 e["amount"], later("{card}: the Hour advanced", card=game.named(src.uid)))}),
    _ongoing("end_turn_damage_unless_sacrificed", (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
             lambda e: _("at the end of your turn take {n} damage unless a card was sacrificed this turn").format(
                 n=e["amount"]),
             N_("Damage unless you sacrificed"), "_t_end_ongoing", _const(14.0),
             hooks={"end_of_turn": _damage_unless_sacrificed}),
    _ongoing("end_turn_damage_unless_summoned", (Param(_AMOUNT, "int", N_("amount"), 1, 3),),
             lambda e: _("at the end of a turn in which you summoned no card, take {n} damage").format(
                 n=e["amount"]),
             N_("Damage unless you summoned"), "_t_end_ongoing", _const(8.0),
             hooks={"end_of_turn": _damage_unless_summoned}),
    _ongoing("no_sacrifice_from_discard", (), lambda e: _("no card can be sacrificed from the discard pile"),
             N_("No sacrifice from the discard pile"), "move_targets", _const(10.0),
             hooks={"move_zones": _no_sacrifice_from_discard}),
    _ongoing("baphomet_blocked", (), lambda e: _("BAPHOMET cannot be summoned"),
             N_("BAPHOMET cannot be summoned"), "legal_commands", _const(30.0),
             refusal=lambda card: _("BAPHOMET cannot be summoned while {card} is in play.").format(card=card),
             hooks={"summon_refused": _baphomet_refused}, blocks_baphomet=True),
)}


def ops_for(slot: str) -> dict[str, Op]:
    """The ops a slot may use, in registry order."""
    return {name: op for name, op in OPS.items() if slot in op.slots}


# ----------------------------------------------------------------------------- words by language

# per language, the ops whose words need more grammar than a catalogue gives (engine.words)
_TWINS: dict[str, dict[str, Callable[[dict], str]]] = {"de": dict(words_de.WORDS)}


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

