"""20,000 random real pygame events through the app's own loop, across every screen, with random
frame times: no frame may fail, with names that draw nothing and FIFOs among the files dropped and
in the packs folder, and every ritual's end recorded. A failure prints the seed; replay it with
ALEPH_NULL_FUZZ_SEED=<seed> pytest tests/fuzz, or storm with a fresh one: ALEPH_NULL_FUZZ_SEED=random. (bench/stress.py runs the million.)"""

import json
import os
import random
import time

import pygame
import pytest

from aleph_null_desktop import storage
from aleph_null_desktop.editor import Action, CardDraft, Library
from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.app import App
from tests.drivers.random_input import SCREENS, RandomInput

EVENTS = int(os.environ.get("ALEPH_NULL_FUZZ_EVENTS", "20000"))
FIXED_SEED = 20261123  # CI replays one storm; ALEPH_NULL_FUZZ_SEED=random (or bench/stress.py) tries new ones


def fuzz_hint(game):
    """The table's hint without the AI's search (its cost is not under test here)."""
    command = game.legal_commands()[0]
    return command, "a hint for the storm"


@pytest.fixture
def private_home(tmp_path, monkeypatch):
    """The player's folders and HOME (where the card editor exports) inside tmp_path."""
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.chdir(tmp_path)  # a card exported under a relative name lands here, not in the checkout
    junk = tmp_path / "dropped"
    junk.mkdir()
    (junk / "binary.json").write_bytes(bytes(range(256)) * 8)
    (junk / "card.json").write_text('{"schema": 1, "cards": [{"id": "x", "name": "\u202eX'
                                    '", "level": 99}]}', encoding="utf-8")
    # issue 29: names that draw nothing, and special files where data files should be (dropped,
    # and put by hand into the packs folder): refused at once, never drawn, never waited on
    invisible = {"schema": 1, "name": "\u200b\u200b", "cards": [{"id": "ill_omen", "name": {"en": "\u2060\ufeff"}}]}
    (junk / "invisible.json").write_text(json.dumps(invisible), encoding="utf-8")
    packs = paths.card_packs_dir()
    (packs / "ghost.json").write_text(json.dumps(invisible), encoding="utf-8")
    special = []
    if hasattr(os, "mkfifo"):
        os.mkfifo(junk / "pipe.json")
        os.mkfifo(packs / "pipe.json")
        special.append(str(junk / "pipe.json"))
    library = Library()  # one card of the player's own, so the Grimoire offers its sheet of cards
    library.load()
    library.save(CardDraft(name="Ash Imp", level=1, side="hell", cost=1,
                           actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}])]))
    return [str(junk / "binary.json"), str(junk / "card.json"), str(junk), str(tmp_path / "missing.json"),
            str(junk / "invisible.json"), *special]


def test_a_storm_of_random_events_fails_no_frame_on_any_screen(game_window, private_home):
    chosen = os.environ.get("ALEPH_NULL_FUZZ_SEED", str(FIXED_SEED))
    seed = random.SystemRandom().randrange(2**32) if chosen == "random" else int(chosen)

    def new_app():
        app = App(pygame.display.get_surface() or game_window, seed=seed)
        app.persist = True  # the autosave, statistics and settings are written (into tmp_path)
        app.hint_function = fuzz_hint
        app.show_title()
        app.start_session()
        return app

    pygame.event.clear()
    storm = RandomInput(new_app(), random.Random(seed), new_app=new_app, dropped_files=private_home)
    started = time.perf_counter()
    try:
        storm.run(EVENTS)
        while any(not storm.screens[name] for name in SCREENS) and storm.events < EVENTS + 10_000:
            storm.run(storm.events + 1000)  # a screen not reached yet: the storm steers there more
    finally:
        storm.app.close()
    seconds = time.perf_counter() - started
    report = (f"seed {seed} (replay: ALEPH_NULL_FUZZ_SEED={seed} pytest tests/fuzz): {storm.events} events, "
              f"{storm.frames} frames, {seconds:.0f} s, {storm.quits} quits, screens {dict(storm.screens)}")
    assert storm.failed_frames == 0, f"{storm.failed_frames} failed frames; {report}\n" + "\n".join(storm.failures)
    assert storm.events >= EVENTS
    missing = [name for name in SCREENS if not storm.screens[name]]
    assert not missing, f"never reached {missing}; {report}"
    # the final moves: statistics still read cleanly (the storm may have reset them), and no
    # autosave is left of a ritual whose result was recorded
    _stats, messages = storage.load_stats()
    saved, saved_messages = storage.load_autosave()
    assert messages == [] and saved_messages == [], report
    ritual = (saved or {}).get("options", {}).get(storage.autosave.RITUAL_OPTION)
    assert not (ritual and storage.stats.recorded(ritual)), report
