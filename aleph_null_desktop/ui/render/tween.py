"""Card motion: a sprite eases towards wherever the table says the card now is. The model is
already ahead; tweens only catch up, so nothing here ever waits for an animation.

`speed` is the player's animation speed (settings.animation_speed): 1 normal, 2 fast, 0 instant
(no motion starts at all)."""

from __future__ import annotations

import pygame

MOVE_SECONDS = 0.28


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class CardSprite:
    """Where one card is drawn: its current rect, gliding to its target rect."""

    def __init__(self, uid, rect: pygame.FRect, seconds: float = MOVE_SECONDS) -> None:
        self.uid = uid
        self.rect = pygame.FRect(rect)
        self._start = pygame.FRect(rect)
        self.target = pygame.FRect(rect)
        self.base_width = round(rect.w)  # the resting width whose face is scaled while it moves
        self.seconds = seconds
        self.delay = 0.0  # seconds to wait before setting off (cards of one move leave in turn)
        self.journeys = 0  # glides begun (`move_to`, `jump_from`): tells one journey from the next
        self._t = 1.0

    def move_to(self, rect, *, instant: bool = False, speed: float = 1.0, delay: float = 0.0,
                seconds: float | None = None, new_size: bool = False) -> bool:
        """Glide to `rect`; True when a motion started (not instant, and somewhere new). `new_size`:
        the card takes the size of `rect` at once, where it is, and glides at it (a card that only
        shifts along its row: drawn from its resting face, never scaled on the way)."""
        rect = pygame.FRect(rect)
        if instant or speed <= 0:
            self.rect = pygame.FRect(rect)
            self.target = pygame.FRect(rect)
            self.base_width = round(rect.w)
            self._t = 1.0
            return False
        if rect == self.target:
            return False
        self.base_width = round(max(self.target.w, rect.w))  # both are resting widths
        if new_size:
            centre, self.rect = self.rect.center, pygame.FRect((0, 0), rect.size)
            self.rect.center = centre
            self.base_width = round(rect.w)
        self._start = pygame.FRect(self.rect)
        self.target = rect
        self.seconds = (seconds or MOVE_SECONDS) / speed
        self.delay = delay / speed
        self._t = 0.0
        self.journeys += 1
        return True

    def jump_from(self, rect, speed: float = 1.0) -> None:
        """Start a glide from `rect` (where the card came from) to the current target."""
        if speed <= 0:
            return
        self._start = pygame.FRect(rect)
        self.rect = pygame.FRect(rect)
        self.base_width = round(max(rect.w, self.target.w))
        self.seconds = MOVE_SECONDS / speed
        self._t = 0.0
        self.journeys += 1

    def finish(self) -> None:
        """Fast-forward to the end of the motion (a new command arrived)."""
        self.rect = pygame.FRect(self.target)
        self.base_width = round(self.target.w)
        self.delay = 0.0
        self._t = 1.0

    @property
    def moving(self) -> bool:
        return self._t < 1.0

    @property
    def setting_off(self) -> bool:
        """A glide begun that has not taken its first step yet."""
        return self._t == 0.0

    def update(self, dt: float) -> None:
        if self._t >= 1.0:
            return
        if self.delay > 0:
            self.delay = max(0.0, self.delay - dt)
            return
        self._t = min(1.0, self._t + dt / self.seconds)
        if self._t >= 1.0:
            self.base_width = round(self.target.w)
        k = ease_out(self._t)
        s, e = self._start, self.target
        self.rect = pygame.FRect(s.x + (e.x - s.x) * k, s.y + (e.y - s.y) * k,
                                 s.w + (e.w - s.w) * k, s.h + (e.h - s.h) * k)


class Pulse:
    """A fading highlight (damage taken, power gained): 1.0 when struck, 0 after `seconds`."""

    def __init__(self, seconds: float = 0.8) -> None:
        self.seconds = seconds
        self.level = 0.0

    def strike(self, speed: float = 1.0) -> None:
        self.level = 1.0 if speed > 0 else 0.0

    def update(self, dt: float) -> None:
        self.level = max(0.0, self.level - dt / self.seconds)
