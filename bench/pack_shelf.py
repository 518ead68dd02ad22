"""How long the frame loop waits when the Grimoire's ritual page (or the card packs screen) opens
over ten card packs of about 1 MB each (issue 29: 4.4 s, PackShelf.load() on the frame thread at
every opening).

    python bench/pack_shelf.py [--packs N] [--repeat R] [--screen grimoire|packs]

Ten valid packs of 200 added interference cards, each card's flavour in a dozen languages, are
written into a private data folder. Then, R times: a new GrimoireScene in ritual mode is made and
one frame stepped (what the frame loop waits for), the first time with packs never read in this
process, then again (read before). Figures: wall and CPU seconds on the frame thread, median over
the repeats, and the seconds until the packs are on the shelf. Run it against an older checkout
with PYTHONPATH pointing there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time


def make_packs(folder: str, n: int) -> None:
    from aleph_null_desktop.engine.cards import load_builtin_cards

    base = dict(load_builtin_cards()["ill_omen"].data)
    languages = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "fi", "cs"]
    flavour = "The candles gutter and the ink runs; " * 10
    for p in range(n):
        cards = [dict(base, id=f"bench_{p}_{i}", name={"en": f"Omen {p}-{i}"},
                      flavour={lang: flavour[:372] for lang in languages}) for i in range(200)]
        doc = {"schema": 1, "name": f"Bench pack {p}", "cards": cards}
        with open(os.path.join(folder, f"bench_{p}.json"), "w", encoding="utf-8") as fh:
            json.dump(doc, fh, separators=(",", ":"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packs", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--screen", choices=("grimoire", "packs"), default="grimoire")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="pack-bench-")
    os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from aleph_null_desktop.storage import paths
    from aleph_null_desktop.ui.app import App, open_window
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene
    from aleph_null_desktop.ui.grimoire.scene import GrimoireScene

    def opened(app):
        return GrimoireScene(app, mode="ritual") if args.screen == "grimoire" else PacksScene(app)

    make_packs(str(paths.card_packs_dir()), args.packs)
    sizes = [os.path.getsize(os.path.join(paths.card_packs_dir(), f)) for f in os.listdir(paths.card_packs_dir())]
    pygame.init()
    app = App(open_window())
    figures = {"first": [], "again": []}
    for run in range(args.repeat):
        if run:  # packs never read in this process: new files of the same content
            for name in os.listdir(paths.card_packs_dir()):
                path = os.path.join(paths.card_packs_dir(), name)
                os.utime(path, ns=(time.time_ns(), time.time_ns() + run))
        for label in ("first", "again"):
            app.show_title()
            app.step(1 / 60)
            wall, cpu = time.perf_counter(), time.thread_time()
            book = opened(app)
            app.stack.replace_all(book)
            app.step(1 / 60)
            frame_wall, frame_cpu = time.perf_counter() - wall, time.thread_time() - cpu
            while getattr(book.shelf, "loading", False):
                app.step(1 / 60)
                time.sleep(0.005)
            ready = time.perf_counter() - wall
            figures[label].append((frame_wall, frame_cpu, ready, len(book.shelf.packs)))
            if book.shelf.refused:
                print("refused:", book.shelf.refused[0].reason)
    print(f"{args.screen}: {args.packs} packs of {statistics.mean(sizes) / 1e6:.2f} MB, {args.repeat} repeats (medians):")
    for label, rows in figures.items():
        wall, cpu, ready, packs = (statistics.median(col) for col in zip(*rows))
        print(f"  {label:5s} open: frame thread {wall:.3f} s wall, {cpu:.3f} s CPU; packs on the shelf after "
              f"{ready:.3f} s ({packs:.0f} packs)")
    pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
