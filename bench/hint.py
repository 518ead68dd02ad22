"""Hint cost: CPU and wall time of `aleph_null_desktop.ai.hint.hint(game)` (budget: p95 <= 0.5 s CPU).

    python bench/hint.py [--games 2] [--every 3] [--hours 2-4] [--circle adept] [--budget N]
    python bench/hint.py --agreement --circle master --circle prince   # and a 10x search's view
    python bench/hint.py --agreement --disagreements --circle master    # and where they differ

Positions come from games played by the greedy player (seeds 1, 2, … on each Circle): every
`--every`-th position in Hours II–IV (`--hours`) at which more than one command is legal (with
one legal command the hint answers at once, so those would only flatter the figures). Each
position is hinted once, on a copy, in this process, one after another. CPU time is the thread's
(`time.thread_time`, what the hint thread itself used); wall time is `time.perf_counter`.
The hint's budget is counted in search nodes (`HINT_CONFIG.node_budget`, or `--budget`), so the
chosen command does not depend on the machine; the times do. With `--agreement` each position is
also searched with every limit ten times larger (nodes, expansions, width, samples, the chance
searches') and the share of positions where the hint chooses the same command is printed (target:
>= 90 % of Hour II-IV positions on Master and Prince). With `--disagreements` each position where
the two choose differently is printed: the position, both choices and what each search thought
every command it looked at was worth. Both searches are seeded by the position, so they imagine the
same first deals (the larger search imagines more); `--other-seed` also prints the agreement with the
10x search seeded otherwise, and that search's agreement with the 10x search seeded by the position
(how often the reference agrees with itself: its noise floor). Run it by hand; it is not a test.
"""

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aleph_null_desktop.ai.greedy import GreedyPlayer  # noqa: E402
from aleph_null_desktop.ai.hint import HINT_CONFIG, make_hint, position_seed  # noqa: E402
from aleph_null_desktop.engine import new_game  # noqa: E402
from aleph_null_desktop.engine.cards import circles  # noqa: E402

BUDGET = 0.5  # seconds of CPU, p95


def positions(circle: str, games: int, every: int, hours: range):
    """Copies of positions from greedy games (more than one legal command, Hour in `hours`)."""
    for seed in range(1, games + 1):
        g = new_game(seed=seed, circle=circle)
        rng = random.Random(seed)
        player = GreedyPlayer()
        n = 0
        while g.outcome is None:
            if g.hour in hours and len(g.legal_commands()) > 1:
                if n % every == 0:
                    yield g.clone()
                n += 1
            g.apply(player.choose_command(g, rng))


def tenfold(config):
    """The search with every limit ten times larger."""
    return replace(config, width=config.width * 10, max_expansions=config.max_expansions * 10,
                   samples=config.samples * 10, chance_top=config.chance_top * 10,
                   sub_width=config.sub_width * 10, sub_expansions=config.sub_expansions * 10,
                   node_budget=None if config.node_budget is None else config.node_budget * 10)


def disagreement(g, circle: str, hint, reference) -> str:
    """The position, the two choices, and the value of each command in both searches (best first
    by the reference; "-" where a search gave a command no value)."""
    names = {z: ", ".join(g.cards[i.card_id].name for i in g.zone(z)) for z in ("hand", "play")}
    lines = [f"- {circle}, Hour {g.hour}, turn {g.turn}: power {g.power}, tokens {g.tokens}, damage {g.damage}, "
             f"deck {len(g.zone('deck'))}, discard {len(g.zone('discard'))}"
             + (f"; open choice: {g.pending.prompt}" if g.pending is not None else ""),
             f"  hand: {names['hand']}", f"  play: {names['play']}"]
    commands = sorted(set(hint.values) | set(reference.values) | {hint.command, reference.command},
                      key=lambda cmd: -reference.values.get(cmd, float("-inf")))
    for cmd in commands:
        mark = ("H" if cmd == hint.command else " ") + ("R" if cmd == reference.command else " ")
        h, r = hint.values.get(cmd), reference.values.get(cmd)
        lines.append(f"  {mark} {cmd.describe(g)[:60]:60} hint {'-' if h is None else f'{h:9.2f}':>9}"
                     f"  x10 {'-' if r is None else f'{r:9.2f}':>9}")
    return "\n".join(lines)


def percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of an ascending list."""
    k = max(0, min(len(sorted_values) - 1, round(q / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


def _line(label: str, values: list[float], unit: str = "s", fmt: str = ".3f") -> str:
    v = sorted(values)
    return (f"{label:22} p50 {percentile(v, 50):{fmt}} {unit}  p95 {percentile(v, 95):{fmt}} {unit}  "
            f"max {v[-1]:{fmt}} {unit}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="greedy games per Circle (default 2)")
    parser.add_argument("--every", type=int, default=3, help="hint every n-th position (default 3)")
    parser.add_argument("--hours", default="2-4", help="Hours to take positions from (default 2-4)")
    parser.add_argument("--circle", choices=list(circles()), action="append", help="default: all five")
    parser.add_argument("--agreement", action="store_true", help="also compare with a search 10x as large")
    parser.add_argument("--disagreements", action="store_true",
                        help="with --agreement: print each position where the two choose differently")
    parser.add_argument("--other-seed", action="store_true",
                        help="with --agreement: also compare with the 10x search seeded otherwise (its deals "
                             "share nothing with the hint's), a figure free of shared sampling noise")
    parser.add_argument("--budget", type=int, help=f"node budget (default {HINT_CONFIG.node_budget})")
    args = parser.parse_args()
    lo, _, hi = args.hours.partition("-")
    hours = range(int(lo), int(hi or lo) + 1)
    config = HINT_CONFIG if args.budget is None else replace(HINT_CONFIG, node_budget=args.budget)
    names = args.circle or list(circles())
    agree: list[bool] = []
    agree_other: list[bool] = []
    floor: list[bool] = []  # the x10 search against itself seeded otherwise: its own noise
    make_hint(new_game(seed=0, circle=names[0]), config)  # warm up: imports and card tables
    cpu_all: list[float] = []
    wall_all: list[float] = []
    worst = None
    for circle in names:
        cpu, wall = [], []
        for g in positions(circle, args.games, args.every, hours):
            w0, c0 = time.perf_counter(), time.thread_time()
            hint = make_hint(g, config)
            c, w = time.thread_time() - c0, time.perf_counter() - w0
            if args.agreement:
                reference = make_hint(g, tenfold(config))
                agree.append(reference.command == hint.command)
                if args.disagreements and not agree[-1]:
                    print(disagreement(g, circle, hint, reference))
                if args.other_seed:
                    other = make_hint(g, tenfold(config), seed=position_seed(g) + 1)
                    agree_other.append(other.command == hint.command)
                    floor.append(other.command == reference.command)
            cpu.append(c)
            wall.append(w)
            if worst is None or c > worst[0]:
                worst = (c, circle, g.hour, g.turn)
        if cpu:
            print(f"{circle:13} {len(cpu):4} positions  " + _line("CPU", cpu).strip() + "  | wall "
                  + _line("", wall).strip())
        cpu_all += cpu
        wall_all += wall
    p95 = percentile(sorted(cpu_all), 95)
    print(f"all {len(cpu_all)} positions (Hours {hours.start}-{hours.stop - 1}), node budget {config.node_budget}:")
    print("  " + _line("CPU (thread_time)", cpu_all) + f"  mean {statistics.fmean(cpu_all):.3f} s")
    print("  " + _line("wall (perf_counter)", wall_all) + f"  mean {statistics.fmean(wall_all):.3f} s")
    print(f"slowest (CPU): {worst[0]:.3f} s on {worst[1]}, Hour {worst[2]}, turn {worst[3]}")
    print(f"config: {config}")
    if agree:
        print(f"agreement with a search with every limit x10: {sum(agree)} of {len(agree)} "
              f"({100 * sum(agree) / len(agree):.1f} %; target >= 90 %)")
    if agree_other:
        print(f"agreement with the x10 search seeded otherwise: {sum(agree_other)} of {len(agree_other)} "
              f"({100 * sum(agree_other) / len(agree_other):.1f} %)")
        print(f"the x10 search against itself seeded otherwise (its noise floor): {sum(floor)} of {len(floor)} "
              f"({100 * sum(floor) / len(floor):.1f} %)")
    print(f"budget: CPU p95 <= {BUDGET} s: {'met' if p95 <= BUDGET else 'MISSED'}")
    return 0 if p95 <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
