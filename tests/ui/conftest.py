"""Headless UI fixtures: one dummy-driver window for the session, and a driver that posts real
pygame mouse and keyboard events through the app's own event loop."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.ui.app import App, open_window
from aleph_null_desktop.ui.scripted_input import ScriptedInput


@pytest.fixture(scope="session")
def screen():
    pygame.init()
    surface = open_window()
    yield surface
    pygame.quit()


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
