"""The pause menu over the table: the still table under it is drawn and darkened once, not every
frame; the menu itself still answers the mouse; after Resume the table is drawn again as it is."""

import pygame

from aleph_null_desktop.ui.scenes.pause import PauseScene

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline"], "discard": ["chasuble"]}
SPOT = (60, 1000)  # on the table, clear of the menu


def test_the_table_under_the_pause_menu_is_drawn_once(table, driver, monkeypatch):
    scene = table(TABLE)
    screen = driver.app.screen
    before = screen.get_at(SPOT)
    draws = []
    drawn = scene.draw
    monkeypatch.setattr(scene, "draw", lambda surface: (draws.append(1), drawn(surface)))
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, PauseScene)
    driver.frames(20)
    assert len(draws) == 1  # the first frame of the pause; after that its picture is kept
    veiled = screen.get_at(SPOT)
    for got, was in zip(veiled[:3], before[:3]):
        assert abs(got - was * 95 / 255) <= 2  # darkened once (alpha 160), not once per frame
    driver.key(pygame.K_ESCAPE)  # resume: the table is drawn again, unveiled
    driver.frames(1)
    assert len(draws) >= 2 and screen.get_at(SPOT) == before


def test_the_pause_menu_still_lights_the_button_under_the_mouse(table, driver):
    table(TABLE)
    driver.key(pygame.K_ESCAPE)
    pause = driver.scene
    resume = pause.menu_buttons[0].rect
    inside = (resume.x + 6, resume.centery)
    driver.frames(2)
    cold = driver.app.screen.get_at(inside)
    driver.post(pygame.MOUSEMOTION, pos=resume.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert pause.menu_buttons[0].hot and driver.app.screen.get_at(inside) != cold
