"""One input, one effect: nothing acts on a timer, a click counts only where it was pressed, keys
go to the topmost panel (and on to the table when the panel does not use them), a panel whose
question has gone closes, and a finished ritual offers no move."""

import pygame

from aleph_null_desktop.engine import Activate, EndTurn, Summon
from aleph_null_desktop.ui.scenes.pause import PauseScene
from aleph_null_desktop.ui.table.overlays import ActionMenu, InterferenceSpotlight
from aleph_null_desktop.ui.table.panels import token_words

KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]


def test_a_free_interference_waits_for_the_player_and_enter_is_one_move(table, driver):
    scene = table({"deck": ["sexton", "wax_candle", "wax_candle", "wax_candle", "wax_candle", "wax_candle"]})
    driver.key(pygame.K_SPACE)
    assert scene.applied == [EndTurn()]
    spotlight = scene.modal
    assert isinstance(spotlight, InterferenceSpotlight) and spotlight.carddef.id == "sexton"
    driver.frames(80, dt=0.05)  # four seconds: nothing happens by itself
    assert scene.modal is spotlight and scene.applied == [EndTurn()]
    driver.key(pygame.K_RETURN)  # the pop-up's Enter: summon it
    assert scene.applied == [EndTurn(), Summon(driver.uid("play", "sexton"))]
    assert scene.modal is None
    driver.key(pygame.K_RETURN)  # a second Enter does not end the turn
    assert scene.applied[-1] == Summon(driver.uid("play", "sexton")) and len(scene.applied) == 2


def test_two_interference_cards_show_one_at_a_time_and_one_click_is_one_summon(table, driver):
    scene = table({"deck": ["sexton", "church_bells", "wax_candle", "wax_candle", "wax_candle", "wax_candle"]})
    driver.click(driver.zone_centre("end_turn"))
    first = scene.modal
    assert isinstance(first, InterferenceSpotlight) and first.carddef.id == "sexton"
    button = first.buttons[-1].rect.center
    driver.post(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=button, button=1, clicks=1)
    driver.frames(60, dt=0.05)  # the button held down for three seconds
    assert scene.modal is first and len(scene.applied) == 1
    driver.release(button)
    assert scene.applied[1:] == [Summon(driver.uid("play", "sexton"))]  # one click: one summon
    second = scene.modal
    assert isinstance(second, InterferenceSpotlight) and second.carddef.id == "church_bells"
    driver.frames(60, dt=0.05)
    assert scene.modal is second and len(scene.applied) == 2  # shown, waiting
    driver.click(second.buttons[-1].rect.center)
    assert scene.applied[2:] == [Summon(driver.uid("play", "church_bells"))]
    assert scene.modal is None  # no menu opened by the same click


def test_a_release_on_a_panel_that_was_not_pressed_does_nothing(table, driver):
    scene = table({"hand": ["wealthy_tanist"], "deck": ["wax_candle"] * 6})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.post(pygame.MOUSEBUTTONDOWN, pos=driver.card_centre(uid), button=1, clicks=1)
    driver.frames()
    scene.controls.open_menu(uid)  # a panel appears between press and release
    driver.release(scene.modal.buttons[0].rect.center)
    assert scene.applied == [] and isinstance(scene.modal, ActionMenu)


def test_an_open_action_menu_uses_its_keys_and_passes_the_rest_on(table, driver, app):
    app.hint_function = lambda game: (EndTurn(), "Nothing else helps.")
    scene = table({"play": ["wax_candle", "salamander"], "deck": ["wax_candle"] * 6})
    candle, salamander = driver.uid("play", "wax_candle"), driver.uid("play", "salamander")
    driver.click(driver.card_centre(salamander))
    assert isinstance(scene.modal, ActionMenu)
    driver.key(pygame.K_ESCAPE)  # Esc closes the menu, it does not pause
    assert scene.modal is None and driver.scene is scene
    driver.click(driver.card_centre(salamander))
    driver.key(pygame.K_2)  # the menu's second action: sacrifice
    assert scene.applied == [Activate(salamander, "sacrifice")]
    assert scene.modal is None
    driver.click(driver.card_centre(candle))
    menu = scene.modal
    driver.key(pygame.K_h)  # a hint while the menu is open
    for _ in range(100):
        if not scene.hints.thinking:
            break
        driver.frames()
    assert scene.modal is menu and scene.view.hint_text().startswith("Hint: End the turn")
    driver.key(pygame.K_SPACE)  # Space: the menu goes and the turn ends (after asking: 3P unspent)
    assert not isinstance(scene.modal, ActionMenu)
    driver.key(pygame.K_RETURN)
    assert scene.applied[-1] == EndTurn()


def test_a_panel_whose_question_has_gone_closes(table, driver):
    scene = table({"hand": ["wealthy_tanist", "silent_tanist"]})
    driver.key(pygame.K_1)
    tanist = driver.uid("play", "wealthy_tanist")
    driver.frames(20, dt=0.05)
    driver.click(driver.card_centre(tanist))
    assert isinstance(scene.modal, ActionMenu)
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # undo with the menu open: the card is back in hand
    assert [c.card_id for c in scene.game.zone("hand")] == ["wealthy_tanist", "silent_tanist"]
    assert scene.modal is None


def test_an_open_choice_is_not_left_by_a_stray_key(table, driver):
    scene = table({"play": ["bell"], "deck": ["wax_candle", "gnome", "salamander", "boline"]})
    driver.drag(driver.card_centre(driver.uid("play", "bell")), driver.zone_centre("discard"))
    picker = scene.modal
    driver.key(pygame.K_SPACE)
    assert scene.modal is picker and scene.applied[-1] == Activate(driver.uid("discard", "bell"), "ring")
    driver.key(pygame.K_ESCAPE)  # Esc: the pause menu over the open choice, which stays
    assert isinstance(driver.scene, PauseScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene and scene.modal is picker


def test_after_the_ritual_ends_nothing_offers_a_move(table, driver):
    scene = table({"hour": 4, "play": KEYS, "hand": ["baphomet"], "tokens": 1})
    driver.key(pygame.K_1)
    assert scene.game.outcome is not None and scene.game.outcome.won
    driver.frames()
    assert not scene.buttons["undo"].enabled  # BAPHOMET cannot be taken back
    assert token_words(scene.game) == "1 token"  # no "click to take"
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.game.outcome is not None and scene.applied == [Summon(driver.uid("play", "baphomet"))]


def test_a_greyed_undo_says_why_under_the_mouse(table, driver):
    scene = table({"hand": ["wealthy_tanist"]})
    assert scene.controls.disabled_tip() is None
    driver.post(pygame.MOUSEMOTION, pos=driver.zone_centre("undo"), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames()
    button, reason = scene.controls.disabled_tip()
    assert button is scene.buttons["undo"] and not button.enabled
    assert reason.startswith("Nothing to undo")
    driver.click(driver.zone_centre("undo"))
    assert scene.message == reason


def test_h_hints_while_a_picker_is_open_and_the_picker_shows_it(table, driver, app):
    from aleph_null_desktop.engine import Choose
    from aleph_null_desktop.ui.table.overlays import ChoicePicker

    app.hint_function = lambda game: (Choose(1), "The Salamander gives more.")
    scene = table({"play": ["bell"], "deck": ["wax_candle", "gnome", "salamander", "boline"]})
    driver.drag(driver.card_centre(driver.uid("play", "bell")), driver.zone_centre("discard"))
    picker = scene.modal
    assert isinstance(picker, ChoicePicker)
    driver.key(pygame.K_h)
    for _ in range(100):
        if not scene.hints.thinking:
            break
        driver.frames()
    assert scene.modal is picker and scene.view.hint_text().startswith("Hint: Choose")
    driver.key(pygame.K_2)  # the number key picks the second option
    assert scene.applied[-1] == Choose(1) and scene.modal is None
