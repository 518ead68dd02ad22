"""A turning page is drawn from stretched images. pygame-ce's smoothscale reads one row (or column)
past an image only one pixel high (or wide) when it stretches it, which crashed the game now and
then mid page turn (a random-input run found it; valgrind showed the read in filter_expand_Y).
No image the page turn smooths may be that thin; its strips are stretched with the nearest pixel,
cut once per turn."""

import math

import pygame

from aleph_null_desktop.ui.grimoire import turn


def _recording(monkeypatch, name, stretched):
    real = getattr(pygame.transform, name)

    def recording(surface, size, *args):
        stretched.append((name, surface.get_size()))
        return real(surface, size, *args)

    monkeypatch.setattr(pygame.transform, name, recording)


def test_no_image_the_page_turn_smooths_is_one_pixel_thin(monkeypatch):
    pygame.init()
    stretched = []
    _recording(monkeypatch, "smoothscale", stretched)
    _recording(monkeypatch, "scale", stretched)
    dest = pygame.Surface((1200, 800))
    page = pygame.Surface((500, 700))
    page.fill((230, 220, 190))
    for step in range(1, 24):
        phi = math.pi * step / 24
        for side in (+1, -1):
            turn.draw_leaf(dest, 600, 400, page, page, phi, side, shadow=True)
    assert stretched, "the page turn stretched nothing: the test no longer sees it"
    smoothed = [size for name, size in stretched if name == "smoothscale"]
    assert not smoothed or min(min(size) for size in smoothed) >= 2, sorted(set(smoothed))[:5]


def test_a_turn_cuts_each_face_once_and_draws_what_a_fresh_cut_draws():
    pygame.init()
    page = pygame.Surface((500, 700))
    for x in range(0, 500, 10):
        pygame.draw.line(page, (x % 256, 90, 200 - x % 200), (x, 0), (x, 699), 4)
    half = pygame.Surface((560, 760))
    half.blit(page, (30, 30))
    prepared = {}
    for step in range(1, 24):
        phi = math.pi * step / 24
        # the scene hands a new view into the same half every frame
        front, back = half.subsurface((30, 30, 500, 700)), half.subsurface((30, 30, 500, 700))
        kept, fresh = pygame.Surface((1200, 800)), pygame.Surface((1200, 800))
        turn.draw_leaf(kept, 600, 400, front, back, phi, +1, prepared=prepared)
        turn.draw_leaf(fresh, 600, 400, front, back, phi, +1)
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), step
    assert len(prepared) == 2  # the front and the back, each cut once for the whole turn
