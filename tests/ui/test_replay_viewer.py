"""The replay viewer (issue 27): from Judgement, "Look at the table" shows the ended ritual on the
real table and steps back through it, "Watch again" plays it from the start at the chosen speed;
from the recorded rituals, Enter watches one. Read only: nothing it does is saved or counted."""

from __future__ import annotations

import random

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.ai.simulate import make_player, player_seed
from aleph_null_desktop.storage.rituals import list_rituals, replay_ritual
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.scenes.replay import ReplayScene
from aleph_null_desktop.ui.scenes.rituals import RitualsScene


def finish_on_the_table(driver, app, circle: str, seed: int):
    app.new_ritual(circle, seed)
    driver.frames(2)
    table, player, rng = driver.scene, make_player("greedy"), random.Random(player_seed(seed))
    while table.game.outcome is None:
        assert table.submit(player.choose_command(table.game, rng), confirmed=True)
    for _ in range(200):
        if isinstance(driver.scene, JudgementScene):
            break
        driver.frames(1, dt=0.1)
    assert isinstance(driver.scene, JudgementScene)
    return table.game


def test_look_at_the_table_and_step_back_and_forth(app, driver, user_dirs):
    app.persist = True
    game = finish_on_the_table(driver, app, "magus", 2024)
    judgement = driver.scene
    history = storage.load_stats()[0]["history"]
    driver.key(pygame.K_l)  # Look at the table
    viewer = driver.scene
    assert isinstance(viewer, ReplayScene) and viewer.move == len(game.history)
    assert viewer.game.to_dict() == game.to_dict()  # the table as the ritual ended
    driver.frames(5, dt=0.1)
    assert driver.scene is viewer  # no Judgement comes: the viewer stays on the ended table
    driver.key(pygame.K_LEFT)
    back = driver.scene
    n = len(game.history)
    assert isinstance(back, ReplayScene) and back.move == n - 1
    assert back.game.to_dict() == replay_ritual(back.record, n - 1)[0].to_dict()
    driver.click(back.forward_button.rect.center)  # Next, with the mouse
    assert back.move == n and back.game.to_dict() == game.to_dict()
    driver.key(pygame.K_SPACE)  # at the end, Play starts again from the first move
    again = driver.scene
    assert again.move == 0 and again.playing and again.game.history == []
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is judgement
    assert storage.load_stats()[0]["history"] == history and not storage.has_autosave()  # nothing counted


def test_watch_again_plays_the_moves_at_the_chosen_speed(app, driver, user_dirs):
    game = finish_on_the_table(driver, app, "adept", 77)
    driver.key(pygame.K_w)
    viewer = driver.scene
    assert isinstance(viewer, ReplayScene) and viewer.move == 0 and viewer.playing and viewer.pace == 1.0
    for _ in range(21):
        driver.frames(1, dt=0.1)
    assert viewer.move == 2  # one move a second
    driver.key(pygame.K_EQUALS)
    driver.key(pygame.K_EQUALS)
    assert viewer.pace == 4.0
    for _ in range(10):
        driver.frames(1, dt=0.1)
    assert 5 <= viewer.move <= 7
    assert viewer.game.history == game.history[:viewer.move]
    driver.key(pygame.K_SPACE)  # pause
    step = viewer.move
    driver.frames(20, dt=0.1)
    assert viewer.move == step and not viewer.playing
    driver.key(pygame.K_MINUS)
    assert viewer.pace == 2.0
    driver.key(pygame.K_END)
    assert driver.scene.game.to_dict() == game.to_dict()


def test_a_recorded_ritual_is_watched_from_the_list(app, driver, user_dirs):
    app.persist = True
    game = finish_on_the_table(driver, app, "master", 5)
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_t)
    driver.key(pygame.K_p)
    assert isinstance(driver.scene, RitualsScene)
    driver.key(pygame.K_RETURN)
    viewer = driver.scene
    assert isinstance(viewer, ReplayScene) and viewer.move == 0
    assert viewer.record == list_rituals()[0][0].record
    driver.key(pygame.K_END)
    assert driver.scene.game.to_dict() == game.to_dict()


def test_a_ritual_from_a_prepared_table_can_still_be_looked_at_after_judgement(table, driver):
    """The lesson starts from a prepared table, so its moves cannot be dealt again from a seed:
    Judgement's "Look at the table" shows the table as it ended instead of failing."""
    from aleph_null_desktop.ui.scenes.judgement import JudgementScene
    from aleph_null_desktop.ui.scenes.replay import EndedTableScene

    scene = table({"hour": 4, "play": ["book_of_pacts", "wand_of_power", "grand_circle"], "hand": ["baphomet"]})
    driver.key(pygame.K_1)
    assert scene.game.outcome is not None
    driver.frames(60, dt=0.05)
    judgement = driver.scene
    assert isinstance(judgement, JudgementScene)
    driver.key(pygame.K_l)
    ended = driver.scene
    assert isinstance(ended, EndedTableScene) and ended.game is scene.game
    assert {c.card_id for c in ended.game.zone("play")} >= {"baphomet"}
    driver.frames(3)
    driver.key(pygame.K_SPACE)  # nothing to play here
    assert driver.scene is ended and ended.game.history == scene.game.history
    for key in (pygame.K_TAB, pygame.K_RIGHT):  # keys stay the viewer's: no outline over the table's buttons
        driver.key(key)
        assert not driver.app.button_focus.visible_on(ended)
    driver.key(pygame.K_RETURN)
    assert driver.scene is ended and ended.game.history == scene.game.history
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is judgement
    assert not driver.app.error_text and driver.app.failed_frames == 0
