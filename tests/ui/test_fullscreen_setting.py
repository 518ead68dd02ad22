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
