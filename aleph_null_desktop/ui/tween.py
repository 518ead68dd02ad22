"""Card motion: a sprite eases towards wherever the table says the card now is. The model is
already ahead; tweens only catch up, so nothing here ever waits for an animation."""

from __future__ import annotations

import pygame

MOVE_SECONDS = 0.28


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class CardSprite:
    """Where one card is drawn: its current rect, gliding to its target rect."""

    def __init__(self, uid, rect: pygame.FRect) -> None:
        self.uid = uid
        self.rect = pygame.FRect(rect)
        self._start = pygame.FRect(rect)
        self.target = pygame.FRect(rect)
        self._t = 1.0

    def move_to(self, rect, *, instant: bool = False) -> None:
        rect = pygame.FRect(rect)
        if instant:
            self.rect = pygame.FRect(rect)
            self.target = pygame.FRect(rect)
            self._t = 1.0
        elif rect != self.target:
            self._start = pygame.FRect(self.rect)
            self.target = rect
            self._t = 0.0

    def jump_from(self, rect) -> None:
        """Start a glide from `rect` (where the card came from) to the current target."""
        self._start = pygame.FRect(rect)
        self.rect = pygame.FRect(rect)
        self._t = 0.0

    @property
    def moving(self) -> bool:
        return self._t < 1.0

    def update(self, dt: float) -> None:
        if self._t >= 1.0:
            return
        self._t = min(1.0, self._t + dt / MOVE_SECONDS)
        k = ease_out(self._t)
        s, e = self._start, self.target
        self.rect = pygame.FRect(s.x + (e.x - s.x) * k, s.y + (e.y - s.y) * k,
                                 s.w + (e.w - s.w) * k, s.h + (e.h - s.h) * k)


class Pulse:
    """A fading highlight (damage taken, power gained): 1.0 when struck, 0 after `seconds`."""

    def __init__(self, seconds: float = 0.8) -> None:
        self.seconds = seconds
        self.level = 0.0

    def strike(self) -> None:
        self.level = 1.0

    def update(self, dt: float) -> None:
        self.level = max(0.0, self.level - dt / self.seconds)
