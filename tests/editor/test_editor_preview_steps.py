"""Typing in the editor (issue 33): a keystroke's frame does not draw the whole preview (10-30 ms);
the new preview is drawn a step a frame, the last one shown meanwhile, and then shows the new name."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.editor import edit_scene
from tests.editor.test_editor_ui import open_gallery


def test_the_preview_follows_typing_a_step_a_frame(driver, monkeypatch):
    monkeypatch.setattr(edit_scene, "PREVIEW_STEP_MS", 0.0)  # one step a frame, however fast the machine
    gallery = open_gallery(driver)
    driver.click(gallery.tile_rects()[0].center)  # a new card
    edit = driver.scene
    driver.type("Bell")
    for _ in range(60):
        if edit._preview_drawing is None:
            break
        driver.frames()
    shown = edit._preview
    assert shown is not None and edit._preview_drawing is None
    before = pygame.image.tobytes(shown, "RGBA")
    driver.type("e")
    assert edit.draft.name == "Belle"
    assert edit._preview is shown and edit._preview_drawing is not None  # the keystroke's frame: the old one
    assert edit.next_change() == 0  # the loop keeps drawing frames until the new one is done
    frames = 0
    while edit._preview_drawing is not None and frames < 60:
        driver.frames()
        frames += 1
    assert edit._preview_drawing is None and frames >= 1
    assert pygame.image.tobytes(edit._preview, "RGBA") != before  # the new name is on the card
    assert not edit._preview_stale
