"""The daily ritual from the title (issue 27): D starts today's deal; the first start is the
counted attempt, its result is kept and shown on the title; a replay is practice and changes
nothing. Real key events through the app's loop; rituals played through the table's commands."""

from __future__ import annotations

import random
from datetime import date

import pygame

from aleph_null_desktop.engine import new_game
from aleph_null_desktop.engine.model import ZONES
from aleph_null_desktop.rituals import daily
from aleph_null_desktop.storage.daily import load_daily
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.scenes.title import TitleScene

DAY = date(2026, 11, 25)


def play_to_the_end(driver, seed: int) -> None:
    table, rng = driver.scene, random.Random(seed)
    assert isinstance(table, TableScene)
    while table.game.outcome is None:
        assert table.submit(rng.choice(table.game.legal_commands()), confirmed=True)


def test_the_daily_ritual_is_offered_on_the_title_and_counted_once(app, driver, user_dirs, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    app.persist = True
    app.show_title()
    driver.frames(2)
    title = driver.scene
    assert isinstance(title, TitleScene) and title.daily_button.label == "Daily ritual"
    assert title.daily_detail == "Circle of the Adept · not yet played today: one counted attempt"
    driver.key(pygame.K_d)
    driver.frames(5)
    game = driver.scene.game
    today = new_game(seed=daily.daily_code(DAY).deal, circle="adept")
    assert [game.zone(z) for z in ZONES] == [today.zone(z) for z in ZONES]  # the same deal as everyone's
    assert game.options["daily"] == "2026-11-25" and "practice" not in game.options
    assert any("daily ritual of 2026-11-25" in line for line in driver.scene.log.lines)
    play_to_the_end(driver, 1)
    outcome = game.outcome
    entry = load_daily()[0]["days"]["2026-11-25"]
    assert (entry["won"], entry["score"], entry["code"]) == (outcome.won, outcome.score, "AN1-ADEPT-MYF6-MR20")

    app.show_title()
    driver.frames(2)
    assert driver.scene.daily_detail.startswith("Circle of the Adept · today: ")
    driver.key(pygame.K_d)  # again: practice
    driver.frames(5)
    replay = driver.scene.game
    assert replay.options["practice"] is True
    assert any("Practice" in line for line in driver.scene.log.lines)
    play_to_the_end(driver, 2)
    assert load_daily()[0]["days"]["2026-11-25"] == entry  # the practice result is not kept


def test_an_abandoned_daily_ritual_still_used_the_attempt(app, driver, user_dirs, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    app.persist = True
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_d)
    driver.frames(3)
    app.show_title()
    driver.frames(2)
    assert driver.scene.daily_detail == "Circle of the Adept · today: not finished; again as practice"
