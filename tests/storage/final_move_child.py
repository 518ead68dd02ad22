"""Run by test_autosave_writer.py: one ritual played through the App's own game_changed (the
autosave after every move; at the end the result recorded and the autosave removed), with each
write of stats.json slowed by 50 ms so that a kill can land inside the final step. Prints
`<seed> ending` just before the final move is handed over and `<seed> ended` after; the test
kills it (SIGKILL) at a random moment of that step."""

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from aleph_null_desktop.engine import new_game  # noqa: E402
from aleph_null_desktop.storage import files, paths  # noqa: E402
from aleph_null_desktop.ui.app import App  # noqa: E402

_write = files.write_json_atomic


def slow_stats_write(path, obj, **kwargs):
    if Path(path).name == paths.STATS_FILE:
        time.sleep(0.05)
    return _write(path, obj, **kwargs)


def main(rng_seed: int) -> None:
    files.write_json_atomic = slow_stats_write
    pygame.init()
    app = App(pygame.Surface((64, 64)))
    app.persist = True
    rng = random.Random(rng_seed)
    seed = rng.randrange(1, 2**31)
    game = new_game(seed=seed, circle="adept")
    print("ready", seed, flush=True)
    while game.outcome is None:
        game.apply(rng.choice(game.legal_commands()))
        if game.outcome is not None:
            print(seed, "ending", flush=True)
        app.game_changed(game, "adept")
    print(seed, "ended", flush=True)
    time.sleep(60)  # the kill comes before this ends


if __name__ == "__main__":
    main(int(sys.argv[1]))
