"""The Grimoire over the table (F1): the table, which stands still under the book, lets its
screen-sized pictures go while it is covered and paints them again, as they were, when the book
closes."""

import pygame

from aleph_null_desktop.ui.grimoire.scene import GrimoireScene

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline"], "discard": ["chasuble"]}


def _screen_sized(scene) -> list:
    return [s for s in (scene.painter.layer.surface, scene.painter.bare.surface, scene.painter._under[1]) if s is not None]


def test_the_table_under_the_grimoire_holds_no_screen_sized_picture(table, driver):
    scene = table(TABLE)
    driver.frames(3)
    before = pygame.image.tobytes(driver.app.screen, "RGB")
    assert _screen_sized(scene)  # on top, the table keeps its layers
    driver.key(pygame.K_F1)
    assert isinstance(driver.scene, GrimoireScene)
    driver.frames(5)
    assert _screen_sized(scene) == []
    veiled = pygame.image.tobytes(driver.app.screen, "RGB")
    assert veiled != before
    driver.key(pygame.K_ESCAPE)  # the book closes: the table as it was, in one frame
    assert driver.scene is scene
    driver.frames(1)
    assert pygame.image.tobytes(driver.app.screen, "RGB") == before
    assert _screen_sized(scene)
