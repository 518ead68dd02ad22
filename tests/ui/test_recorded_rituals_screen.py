"""Recorded rituals through the game (issue 27): a finished ritual and an abandoned one are kept
as ritual files, listed under Statistics → Recorded rituals (P), exported to a file (X) and
imported again by dropping the file on the window. Real events through the app's loop."""

from __future__ import annotations

import json
import random

import pygame

from aleph_null_desktop.storage.rituals import list_rituals, replay_ritual
from aleph_null_desktop.ui.scenes.confirm import ConfirmScene
from aleph_null_desktop.ui.scenes.rituals import RitualsScene
from aleph_null_desktop.ui.scenes.statistics import StatisticsScene


def test_finished_and_abandoned_rituals_are_kept_listed_exported_and_imported(app, driver, user_dirs, tmp_path):
    app.persist = True
    app.new_ritual("magus", 5150)
    driver.frames(3)
    table, rng = driver.scene, random.Random(2)
    while table.game.outcome is None:
        assert table.submit(rng.choice(table.game.legal_commands()), confirmed=True)
    finished = table.game
    app.new_ritual("prince", 6160)  # played a little, then abandoned for a new ritual
    driver.frames(3)
    table = driver.scene
    for _ in range(3):
        assert table.submit(rng.choice(table.game.legal_commands()), confirmed=True)
    abandoned = table.game
    app.flush_autosave()
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_n)  # a new ritual: asked first, "End it, begin anew"
    assert isinstance(driver.scene, ConfirmScene)
    driver.key(pygame.K_TAB)  # Enter says "Keep it" until Tab moves it
    driver.key(pygame.K_RETURN)
    driver.frames(3)

    entries, messages = list_rituals()
    assert messages == [] and [e.record["circle"] for e in entries] == ["prince", "magus"]
    assert entries[0].result is None and entries[1].result["score"] == finished.outcome.score
    assert replay_ritual(entries[0].record)[0].to_dict() == abandoned.to_dict()
    assert replay_ritual(entries[1].record)[0].to_dict() == finished.to_dict()

    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_t)
    assert isinstance(driver.scene, StatisticsScene)
    driver.key(pygame.K_p)
    screen = driver.scene
    assert isinstance(screen, RitualsScene)
    driver.frames(1)
    assert "abandoned" in screen.drawn and "AN1-PRINCE" in " ".join(screen.drawn)
    assert any(text.startswith("lost in Hour") or text.startswith("won, score") for text in screen.drawn)
    driver.key(pygame.K_DOWN)  # the Magus ritual
    driver.key(pygame.K_x)
    dialog = driver.scene
    target = tmp_path / "out" / "magus.json"
    dialog.field.set_text(str(target))
    dialog._recheck()
    driver.key(pygame.K_RETURN)
    assert driver.scene is screen and json.loads(target.read_text())["result"]["score"] == finished.outcome.score
    entries[1].path.unlink()  # gone from the folder; the exported copy comes back by a drop
    screen.load()
    driver.post(pygame.DROPFILE, file=str(target))
    driver.frames(1)
    assert sorted(e.record["circle"] for e in screen.entries) == ["magus", "prince"]
    assert screen.notice == "Imported magus.json"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "aleph-null-ritual"')
    driver.post(pygame.DROPFILE, file=str(bad))
    driver.frames(1)
    assert "bad.json is not a ritual this game can replay" in app.error_text
    app.error_message = ""
