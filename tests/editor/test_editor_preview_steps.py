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


def test_a_long_name_is_fitted_a_size_a_step_and_drawn_as_at_once(app, monkeypatch):
    """The large card's name and type line try their sizes one a step (a size not loaded yet costs
    a millisecond or more: a long name tried some thirty in one frame, 36-46 ms); the face is the
    one drawn at once, pixel for pixel."""
    from aleph_null_desktop.editor.draft import CardDraft
    from aleph_null_desktop.engine.cards import card_from_dict
    from aleph_null_desktop.ui.render import fonts as fonts_module
    from aleph_null_desktop.ui.render.card_renderer import CardRenderer

    draft = CardDraft()
    draft.set_name("en", "Salamander of the Seventh Hour and of the Eighth")
    cards = {edit_scene.PREVIEW_ID: card_from_dict(draft.to_record(edit_scene.PREVIEW_ID))}
    loads = []
    load = fonts_module.Fonts._load
    monkeypatch.setattr(fonts_module.Fonts, "_load", lambda self, role, size: loads.append(size) or load(self, role, size))
    stepped = CardRenderer(cards, fonts_module.Fonts())  # fonts of its own: none loaded yet
    per_step = []
    while True:
        before = len(loads)
        done = stepped.face_step(edit_scene.PREVIEW_ID, edit_scene.PREVIEW_W)
        per_step.append(len(loads) - before)
        if done:
            break
    assert sum(per_step) >= 20  # the name and the type line tried many sizes…
    assert max(per_step) <= 3  # …a few a step at most
    whole = CardRenderer(cards, fonts_module.Fonts()).face(edit_scene.PREVIEW_ID, edit_scene.PREVIEW_W)
    face = stepped.face(edit_scene.PREVIEW_ID, edit_scene.PREVIEW_W)
    assert pygame.image.tobytes(face, "RGBA") == pygame.image.tobytes(whole, "RGBA")
