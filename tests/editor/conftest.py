"""Every editor test keeps the player's files in tmp_path (platformdirs reads XDG_* each call)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_storage(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


FRAME = 1 / 60


@pytest.fixture(scope="session")
def screen(game_window):
    return game_window


class Driver:
    """Real pygame events through the app's own loop, one frame per step."""

    def __init__(self, app) -> None:
        self.app = app

    @property
    def scene(self):
        return self.app.stack.top

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(FRAME)
        self.settle()

    def settle(self, limit: float = 30.0) -> None:
        """More frames while the screen reads a file off the frame loop (a player waits for it)."""
        import time

        end = time.monotonic() + limit
        while getattr(self.scene, "busy", False) and time.monotonic() < end:
            time.sleep(0.002)
            self.app.step(FRAME)

    def post(self, kind, **attrs) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos, clicks: int = 1) -> None:
        import pygame

        pos = tuple(map(round, pos))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=clicks)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=clicks)
        self.frames()

    def key(self, key, mod: int = 0) -> None:
        import pygame

        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames()

    def type(self, text: str) -> None:
        import pygame

        for ch in text:  # one TEXTINPUT per character, as a keyboard sends them
            self.post(pygame.TEXTINPUT, text=ch)
        self.frames()

    def drop(self, path) -> None:
        import pygame

        self.post(pygame.DROPFILE, file=str(path))
        self.frames()


@pytest.fixture
def app(screen):
    import pygame

    from aleph_null_desktop.ui.app import App

    application = App(screen)
    pygame.event.clear()
    return application


@pytest.fixture
def driver(app):
    return Driver(app)
