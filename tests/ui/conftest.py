"""Headless UI fixtures: one dummy-driver window for the session, and a driver that posts real
pygame mouse and keyboard events through the app's own event loop."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.ui.app import App
from tests.drivers.scripted_input import ScriptedInput


@pytest.fixture(scope="session")
def screen(game_window):
    return game_window


@pytest.fixture
def plain_look():
    """Style, palette and language are the process's: a test that changes them starts and ends with
    the defaults (`pytestmark = pytest.mark.usefixtures("plain_look")`)."""
    from aleph_null_desktop import i18n, storage
    from aleph_null_desktop.ui import style

    style.apply(storage.Settings())
    yield
    style.apply(storage.Settings())
    i18n.set_language("en")


@pytest.fixture
def app(screen):
    application = App(screen, seed=1234)
    pygame.event.clear()
    yield application
    assert not application.error_text, application.error_text  # no frame may have failed


@pytest.fixture
def driver(app):
    return ScriptedInput(app)


@pytest.fixture
def table(driver):
    """`table(scenario)` opens the table on Game.from_scenario(scenario), all animations settled."""

    def open_table(scenario: dict):
        game = Game.from_scenario(scenario)
        driver.app.play(game, scenario.get("circle", "adept"))
        pygame.event.clear()
        driver.frames(30, dt=0.05)
        return driver.scene

    return open_table


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    """The per-user folders (platformdirs) redirected into tmp_path, as tests/storage does."""
    import sys
    from types import SimpleNamespace

    from aleph_null_desktop.storage import paths

    data_home, config_home = tmp_path / "xdg-data", tmp_path / "xdg-config"
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config_home))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    if not sys.platform.startswith("linux"):  # platformdirs honours XDG_* only on Linux
        fake = SimpleNamespace(user_data_path=data_home / paths.APP_NAME,
                               user_config_path=config_home / paths.APP_NAME)
        monkeypatch.setattr(paths, "_dirs", lambda: fake)
    return SimpleNamespace(data=data_home / paths.APP_NAME, config=config_home / paths.APP_NAME)


@pytest.fixture
def no_sound_device(app, monkeypatch):
    """The app's audio as it starts on a machine without a sound device (SDL says why, in English)."""
    from aleph_null_desktop.audio import AudioSystem

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = AudioSystem()
    assert audio.start() is False
    app.audio = audio
    return audio
