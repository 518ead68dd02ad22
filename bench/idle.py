"""What the game costs while the player only looks: CPU time of the game's process, in a real X
window, on the title and on a still table (issue 33).

    python bench/idle.py [--seconds 20] [--repeat 1] [--against REV] [--json]

Budget (DESIGN.md): ≤ 3 % of one core on each screen.

Starts its own X server (Xvfb, software rendering: `apt-get install xvfb xdotool`) on a free
display number, launches the game from this checkout (`python -m aleph_null_desktop --windowed`)
with the player's folders in a temporary folder (settings written first, so no first-start lesson
is offered), waits for its window, lets the title settle, then reads the process's CPU time
(/proc/PID/stat: user + system, every thread of the process, the renderer's included) over
`--seconds` of wall time. Then it presses 1 (a ritual of the first Circle begins at once), lets the
cards be dealt, and reads the still table the same way. The sound is SDL's dummy device (the
music is decoded and mixed as for a player, into nothing).

`--against REV` measures the game of a git revision too (extracted with `git archive`), one run of
each in turn per repeat, so both see the same load. The figures are the median over the repeats.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 0.03  # of one core
SETTLE_TITLE = 4.0  # seconds after the window shows: the title's music starts, the first frames pass
SETTLE_TABLE = 6.0  # seconds after the key: the cards are dealt, the Hour's track fades in
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the process (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def share_of_a_core(pid: int, seconds: float) -> float:
    cpu, wall = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return (cpu_seconds(pid) - cpu) / (time.monotonic() - wall)


def start_x() -> tuple[subprocess.Popen, str]:
    for number in range(90, 140):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        display = f":{number}"
        server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if server.poll() is not None:
                break
            if subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                              capture_output=True).returncode == 0:
                return server, display
            time.sleep(0.1)
        server.kill()
        server.wait()
    raise RuntimeError("no X server could be started (is Xvfb installed?)")


def player_folders(into: Path, code_root: Path) -> dict[str, str]:
    """Temporary player folders with settings saved (windowed, English): no first-start lesson."""
    env = {name: str(into / name.lower()) for name in
           ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME")}
    write = ("from aleph_null_desktop import storage\n"
             "from aleph_null_desktop.storage import Settings\n"
             "import sys\n"
             "sys.exit(1 if storage.save_settings(Settings(language='en', fullscreen=False)) else 0)\n")
    subprocess.run([sys.executable, "-c", write], check=True,
                   env=dict(os.environ, **env, PYTHONPATH=str(code_root)))
    return env


def measure(code_root: Path, seconds: float) -> dict[str, float]:
    """{"title": share, "table": share} of one core, for the game in `code_root`."""
    server, display = start_x()
    folder = Path(tempfile.mkdtemp(prefix="aleph-idle-"))
    game = None
    try:
        env = dict(os.environ, **player_folders(folder, code_root), DISPLAY=display, PYTHONPATH=str(code_root),
                   SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        game = subprocess.Popen([sys.executable, "-m", "aleph_null_desktop", "--windowed"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder)
        window = game_window(env)
        time.sleep(SETTLE_TITLE)
        title = share_of_a_core(game.pid, seconds)
        subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "1"], env=env, check=True, timeout=10)
        time.sleep(SETTLE_TABLE)
        table = share_of_a_core(game.pid, seconds)
        if game.poll() is not None:
            raise RuntimeError(f"the game stopped (exit code {game.returncode})")
        return {"title": title, "table": table}
    finally:
        if game is not None and game.poll() is None:
            game.terminate()
            try:
                game.wait(10)
            except subprocess.TimeoutExpired:
                game.kill()
                game.wait()
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


def game_window(env: dict[str, str], timeout: float = 60.0) -> str:
    """The id of the game's window, once it shows (the X server is the bench's own: no other windows)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", "."], env=env,
                               capture_output=True, text=True)
        for window in found.stdout.split():
            name = subprocess.run(["xdotool", "getwindowname", window], env=env, capture_output=True, text=True)
            if name.stdout.strip() == "Aleph Null":
                return window
        time.sleep(0.2)
    raise RuntimeError("the game's window did not show")


def extract(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "aleph_null_desktop", "assets", "music"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall seconds measured on each screen")
    parser.add_argument("--repeat", type=int, default=1, help="runs; the median is reported")
    parser.add_argument("--against", metavar="REV", help="also measure the game of this git revision")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            print(f"bench/idle.py needs {tool} (apt-get install xvfb xdotool)", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(prefix="aleph-idle-rev-") as tmp:
        roots = {"this checkout": ROOT}
        if args.against:
            roots = {args.against: extract(args.against, Path(tmp)), **roots}
        runs: dict[str, list[dict]] = {name: [] for name in roots}
        for _ in range(max(1, args.repeat)):
            for name, root in roots.items():
                runs[name].append(measure(root, args.seconds))
    results = {name: {screen: round(statistics.median(r[screen] for r in rows), 4) for screen in ("title", "table")}
               for name, rows in runs.items()}
    load = Path("/proc/loadavg").read_text().split()[:3]
    if args.json:
        print(json.dumps({"results": results, "seconds": args.seconds, "repeat": args.repeat, "loadavg": load}))
    else:
        print(f"CPU of the game's process in an Xvfb window, {args.seconds:g} s on each screen, median of "
              f"{args.repeat}; budget {BUDGET:.0%} of a core; load average now {' '.join(load)}")
        for name, figures in results.items():
            print(f"  {name:<16} title {figures['title']:7.2%}   still table {figures['table']:7.2%}")
    mine = results["this checkout"]
    return 0 if mine["title"] <= BUDGET and mine["table"] <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
