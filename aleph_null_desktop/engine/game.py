"""The game state and the only code that changes it.

Every command runs as a stack of small tasks (card effects, costs, the end of the turn, the Hour
advancing). A task that needs the player poses a `Decision` and the stack waits; `Choose`
resumes it. Tasks are JSON dicts, so a game saves and restores exactly, even mid-decision.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable

from aleph_null_desktop.engine.cards import ROMAN, CardDef, CardSet, cardset_with, circles, hour_pages
from aleph_null_desktop.engine.commands import (
    Activate, Choose, Command, EndTurn, Summon, TakeToken, command_from_dict, command_to_dict,
)
from aleph_null_desktop.engine.events import Event
from aleph_null_desktop.engine.model import (
    ZONES, CardInstance, Decision, IllegalCommand, Option, Outcome, rank_for,
)
from aleph_null_desktop.engine.observation import Observation, determinized, observe, public_key
from aleph_null_desktop.engine.preview import (
    EndTurnPreview, PreviewPart, hour_damage_part, hour_tokens_part, interference_part, last_hour_part,
    unspent_power_part,
)
from aleph_null_desktop.engine.text import step_text, steps_text

FIRST_HOUR = 1
LAST_HOUR = 6
MAX_DAMAGE = 3
BASE_HAND_SIZE = 5
MIN_HAND_SIZE = 1
STATE_VERSION = 1
_ZONE_LABEL = {"hand": "in hand", "play": "in play", "discard": "in the discard pile",
               "deck": "in the deck", "sacrificed": "sacrificed", "set_aside": "set aside"}


class Game:
    """One ritual. Read its state freely; change it only through `apply` (and `undo`)."""

    def __init__(self, cards: CardSet, circle: str = "adept", seed: int = 0, options: dict | None = None):
        if circle not in circles():
            raise ValueError(f"unknown Circle {circle!r}; known: {', '.join(circles())}")
        self.cards = cards
        self.circle = circle
        self.seed = seed
        self.options = dict(options or {})
        self._rng = random.Random(seed)
        self.hour = FIRST_HOUR
        self.last_hour = LAST_HOUR
        self.damage = 0
        self.power = 0
        self.tokens = 0
        self.turn = 0
        self._zones: dict[str, list[CardInstance]] = {z: [] for z in ZONES}
        self._loc: dict[int, str] = {}
        self._inst: dict[int, CardInstance] = {}
        self._summons_this_turn = 0
        self._summoned_any = False
        self._sacrificed_this_turn = False
        self._baphomet_summoning = False
        self._deferred_daggers: list[int] = []
        self._stack: list[dict] = []
        self.pending: Decision | None = None
        self.outcome: Outcome | None = None
        self._events: list[Event] = []
        self._revealed = False
        self.history: list[Command] = []
        self._checkpoint: dict | None = None
        self._since: list[Command] = []

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
        g._checkpoint = g._state_dict()
        return g

    def _add(self, inst: CardInstance, zone: str) -> None:
        self._zones[zone].append(inst)
        self._loc[inst.uid] = zone
        self._inst[inst.uid] = inst

    def _setup(self, interference_pool: dict[int, list[str]] | None) -> None:
        """R3: set aside the Circle's interference, shuffle the deck, Hour I, first turn."""
        circle = circles()[self.circle]
        uid = 0
        main = []
        for card_id in self.cards.main_deck_ids():
            uid += 1
            main.append(CardInstance(uid, card_id))
        set_aside = []
        for level in (1, 2, 3):  # R3.1, lowest level first
            given = (interference_pool or {}).get(level, (interference_pool or {}).get(str(level)))
            if given is not None:  # the caller's exact pool (custom cards); nothing is added to it
                pool = list(given)
            else:
                pool = self.cards.interference_ids(level)
                if level == 2 and self.options.get("eternal_light") and "eternal_light" not in pool:
                    pool.append("eternal_light")
            wanted = circle.set_aside.get(level, 0)
            if len(pool) < wanted:
                raise ValueError(f"the {circle.name} needs {wanted} level-{level} interference cards; "
                                 f"only {len(pool)} available")
            self._rng.shuffle(pool)
            for card_id in pool[:wanted]:
                uid += 1
                set_aside.append(CardInstance(uid, card_id))
        self._rng.shuffle(main)  # R3.2
        for inst in main:
            self._add(inst, "deck")
        for inst in set_aside:
            self._add(inst, "set_aside")
        self._push({"op": "start_turn"})
        self._run()
        self._checkpoint = self._state_dict()

    # ------------------------------------------------------------------ reading

    def zone(self, name: str) -> list[CardInstance]:
        return list(self._zones[name])

    def card(self, uid: int) -> CardInstance:
        return self._inst[uid]

    def zone_of(self, uid: int) -> str:
        return self._loc[uid]

    def cdef(self, uid: int) -> CardDef:
        return self.cards[self._inst[uid].card_id]

    def name_of(self, uid: int | None) -> str:
        return self.cdef(uid).name if uid is not None else "the Grimoire"

    @property
    def hand_size(self) -> int:
        """R4.1; never below 1, so every turn draws and every ritual ends."""
        return max(MIN_HAND_SIZE, BASE_HAND_SIZE + sum(e["amount"] for _, e in self._ongoing("hand_size")))

    @property
    def can_undo(self) -> bool:
        return bool(self._since)

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

    def observe(self) -> Observation:
        """What the player may see now: see `engine.observation`."""
        return observe(self)

    def public_key(self) -> tuple:
        """A hashable summary of what the player sees; equal for positions they cannot tell apart
        (identical copies of a card are equal; the deck is taken as a multiset)."""
        return public_key(self)

    def determinized(self, rng: random.Random) -> "Game":
        """A clone whose hidden parts (deck order, set-aside identities, future shuffles) are
        re-dealt from `rng`, consistently with what the player knows. Never peeks."""
        return determinized(self, rng)

    def _ongoing(self, op: str) -> list[tuple[CardInstance, dict]]:
        cards = self.cards
        return [(inst, effect) for inst in self._zones["play"] for effect in cards[inst.card_id].ongoing
                if effect["op"] == op]

    def _has_ongoing(self, op: str) -> bool:
        return bool(self._ongoing(op))

    def _matches(self, f: dict, inst: CardInstance, src: int | None) -> bool:
        card = self.cards[inst.card_id]
        if "types" in f and card.type not in f["types"]:
            return False
        if "ids" in f and card.id not in f["ids"]:
            return False
        if f.get("other") and inst.uid == src:
            return False
        return True

    def interference_in_hand(self) -> list[CardInstance]:
        return [i for i in self._zones["hand"] if self.cards[i.card_id].is_interference]

    def summon_cost(self, uid: int) -> int:
        """What summoning this card costs in power now (R6.2), cost modifiers included."""
        card = self.cdef(uid)
        inst = self._inst[uid]
        base = card.cost if card.cost is not None else sum(
            s["amount"] for s in card.special_cost if s["op"] == "pay")
        extra = sum(e["amount"] for _, e in self._ongoing("cost_modifier") if self._matches(e["filter"], inst, None))
        return max(0, base + extra)

    def _summon_limit(self) -> int | None:
        limits = [e["count"] for _, e in self._ongoing("summon_limit")]
        return min(limits) if limits else None

    def move_targets(self, step: dict, src: int | None, exclude: Iterable[int] = ()) -> list[CardInstance]:
        """Legal targets of a 'sacrifice/scrap/discard a chosen card' step (R7.7)."""
        zones = step["from"]
        if step["move"] == "sacrifice" and self._has_ongoing("no_sacrifice_from_discard"):
            zones = [z for z in zones if z != "discard"]
        excluded = set(exclude)
        return [inst for z in zones for inst in self._zones[z]
                if self.cards[inst.card_id].type != "demon" and inst.uid not in excluded
                and self._matches(step["filter"], inst, src)]

    def power_from(self, src: int | None, amount: int) -> int:
        """Power an effect of `src` really gives, after modifiers such as Ill Omen."""
        if src is None or src not in self._inst:
            return amount
        inst = self._inst[src]
        delta = sum(e["amount"] for _, e in self._ongoing("power_modifier") if self._matches(e["filter"], inst, None))
        return max(0, amount + delta)

    def end_turn_preview(self) -> EndTurnPreview:
        """Damage that ending the turn now is sure to cost, from public information only: unspent
        power less shields, end-of-turn interference and, when the next draw will certainly empty
        the deck, the Hour's advance (tokens, The Long Night, passing the last Hour). An int with a
        breakdown: see `engine.preview`."""
        parts: list[PreviewPart] = []
        shield = sum(e["amount"] for _, e in self._ongoing("end_turn_shield"))
        if self.power > shield:
            parts.append(unspent_power_part(self.power - shield))
        if not self._sacrificed_this_turn and not self._hand_sacrificed_at_end():
            for inst, e in self._ongoing("end_turn_damage_unless_sacrificed"):
                parts.append(interference_part(e["amount"], self.name_of(inst.uid)))
        if not self._summoned_any:
            for inst, e in self._ongoing("end_turn_damage_unless_summoned"):
                parts.append(interference_part(e["amount"], self.name_of(inst.uid)))
        advances = self._next_draw_advances_hour()
        if advances:
            if self.hour >= self.last_hour:  # R5.3
                parts.append(last_hour_part())
            else:
                if self.tokens:  # R5.2a
                    parts.append(hour_tokens_part(self.tokens))
                for inst, e in self._ongoing("hour_damage"):
                    parts.append(hour_damage_part(e["amount"], self.name_of(inst.uid)))
        total = sum(p.amount for p in parts)
        loses = self.damage + total >= MAX_DAMAGE or any(p.kind == "last_hour" for p in parts)
        return EndTurnPreview(tuple(parts), hour_advances=advances, loses=loses)

    def _next_draw_advances_hour(self) -> bool:
        """True when the next turn's draw will certainly find the deck too short (R5.1). Not
        certain (False) while a † effect might resolve at the end of the turn."""
        if self._end_of_turn_daggers_possible():
            return False
        return len(self._zones["deck"]) < self.hand_size  # the hand is empty after the turn ends

    def _end_of_turn_daggers_possible(self) -> bool:
        if not self._has_ongoing("hand_sacrificed_at_end") or self._has_ongoing("prevent_dagger"):
            return False
        return any(self.cards[i.card_id].dagger and self.cards[i.card_id].type not in ("key", "demon")
                   for i in self._zones["hand"])

    @property
    def every_turn_costs_an_hour(self) -> bool:
        """R5.5: fewer cards than the hand size remain to be drawn (deck, discard pile, and the
        hand cards that ending the turn discards), so every turn's draw advances the Hour."""
        if self._has_ongoing("hand_sacrificed_at_end"):
            kept = sum(1 for i in self._zones["hand"] if self.cards[i.card_id].type in ("key", "demon"))
        else:
            kept = len(self._zones["hand"])
        return len(self._zones["deck"]) + len(self._zones["discard"]) + kept < self.hand_size

    def _hand_sacrificed_at_end(self) -> bool:
        return self._has_ongoing("hand_sacrificed_at_end") and any(
            self.cards[i.card_id].type not in ("key", "demon") for i in self._zones["hand"])

    # ------------------------------------------------------------------ legality

    def legal_commands(self) -> list[Command]:
        if self.outcome is not None:
            return []
        if self.pending is not None:
            return [Choose(i) for i in range(len(self.pending.options))]
        waiting = self.interference_in_hand()
        cmds: list[Command] = [Summon(i.uid) for i in self._zones["hand"]
                               if self._explain_summon(i.uid, waiting) is None]
        for inst in self._zones["play"]:
            for action in self.cards[inst.card_id].actions:
                if self._explain_activate(inst.uid, action.id, waiting) is None:
                    cmds.append(Activate(inst.uid, action.id))
        if self.tokens:
            cmds.append(TakeToken())
        if not waiting:
            cmds.append(EndTurn())
        return cmds

    def explain(self, cmd: Command) -> str | None:
        """None if the command is legal now, otherwise why not, in words."""
        if self.outcome is not None:
            return "The ritual is over."
        if isinstance(cmd, Choose):
            if self.pending is None:
                return "There is nothing to choose now."
            if not 0 <= cmd.index < len(self.pending.options):
                return f"There is no option {cmd.index + 1}; there are {len(self.pending.options)}."
            return None
        if self.pending is not None:
            return f"First make the open choice: {self.pending.prompt}"
        if isinstance(cmd, TakeToken):
            return None if self.tokens else "There is no Magical Power token on the Grimoire."
        if isinstance(cmd, EndTurn):
            waiting = self.interference_in_hand()
            if waiting:
                return f"Summon {self.name_of(waiting[0].uid)} first: interference in hand must be summoned (R4.3)."
            return None
        if isinstance(cmd, Summon):
            return self._explain_summon(cmd.uid)
        if isinstance(cmd, Activate):
            return self._explain_activate(cmd.uid, cmd.action)
        return f"Unknown command {cmd!r}."

    def _short_of_power(self, what: str, cost: int) -> str | None:
        if self.power >= cost:
            return None
        hint = " (take a token from the Grimoire first)" if self.tokens and self.power + self.tokens >= cost else ""
        return f"{what} costs {cost} power; you have {self.power}{hint}."

    def _explain_summon(self, uid: int, waiting: list[CardInstance] | None = None) -> str | None:
        if uid not in self._loc:
            return f"There is no card #{uid}."
        card = self.cdef(uid)
        if self._loc[uid] != "hand":
            return f"{card.name} is not in your hand."
        if card.is_interference:
            return None  # R6.3: always allowed
        if waiting is None:
            waiting = self.interference_in_hand()
        if waiting:
            return f"Summon {self.name_of(waiting[0].uid)} first: interference in hand must be summoned (R4.3)."
        limit = self._summon_limit()
        if limit is not None and self._summons_this_turn >= limit:
            return f"Only {limit} summons are allowed this turn (The Sexton); you have made {self._summons_this_turn}."
        for step in card.special_cost:
            if step["op"] == "summon_baphomet":
                if self._has_ongoing("baphomet_blocked"):
                    return "BAPHOMET cannot be summoned while Astaroth is in play."
                keys = sum(1 for i in self._zones["play"] if self.cards[i.card_id].type == "key")
                if keys < 3:
                    return f"BAPHOMET needs the three Keys in play; you have {keys}."
            elif step["op"] == "move" and len(self.move_targets(step, uid)) < step["count"]:
                return f"{card.name} cannot be summoned: its special cost is to {step_text(step)}, and there is none."
        return self._short_of_power(card.name, self.summon_cost(uid))

    def _explain_activate(self, uid: int, action_id: str,
                          waiting: list[CardInstance] | None = None) -> str | None:
        if uid not in self._loc:
            return f"There is no card #{uid}."
        card = self.cdef(uid)
        if self._loc[uid] != "play":
            return f"{card.name} is not in play."
        action = card.action(action_id)
        if action is None:
            return f"{card.name} has no action '{action_id}'."
        if waiting is None:
            waiting = self.interference_in_hand()
        if waiting and not action.has_op("gain_power"):
            return (f"Summon {self.name_of(waiting[0].uid)} first: until then only actions that gain "
                    "Magical Power may be used (R4.3).")
        pay = sum(s["amount"] for s in action.cost if s["op"] == "pay")
        short = self._short_of_power(f"{card.name}'s {action_id}", pay)
        if short:
            return short
        for step in action.cost:
            if step["op"] == "move" and len(self.move_targets(step, uid)) < step["count"]:
                return f"{card.name}'s {action_id} needs you to {step_text(step)}, and there is none."
        for step in action.effect:
            if step["op"] == "move" and not step["up_to"] and not self.move_targets(step, uid):
                return f"{card.name}'s {action_id} has no target: {step_text(step)}."
        return None

    # ------------------------------------------------------------------ applying

    def apply(self, cmd: Command) -> list[Event]:
        """Carries out a legal command and returns what happened; IllegalCommand and no change if
        it is not legal."""
        reason = self.explain(cmd)
        if reason is not None:
            raise IllegalCommand(reason)
        events = self._perform(cmd)
        self.history.append(cmd)
        if self._revealed:
            self._checkpoint = self._state_dict()
            self._since = []
        else:
            self._since.append(cmd)
        return events

    def _perform(self, cmd: Command) -> list[Event]:
        self._events = []
        self._revealed = False
        if isinstance(cmd, Summon):
            self._summon(cmd.uid)
        elif isinstance(cmd, Activate):
            action = self.cdef(cmd.uid).action(cmd.action)
            self._emit("activated", cmd.uid, action=cmd.action)
            self._push_steps(action.effect, cmd.uid)
            self._push_steps(action.cost, cmd.uid)
        elif isinstance(cmd, Choose):
            decision, self.pending = self.pending, None
            self._resume(decision, decision.options[cmd.index])
        elif isinstance(cmd, TakeToken):  # R8.3
            self.tokens -= 1
            self._events.append(Event("token", {"delta": -1, "total": self.tokens}))
            self._gain_power(1, None)
        elif isinstance(cmd, EndTurn):  # R4.4
            for op in ("start_turn", "end_ongoing", "end_power", "end_hand"):
                self._push({"op": op})
        self._run()
        return self._events

    def undo(self) -> None:
        """Steps back over the last command, only while nothing hidden has been revealed since."""
        if not self._since:
            raise IllegalCommand("Nothing to undo: cards have been revealed since (a draw, shuffle or search).")
        replay, history = self._since[:-1], self.history[:-1]
        self._load_state(self._checkpoint)
        for cmd in replay:
            self._perform(cmd)
        self._since, self.history = replay, history
        self._events = []

    # ------------------------------------------------------------------ the task stack

    def _push(self, task: dict) -> None:
        self._stack.append(task)

    def _push_steps(self, steps: Iterable[dict], src: int | None, **extra) -> None:
        """Pushes effects so that the first resolves first."""
        for step in reversed(list(steps)):
            self._push({**step, "src": src, **extra})

    def _run(self) -> None:
        while self._stack and self.pending is None and self.outcome is None:
            task = self._stack.pop()
            _HANDLERS[task["op"]](self, task)
        if self.outcome is not None:
            self._stack.clear()
            self.pending = None

    def _pose(self, kind: str, prompt: str, options: list[Option], task: dict) -> None:
        self.pending = Decision(kind, prompt, tuple(options), task)
        self._events.append(Event("decision", {"kind": kind, "prompt": prompt}))

    def _resume(self, decision: Decision, option: Option) -> None:
        task = decision.task
        if task["op"] == "move":
            if option.uid is None:
                self._push({**task, "declined": True})
            else:
                self._push({**task, "chosen": task.get("chosen", []) + [option.uid]})
        elif task["op"] == "search":
            self._move(option.uid, "hand", "search")
            self._shuffle_deck()
            if not self._zones["deck"]:  # R5.4
                self._push({"op": "advance_hour"})
        elif task["op"] == "dagger_group":
            rest = [u for u in task["uids"] if u != option.uid]
            self._push({"op": "dagger_group", "uids": rest})
            self._push({"op": "dagger", "uid": option.uid})

    # ------------------------------------------------------------------ primitive changes

    def _emit(self, kind: str, uid: int, **data) -> None:
        self._events.append(Event(kind, {"uid": uid, "card_id": self._inst[uid].card_id,
                                         "name": self.name_of(uid), **data}))

    def _move(self, uid: int, to: str, why: str) -> str:
        """R2.4: the card reaches its new zone at once. Returns where it really went."""
        card = self.cdef(uid)
        if to == "sacrificed" and card.type == "demon":
            to = "discard"  # BAPHOMET cannot be sacrificed; he is discarded instead
        src = self._loc[uid]
        inst = self._inst[uid]
        self._zones[src].remove(inst)
        self._zones[to].append(inst)
        self._loc[uid] = to
        self._emit("moved", uid, **{"from": src, "to": to, "why": why})
        if why == "draw":
            self._revealed = True
        if to == "sacrificed":
            self._sacrificed_this_turn = True
            if card.type == "key" and not self._baphomet_summoning:  # R10.2
                self._lose("key_sacrificed", f"You sacrificed {card.name}, a Key, for something other than "
                                             "summoning BAPHOMET. You face his wrath.")
        return to

    def _sacrifice(self, uids: list[int], *, defer: bool = False) -> None:
        """R2.3 and R7.4: the cards are sacrificed together; then their † effects resolve."""
        daggers = [u for u in uids if self._move(u, "sacrificed", "sacrifice") == "sacrificed"
                   and self.cdef(u).dagger]
        if self.outcome is not None or not daggers:
            return
        if defer:
            self._deferred_daggers.extend(daggers)
        else:
            self._push({"op": "dagger_group", "uids": daggers})

    def _gain_power(self, amount: int, src: int | None) -> None:
        if amount:
            self.power += amount
            self._events.append(Event("power", {"delta": amount, "total": self.power}))

    def _take_damage(self, amount: int, why: str) -> None:
        if amount <= 0 or self.outcome is not None:
            return
        taken = min(amount, MAX_DAMAGE - self.damage)
        self.damage += taken
        self._events.append(Event("damage", {"delta": taken, "total": self.damage, "why": why}))
        if self.damage >= MAX_DAMAGE:  # R9.2
            self._lose("damage", f"You took the third damage token ({why}) and die a horrible death.")

    def _shuffle_deck(self) -> None:
        self._rng.shuffle(self._zones["deck"])
        self._revealed = True
        self._events.append(Event("shuffled", {"count": len(self._zones["deck"]),
                                               "uids": [i.uid for i in self._zones["deck"]]}))

    def _lose(self, reason: str, message: str) -> None:
        self.outcome = Outcome(False, reason, message, hour=self.hour)
        self._events.append(Event("game_over", {"won": False, "reason": reason, "score": None,
                                                "rank": None, "message": message}))

    def _summon(self, uid: int) -> None:
        card = self.cdef(uid)
        cost = self.summon_cost(uid)
        self._move(uid, "play", "summon")  # R6.2 ruling: enters play first, then the cost
        self._emit("summoned", uid)
        self._summoned_any = True
        self._push_steps(card.on_summon, uid)
        if card.is_interference:  # R6.3 ruling: what power there is, then damage for the rest
            paid = min(self.power, cost)
            if paid:
                self._spend(paid)
            if cost > paid:
                self._push({"op": "take_damage", "amount": cost - paid, "src": uid,
                            "why": f"{card.name}'s cost could not be paid in full"})
            return
        self._summons_this_turn += 1
        if card.special_cost:
            steps = [s for s in card.special_cost if s["op"] != "pay"]
            if cost:
                steps.append({"op": "pay", "amount": cost})
            self._push_steps(steps, uid)
        elif cost:
            self._spend(cost)

    def _spend(self, amount: int) -> None:
        self.power -= amount
        self._events.append(Event("power", {"delta": -amount, "total": self.power}))

    # ------------------------------------------------------------------ task handlers

    def _t_pay(self, t: dict) -> None:
        self._spend(t["amount"])

    def _t_gain_power(self, t: dict) -> None:
        self._gain_power(self.power_from(t["src"], t["amount"]), t["src"])

    def _t_scrap_self(self, t: dict) -> None:
        if self._loc.get(t["src"]) in ("play", "hand"):
            self._move(t["src"], "discard", "scrap")

    def _t_sacrifice_self(self, t: dict) -> None:
        if self._loc.get(t["src"]) not in (None, "sacrificed"):
            self._sacrifice([t["src"]])

    def _t_remove_damage(self, t: dict) -> None:
        removed = min(t["amount"], self.damage)
        if removed:
            self.damage -= removed  # R9.3
            self._events.append(Event("damage", {"delta": -removed, "total": self.damage, "why": "healed"}))

    def _t_take_damage(self, t: dict) -> None:
        why = t.get("why") or (self.name_of(t["src"]) if t.get("src") else "damage")
        self._take_damage(t["amount"], why)

    def _t_add_hour_vii(self, t: dict) -> None:
        if self.last_hour < 7:
            self.last_hour = 7
            self._events.append(Event("hour_vii", {"last_hour": 7}))

    def _t_draw(self, t: dict) -> None:
        """R5.1: draw; an empty deck advances the Hour once per draw instruction."""
        remaining = t["count"]
        deck = self._zones["deck"]
        while remaining and deck:
            self._move(deck[0].uid, "hand", "draw")
            remaining -= 1
        if not remaining:
            return
        if t.get("advanced"):
            self._events.append(Event("draw_short", {"missing": remaining}))
            return
        self._push({"op": "draw", "count": remaining, "advanced": True, "src": t.get("src")})
        self._push({"op": "advance_hour"})

    def _t_search(self, t: dict) -> None:
        """R7.6: look through the deck, take one match (compulsory), shuffle."""
        self._revealed = True
        deck = self._zones["deck"]
        if not deck:
            self._events.append(Event("search", {"found": []}))
            self._push({"op": "advance_hour"})
            return
        found = sorted((i for i in deck if self._matches(t["filter"], i, None)),
                       key=lambda i: (self.cards[i.card_id].name, i.uid))
        self._events.append(Event("search", {"found": [i.card_id for i in found]}))
        if not found:
            self._shuffle_deck()
            return
        options = [Option(i.uid, self.cards[i.card_id].name) for i in found]
        self._pose("search", f"{self.name_of(t['src'])}: {step_text(t)} — choose one to take into your hand.",
                   options, t)

    def _t_move(self, t: dict) -> None:
        """Sacrifice/scrap/discard chosen cards: pick them one by one, then move them together."""
        chosen = t.get("chosen", [])
        if not t.get("declined") and len(chosen) < t["count"]:
            targets = self.move_targets(t, t["src"], exclude=chosen)
            if targets:
                options = [Option(i.uid, f"{self.cards[i.card_id].name} ({_ZONE_LABEL[self._loc[i.uid]]})")
                           for i in targets]
                if t["up_to"]:
                    extra = f" — {steps_text(t['otherwise'])}" if t.get("otherwise") else ""
                    options.append(Option(None, ("None" if not chosen else "No more") + extra))
                source = self.name_of(t["src"]) if t["src"] is not None else self._page_name()
                picked = f" ({len(chosen)} chosen)" if chosen else ""
                self._pose("target", f"{source}: {step_text(t)}{picked}", options, t)
                return
        if len(chosen) < t["count"] and t.get("otherwise") and not chosen:
            self._push_steps(t["otherwise"], t["src"])
        if t["move"] == "sacrifice":
            self._sacrifice(chosen, defer=bool(t.get("defer_daggers")))
        else:
            for uid in chosen:
                self._move(uid, "discard", t["move"])

    def _page_name(self) -> str:
        page = hour_pages().get(self.hour + 1)
        return f"Hour {ROMAN[page.hour]} — {page.name}" if page else "The Grimoire"

    def _t_dagger_group(self, t: dict) -> None:
        """R7.4: the player orders † effects that trigger together."""
        uids = t["uids"]
        if len(uids) == 1:
            self._push({"op": "dagger", "uid": uids[0]})
        elif uids:
            options = [Option(u, f"{self.name_of(u)}: † {steps_text(self.cdef(u).dagger)}") for u in uids]
            self._pose("order", "Several † effects trigger together: choose the one that resolves first.",
                       options, t)

    def _t_dagger(self, t: dict) -> None:
        uid = t["uid"]
        if self._has_ongoing("prevent_dagger"):  # checked as it would resolve
            self._emit("dagger_prevented", uid)
            return
        self._emit("dagger", uid)
        self._push_steps(self.cdef(uid).dagger, uid)

    def _t_advance_hour(self, t: dict) -> None:
        """R5.2 (a)-(b); the rest follows in hour_rest."""
        if self.hour >= self.last_hour:  # R5.3
            self._lose("time", f"The Hour advanced past Hour {ROMAN[self.last_hour]} before BAPHOMET was "
                               "summoned. You have run out of time.")
            return
        new_hour = self.hour + 1
        self._push({"op": "hour_rest", "hour": new_hour})
        page = hour_pages()[new_hour]
        self._push_steps(page.page_rule, None, defer_daggers=True)  # (b); its † wait for (f)
        for _, effect in self._ongoing("hour_damage"):
            self._push({"op": "take_damage", "amount": effect["amount"], "src": None,
                        "why": "The Long Night: the Hour advanced"})
        if self.tokens:  # (a)
            self._push({"op": "take_damage", "amount": self.tokens, "src": None,
                        "why": "tokens left on the Grimoire as the Hour advanced"})

    def _t_hour_rest(self, t: dict) -> None:
        """R5.2 (c) interference arrives, (d) shuffle, (e) turn the page, (f) tokens; then deferred †."""
        new_hour = t["hour"]
        for _ in range(circles()[self.circle].arrivals.get(new_hour, 0)):
            if self._zones["set_aside"]:
                self._move(self._zones["set_aside"][0].uid, "discard", "arrive")
        discard = self._zones["discard"]
        self._rng.shuffle(discard)
        for inst in discard:
            self._loc[inst.uid] = "deck"
        self._zones["deck"].extend(discard)
        self._zones["discard"] = []
        self._revealed = True
        self._events.append(Event("shuffled", {"count": len(self._zones["deck"]),
                                               "uids": [i.uid for i in self._zones["deck"]]}))
        self.hour = new_hour
        page = hour_pages()[new_hour]
        self._events.append(Event("hour", {"hour": new_hour, "roman": ROMAN[new_hour], "name": page.name,
                                           "page": page.page, "last_hour": self.last_hour}))
        if page.tokens:
            self.tokens += page.tokens
            self._events.append(Event("token", {"delta": page.tokens, "total": self.tokens}))
        if self._deferred_daggers:
            self._push({"op": "dagger_group", "uids": self._deferred_daggers})
            self._deferred_daggers = []

    def _t_summon_baphomet(self, t: dict) -> None:
        """R10.4: every other card in play is sacrificed (no † resolves); then Judgement."""
        self._baphomet_summoning = True
        others = [i.uid for i in self._zones["play"] if i.uid != t["src"]]
        penalty = sum(1 for u in others if self.cdef(u).type != "key")
        for uid in others:
            self._move(uid, "sacrificed", "baphomet")
        self._judge(penalty)

    def _judge(self, penalty: int) -> None:
        """R11: final scoring."""
        left = sum(len(self._zones[z]) for z in ("deck", "hand", "discard"))
        if left:
            self._lose("cards_remain", f"BAPHOMET finds {left} card{'s' if left != 1 else ''} left in your deck, "
                                       "hand or discard pile. You lose, without the dignity of a score.")
            return
        hours_left = max(0, LAST_HOUR - self.hour)  # R11.4: never negative in Hour VII
        supply = MAX_DAMAGE - self.damage
        breakdown = (
            ("BAPHOMET is summoned", 1),
            (f"Hours remaining after Hour {ROMAN[self.hour]}: {hours_left} × 2", 2 * hours_left),
            (f"Other non-Key cards his summoning sacrificed: {penalty}", -penalty),
            (f"Damage tokens left in the supply: {supply}", supply),
        )
        score = sum(points for _, points in breakdown)
        rank = rank_for(score)
        if rank is None:
            message = f"Your score is {score}: negative. BAPHOMET's wrath falls upon you."
            self.outcome = Outcome(False, "negative_score", message, score, None, breakdown, self.hour)
        else:
            message = f"BAPHOMET is summoned in Hour {ROMAN[self.hour]}. Score {score}: {rank}."
            self.outcome = Outcome(True, "summoned", message, score, rank, breakdown, self.hour)
        self._events.append(Event("game_over", {"won": self.outcome.won, "reason": self.outcome.reason,
                                                "score": score, "rank": rank, "message": message}))

    def _t_end_hand(self, t: dict) -> None:
        """R4.4: the hand is discarded, or sacrificed while the Grand Circle is in play."""
        hand = list(self._zones["hand"])
        if self._has_ongoing("hand_sacrificed_at_end"):
            keep = [i.uid for i in hand if self.cards[i.card_id].type in ("key", "demon")]
            for uid in keep:
                self._move(uid, "discard", "discard")
            self._sacrifice([i.uid for i in hand if i.uid not in keep])
        else:
            for inst in hand:
                self._move(inst.uid, "discard", "discard")

    def _t_end_power(self, t: dict) -> None:
        unspent = self.power
        if unspent:
            self.power = 0
            self._events.append(Event("power", {"delta": -unspent, "total": 0}))
        shield = sum(e["amount"] for _, e in self._ongoing("end_turn_shield"))
        self._take_damage(max(0, unspent - shield), "unspent power at the end of the turn")

    def _t_end_ongoing(self, t: dict) -> None:
        for inst, effect in list(self._ongoing("end_turn_damage_unless_sacrificed")):
            if not self._sacrificed_this_turn:
                self._take_damage(effect["amount"], f"{self.name_of(inst.uid)}: nothing was sacrificed this turn")
        for inst, effect in list(self._ongoing("end_turn_damage_unless_summoned")):
            if not self._summoned_any:
                self._take_damage(effect["amount"], f"{self.name_of(inst.uid)}: nothing was summoned this turn")

    def _t_start_turn(self, t: dict) -> None:
        """R4.1: a new turn draws up to the hand size."""
        self.turn += 1
        self._summons_this_turn = 0
        self._summoned_any = False
        self._sacrificed_this_turn = False
        self._events.append(Event("turn", {"turn": self.turn}))
        missing = self.hand_size - len(self._zones["hand"])
        if missing > 0:
            self._push({"op": "draw", "count": missing, "src": None})

    # ------------------------------------------------------------------ saving and copying

    def _state_dict(self) -> dict:
        state = self._rng.getstate()
        return {
            "version": STATE_VERSION,
            "circle": self.circle, "seed": self.seed, "options": dict(self.options),
            "rng": [state[0], list(state[1]), state[2]],
            "hour": self.hour, "last_hour": self.last_hour, "damage": self.damage,
            "power": self.power, "tokens": self.tokens, "turn": self.turn,
            "zones": {z: [[i.uid, i.card_id] for i in self._zones[z]] for z in ZONES},
            "turn_flags": [self._summons_this_turn, self._summoned_any, self._sacrificed_this_turn,
                           self._baphomet_summoning],
            "deferred_daggers": list(self._deferred_daggers),
            "stack": [dict(t) for t in self._stack],
            "pending": self.pending.to_dict() if self.pending else None,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }

    def _load_state(self, d: dict) -> None:
        rng = d["rng"]
        self._rng.setstate((rng[0], tuple(rng[1]), rng[2]))
        self.hour, self.last_hour, self.damage = d["hour"], d["last_hour"], d["damage"]
        self.power, self.tokens, self.turn = d["power"], d["tokens"], d["turn"]
        self._zones = {z: [] for z in ZONES}
        self._loc, self._inst = {}, {}
        for z in ZONES:
            for uid, card_id in d["zones"][z]:
                self._add(CardInstance(uid, card_id), z)
        (self._summons_this_turn, self._summoned_any, self._sacrificed_this_turn,
         self._baphomet_summoning) = d["turn_flags"]
        self._deferred_daggers = list(d["deferred_daggers"])
        self._stack = [dict(t) for t in d["stack"]]
        self.pending = Decision.from_dict(d["pending"]) if d["pending"] else None
        self.outcome = Outcome.from_dict(d["outcome"]) if d["outcome"] else None

    def to_dict(self) -> dict:
        """A JSON-safe record of the whole game, history and undo point included."""
        d = self._state_dict()
        d["cards"] = list(self.cards.overrides)
        d["history"] = [command_to_dict(c) for c in self.history]
        d["since"] = len(self._since)
        d["checkpoint"] = self._checkpoint
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Game":
        if d.get("version") != STATE_VERSION:
            raise ValueError(f"saved game version {d.get('version')!r} is not {STATE_VERSION}")
        g = cls(cardset_with(d.get("cards", [])), d["circle"], d["seed"], d.get("options"))
        g._load_state(d)
        g.history = [command_from_dict(c) for c in d["history"]]
        g._since = g.history[len(g.history) - d["since"]:] if d["since"] else []
        g._checkpoint = d["checkpoint"]
        return g

    def clone(self) -> "Game":
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._zones = {z: list(v) for z, v in self._zones.items()}
        g._loc = dict(self._loc)
        g._inst = self._inst  # instances never change once made
        g._deferred_daggers = list(self._deferred_daggers)
        g._stack = list(self._stack)  # tasks are never changed in place
        g._events = []
        g.history = list(self.history)
        g._since = list(self._since)
        return g


_HANDLERS: dict[str, Callable[[Game, dict], None]] = {
    name[3:]: fn for name, fn in vars(Game).items() if name.startswith("_t_")
}


def new_game(seed: int = 0, circle: str = "adept", *, cards: CardSet | Iterable[dict] | None = None,
             eternal_light: bool = False, interference_pool: dict[int, list[str]] | None = None) -> Game:
    """R3: a new ritual, set up and with the first hand drawn.

    `cards`: a CardSet, or card records (a card pack or custom cards) that override built-in cards
    by id. `interference_pool`: per level, the interference ids to set aside from (custom cards); a
    level it names is used exactly as given (Eternal Light is added only to levels it leaves out)."""
    if cards is None or not isinstance(cards, CardSet):
        cards = cardset_with(cards or [])
    options = {"eternal_light": eternal_light}
    if interference_pool:
        options["interference_pool"] = {str(k): list(v) for k, v in interference_pool.items()}
    g = Game(cards, circle, seed, options)
    g._setup(interference_pool)
    return g
