"""The first ritual that teaches: offered on the first start and from the title, a coach that
points at each next move and waits for it, wrong moves explained and not made, leaving at any
point, and not counted. Played here to Judgement by mouse and keys, as a newcomer would."""

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.ui.scenes.confirm import ConfirmScene
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.table.overlays import ActionMenu, ChoicePicker, ConfirmDialog, InterferenceSpotlight
from aleph_null_desktop.ui.scenes.title import TitleScene
from aleph_null_desktop.ui.tutorial.lesson import STEPS
from aleph_null_desktop.ui.tutorial.scene import TutorialScene


def settle(driver):
    driver.frames(20, dt=0.05)


def open_lesson_from_the_title(app, driver):
    app.show_title()
    driver.frames()
    driver.click(driver.scene.lesson_button.rect.center)
    scene = driver.scene
    assert isinstance(scene, TutorialScene)
    settle(driver)
    return scene


def test_the_lesson_runs_to_judgement_and_is_not_counted(app, driver, user_dirs):
    app.persist = True
    scene = open_lesson_from_the_title(app, driver)
    uid = driver.uid
    assert scene.step_index == 0 and scene.pointed_rect() is not None  # the arrow points at Salamander

    # a wrong move is explained, not made: the lesson wants Salamander first
    driver.drag(driver.card_centre(uid("hand", "wax_candle")), driver.zone_centre("play"))
    assert scene.applied == [] and "summon Salamander" in scene.message
    driver.drag(driver.card_centre(uid("hand", "salamander")), driver.zone_centre("play"))
    settle(driver)
    driver.drag(driver.card_centre(uid("play", "salamander")), driver.zone_centre("discard"))
    assert scene.game.power == 2
    driver.key(pygame.K_1)  # the Sylph, now the hand's first card: summoned by its number
    settle(driver)
    driver.drag(driver.card_centre(uid("play", "sylph")), driver.zone_centre("sacrifice"))
    assert isinstance(scene.modal, InterferenceSpotlight)  # the Sylph's † drew Church Bells
    assert scene.coach_words()[0] == "Interference"
    driver.key(pygame.K_RETURN)
    settle(driver)
    driver.key(pygame.K_SPACE)  # ending the turn now is not the lesson's step: explained
    assert EndTurn() not in scene.applied and "take the token" in scene.message
    driver.click(driver.zone_centre("tokens"))
    assert scene.game.tokens == 0
    for candle_step in (False, True):
        if candle_step:
            driver.key(pygame.K_1)  # the Wax Candle, the only card left in hand
            settle(driver)
            driver.drag(driver.card_centre(uid("play", "wax_candle")), driver.zone_centre("discard"))
        driver.click(driver.card_centre(uid("play", "book_of_pacts")))
        assert isinstance(scene.modal, ActionMenu)
        driver.key(pygame.K_1)
        assert isinstance(scene.modal, ChoicePicker)
        driver.key(pygame.K_1)
        assert scene.game.zone("discard") == []
    assert scene.coach_words()[0] == "The cost of ending a turn"
    assert scene.buttons["end_turn"].detail.startswith("Ending now: 1 damage — 1 unspent power")
    driver.key(pygame.K_SPACE)
    assert isinstance(scene.modal, ConfirmDialog)
    driver.key(pygame.K_RETURN)
    assert scene.game.hour == 6 and [c.card_id for c in scene.game.zone("hand")] == ["baphomet"]
    settle(driver)
    driver.drag(driver.card_centre(uid("hand", "baphomet")), driver.zone_centre("play"))
    assert scene.game.outcome.won and scene.step_index == len(STEPS)
    assert scene.coach_words()[0] == "Judgement"
    kinds = [type(c) for c in scene.applied]
    assert {Summon, Activate, Choose, TakeToken, EndTurn} <= set(kinds) and len(scene.applied) == len(STEPS)
    driver.frames(40, dt=0.05)
    assert isinstance(driver.scene, JudgementScene)
    stats, _ = storage.load_stats()
    assert stats["history"] == []  # a lesson is not a ritual of the statistics
    assert not storage.has_autosave()


def test_the_lesson_can_be_left_at_any_point(app, driver):
    scene = open_lesson_from_the_title(app, driver)
    driver.key(pygame.K_1)  # Salamander
    assert scene.step_index == 1
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # the lesson only goes forward: said, not done
    assert scene.step_index == 1 and "only goes forward" in scene.message
    driver.key(pygame.K_l)
    assert isinstance(driver.scene, TitleScene)


def test_the_first_start_offers_the_lesson(app, driver, user_dirs):
    app.persist = True
    app.show_title()
    app.start_session()
    assert app.first_start
    app.offer_lesson_if_first_start()
    driver.frames()
    assert isinstance(driver.scene, ConfirmScene) and driver.scene.title == "Your first ritual?"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, TutorialScene)
    app.show_title()
    app.start_session()  # the settings exist now: no offer
    assert not app.first_start


def test_the_coach_covers_neither_the_warning_bar_nor_the_keys_and_the_hours_come_first(app, driver):
    from aleph_null_desktop.ui.table.wording import HOUR_WARNING

    scene = open_lesson_from_the_title(app, driver)
    uid = driver.uid
    keys = [scene.focus.rect(("card", uid("play", k))) for k in ("book_of_pacts", "wand_of_power", "grand_circle")]
    names = [pygame.Rect(r.x, r.y, r.w, r.h // 5) for r in keys]  # the name bands at the top of the Keys

    def clear_of_the_table() -> None:
        area = scene.coach_area()
        assert not area.colliderect(scene.rects["prompt"]), scene.coach_words()[0]
        assert not any(area.colliderect(n) for n in names), scene.coach_words()[0]

    # Hour V with two cards in the deck: every turn costs an Hour, but the lesson has not said
    # what an Hour is yet, so neither the bar nor the log warns of it
    assert scene.presenter.hour_warning() == "" and HOUR_WARNING not in [str(e) for e in scene.log.entries]
    clear_of_the_table()
    driver.key(pygame.K_1)
    settle(driver)
    driver.drag(driver.card_centre(uid("play", "salamander")), driver.zone_centre("discard"))
    driver.key(pygame.K_1)
    settle(driver)
    clear_of_the_table()
    driver.drag(driver.card_centre(uid("play", "sylph")), driver.zone_centre("sacrifice"))
    assert isinstance(scene.modal, InterferenceSpotlight)
    clear_of_the_table()  # under the pop-up, not over the Keys' names
    assert scene.presenter.hour_warning() == ""
    driver.key(pygame.K_RETURN)
    settle(driver)
    assert scene.coach_words()[0] == "The Grimoire's Hours and tokens"
    assert scene.presenter.hour_warning() and "every turn costs an Hour" in scene.message  # now it is said
    clear_of_the_table()
    driver.click(driver.zone_centre("tokens"))
    driver.click(driver.card_centre(uid("play", "book_of_pacts")))
    driver.key(pygame.K_1)
    assert isinstance(scene.modal, ChoicePicker)
    clear_of_the_table()
