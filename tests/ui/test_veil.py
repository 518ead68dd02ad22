"""The veil around an opaque panel: the table darkened everywhere the panel does not cover gives
the same picture as darkening the whole screen and then drawing the panel."""

import random

import pygame

from aleph_null_desktop.ui.render.veil import darken, darken_around


def noise(size) -> pygame.Surface:
    rng = random.Random(5)
    surface = pygame.Surface(size)
    for y in range(0, size[1], 4):
        for x in range(0, size[0], 4):
            surface.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)), (x, y, 4, 4))
    return surface


def test_darkening_around_a_panel_is_darkening_under_it(screen):
    for rect, alpha in ((pygame.Rect(60, 40, 200, 120), 150), (pygame.Rect(0, 0, 320, 90), 170),
                        (pygame.Rect(250, 150, 200, 200), 120)):  # in the middle, at an edge, half off
        table = noise((320, 240))
        whole, around = table.copy(), table.copy()
        darken(whole, alpha)
        darken_around(around, rect, alpha, radius=12)
        for picture in (whole, around):
            pygame.draw.rect(picture, (60, 40, 30), rect, border_radius=12)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(around, "RGB")
        assert around.get_at(rect.clip(around.get_rect()).center) == (60, 40, 30, 255)
    untouched = noise((320, 240))
    darken_around(untouched, pygame.Rect(0, 0, 320, 240), 150)
    assert pygame.image.tobytes(untouched, "RGB") == pygame.image.tobytes(noise((320, 240)), "RGB")
