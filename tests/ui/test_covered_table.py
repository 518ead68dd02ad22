"""The Grimoire over the table (F1): the table, which stands still under the book, keeps its picture of
the board and the cards lying still while it is covered (its card faces make room for it within their
budget) and lets its other screen-sized pictures go; the book opens over the table's last frame as it
is on the screen, and closes onto the table shown again from that picture, not painted whole. Each
the same, pixel for pixel, as a whole fresh paint; the window the same as the screen."""

import pygame

from aleph_null_desktop.ui.grimoire.scene import GrimoireScene
from aleph_null_desktop.ui.render.caches import budget
from tests.drivers.window_picture import PresentEveryFrame

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell", "golem", "sexton"],
         "hand": ["wax_candle", "undine", "sylph", "gnome"], "deck": ["sylph", "boline"], "discard": ["chasuble"]}


def _screen_sized(scene) -> list:
    return [s for s in (scene.painter.layer.surface, scene.painter.bare.surface, scene.painter._under[1]) if s is not None]


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _rest_on_a_card(scene, driver) -> None:
    """The mouse rests on a card in play: its tip shows (F1 then opens at its glossary page)."""
    x, y = map(round, driver.card_centre(scene.game.zone("play")[0].uid))
    driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(20, dt=0.05)


def test_the_table_under_the_grimoire_keeps_its_board_picture_in_room_made_by_its_faces(table, driver):
    scene = table(TABLE)
    _rest_on_a_card(scene, driver)
    layer = scene.painter.layer.surface
    assert layer is not None
    driver.key(pygame.K_F1)
    assert isinstance(driver.scene, GrimoireScene)
    driver.frames(5)
    assert _screen_sized(scene) == [layer]  # the same picture, kept; nothing else screen-sized
    kept = layer.get_pitch() * layer.get_height()
    assert scene.renderer.cached_bytes() + kept <= budget("card_faces")


def test_closing_the_book_shows_the_table_from_its_picture_as_a_fresh_paint_would(table, driver, monkeypatch):
    scene = table(TABLE)
    _rest_on_a_card(scene, driver)
    before = _pixels(driver.app.screen)
    window = PresentEveryFrame(driver.app, monkeypatch)
    driver.key(pygame.K_F1)
    driver.frames(5)
    assert _pixels(driver.app.screen) != before
    layer = scene.painter.layer
    painted = layer.redraws
    driver.key(pygame.K_ESCAPE)  # the book closes: the table as it was, in one frame
    assert driver.scene is scene
    assert layer.redraws == painted  # nothing of the board's picture painted again
    closed = _pixels(driver.app.screen)
    assert closed == before
    scene.painter.refresh()  # every picture painted again from nothing
    driver.app.request_frame()
    driver.frames(1)
    assert layer.redraws == painted + 1
    assert _pixels(driver.app.screen) == closed
    assert window.presented >= 3 and window.mismatches == []


def test_the_book_opens_over_the_table_as_it_is_on_the_screen(table, driver, monkeypatch):
    scene = table(TABLE)
    _rest_on_a_card(scene, driver)
    window = PresentEveryFrame(driver.app, monkeypatch)
    draws = []
    real_draw = scene.painter.draw
    monkeypatch.setattr(scene.painter, "draw", lambda surface, m: draws.append(real_draw(surface, m)) or draws[-1])
    scene.renderer._faces.clear()  # faces the table would draw ahead on a quiet frame of its own …
    steps, real_step = [], scene.renderer.face_step
    monkeypatch.setattr(scene.renderer, "face_step", lambda *a, **k: steps.append(a) or real_step(*a, **k))
    driver.key(pygame.K_F1)
    assert isinstance(driver.scene, GrimoireScene)
    assert draws == [False]  # the table's last frame was on the screen: drawn under the book as it was
    assert steps == []  # … but not in the book's opening frame
    opened = _pixels(driver.app.screen)
    driver.app.stack._under = None  # the table under the book drawn again whole, from nothing
    scene.painter.refresh()
    driver.app.request_frame()
    driver.frames(1)
    assert draws == [False, True]
    assert _pixels(driver.app.screen) == opened
    assert window.mismatches == []


def test_a_closed_books_pages_go_a_frame_after_it_closed(table, driver, monkeypatch):
    scene = table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    art = book.art
    driver.frames(2)
    assert art._cache.nbytes() > 0
    del book
    frames, cleared = [0], []
    step = driver.app.step
    monkeypatch.setattr(driver.app, "step", lambda dt: (frames.__setitem__(0, frames[0] + 1), step(dt)))
    monkeypatch.setattr(art._cache, "clear", lambda real=art._cache.clear: (cleared.append(frames[0]), real()))
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene
    driver.frames(30, dt=0.05)  # (a book held in a reference cycle is collected within half a second)
    assert cleared and cleared[0] >= 2  # not in the frame that closed it, which shows the table whole
    assert art._cache.nbytes() == 0
