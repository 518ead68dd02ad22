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


def test_rectangles_made_disjoint_cover_them_each_pixel_once_and_little_more():
    from aleph_null_desktop.ui.render.layer import disjoint

    rng = random.Random(3)
    for _ in range(200):
        rects = [pygame.Rect(rng.randrange(-20, 300), rng.randrange(-20, 200), rng.randrange(1, 120),
                             rng.randrange(1, 120)) for _ in range(rng.randrange(1, 12))]
        pieces = disjoint(rects)
        union, layers = pygame.Surface((480, 360)), pygame.Surface((480, 360))
        for rect in rects:  # (shifted: the rectangles may start left of or above the origin)
            union.fill((1, 1, 1), rect.move(20, 20))
        for piece in pieces:  # (each pixel counted as often as a piece covers it)
            layers.fill((1, 1, 1), piece.move(20, 20), special_flags=pygame.BLEND_RGB_ADD)
        wanted, got = pygame.image.tobytes(union, "RGB")[::3], pygame.image.tobytes(layers, "RGB")[::3]
        assert max(got) == 1, (rects, pieces)  # no pixel twice
        assert all(g >= w for g, w in zip(got, wanted)), (rects, pieces)  # every pixel of them
        assert sum(got) <= sum(wanted) * 1.1, (rects, pieces)  # (`merged` joins what overlaps much)


def test_the_interference_veiled_again_in_pieces_is_the_interference_veiled_whole(screen):
    """The table drawn again in disjoint pieces under an open Interference, veiled and its panel
    drawn again there only (`within`), is the same picture as the table veiled whole with its panel."""
    from aleph_null_desktop.ui.render.layer import disjoint
    from aleph_null_desktop.ui.table.overlays import _veiled_panel

    table = noise((320, 240))
    panel = pygame.Rect(80, 50, 180, 130)
    whole = table.copy()
    _veiled_panel(whole, panel, 170)
    rng = random.Random(8)
    for _ in range(30):
        rects = [pygame.Rect(rng.randrange(0, 300), rng.randrange(0, 220), rng.randrange(5, 90), rng.randrange(5, 90))
                 for _ in range(rng.randrange(1, 6))]
        pieces = disjoint(rects)
        again = whole.copy()
        for piece in pieces:
            again.blit(table, piece, piece)  # the table drawn again there
        _veiled_panel(again, panel, 170, pieces)
        assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(whole, "RGB"), rects
