"""The dark table with a warm candle glow: the backdrop every screen is drawn on."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache

_backgrounds = SurfaceCache("backgrounds")


def draw_background(size: tuple[int, int]) -> pygame.Surface:
    """The dark table with a warm candle glow in the middle: one picture shared by every screen
    (each only blits it, never draws on it), drawn again only for a new size or look."""
    key = (tuple(size), tuple(theme.TABLE), tuple(theme.TABLE_GLOW))
    surface = _backgrounds.get(key)
    if surface is None:
        surface = _backgrounds[key] = _draw_background(size)
    return surface


GLOW_RINGS = 12


def _glow_colour(i: int) -> tuple[int, int, int]:
    k = i / GLOW_RINGS
    return tuple(round(a + (b - a) * (1 - k)) for a, b in zip(theme.TABLE, theme.TABLE_GLOW))


def _draw_background(size: tuple[int, int]) -> pygame.Surface:
    """Flat rings of colour, no more than 13: drawn with a palette, one byte a pixel (2 MB at
    1080p instead of 8; the same pixels, and a blit of it costs about 0.3 ms more a screen)."""
    colours = [tuple(theme.TABLE)] + [_glow_colour(i) for i in range(GLOW_RINGS, 0, -1)]
    palette = list(dict.fromkeys(colours))
    surface = pygame.Surface(size, depth=8)
    surface.set_palette(palette + [palette[0]] * (256 - len(palette)))
    surface.fill(theme.TABLE)
    w, h = size
    for i in range(GLOW_RINGS, 0, -1):
        k = i / GLOW_RINGS
        ellipse = pygame.Rect(0, 0, w * (0.45 + 0.8 * k), h * (0.4 + 0.9 * k))
        ellipse.center = (w * 0.48, h * 0.42)
        pygame.draw.ellipse(surface, _glow_colour(i), ellipse)
    return surface
