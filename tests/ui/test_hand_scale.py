"""Issue #26: "Size of text and cards" enlarges the hand cards, where most reading happens; the
table's zones are fitted to the scale, so a larger hand card lies inside the hand's zone (not over
the prompt bar), and the mouse finds it there. (How far they grow is bounded by the cards in play,
which keep their words: tests/ui/test_cards_in_play_keep_words.py; and a full hand by the width of
its zone, where its cards lie side by side.)"""

from __future__ import annotations

import pygame
import pytest


HAND = {"hour": 2, "hand": ["salamander", "sylph", "wax_candle"], "deck": ["wax_candle"] * 8}


pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


def _hand_rects(scene) -> list[pygame.FRect]:
    return [scene.sprites[c.uid].rect for c in scene.game.zone("hand")]


def test_hand_cards_grow_with_the_scale_and_stay_in_their_zone(app, driver, table):
    scene = table(HAND)
    at_100 = [r.w for r in _hand_rects(scene)]
    app.change_settings(ui_scale=1.25)
    driver.frames(30, dt=0.05)
    at_125 = [r.w for r in _hand_rects(scene)]
    assert all(w_125 >= 1.2 * w for w_125, w in zip(at_125, at_100)), (at_100, at_125)  # in step with the scale
    app.change_settings(ui_scale=1.5)
    driver.frames(30, dt=0.05)
    at_150 = _hand_rects(scene)
    # (as far as the play zone above keeps two rows of cards that keep their words: ui.table.arrange)
    assert all(r.w >= 1.3 * w for r, w in zip(at_150, at_100)), (at_100, [r.w for r in at_150])
    hand, prompt, play = scene.rects["hand"], scene.rects["prompt"], scene.rects["play"]
    for rect in at_150:
        assert hand.inflate(0, 12).contains(rect), (rect, hand)
        assert not rect.colliderect(prompt) and not rect.colliderect(play)
        assert app.layout.zone_at(*rect.center) == "hand"
    assert prompt.bottom <= hand.top and play.bottom <= prompt.top  # the zones gave the hand the room


def test_at_150_percent_a_grown_hand_card_is_summoned_by_the_mouse(app, driver, table):
    app.change_settings(ui_scale=1.5)
    scene = table(HAND)
    uid = driver.uid("hand", "salamander")
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    driver.frames(30, dt=0.05)
    assert scene.game.zone_of(uid) == "play"  # R6.1: summoned from the hand into play


def test_a_full_hand_keeps_its_size_and_lies_side_by_side(app, driver, table):
    app.change_settings(ui_scale=1.5)
    scene = table({**HAND, "hand": ["salamander", "sylph", "wax_candle", "gnome", "undine"]})
    rects = sorted(_hand_rects(scene), key=lambda r: r.x)
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:]))  # no card covers another's words
    assert all(r.w >= 240 for r in rects)  # never below the size at 100 %
