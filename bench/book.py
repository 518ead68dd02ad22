"""Frame cost and memory of the Grimoire read over a busy table (F1): CPU time per frame,
`display.flip` included, and resident memory while the book is open.

    python bench/book.py [--cycles N] [--repeat R] [--json] [--against REV]

The table is bench/frame.py's busy one (12 cards in play, 7 in hand, a long log). One cycle: F1
(the book opens over the table at the table's Hour page), 60 frames at rest, three page turns
forward and three back, 60 frames each, Esc, 60 table frames. Figures, each the median over the
repeats of one run's figure (p50 / p99 / max over all its cycles):
  open        the frame F1 is handled in: the table drawn and darkened once, the first spread drawn
  rest        the book lying open
  turn_start  the frame a turn starts in (the spread it turns to is drawn then, if it is not kept)
  turn        the other frames of the turns (nothing may be drawn: only blits and the leaf)
  close       the table's first frame after Esc (it paints its pictures again)
  table       the table's other frames after the book closed
and RSS: the largest after any frame while the book is open, and the table's after the cycles.

`--against REV` also measures the game of a git revision (extracted with `git archive`) with this
same bench, interleaved with this checkout run by run, as bench/frame.py does.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ("open", "rest", "turn_start", "turn", "close", "table")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def run(cycles: int) -> dict:
    import pygame

    from aleph_null_desktop.engine import Game
    from aleph_null_desktop.ui.app import App, open_window

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from frame import BUSY, SETTLE_FRAMES, key

    pygame.init()
    app = App(open_window(), seed=7)
    app.play(Game.from_scenario(BUSY), "adept")
    for i in range(200):
        app.stack.top.log.add(f"Line {i} of a long ritual: something was drawn, summoned or sacrificed.")
    pygame.event.clear()
    table = app.stack.top

    def frame() -> float:
        t0 = time.thread_time()
        app.step(1 / 60)
        pygame.display.flip()
        return (time.thread_time() - t0) * 1000

    for _ in range(SETTLE_FRAMES):
        frame()
    times: dict[str, list[float]] = {name: [] for name in FIGURES}
    open_peak = 0.0
    for cycle in range(cycles):
        key(pygame.K_F1)
        times["open"].append(frame())
        assert app.stack.top is not table
        open_peak = max(open_peak, rss_mb())
        for _ in range(60):
            times["rest"].append(frame())
            open_peak = max(open_peak, rss_mb())
        for k in (pygame.K_RIGHT,) * 3 + (pygame.K_LEFT,) * 3:
            key(k)
            for n in range(60):
                t = frame()
                open_peak = max(open_peak, rss_mb())
                times["turn" if n else "turn_start"].append(t)
        key(pygame.K_ESCAPE)
        times["close"].append(frame())
        assert app.stack.top is table
        for _ in range(60):
            times["table"].append(frame())
    result = {name: summarise(values) for name, values in times.items()}
    result["rss_open_peak_mb"] = round(open_peak, 1)
    result["rss_table_mb"] = round(rss_mb(), 1)
    pygame.quit()
    return result


def summarise(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"p50_ms": round(statistics.median(ordered), 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3),
            "max_ms": round(ordered[-1], 3)}


def median_of(runs: list[dict]) -> dict:
    out = {name: {k: round(statistics.median(r[name][k] for r in runs), 3) for k in runs[0][name]}
           for name in FIGURES}
    for k in ("rss_open_peak_mb", "rss_table_mb"):
        out[k] = round(statistics.median(r[k] for r in runs), 1)
    return out


def _run_in(root: Path, cycles: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, __file__, "--cycles", str(cycles), "--repeat", "1", "--json"],
                         check=True, capture_output=True, text=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def against(rev: str, cycles: int, repeat: int) -> dict[str, dict]:
    with tempfile.TemporaryDirectory(prefix="aleph-book-") as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "aleph_null_desktop", "assets"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        roots = {rev: Path(tmp), "this checkout": ROOT}
        runs: dict[str, list[dict]] = {name: [] for name in roots}
        for _ in range(repeat):
            for name, root in roots.items():
                runs[name].append(_run_in(root, cycles))
    return {name: median_of(r) for name, r in runs.items()}


def show(name: str, result: dict) -> None:
    print(f"{name}: RSS {result['rss_open_peak_mb']} MB at most with the book open, "
          f"{result['rss_table_mb']} MB at the table after")
    for figure in FIGURES:
        r = result[figure]
        print(f"  {figure:>6}: p50 {r['p50_ms']:7.2f} ms  p99 {r['p99_ms']:7.2f} ms  max {r['max_ms']:7.2f} ms (CPU)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=5, help="book opened, read and closed this often per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median of each figure is reported")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--against", metavar="REV", help="also measure the game of this git revision")
    args = parser.parse_args(argv)
    wall = time.perf_counter()
    if args.against:
        results = against(args.against, max(1, args.cycles), max(1, args.repeat))
    else:
        if args.repeat == 1:
            results = {"this checkout": run(max(1, args.cycles))}
        else:
            results = {"this checkout": median_of([_run_in(ROOT, args.cycles) for _ in range(args.repeat)])}
    if args.json:
        print(json.dumps(results if len(results) > 1 else results["this checkout"]))
    else:
        for name, result in results.items():
            show(name, result)
        print(f"(wall {time.perf_counter() - wall:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
