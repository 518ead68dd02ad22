"""Beam search over the commands of one turn, with chance where a card is drawn.

Most commands of a turn reveal nothing: from a position a player can see they lead to one
position a player can see, whatever the hidden deck order. Those are searched once, on one
determinized copy of the game (`Game.determinized`), as a tree of positions merged by
`Game.public_key` (summon A then B = summon B then A; two Wax Candles are one choice).

A command that draws a card (or lets interference arrive) is a *chance* node: what follows
depends on the hidden order. Its value is the mean, over a set of deals (`deals`: determinized
copies from the search's `samples` seeds, never the real order), of the best line found by a
smaller search of the rest of the turn on that copy. The deals spread the next card drawn evenly
over the deck (with no more cards in the deck than twice the samples, each card once: a one-card
draw is valued exactly), and every chance node with the same deck is valued on the same deals
(common random numbers), so that two candidate moves are compared on the same imagined draws.
The base copy is dealt from the first random number, the seeds from the next ones, and the
places of the deck dealt on top come in a prefix-stable order (`spread`): a search with more
samples imagines the same base deal and the same first deals, and more besides.

Depth by depth every node of the beam is expanded: each legal command makes a child; `EndTurn`
is played out on a copy (the end of the turn and the next draw) and scored by `evaluate`; the
`width` most promising children (optimistic about power not yet spent) go on. When every line
has ended and expansions and budget are left, the beam goes again twice as wide. Afterwards every
node's value is the best end-of-turn score found below it; a node never expanded keeps the score
of ending the turn at once. Chance nodes at the root and the `chance_top` most promising others
get their sampled searches. Then each first command's best line is completed while the budget
lasts: a position on it never expanded is expanded, a draw on it never searched is searched (see
`TurnSearch.provisional` for how the draws not yet searched are ranked meanwhile), so that the
commands are compared on lines scored where they end. Any draw read later is searched then.

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
_DECIDED = 5000.0  # a value this far from 0 is a won or lost ritual, not a position's score


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
    estimate: float  # one sample, no follow-up, unspent power as damage: until searched
    hope: float  # the same deal, unspent power as still to spend (see `TurnSearch.provisional`)
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


_GOLDEN = (5 ** 0.5 - 1) / 2
_SPREADS: dict[int, tuple[int, ...]] = {}


def spread(n: int) -> tuple[int, ...]:
    """The places 0..n-1 of a deck in the order the deals take them: each prefix spread evenly
    over the deck (the golden-ratio sequence from its middle, a place already taken skipped), so
    that a search with more samples takes the same places first and then fills the gaps."""
    order = _SPREADS.get(n)
    if order is None:
        taken: dict[int, None] = {}
        x = 0.5
        while len(taken) < n:
            taken.setdefault(int(x * n), None)
            x = (x + _GOLDEN) % 1.0
        order = _SPREADS[n] = tuple(taken)
    return order


def deals(game: Game, seeds: list[int], samples: int | None = None) -> list[tuple[int, str | None]]:
    """The deals a chance node is valued on: (seed, card id dealt on top of the deck).

    The next card drawn is spread evenly over the deck (sorted by id) instead of left to chance:
    `samples` deals (default: one per seed), each on a place of the deck `spread` gives; with no
    more cards in the deck than seeds, one deal per card (so a one-card draw is valued exactly).
    Prefix-stable: the first k deals of a search with more seeds (the same first seeds) are the
    k deals of the smaller one. Positions with the same deck get the same deals (common random
    numbers)."""
    ids = sorted(inst.card_id for inst in game.zone("deck"))
    n = len(ids) if len(ids) <= len(seeds) else min(len(seeds), samples or len(seeds))
    if not ids:
        return [(seed, None) for seed in seeds[:n or samples or len(seeds)]]
    order = spread(len(ids))
    return [(seed, ids[order[j]]) for j, seed in enumerate(seeds[:n])]


class TurnSearch:
    """A search of the turn from `game`'s position; `rng` deals every hidden card it assumes."""

    def __init__(self, game: Game, rng: random.Random, config: SearchConfig | None = None,
                 weights: Weights = DEFAULT, *, chance: bool = True, work: Work | None = None,
                 widening: bool = False):
        self.cfg = config or SearchConfig()
        self.w = weights
        self.chance_enabled = chance
        base_seed = rng.getrandbits(64)  # drawn first: a search with more samples imagines the same base deal
        # twice the samples: a deck of up to that many cards is dealt once per card
        self.seeds = [rng.getrandbits(64) for _ in range(2 * self.cfg.samples)]
        base = game.determinized(random.Random(base_seed)) if chance else game
        self.root = base.public_key()
        self.nodes: dict[tuple, Node] = {}
        self.chances: dict[tuple, Chance] = {}
        self.gains: dict = {}  # command signature (None: any) -> what searching its draws added to their hopes
        self.hopeful = False  # while lines are completed: a draw not yet searched is valued by `provisional`
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
            self.hopeful = True
            self._complete_lines()
            self.hopeful = False
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
                    hope, estimate = evaluate_mid_turn(c, self.w)
                    self.chances[ck] = Chance(key, cmd, estimate, hope)
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
        """The beam, every first command looked at, the `width` most promising positions at each
        depth after that; while expansions and budget are left, again twice as wide (the positions
        expanded already reused), so that a turn whose lines soon end leaves no budget unused."""
        width = self.cfg.width
        while True:
            before = self.expansions
            if not self._pass(width, every_first=True) or self.expansions == before:
                return
            width *= 2

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
            if not self._pass(width):
                return

    def _pass(self, width: int, every_first: bool = False) -> bool:
        """The beam from the root: at each depth the `width` most promising positions the last
        depth's lead to (a position reached again by another order of the same commands competes
        again, already expanded or not). False when the expansions or the budget ran out."""
        cfg = self.cfg
        frontier = [self.root]
        for depth in range(cfg.max_depth):
            if not frontier:
                break
            fresh: dict[tuple, None] = {}
            for key in frontier:
                node = self.nodes[key]
                if not node.expanded:
                    if self.expansions >= cfg.max_expansions or self._late():
                        return False
                    self._expand(key)
                for kind, child in node.children.values():
                    if kind == "node" and not self.nodes[child].terminal:
                        fresh[child] = None
            ranked = sorted(fresh, key=lambda k: -self.nodes[k].rank)
            frontier = ranked if every_first and depth == 0 else ranked[:width]
        return True

    def _complete_lines(self) -> None:
        """Each first command's best line followed to its end while the budget lasts: a position on
        it never expanded is expanded, a draw on it never searched is searched, until every line
        ends where the end of the turn, a searched draw or the end of the ritual was scored. (A
        position never expanded is valued as if the turn ended at once, a draw never searched by
        one deal with nothing after it: neither is what the line is worth.)"""
        root = self.nodes[self.root]
        for _round in range(self.cfg.max_expansions):
            if self._late():
                return
            todo = [end for end in (self._line_end(child) for child in dict.fromkeys(root.children.values()))
                    if end is not None]
            if not todo:
                return
            for n, (kind, key) in enumerate(dict.fromkeys(todo)):
                if self._late():
                    break
                if kind == "node":
                    self._expand(key)
                else:
                    self._search_chance(key, self.work.share(len(todo) - n))
            self._back_up()

    def _line_end(self, child: tuple) -> tuple | None:
        """Where the best line from `child` stops short: ("node", key) of a position never
        expanded, ("chance", key) of a draw never searched; None if it ends where it was scored."""
        for _step in range(4 * self.cfg.max_depth):
            kind, key = child
            if kind == "chance":
                return None if self.chances[key].value is not None else child
            node = self.nodes[key]
            if node.terminal:
                return None
            if not node.expanded:
                return child
            best, child = node.end_value, None
            for c in node.children.values():
                v = self.child_value(c)
                if v > best:
                    best, child = v, c
            if child is None:
                return None
        return None

    def _late(self) -> bool:
        return self.work.spent

    def _search_chance(self, ck: tuple, share: int | None = None) -> float:
        """The chance node's value: the mean over `deals` of the best line after the draw. `share`:
        the nodes it may use, spread evenly over its deals (one left unused passes to the next)."""
        chance = self.chances[ck]
        if chance.value is not None:
            return chance.value
        if self._late():
            return self.provisional(ck)
        parent = self.nodes[chance.parent].game
        sub = SearchConfig(width=self.cfg.sub_width, max_expansions=self.cfg.sub_expansions,
                           max_depth=self.cfg.max_depth)
        plan = deals(parent, self.seeds, self.cfg.samples)
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
        if max(abs(chance.value), abs(chance.hope)) < _DECIDED:
            for sig in (ck[1], None):
                self.gains.setdefault(sig, []).append(chance.value - chance.hope)
        return chance.value

    def provisional(self, ck: tuple) -> float:
        """A draw not yet searched. Its one deal with nothing after it and unspent power as damage
        (`estimate`) is far below what searching it gives, so lines that draw later would never
        look worth completing next to a draw searched already. While lines are completed (`hopeful`),
        the same deal with unspent power still to spend plus the median of what searching the same
        command's draws added to theirs (else any draw's); the values decided on use `estimate`."""
        chance = self.chances[ck]
        gains = self.gains.get(ck[1]) or self.gains.get(None)
        if not self.hopeful or not gains:
            return chance.estimate
        ordered = sorted(gains)
        return min(chance.hope + ordered[len(ordered) // 2], _DECIDED)

    # ------------------------------------------------------------------ values

    def child_value(self, child: tuple) -> float:
        kind, key = child
        if kind == "chance":
            ch = self.chances[key]
            return ch.value if ch.value is not None else self.provisional(key)
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
