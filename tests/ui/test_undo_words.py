"""Undo on the table: a greyed Undo says why on its face (the engine's reason: a draw, a shuffle, a
search), Ctrl+Shift+Z (redo's key elsewhere) never undoes, and the German Undo is not the word for
Back."""

import pygame

from aleph_null_desktop.engine import EndTurn, Summon
from aleph_null_desktop.i18n import _, set_language

FILLER = ["wax_candle"] * 3 + ["incense", "boline", "besom", "golem", "bell"]


def test_after_a_draw_the_greyed_undo_says_it_cannot_go_back_past_the_draw(table, driver):
    scene = table({"hand": ["wax_candle"], "deck": FILLER})
    undo = scene.buttons["undo"]
    assert not undo.enabled and undo.detail == "nothing yet"
    driver.key(pygame.K_1)  # summon the candle: now it can be undone
    assert scene.applied == [Summon(driver.uid("play", "wax_candle"))]
    assert undo.enabled and undo.detail == ""
    driver.key(pygame.K_SPACE)
    assert scene.applied[-1] == EndTurn() and scene.game.zone("hand")  # the new hand is drawn
    driver.frames(10, dt=0.05)
    assert not undo.enabled and undo.detail == "cards drawn"
    driver.post(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames()
    button, reason = scene.controls.disabled_tip()
    assert button is undo and reason == scene.game.explain_undo() and "since the draw" in reason
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.message == reason


def test_ctrl_shift_z_does_not_undo(table, driver):
    scene = table({"hand": ["wax_candle", "wax_candle"], "deck": FILLER})
    driver.key(pygame.K_1)
    assert len(scene.game.zone("play")) == 1 and scene.game.can_undo
    driver.key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert len(scene.game.zone("play")) == 1  # still in play
    assert "no redo" in scene.message
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert not scene.game.zone("play")


def test_german_undo_and_back_are_different_words():
    set_language("de")
    assert _("Undo") == "Rückgängig" and _("Back") == "Zurück"
