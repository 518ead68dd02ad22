"""Typing in the editor copies only its fields and the parts painted again to the window
(ui.window_present): after every present of real input the window shows the screen, pixel for
pixel — letters, Backspace, the other field, a click, a menu opened and closed, scrolling."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.window_present import PRESENTER
from tests.drivers.window_picture import PresentEveryFrame
from tests.editor.test_typing_checks_once import _new_card


def test_the_window_shows_the_editor_after_every_present(driver, monkeypatch):
    edit = _new_card(driver)
    watch = PresentEveryFrame(driver.app, monkeypatch)
    partial = PRESENTER.partial
    steps = [*"Grave Warden", "BACK", "BACK", *" of the Seventh Hour and more", "FLAVOUR", *"Ashes fall",
             "NAME", *"xy", "BACK", "ICONS", "ESC", "WHEEL", *"ab", "WHEELUP", "HOVER", *"cd"]
    for step in steps:
        if step == "BACK":
            driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        elif step == "FLAVOUR":
            driver.click(edit.flavour_field.rect.center)
        elif step == "NAME":
            driver.click(edit.name_field.rect.center)
        elif step == "ICONS":
            driver.click(edit._control("icon").rect.center)
        elif step == "ESC":
            driver.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        elif step in ("WHEEL", "WHEELUP"):
            driver.post(pygame.MOUSEWHEEL, x=0, y=-2 if step == "WHEEL" else 2, flipped=False)
        elif step == "HOVER":
            driver.post(pygame.MOUSEMOTION, pos=edit.buttons[1].rect.center, rel=(1, 0), buttons=(0, 0, 0))
        else:
            driver.post(pygame.TEXTINPUT, text=step)
        driver.frames()
        for _ in range(3):  # the preview is drawn a step a frame after typing
            driver.frames()
    assert driver.scene is edit
    assert not PRESENTER.failed
    assert watch.presented >= len(steps)
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
    assert PRESENTER.partial - partial >= len(steps) // 2  # most presents copied only what changed


def test_frames_not_presented_are_all_in_the_next_present(driver):
    """Frames drawn between two presents (the regions each changed add up): the window then shows
    the screen of the last one."""
    from tests.drivers.window_picture import window_pixels

    edit = _new_card(driver)
    app = driver.app
    driver.frames(5)
    app.present()
    partial = PRESENTER.partial
    for ch in "Ash":  # the name changes in three frames; the title above and the preview too
        driver.post(pygame.TEXTINPUT, text=ch)
        driver.frames()
    driver.frames(6)  # the preview drawn a step a frame
    assert edit.draft.name == "Ash"
    assert app.present()
    assert PRESENTER.partial == partial + 1
    assert window_pixels() == pygame.image.tobytes(app.screen, "RGB")
