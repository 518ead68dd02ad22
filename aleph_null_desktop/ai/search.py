"""Beam search over the commands of one turn, with chance where a card is drawn.

Most commands of a turn reveal nothing: from a position a player can see they lead to one
position a player can see, whatever the hidden deck order. Those are searched once, on one
determinized copy of the game (`Game.determinized`), as a tree of positions merged by
`Game.public_key` (summon A then B = summon B then A; two Wax Candles are one choice).

A command that draws a card (or lets interference arrive) is a *chance* node: what follows
depends on the hidden order. Its value is the mean, over a set of deals (`deals`: determinized
copies from the search's `samples` seeds, never the real order), of the best line found by a
smaller search of the rest of the turn on that copy. The deals spread the next card drawn evenly
over the deck (with no more cards in the deck than samples, each card once: a one-card draw is
valued exactly), and every chance node with the same deck is valued on the same deals (common
random numbers), so that two candidate moves are compared on the same imagined draws. The base
copy is dealt from the first random number, the seeds from the next ones: a search with more
samples imagines the same base deal and the same first deals, and more besides.

Depth by depth every node of the beam is expanded: each legal command makes a child; `EndTurn`
is played out on a copy (the end of the turn and the next draw) and scored by `evaluate`; the
`width` most promising children (optimistic about power not yet spent) go on. Afterwards every
node's value is the best end-of-turn score found below it; a node never expanded keeps the score
of ending the turn at once. Chance nodes at the root and the `chance_top` most promising others
get their sampled searches; the rest, and any read later, are searched when first needed.

Work is counted in nodes: every position the search makes (a command applied on a copy, the end
of a turn played out) is one node, in the chance searches too. `SearchConfig.node_budget` caps
the total; when it is spent the beam stops growing, and chance nodes not yet sampled keep their
one-deal estimate (the most promising are sampled first). The budget left after the beam is
shared evenly between the chance nodes queued for a search, and each one's share evenly between
its deals, so that a larger budget values every queued draw on more deals instead of spending
itself on the first one. A chance search under such a cap widens its beam step by step (width 1,
2, 4, … `sub_width`): cut short, it still holds whole lines to the end of the turn. No clock is
read anywhere, so the same position and seed give the same result on an idle or a loaded machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from aleph_null_desktop.ai.evaluate import DEFAULT, Weights, evaluate, evaluate_mid_turn
from aleph_null_desktop.ai.knowledge import answer_decision
from aleph_null_desktop.engine import Activate, Choose, Command, EndTurn, Game, Summon

NEG = float("-inf")


@dataclass
class Node:
    game: Game
    rank: float  # mid-turn score, optimistic about unspent power (orders the beam)
    score: float  # mid-turn score if the turn ended now (the value of a node never expanded)
    terminal: bool = False
    expanded: bool = False
    end_value: float = NEG
    children: dict[Command, tuple] = field(default_factory=dict)  # command -> ("node"|"chance", key)
    value: float = NEG


@dataclass
class Chance:
    parent: tuple
    cmd: Command
    estimate: float  # one sample, no follow-up: until searched
    value: float | None = None  # mean over samples of the best line after it


def end_turn_value(game: Game, w: Weights) -> float:
    """Plays the end of the turn on a copy (answering any page-rule choice sensibly) and scores it."""
    c = game.clone()
    c.apply(EndTurn())
    guard = 12
    while c.pending is not None and c.outcome is None and guard:
        c.apply(Choose(answer_decision(c)))
        guard -= 1
    return evaluate(c, w)


def _reveals(events) -> bool:
    return any(e.kind == "moved" and e.data.get("why") in ("draw", "arrive") for e in events)


def _signature(game: Game, cmd: Command):
    """Commands with the same signature lead to the same position (identical copies of a card)."""
    if isinstance(cmd, Summon):
        return ("summon", game.card(cmd.uid).card_id)
    if isinstance(cmd, Activate):
        return ("act", game.card(cmd.uid).card_id, cmd.action)
    if isinstance(cmd, Choose) and game.pending is not None:
        uid = game.pending.options[cmd.index].uid
        if uid is None:
            return ("none",)
        return ("choose", game.card(uid).card_id, game.zone_of(uid))
    return cmd


@dataclass
class SearchConfig:
    width: int = 10
    max_expansions: int = 250
    max_depth: int = 40
    samples: int = 6  # determinizations per chance node
    chance_top: int = 4  # chance nodes below the root searched at once
    sub_width: int = 4
    sub_expansions: int = 30
    node_budget: int | None = None  # positions made in all, chance searches included; None = no cap


class Work:
    """The nodes a search and the chance searches inside it have made, against one budget; `cap`
    (a node count, or None) stops the search under way sooner, so that later ones get their share."""

    def __init__(self, budget: int | None = None):
        self.budget = budget
        self.nodes = 0
        self.cap: int | None = None

    @property
    def spent(self) -> bool:
        return ((self.budget is not None and self.nodes >= self.budget)
                or (self.cap is not None and self.nodes >= self.cap))

    def share(self, parts: int) -> int | None:
        """An even share of the budget left among `parts` searches still to come (None: no budget)."""
        if self.budget is None:
            return None
        return max(0, self.budget - self.nodes) // max(1, parts)


def deals(game: Game, seeds: list[int]) -> list[tuple[int, str | None]]:
    """The deals a chance node is valued on: (seed, card id dealt on top of the deck).

    The next card drawn is spread evenly over the deck instead of left to chance: with no more
    cards in the deck than seeds, one deal per card (so a one-card draw is valued exactly); else
    one deal per seed, each taking the card at evenly spaced places of the deck sorted by id.
    Positions with the same deck get the same deals (common random numbers)."""
    ids = sorted(inst.card_id for inst in game.zone("deck"))
    n, k = len(ids), len(seeds)
    if not n:
        return [(seed, None) for seed in seeds]
    if n <= k:
        return list(zip(seeds, ids))
    return [(seed, ids[(2 * j + 1) * n // (2 * k)]) for j, seed in enumerate(seeds)]


class TurnSearch:
    """A search of the turn from `game`'s position; `rng` deals every hidden card it assumes."""

    def __init__(self, game: Game, rng: random.Random, config: SearchConfig | None = None,
                 weights: Weights = DEFAULT, *, chance: bool = True, work: Work | None = None,
                 widening: bool = False):
        self.cfg = config or SearchConfig()
        self.w = weights
        self.chance_enabled = chance
        base_seed = rng.getrandbits(64)  # drawn first: a search with more samples imagines the same base deal
        self.seeds = [rng.getrandbits(64) for _ in range(self.cfg.samples)]
        base = game.determinized(random.Random(base_seed)) if chance else game
        self.root = base.public_key()
        self.nodes: dict[tuple, Node] = {}
        self.chances: dict[tuple, Chance] = {}
        self.expansions = 0
        self.work = work if work is not None else Work(self.cfg.node_budget)
        self._add(self.root, base)
        if widening:
            self._widening_beam()
        else:
            self._beam()
        self._back_up()
        if chance:
            # the most promising first, so that the node budget cuts the least likely lines
            root_chances = sorted(dict.fromkeys(k for kind, k in self.nodes[self.root].children.values()
                                                if kind == "chance"), key=lambda k: -self.chances[k].estimate)
            others = sorted((k for k in self.chances if k not in root_chances),
                            key=lambda k: (-self.nodes[self.chances[k].parent].value, -self.chances[k].estimate))
            queue = root_chances + others[:self.cfg.chance_top]
            for n, k in enumerate(queue):
                self._search_chance(k, self.work.share(len(queue) - n))
            self._back_up()

    # ------------------------------------------------------------------ building

    def _add(self, key: tuple, game: Game) -> Node:
        if game.outcome is not None:
            v = evaluate(game, self.w)
            node = Node(game, v, v, terminal=True, value=v)
        else:
            node = Node(game, *evaluate_mid_turn(game, self.w))
        self.nodes[key] = node
        return node

    def _expand(self, key: tuple) -> list[tuple]:
        node = self.nodes[key]
        node.expanded = True
        self.expansions += 1
        g = node.game
        fresh = []
        done: dict = {}
        for cmd in g.legal_commands():
            if isinstance(cmd, EndTurn):
                node.end_value = end_turn_value(g, self.w)
                self.work.nodes += 1
                continue
            sig = _signature(g, cmd)
            if sig in done:
                node.children[cmd] = done[sig]
                continue
            c = g.clone()
            events = c.apply(cmd)
            self.work.nodes += 1
            if self.chance_enabled and c.outcome is None and _reveals(events):
                ck = (key, sig)
                if ck not in self.chances:
                    self.chances[ck] = Chance(key, cmd, evaluate(c, self.w, mid_turn="pessimistic"))
                child = ("chance", ck)
            else:
                ck = c.public_key()
                child = ("node", ck)
                if ck not in self.nodes:
                    self._add(ck, c)
                    if not self.nodes[ck].terminal:
                        fresh.append(ck)
            done[sig] = child
            node.children[cmd] = child
        return fresh

    def _beam(self) -> None:
        cfg = self.cfg
        frontier = [self.root]
        for depth in range(cfg.max_depth):
            if not frontier:
                break
            fresh: list[tuple] = []
            for key in frontier:
                if depth and (self.expansions >= cfg.max_expansions or self._late()):
                    break
                fresh.extend(self._expand(key))
            if self.expansions >= cfg.max_expansions or self._late():
                break
            if depth:
                fresh.sort(key=lambda k: -self.nodes[k].rank)
                frontier = fresh[:cfg.width]
            else:
                frontier = fresh  # every first command is looked at

    def _widening_beam(self) -> None:
        """The beam again and again from the root, width 1, 2, 4, … up to `width`, the positions
        already expanded reused: cut short by the node budget, the search still has whole lines to
        the end of the turn (the narrow ones) instead of every line a few commands deep."""
        cfg = self.cfg
        widths, w = [], 1
        while w < cfg.width:
            widths.append(w)
            w *= 2
        widths.append(cfg.width)
        for width in widths:
            frontier = [self.root]
            for _depth in range(cfg.max_depth):
                if not frontier:
                    break
                fresh: dict[tuple, None] = {}
                for key in frontier:
                    node = self.nodes[key]
                    if not node.expanded:
                        if self.expansions >= cfg.max_expansions or self._late():
                            return
                        self._expand(key)
                    for kind, child in node.children.values():
                        if kind == "node" and not self.nodes[child].terminal:
                            fresh[child] = None
                frontier = sorted(fresh, key=lambda k: -self.nodes[k].rank)[:width]

    def _late(self) -> bool:
        return self.work.spent

    def _search_chance(self, ck: tuple, share: int | None = None) -> float:
        """The chance node's value: the mean over `deals` of the best line after the draw. `share`:
        the nodes it may use, spread evenly over its deals (one left unused passes to the next)."""
        chance = self.chances[ck]
        if chance.value is not None:
            return chance.value
        if self._late():
            return chance.estimate
        parent = self.nodes[chance.parent].game
        sub = SearchConfig(width=self.cfg.sub_width, max_expansions=self.cfg.sub_expansions,
                           max_depth=self.cfg.max_depth)
        plan = deals(parent, self.seeds)
        start = self.work.nodes
        total = 0.0
        done = 0
        for j, (seed, top) in enumerate(plan):
            self.work.cap = None
            if done and self._late():  # the budget is spent: the mean of the samples so far
                break
            if share is not None:
                self.work.cap = start + share * (j + 1) // len(plan)
            c = parent.determinized(random.Random(seed), top)
            c.apply(chance.cmd)
            self.work.nodes += 1
            done += 1
            if c.outcome is not None:
                total += evaluate(c, self.w)
                continue
            inner = TurnSearch(c, random.Random(seed), sub, self.w, chance=False, work=self.work, widening=True)
            self.expansions += inner.expansions
            total += inner.nodes[inner.root].value
        self.work.cap = None
        chance.value = total / done
        return chance.value

    # ------------------------------------------------------------------ values

    def child_value(self, child: tuple) -> float:
        kind, key = child
        if kind == "chance":
            ch = self.chances[key]
            return ch.value if ch.value is not None else ch.estimate
        return self.nodes[key].value

    def _back_up(self) -> None:
        for node in self.nodes.values():
            if not node.terminal:
                node.value = NEG
        state: dict[tuple, int] = {}

        def visit(key: tuple) -> float:
            node = self.nodes[key]
            if node.terminal or state.get(key) == 2:
                return node.value
            if state.get(key) == 1:  # a cycle: not expected, but never loop
                return node.score
            state[key] = 1
            if node.expanded:
                best = node.end_value
                for child in node.children.values():
                    if child[0] == "node":
                        v = visit(child[1])
                    else:
                        v = self.child_value(child)
                    if v > best:
                        best = v
                node.value = best if best > NEG else node.score
            else:
                node.value = node.score
            state[key] = 2
            return node.value

        for key in list(self.nodes):
            visit(key)

    def static_value(self, key: tuple, cmd: Command) -> float | None:
        """The score of the position right after `cmd` at a position this search expanded, before
        any search below it: ending the turn, the end-of-turn score; a draw, the score of its one
        imagined deal with no follow-up; else the mid-turn score if the turn ended then. None if
        the search did not make that position."""
        node = self.nodes.get(key)
        if node is None or not node.expanded:
            return None
        if isinstance(cmd, EndTurn):
            return node.end_value if node.end_value > NEG else None
        child = node.children.get(cmd)
        if child is None:
            return None
        if child[0] == "chance":
            return self.chances[child[1]].estimate
        return self.nodes[child[1]].score

    def command_values(self, key: tuple) -> dict[Command, float] | None:
        """Each legal command's value at a position this search expanded (None otherwise);
        chance commands not yet searched are searched now."""
        node = self.nodes.get(key)
        if node is None or not node.expanded:
            return None
        out = {}
        for cmd, child in node.children.items():
            if child[0] == "chance":
                out[cmd] = self._search_chance(child[1])
            else:
                out[cmd] = self.nodes[child[1]].value
        if node.end_value > NEG:
            out[EndTurn()] = node.end_value
        return out
