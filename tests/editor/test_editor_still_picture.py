"""The card editor keeps its screen as one picture while letters are typed and draws only its text
fields over it (EditScene.draw): every frame must show what painting the whole screen afresh shows."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.editor import textfield
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

def _kept_picture_with_fields(edit, app):
    """The editor's kept picture with its fields and the focus outline drawn on it: the frame as a
    whole paint would show it."""
    from aleph_null_desktop.ui.editor.edit_scene import FORM

    whole = edit.still.surface.copy()
    whole.set_clip(FORM)
    edit._draw_fields(whole)
    whole.set_clip(None)
    app.button_focus.draw(whole, edit)
    return whole


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


def test_frames_that_blit_only_what_changed_show_what_a_whole_frame_shows(driver, monkeypatch):
    """While the screen still shows the editor's last frame, a frame blits only the fields and the
    parts painted again: after every real input (letters, the mouse over Save, the focus outline
    moved by the keyboard) it must show what a whole frame shows: the kept picture, the fields
    over it and the outline."""
    edit = _new_card(driver)
    monkeypatch.setattr(textfield, "time", _StillClock)
    app = driver.app
    partial = edit.still.partial
    steps = [*"Salamander of the Seventh Hour", "BACK", *" at Dawn!", "MOVE", "x", "BACK", "UNFOCUS", "DOWN",
             "DOWN", "TYPE", *"ab", "DOWN"]
    for n, step in enumerate(steps):
        if step == "BACK":
            driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        elif step == "MOVE":
            driver.post(pygame.MOUSEMOTION, pos=edit.buttons[0].rect.center, rel=(1, 0), buttons=(0, 0, 0))
        elif step == "UNFOCUS":
            edit.name_field.focused = False
        elif step == "DOWN":
            driver.post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        elif step == "TYPE":
            edit.name_field.focus()
        else:
            driver.post(pygame.TEXTINPUT, text=step)
        driver.frames()
        assert driver.scene is edit
        whole = _kept_picture_with_fields(edit, app)
        assert _pixels(whole) == _pixels(app.screen), f"step {n} ({step!r}) differs from a frame drawn whole"
    assert app.button_focus.scene is edit, "the keyboard never moved the focus outline"
    assert edit.still.partial - partial > len(steps) // 2, "the frames blitted the whole picture"


def test_the_outline_left_on_save_as_typing_disables_it_moves_without_a_trace(driver, monkeypatch):
    """The outline on Save; letters make the name a built-in card's, Save goes disabled and the
    outline moves to the nearest target left: the frame shows it there alone."""
    edit = _new_card(driver)
    monkeypatch.setattr(textfield, "time", _StillClock)
    app = driver.app
    driver.type("Grave Warde")
    edit.name_field.focused = False
    for n in range(80):  # down to the buttons, then left to Save
        key = pygame.K_DOWN if n < 40 else pygame.K_LEFT
        driver.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        driver.frames()
        if app.button_focus.button is edit.buttons[0]:
            break
    assert app.button_focus.button is edit.buttons[0], "the arrows never reached Save"
    edit.name_field.focus()
    for step in ["BACK"] * 11 + [*"Rumjal"]:
        if step == "BACK":
            driver.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        else:
            driver.post(pygame.TEXTINPUT, text=step)
        driver.frames()
        whole = _kept_picture_with_fields(edit, app)
        assert _pixels(whole) == _pixels(app.screen), f"after {step!r} the screen differs from a frame drawn whole"
    assert not edit.buttons[0].enabled and app.button_focus.scene is edit and app.button_focus.button is not edit.buttons[0]
