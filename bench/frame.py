"""Frame time of a busy table at 1920×1080 (software rendering, headless): prints p50 and p99.

Budget (DESIGN.md): p99 ≤ 8 ms on one core. Run: python bench/frame.py [frames]
The table: 12 cards in play, 7 in hand, full piles, a long log, a card being dragged over the
play area (drop zones glowing) and hover lifts moving across the hand.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from aleph_null_desktop.engine import Game  # noqa: E402
from aleph_null_desktop.ui.app import App, open_window  # noqa: E402

BUSY = {
    "hour": 3, "power": 2, "tokens": 2, "damage": 1,
    "play": ["book_of_pacts", "wand_of_power", "salamander", "golem", "wealthy_tanist", "sexton",
             "chasuble", "wax_candle", "boline", "bell", "besom", "incense"],
    "hand": ["wax_candle", "sylph", "gnome", "pentacle", "undine", "mandrake_root", "vitriol"],
    "deck": ["learned_tanist", "silent_tanist", "faithful_tanist", "zealous_tanist", "exorcised_water"],
    "discard": ["wax_candle", "sacrificial_lamb", "circle_of_protection"],
    "sacrificed": ["grand_circle"],
    "set_aside": ["rumjal", "ill_omen"],
}


def main(frames: int = 600) -> None:
    pygame.init()
    app = App(open_window())
    app.play(Game.from_scenario(BUSY), "adept")
    table = app.stack.top
    for i in range(200):
        table.log.add(f"Line {i} of a long ritual: something was drawn, summoned or sacrificed.")
    hand = [c.uid for c in table.game.zone("hand")]
    for _ in range(30):  # settle, and fill the card cache as the first frames of a game would
        app.step(1 / 60)
    # pick up a hand card and keep it in the air over the play area
    start = tuple(map(round, table.sprites[hand[0]].target.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1))
    times = []
    for n in range(frames):
        x = 400 + (n * 7) % 1100
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 300 + (n % 200)), rel=(7, 1),
                                             buttons=(1, 0, 0)))
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    assert table.drag is not None, "the bench lost its dragged card"
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"busy table 1920x1080, {frames} frames: p50 {p50:.2f} ms, p99 {p99:.2f} ms (budget 8 ms)")
    pygame.quit()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
