"""The table's dark ground with its candle glow, which every screen blits, is kept at one byte a
pixel (its rings are 13 colours at most): 2 MB at 1080p instead of 8, the same pixels."""

import pygame
import pytest

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.surface_cache import surface_bytes
from aleph_null_desktop.ui.render import backdrop


def drawn_in_full_colour(size):
    """The ground as it was drawn at four bytes a pixel."""
    surface = pygame.Surface(size)
    surface.fill(theme.TABLE)
    w, h = size
    for i in range(12, 0, -1):
        k = i / 12
        colour = [round(a + (b - a) * (1 - k)) for a, b in zip(theme.TABLE, theme.TABLE_GLOW)]
        ellipse = pygame.Rect(0, 0, w * (0.45 + 0.8 * k), h * (0.4 + 0.9 * k))
        ellipse.center = (w * 0.48, h * 0.42)
        pygame.draw.ellipse(surface, colour, ellipse)
    return surface


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_ground_costs_a_byte_a_pixel_and_looks_the_same(app, high_contrast):
    theme.use_high_contrast(high_contrast)
    try:
        ground = backdrop._draw_background((1920, 1080))
        assert surface_bytes(ground) <= 1920 * 1080  # 8,294,400 at four bytes a pixel
        assert pygame.image.tobytes(ground, "RGB") == pygame.image.tobytes(drawn_in_full_colour((1920, 1080)), "RGB")
        screen = pygame.Surface((1920, 1080)).convert()
        screen.blit(ground, (0, 0))  # as every screen shows it
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(ground, "RGB")
    finally:
        theme.use_high_contrast(False)
