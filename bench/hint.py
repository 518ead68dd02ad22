"""Hint latency: how long `aleph_null_desktop.ai.hint.hint(game)` takes (budget: p95 <= 0.5 s).

    python bench/hint.py [--games 2] [--every 3] [--circle adept]

Positions come from games played by the greedy player (seeds 1, 2, … on each Circle): every
`--every`-th position at which more than one command is legal (with one legal command the hint
answers at once, so those would only flatter the figures). Each position is hinted once, on a
copy, in this process, one after another; times are wall-clock seconds. Run it by hand on a quiet
machine; it is not a test.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aleph_null_desktop.ai.greedy import GreedyPlayer  # noqa: E402
from aleph_null_desktop.ai.hint import HINT_CONFIG, hint  # noqa: E402
from aleph_null_desktop.engine import new_game  # noqa: E402
from aleph_null_desktop.engine.cards import circles  # noqa: E402

BUDGET = 0.5


def positions(circle: str, games: int, every: int):
    """Copies of positions from greedy games (more than one legal command), every `every`-th."""
    for seed in range(1, games + 1):
        g = new_game(seed=seed, circle=circle)
        rng = random.Random(seed)
        player = GreedyPlayer()
        n = 0
        while g.outcome is None:
            if len(g.legal_commands()) > 1:
                if n % every == 0:
                    yield g.clone()
                n += 1
            g.apply(player.choose_command(g, rng))


def percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of an ascending list."""
    k = max(0, min(len(sorted_values) - 1, round(q / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="greedy games per Circle (default 2)")
    parser.add_argument("--every", type=int, default=3, help="hint every n-th position (default 3)")
    parser.add_argument("--circle", choices=list(circles()), help="default: all five")
    args = parser.parse_args()
    names = [args.circle] if args.circle else list(circles())
    hint(new_game(seed=0, circle=names[0]))  # warm up: imports and card tables
    times: list[float] = []
    worst = None
    for circle in names:
        mine = []
        for g in positions(circle, args.games, args.every):
            start = time.perf_counter()
            hint(g)
            t = time.perf_counter() - start
            mine.append(t)
            if worst is None or t > worst[0]:
                worst = (t, circle, g.hour, g.turn)
        mine.sort()
        times += mine
        print(f"{circle:13} {len(mine):4} positions  p50 {percentile(mine, 50):.3f} s  "
              f"p95 {percentile(mine, 95):.3f} s  max {mine[-1]:.3f} s")
    times.sort()
    p95 = percentile(times, 95)
    print(f"{'all':13} {len(times):4} positions  p50 {percentile(times, 50):.3f} s  p95 {p95:.3f} s  "
          f"max {times[-1]:.3f} s  mean {statistics.fmean(times):.3f} s")
    print(f"slowest: {worst[0]:.3f} s on {worst[1]}, Hour {worst[2]}, turn {worst[3]}")
    print(f"config: {HINT_CONFIG}")
    print(f"budget: p95 <= {BUDGET} s: {'met' if p95 <= BUDGET else 'MISSED'}")
    return 0 if p95 <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
