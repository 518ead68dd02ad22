"""F11 toggles fullscreen and the settings remember it; where the display refuses, the player is
told and the setting is unchanged."""

from __future__ import annotations

import pygame


def test_f11_toggles_fullscreen_and_remembers_it(app, driver, monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: calls.append(1) or 1)
    app.show_title()
    assert app.current_settings().fullscreen is False
    driver.key(pygame.K_F11)
    assert calls == [1] and app.current_settings().fullscreen is True
    driver.key(pygame.K_F11)
    assert calls == [1, 1] and app.current_settings().fullscreen is False


def test_a_refused_fullscreen_says_why_and_changes_nothing(app, driver, monkeypatch):
    def refuse():
        raise pygame.error("not on this display")

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", refuse)
    app.show_title()
    driver.key(pygame.K_F11)
    assert app.current_settings().fullscreen is False
    assert "Fullscreen is not available here: not on this display" in app.error_text
    app.error_text = ""  # seen; the fixture checks that no frame failed


class FakeWindow:
    def __init__(self):
        self.size, self.position, self.borderless = (1689, 950), (115, 65), False


def test_without_a_window_manager_f11_fills_the_desktop_and_comes_back(app, driver, monkeypatch):
    from aleph_null_desktop.ui import display_mode

    window = FakeWindow()
    monkeypatch.setattr(display_mode, "window_manager_present", lambda: False)
    monkeypatch.setattr(display_mode, "_window", lambda: window)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    monkeypatch.setattr(pygame.display, "toggle_fullscreen",
                        lambda: (_ for _ in ()).throw(AssertionError("no window manager to ask")))
    app.show_title()
    driver.key(pygame.K_F11)
    assert (window.borderless, window.position, window.size) == (True, (0, 0), (2560, 1440))
    assert app.current_settings().fullscreen is True and app.display_mode.mode == "desktop"
    driver.key(pygame.K_F11)
    assert (window.borderless, window.position, window.size) == (False, (115, 65), (1689, 950))
    assert app.current_settings().fullscreen is False and app.display_mode.mode == "windowed"


def test_a_display_that_declines_fullscreen_leaves_the_window_and_says_so(app, driver, monkeypatch):
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: 0)
    app.show_title()
    driver.key(pygame.K_F11)
    assert app.current_settings().fullscreen is False and app.display_mode.mode == "windowed"
    assert "Fullscreen is not available here; the game stays in a window." in app.error_text
    app.error_text = ""
