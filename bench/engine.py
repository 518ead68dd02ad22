"""Engine speed: random complete rituals per second, on one core, in CPU time beside wall time.

    python bench/engine.py [--games 500] [--repeats 5] [--circle adept] [--against main]

Each repeat plays `--games` random rituals (seeds 0..games-1, a random legal command each time)
in a fresh worker process and measures its CPU time (time.process_time) and wall time; the
figures printed are the medians over the repeats. `--against REV` runs the engine of a git
revision (extracted with `git archive` into a temporary directory) in the same way, its repeats
interleaved with this checkout's, and prints both side by side with the speed-up, so the
comparison is measured in one run under the same load. Budget: >= 2,500 Adept games/s of CPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 2500


def _worker(root: str, games: int, circle: str) -> dict:
    """Runs in a subprocess: plays the games with the engine found under `root`."""
    import random

    sys.path.insert(0, root)
    from aleph_null_desktop.engine import new_game

    new_game(seed=0, circle=circle)  # load the card data before the clock starts
    commands = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        g = new_game(seed=seed, circle=circle)
        rng = random.Random(seed)
        while g.outcome is None:
            g.apply(rng.choice(g.legal_commands()))
            commands += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"games": games, "commands": commands, "cpu": cpu, "wall": wall}


def _run(root: Path, games: int, circle: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--worker", str(root), "--games", str(games),
                          "--circle", circle], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def _extract(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "aleph_null_desktop", "assets"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def _summary(runs: list[dict]) -> dict:
    games, commands = runs[0]["games"], runs[0]["commands"]
    return {
        "games_cpu": statistics.median(games / r["cpu"] for r in runs),
        "commands_cpu": statistics.median(commands / r["cpu"] for r in runs),
        "games_wall": statistics.median(games / r["wall"] for r in runs),
        "commands_wall": statistics.median(commands / r["wall"] for r in runs),
        "commands_per_game": commands / games,
    }


def _line(name: str, s: dict) -> str:
    return (f"{name:>12}: {s['games_cpu']:7.0f} games/s  {s['commands_cpu']:8.0f} commands/s of CPU   "
            f"(wall: {s['games_wall']:6.0f} games/s, {s['commands_wall']:7.0f} commands/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--circle", default="adept")
    parser.add_argument("--against", metavar="REV", help="also run the engine of this git revision")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(_worker(args.worker, args.games, args.circle)))
        return
    with tempfile.TemporaryDirectory(prefix="aleph-bench-") as tmp:
        roots = {"this checkout": ROOT}
        if args.against:
            roots = {args.against: _extract(args.against, Path(tmp)), **roots}
        runs: dict[str, list[dict]] = {name: [] for name in roots}
        for _ in range(args.repeats):
            for name, root in roots.items():  # interleaved, so both see the same load
                runs[name].append(_run(root, args.games, args.circle))
    print(f"{args.games} random {args.circle} rituals a run, median of {args.repeats} runs, one core:")
    summaries = {name: _summary(r) for name, r in runs.items()}
    for name, s in summaries.items():
        print(_line(name, s))
    first = next(iter(summaries.values()))
    print(f"{'':>12}  {first['commands_per_game']:.1f} commands a game")
    mine = summaries["this checkout"]
    if args.against:
        old = summaries[args.against]
        print(f"speed-up: {mine['games_cpu'] / old['games_cpu']:.2f}x games/s, "
              f"{mine['commands_cpu'] / old['commands_cpu']:.2f}x commands/s (CPU time)")
    verdict = "meets" if mine["games_cpu"] >= BUDGET else "MISSES"
    print(f"budget: >= {BUDGET} games/s of CPU on one core: {verdict}")


if __name__ == "__main__":
    main()
