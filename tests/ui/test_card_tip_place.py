"""Issue #26: help never hides information. The card read up close on hover goes where it covers
neither its card, nor the log, nor the prompt bar (hints and warnings), nor the Hour's banner,
at every UI scale and in both languages."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.ui.table import painting

SCENARIO = {"hour": 3, "play": ["book_of_pacts", "wand_of_power", "golem", "wealthy_tanist", "besom"],
            "hand": ["salamander", "sylph", "gnome", "pentacle", "undine"], "deck": ["wax_candle"] * 8}


pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


@pytest.fixture
def tips(monkeypatch):
    """The area of every card tip drawn while the test runs."""
    drawn: list[pygame.Rect] = []
    original = painting.draw_card_tip

    def draw(*args, **kwargs):
        drawn.append(original(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(painting, "draw_card_tip", draw)
    return drawn


def _rest_on(driver, scene, uid) -> pygame.Rect:
    at = tuple(map(round, scene.sprites[uid].target.center))
    driver.post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(20, dt=0.05)
    return pygame.Rect(scene.sprites[uid].rect)


@pytest.mark.parametrize("scale, language", [(1.0, "en"), (1.25, "de"), (1.5, "de"), (0.75, "en")])
def test_a_card_tip_covers_neither_its_card_nor_the_log_nor_the_prompt_bar(app, driver, table, tips, scale,
                                                                          language):
    app.change_settings(ui_scale=scale, language=language)
    scene = table(SCENARIO)
    window = app.screen.get_rect()
    for zone in ("hand", "play"):
        for card in scene.game.zone(zone):
            tips.clear()
            rect = _rest_on(driver, scene, card.uid)
            assert scene.controls.card_tip_shown() and tips, (zone, card.card_id)
            box = tips[-1]
            assert window.contains(box), (card.card_id, box)
            assert not box.colliderect(rect), (card.card_id, box, rect)
            for name in ("log", "prompt"):
                assert not box.colliderect(scene.rects[name]), (card.card_id, name, box, scene.rects[name])


def test_a_card_tip_keeps_clear_of_the_hours_banner(app, driver, table, tips):
    scene = table(SCENARIO)
    scene.motion.hour("HOUR IV", speed=0.05)  # the banner shows long enough to hover under it
    driver.frames(2, dt=0.05)
    banner = scene.motion.banner_area(scene.rects["play"].center)
    assert banner is not None
    for card in scene.game.zone("play"):
        tips.clear()
        _rest_on(driver, scene, card.uid)
        assert tips and not tips[-1].colliderect(banner), (card.card_id, tips[-1], banner)
