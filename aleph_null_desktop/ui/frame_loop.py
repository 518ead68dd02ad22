"""The frame loop that rests: a frame is drawn and presented only when something changed.

While the top scene moves (a card flying, a page turning) frames come at `FPS`. When it is still,
the loop waits for the next input or the moment a scene asked to be woken
(a hover's pause, a message's end: `Scene.next_change`), and draws nothing meanwhile. Every
`POLL_SECONDS` at the latest it wakes without drawing to let the music finish a change of track,
collect the autosave's messages and give freed memory back.

A frame drawn is presented through `App.present`: not at all when the frame left the screen as it
was (the mouse moved over a card already lifted: the table drew nothing), else the whole screen.

Time keeps its pace: a scene woken by its timer is stepped by the whole time it slept; woken by
input, its clocks first catch up with the sleep, and the input's own motion starts at a frame's pace.
"""

from __future__ import annotations

import time
from typing import Callable

import pygame

FPS = 60
MAX_FRAME_SECONDS = 0.1  # a slow frame moves the animations at most this far
POLL_SECONDS = 0.5  # the longest sleep: the music and the autosave are looked after this often
AUDIO_POLL_SECONDS = 1 / 30  # while the music changes track, it is looked after this often
# asleep, the loop looks for input this often: half a frame at most of delay. (pygame's own
# event.wait(timeout) looks every millisecond: 2 % of a core while nothing happens.)
INPUT_POLL_SECONDS = 0.008


class FrameLoop:
    """Runs `app` one turn at a time (`turn()`); `present` shows the drawn frame (by default
    `app.present`: only a frame that changed the screen)."""

    def __init__(self, app, present: Callable[[], object] | None = None,
                 clock: Callable[[], float] = time.monotonic, poll_seconds: float = POLL_SECONDS) -> None:
        self.app = app
        self.poll_seconds = poll_seconds
        self.present = app.present if present is None else present
        self.clock = clock
        self.frames = 0  # frames drawn (tests and bench/idle.py read it)
        self._pace = pygame.time.Clock()
        self._pace.tick()
        self._last = clock()  # when the scenes last had their time

    def turn(self) -> bool:
        """One frame, or one rest until input or a timer; True if a frame was presented."""
        app = self.app
        due = app.next_frame_in()
        if due == 0:
            dt = self._pace.tick(FPS) / 1000.0
            self._last = self.clock()
            self._frame(min(dt, MAX_FRAME_SECONDS))
            return True
        timeout = self.poll_seconds if due is None else min(due, self.poll_seconds)
        if app.audio_changing():
            timeout = min(timeout, AUDIO_POLL_SECONDS)
        chores = app.next_housekeeping_in()
        if chores is not None:
            timeout = min(timeout, max(chores, INPUT_POLL_SECONDS))
        events = self._wait(timeout)
        now = self.clock()
        slept = now - self._last
        if events:
            for event in events:
                app.hold(event)
            app.rest(slept)  # the scenes' timers count the time asleep
            self._restart(now)
            self._frame(1 / FPS)  # what the input starts moves at a frame's pace
            return True
        if due is not None and slept >= due:
            self._restart(now)
            self._frame(slept)  # a timer came due: the scene is stepped by the time asleep
            return True
        app.rest(slept)
        self._restart(now)
        return False

    def run(self, stop_after_first_frame: bool = False) -> None:
        while self.app.running:
            if self.turn() and stop_after_first_frame:
                return

    def _wait(self, seconds: float) -> list[pygame.event.Event]:
        """The input that comes within `seconds` (as soon as it comes), or []."""
        deadline = self.clock() + seconds
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = deadline - self.clock()
            if left <= 0:
                return []
            time.sleep(min(INPUT_POLL_SECONDS, left))

    def _restart(self, now: float) -> None:
        self._last = now
        self._pace.tick()  # the rest is not a frame's time

    def _frame(self, dt: float) -> None:
        self.app.step(dt)
        self.present()
        self.frames += 1
