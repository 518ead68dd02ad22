"""What the storm itself promises: its moves make rituals go somewhere (the lesson to its end), and
a move that raises is counted as a failed frame with its traceback, not a crash of the whole run."""

import random

import pygame

from aleph_null_desktop.ui.app import App
from tests.drivers.random_input import RandomInput
from aleph_null_desktop.ui.tutorial.lesson import STEPS
from aleph_null_desktop.ui.tutorial.scene import TutorialScene


def storm_on(scene_of, game_window, seed=3) -> RandomInput:
    app = App(game_window, seed=seed)
    app.hint_function = lambda game: (game.legal_commands()[0], "a hint")
    app.stack.replace_all(scene_of(app))
    pygame.event.clear()
    return RandomInput(app, random.Random(seed))


def test_moves_take_the_lesson_to_its_end(game_window):
    storm = storm_on(TutorialScene, game_window)
    lesson = storm.app.stack.top
    for _ in range(200):
        if lesson.step is None:
            break
        storm.play_moves()
        storm.frame()
    assert lesson.step_index == len(STEPS) and storm.failed_frames == 0


def test_a_move_that_raises_is_a_failed_frame_with_its_traceback(game_window):
    storm = storm_on(TutorialScene, game_window)

    def broken(cmd, **_kw):
        raise KeyError("a sprite that is gone")

    storm.app.stack.top.submit = broken
    storm.play_moves()
    assert storm.failed_frames == 1 and "KeyError: 'a sprite that is gone'" in storm.failures[0]
