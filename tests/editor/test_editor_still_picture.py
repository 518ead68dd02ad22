"""The card editor keeps its screen as one picture while letters are typed and draws only its text
fields over it (EditScene.draw): every frame must show what painting the whole screen afresh shows."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.editor import textfield
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from tests.editor.test_typing_checks_once import _new_card


class _StillClock:  # the caret blinks by the clock: stopped, both paints see it alike
    @staticmethod
    def monotonic() -> float:
        return 1000.0


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_typing_in_the_editor_looks_as_painted_whole(driver, monkeypatch):
    edit = _new_card(driver)
    monkeypatch.setattr(textfield, "time", _StillClock)
    app = driver.app
    whole = edit.still.whole
    steps = [*"Grave Warden", "BACK", "BACK", "n", *" of the Seventh", "TAB", *"Ashes fall", "CLICKNAME",
             "ALL", *"Rumjal", "BACK", "l", "MOVE"]
    for n, step in enumerate(steps):
        if step == "BACK":
            driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        elif step == "TAB":
            driver.click(edit.flavour_field.rect.center)
        elif step == "CLICKNAME":
            driver.click(edit.name_field.rect.center)
        elif step == "ALL":
            driver.post(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        elif step == "MOVE":
            driver.post(pygame.MOUSEMOTION, pos=edit.buttons[0].rect.center, rel=(1, 0), buttons=(0, 0, 0))
        else:
            driver.post(pygame.TEXTINPUT, text=step)
        driver.frames()
        assert driver.scene is edit
        shown = _pixels(app.screen)
        fresh = pygame.Surface(app.screen.get_size(), 0, app.screen)
        edit.paint(fresh)
        assert _pixels(fresh) == shown, f"step {n} ({step!r}) differs from a whole paint"
    assert "already a card of the game" in edit.check.errors["name"]  # the messages changed on the way
    assert edit.still.whole - whole < len(steps) // 2, "the screen was painted whole at most frames"


def _typed_looks_whole(driver, edit, letters, step=None):
    """Types `letters` one a frame; after each frame the screen is what a whole paint shows."""
    app = driver.app
    for n, ch in enumerate(letters):
        if ch == "\b":
            driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        else:
            driver.post(pygame.TEXTINPUT, text=ch)
        driver.frames()
        assert driver.scene is edit
        fresh = pygame.Surface(app.screen.get_size(), 0, app.screen)
        edit.paint(fresh)
        assert _pixels(fresh) == _pixels(app.screen), f"letter {n} ({ch!r}) differs from a whole paint"


def test_a_name_too_long_says_so_letter_by_letter_without_painting_the_screen_whole(driver, monkeypatch):
    """Past 40 letters the name's message, the Save button's reason and the status line change
    with every letter: they are painted again alone, the screen is not."""
    edit = _new_card(driver)
    monkeypatch.setattr(textfield, "time", _StillClock)
    driver.type("Salamander of the Seventh Hour of Dusk")
    whole = edit.still.whole
    _typed_looks_whole(driver, edit, "and Dawn\b\b\bDawn")
    assert "at most 40 characters" in edit.check.errors["name"]
    assert not edit.buttons[0].enabled and "at most 40" in edit.buttons[0].detail
    assert edit.still.whole - whole <= 1, "a letter of a too long name painted the whole screen"


def test_renaming_a_saved_card_repaints_its_title_alone(driver, monkeypatch):
    edit = _new_card(driver)
    monkeypatch.setattr(textfield, "time", _StillClock)
    driver.type("Grave Warden")
    driver.post(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    driver.frames()
    assert edit.draft.id and not edit.dirty, edit.status
    edit.name_field.focus()
    whole = edit.still.whole
    _typed_looks_whole(driver, edit, "s of Ash\b")
    assert "Grave Wardens of As" in edit._title() and edit.dirty
    assert edit.still.whole - whole <= 1, "renaming a saved card painted the whole screen at every letter"
