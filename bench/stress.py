"""A million random real events through the game's own loop: events per second, failed frames and
resident memory (RSS) growth.

    python bench/stress.py --events 1000000                 # both modes, one after the other
    python bench/stress.py --events 200000 --mode one       # one app for the whole run
    python bench/stress.py --events 200000 --mode restart   # a fresh app after every quit
    python bench/stress.py --seed 7 --json

The storm is aleph_null_desktop.ui.random_input.RandomInput (the one tests/fuzz runs 20,000 of):
mouse, keys, shortcuts, hostile text, window events and quits, aimed at what each screen shows,
headless (SDL dummy drivers), with every player folder and HOME in a temporary folder. The hint
AI is replaced by the first legal move (its cost is bench/hint.py's business).

RSS is read from /proc (Linux). Growth is measured from the end of a warm-up (the first 5% of the
events, at least 20,000: fonts, card faces and Grimoire pages drawn once) to the end, after a
garbage collection and malloc_trim. The UI caches (ui.caches) fill and empty within their budgets
(the Grimoire's pages go when the book is closed): the growth beyond what they hold at each end is
printed too, the figure a leak would raise. Progress lines go to stderr every --every events, so a
run cut short still shows how far it got. Budget (issue 16): 0 failed frames, growth <= 20 MB.
"""

from __future__ import annotations

import argparse
import ctypes
import faulthandler
import gc
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak, not current


def settled_rss_mb() -> float:
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    return rss_mb()


def cached_mb() -> float:
    """What the UI caches hold now (each bounded by its budget in ui.caches)."""
    from aleph_null_desktop.ui import caches

    return sum(cache.nbytes() for cache in caches.live()) / 2**20


def fuzz_hint(game):
    return game.legal_commands()[0], "a hint for the storm"


def run_mode(mode: str, events: int, seed: int, every: int, junk: list[str]) -> dict:
    import pygame

    from aleph_null_desktop.ui.app import App
    from aleph_null_desktop.ui.random_input import RandomInput

    screen = pygame.display.get_surface()

    def new_app():
        app = App(screen, seed=seed)
        app.persist = True
        app.hint_function = fuzz_hint
        app.show_title()
        app.start_session()
        return app

    storm = RandomInput(new_app(), random.Random(seed), restart=mode == "restart", new_app=new_app,
                        dropped_files=junk)
    warmup = min(events, max(20_000, events // 20))
    storm.run(warmup)
    base = settled_rss_mb()
    base_cached = cached_mb()
    peak = base
    wall, cpu = time.perf_counter(), time.process_time()
    next_report = storm.events + every

    def progress(s: RandomInput) -> None:
        nonlocal next_report, peak
        if s.events >= next_report:
            next_report += every
            now = rss_mb()
            peak = max(peak, now)
            settled = settled_rss_mb()
            rate = (s.events - warmup) / max(1e-9, time.perf_counter() - wall)
            print(f"[{mode}] {s.events:>9} events  {rate:6.0f}/s  failed frames {s.failed_frames}  "
                  f"RSS {now:7.1f} MB, {settled:7.1f} MB after a collection (growth {settled - base:+.1f} MB "
                  f"since the warm-up)  quits {s.quits}", file=sys.stderr, flush=True)

    storm.run(events, on_burst=progress)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    end = settled_rss_mb()
    end_cached = cached_mb()
    storm.app.close()
    measured = storm.events - warmup
    return {"mode": mode, "events": storm.events, "frames": storm.frames, "quits": storm.quits,
            "failed_frames": storm.failed_frames, "failures": storm.failures[:5],
            "events_per_s_wall": round(measured / max(wall, 1e-9)),
            "events_per_s_cpu": round(measured / max(cpu, 1e-9)),
            "rss_after_warmup_mb": round(base, 1), "rss_end_mb": round(end, 1), "rss_peak_mb": round(peak, 1),
            "rss_growth_mb": round(end - base, 1),
            "rss_growth_beyond_caches_mb": round((end - end_cached) - (base - base_cached), 1),
            "caches_after_warmup_mb": round(base_cached, 1), "caches_end_mb": round(end_cached, 1),
            "screens": dict(storm.screens)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--mode", choices=("one", "restart", "both"), default="both")
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed (printed)")
    parser.add_argument("--every", type=int, default=50_000, help="a progress line every N events")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    faulthandler.enable()  # a crash in C (a segfault) prints every thread's Python stack to stderr
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)

    folder = Path(tempfile.mkdtemp(prefix="aleph-null-stress-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME"):
        os.environ[name] = str(folder / name.lower())
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.chdir(folder)  # a card exported under a relative name lands here
    junk = folder / "dropped"
    junk.mkdir()
    (junk / "binary.json").write_bytes(bytes(range(256)) * 8)
    import logging

    import pygame

    from aleph_null_desktop.ui.app import open_window

    logging.basicConfig(level=logging.CRITICAL)  # a failed frame is counted, not printed a million times
    pygame.init()
    open_window()
    results = []
    try:
        for mode in (("one", "restart") if args.mode == "both" else (args.mode,)):
            results.append(run_mode(mode, args.events, seed, args.every,
                                    [str(junk / "binary.json"), str(junk), str(folder / "missing.json")]))
    finally:
        pygame.quit()
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps({"seed": seed, "results": results}, indent=2))
    else:
        print(f"seed {seed}")
        for r in results:
            print(f"{r['mode']:>7}: {r['events']} events, {r['frames']} frames, {r['quits']} quits; "
                  f"{r['events_per_s_wall']} events/s wall ({r['events_per_s_cpu']}/s of CPU); "
                  f"failed frames {r['failed_frames']}; RSS {r['rss_after_warmup_mb']} -> {r['rss_end_mb']} MB "
                  f"(growth {r['rss_growth_mb']:+} MB, peak {r['rss_peak_mb']} MB; the UI caches "
                  f"{r['caches_after_warmup_mb']} -> {r['caches_end_mb']} MB of their budgets, growth beyond "
                  f"them {r['rss_growth_beyond_caches_mb']:+} MB)")
            for failure in r["failures"]:
                print("  " + failure.replace("\n", "\n  "))
    return 0 if all(r["failed_frames"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
