"""A screen that mostly stands still (Settings, Statistics): painted whole once into a picture the
size of the screen, shown again every frame, and painted again only where something changed.

`show(target, signature, paint, ground, parts)`: `paint(surface)` draws the whole screen; when
`signature` (everything the screen shows but its parts' states) differs from last time, or the
picture is new, the whole screen is painted. Else each part (a button) whose `state` (its hover)
changed is painted again alone: the `ground` under its rectangle (what the whole paint shows there
under it: the plain background), then the part, clipped to its rectangle. A part must lie on that
ground alone, and inside its rectangle.
"""

from __future__ import annotations

from typing import Callable, Hashable, NamedTuple

import pygame

from aleph_null_desktop.ui.render.layer import screen_picture


class StillPart(NamedTuple):
    rect: pygame.Rect
    state: Hashable
    paint: Callable[[pygame.Surface], None]


class StillPicture:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.signature: Hashable = object()
        self.states: dict[Hashable, Hashable] = {}
        self.whole = 0  # how often it was painted whole (tests watch it)
        self.parts_painted = 0  # parts painted alone
        self.partial = 0  # frames that blitted only what changed (`restore`)

    def invalidate(self) -> None:
        self.signature = object()

    def release(self) -> None:
        """The picture goes (the screen is hidden or left); the next `show` paints it whole."""
        self.surface = None
        self.states = {}
        self.invalidate()

    def show(self, target: pygame.Surface, signature: Hashable, paint: Callable[[pygame.Surface], None],
             ground: pygame.Surface, parts: dict[Hashable, StillPart],
             restore: list[pygame.Rect] | None = None) -> list[pygame.Rect] | None:
        """`restore`: the target still shows this picture as the last `show` left it but for these
        rectangles (what its owner drew over it): only they and the parts painted again are
        blitted. None: the whole picture is. Returns the rectangles blitted, None for all of it."""
        size = target.get_size()
        if self.surface is None or self.surface.get_size() != size:
            self.surface = screen_picture(size)
            self.invalidate()
        surface = self.surface
        changed: list[pygame.Rect] | None = []
        if signature != self.signature:
            paint(surface)
            self.signature = signature
            self.whole += 1
            changed = None
        else:
            for name, part in parts.items():
                if self.states.get(name, self) != part.state:
                    rect = part.rect.clip(surface.get_rect())
                    surface.set_clip(rect)
                    surface.blit(ground, rect, rect)
                    part.paint(surface)
                    surface.set_clip(None)
                    self.parts_painted += 1
                    changed.append(rect)
        self.states = {name: part.state for name, part in parts.items()}
        if restore is None or changed is None:
            target.blit(surface, (0, 0))
            return None
        self.partial += 1
        for rect in changed + restore:
            target.blit(surface, rect, rect)
        return changed + restore
