"""What the game's window shows: the pixels the renderer drew into it at the last present (with the
dummy driver, the software renderer's frame stays readable after the present), and random play on
the table to compare it through."""

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


def random_play(scene, driver, rng, steps: int) -> None:
    """Hover sweeps, clicks, right-clicks (read large), drags to play, undo, Alt held, keys, and
    the Grimoire opened over the table, leafed and closed."""
    for _ in range(steps):
        if scene is not driver.scene or scene.game.outcome is not None:
            return
        roll = rng.random()
        cards = [c.uid for zone in ("hand", "play") for c in scene.game.zone(zone)]
        if roll < 0.35 and cards:
            x, y = map(round, driver.card_centre(rng.choice(cards)))
            for n in range(rng.choice([2, 6])):
                driver.post(pygame.MOUSEMOTION, pos=(x + 3 * n, y), rel=(3, 0), buttons=(0, 0, 0))
                driver.frames(1)
        elif roll < 0.5 and cards:
            driver.click(driver.card_centre(rng.choice(cards)), button=rng.choice([1, 3, 3]))
        elif roll < 0.62 and scene.game.zone("hand"):
            driver.drag(driver.card_centre(rng.choice(scene.game.zone("hand")).uid), driver.zone_centre("play"))
        elif roll < 0.7:
            driver.key(pygame.K_z, pygame.KMOD_CTRL)
        elif roll < 0.78:
            driver.post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
            driver.frames(rng.choice([1, 4]))
            driver.post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
        elif roll < 0.84:
            for k in (pygame.K_F1, pygame.K_RIGHT, pygame.K_ESCAPE):  # the Grimoire over the table, closed
                driver.key(k)
                driver.frames(3)
        else:
            driver.key(rng.choice([pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT]))
        driver.frames(rng.choice([1, 3]))
