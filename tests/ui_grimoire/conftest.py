"""Headless fixtures for the Grimoire: one dummy-driver window (tests/conftest.py's, shared by every UI package), a fresh App per test, and frame stepping through the app's own loop.
The player's folders (custom cards, autosave) point into tmp_path: a new ritual reads the
custom cards of the Card editor."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.ui.app import App


@pytest.fixture(autouse=True)
def private_storage(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture(scope="session")
def window(game_window):
    return game_window


@pytest.fixture
def app(window):
    application = App(pygame.display.get_surface() or window)
    pygame.event.clear()
    return application


def frames(app, n: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.step(dt)


def click(app, pos, button: int = 1) -> None:
    """A real click: motion, press and release posted to pygame's queue, then one frame."""
    pos = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, clicks=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, clicks=1))
    frames(app)


def key(app, k, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app)
