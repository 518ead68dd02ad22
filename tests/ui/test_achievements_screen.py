"""Achievements through real play (issue 27): a ritual played on the table to its end unlocks
them, a quiet toast says which, the screen (title A) shows them with their date; a practice
replay of the daily ritual and the lesson unlock nothing."""

from __future__ import annotations

import random
from datetime import date

import pygame

from aleph_null_desktop.ai.simulate import make_player, player_seed
from aleph_null_desktop.rituals import daily
from aleph_null_desktop.rituals.achievements import BY_ID
from aleph_null_desktop.storage.achievements import load_achievements
from aleph_null_desktop.ui.scenes.achievements import AchievementsScene
from aleph_null_desktop.ui.table.scene import TableScene


def play_out(driver, player_name: str, seed: int) -> None:
    table, player, rng = driver.scene, make_player(player_name), random.Random(player_seed(seed))
    assert isinstance(table, TableScene)
    while table.game.outcome is None:
        assert table.submit(player.choose_command(table.game, rng), confirmed=True)


def test_a_won_ritual_unlocks_achievements_shown_by_a_toast_and_on_the_screen(app, driver, user_dirs):
    app.persist = True
    app.new_ritual("adept", 2)
    driver.frames(2)
    play_out(driver, "expert", 2)
    driver.frames(3)
    unlocked = load_achievements(BY_ID)[0]
    assert {"first_ritual", "first_summoning", "win_adept"} <= set(unlocked)
    assert "win_magus" not in unlocked
    assert "Achievement: He answers" in str(app.toast_message) and app.toast_time > 0
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_a)
    screen = driver.scene
    assert isinstance(screen, AchievementsScene)
    driver.frames(1)
    assert f"{len(unlocked)} of 20 unlocked" in screen.drawn
    assert f"unlocked {date.today().isoformat()}" in screen.drawn and "locked" in screen.drawn
    driver.key(pygame.K_ESCAPE)
    assert not isinstance(driver.scene, AchievementsScene)


def test_practice_and_the_lesson_unlock_nothing(app, driver, user_dirs, monkeypatch):
    from aleph_null_desktop.storage.daily import start_attempt
    from aleph_null_desktop.ui.tutorial import start_tutorial

    day = date(2026, 11, 25)
    monkeypatch.setattr(daily, "today", lambda: day)
    app.persist = True
    assert start_attempt(day, str(daily.daily_code(day)))[0]  # today's attempt is already used
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_d)  # the daily ritual again: practice
    driver.frames(2)
    assert driver.scene.game.options["practice"] is True
    play_out(driver, "expert", 11)
    assert load_achievements(BY_ID)[0] == {}
    start_tutorial(app)
    driver.frames(2)
    lesson = driver.scene
    rng = random.Random(5)
    for _ in range(400):  # whatever the lesson lets through, to its end if it gets there
        if lesson.game.outcome is not None:
            break
        legal = lesson.game.legal_commands()
        if not any(lesson.submit(cmd, confirmed=True) for cmd in rng.sample(legal, len(legal))):
            break
    assert load_achievements(BY_ID)[0] == {}
