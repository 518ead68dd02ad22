"""Letters typed in the card editor: the form is checked and laid out again once a frame for all of
them (EditScene._catch_up), and before any other input of the same frame reads it."""

from __future__ import annotations

import pygame

from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from tests.editor.test_editor_ui import open_gallery


def _new_card(driver) -> EditScene:
    gallery = open_gallery(driver)
    driver.click(gallery.tile_rects()[0].center)  # the "New card" tile
    edit = driver.scene
    assert isinstance(edit, EditScene) and edit.name_field.focused
    return edit


def test_a_frame_of_letters_and_backspaces_checks_the_form_once(driver, monkeypatch):
    edit = _new_card(driver)
    rebuilds = []
    real = EditScene.rebuild
    monkeypatch.setattr(EditScene, "rebuild", lambda scene, typed=False: rebuilds.append(typed) or real(scene, typed))
    for ch in "Rumjalx":
        driver.post(pygame.TEXTINPUT, text=ch)
    driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
    driver.frames()
    assert rebuilds == [True], rebuilds
    assert edit.name_field.text == "Rumjal"
    assert "already a card of the game" in edit.check.errors["name"]  # checked after the last letter
    assert not edit.buttons[0].enabled


def test_a_click_after_letters_in_the_same_frame_sees_the_form_checked(driver):
    edit = _new_card(driver)
    driver.type("Grave Warden")
    assert edit.check.ok, edit.check.errors
    save = edit.buttons[0].rect.center
    for _word in range(3):  # now a built-in card's name: Save, pressed in the same frame, is disabled
        driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    for ch in "Rumjal":
        driver.post(pygame.TEXTINPUT, text=ch)
    driver.post(pygame.MOUSEMOTION, pos=save, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=save, button=1, clicks=1)
    driver.post(pygame.MOUSEBUTTONUP, pos=save, button=1, clicks=1)
    driver.frames()
    assert edit.name_field.text == "Rumjal"
    assert not edit.buttons[0].enabled and "already a card of the game" in edit.check.errors["name"]
    assert edit.status == "", f"Save was pressed while the form was not checked yet: {edit.status}"
    saved = list(paths.custom_cards_dir().iterdir()) if paths.custom_cards_dir().exists() else []
    assert saved == [], "a card named as a built-in one was saved"
