"""Nothing lost by a slip, through real events: every way to start a new ritual while one is in
progress (title keys 1–5 and Circle buttons, New ritual, Pause → new ritual, Judgement's Another
ritual) asks first and names the Circle and Hour it would end; "Keep it" keeps it. Quitting
mid-ritual says it is saved, and Continue brings it back."""

from __future__ import annotations

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.engine import EndTurn, Game, new_game
from aleph_null_desktop.ui.scenes.confirm import ConfirmScene
from aleph_null_desktop.ui.grimoire.scene import GrimoireScene
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.scenes.pause import PauseScene
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.scenes.title import TitleScene


def _game_at_hour_two(circle: str = "magus") -> Game:
    """A real ritual a few moves in, past the first Hour (moves chosen by the engine's legal list)."""
    game = new_game(seed=11, circle=circle)
    while game.hour < 2 and game.outcome is None:
        legal = game.legal_commands()
        game.apply(EndTurn() if EndTurn() in legal else legal[0])
    assert game.outcome is None and game.history
    return game


def _saved_ritual(app) -> Game:
    app.persist = True
    game = _game_at_hour_two()
    assert storage.save_autosave(storage.record_from_game(game)) == []
    return game


def _title(app, driver) -> TitleScene:
    app.show_title()
    driver.frames()
    return driver.scene


def _asks_about(scene, game) -> None:
    assert isinstance(scene, ConfirmScene)
    assert "Circle of the Magus" in scene.text and f"Hour {'I' * game.hour}" in scene.text
    assert scene.title == "End the ritual in progress?"


def test_title_keys_1_to_5_ask_before_ending_the_saved_ritual(app, driver, user_dirs):
    saved = _saved_ritual(app)
    for n in range(5):
        title = _title(app, driver)
        driver.key(pygame.K_1 + n)
        _asks_about(driver.scene, saved)
        driver.key(pygame.K_ESCAPE)  # Keep it
        assert driver.scene is title and storage.has_autosave()
    driver.key(pygame.K_3)
    driver.click(driver.scene.yes_button.rect.center)  # End it, begin anew
    table = driver.scene
    assert isinstance(table, TableScene) and table.circle_id == "master" and not table.game.history


def test_a_circle_button_asks_too(app, driver, user_dirs):
    saved = _saved_ritual(app)
    title = _title(app, driver)
    driver.click(title.circle_buttons[0].rect.center)
    _asks_about(driver.scene, saved)
    driver.click(driver.scene.no_button.rect.center)
    assert driver.scene is title


def test_without_a_ritual_in_progress_a_circle_starts_at_once(app, driver, user_dirs):
    app.persist = True
    _title(app, driver)
    driver.key(pygame.K_2)
    assert isinstance(driver.scene, TableScene) and driver.scene.circle_id == "magus"


def test_new_ritual_asks_before_opening_the_book(app, driver, user_dirs):
    saved = _saved_ritual(app)
    title = _title(app, driver)
    driver.key(pygame.K_n)
    _asks_about(driver.scene, saved)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is title
    driver.click(title.new_button.rect.center)
    ask = driver.scene
    assert isinstance(ask, ConfirmScene) and ask.no_button.key_hint == "Enter"
    driver.key(pygame.K_RETURN)  # Enter keeps the ritual: the safe answer
    assert driver.scene is title and storage.has_autosave()
    driver.click(title.new_button.rect.center)
    driver.key(pygame.K_TAB)  # Enter moves to "End it, begin anew"
    assert driver.scene.yes_button.key_hint == "Enter"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, GrimoireScene)


def test_pause_new_ritual_asks_with_the_circle_and_hour_on_the_table(app, driver, user_dirs):
    game = _game_at_hour_two()
    app.play(game, "magus")
    driver.frames(5)
    table = driver.scene
    driver.key(pygame.K_ESCAPE)
    pause = driver.scene
    assert isinstance(pause, PauseScene)
    new = next(b for b in pause.buttons if b.label == "Start a new ritual")
    driver.click(new.rect.center)
    _asks_about(driver.scene, game)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is pause and app.stack.scenes[0] is table
    driver.click(new.rect.center)
    driver.key(pygame.K_RIGHT)  # Enter moves from "Keep it" to "End it, begin anew"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, TableScene) and driver.scene is not table and not driver.scene.game.history


def test_pause_new_ritual_on_an_untouched_table_does_not_ask(app, driver):
    app.new_ritual("adept")
    driver.frames(3)
    first = driver.scene
    driver.key(pygame.K_ESCAPE)
    driver.click(next(b for b in driver.scene.buttons if b.label == "Start a new ritual").rect.center)
    assert isinstance(driver.scene, TableScene) and driver.scene is not first


def _judgement(app, driver) -> JudgementScene:
    game = _game_at_hour_two("adept")
    while game.outcome is None:  # end turns until the ritual fails
        game.apply(EndTurn() if EndTurn() in game.legal_commands() else game.legal_commands()[0])
    app.show_judgement(game, "adept")
    driver.frames()
    return driver.scene


def test_another_ritual_after_judgement_starts_at_once(app, driver, user_dirs):
    app.persist = True
    _judgement(app, driver)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, TableScene) and driver.scene.circle_id == "adept"


def test_another_ritual_asks_when_a_saved_ritual_would_end(app, driver, user_dirs):
    judgement = _judgement(app, driver)
    saved = _saved_ritual(app)  # e.g. a ritual saved by another copy of the game
    driver.click(judgement.buttons[0].rect.center)
    _asks_about(driver.scene, saved)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is judgement


def test_quitting_mid_ritual_says_it_is_saved_and_continue_brings_it_back(app, driver, user_dirs):
    app.persist = True
    _title(app, driver)
    driver.key(pygame.K_2)
    table = driver.scene
    game = table.game
    while game.hour < 2 or game.pending is not None or table.modal is not None:
        if getattr(table.modal, "cards", None):  # a decision: the first card offered
            driver.click(table.modal.cards[0][2].center)
        elif table.modal is not None:  # "this costs damage": confirm
            driver.key(pygame.K_RETURN)
        elif EndTurn() in game.legal_commands():
            driver.key(pygame.K_SPACE)
        else:
            table.submit(game.legal_commands()[0])
        driver.frames(2)
    assert game.outcome is None
    before = game.to_dict()
    driver.key(pygame.K_ESCAPE)
    driver.click(next(b for b in driver.scene.buttons if b.label == "Quit the game").rect.center)
    ask = driver.scene
    assert isinstance(ask, ConfirmScene) and ask.title == "Quit the game?"
    assert "is saved" in ask.text and "Continue" in ask.text and "(Circle of the Magus, Hour II)" in ask.text
    driver.key(pygame.K_ESCAPE)  # Stay
    assert isinstance(driver.scene, PauseScene) and app.running
    driver.click(next(b for b in driver.scene.buttons if b.label == "Quit the game").rect.center)
    driver.click(driver.scene.yes_button.rect.center)
    assert app.running is False

    app.running = True  # the next start of the game: the title's Continue
    title = _title(app, driver)
    driver.click(title.continue_button.rect.center)
    assert isinstance(driver.scene, TableScene) and driver.scene.game.to_dict() == before


def test_quitting_with_no_ritual_on_the_table_quits_at_once(app, driver):
    app.new_ritual("adept")
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    driver.click(next(b for b in driver.scene.buttons if b.label == "Quit the game").rect.center)
    assert app.running is False


def test_a_ritual_ended_for_a_new_one_is_counted_in_statistics_as_abandoned(app, driver, user_dirs):
    from aleph_null_desktop.ui.scenes.statistics import StatisticsScene

    saved = _saved_ritual(app)
    title = _title(app, driver)
    driver.key(pygame.K_3)
    driver.key(pygame.K_RETURN)  # Enter keeps it: nothing counted
    assert driver.scene is title and storage.load_stats()[0]["history"] == []
    driver.key(pygame.K_3)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)  # End it, begin anew
    assert isinstance(driver.scene, TableScene) and driver.scene.circle_id == "master"
    app.flush_autosave()
    history = storage.load_stats()[0]["history"]
    assert [(g["circle"], g["won"], g["reason"], g["hour"]) for g in history] == [
        ("magus", False, "abandoned", saved.hour)]
    app.show_title()
    driver.frames()
    driver.key(pygame.K_t)
    statistics = driver.scene
    assert isinstance(statistics, StatisticsScene)
    magus = statistics.model.row("magus")
    assert magus.played == 1 and magus.won == 0 and ("abandoned for a new ritual", 1) in magus.losses


def test_continue_says_which_ritual_it_brings_back(app, driver, user_dirs):
    saved = _saved_ritual(app)
    title = _title(app, driver)
    assert title.continue_button.detail == f"Circle of the Magus, Hour {'I' * saved.hour}, where you left it"
    from aleph_null_desktop.i18n import set_language

    set_language("de")
    title = _title(app, driver)
    assert title.continue_button.detail.startswith("Zirkel der Magier, Stunde II")
