"""Frame cost of the table as a player uses it: CPU time per frame, the present (`display.flip`) included.

Budget (DESIGN.md, issue 13): p99 ≤ 8 ms in every scenario (aim for 4 ms); RSS growth ≤ 10 MB
over 200 summon/undo cycles.

    python bench/frame.py [--frames N] [--repeat R] [--json] [--against REV]

The window is the game's own (SCALED 1920×1080; headless with the dummy driver unless
SDL_VIDEODRIVER says otherwise). Each frame is `app.step()` + the game's own present, timed with
`time.thread_time()` (CPU time of this thread: unaffected by other processes on a shared
machine). The present is `app.present()` (skipped when the frame left the screen as it was; the
regions that changed, or the whole screen, copied to the window's texture: ui.window_present), or
`display.flip()` for a revision without it; `--flip-every-frame` flips after
every frame all the same (what a frame costs when it changes the screen). Each scenario runs `frames` frames `repeat` times; a scenario's figures are the
median over the repeats of each run's p50 / p99 / max.

`--against REV` also measures the game of a git revision (extracted with `git archive` into a
temporary directory) with this same bench: each repeat runs once for that revision and once for
this checkout, in fresh processes one after the other, so both see the same load; the figures
(medians over the repeats) are printed side by side.

Scenarios, all on a busy table (12 cards in play, 7 in hand, full piles, a long log):
  idle       nothing happens
  hover      the mouse sweeps back and forth across the hand (cards lift and drop)
  drag       a hand card is dragged across the table (drop zones glowing)
  zoom       a card is opened large (right-click), read, closed; the mouse goes to the next one
             and rests on it 8 frames (133 ms) before it is opened
  animation  summon / sacrifice / draw / undo cycles, the cards flying (each command 10 frames apart)
  hour       the turn ends with the deck running short: the Hour changes
  hour-first-frame  only the first frame after that Space (the Hour's new page, track and banner),
             one a table, max(10, frames / 60) tables
and the other screens a player meets, each with the mouse moving over it every frame (a screen
that does not change is not drawn at all: ui.frame_loop):
  grimoire-open  F1 over the busy table, 20 frames, Esc, 20 frames, again
  grimoire-turn  the book open over the table, a page turned (→ or ←) every 30 frames
  editor-typing  the card editor's name field, a letter typed every frame (Backspace now and then)
  statistics     the statistics of 40 recorded rituals
  settings       the settings screen
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from aleph_null_desktop.engine import Activate, Game, Summon  # noqa: E402
from aleph_null_desktop.ui.app import App, open_window  # noqa: E402

BUSY = {
    "hour": 3, "power": 2, "tokens": 2, "damage": 1,
    "play": ["book_of_pacts", "wand_of_power", "salamander", "golem", "wealthy_tanist", "sexton",
             "chasuble", "wax_candle", "boline", "bell", "besom", "incense"],
    "hand": ["wax_candle", "sylph", "gnome", "pentacle", "undine", "mandrake_root", "vitriol"],
    "deck": ["learned_tanist", "silent_tanist", "faithful_tanist", "zealous_tanist", "exorcised_water",
             "sylph", "gnome", "undine", "wax_candle", "bell"],
    "discard": ["wax_candle", "sacrificial_lamb", "circle_of_protection"],
    "sacrificed": ["grand_circle"],
    "set_aside": ["rumjal", "ill_omen"],
}
# ending the turn with two cards in the deck: the draw comes up short and the Hour turns
HOUR_CHANGE = dict(BUSY, power=0, tokens=0, damage=0, deck=["sylph", "gnome"], discard=[])
RSS_CYCLES = 200
SETTLE_FRAMES = 90  # 1.5 s: a fresh table settles (and draws ahead the faces it may show) before the first input


def post(kind, **data) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def key(k, mod=0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


class Bench:
    def __init__(self, flip_every_frame: bool = False) -> None:
        pygame.init()
        self.app = App(open_window(), seed=7)
        self.jitter = random.Random(7)
        present = getattr(self.app, "present", None)
        self.present = pygame.display.flip if flip_every_frame or present is None else present

    @property
    def table(self):
        return self.app.stack.top

    def open(self, scenario: dict) -> None:
        self.app.play(Game.from_scenario(scenario), "adept")
        for i in range(200):
            self.table.log.add(f"Line {i} of a long ritual: something was drawn, summoned or sacrificed.")
        pygame.event.clear()
        self.idle(SETTLE_FRAMES)  # a player looks at a fresh table a moment before acting

    def idle(self, frames: int) -> None:
        for _ in range(frames):
            self.app.step(1 / 60)
            self.present()

    def frame(self) -> float:
        t0 = time.thread_time()
        self.app.step(1 / 60)
        self.present()
        return (time.thread_time() - t0) * 1000

    def centre(self, uid: int) -> tuple[int, int]:
        return tuple(map(round, self.table.sprites[uid].target.center))

    # ------------------------------------------------------------------ scenarios
    def idle_scenario(self, frames: int) -> list[float]:
        self.open(BUSY)
        post(pygame.MOUSEMOTION, pos=(1000, 690), rel=(0, 0), buttons=(0, 0, 0))
        return [self.frame() for _ in range(frames)]

    def hover(self, frames: int) -> list[float]:
        self.open(BUSY)
        hand = self.table.rects["hand"]
        y = hand.centery
        times = []
        for n in range(frames):
            phase = (n * 9) % (2 * hand.w)
            x = hand.x + (phase if phase < hand.w else 2 * hand.w - phase)
            post(pygame.MOUSEMOTION, pos=(x, y), rel=(9, 0), buttons=(0, 0, 0))
            times.append(self.frame())
        return times

    def drag(self, frames: int) -> list[float]:
        self.open(BUSY)
        hand = [c.uid for c in self.table.game.zone("hand")]
        post(pygame.MOUSEBUTTONDOWN, pos=self.centre(hand[0]), button=1, clicks=1)
        times = []
        for n in range(frames):
            x = 400 + (n * 7) % 1100
            post(pygame.MOUSEMOTION, pos=(x, 300 + (n % 200)), rel=(7, 1), buttons=(1, 0, 0))
            times.append(self.frame())
        controls = getattr(self.table, "controls", self.table)  # (--against a revision before TableControls)
        assert controls.drag is not None, "the bench lost its dragged card"
        return times

    def zoom(self, frames: int) -> list[float]:
        self.open(BUSY)
        cards = [c.uid for c in self.table.game.zone("play")] + [c.uid for c in self.table.game.zone("hand")]
        times = []
        for n in range(frames):
            card = self.centre(cards[(n // 40) % len(cards)])
            if n % 40 == 0:  # open the next card large
                post(pygame.MOUSEBUTTONDOWN, pos=card, button=3, clicks=1)
                post(pygame.MOUSEBUTTONUP, pos=card, button=3)
            elif n % 40 == 30:  # and close it
                post(pygame.MOUSEBUTTONDOWN, pos=(1000, 690), button=1, clicks=1)
                post(pygame.MOUSEBUTTONUP, pos=(1000, 690), button=1)
            elif n % 40 >= 32:  # the hand goes to the next card and rests on it (a quarter second at most)
                nxt = self.centre(cards[(n // 40 + 1) % len(cards)])
                post(pygame.MOUSEMOTION, pos=(nxt[0] + n % 3, nxt[1]), rel=(1, 0), buttons=(0, 0, 0))
            else:
                post(pygame.MOUSEMOTION, pos=(900 + n % 50, 500), rel=(1, 0), buttons=(0, 0, 0))
            times.append(self.frame())
        return times

    def _cycle_commands(self):
        """One summon/sacrifice/draw cycle of commands on the busy table (then undone)."""
        game = self.table.game
        legal = game.legal_commands()
        summons = [c for c in legal if isinstance(c, Summon)]
        sacrifices = [c for c in legal if isinstance(c, Activate) and c.action in ("sacrifice", "unmake", "absolve")]
        return summons[:1] + sacrifices[:1]

    def animation(self, frames: int) -> list[float]:
        """Every 20 frames a step: a summon then (10 frames later) a sacrifice, or two undos 10 frames
        apart, or Incense's draw; each command has frames of its own, as a player's do (two in one
        frame fast-forward the first motion to sizes no player sees)."""
        self.open(BUSY)
        times = []
        step = 0
        while len(times) < frames:
            table = self.table
            if step % 3 == 2 and table.game.can_undo:
                commands = [None, None]  # Ctrl+Z, twice
            elif step % 7 == 6:  # a draw cannot be undone: open a fresh table afterwards
                commands = [c for c in table.game.legal_commands() if isinstance(c, Activate)
                            and c.action == "fumigate"][:1]  # Incense: scrapped, two cards drawn
            else:
                commands = self._cycle_commands()
            for n in range(2):
                if n < len(commands):
                    if commands[n] is None:
                        if table.game.can_undo:
                            key(pygame.K_z, pygame.KMOD_CTRL)
                    elif n == 0 or commands[n] in table.game.legal_commands():
                        table.submit(commands[n])
                    while table.modal is not None and table.game.pending is not None:  # answer what it asks
                        table.submit(table.game.legal_commands()[0])
                for _ in range(10):
                    times.append(self.frame())
            if not table.game.can_undo or table.game.outcome is not None:
                self.open(BUSY)
            step += 1
        return times[:frames]

    def hour(self, frames: int) -> list[float]:
        times = []
        while len(times) < frames:
            self.open(HOUR_CHANGE)
            key(pygame.K_SPACE)
            for _ in range(120):
                times.append(self.frame())
        return times[:frames]

    def hour_first_frame(self, frames: int) -> list[float]:
        times = []
        for _ in range(max(10, frames // 60)):
            self.open(HOUR_CHANGE)
            key(pygame.K_SPACE)
            times.append(self.frame())
        return times

    def _sweep(self, n: int) -> None:
        """The mouse moves across the screen (zigzag), one step a frame."""
        post(pygame.MOUSEMOTION, pos=(100 + (n * 37) % 1700, 150 + (n * 23) % 800), rel=(1, 1), buttons=(0, 0, 0))

    def grimoire_open(self, frames: int) -> list[float]:
        self.open(BUSY)
        times = []
        for n in range(frames):
            if n % 40 == 0:
                key(pygame.K_F1)
            elif n % 40 == 20:
                key(pygame.K_ESCAPE)
            else:
                post(pygame.MOUSEMOTION, pos=(960 + n % 40, 540), rel=(1, 0), buttons=(0, 0, 0))
            times.append(self.frame())
        return times

    def grimoire_turn(self, frames: int) -> list[float]:
        self.open(BUSY)
        key(pygame.K_F1)
        self.idle(30)
        times = []
        for n in range(frames):
            if n % 30 == 0:
                key(pygame.K_RIGHT if (n // 30) % 8 < 4 else pygame.K_LEFT)
            else:
                post(pygame.MOUSEMOTION, pos=(960 + n % 40, 540), rel=(1, 0), buttons=(0, 0, 0))
            times.append(self.frame())
        return times

    def editor_typing(self, frames: int) -> list[float]:
        from aleph_null_desktop.ui.editor.edit_scene import EditScene

        self.app.show_title()
        key(pygame.K_e)
        self.idle(10)
        self.app.stack.top.new_card()
        self.idle(10)
        editor = self.app.stack.top
        assert isinstance(editor, EditScene), editor
        editor.name_field.focus()
        letters = "Salamander of the Seventh Hour "
        times = []
        for n in range(frames):
            if n % 40 == 39:
                for _ in range(12):
                    key(pygame.K_BACKSPACE)
            else:
                post(pygame.TEXTINPUT, text=letters[n % len(letters)])
            times.append(self.frame())
        return times

    def _title_screen(self, k: int, frames: int) -> list[float]:
        self.app.show_title()
        self.idle(5)
        key(k)
        self.idle(10)
        times = []
        for n in range(frames):
            self._sweep(n)
            times.append(self.frame())
        return times

    def statistics(self, frames: int) -> list[float]:
        self.app.persist = True  # the statistics are read from the player's folder
        try:
            return self._title_screen(pygame.K_t, frames)
        finally:
            self.app.persist = False

    def settings(self, frames: int) -> list[float]:
        return self._title_screen(pygame.K_s, frames)

    def rss_growth(self, cycles: int = RSS_CYCLES) -> float:
        self.open(BUSY)
        for _ in range(2):  # warm up: the resting sizes of these cards are drawn once
            self._summon_undo()
        before = rss_mb()
        for _ in range(cycles):
            self._summon_undo()
        return rss_mb() - before

    def _summon_undo(self) -> None:
        table = self.table
        done = sum(bool(table.submit(cmd)) for cmd in self._cycle_commands())
        for _ in range(8):  # frame times vary in a real game: so do the in-between sizes of a motion
            self.app.step(self.jitter.uniform(0.008, 0.03))
        for _ in range(done):
            if table.game.can_undo:
                table.undo()
        for _ in range(8):
            self.app.step(self.jitter.uniform(0.008, 0.03))


def rss_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak, on systems without /proc


SCENARIOS = ("idle", "hover", "drag", "zoom", "animation", "hour", "hour-first-frame", "grimoire-open",
             "grimoire-turn", "editor-typing", "statistics", "settings")


def recorded_rituals(count: int = 40) -> None:
    """Player folders in a temporary folder, with `count` rituals in the statistics."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="aleph-frame-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(folder / name.lower())
    from aleph_null_desktop.engine.cards import circles
    from aleph_null_desktop.storage import record_game

    ids, rng = list(circles()), random.Random(3)
    for n in range(count):
        won = rng.random() < 0.4
        record_game({"circle": ids[n % len(ids)], "won": won, "score": rng.randrange(0, 60) if won else None,
                     "rank": None, "reason": None if won else "damage", "hour": rng.randrange(1, 7),
                     "turns": rng.randrange(5, 40), "pack": None})


def summarise(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"p50_ms": statistics.median(ordered),
            "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
            "max_ms": ordered[-1]}


def run(frames: int, repeat: int, only: tuple[str, ...] = SCENARIOS, flip_every_frame: bool = False) -> dict:
    recorded_rituals()
    bench = Bench(flip_every_frame)
    scenarios = {}
    for name in only:
        method = getattr(bench, "idle_scenario" if name == "idle" else name.replace("-", "_"))
        runs = [summarise(method(frames)) for _ in range(repeat)]
        scenarios[name] = {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}
    result = {"scenarios": scenarios, "rss_growth_mb": round(bench.rss_growth(), 2)}
    pygame.quit()
    return result


ROOT = Path(__file__).resolve().parent.parent


def _extract(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "aleph_null_desktop", "assets"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def _run_in(root: Path, frames: int, only: tuple[str, ...], flip_every_frame: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, __file__, "--frames", str(frames), "--repeat", "1", "--json",
                          "--scenarios", ",".join(only)] + (["--flip-every-frame"] if flip_every_frame else []),
                         check=True, capture_output=True, text=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def against(rev: str, frames: int, repeat: int, only: tuple[str, ...] = SCENARIOS,
            flip_every_frame: bool = False) -> dict[str, dict]:
    """{name: result} for the revision and this checkout, each the median of `repeat` interleaved runs."""
    with tempfile.TemporaryDirectory(prefix="aleph-frame-") as tmp:
        roots = {rev: _extract(rev, Path(tmp)), "this checkout": ROOT}
        runs: dict[str, list[dict]] = {name: [] for name in roots}
        for _ in range(repeat):
            for name, root in roots.items():
                runs[name].append(_run_in(root, frames, only, flip_every_frame))
    results = {}
    for name, results_of in runs.items():
        scenarios = {scenario: {k: round(statistics.median(r["scenarios"][scenario][k] for r in results_of), 3)
                                for k in results_of[0]["scenarios"][scenario]}
                     for scenario in results_of[0]["scenarios"]}
        results[name] = {"scenarios": scenarios,
                         "rss_growth_mb": round(statistics.median(r["rss_growth_mb"] for r in results_of), 2)}
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames per scenario run (at least 600)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per scenario; the median is reported")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--against", metavar="REV", help="also measure the game of this git revision")
    parser.add_argument("--flip-every-frame", action="store_true",
                        help="flip after every frame, even one that left the screen as it was")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS),
                        help="which scenarios, separated by commas (default: all)")
    args = parser.parse_args(argv)
    only = tuple(name.strip() for name in args.scenarios.split(",") if name.strip())
    unknown = [name for name in only if name not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenarios {unknown}; known: {', '.join(SCENARIOS)}")
    if args.against:
        results = against(args.against, max(1, args.frames), max(1, args.repeat), only, args.flip_every_frame)
        if args.json:
            print(json.dumps(results))
            return 0
        old, new = results[args.against], results["this checkout"]
        print(f"busy table 1920x1080, CPU ms per frame (the present included), {args.frames} frames, "
              f"median of {args.repeat} interleaved runs; budget p99 ≤ 8 ms")
        print(f"  {'':<16} {args.against[:12]:>22}   {'this checkout':>22}")
        print(f"  {'':<16} {'p50':>7} {'p99':>7} {'max':>7}   {'p50':>7} {'p99':>7} {'max':>7}")
        for name in new["scenarios"]:
            if name not in old["scenarios"]:
                continue
            a, b = old["scenarios"][name], new["scenarios"][name]
            print(f"  {name:<16} " + " ".join(f"{a[k]:7.2f}" for k in ("p50_ms", "p99_ms", "max_ms")) + "   "
                  + " ".join(f"{b[k]:7.2f}" for k in ("p50_ms", "p99_ms", "max_ms")))
        print(f"  RSS growth over {RSS_CYCLES} summon/undo cycles: {old['rss_growth_mb']:.1f} MB -> "
              f"{new['rss_growth_mb']:.1f} MB (budget 10)")
        return 0
    result = run(max(1, args.frames), max(1, args.repeat), only, args.flip_every_frame)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"busy table 1920x1080, CPU time per frame (the present included), {args.frames} frames "
          f"× {args.repeat}; budget p99 ≤ 8 ms")
    for name, figures in result["scenarios"].items():
        print(f"  {name:<16} p50 {figures['p50_ms']:6.2f}  p99 {figures['p99_ms']:6.2f}  "
              f"max {figures['max_ms']:6.2f} ms")
    print(f"RSS growth over {RSS_CYCLES} summon/undo cycles: {result['rss_growth_mb']:.1f} MB (budget 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
