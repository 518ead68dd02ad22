"""The frame loop rests (issue 33): nothing is drawn or presented while nothing changes; input,
a moving card and a scene's timer each bring frames again, and time asleep still counts."""

import time

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.ui.frame_loop import FrameLoop
from aleph_null_desktop.ui.scenes.stack import Scene

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline", "gnome"], "discard": ["chasuble"]}
POLL = 0.01  # the loop's longest sleep in these tests (the game's is half a second)


@pytest.fixture
def loop(app):
    presented = []
    frame_loop = FrameLoop(app, present=lambda: presented.append(time.monotonic()), poll_seconds=POLL)
    frame_loop.presented = presented
    return frame_loop


def turns(loop, n: int) -> int:
    """Runs n turns of the loop; how many presented a frame."""
    return sum(loop.turn() for _ in range(n))


def settle(loop, limit: int = 400) -> None:
    for _ in range(limit):
        if not loop.turn():
            return
    raise AssertionError("the scene never came to rest")


def post_motion(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))


def test_the_title_is_drawn_once_and_then_not_again_until_input(app, loop):
    app.show_title()
    assert turns(loop, 1) == 1  # a new scene is drawn
    draws = []
    title = app.stack.top
    drawn = title.draw
    title.draw = lambda surface: (draws.append(1), drawn(surface))
    assert turns(loop, 30) == 0 and not draws  # nothing changed: nothing drawn, nothing presented
    post_motion((960, 540))
    assert turns(loop, 1) == 1 and len(draws) == 1  # the mouse moved: one frame
    assert turns(loop, 20) == 0 and len(draws) == 1


def test_a_still_table_rests_and_a_summon_brings_frames_until_the_card_lands(app, driver, loop):
    app.play(Game.from_scenario(TABLE), "adept")
    pygame.event.clear()
    settle(loop)
    table = app.stack.top
    assert table.next_change() is None
    assert turns(loop, 30) == 0  # a still table: no frame at all
    hand = [c.uid for c in table.game.zone("hand")]
    driver.drag(driver.card_centre(hand[0]), driver.zone_centre("play"))  # summoned: it flies into place
    assert table.game.zone_of(hand[0]) == "play" and table.sprites[hand[0]].moving
    moving = 0
    while table.sprites[hand[0]].moving and moving < 200:
        assert loop.turn()  # the flight is drawn frame by frame, without input meanwhile
        moving += 1
    assert moving >= 3
    landed = table.painter.stand_ins.finished
    frames = turns(loop, 20)  # landed: the log shows its line (ui.table.log_panel), then the table rests again …
    assert frames == 1 if table.painter.stand_ins.finished == landed else 1 < frames < 20  # (… once the faces
    # it stood in for, if any, are drawn)
    assert not table.painter.behind() and turns(loop, 30) == 0


def test_the_mouse_resting_on_a_card_opens_its_tip_after_its_pause_then_rests(app, loop):
    from aleph_null_desktop.ui.table.card_tips import HOVER_SECONDS

    app.play(Game.from_scenario(TABLE), "adept")
    pygame.event.clear()
    settle(loop)
    table = app.stack.top
    card = table.game.zone("play")[0].uid
    post_motion(tuple(map(round, table.sprites[card].target.center)))
    start = time.monotonic()
    for _ in range(400):
        loop.turn()
        if table.controls.card_tip_shown():
            break
    assert table.controls.card_tip_shown()
    assert time.monotonic() - start >= HOVER_SECONDS * 0.9  # the pause is kept in real time
    settle(loop)
    assert turns(loop, 20) == 0 and table.controls.card_tip_shown()  # the tip stays on the screen, undrawn


class Timer(Scene):
    """A scene that changes by itself once, `seconds` after it opens."""

    def __init__(self, app, seconds: float) -> None:
        super().__init__(app)
        self.left, self.counted, self.draws = seconds, 0.0, 0

    def update(self, dt: float) -> None:
        self.counted += dt
        self.left -= dt

    def next_change(self) -> float | None:
        return max(0.0, self.left) if self.left > 0 else None

    def draw(self, surface) -> None:
        self.draws += 1


def test_a_scene_timer_wakes_the_loop_and_counts_the_time_asleep(app, loop):
    scene = Timer(app, 0.2)
    app.stack.replace_all(scene)
    start = time.monotonic()
    assert turns(loop, 1) == 1
    for _ in range(200):
        loop.turn()
        if scene.left <= 0:
            break
    slept = time.monotonic() - start
    assert scene.left <= 0 and slept >= 0.19
    # its clock kept real time while the loop slept: the 0.2 s were counted in a few steps, each far
    # longer than a frame (a loop that counted only its frames would need 12 of them)
    assert scene.counted >= 0.2 and scene.counted / scene.draws > 1 / 30
    assert scene.draws <= 4  # the opening frame and the timer's (not 12 frames of waiting)
    assert turns(loop, 20) == 0


def test_a_warning_is_drawn_and_taken_away_when_its_time_is_up(app, loop, monkeypatch):
    from aleph_null_desktop.ui import app as app_module

    monkeypatch.setattr(app_module, "ERROR_SECONDS", 0.1)
    app.show_title()
    settle(loop)
    app.report("A warning")
    assert turns(loop, 1) == 1
    shown = loop.frames
    for _ in range(100):
        loop.turn()
        if app.error_time == 0 and loop.frames > shown:
            break
    assert app.error_time == 0 and loop.frames == shown + 1  # one frame more: the title without it
    app.error_text = ""  # (the app fixture checks no frame failed)
    assert turns(loop, 20) == 0
