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
    assert scene.drag["uid"] == uid
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_RETURN)  # confirms the damage, if ending costs any
    driver.frames(3)
    assert scene.game.turn > 1 and scene.game.zone_of(uid) != "hand"  # the held card has left the hand
    assert app.error_text == ""
    assert scene.drag is None and scene.press is None
    driver.release((900, 300))
    driver.frames(3)
    assert app.error_text == ""


def test_undoing_the_summon_of_a_held_card_lets_go_of_it(table, driver):
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    driver.frames(30, dt=0.05)
    driver.hold(driver.card_centre(uid), (900, 200))
    assert scene.drag["source"] == "play"
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.game.zone_of(uid) == "hand"
    assert scene.drag is None  # picked up in play, now in the hand: the grip is gone
    driver.release(driver.zone_centre("discard"))
    assert scene.applied == [Summon(uid)]  # nothing but the first summon reached the engine
    assert scene.game.zone_of(uid) == "hand"
