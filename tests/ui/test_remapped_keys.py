"""Settings → Keys through real key events: an action gets a new key, the table obeys it (and no
longer its old one), the badges name it, it is saved like every setting; a key another action has
or one that works the menus is refused with the reason; "Default keys" puts every key back; a bad
saved key map is ignored with a note."""

from __future__ import annotations

import json

import pygame
import pytest

from aleph_null_desktop import keymap, storage
from aleph_null_desktop.engine import EndTurn
from aleph_null_desktop.ui.scenes.keys import KeysScene
from aleph_null_desktop.ui.scenes.settings import SettingsScene
from aleph_null_desktop.ui.widgets.button import key_name


def _open_keys(app, driver) -> KeysScene:
    app.show_title()
    driver.frames()
    driver.key(pygame.K_s)
    assert isinstance(driver.scene, SettingsScene)
    driver.key(pygame.K_k)
    assert isinstance(driver.scene, KeysScene)
    return driver.scene


def _choose_row(driver, scene, action: str) -> None:
    """The outline onto the action's row by Tab (it goes round), and Enter: its new key is awaited."""
    driver.key(pygame.K_DOWN)  # the outline appears (on the first row)
    for _ in range(len(scene.buttons)):
        if driver.app.button_focus.button is scene.rows[action]:
            break
        driver.key(pygame.K_TAB)
    assert driver.app.button_focus.button is scene.rows[action]
    driver.key(pygame.K_RETURN)
    assert scene.waiting == action


def test_a_new_key_for_ending_the_turn_is_played_with_and_the_old_one_does_nothing(app, driver, table):
    scene = _open_keys(app, driver)
    _choose_row(driver, scene, "end_turn")
    driver.key(pygame.K_e)
    assert scene.waiting is None and app.current_settings().key_bindings()["end_turn"] == "e"
    assert "“End the turn” is now E." == str(scene.message)
    assert scene.shown_keys["end_turn"] == "E"
    table_scene = table({"hand": ["wax_candle"], "deck": ["sylph"] * 6})
    assert key_name("Space") == "E"  # the End Turn button's badge
    driver.key(pygame.K_SPACE)  # the old key: nothing
    assert table_scene.applied == []
    driver.key(pygame.K_e)
    if table_scene.modal is not None:  # ending costs damage: confirmed
        driver.key(pygame.K_RETURN)
    assert table_scene.applied == [EndTurn()]


def test_a_key_with_a_modifier_and_a_swap_of_two_keys(app, driver, table):
    scene = _open_keys(app, driver)
    _choose_row(driver, scene, "hint")
    driver.key(pygame.K_SPACE)  # End the turn has it: refused, still waiting
    assert scene.waiting == "hint" and scene.warn
    assert str(scene.message) == "Space is already the key for “End the turn”."
    driver.key(pygame.K_j, pygame.KMOD_LCTRL)
    assert app.current_settings().key_bindings()["hint"] == "ctrl+j"
    table_scene = table({"hand": ["wax_candle"], "deck": ["sylph"] * 6})
    asked = []
    table_scene.hints.request = lambda: asked.append(True)
    driver.key(pygame.K_h)
    driver.key(pygame.K_j)
    assert asked == []  # neither the old key nor J without Ctrl
    driver.key(pygame.K_j, pygame.KMOD_LCTRL)
    assert asked == [True]
    assert key_name("H") == "Ctrl+J"


def test_keys_that_work_the_menus_are_refused_and_esc_keeps_the_old_key(app, driver):
    scene = _open_keys(app, driver)
    _choose_row(driver, scene, "undo")
    for key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_LEFT, pygame.K_3):
        driver.key(key)
        assert scene.waiting == "undo" and "cannot be moved" in str(scene.message)
    driver.key(pygame.K_LCTRL)  # a modifier alone: still waiting for its key
    assert scene.waiting == "undo"
    driver.key(pygame.K_ESCAPE)
    assert scene.waiting is None and app.current_settings().key_bindings() == keymap.DEFAULTS
    driver.key(pygame.K_ESCAPE)  # now Esc goes back to Settings
    assert isinstance(driver.scene, SettingsScene)


def test_f11_can_be_moved_and_default_keys_puts_everything_back(app, driver):
    scene = _open_keys(app, driver)
    _choose_row(driver, scene, "fullscreen")
    driver.key(pygame.K_F11)  # its own key again: fine, and no fullscreen meanwhile
    assert scene.waiting is None and not app.current_settings().fullscreen
    _choose_row(driver, scene, "fullscreen")
    driver.key(pygame.K_F12)
    _choose_row(driver, scene, "log")
    driver.key(pygame.K_o)
    assert app.current_settings().keys == (("fullscreen", "f12"), ("log", "o"))
    for _ in range(len(scene.buttons)):
        if app.button_focus.button is scene.reset_button:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert app.current_settings().keys == () and app.current_settings().key_bindings() == keymap.DEFAULTS
    assert str(scene.message) == "Every key is its default again."


def test_moved_keys_are_saved_and_read_back(app, driver, user_dirs):
    app.persist = True
    scene = _open_keys(app, driver)
    _choose_row(driver, scene, "hint")
    driver.key(pygame.K_u)
    saved = json.loads((user_dirs.config / "settings.json").read_text())
    assert saved["keys"] == {"hint": "u"}
    settings, messages = storage.load_settings()
    assert messages == [] and settings.key_bindings()["hint"] == "u"


@pytest.mark.parametrize("bad", [{"hint": "return"}, {"hint": "space"}, {"jump": "j"}, ["hint", "j"],
                                 {"hint": 7}, {"hint": "ctrl+ctrl+j"}])
def test_a_bad_saved_key_map_is_ignored_with_a_note(app, user_dirs, bad):
    user_dirs.config.mkdir(parents=True, exist_ok=True)
    (user_dirs.config / "settings.json").write_text(json.dumps({"version": 1, "music_volume": 0.3, "keys": bad}))
    app.persist = True
    app.start_session()
    settings = app.current_settings()
    assert settings.key_bindings() == keymap.DEFAULTS and settings.music_volume == 0.3
    assert any("keys" in line for line in app.notices)
    app.error_text = ""  # the repair was reported as a warning: expected here
