"""A choice of several cards made one pick at a time keeps each card's number between picks: the
card shown as 3 is still 3 after card 1 was taken, and its key still chooses it."""

import pygame

from aleph_null_desktop.engine import Activate, Choose
from aleph_null_desktop.ui.table.overlays import ChoicePicker


def test_numbers_stay_with_their_cards_between_picks(table, driver):
    scene = table({"play": ["besom"], "discard": ["bell", "incense", "salamander"], "power": 5,
                   "deck": ["wax_candle"] * 5})
    besom = driver.uid("play", "besom")
    scene.submit(Activate(besom, "burn"))
    driver.frames(5, dt=0.05)
    first = scene.modal
    assert isinstance(first, ChoicePicker)
    by_number = {n: o.uid for n, o in zip(first.numbers, first.decision.options)}
    assert sorted(by_number) == list(range(1, len(first.decision.options) + 1))
    third = by_number[3]
    assert third is not None
    driver.key(pygame.K_1)
    second = scene.modal
    assert isinstance(second, ChoicePicker) and second is not first
    numbers = {o.uid: n for n, o in zip(second.numbers, second.decision.options)}
    assert numbers[third] == 3 and by_number[1] not in numbers  # the same number, a gap where 1 was
    driver.key(pygame.K_3)
    assert scene.applied[-1] == Choose(second.numbers.index(3))
    sacrificed = {c.uid for c in scene.game.zone("sacrificed")}
    assert {by_number[1], third} <= sacrificed  # card 1, then the card numbered 3 all along
