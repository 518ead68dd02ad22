"""The full collection that follows a scene's leaving (ui.render.memory.release) leaves out what the
game is built of (set aside once, as the first App is made), and still frees the scenes left."""

import gc
import weakref

import pygame

from aleph_null_desktop.ui.render import memory
from aleph_null_desktop.ui.scenes.settings import SettingsScene


def test_the_startup_objects_are_set_aside_once_and_a_left_scene_is_still_collected(app, driver):
    set_aside = gc.get_freeze_count()
    assert set_aside > 5000, "the modules, classes and functions of the game are left out of collections"
    memory.set_aside_startup()
    assert gc.get_freeze_count() == set_aside, "set aside once per process, not at every App"
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_s)
    scene = driver.scene
    assert isinstance(scene, SettingsScene)
    left = weakref.ref(scene)
    del scene
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    memory.release()
    assert left() is None, "the settings screen (held in reference cycles by its buttons) was collected"
