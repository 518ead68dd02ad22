"""Whole rituals played through the UI event path, from the title to Judgement and back."""

import pygame

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.table.overlays import ActionMenu, ChoicePicker, ConfirmDialog
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.scenes.title import TitleScene

KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]


def test_a_winnable_position_played_with_the_mouse_ends_on_judgement(table, driver):
    scene = table({"hour": 4, "play": KEYS, "hand": ["salamander", "baphomet"], "discard": ["wax_candle"]})
    salamander = driver.uid("hand", "salamander")
    driver.drag(driver.card_centre(salamander), driver.zone_centre("play"))  # summon (free)
    driver.frames(20, dt=0.05)
    driver.drag(driver.card_centre(salamander), driver.zone_centre("sacrifice"))  # +3P
    assert scene.game.power == 3
    book = driver.uid("play", "book_of_pacts")
    driver.click(driver.card_centre(book))  # the Book's actions
    assert isinstance(scene.modal, ActionMenu)
    driver.click(scene.modal.buttons[0].rect.center)  # pact: pay 2P → sacrifice from the discard pile
    picker = scene.modal
    assert isinstance(picker, ChoicePicker)  # the discard pile is not on the table: a picker
    driver.click(picker.cards[0][2].center)
    assert scene.game.zone("discard") == []
    baphomet = driver.uid("hand", "baphomet")
    driver.drag(driver.card_centre(baphomet), driver.zone_centre("play"))
    assert scene.applied == [Summon(salamander), Activate(salamander, "sacrifice"), Activate(book, "pact"),
                             Choose(0), Summon(baphomet)]
    outcome = scene.game.outcome
    assert outcome.won and outcome.score == 1 + 2 * 2 + 3 and outcome.rank == "Grand Master"
    driver.frames(40, dt=0.05)  # the table lingers a moment, then Judgement
    judgement = driver.scene
    assert isinstance(judgement, JudgementScene)
    assert judgement.outcome is outcome
    assert sum(points for _, points in outcome.breakdown) == outcome.score
    driver.click(judgement.buttons[0].rect.center)  # another ritual, same Circle
    assert isinstance(driver.scene, TableScene) and driver.scene.circle_id == "adept"
    assert len(driver.scene.game.zone("hand")) == 5


def test_a_losing_end_of_turn_is_confirmed_and_judged_with_its_reason(table, driver):
    scene = table({"damage": 2, "power": 1, "deck": ["wax_candle"] * 6})
    driver.click(driver.zone_centre("end_turn"))
    dialog = scene.modal
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "This would end the ritual"
    assert dialog.text.startswith("You would take the third damage")
    assert scene.applied == []
    driver.key(pygame.K_RETURN)
    assert scene.applied == [EndTurn()]
    assert scene.game.outcome is not None and not scene.game.outcome.won
    driver.frames(40, dt=0.05)
    judgement = driver.scene
    assert isinstance(judgement, JudgementScene)
    assert judgement.outcome.reason == "damage"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_from_the_title_a_new_ritual_opens_the_table_and_escape_pauses(app, driver):
    app.show_title()
    driver.frames()
    title = driver.scene
    driver.click(title.buttons[2].rect.center)  # the Circle of the Master
    scene = driver.scene
    assert isinstance(scene, TableScene) and scene.circle_id == "master"
    assert scene.game.hour == 1 and len(scene.game.zone("set_aside")) == 4
    driver.key(pygame.K_ESCAPE)
    pause = driver.scene
    assert pause.overlay and app.stack.scenes[0] is scene
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene


def test_the_played_game_is_autosaved_and_counted_when_files_are_on(table, driver, app, tmp_path, monkeypatch):
    from aleph_null_desktop import storage

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app.persist = True
    scene = table({"hour": 4, "play": KEYS, "hand": ["wax_candle", "baphomet"]})
    candle = driver.uid("hand", "wax_candle")
    driver.drag(driver.card_centre(candle), driver.zone_centre("play"))
    record, _ = storage.load_autosave()
    assert record["commands"] == [{"kind": "summon", "uid": candle}]
    driver.frames(20, dt=0.05)
    driver.click(driver.card_centre(candle), button=3)  # right-click: read it large…
    assert scene.controls.big_uid == candle
    driver.click((960, 540))  # …click to put it back
    assert scene.controls.big_uid is None
    driver.drag(driver.card_centre(driver.uid("hand", "baphomet")), driver.zone_centre("play"))
    assert scene.game.outcome.won
    assert not storage.has_autosave()  # a finished ritual is not resumed…
    stats, _ = storage.load_stats()
    [entry] = stats["history"]  # …it is counted
    assert (entry["circle"], entry["won"], entry["score"]) == ("adept", True, scene.game.outcome.score)
