"""The window shows the screen after every present (ui.window_present: a texture of the screen's
own format, only the changed regions copied when a scene says where it drew): through random play
on the table, after fullscreen is toggled, and where the texture path fails (display.flip then)."""

from __future__ import annotations

import random

import pygame

from aleph_null_desktop.ui import window_present
from aleph_null_desktop.ui.window_present import PRESENTER, WindowPresenter
from tests.drivers.window_picture import PresentEveryFrame, random_play, window_pixels

BUSY = {"hour": 3, "power": 4, "tokens": 1, "play": ["salamander", "golem", "book_of_pacts", "boline"],
        "hand": ["wax_candle", "sylph", "gnome", "undine"], "deck": ["learned_tanist", "bell", "besom"],
        "discard": ["chasuble"], "set_aside": ["ill_omen"]}


def test_the_window_shows_the_table_after_every_present_of_random_play(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(BUSY)
    random_play(scene, driver, random.Random(5), 40)
    for k in (pygame.K_F1, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_ESCAPE):  # the Grimoire
        driver.key(k)
        driver.frames(4)
    assert not PRESENTER.failed
    assert watch.presented > 20
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_after_fullscreen_is_toggled_the_window_shows_the_screen(app, table, driver, monkeypatch):
    table(BUSY)
    app.present()
    forgotten = []
    monkeypatch.setattr(PRESENTER, "forget", lambda: forgotten.append(1) or WindowPresenter.forget(PRESENTER))
    app.toggle_fullscreen()  # (the dummy display may refuse: the texture goes all the same)
    assert forgotten
    driver.frames(1)
    assert app.present()
    assert window_pixels() == pygame.image.tobytes(app.screen, "RGB")
    app.toggle_fullscreen()
    driver.frames(1)
    app.present()
    assert window_pixels() == pygame.image.tobytes(app.screen, "RGB")
    app.error_message, app.error_time = "", 0.0  # (the dummy display refuses fullscreen, and says so)


def test_where_the_texture_fails_the_window_is_flipped(app, table, driver, monkeypatch):
    presenter = WindowPresenter()
    monkeypatch.setattr(window_present, "PRESENTER", presenter)
    monkeypatch.setattr("aleph_null_desktop.ui.app.PRESENTER", presenter)

    def broken(*_args):
        raise pygame.error("no texture today")

    monkeypatch.setattr(presenter, "_open", broken)
    flips = []
    flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1) or flip())
    table(BUSY)
    assert app.present()
    assert presenter.failed and flips == [1]
    driver.post(pygame.MOUSEMOTION, pos=driver.card_centre(driver.uid("hand", "gnome")), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert app.present() and flips == [1, 1]
    assert not app.error_text


def _present_a_frame(app, driver, key: int) -> None:
    driver.key(key)  # the Grimoire opens or closes: a new picture
    driver.frames(1)
    assert app.present()


def test_a_window_of_the_screens_own_size_is_covered_whole_without_clearing_it(app, table, driver, monkeypatch):
    table(BUSY)
    _present_a_frame(app, driver, pygame.K_F1)
    assert pygame.display.get_window_size() == app.screen.get_size()  # (the dummy window: 1920×1080)
    renderer = PRESENTER._renderer
    renderer.draw_color = (255, 0, 255, 255)
    renderer.fill_rect((0, 0) + app.screen.get_size())  # what the window's last picture left behind
    renderer.draw_color = (0, 0, 0, 255)
    cleared = PRESENTER.cleared
    _present_a_frame(app, driver, pygame.K_ESCAPE)
    assert PRESENTER.cleared == cleared
    assert window_pixels() == pygame.image.tobytes(app.screen, "RGB")
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (1689, 950))  # scaled, with a bar beside it
    _present_a_frame(app, driver, pygame.K_F1)
    assert PRESENTER.cleared == cleared + 1
