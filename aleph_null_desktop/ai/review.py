"""The expert's review of a recorded ritual: which of the player's decisions cost the most.

Method (docs/review.md says it for players): the ritual is replayed; at every decision (a
position with more than one legal command) the expert's turn search (ai.expert, the player that
wins 96–98 % on Adept) values each legal command, never peeking at hidden cards. Where the
command played is not the one the expert values best, the gap in value marks a candidate. For the
`top_candidates` widest gaps the win chance of both commands is measured: `samples` times the
hidden cards are dealt anew (the same deals for both commands), each command is played, and the
greedy player finishes the ritual; the win chance lost is the difference of the two win rates,
with a 95 % interval from the paired differences. A decision whose loss is at least `threshold`
and whose interval lies above zero is a mistake. Everything is counted in nodes and seeded: the same ritual gives the same review.

`review_ritual(record, …)` returns a Review; `review_json(review, record)` is what
`aleph-null review FILE --json` prints."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from aleph_null_desktop.engine import Command, Game, command_to_dict

if TYPE_CHECKING:  # the search is loaded only when a review runs (the command line stays light)
    from aleph_null_desktop.ai.search import SearchConfig

SAMPLES = 32
TOP_CANDIDATES = 6
THRESHOLD = 0.05  # five points of win chance
MAX_MISTAKES = 5


@dataclass(frozen=True)
class Mistake:
    step: int  # the command's index in the ritual (0: the first command)
    turn: int
    hour: int
    played: Command
    better: Command
    win_chance_lost: float  # 0 … 1
    interval: tuple[float, float]  # 95 % interval of win_chance_lost


@dataclass
class Review:
    decisions: int
    mistakes: list[Mistake] = field(default_factory=list)
    samples: int = SAMPLES


class Cancelled(Exception):
    """The review was cancelled (the player pressed Cancel)."""


def _rollout_wins(game: Game, first: Command, deals: list[int]) -> list[int]:
    """For each deal seed: 1 if `first`, then the greedy player, wins from a re-dealt copy."""
    from aleph_null_desktop.ai.greedy import GreedyPlayer

    player, wins = GreedyPlayer(), []
    for seed in deals:
        rng = random.Random(seed)
        g = game.determinized(rng)
        g.apply(first)
        steps = 0
        while g.outcome is None and steps < 2000:
            g.apply(player.choose_command(g, rng))
            steps += 1
        wins.append(1 if g.outcome is not None and g.outcome.won else 0)
    return wins


def _paired_loss(better: list[int], played: list[int]) -> tuple[float, tuple[float, float]]:
    diffs = [b - p for b, p in zip(better, played)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def review_ritual(record: dict, *, config: "SearchConfig | None" = None, samples: int = SAMPLES,
                  top_candidates: int = TOP_CANDIDATES, threshold: float = THRESHOLD,
                  progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] | None = None, seed: int = 0) -> Review:
    """The review of a ritual file's record (rituals.record). Raises ValueError when it does not
    replay, Cancelled when `cancelled()` says so (checked between decisions and rollouts)."""
    from aleph_null_desktop.ai.expert import EXPERT, ExpertPlayer
    from aleph_null_desktop.engine.commands import command_from_dict
    from aleph_null_desktop.storage.rituals import replay_ritual

    game, problem = replay_ritual(record, 0)
    if game is None:
        raise ValueError(str(problem))
    commands = [command_from_dict(d) for d in record["commands"]]
    expert, rng = ExpertPlayer(config or EXPERT), random.Random(seed)
    candidates: list[tuple[float, int, Game, Command, Command]] = []
    decisions = 0
    total = len(commands) + top_candidates
    for step, played in enumerate(commands):
        if cancelled is not None and cancelled():
            raise Cancelled()
        legal = game.legal_commands()
        if played not in legal:
            raise ValueError(f"move {step + 1} is not legal where it was played")
        if len(legal) > 1:
            decisions += 1
            analysis = expert.analyse(game, rng)
            values = analysis.values
            best = analysis.choice
            if best != played and values:
                low = min(values.values())
                gap = values.get(best, low) - values.get(played, low)
                if gap > 0:
                    candidates.append((gap, step, game.clone(), played, best))
        game.apply(played)
        if progress is not None:
            progress(step + 1, total)
    candidates.sort(key=lambda c: (-c[0], c[1]))
    mistakes = []
    for n, (_gap, step, position, played, best) in enumerate(candidates[:top_candidates]):
        if cancelled is not None and cancelled():
            raise Cancelled()
        deals = [rng.getrandbits(62) for _ in range(samples)]
        lost, interval = _paired_loss(_rollout_wins(position, best, deals), _rollout_wins(position, played, deals))
        if lost >= threshold and interval[0] > 0:  # clearly worse, not a difference within the noise
            mistakes.append(Mistake(step, position.turn, position.hour, played, best, lost, interval))
        if progress is not None:
            progress(len(commands) + n + 1, total)
    if progress is not None:
        progress(total, total)
    mistakes.sort(key=lambda m: (-m.win_chance_lost, m.step))
    return Review(decisions, mistakes[:MAX_MISTAKES], samples)


def mistake_words(mistake: Mistake, record: dict) -> tuple[str, str]:
    """(what was played, what the expert would have played) in words, said at that position."""
    from aleph_null_desktop.storage.rituals import replay_ritual

    position, _problem = replay_ritual(record, mistake.step)
    return mistake.played.describe(position), mistake.better.describe(position)


def mistake_dict(m: Mistake) -> dict:
    """A mistake as plain data (for the worker process's queue): no words, they are said when shown."""
    return {"step": m.step, "turn": m.turn, "hour": m.hour, "played": command_to_dict(m.played),
            "better": command_to_dict(m.better), "win_chance_lost": m.win_chance_lost, "interval": list(m.interval)}


def worker(record: dict, out, cancel, samples: int = SAMPLES) -> None:
    """The review in a worker process (ui.review_scene): ("progress", done, total) messages, then
    ("done", {"decisions", "samples", "mistakes": [mistake_dict…]}), ("cancelled",) or ("error", text)."""
    try:
        review = review_ritual(record, samples=samples, progress=lambda done, total: out.put(("progress", done, total)),
                               cancelled=cancel.is_set)
        out.put(("done", {"decisions": review.decisions, "samples": review.samples,
                          "mistakes": [mistake_dict(m) for m in review.mistakes]}))
    except Cancelled:
        out.put(("cancelled",))
    except Exception as err:  # said in the window, never a silent stop
        out.put(("error", f"{type(err).__name__}: {err}"))


def review_json(review: Review, record: dict) -> dict:
    """{"decisions": n, "mistakes": [{"turn", "hour", "played", "better", "win_chance_lost"}, …]}
    (with each mistake's step, commands and 95 % interval beside them)."""
    out = []
    for m in review.mistakes:
        played, better = mistake_words(m, record)
        out.append({"turn": m.turn, "hour": m.hour, "played": played, "better": better,
                    "win_chance_lost": round(m.win_chance_lost, 3),
                    "interval": [round(m.interval[0], 3), round(m.interval[1], 3)], "step": m.step,
                    "played_command": command_to_dict(m.played), "better_command": command_to_dict(m.better)})
    return {"decisions": review.decisions, "samples": review.samples, "mistakes": out}


# ---------------------------------------------------------------------------------- the command line


def add_review_parser(subparsers) -> None:
    parser = subparsers.add_parser("review", help="the expert's review of a recorded ritual file")
    parser.add_argument("file", help="a ritual file (Statistics → Recorded rituals → Export, or simulate --record)")
    parser.add_argument("--json", action="store_true", help='print {"decisions", "mistakes": [...]} as JSON')
    parser.add_argument("--samples", type=int, default=SAMPLES, help=f"re-dealt games per command (default {SAMPLES})")
    parser.set_defaults(handler=run_review)


def run_review(args) -> int:
    import json
    import sys

    from aleph_null_desktop.storage.rituals import load_ritual

    record, problem = load_ritual(args.file)
    if record is None:
        print(f"aleph-null review: {args.file}: {problem}", file=sys.stderr)
        return 2
    try:
        review = review_ritual(record, samples=max(2, args.samples))
    except ValueError as err:
        print(f"aleph-null review: {args.file}: {err}", file=sys.stderr)
        return 2
    result = review_json(review, record)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print(f"{result['decisions']} decisions; {len(result['mistakes'])} costly ones")
    for m in result["mistakes"]:
        print(f"  turn {m['turn']}, Hour {m['hour']}: played {m['played']!r}; better {m['better']!r} "
              f"(win chance lost {m['win_chance_lost']:.0%}, 95 % interval {m['interval'][0]:.0%}…{m['interval'][1]:.0%})")
    return 0
