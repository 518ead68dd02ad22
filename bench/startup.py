"""Start-up time: from launching the game to its first frame, from source and frozen.

    python bench/startup.py                      # source, and dist/aleph-null/aleph-null if built
    python bench/startup.py --frozen /tmp/dist/aleph-null/aleph-null --runs 7
    python bench/startup.py --display            # use the real display and sound card, not dummies

Budgets (DESIGN.md): <= 1.0 s from source, <= 2.0 s frozen, launch to the first interactive frame.

How "first frame" is observed, best first:
  hook    the game honours ALEPH_NULL_EXIT_AFTER_FIRST_FRAME=1 (quit right after the first
          present): the time from launch to exit. Works for source and frozen alike.
  probe   (source only) a wrapper patches App.present to report the first frame presented and
          exit at once: exact, with no help from the game.
  bracket (frozen, without the hook) a lower bound, launch to the audio start-up log line that
          run() writes just before the title scene's first frame, and an upper bound, launch to
          the exit of --smoke-test (which also plays two scripted turns).
Each figure is the median of --runs launches after one warm-up launch. The dummy SDL drivers
are the default (this measures the game, not the window manager); --display uses the real ones.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_BUDGET, FROZEN_BUDGET = 1.0, 2.0
HOOK_ENV = "ALEPH_NULL_EXIT_AFTER_FIRST_FRAME"
HOOK_TIMEOUT = 8.0
MARK = "ALEPH-NULL-BENCH-FIRST-FRAME"

PROBE = f"""
import os, sys
import pygame
from aleph_null_desktop.ui.app import App
_present = App.present
def _first_present(self):
    shown = _present(self)
    if shown:
        print({MARK!r}, flush=True)
        os._exit(0)
    return shown
App.present = _first_present
from aleph_null_desktop.cli import main
sys.exit(main([]))
"""


def environment(display: bool) -> dict[str, str]:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not display:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop(HOOK_ENV, None)
    return env


def _launch(cmd: list[str], env: dict[str, str], **kwargs) -> subprocess.Popen:
    # its own process group, so that stopping it also stops the child a one-file build forks
    if os.name == "posix":
        kwargs["start_new_session"] = True
    return subprocess.Popen(cmd, cwd=ROOT, env=env, **kwargs)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        if os.name == "posix":
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        else:
            proc.kill()
    proc.wait()


def time_to_exit(cmd: list[str], env: dict[str, str], timeout: float) -> float | None:
    """Seconds from launch to a clean exit, or None (non-zero exit, or still running at timeout)."""
    started = time.perf_counter()
    proc = _launch(cmd, env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        code = proc.wait(timeout=timeout)
        elapsed = time.perf_counter() - started
    except subprocess.TimeoutExpired:
        return None
    finally:
        _stop(proc)
    return elapsed if code == 0 else None


def time_to_line(cmd: list[str], env: dict[str, str], needle: str, timeout: float = 30.0) -> float | None:
    """Seconds from launch until a line containing `needle` appears on stdout or stderr."""
    started = time.perf_counter()
    proc = _launch(cmd, env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    found = None
    try:
        for line in proc.stdout:
            if needle in line:
                found = time.perf_counter() - started
                break
            if time.perf_counter() - started > timeout:
                break
    finally:
        _stop(proc)
    return found


def median_of(measure, runs: int) -> float | None:
    measure()  # warm-up: file caches, first-run bytecode compilation
    values = [measure() for _ in range(runs)]
    if any(v is None for v in values):
        return None
    return statistics.median(values)


def hook_supported(cmd: list[str], env: dict[str, str]) -> bool:
    return time_to_exit(cmd, dict(env, **{HOOK_ENV: "1"}), HOOK_TIMEOUT) is not None


def bench_source(runs: int, env: dict[str, str]) -> list[tuple[str, str, float | None]]:
    cmd = [sys.executable, "-m", "aleph_null_desktop"]
    rows = []
    if hook_supported(cmd, env):
        hook_env = dict(env, **{HOOK_ENV: "1"})
        rows.append(("source", "hook: launch to exit after the first frame",
                     median_of(lambda: time_to_exit(cmd, hook_env, HOOK_TIMEOUT), runs)))
    probe = [sys.executable, "-c", PROBE]
    rows.append(("source", "probe: launch to the first present",
                 median_of(lambda: time_to_line(probe, env, MARK), runs)))
    rows.append(("source", "launch to the audio start-up line (for the frozen estimate)",
                 median_of(lambda: time_to_line(cmd, env, "Audio:"), runs)))
    rows.append(("source", "launch to exit of --version",
                 median_of(lambda: time_to_exit(cmd + ["--version"], env, 30), runs)))
    return rows


def bench_frozen(exe: Path, runs: int, env: dict[str, str]) -> list[tuple[str, str, float | None]]:
    cmd = [str(exe)]
    rows = []
    if hook_supported(cmd, env):
        hook_env = dict(env, **{HOOK_ENV: "1"})
        rows.append(("frozen", "hook: launch to exit after the first frame",
                     median_of(lambda: time_to_exit(cmd, hook_env, HOOK_TIMEOUT), runs)))
    else:
        rows.append(("frozen", "lower bound: launch to the audio start-up line (just before frame 1)",
                     median_of(lambda: time_to_line(cmd, env, "Audio:"), runs)))
        rows.append(("frozen", "upper bound: launch to exit of --smoke-test (2 scripted turns)",
                     median_of(lambda: time_to_exit(cmd + ["--smoke-test"], env, 120), runs)))
    rows.append(("frozen", "launch to exit of --version",
                 median_of(lambda: time_to_exit(cmd + ["--version"], env, 30), runs)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Launch-to-first-frame time, from source and frozen.")
    parser.add_argument("--runs", type=int, default=5, help="launches per figure (median; default 5)")
    parser.add_argument("--frozen", type=Path, default=ROOT / "dist" / "aleph-null" / "aleph-null",
                        help="the frozen executable (default dist/aleph-null/aleph-null)")
    parser.add_argument("--no-source", action="store_true", help="only the frozen build")
    parser.add_argument("--display", action="store_true", help="real video/audio drivers, not dummies")
    args = parser.parse_args(argv)
    env = environment(args.display)

    rows = []
    if not args.no_source:
        rows += bench_source(args.runs, env)
    exe = args.frozen.with_suffix(".exe") if sys.platform == "win32" else args.frozen
    if exe.is_file():
        rows += bench_frozen(exe, args.runs, env)
        figures = {(kind, what.split(":")[0]): value for kind, what, value in rows}
        first, line = figures.get(("source", "probe")), figures.get(("source", "launch to the audio start-up line (for the frozen estimate)"))
        low = figures.get(("frozen", "lower bound"))
        if None not in (first, line, low):
            rows.append(("frozen", "estimate: lower bound + the source's audio-line-to-first-frame time",
                         low + max(0.0, first - line)))
    else:
        print(f"(no frozen build at {exe}: build it with python packaging/build.py)")

    drivers = "real display/audio" if args.display else "dummy SDL drivers"
    print(f"start-up, median of {args.runs} launches after a warm-up, {drivers}, {os.cpu_count()} CPUs")
    for kind, what, seconds in rows:
        budget = SOURCE_BUDGET if kind == "source" else FROZEN_BUDGET
        figure = "   n/a " if seconds is None else f"{seconds:6.3f} s"
        judged = what.startswith(("hook", "probe", "estimate", "upper bound"))
        verdict = "" if seconds is None or not judged else (
            "  within budget" if seconds <= budget else f"  OVER the {budget:.1f} s budget")
        print(f"  {kind:6}  {figure}  {what}{verdict}")
    if not any(kind == "frozen" and "hook" in what for kind, what, _ in rows) and exe.is_file():
        print(f"  note: the game does not honour {HOOK_ENV}=1; the frozen figure is a bracket")
    return 0


if __name__ == "__main__":
    sys.exit(main())
