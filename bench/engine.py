"""Engine speed: random complete games per second on one core (budget: >= 500).

    python bench/engine.py [--games N] [--circle adept]
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aleph_null_desktop.engine import new_game  # noqa: E402
from aleph_null_desktop.engine.cards import circles  # noqa: E402


def play_one(seed: int, circle: str) -> int:
    g = new_game(seed=seed, circle=circle)
    rng = random.Random(seed)
    moves = 0
    while g.outcome is None:
        g.apply(rng.choice(g.legal_commands()))
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--circle", choices=sorted(circles()), help="default: all five in turn")
    args = parser.parse_args()
    names = [args.circle] if args.circle else sorted(circles())
    wall, cpu = time.perf_counter(), time.process_time()
    moves = sum(play_one(seed, names[seed % len(names)]) for seed in range(args.games))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{args.games} random games, {moves / args.games:.1f} commands a game: "
          f"{args.games / cpu:.0f} games/s of CPU time ({args.games / wall:.0f} by the wall clock; "
          f"budget: 500 games/s on one core)")


if __name__ == "__main__":
    main()
