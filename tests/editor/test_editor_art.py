"""The editor's picture picker, driven by real events: the chosen illustration is the card's "art"
field, the live preview shows it, it is saved and reopened, and "from the icon" takes it back."""

from __future__ import annotations

import json

import pygame

from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.render.art import ART_BY_ICON
from tests.editor.test_editor_ui import click_ctl, ctl, open_gallery, pick


def test_a_picture_picked_is_the_cards_art_shown_saved_and_reopened(driver):
    gallery = open_gallery(driver)
    driver.click(gallery.tile_rects()[0].center)  # a new card
    edit = driver.scene
    driver.type("Bell Ringer")
    driver.key(pygame.K_ESCAPE)  # leaves the name field
    assert edit.draft.art == "" and ctl(edit, "art").label.endswith("from the icon")
    before = edit._preview.copy()

    click_ctl(driver, "art")
    assert edit.popup is not None and edit.popup.name == "art.menu"
    assert ART_BY_ICON[edit.draft.icon] != "ringing-bell"
    pick(driver, "ringing-bell")
    assert edit.draft.art == "ringing-bell"
    assert edit.draft.to_record()["art"] == "ringing-bell"
    assert ctl(edit, "art").label.endswith("ringing bell")
    assert edit._preview is not None and not edit._preview_stale
    shown = pygame.image.tobytes(edit._preview, "RGBA")
    assert shown != pygame.image.tobytes(before, "RGBA")  # the preview shows the new picture

    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    saved = json.loads((paths.custom_cards_dir() / "custom_bell_ringer.json").read_text(encoding="utf-8"))
    cards = saved if isinstance(saved, list) else saved.get("cards", [saved])
    assert cards[0]["art"] == "ringing-bell"

    driver.key(pygame.K_ESCAPE)
    gallery = open_gallery(driver)
    rect = gallery.tile_rects()[1]
    driver.click(rect.center)
    driver.click(rect.center, clicks=2)
    edit = driver.scene
    assert edit.draft.art == "ringing-bell"  # reopened as saved

    click_ctl(driver, "art")
    pick(driver, "")  # "from the icon": the card keeps no art of its own
    assert edit.draft.art == "" and "art" not in edit.draft.to_record()
    assert pygame.image.tobytes(edit._preview, "RGBA") != shown
