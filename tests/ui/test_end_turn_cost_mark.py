"""The End Turn button's warning mark (ending now costs damage) lies clear of every word on the
button — its label, the cost line and the key's badge — at every scale in both languages."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.ui.app import App
from aleph_null_desktop.ui.table import board
from tests.drivers.scripted_input import ScriptedInput
from tests.drivers.text_layout import recording

# R8.2: power left unspent at the end of a turn deals damage — the button says so and shows the mark
COSTLY_END = {"hour": 3, "power": 2, "damage": 1, "play": ["grand_circle", "golem"],
              "hand": ["wax_candle", "sylph", "gnome", "pentacle", "undine"], "deck": ["wax_candle"] * 2}

pytestmark = pytest.mark.usefixtures("plain_look")


@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("scale", (0.75, 1.0, 1.25, 1.5))
def test_the_cost_mark_covers_no_word(game_window, monkeypatch, user_dirs, scale, language):
    marks = []
    drawn = board.draw_icon

    def draw_icon(surface, name, rect, colour):
        if name == "damage":
            marks.append(pygame.Rect(rect))
        return drawn(surface, name, rect, colour)

    monkeypatch.setattr(board, "draw_icon", draw_icon)
    with recording(monkeypatch) as recorder:
        screen = pygame.Surface(game_window.get_size())
        app = App(screen, seed=1234)
        app.change_settings(ui_scale=scale, language=language)
        app.play(Game.from_scenario(COSTLY_END), "adept")
        pygame.event.clear()
        ScriptedInput(app).frames(4, dt=0.5)
        button = app.stack.top.buttons["end_turn"].rect
        words = [w for w in recorder.words(screen) if w.rect.colliderect(button)]
    assert marks, "no cost mark drawn: ending this turn costs damage"
    mark = marks[-1]
    assert button.contains(mark)
    assert len(words) >= 2, "the label and the cost line"
    assert not [w.text for w in words if w.rect.colliderect(mark)]
