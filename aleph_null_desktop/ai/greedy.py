"""The greedy player: a fast rule-of-thumb player with no search.

Each call it picks the most valuable thing it can afford this turn ("spends": Keys, the Circle
of Protection, answering interference, thinning, free summons, other summons) and, when that
needs power it does not have yet, the best source of power first (tokens, then sources that
sacrifice — thinning — then sources that only scrap). It never raises power without something
to spend it on, and before ending the turn it spends what power is left if anything takes it.
The Grand Circle is summoned only after the other two Keys (with it in play, a Key drawn and not
summoned is sacrificed with the hand). Decisions are answered by `knowledge.answer_decision`
(never a Key). Commands that would lose on the spot, or that could force a Key into a sacrifice,
are checked on a determinized copy (no peeking at the deck) and avoided.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from aleph_null_desktop.ai.knowledge import (
    action_profile, answer_decision, grand_circle_exposes_keys, interference_harm, keep_value, needed_by_waiting_key,
    sacrifice_steps,
)
from aleph_null_desktop.engine import Activate, Choose, Command, EndTurn, Game, Summon, TakeToken


@dataclass
class _Option:
    cmd: Command
    cost: int  # power it needs
    value: float


def with_power(game: Game, extra: int) -> Game:
    """A copy with `extra` more power: which commands would be legal if power allowed (the copy is
    only asked, never played on)."""
    c = game.clone()
    c.power += extra
    return c


def _resolve(game: Game, limit: int = 20) -> None:
    """Answers open decisions on a copy the greedy way, to see where a command leads."""
    while game.pending is not None and game.outcome is None and limit:
        game.apply(Choose(answer_decision(game)))
        limit -= 1


class GreedyPlayer:
    name = "greedy"

    def choose_command(self, game: Game, rng: random.Random) -> Command:
        if game.pending is not None:
            return Choose(answer_decision(game))
        legal = game.legal_commands()
        sample = game.determinized(rng)

        def safe(cmd: Command, absorb: bool = True) -> bool:
            """Does not lose on the spot, takes no damage, and (`absorb`) leaves no power that
            nothing could take."""
            if sample.explain(cmd) is not None:
                return False
            c = sample.clone()
            damage = c.damage
            c.apply(cmd)
            _resolve(c)
            if c.outcome is not None:
                return c.outcome.won
            if c.damage > damage:
                return False
            return not absorb or c.power <= 0 or _can_spend(c)

        # 1. BAPHOMET, when summoning him wins
        for cmd in legal:
            if isinstance(cmd, Summon) and game.cdef(cmd.uid).type == "demon":
                c = game.clone()
                c.apply(cmd)
                if c.outcome is not None and c.outcome.won:
                    return cmd

        sources = self._sources(game, legal, safe)
        waiting = game.interference_in_hand()
        if waiting:  # R4.3: summon it, after raising what power its cost needs
            cmd = Summon(waiting[0].uid)
            need = game.summon_cost(cmd.uid) - game.power
            if need > 0 and sources:
                return self._pick_source(sources, need)
            return cmd

        spends = self._spends(game, safe)
        # scrapping for power puts the card back in the pile: only for what matters, and not
        # once the Keys are out (then every card back in the pile is one more to clear)
        keys_out = sum(1 for i in game.zone("play") if game.cards[i.card_id].type == "key")
        for option in sorted(spends, key=lambda o: -o.value):
            if option.cost <= game.power:
                if game.explain(option.cmd) is None:
                    return option.cmd
                continue
            usable = [s for s in sources if s.cost >= 60 or (option.value >= 30 and keys_out < 3)]
            if option.cost <= game.power + sum(s.value for s in usable) and option.value >= 8:
                return self._pick_source(usable, option.cost - game.power)
        if game.power > 0:
            # something, anything, that takes the power left rather than taking damage
            for cmd in legal:
                if _pays_power(game, cmd):
                    c = sample.clone()
                    c.apply(cmd)
                    _resolve(c)
                    if c.outcome is None or c.outcome.won:
                        return cmd
        return EndTurn() if EndTurn() in legal else legal[0]

    # ------------------------------------------------------------------ power sources

    def _sources(self, game: Game, legal: list[Command], safe) -> list[_Option]:
        """Commands that raise power with nothing to pay: value = power, cost = preference."""
        out = []
        for cmd in legal:
            if isinstance(cmd, TakeToken):
                out.append(_Option(cmd, 100, 1))
            elif isinstance(cmd, Activate):
                card = game.cdef(cmd.uid)
                if card.is_interference or card.type == "key":
                    continue
                p = action_profile(card, cmd.action)
                if p.pay or not p.gain or p.cost_moves:
                    continue
                gain = game.power_from(cmd.uid, p.gain)
                if not gain:
                    continue
                if p.sacrifices_self:
                    pref = 80 - keep_value(game, card.id)
                    if p.effect_moves or card.dagger:
                        if not safe(cmd, absorb=False):
                            continue
                elif p.scraps_self:
                    pref = 50 - keep_value(game, card.id)
                else:
                    pref = 40
                out.append(_Option(cmd, pref, gain))
        return out

    @staticmethod
    def _pick_source(sources: list[_Option], need: int) -> Command:
        fitting = [s for s in sources if s.value <= need]
        pool = fitting or sources
        best = max(pool, key=lambda s: (s.cost, s.value) if fitting else (-s.value, s.cost))
        return best.cmd

    # ------------------------------------------------------------------ what to spend on

    def _spends(self, game: Game, safe) -> list[_Option]:
        out: list[_Option] = []
        richer = with_power(game, 9)  # what would be legal with enough power
        for cmd in richer.legal_commands():
            if isinstance(cmd, Summon):
                card = game.cdef(cmd.uid)
                if card.type == "demon":
                    continue
                if card.special_cost and game.summon_cost(cmd.uid) <= game.power and not safe(cmd):
                    continue
                cost = game.summon_cost(cmd.uid)
                if card.type == "key":
                    if grand_circle_exposes_keys(game, card):
                        continue
                    value = 100.0
                elif needed_by_waiting_key(game, card.id, by_name=True):  # the Circle of Protection
                    value = 60.0
                elif cost == 0:
                    value = 20.0
                else:
                    value = 8.0 + keep_value(game, card.id) / 2
                if card.special_cost and not safe_summon(game, cmd):
                    continue
                out.append(_Option(cmd, cost, value))
            elif isinstance(cmd, Activate):
                value = self._action_value(game, cmd)
                if value is None:
                    continue
                p = action_profile(game.cdef(cmd.uid), cmd.action)
                if (p.effect_moves or p.cost_moves or game.cdef(cmd.uid).dagger) and p.pay <= game.power:
                    if not safe(cmd):
                        continue
                out.append(_Option(cmd, p.pay, value))
        return out

    def _action_value(self, game: Game, cmd: Activate) -> float | None:
        card = game.cdef(cmd.uid)
        p = action_profile(card, cmd.action)
        if card.is_interference:
            harm = interference_harm(game, card.id)
            if harm <= 1:
                return None  # harmless in play: leave it there (scrapped, it would come back)
            return 30.0 + harm
        if p.gain:
            return None  # a source of power: used only to pay for something
        value = 0.0
        for step in sacrifice_steps(p.effect_moves):
            targets = [i for z in step["from"] for i in game.zone(z)
                       if game.cards[i.card_id].type != "demon"
                       and (not step["filter"].get("other") or i.uid != cmd.uid)
                       and (not step["filter"].get("types") or game.cards[i.card_id].type in step["filter"]["types"])]
            best = max((10.0 - keep_value(game, i.card_id) for i in targets), default=-1000.0)
            if best <= 0 and step["up_to"]:
                best = 0.0
            if best < 0:
                return None
            value += best + (20.0 if any(game.cards[i.card_id].is_interference for i in targets) else 0.0)
        if p.sacrifices_self:
            value += 10.0 - keep_value(game, card.id) / 2
        if p.scraps_self and not p.effect_moves:
            value -= 2.0
        if p.draws:
            value += 3.0 * p.draws
        if p.removes_damage:
            value += 25.0 * min(p.removes_damage, game.damage) - (3 if not game.damage else 0)
            if not game.damage:
                return None
        if p.searches:
            value += 6.0
        for step in sacrifice_steps(p.cost_moves):
            targets = [i for z in step["from"] for i in game.zone(z)
                       if game.cards[i.card_id].type == "key"
                       or not step["filter"].get("types")
                       or game.cards[i.card_id].type in step["filter"]["types"]]
            if all(game.cards[i.card_id].type == "key" for i in targets):
                return None
            value -= 4.0
        return value if value > 0 else None


def _pays_power(game: Game, cmd: Command) -> bool:
    if isinstance(cmd, Summon):
        return game.summon_cost(cmd.uid) > 0
    if isinstance(cmd, Activate):
        return action_profile(game.cdef(cmd.uid), cmd.action).pay > 0
    return False


def _can_spend(game: Game) -> bool:
    """Some legal command would take power (without losing on the spot)."""
    for cmd in game.legal_commands():
        if _pays_power(game, cmd):
            c = game.clone()
            c.apply(cmd)
            _resolve(c)
            if c.outcome is None or c.outcome.won:
                return True
    return False


def safe_summon(game: Game, cmd: Summon) -> bool:
    """A special cost that could only be paid with a Key (never with the real cards) is refused."""
    card = game.cdef(cmd.uid)
    for step in sacrifice_steps(card.special_cost):
        targets = game.move_targets(step, cmd.uid)
        if targets and all(game.cards[i.card_id].type == "key" for i in targets):
            return False
    return True
