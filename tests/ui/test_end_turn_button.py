"""The End Turn button says what ending now costs, part by part, and the table warns before every
turn starts to cost an Hour."""

import pygame

from aleph_null_desktop.ui.table.overlays import ConfirmDialog


def test_the_end_turn_button_shows_the_breakdown_with_the_hour(table, driver):
    scene = table({"power": 1, "tokens": 1, "deck": ["wax_candle", "wax_candle"], "hand": ["sylph"]})
    driver.frames()
    detail = scene.buttons["end_turn"].detail
    assert detail.startswith("Ending now: 2 damage")
    assert "1 unspent power" in detail and "1 token as the Hour turns" in detail
    driver.key(pygame.K_SPACE)
    dialog = scene.modal
    assert isinstance(dialog, ConfirmDialog)
    assert "1 token as the Hour turns" in dialog.text and "2 of 3" in dialog.text


def test_no_damage_still_says_the_hour_turns(table, driver):
    scene = table({"deck": ["wax_candle", "wax_candle"], "hand": ["sylph"]})
    driver.frames()
    assert scene.buttons["end_turn"].detail == "Ending now: no damage; the Hour turns"


def test_the_table_warns_when_every_turn_costs_an_hour(table, driver):
    scene = table({"deck": ["wax_candle"] * 4, "hand": ["salamander"]})  # 4 + 1 cards: a hand of 5
    assert scene.presenter.hour_warning() == ""
    driver.key(pygame.K_1)  # summoned: only 4 cards are left to draw
    warning = scene.presenter.hour_warning()
    assert warning.endswith("from now on every turn costs an Hour.")
    assert scene.log.lines.count(warning) == 1 and scene.message == warning
    driver.frames(20, dt=0.05)
    driver.drag(driver.card_centre(driver.uid("play", "salamander")), driver.zone_centre("discard"))
    assert scene.presenter.hour_warning() == ""  # scrapped: back in the discard pile, 5 to draw again
