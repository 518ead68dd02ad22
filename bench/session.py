"""A long session of play through the game's own loop: resident memory over time (issue 16's
"a two-hour session of play stays under 150 MB resident").

    python bench/session.py                  # 12 rituals, the Circles in turn
    python bench/session.py --rituals 30 --json

Each ritual is played by the smoke test's hurried player (real drags, answers, Space and Return)
at 20 frames a second of game time, up to --turns turns. Every few turns it asks for a hint, reads
a card large, opens the Grimoire over the table and turns pages, and opens the pause menu; after
each ritual the Judgement is shown, then the title, and every third ritual the statistics, the
settings, the Grimoire's rules reference and the card editor from the title. Headless (SDL dummy drivers), with every
player folder and HOME in a temporary folder; the hint AI is the first legal move (bench/hint.py
measures the real one).

After each ritual it prints the largest RSS after any of its frames (and the screens shown then),
RSS at its end, RSS after a collection and malloc_trim, the bytes malloc reports in use (Linux,
glibc), the game time played so far and the CPU and wall time; at the end the bytes each UI cache
holds (ui.render.caches). The figure that matters is the kernel's high-water mark of resident memory
(VmHWM in /proc/self/status: a peak inside a frame counts too, which sampling after frames misses):
the budget is 150 MB.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from stress import fuzz_hint, rss_mb, settled_rss_mb  # noqa: E402

BUDGET_MB = 150
FPS = 20  # frames per second of game time: the player's pace, not the machine's


def high_water_mb() -> float:
    """The kernel's high-water mark of this process's resident memory (VmHWM): every peak counts,
    also one between two samples. Off Linux, getrusage's maximum RSS."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]


def malloc_in_use_mb() -> float | None:
    """Bytes handed out by malloc and not freed (heap and mmapped blocks); None off glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _Mallinfo2
    except (OSError, AttributeError):
        return None
    info = libc.mallinfo2()
    return (info.uordblks + info.hblkhd) / 2**20


class Session:
    def __init__(self, seed: int, turns: int) -> None:
        import pygame

        from aleph_null_desktop.engine.cards import circles
        from aleph_null_desktop.ui.app import App, open_window
        from tests.drivers.scripted_input import ScriptedInput

        self.pg = pygame
        self.app = App(open_window(), seed=seed)
        self.app.persist = True
        self.app.hint_function = fuzz_hint
        self.app.show_title()
        self.app.start_session()
        self.player = ScriptedInput(self.app)
        self.circles = list(circles())
        self.turns = turns
        self.played = 0.0  # seconds of game time: the frame times every App.step was given
        self.peak = (0.0, "")  # the largest RSS after any frame, and the scenes on screen then
        self.peak_caches: dict = {}  # what each UI cache held at that frame (MB)
        self.peak_malloc: float | None = None  # and the bytes malloc had handed out then
        app_step = self.app.step

        def counted_step(dt: float) -> None:
            self.played += dt
            app_step(dt)
            now = rss_mb()
            if now > self.peak[0]:
                self.peak = (now, " over ".join(type(s).__name__ for s in reversed(self.app.stack.scenes)))
                self.peak_caches = cache_report()
                self.peak_malloc = malloc_in_use_mb()

        self.app.step = counted_step
        self.player.frames(5)

    def step(self, n: int) -> None:
        self.player.frames(n, dt=1 / FPS)

    def key(self, key, frames: int = 10) -> None:
        self.player.key(key)
        self.step(frames)

    def ritual(self, n: int) -> dict:
        from aleph_null_desktop.ui.smoke import _play_a_turn

        self.app.new_ritual(self.circles[n % len(self.circles)])
        self.step(20)
        table = self.app.stack.top
        turns = 0
        while table.game.outcome is None and turns < self.turns:
            _play_a_turn(self.player, table)
            turns += 1
            if turns % 4 == 0 and table.game.outcome is None:  # (not from the Judgement: this
                self._visit_from_table(table)  # reference would keep the table's pictures alive)
        self.step(80)  # the last Hour ends: the Judgement
        outcome, circle = table.game.outcome, table.circle_id
        del table  # the bench must not keep the scene alive once the game has left it
        self.app.show_title()
        self.step(10)
        if n % 3 == 2:
            self._visit_from_title()
        return {"circle": circle, "turns": turns,
                "outcome": None if outcome is None else ("won" if outcome.won else "lost")}

    def _visit_from_table(self, table) -> None:
        pg = self.pg
        self.key(pg.K_h, 20)  # a hint (or, asked again for the hint on show, its whole plan: closed)
        if table.modal is not None:
            self.key(pg.K_ESCAPE, 10)
        hand = [c.uid for c in table.game.zone("hand")]
        if hand and table.modal is None and hand[0] in table.sprites:
            self.player.click(table.sprites[hand[0]].target.center, button=3)  # read it large
            self.step(30)
            self.key(pg.K_ESCAPE, 10)
        self.key(pg.K_F1, 30)  # the Grimoire over the table
        for _ in range(6):
            self.key(pg.K_RIGHT, 20)
        self.key(pg.K_ESCAPE, 20)
        self.key(pg.K_ESCAPE, 20)  # the pause menu
        self.key(pg.K_ESCAPE, 20)

    def _visit_from_title(self) -> None:
        """Statistics, settings and the rules reference: each opened from the title and left."""
        pg = self.pg
        for key in (pg.K_t, pg.K_s, pg.K_F1, pg.K_e):  # statistics, settings, rules, the card editor
            self.key(key, 20)
            for _ in range(8):
                self.key(pg.K_RIGHT, 10)
            self.app.show_title()
            self.step(10)


def cache_report() -> dict:
    try:
        from aleph_null_desktop.ui.render import caches
    except ImportError:
        return {}
    return {c.name: round(c.nbytes() / 2**20, 1) for c in caches.live()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rituals", type=int, default=12)
    parser.add_argument("--turns", type=int, default=40, help="turns at most per ritual")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="aleph-null-session-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME"):
        os.environ[name] = str(folder / name.lower())
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import logging

    import pygame

    logging.basicConfig(level=logging.CRITICAL)
    pygame.init()
    rows = []
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        session = Session(args.seed, args.turns)
        start = settled_rss_mb()
        for n in range(args.rituals):
            session.peak, session.peak_caches = (0.0, ""), {}
            row = session.ritual(n)
            now = rss_mb()
            row.update(rss_mb=round(now, 1), peak_mb=round(session.peak[0], 1), hwm_mb=round(high_water_mb(), 1), peak_on=session.peak[1],
                       caches_at_peak_mb=session.peak_caches,
                       malloc_at_peak_mb=session.peak_malloc and round(session.peak_malloc, 1), settled_mb=round(settled_rss_mb(), 1),
                       malloc_in_use_mb=malloc_in_use_mb() and round(malloc_in_use_mb(), 1),
                       game_minutes=round(session.played / 60, 1), failed_frames=session.app.failed_frames,
                       cpu_s=round(time.process_time() - cpu, 1), wall_s=round(time.perf_counter() - wall, 1),
                       caches_mb=cache_report())
            rows.append(row)
            if not args.json:
                print(f"ritual {n + 1:2} {row['circle']:>12}: {row['turns']:2} turns, {row['outcome']}; "
                      f"VmHWM {row['hwm_mb']:6.1f} MB, sampled RSS peak {row['peak_mb']:6.1f} MB ({row['peak_on']}; malloc in use then {row['malloc_at_peak_mb']} MB); at the end {row['rss_mb']:6.1f} MB, "
                      f"{row['settled_mb']:6.1f} after a collection, "
                      f"malloc in use {row['malloc_in_use_mb']} MB; {row['game_minutes']} min played, "
                      f"CPU {row['cpu_s']} s, wall {row['wall_s']} s, failed frames {row['failed_frames']}",
                      flush=True)
        session.app.close()
    finally:
        pygame.quit()
        shutil.rmtree(folder, ignore_errors=True)
    peak = max((r["peak_mb"] for r in rows), default=start)
    hwm = high_water_mb()
    summary = {"rituals": len(rows), "rss_start_mb": round(start, 1), "rss_peak_mb": round(peak, 1),
               "hwm_mb": round(hwm, 1),
               "rss_end_settled_mb": rows[-1]["settled_mb"] if rows else None, "budget_mb": BUDGET_MB,
               "game_minutes": rows[-1]["game_minutes"] if rows else 0,
               "cpu_s": round(time.process_time() - cpu, 1), "wall_s": round(time.perf_counter() - wall, 1),
               "caches_mb": rows[-1]["caches_mb"] if rows else {},
               "caches_at_peak_mb": max(rows, key=lambda r: r["peak_mb"])["caches_at_peak_mb"] if rows else {}}
    if args.json:
        print(json.dumps({"summary": summary, "rituals": rows}, indent=2))
    else:
        print(f"VmHWM (the kernel's high-water mark) {summary['hwm_mb']} MB (budget {BUDGET_MB}); "
              f"RSS {summary['rss_start_mb']} MB after the first frames, sampled peak {summary['rss_peak_mb']} MB over {summary['game_minutes']} minutes of play; "
              f"CPU {summary['cpu_s']} s, wall {summary['wall_s']} s")
        if summary["caches_mb"]:
            print("UI caches (MB): " + ", ".join(f"{k} {v}" for k, v in summary["caches_mb"].items()))
        if summary["caches_at_peak_mb"]:
            print("UI caches at the peak (MB): " + ", ".join(
                f"{k} {v}" for k, v in summary["caches_at_peak_mb"].items()))
    return 0 if hwm <= BUDGET_MB and all(r["failed_frames"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
