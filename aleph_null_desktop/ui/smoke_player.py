"""The smoke test's player (`aleph-null --smoke-test`): real pygame mouse and keyboard events posted
through the app's own loop, one frame per step, as a person would play. The tests' driver
(tests/drivers/scripted_input.py) builds on it."""

from __future__ import annotations

import pygame

FRAME = 1 / 60


class SmokePlayer:
    def __init__(self, app) -> None:
        self.app = app

    @property
    def scene(self):
        return self.app.stack.top

    def frames(self, n: int = 1, dt: float = FRAME) -> None:
        for _ in range(n):
            self.app.step(dt)

    def post(self, kind, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def hold(self, start, end) -> None:
        """Press on `start` and move to `end` without releasing: the card is in the air."""
        start, end = _point(start), _point(end)
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1)
        self.frames()
        for i in range(1, 5):
            p = (round(start[0] + (end[0] - start[0]) * i / 4), round(start[1] + (end[1] - start[1]) * i / 4))
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames()

    def release(self, pos) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=_point(pos), button=1, clicks=1)
        self.frames()

    def drag(self, start, end) -> None:
        self.hold(start, end)
        self.release(end)

    def click(self, pos, clicks: int = 1, button: int = 1) -> None:
        pos = _point(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, clicks=clicks)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, clicks=clicks)
        self.frames()

    def key(self, key, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames()

    # positions on the table scene
    def card_centre(self, uid: int):
        return self.scene.sprites[uid].target.center

    def zone_centre(self, name: str):
        return self.scene.rects[name].center


def _point(pos) -> tuple[int, int]:
    return (round(pos[0]), round(pos[1]))
