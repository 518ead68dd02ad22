"""A million random real events through the game's own loop: events per second, failed frames and
resident memory (RSS) growth.

    python bench/stress.py --events 1000000                 # both modes, one after the other
    python bench/stress.py --events 200000 --mode one       # one app for the whole run
    python bench/stress.py --events 200000 --mode restart   # a fresh app after every quit
    python bench/stress.py --seed 7 --json

The storm is tests.drivers.random_input.RandomInput (the one tests/fuzz runs 20,000 of):
mouse, keys, shortcuts, hostile text, window events and quits, aimed at what each screen shows,
headless (SDL dummy drivers), with every player folder and HOME in a temporary folder. The hint
AI is replaced by the first legal move (its cost is bench/hint.py's business).

RSS is read from /proc (Linux). Growth is measured from the end of a warm-up (the first 5% of the
events, at least 20,000: fonts, card faces and Grimoire pages drawn once) to the end, both in the
same state (`neutral_rss_mb`): the title shown, the scenes left collected, every UI cache
(ui.render.caches) emptied, after a garbage collection and malloc_trim. Where the storm happens to leave
the app (a table with its pictures, the Grimoire, full caches) moves RSS by 50 MB either way; a
leak is what stays once all that is gone. Progress lines go to stderr every --every events (each
one the same measurement, so they draw the growth curve), so a run cut short still shows how far
it got; they also show RSS as the storm left it. Budget (issue 16): 0 failed frames, growth <= 20 MB.
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


def neutral_rss_mb(app) -> float:
    """RSS in a state that does not depend on where the storm left the app: the title shown, the
    scenes left collected, every UI cache emptied (they fill again as they are used), then after a
    collection and malloc_trim. Measured the same way after the warm-up and at the end, the
    difference is what the run kept."""
    import pygame

    from aleph_null_desktop.ui.render import caches
    from aleph_null_desktop.ui.app import RELEASE_GAP_SECONDS

    pygame.event.clear()
    app.running = True
    app.show_title()
    for _ in range(4):  # past the gap after which the scenes left are collected (App.step)
        app.step(RELEASE_GAP_SECONDS)
    for cache in caches.live():
        cache.clear()
    return settled_rss_mb()


def fuzz_hint(game):
    return game.legal_commands()[0], "a hint for the storm"


def run_mode(mode: str, events: int, seed: int, every: int, junk: list[str]) -> dict:
    import pygame

    from aleph_null_desktop.ui.app import App
    from tests.drivers.random_input import RandomInput

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
    warm = settled_rss_mb()  # as the storm left it
    base = neutral_rss_mb(storm.app)
    peak = warm
    curve = [(storm.events, round(base, 1))]
    wall, cpu = time.perf_counter(), time.process_time()
    next_report = storm.events + every

    def progress(s: RandomInput) -> None:
        nonlocal next_report, peak
        if s.events >= next_report:
            next_report += every
            now = rss_mb()
            peak = max(peak, now)
            settled = settled_rss_mb()
            neutral = neutral_rss_mb(s.app)
            curve.append((s.events, round(neutral, 1)))
            rate = (s.events - warmup) / max(1e-9, time.perf_counter() - wall)
            print(f"[{mode}] {s.events:>9} events  {rate:6.0f}/s  failed frames {s.failed_frames}  "
                  f"RSS {now:7.1f} MB as the storm left it ({settled:7.1f} after a collection), "
                  f"{neutral:7.1f} MB at the title with the caches emptied (growth {neutral - base:+.1f} MB "
                  f"since the warm-up)  quits {s.quits}", file=sys.stderr, flush=True)

    storm.run(events, on_burst=progress)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    left = settled_rss_mb()
    peak = max(peak, left)
    end = neutral_rss_mb(storm.app)
    curve.append((storm.events, round(end, 1)))
    storm.app.close()
    measured = storm.events - warmup
    return {"mode": mode, "events": storm.events, "frames": storm.frames, "quits": storm.quits,
            "failed_frames": storm.failed_frames, "failures": storm.failures[:5],
            "events_per_s_wall": round(measured / max(wall, 1e-9)),
            "events_per_s_cpu": round(measured / max(cpu, 1e-9)),
            "rss_after_warmup_mb": round(base, 1), "rss_end_mb": round(end, 1), "rss_peak_mb": round(peak, 1),
            "rss_growth_mb": round(end - base, 1), "rss_curve_mb": curve,
            "rss_as_left_after_warmup_mb": round(warm, 1), "rss_as_left_at_end_mb": round(left, 1),
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
                  f"failed frames {r['failed_frames']}; RSS at the title with the caches emptied "
                  f"{r['rss_after_warmup_mb']} -> {r['rss_end_mb']} MB after the warm-up and at the end "
                  f"(growth {r['rss_growth_mb']:+} MB; as the storm left it {r['rss_as_left_after_warmup_mb']} -> "
                  f"{r['rss_as_left_at_end_mb']} MB, peak {r['rss_peak_mb']} MB)")
            print("  growth curve (events: MB): " + ", ".join(f"{e}: {mb}" for e, mb in r["rss_curve_mb"]))
            for failure in r["failures"]:
                print("  " + failure.replace("\n", "\n  "))
    return 0 if all(r["failed_frames"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
