"""Headless fixtures for the Grimoire: one dummy-driver window (shared with tests/ui when that
package opened it first), a fresh App per test, and frame stepping through the app's own loop."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.ui.app import App, open_window


@pytest.fixture(scope="session")
def window():
    opened_here = not pygame.get_init()
    pygame.init()
    surface = pygame.display.get_surface() or open_window()
    yield surface
    if opened_here:
        pygame.quit()


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
