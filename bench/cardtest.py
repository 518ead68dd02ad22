"""Card test cost: wall and CPU time of the editor's "Test this card" (target: a few seconds for
the default 100 paired rituals with the greedy player).

    python bench/cardtest.py [--games 100] [--player greedy] [--repeat 3]

Each repeat starts the worker process (spawn), plays `--games` seeds twice (with the card and
with the printed card it replaces) and waits for the last pair, polling as the editor's panel
does. Wall time is `time.perf_counter` from start to the last pair; CPU time is the worker's
(`resource.getrusage(RUSAGE_CHILDREN)` after it has ended, Unix only) plus this process's own
`time.process_time`. The median of the repeats is printed. Run it by hand; it is not a test.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aleph_null_desktop.editor import Action, CardDraft  # noqa: E402
from aleph_null_desktop.editor.cardtest import CardTest, CardTestSpec  # noqa: E402

CARD = CardDraft(name="Bench Warden", level=1, side="hell", cost=1, ongoing=[{"op": "hand_size", "amount": -1}],
                 actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}])])


def children_cpu() -> float:
    try:
        import resource
    except ImportError:  # Windows: no per-child figure
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one(games: int, player: str) -> tuple[float, float]:
    spec = CardTestSpec(CARD.to_record("custom_bench_warden"), "church_bells", "adept", player, games)
    test = CardTest(spec)
    cpu0, child0, t0 = time.process_time(), children_cpu(), time.perf_counter()
    test.start()
    while test.state == "running":
        time.sleep(0.02)
        test.poll()
    wall = time.perf_counter() - t0
    if test.state != "done":
        raise SystemExit(f"the test ended {test.state}: {test.error}")
    return wall, (time.process_time() - cpu0) + (children_cpu() - child0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--player", default="greedy", choices=("greedy", "expert", "random"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [one(args.games, args.player) for _ in range(args.repeat)]
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    print(f"{args.games} paired rituals ({2 * args.games} games), {args.player} player, {args.repeat} repeats")
    print(f"  wall: median {statistics.median(walls):.2f} s (all: {', '.join(f'{w:.2f}' for w in walls)})")
    print(f"  CPU (worker + this process): median {statistics.median(cpus):.2f} s")


if __name__ == "__main__":
    main()
