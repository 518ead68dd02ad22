"""Darkening what is already drawn, under a panel or a book laid over it."""

from __future__ import annotations

import pygame


def darken(surface: pygame.Surface, alpha: int = 150) -> None:
    """The same darkening as blitting a black veil of that alpha, done in place: no screen-sized
    veil to keep (8 MB each) and cheaper to draw."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def darken_around(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 150, radius: int = 0,
                  within: list[pygame.Rect] | None = None) -> None:
    """`darken` everywhere but inside `rect`, which an opaque panel with corners rounded by `radius`
    is about to cover (the corner squares are darkened: the panel leaves their outer pixels showing).
    The pixels under the panel are not touched: a third less work for a panel over a third of the screen.
    `within`: only there (rectangles that do not overlap), the rest of the screen darkened already."""
    rect = pygame.Rect(rect).clip(surface.get_rect())
    if not rect.w or not rect.h:
        areas = [surface.get_rect()]
    else:
        w, h = surface.get_size()
        r = min(radius, rect.w // 2, rect.h // 2)
        areas = [(0, 0, w, rect.top), (0, rect.bottom, w, h - rect.bottom),
                 (0, rect.top, rect.left, rect.h), (rect.right, rect.top, w - rect.right, rect.h)]
        if r > 0:
            areas += [(x, y, r, r) for x in (rect.left, rect.right - r) for y in (rect.top, rect.bottom - r)]
    keep = 255 - alpha
    areas = [pygame.Rect(area) for area in areas if area[2] > 0 and area[3] > 0]
    if within is not None:
        areas = [area.clip(part) for area in areas for part in within if area.colliderect(part)]
    for area in areas:
        surface.fill((keep, keep, keep), area, special_flags=pygame.BLEND_RGB_MULT)
