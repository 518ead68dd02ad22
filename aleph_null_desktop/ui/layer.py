"""A cached layer: a whole-screen picture redrawn only when what it shows has changed."""

from __future__ import annotations

from typing import Callable, Hashable

import pygame


class CachedLayer:
    """`blit(target, signature, paint)`: paints into its own surface when `signature` differs from
    the last one (the game, the layout, the settings, a hover…), then blits that surface."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.signature: Hashable = object()
        self.redraws = 0  # how often it was painted (the bench and tests watch it)

    def invalidate(self) -> None:
        self.signature = object()

    def blit(self, target: pygame.Surface, signature: Hashable, paint: Callable[[pygame.Surface], None]) -> None:
        if self.surface is None or self.surface.get_size() != target.get_size():
            self.surface = pygame.Surface(target.get_size())
            if pygame.display.get_surface() is not None:
                self.surface = self.surface.convert()
            self.invalidate()
        if signature != self.signature:
            self.signature = signature
            self.redraws += 1
            paint(self.surface)
        target.blit(self.surface, (0, 0))
