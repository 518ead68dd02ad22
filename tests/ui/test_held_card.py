"""A card held by the mouse that a keyboard command moves away (Space then Return ends the turn,
Ctrl+Z undoes its summon) is let go: no frame fails, the release does nothing stale."""

import pygame

from aleph_null_desktop.engine import Summon


def test_ending_the_turn_while_a_hand_card_is_held_lets_go_of_it(app, driver):
    app.new_ritual("adept")
    driver.frames(30, dt=0.05)
    scene = driver.scene
    uid = scene.game.zone("hand")[0].uid
    driver.hold(driver.card_centre(uid), (900, 300))
    assert scene.controls.drag["uid"] == uid
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_RETURN)  # confirms the damage, if ending costs any
    driver.frames(3)
    assert scene.game.turn > 1 and scene.game.zone_of(uid) != "hand"  # the held card has left the hand
    assert app.error_text == ""
    assert scene.controls.drag is None and scene.controls.press is None
    driver.release((900, 300))
    driver.frames(3)
    assert app.error_text == ""


def test_undoing_the_summon_of_a_held_card_lets_go_of_it(table, driver):
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    driver.frames(30, dt=0.05)
    driver.hold(driver.card_centre(uid), (900, 200))
    assert scene.controls.drag["source"] == "play"
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.game.zone_of(uid) == "hand"
    assert scene.controls.drag is None  # picked up in play, now in the hand: the grip is gone
    driver.release(driver.zone_centre("discard"))
    assert scene.applied == [Summon(uid)]  # nothing but the first summon reached the engine
    assert scene.game.zone_of(uid) == "hand"


def test_a_held_card_goes_back_when_the_window_loses_the_focus(table, driver):
    """Alt+Tab with a card in the air: the release happens where the window cannot see it, so the
    card must not stay glued to the pointer (and be dropped by the next click) when the player comes back."""
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.hold(driver.card_centre(uid), driver.zone_centre("play"))
    assert scene.controls.drag["uid"] == uid
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.frames()
    assert scene.controls.drag is None and scene.controls.press is None
    driver.post(pygame.WINDOWFOCUSGAINED)
    driver.click(driver.zone_centre("play"))  # the next click over play is only a click
    driver.frames(30, dt=0.05)
    assert scene.applied == [] and scene.game.zone_of(uid) == "hand"


def test_a_held_card_goes_back_when_the_pointer_moves_with_the_button_up(table, driver):
    """The button went up outside the window (no release event came): the next motion says the
    button is up, and the card goes back to where it was picked up."""
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.hold(driver.card_centre(uid), driver.zone_centre("play"))
    driver.post(pygame.MOUSEMOTION, pos=driver.zone_centre("play"), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames()
    assert scene.controls.drag is None and scene.controls.press is None
    driver.release(driver.zone_centre("play"))
    driver.frames(30, dt=0.05)
    assert scene.applied == [] and scene.game.zone_of(uid) == "hand"
