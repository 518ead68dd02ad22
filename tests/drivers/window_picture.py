"""What the game's window shows: the pixels the renderer drew into it at the last present (with the
dummy driver, the software renderer's frame stays readable after the present)."""

from __future__ import annotations

import warnings

import pygame


def window_pixels() -> bytes:
    from pygame._sdl2 import video

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        renderer = video.Renderer.from_window(video.Window.from_display_module())
    return pygame.image.tobytes(renderer.to_surface(), "RGB")


class PresentEveryFrame:
    """Each frame of `app` is presented as the game's loop does (`app.present()`), and the window
    is then compared with the screen; `mismatches` lists the frames where they differ."""

    def __init__(self, app, monkeypatch) -> None:
        self.app, self._step = app, app.step
        self.frames = self.presented = 0
        self.mismatches: list[int] = []
        monkeypatch.setattr(app, "step", self.frame)

    def frame(self, dt: float) -> None:
        self._step(dt)
        self.frames += 1
        if self.app.present():
            self.presented += 1
            if window_pixels() != pygame.image.tobytes(self.app.screen, "RGB"):
                self.mismatches.append(self.frames)
