"""The game state and the only code that changes it.

Every command runs as a stack of small tasks (card effects, costs, the end of the turn, the Hour
advancing). A task that needs the player poses a `Decision` and the stack waits; `Choose`
resumes it. Tasks are JSON dicts, so a game saves and restores exactly, even mid-decision.
"""

from __future__ import annotations

import copy
import random
from functools import partial
from typing import Callable, Iterable, Iterator

from aleph_null_desktop.engine.cards import ROMAN, ActionDef, CardDef, CardSet, cardset_with, circles, hour_pages
from aleph_null_desktop.engine.deal_rng import DEFAULT_GENERATOR, make_generator
from aleph_null_desktop.engine.commands import (
    ACTIVATIONS, CHOICES, END_TURN, SUMMONS, TAKE_TOKEN, Activate, Choose, Command, EndTurn, Summon, TakeToken,
    choice_of, command_from_dict, command_to_dict,
)
from aleph_null_desktop.engine.events import Event, new_event as _event  # _event((kind, data))
from aleph_null_desktop.engine.model import (
    ZONES, CardInstance, Decision, IllegalCommand, Outcome, rank_for,
)
from aleph_null_desktop.engine.observation import Observation, determinized, observe, public_key, setup_pool
from aleph_null_desktop.engine.preview import (
    LOSING_PARTS, EndTurnPreview, PreviewPart, hour_damage_part, hour_tokens_part, interference_part,
    key_sacrificed_part, last_hour_part,
    unspent_power_part,
)
from aleph_null_desktop.engine.hooks import NO_HOOKS, HookTable, hook_table
from aleph_null_desktop.engine.ops import OPS
from aleph_null_desktop.engine.shuffle import shuffle, skip_shuffle
from aleph_null_desktop.engine.words.text import UNDO_REFUSALS, refusal_text, refusal_words, steps_text
from aleph_null_desktop.i18n import Deferred, _, later, ngettext, nlater

FIRST_HOUR = 1
LAST_HOUR = 6
MAX_DAMAGE = 3
BASE_HAND_SIZE = 5
MIN_HAND_SIZE = 1
STATE_VERSION = 1


class Game:
    """One ritual. Read its state freely; change it only through `apply` (and `undo`)."""

    __slots__ = ("cards", "circle", "seed", "options", "_rng", "hour", "last_hour", "damage", "power", "tokens",
                 "turn", "_zones", "_loc", "_inst", "_defs", "_on", "_legal", "_legal_at", "_summons_this_turn",
                 "_used_once", "_summoned_any", "_sacrificed_this_turn", "_baphomet_summoning",
                 "_deferred_daggers", "_stack", "pending", "outcome", "_events", "_revealed", "history",
                 "_checkpoint", "_undo_stop", "_since", "_card_events", "_offers", "_tasks", "__weakref__")

    def __init__(self, cards: CardSet, circle: str = "adept", seed: int = 0, options: dict | None = None):
        if circle not in circles():
            raise ValueError(_("unknown Circle {circle!r}; known: {known}").format(
                circle=circle, known=", ".join(circles())))
        self.cards = cards
        self.circle = circle
        self.seed = seed
        self.options = dict(options or {})
        self._rng = make_generator(self.options.get("generator", DEFAULT_GENERATOR), seed)
        self.hour = FIRST_HOUR
        self.last_hour = LAST_HOUR
        self.damage = 0
        self.power = 0
        self.tokens = 0
        self.turn = 0
        self._zones: dict[str, list[CardInstance]] = {z: [] for z in ZONES}
        self._loc: dict[int, str] = {}
        self._inst: dict[int, CardInstance] = {}
        self._defs: dict[int, CardDef] = {}  # uid -> its card's definition
        self._on: HookTable = NO_HOOKS  # the ongoing effects in play, by moment (engine.hooks)
        self._legal: list[Command] | None = None  # what legal_commands last returned, until a change
        self._legal_at: tuple = ()
        self._summons_this_turn = 0
        self._used_once: frozenset[tuple[int, str]] = frozenset()  # once-a-turn actions used this turn
        self._summoned_any = False
        self._sacrificed_this_turn = False
        self._baphomet_summoning = False
        self._deferred_daggers: list[int] = []
        self._stack: list[dict] = []
        self.pending: Decision | None = None
        self.outcome: Outcome | None = None
        self._events: list[Event] = []
        self._revealed: str | None = None  # what the command being performed revealed: draw, shuffle, search
        self._undo_stop = "start"  # what revealed cards last (undo goes back no further), or "start"
        self.history: list[Command] = []
        self._checkpoint: tuple | None = None  # `_snapshot()` at the last reveal: where undo goes back to
        self._since: list[Command] = []
        self._card_events = cards.card_events
        self._offers = cards.card_offers
        self._tasks = cards.card_tasks

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_scenario(cls, scenario: dict, cards: CardSet | None = None) -> "Game":
        """Any position, in the main phase of a turn, nothing drawn. Zones are lists of card ids."""
        cards = cards or cardset_with()
        g = cls(cards, scenario.get("circle", "adept"), scenario.get("seed", 0))
        for key in ("hour", "last_hour", "damage", "power", "tokens"):
            if key in scenario:
                setattr(g, key, int(scenario[key]))
        uid = 0
        for zone in ("deck", "hand", "play", "discard", "sacrificed", "set_aside"):
            for card_id in scenario.get(zone, []):
                if card_id not in cards:
                    raise ValueError(f"unknown card id {card_id!r} in {zone}")
                uid += 1
                g._add(CardInstance(uid, card_id), zone)
        g.turn = int(scenario.get("turn", 1))
        g.options["scenario"] = copy.deepcopy(scenario)  # how it was set up, for `to_dict`
        g._checkpoint = g._snapshot()
        return g

    def _add(self, inst: CardInstance, zone: str) -> None:
        self._zones[zone].append(inst)
        self._loc[inst.uid] = zone
        self._inst[inst.uid] = inst
        self._defs[inst.uid] = self.cards[inst.card_id]
        if zone == "play":
            self._on = hook_table(self._zones["play"], self._defs)
        self._legal = None

    def _setup(self) -> None:
        """R3: set aside the Circle's interference (from `options`' pools), shuffle the deck, Hour
        I, first turn."""
        deal = _deal_prototype(self.cards, self.circle, self.options)
        rng = self._rng
        main = list(deal.main)
        self._inst, self._defs, self._loc = dict(deal.insts), dict(deal.defs), dict(deal.locs)
        uid = len(main)
        set_aside = []
        for pool, wanted in deal.pools:  # R3.1, lowest level first
            if not wanted:
                skip_shuffle(rng, len(pool))  # the generator moves on as the printed deal's shuffle
                continue
            pool = list(pool)
            shuffle(rng, pool)
            for card_id in pool[:wanted]:
                uid += 1
                set_aside.append(deal.instance(uid, card_id))
        shuffle(rng, main)  # R3.2
        self._zones["deck"], self._zones["set_aside"] = main, set_aside
        cards = self.cards
        for inst in set_aside:
            self._loc[inst.uid] = "set_aside"
            self._inst[inst.uid] = inst
            self._defs[inst.uid] = cards[inst.card_id]
        self.push({"op": "start_turn"})
        self._run()
        self._checkpoint = self._snapshot()
        self._undo_stop = "draw"  # the first hand

    # ------------------------------------------------------------------ reading

    def zone(self, name: str) -> list[CardInstance]:
        return list(self._zones[name])

    def card(self, uid: int) -> CardInstance:
        return self._inst[uid]

    def zone_of(self, uid: int) -> str:
        return self._loc[uid]

    def cdef(self, uid: int) -> CardDef:
        return self._defs[uid]

    def name_of(self, uid: int | None) -> str:
        return self._defs[uid].name if uid is not None else _("the Grimoire")

    @property
    def hand_size(self) -> int:
        """R4.1; never below 1, so every turn draws and every ritual ends."""
        hooks = self._on.hand_size_delta
        if not hooks:
            return BASE_HAND_SIZE
        return max(MIN_HAND_SIZE, BASE_HAND_SIZE + sum(hook(self, src, e) for src, e, hook in hooks))

    @property
    def can_undo(self) -> bool:
        return bool(self._since)

    @property
    def undo_stop(self) -> str | None:
        """None while undo can step back; else what it cannot step back over: "draw", "shuffle",
        "search" (cards were revealed by it, and nothing was done since), "start", or "revealed"
        (a game saved before this was kept)."""
        return None if self._since else self._undo_stop

    def explain_undo(self) -> str | None:
        """Why there is nothing to undo, in words; None when there is."""
        return None if self._since else refusal_text(UNDO_REFUSALS.get(self._undo_stop, "nothing_to_undo"))

    @property
    def summons_this_turn(self) -> int:
        """Cards summoned this turn that count against a summon limit (not interference)."""
        return self._summons_this_turn

    @property
    def summoned_any(self) -> bool:
        """Whether any card (interference too) was summoned this turn."""
        return self._summoned_any

    @property
    def sacrificed_this_turn(self) -> bool:
        return self._sacrificed_this_turn

    def zone_size(self, name: str) -> int:
        return len(self._zones[name])

    def count_in(self, zone: str, card_type: str) -> int:
        """How many cards of a type the zone holds."""
        defs = self._defs
        return sum(1 for inst in self._zones[zone] if defs[inst.uid].type == card_type)

    def observe(self) -> Observation:
        """What the player may see now: see `engine.observation`."""
        return observe(self)

    def public_key(self) -> tuple:
        """A hashable summary of what the player sees; equal for positions they cannot tell apart
        (identical copies of a card are equal; the deck is taken as a multiset)."""
        return public_key(self)

    def determinized(self, rng: random.Random, top: str | None = None) -> "Game":
        """A clone whose hidden parts (deck order, set-aside identities, future shuffles) are
        re-dealt from `rng`, consistently with what the player knows. Never peeks. `top`: a card
        id of the deck to deal on top of it."""
        return determinized(self, rng, top)

    def _hooked(self, hooks: tuple, *values) -> bool:
        """True if any of these hooks (a moment of `self._on`) says so."""
        return any(hook(self, src, e, *values) for src, e, hook in hooks) if hooks else False

    def matches(self, f: dict, inst: CardInstance, src: int | None) -> bool:
        if not f:
            return True
        card = self._defs[inst.uid]
        if "types" in f and card.type not in f["types"]:
            return False
        if "ids" in f and card.id not in f["ids"]:
            return False
        if f.get("other") and inst.uid == src:
            return False
        return True

    def interference_in_hand(self) -> list[CardInstance]:
        return [i for i in self._zones["hand"] if self._defs[i.uid].is_interference]

    def summon_cost(self, uid: int) -> int:
        """What summoning this card costs in power now (R6.2), cost modifiers included."""
        base = self._defs[uid].base_cost
        modifiers = self._on.summon_cost
        if not modifiers:
            return base
        inst = self._inst[uid]
        return max(0, base + sum(hook(self, src, e, inst) for src, e, hook in modifiers))

    def move_targets(self, step: dict, src: int | None, exclude: Iterable[int] = ()) -> list[CardInstance]:
        """Legal targets of a 'sacrifice/scrap/discard a chosen card' step (R7.7). A scrap or discard
        never takes a card from the discard pile, where it would stay (R7.7 ruling of this
        edition): every move moves a card on, so no turn can go on for ever."""
        return list(self._targets(step, src, exclude))

    def has_move_targets(self, step: dict, src: int | None, count: int) -> bool:
        """True if the step has at least `count` legal targets (`move_targets`, counted no further)."""
        if count <= 0:
            return True
        defs = self._defs
        f = step["filter"]
        if f:
            types, ids = f.get("types"), f.get("ids")
            other = src if f.get("other") else _NO_UID
        for zone in self._target_zones(step):
            for inst in self._zones[zone]:
                card = defs[inst.uid]
                if card.type == "demon" or f and (
                        inst.uid == other or types is not None and card.type not in types
                        or ids is not None and card.id not in ids):
                    continue
                count -= 1
                if not count:
                    return True
        return False

    def _target_zones(self, step: dict) -> list[str]:
        """The zones a move step's targets may come from now."""
        zones = step["from"]
        if "discard" in zones and step["move"] != "sacrifice":
            zones = [z for z in zones if z != "discard"]
        for src_inst, e, hook in self._on.move_zones:
            zones = hook(self, src_inst, e, step, zones)
        return zones

    def _targets(self, step: dict, src: int | None, exclude: Iterable[int]) -> Iterator[CardInstance]:
        zones = self._target_zones(step)
        defs, where = self._defs, self._zones
        f = step["filter"]  # what `matches` asks, asked here without a call per card
        types, ids = f.get("types"), f.get("ids")
        if f.get("other"):
            exclude = (*exclude, src)
        return (inst for z in zones for inst in where[z]
                if inst.uid not in exclude and (card := defs[inst.uid]).type != "demon"
                and (types is None or card.type in types) and (ids is None or card.id in ids))

    def power_from(self, src: int | None, amount: int) -> int:
        """Power an effect of `src` really gives, after modifiers such as Ill Omen."""
        modifiers = self._on.power_given
        if src is None or not modifiers or src not in self._inst:
            return amount
        inst = self._inst[src]
        return max(0, amount + sum(hook(self, by, e, inst) for by, e, hook in modifiers))

    def end_turn_preview(self) -> EndTurnPreview:
        """Damage that ending the turn now is sure to cost, from public information only: unspent
        power less shields, end-of-turn interference and, when the next draw will certainly empty
        the deck, the Hour's advance (tokens, The Long Night, passing the last Hour). An int with a
        breakdown: see `engine.preview`."""
        parts: list[PreviewPart] = []
        if self._hooked(self._on.sacrifice_hand_at_end):  # R4.4 with R10.2: a Key in hand is sacrificed
            parts.extend(key_sacrificed_part(self.name_of(i.uid)) for i in self._zones["hand"]
                         if self._defs[i.uid].type == "key")
        shield = self._shield()
        if self.power > shield:
            parts.append(unspent_power_part(self.power - shield))
        sacrifices_hand = self._hand_sacrificed_at_end()
        for inst, e, hook in self._on.end_of_turn:
            damage = hook(self, inst, e, sacrifices_hand)
            if damage is not None:
                parts.append(interference_part(damage[0], self.name_of(inst.uid)))
        advances = self._next_draw_advances_hour()
        if advances:
            if self.hour >= self.last_hour:  # R5.3
                parts.append(last_hour_part())
            else:
                if self.tokens:  # R5.2a
                    parts.append(hour_tokens_part(self.tokens))
                for inst, e, hook in self._on.hour_advances:
                    damage = hook(self, inst, e)
                    if damage is not None:
                        parts.append(hour_damage_part(damage[0], self.name_of(inst.uid)))
        total = sum(p.amount for p in parts)
        loses = self.damage + total >= MAX_DAMAGE or any(p.kind in LOSING_PARTS for p in parts)
        return EndTurnPreview(tuple(parts), hour_advances=advances, loses=loses)

    def _next_draw_advances_hour(self) -> bool:
        """True when the next turn's draw will certainly find the deck too short (R5.1). Not
        certain (False) while a † effect might resolve at the end of the turn."""
        if self._end_of_turn_daggers_possible():
            return False
        return len(self._zones["deck"]) < self.hand_size  # the hand is empty after the turn ends

    def _end_of_turn_daggers_possible(self) -> bool:
        if not self._hooked(self._on.sacrifice_hand_at_end) or self._hooked(self._on.dagger_prevented):
            return False
        return any(self.cards[i.card_id].dagger and self.cards[i.card_id].type != "demon"
                   for i in self._zones["hand"])

    @property
    def every_turn_costs_an_hour(self) -> bool:
        """R5.5: fewer cards than the hand size remain to be drawn (deck, discard pile, and the
        hand cards that ending the turn discards), so every turn's draw advances the Hour."""
        if self._hooked(self._on.sacrifice_hand_at_end):
            kept = sum(1 for i in self._zones["hand"] if self.cards[i.card_id].type == "demon")
        else:
            kept = len(self._zones["hand"])
        return len(self._zones["deck"]) + len(self._zones["discard"]) + kept < self.hand_size

    def _hand_sacrificed_at_end(self) -> bool:
        return self._hooked(self._on.sacrifice_hand_at_end) and any(
            self.cards[i.card_id].type != "demon" for i in self._zones["hand"])

    # ------------------------------------------------------------------ legality
    # A refusal is a small tuple (code, values...) worked out without words; `explain` turns it
    # into words (engine.words.text) only when asked. legal_commands and explain share this one path.

    def _first_waiting(self) -> int | None:
        """The uid of the first interference card in the hand (R4.3), None if there is none."""
        defs = self._defs
        for inst in self._zones["hand"]:
            if defs[inst.uid].type == "interference":
                return inst.uid
        return None

    def legal_commands(self) -> list[Command]:
        """Every command legal now. Worked out once per state: until the state changes the same
        command objects are returned, and `apply` takes one of them without a second check."""
        return list(self._offered())

    def offered(self, cmd: Command) -> Command | None:
        """The command object legal_commands offers equal to `cmd` (give it to `apply`: no second
        check), None if `cmd` is not legal now (`explain` says why)."""
        for legal in self._offered():
            if legal == cmd:
                return legal
        return None

    def _offered(self) -> list[Command]:
        """What legal_commands returns, not copied: worked out again only after a change."""
        legal = self._legal
        if legal is None or self._legal_at != (self.power, self.tokens, self.damage):
            legal = self._legal = self._legal_now()
            self._legal_at = (self.power, self.tokens, self.damage)  # public fields a caller might set
        return legal

    def _legal_now(self) -> list[Command]:
        if self.outcome is not None:
            cmds: list[Command] = []
        elif self.pending is not None:
            n = len(self.pending.uids)
            cmds = list(CHOICES[:n]) if n <= len(CHOICES) else [choice_of(i) for i in range(n)]
        else:
            cmds = []
            defs, power, offers = self._defs, self.power, self._offers
            waiting = None  # R4.3: the first interference card in the hand
            limited = self._limit_refusal() if self._on.summons_limited else None
            modified = bool(self._on.summon_cost)
            for inst in self._zones["hand"]:
                card, summon, _activations = offers.get(inst) or self._card_offers(inst)
                cost = card.plain_cost
                if cost is not None and not modified:
                    if cost <= power and limited is None:
                        cmds.append(summon)
                elif card.is_interference:
                    if waiting is None:
                        waiting = inst.uid
                    cmds.append(summon)
                elif limited is None and self._summonable(inst.uid, card):
                    cmds.append(summon)
            if waiting is not None:  # only interference may be summoned
                cmds = [cmd for cmd in cmds if defs[cmd.uid].is_interference]
            used = self._used_once
            for inst in self._zones["play"]:  # _action_refusal, asked without a call per action
                for action, activate in (offers.get(inst) or self._card_offers(inst))[2]:
                    if (action.pay > power or waiting is not None and not action.gains_power
                            or action.once_a_turn and (inst.uid, action.id) in used):
                        continue
                    if action.target_counts and not self._has_all_targets(action.target_counts, inst.uid):
                        continue
                    cmds.append(activate)
            if self.tokens:
                cmds.append(TAKE_TOKEN)
            if waiting is None:
                cmds.append(END_TURN)
        return cmds

    def _card_offers(self, inst: CardInstance) -> tuple:
        """(definition, its Summon, ((action, its Activate), …)) of a card: made once per card set."""
        uid, card = inst.uid, self._defs[inst.uid]
        offer = self._offers[inst] = (card, SUMMONS[uid], tuple((a, ACTIVATIONS[uid, a.id]) for a in card.actions))
        return offer

    def _has_all_targets(self, target_counts: tuple, src: int) -> bool:
        for step, count in target_counts:
            if not self.has_move_targets(step, src, count):
                return False
        return True

    def explain(self, cmd: Command) -> str | None:
        """None if the command is legal now, otherwise why not, in words."""
        refusal = self._refusal(cmd)
        return None if refusal is None else refusal_words(self, refusal)

    def _refusal(self, cmd: Command) -> tuple | None:
        if self.outcome is not None:
            return ("over",)
        if isinstance(cmd, Choose):
            if self.pending is None:
                return ("nothing_to_choose",)
            if not 0 <= cmd.index < len(self.pending.uids):
                return ("no_option", cmd.index + 1, len(self.pending.uids))
            return None
        if self.pending is not None:
            return ("choose_first",)
        if isinstance(cmd, TakeToken):
            return None if self.tokens else ("no_token",)
        if isinstance(cmd, EndTurn):
            waiting = self._first_waiting()
            return None if waiting is None else ("interference_first", waiting)
        if isinstance(cmd, Summon):
            return self._summon_refusal(cmd.uid, self._first_waiting(), self._limit_refusal())
        if isinstance(cmd, Activate):
            return self._activate_refusal(cmd.uid, cmd.action, self._first_waiting())
        return ("unknown", cmd)

    def _limit_refusal(self) -> tuple | None:
        """The refusal of any summon but interference once the turn's summon limit is reached."""
        for src, e, hook in self._on.summons_limited:
            refusal = hook(self, src, e)
            if refusal is not None:
                return refusal
        return None

    def _summon_refusal(self, uid: int, waiting: int | None, limited: tuple | None) -> tuple | None:
        """`waiting`: `_first_waiting()`; `limited`: `_limit_refusal()` (the same for every card)."""
        loc = self._loc.get(uid)
        if loc is None:
            return ("no_card", uid)
        if loc != "hand":
            return ("not_in_hand", uid)
        return self._hand_card_refusal(uid, self._defs[uid], waiting, limited)

    def _hand_card_refusal(self, uid: int, card: CardDef, waiting: int | None,
                           limited: tuple | None) -> tuple | None:
        if card.is_interference:
            return None  # R6.3: always allowed
        if waiting is not None:
            return ("interference_first", waiting)
        if limited is not None:
            return limited
        for src, e, hook in self._on.summon_refused:
            refusal = hook(self, src, e, card)
            if refusal is not None:
                return refusal
        for step, unpayable in card.special_checks:
            refusal = unpayable(self, step, uid)
            if refusal is not None:
                return refusal
        cost = self.summon_cost(uid)
        return None if self.power >= cost else ("short", uid, None, cost)

    def _summonable(self, uid: int, card: CardDef) -> bool:
        """`_hand_card_refusal(uid, card, None, None) is None` for a card that is not interference,
        the cheapest check first."""
        if (self.summon_cost(uid) if self._on.summon_cost else card.base_cost) > self.power:
            return False
        for src, e, hook in self._on.summon_refused:
            if hook(self, src, e, card) is not None:
                return False
        for step, unpayable in card.special_checks:
            if unpayable(self, step, uid) is not None:
                return False
        return True

    def _activate_refusal(self, uid: int, action_id: str, waiting: int | None) -> tuple | None:
        loc = self._loc.get(uid)
        if loc is None:
            return ("no_card", uid)
        if loc != "play":
            return ("not_in_play", uid)
        action = self._defs[uid].action(action_id)
        if action is None:
            return ("no_action", uid, action_id)
        return self._action_refusal(uid, action, waiting)

    def _action_refusal(self, uid: int, action: ActionDef, waiting: int | None) -> tuple | None:
        action_id = action.id
        if waiting is not None and not action.gains_power:
            return ("interference_first_action", waiting)
        if action.once_a_turn and (uid, action_id) in self._used_once:
            return ("once_a_turn", uid, action_id)
        if action.pay > self.power:
            return ("short", uid, action_id, action.pay)
        for step in action.cost_moves:
            if not self.has_move_targets(step, uid, step["count"]):
                return ("cost_target", uid, action_id, step)
        for step in action.effect_moves:
            if not step["up_to"] and not self.has_move_targets(step, uid, 1):
                return ("no_target", uid, action_id, step)
        return None

    # ------------------------------------------------------------------ applying

    def apply(self, cmd: Command) -> list[Event]:
        """Carries out a legal command and returns what happened; IllegalCommand and no change if
        it is not legal."""
        legal = self._legal  # what legal_commands returned for this very state, if it was asked
        if legal is None or self._legal_at != (self.power, self.tokens, self.damage):
            legal = _NOTHING
        for offered in legal:
            if offered is cmd:
                break
        else:
            refusal = self._refusal(cmd)
            if refusal is not None:
                raise IllegalCommand(refusal_words(self, refusal))
        events = self._perform(cmd)
        self.history.append(cmd)
        if self._revealed:
            self._checkpoint = self._snapshot()
            self._since = []
            self._undo_stop = self._revealed
        else:
            self._since.append(cmd)
        return events

    def apply_unless_lost(self, cmd: Command) -> list[Event] | Outcome:
        """`apply`, unless the command would end the ritual in a loss (R7.8): then nothing changes
        and the Outcome it would bring is returned. Carried out once either way: on a copy, which
        the game then becomes."""
        trial = self.clone()
        events = trial.apply(cmd)
        if trial.outcome is not None and not trial.outcome.won:
            return trial.outcome
        for name in Game.__slots__[:-1]:  # every field but __weakref__
            setattr(self, name, getattr(trial, name))
        return events

    def _perform(self, cmd: Command) -> list[Event]:
        self._legal = None
        self._events = []
        self._revealed = None
        kind = type(cmd)
        if kind is Summon:
            self._summon(cmd.uid)
        elif kind is Activate:
            uid = cmd.uid
            card = self._defs[uid]
            made = self._card_events.get(("activated", uid, card.id, cmd.action))
            if made is None:
                made = self._activation(uid, card, cmd.action)
            once, event, tasks = made
            if once:
                self._used_once = self._used_once | {(uid, cmd.action)}
            self._events.append(event)
            self._stack.extend(tasks)
        elif kind is Choose:
            decision, self.pending = self.pending, None
            _RESUMES[decision.task["op"]](self, decision.task, decision.uids[cmd.index])
        elif kind is EndTurn:  # R4.4
            self._stack.extend(_END_OF_TURN)
        elif kind is TakeToken:  # R8.3
            self.tokens -= 1
            self._events.append(_counted("token", -1, self.tokens))
            self.gain_power(1, None)
        self._run()
        return self._events

    def _activation(self, uid: int, card: CardDef, action_id: str) -> tuple:
        """(once a turn?, the "activated" event, the tasks pushed: the cost's, then the effect's, each
        first step on top) of using a card's action: made once per card set."""
        action = card.action(action_id)
        event = _event(("activated", {"uid": uid, "card_id": card.id, "name": card.said, "action": action_id}))
        tasks = tuple({**step, "src": uid} for step in (*reversed(action.effect), *reversed(action.cost)))
        made = self._card_events["activated", uid, card.id, action_id] = (action.once_a_turn, event, tasks)
        return made

    def undo(self) -> None:
        """Steps back over the last command, only while nothing hidden has been revealed since."""
        if not self._since:
            raise IllegalCommand(self.explain_undo())
        replay, history = self._since[:-1], self.history[:-1]
        self._restore(self._checkpoint)
        for cmd in replay:
            self._perform(cmd)
        self._since, self.history = replay, history
        self._events = []

    # ------------------------------------------------------------------ the task stack

    def push(self, task: dict) -> None:
        self._stack.append(task)

    def push_steps(self, steps: Iterable[dict], src: int | None, **extra) -> None:
        """Pushes effects so that the first resolves first. The tasks of a card's own steps (a
        tuple of its definition) are made once per card set: tasks are never changed in place."""
        if not steps:
            return
        if extra or type(steps) is not tuple:
            self._stack.extend([{**step, "src": src, **extra} for step in reversed(steps)])
            return
        made = self._tasks.get((id(steps), src))
        if made is None or made[0] is not steps:  # the steps are kept, so their id stays theirs
            made = self._tasks[id(steps), src] = (steps, tuple({**step, "src": src} for step in reversed(steps)))
        self._stack.extend(made[1])

    def _run(self) -> None:
        stack, handlers = self._stack, _HANDLERS
        while stack and self.pending is None and self.outcome is None:
            task = stack.pop()
            handlers[task["op"]](self, task)
        if self.outcome is not None:
            self._stack.clear()
            self.pending = None

    def pose(self, kind: str, uids: list, task: dict) -> None:
        """Waits for the player to choose one of `uids` (None: "none"); the words are the posing
        op's, worked out when first read from the game as it is now (`_AsPosed`)."""
        loc = self._loc
        posed = _AsPosed(self._defs, {u: loc[u] for u in uids if u is not None}, self.hour)
        self.pending = decision = Decision(kind, uids, task, partial(_CHOICE_WORDS[task["op"]], posed, task, uids))
        self._events.append(_event(("decision", {"kind": kind, "prompt": Deferred(decision.said_text)})))

    # ------------------------------------------------------------------ the effect API
    # What an op's handler may do to a game (engine.ops uses nothing else): move and sacrifice
    # cards, draw, look through the deck, shuffle it, gain and spend power, take and remove
    # damage, push tasks, pose a choice, emit an event, judge.

    def where(self, uid: int | None) -> str | None:
        """The zone of a card, None if there is no such card."""
        return self._loc.get(uid)

    def emit(self, kind: str, data: dict) -> None:
        self._events.append(_event((kind, data)))

    def draw_cards(self, count: int) -> int:
        """Moves up to `count` cards from the top of the deck into the hand; returns how many."""
        deck = self._zones["deck"]
        drawn = deck[:count]
        del deck[:len(drawn)]
        self._move_plain(drawn, "deck", "hand", "draw")
        return len(drawn)

    def look_through_deck(self) -> list[CardInstance]:
        """The deck, top first, seen by the player (a search): undo stops here."""
        self._revealed = "search"
        return list(self._zones["deck"])

    def remove_damage(self, amount: int) -> None:
        removed = min(amount, self.damage)
        if removed:
            self.damage -= removed  # R9.3
            self.emit("damage", {"delta": -removed, "total": self.damage, "why": later("healed")})

    def allow_key_sacrifice(self) -> None:
        """BAPHOMET's summoning: from now on a sacrificed Key loses nothing (R10.2)."""
        self._baphomet_summoning = True


    def _emit(self, kind: str, uid: int) -> None:
        card = self._defs[uid]
        key = (kind, uid, card.id)
        event = self._card_events.get(key)
        if event is None:
            event = self._card_events[key] = _event((kind, {"uid": uid, "card_id": card.id, "name": card.said}))
        self._events.append(event)

    def _moved(self, inst: CardInstance, src: str, to: str, why: str) -> Event:
        """The event of a card's move (made once per card set: events are never changed)."""
        key = (inst, src, to, why)
        event = self._card_events.get(key)
        if event is None:
            event = self._card_events[key] = _event(("moved", {
                "uid": inst.uid, "card_id": inst.card_id, "name": self._defs[inst.uid].said,
                "from": src, "to": to, "why": why}))
        return event

    def move(self, uid: int, to: str, why: str) -> str:
        """R2.4: the card reaches its new zone at once. Returns where it really went."""
        card = self._defs[uid]
        if to == "sacrificed" and card.type == "demon":
            to = "discard"  # BAPHOMET cannot be sacrificed; he is discarded instead
        src = self._loc[uid]
        inst = self._inst[uid]
        self._zones[src].remove(inst)
        self._zones[to].append(inst)
        self._loc[uid] = to
        if card.ongoing and (src == "play" or to == "play"):
            self._on = hook_table(self._zones["play"], self._defs)
        event = self._card_events.get((inst, src, to, why))
        self._events.append(event if event is not None else self._moved(inst, src, to, why))
        if why == "draw":
            self._revealed = "draw"
        if to == "sacrificed":
            self._sacrificed_this_turn = True
            if card.type == "key" and not self._baphomet_summoning and self.outcome is None:  # R10.2
                self._lose("key_sacrificed", later("You sacrificed {card}, a Key, for something other than "
                                                   "summoning BAPHOMET. You face his wrath.", card=self.named(uid)))
        return to

    def _move_plain(self, insts: list[CardInstance], src: str, to: str, why: str) -> None:
        """Moves cards between the deck, hand and discard pile, in order, where nothing triggers:
        `_move` without its checks (a draw, the end of the turn's discard)."""
        loc, memo, events = self._loc, self._card_events, self._events
        self._zones[to].extend(insts)
        for inst in insts:
            loc[inst.uid] = to
            event = memo.get((inst, src, to, why))
            events.append(event if event is not None else self._moved(inst, src, to, why))
        if why == "draw":
            self._revealed = "draw"

    def sacrifice(self, uids: list[int], *, defer: bool = False) -> None:
        """R2.3 and R7.4: the cards are sacrificed together; then their † effects resolve."""
        daggers = [u for u in uids if self.move(u, "sacrificed", "sacrifice") == "sacrificed"
                   and self.cdef(u).dagger]
        if self.outcome is not None or not daggers:
            return
        if defer:
            self._deferred_daggers.extend(daggers)
        else:
            self.push({"op": "dagger_group", "uids": daggers})

    def gain_power(self, amount: int, src: int | None) -> None:
        if amount:
            self.power += amount
            self._events.append(_counted("power", amount, self.power))

    def named(self, uid: int) -> Deferred:
        """A card's name said in the language of the moment (for texts kept in events and choices)."""
        return self._defs[uid].said

    def source_words(self, src: int | None) -> Deferred:
        """Who asks, said when shown: the card, else the Grimoire's page whose rule is applied."""
        return _source_words(self._defs, self.hour, src)

    def take_damage(self, amount: int, why) -> None:
        if amount <= 0 or self.outcome is not None:
            return
        taken = min(amount, MAX_DAMAGE - self.damage)
        self.damage += taken
        self._events.append(_event(("damage", {"delta": taken, "total": self.damage, "why": why})))
        if self.damage >= MAX_DAMAGE:  # R9.2
            self._lose("damage", later("You took the third damage token ({why}) and die a horrible death.",
                                       why=why))

    def shuffle_deck(self) -> None:
        shuffle(self._rng, self._zones["deck"])
        self._revealed = "shuffle"
        self._events.append(_event(("shuffled", {"count": len(self._zones["deck"]),
                                               "uids": [i.uid for i in self._zones["deck"]]})))

    def _lose(self, reason: str, message) -> None:
        """`message`: an i18n Message, kept in the event (said in the language of the moment) and
        said now for the outcome."""
        self.outcome = Outcome(False, reason, message, hour=self.hour)
        self._events.append(_event(("game_over", {"won": False, "reason": reason, "score": None,
                                                "rank": None, "message": message})))

    def _summon(self, uid: int) -> None:
        card = self._defs[uid]
        cost = self.summon_cost(uid) if self._on.summon_cost else card.base_cost
        self.move(uid, "play", "summon")  # R6.2 ruling: enters play first, then the cost
        self._emit("summoned", uid)
        self._summoned_any = True
        self.push_steps(card.on_summon, uid)
        if card.is_interference:  # R6.3 ruling: what power there is, then damage for the rest
            paid = min(self.power, cost)
            if paid:
                self.spend(paid)
            if cost > paid:
                self.push({"op": "take_damage", "amount": cost - paid, "src": uid,
                            "why": _("the cost of {card} could not be paid in full").format(card=card.name)})
            return
        self._summons_this_turn += 1
        if card.special_cost:
            steps = [s for s in card.special_cost if OPS[s["op"]].ai.role != "pay"]  # paid as it costs now
            if cost:
                steps.append({"op": "spend", "amount": cost})
            self.push_steps(steps, uid)
        elif cost:
            self.spend(cost)

    def spend(self, amount: int) -> None:
        self.power -= amount
        self._events.append(_counted("power", -amount, self.power))

    # ------------------------------------------------------------------ task handlers

    def _t_dagger_group(self, t: dict) -> None:
        """R7.4: the player orders † effects that trigger together."""
        uids = t["uids"]
        if len(uids) == 1:
            self.push({"op": "dagger", "uid": uids[0]})
        elif uids:
            self.pose("order", list(uids), t)

    def _dagger_group_resume(self, t: dict, uid: int | None) -> None:
        self.push({"op": "dagger_group", "uids": [u for u in t["uids"] if u != uid]})
        self.push({"op": "dagger", "uid": uid})

    def _t_dagger(self, t: dict) -> None:
        uid = t["uid"]
        if self._hooked(self._on.dagger_prevented):  # checked as it would resolve
            self._emit("dagger_prevented", uid)
            return
        self._emit("dagger", uid)
        self.push_steps(self.cdef(uid).dagger, uid)

    def _t_advance_hour(self, t: dict) -> None:
        """R5.2 (a)-(b); the rest follows in hour_rest."""
        if self.hour >= self.last_hour:  # R5.3
            self._lose("time", later("The Hour advanced past Hour {roman} before BAPHOMET was summoned. "
                                     "You have run out of time.", roman=ROMAN[self.last_hour]))
            return
        new_hour = self.hour + 1
        self.push({"op": "hour_rest", "hour": new_hour})
        page = hour_pages()[new_hour]
        self.push_steps(page.page_rule, None, defer_daggers=True)  # (b); its † wait for (f)
        for inst, effect, hook in self._on.hour_advances:
            damage = hook(self, inst, effect)
            if damage is not None:
                self.push({"op": "take_damage", "amount": damage[0], "src": None, "why": damage[1]})
        if self.tokens:  # (a)
            self.push({"op": "take_damage", "amount": self.tokens, "src": None,
                        "why": _("tokens left on the Grimoire as the Hour advanced")})

    def _t_hour_rest(self, t: dict) -> None:
        """R5.2 (c) interference arrives, (d) shuffle, (e) turn the page, (f) tokens; then deferred †."""
        new_hour = t["hour"]
        for _n in range(circles()[self.circle].arrivals.get(new_hour, 0)):
            if self._zones["set_aside"]:
                self.move(self._zones["set_aside"][0].uid, "discard", "arrive")
        discard = self._zones["discard"]
        shuffle(self._rng, discard)
        for inst in discard:
            self._loc[inst.uid] = "deck"
        self._zones["deck"].extend(discard)
        self._zones["discard"] = []
        self._revealed = "shuffle"
        self._events.append(_event(("shuffled", {"count": len(self._zones["deck"]),
                                               "uids": [i.uid for i in self._zones["deck"]]})))
        self.hour = new_hour
        page = hour_pages()[new_hour]
        self._events.append(_event(("hour", {"hour": new_hour, "roman": ROMAN[new_hour], "name": page.name,
                                           "page": page.page, "last_hour": self.last_hour})))
        if page.tokens:
            self.tokens += page.tokens
            self._events.append(_counted("token", page.tokens, self.tokens))
        if self._deferred_daggers:
            self.push({"op": "dagger_group", "uids": self._deferred_daggers})
            self._deferred_daggers = []

    def judge(self, penalty: int) -> None:
        """R11: final scoring."""
        left = sum(len(self._zones[z]) for z in ("deck", "hand", "discard"))
        if left:
            self._lose("cards_remain", nlater(
                "BAPHOMET finds {n} card left in your deck, hand or discard pile. You lose, without the "
                "dignity of a score.",
                "BAPHOMET finds {n} cards left in your deck, hand or discard pile. You lose, without the "
                "dignity of a score.", left))
            return
        hours_left = max(0, LAST_HOUR - self.hour)  # R11.4: never negative in Hour VII
        supply = MAX_DAMAGE - self.damage
        breakdown = (
            (_("BAPHOMET is summoned"), 1),
            (_("Hours remaining after Hour {roman}: {n} × 2").format(roman=ROMAN[self.hour], n=hours_left),
             2 * hours_left),
            (_("Other non-Key cards his summoning sacrificed: {n}").format(n=penalty), -penalty),
            (_("Damage tokens left in the supply: {n}").format(n=supply), supply),
        )
        score = sum(points for _src, points in breakdown)
        rank = rank_for(score)
        if rank is None:
            message = later("Your score is {score}: negative. BAPHOMET's wrath falls upon you.", score=score)
            self.outcome = Outcome(False, "negative_score", message, score, None, breakdown, self.hour)
        else:
            message = later("BAPHOMET is summoned in Hour {roman}. Score {score}: {rank}.",
                            roman=ROMAN[self.hour], score=score, rank=later(rank))
            self.outcome = Outcome(True, "summoned", message, score, rank, breakdown, self.hour)
        self._events.append(_event(("game_over", {"won": self.outcome.won, "reason": self.outcome.reason,
                                                "score": score, "rank": rank, "message": message})))

    def _t_end_hand(self, t: dict) -> None:
        """R4.4: the hand is discarded, or sacrificed while the Grand Circle is in play."""
        hand = self._zones["hand"]
        if self._on.sacrifice_hand_at_end and self._hooked(self._on.sacrifice_hand_at_end):
            self.sacrifice([i.uid for i in hand])  # the glossary: Keys too (R10.2); BAPHOMET's own text
        else:                                      # discards him instead (R1.4)
            self._zones["hand"] = []
            self._move_plain(hand, "hand", "discard", "discard")

    def _t_end_power(self, t: dict) -> None:
        unspent = self.power
        if unspent:
            self.power = 0
            self._events.append(_counted("power", -unspent, 0))
            shield = self._shield() if self._on.unspent_power_forgiven else 0
            if unspent > shield:
                self.take_damage(unspent - shield, _UNSPENT_POWER)

    def _shield(self) -> int:
        """Points of unspent power that deal no damage at the end of the turn."""
        return sum(hook(self, src, e) for src, e, hook in self._on.unspent_power_forgiven)

    def _t_end_ongoing(self, t: dict) -> None:
        for inst, effect, hook in self._on.end_of_turn:
            damage = hook(self, inst, effect)
            if damage is not None:
                self.take_damage(*damage)

    def _t_spend(self, t: dict) -> None:
        """A summon's power, paid after the rest of its special cost (R6.2)."""
        self.spend(t["amount"])

    def _t_start_turn(self, t: dict) -> None:
        """R4.1: a new turn draws up to the hand size."""
        self.turn += 1
        self._summons_this_turn = 0
        self._used_once = frozenset()
        self._summoned_any = False
        self._sacrificed_this_turn = False
        self._events.append(_TURNS[self.turn] if self.turn < len(_TURNS) else _event(("turn", {"turn": self.turn})))
        missing = self.hand_size - len(self._zones["hand"])
        if missing > 0:
            self.push({"op": "draw", "count": missing, "src": None})

    # ------------------------------------------------------------------ saving and copying

    def _snapshot(self) -> tuple:
        """The state in memory, for undo. The generator is left out: it is used only by shuffles,
        and every shuffle reveals, so it has not moved since the last snapshot."""
        return (self.hour, self.last_hour, self.damage, self.power, self.tokens, self.turn,
                tuple(map(tuple, self._zones.values())), self._inst, self._defs,  # the zones in ZONES order
                (self._summons_this_turn, self._summoned_any, self._sacrificed_this_turn,
                 self._baphomet_summoning, self._used_once),
                list(self._deferred_daggers), list(self._stack), self.pending, self.outcome)

    def _restore(self, snap: tuple) -> None:
        (self.hour, self.last_hour, self.damage, self.power, self.tokens, self.turn, zones, self._inst,
         self._defs, flags, deferred, stack, self.pending, self.outcome) = snap
        (self._summons_this_turn, self._summoned_any, self._sacrificed_this_turn,
         self._baphomet_summoning, self._used_once) = flags
        self._zones = dict(zip(ZONES, map(list, zones)))
        self._loc = {i.uid: z for z, v in self._zones.items() for i in v}
        self._deferred_daggers, self._stack = list(deferred), list(stack)
        self._on = hook_table(self._zones["play"], self._defs)
        self._legal = None

    def to_dict(self) -> dict:
        """The ritual as a JSON-safe record, the one way a game is saved (the autosave writes it,
        a recorded ritual keeps it): how it was dealt (seed, Circle, options, the card records that
        override built-in cards as a card pack; a position set up by `from_scenario` keeps its
        scenario in the options) and the commands played, after any undo. `from_dict` deals it
        again and replays them: the state, the undo point and the generator follow exactly."""
        overrides = copy.deepcopy(list(self.cards.overrides))
        return {"version": STATE_VERSION, "seed": self.seed, "circle": self.circle,
                "options": copy.deepcopy(self.options),
                "cards": {"schema": 1, "cards": overrides} if overrides else None,
                "commands": [command_to_dict(c) for c in self.history]}

    @classmethod
    def from_dict(cls, d: dict) -> "Game":
        """The game of a `to_dict` record, its commands replayed (IllegalCommand or ValueError if
        one cannot be)."""
        g = cls.dealt(d)
        for command in d["commands"]:
            g.apply(command_from_dict(command))
        return g

    @classmethod
    def dealt(cls, d: dict) -> "Game":
        """The game of a `to_dict` record before its first command. A record without a generator
        was dealt before the engine had its own (by random.Random); a card pack may be given as a
        bare list of records. ValueError (or CardDataError) if it cannot be set up."""
        if d.get("version") != STATE_VERSION:
            raise ValueError(f"saved game version {d.get('version')!r} is not {STATE_VERSION}")
        options = d.get("options") or {}
        records = d.get("cards")
        if isinstance(records, dict):
            records = records.get("cards", ())
        if records is not None and (not isinstance(records, list) or not all(isinstance(r, dict) for r in records)):
            raise ValueError('the card pack has no "cards" list of card records')
        cards = cardset_with(copy.deepcopy(records or []))
        scenario = options.get("scenario")
        if scenario is not None:
            return cls.from_scenario(scenario, cards)
        pool = options.get("interference_pool")
        return new_game(d["seed"], d["circle"], cards=cards, eternal_light=bool(options.get("eternal_light")),
                        interference_pool={int(level): list(ids) for level, ids in pool.items()} if pool else None,
                        generator=options.get("generator", "mt19937"))

    def clone(self) -> "Game":
        """A cheap copy that plays on independently (its generator continues from the same state)."""
        g = Game.__new__(Game)
        g.cards, g.circle, g.seed, g.options = self.cards, self.circle, self.seed, self.options
        g._rng = type(self._rng)(0)  # seeding from a constant is cheap; the state is set next
        g._rng.setstate(self._rng.getstate())
        g.hour, g.last_hour, g.damage, g.power, g.tokens, g.turn = (
            self.hour, self.last_hour, self.damage, self.power, self.tokens, self.turn)
        g._zones = {z: list(v) for z, v in self._zones.items()}
        g._loc = dict(self._loc)
        g._inst = self._inst  # instances never change once made (a determinized copy replaces the dict)
        g._defs = self._defs
        g._on = self._on  # a hook table never changes
        g._legal, g._legal_at = self._legal, self._legal_at  # the same state offers the same commands
        g._summons_this_turn, g._used_once, g._summoned_any = (
            self._summons_this_turn, self._used_once, self._summoned_any)
        g._sacrificed_this_turn, g._baphomet_summoning = self._sacrificed_this_turn, self._baphomet_summoning
        g._deferred_daggers = list(self._deferred_daggers)
        g._stack = list(self._stack)  # tasks are never changed in place
        g.pending, g.outcome = self.pending, self.outcome
        g._events, g._revealed = [], self._revealed
        g.history = list(self.history)
        g._checkpoint, g._undo_stop = self._checkpoint, self._undo_stop
        g._since = list(self._since)
        g._card_events, g._offers, g._tasks = self._card_events, self._offers, self._tasks
        return g


# the engine's own tasks (the turn, the Hour, † effects) and every op's handler (engine.ops)
_NOTHING: list = []  # never changed
_NO_UID = object()  # equal to no card's uid
_UNSPENT_POWER = later("unspent power at the end of the turn")  # why: a Message is never changed
# events are never changed, so the common ones are made once: a new turn, power and tokens counted
_TURNS = tuple(_event(("turn", {"turn": n})) for n in range(200))
_COUNTS: dict[tuple[str, int, int], Event] = {}


def _counted(kind: str, delta: int, total: int) -> Event:
    """A "power" or "token" event: {delta, total}."""
    key = (kind, delta, total)
    event = _COUNTS.get(key)
    if event is None:
        event = _event((kind, {"delta": delta, "total": total}))
        if -100 < delta < 100 and -100 < total < 100:
            _COUNTS[key] = event
    return event
_HANDLERS: dict[str, Callable[[Game, dict], None]] = {
    **{name[3:]: fn for name, fn in vars(Game).items() if name.startswith("_t_")},
    **{name: op.handler for name, op in OPS.items() if op.handler is not None},
}
def _source_words(defs: dict, hour: int, src: int | None) -> Deferred:
    if src is not None:
        return defs[src].said
    page = hour_pages().get(hour + 1)
    if page is None:
        return Deferred(lambda: _("The Grimoire"))
    return Deferred(lambda: _("Hour {roman} — {name}").format(roman=ROMAN[page.hour], name=page.name))


class _AsPosed:
    """What a choice's words may read of the game (`named`, `cdef`, `zone_of`, `source_words`),
    as it was when the choice was posed: the words are worked out only when first read."""

    __slots__ = ("_defs", "_zones", "hour")

    def __init__(self, defs: dict, zones: dict, hour: int) -> None:
        self._defs, self._zones, self.hour = defs, zones, hour

    def named(self, uid: int) -> Deferred:
        return self._defs[uid].said

    def cdef(self, uid: int) -> CardDef:
        return self._defs[uid]

    def zone_of(self, uid: int) -> str:
        return self._zones[uid]

    def source_words(self, src: int | None) -> Deferred:
        return _source_words(self._defs, self.hour, src)


def _dagger_group_words(posed: _AsPosed, t: dict, uids: list) -> tuple:
    texts = []
    for uid in uids:
        name, dagger = posed.named(uid), posed.cdef(uid).dagger
        texts.append(Deferred(lambda name=name, dagger=dagger: f"{name}: † {steps_text(dagger)}"))
    return later("Several † effects trigger together: choose the one that resolves first."), texts


# the tasks that pose a choice: their words (given the game as posed, `_AsPosed`) and what the answer does
_CHOICE_WORDS: dict[str, Callable] = {"dagger_group": _dagger_group_words,
                                      **{n: op.choice_words for n, op in OPS.items() if op.choice_words}}
_RESUMES: dict[str, Callable] = {"dagger_group": Game._dagger_group_resume,
                                 **{n: op.resume for n, op in OPS.items() if op.resume}}
# R4.4: ending the turn; tasks are never changed in place, so every end of turn pushes these
_END_OF_TURN = ({"op": "start_turn"}, {"op": "end_ongoing"}, {"op": "end_power"}, {"op": "end_hand"})


class _DealPrototype:
    """What every new game of a card set, Circle and deal options starts from before its shuffles:
    the main deck's instances in file order, per level the interference pool and how many of it
    are set aside (R3.1), and the set-aside instances made so far (they never change)."""

    __slots__ = ("main", "insts", "defs", "locs", "pools", "_made")

    def __init__(self, cards: CardSet, circle: str, options: dict) -> None:
        self.main, self.insts, self.defs = cards.main_deck_template()
        self.locs = dict.fromkeys(self.insts, "deck")
        wanted_by_level = circles()[circle].set_aside
        pools = []
        for level in (1, 2, 3):
            pool = setup_pool(cards, options, level)
            wanted = wanted_by_level.get(level, 0)
            if len(pool) < wanted:
                raise ValueError(ngettext("the {circle} needs {wanted} level-{level} interference card; only {n} "
                                          "available",
                                          "the {circle} needs {wanted} level-{level} interference cards; only {n} "
                                          "available", wanted).format(circle=circles()[circle].name, wanted=wanted,
                                                                      level=level, n=len(pool)))
            pools.append((tuple(pool), wanted))
        self.pools = tuple(pools)
        self._made: dict[tuple[int, str], CardInstance] = {}

    def instance(self, uid: int, card_id: str) -> CardInstance:
        key = (uid, card_id)
        inst = self._made.get(key)
        if inst is None:
            inst = self._made[key] = CardInstance(uid, card_id)
        return inst


def _deal_prototype(cards: CardSet, circle: str, options: dict) -> _DealPrototype:
    pools = options.get("interference_pool")
    key = (circle, bool(options.get("eternal_light")),
           tuple((level, tuple(ids)) for level, ids in sorted(pools.items())) if pools else None)
    deal = cards.deal_prototypes.get(key)
    if deal is None:
        deal = cards.deal_prototypes[key] = _DealPrototype(cards, circle, options)
    return deal


def new_game(seed: int = 0, circle: str = "adept", *, cards: CardSet | Iterable[dict] | None = None,
             eternal_light: bool = False, interference_pool: dict[int, list[str]] | None = None,
             generator: str = DEFAULT_GENERATOR) -> Game:
    """R3: a new ritual, set up and with the first hand drawn.

    `cards`: a CardSet, or card records (a card pack or custom cards) that override built-in cards
    by id. `interference_pool`: per level, the interference ids to set aside from (custom cards); a
    level it names is used exactly as given (Eternal Light is added only to levels it leaves out).
    `generator`: the random generator's name (engine.deal_rng); "mt19937" only for older saves."""
    if cards is None or not isinstance(cards, CardSet):
        cards = cardset_with(cards or [])
    options = {"eternal_light": eternal_light, "generator": generator}
    if interference_pool:
        options["interference_pool"] = {str(k): list(v) for k, v in interference_pool.items()}
    g = Game(cards, circle, seed, options)
    g._setup()
    return g
