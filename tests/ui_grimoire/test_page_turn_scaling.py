"""A turning page is drawn from stretched images. pygame-ce's smoothscale reads one row (or column)
past an image only one pixel high (or wide) when it stretches it, which crashed the game now and
then mid page turn (a random-input run found it; valgrind showed the read in filter_expand_Y).
No image the page turn stretches may be that thin."""

import math

import pygame

from aleph_null_desktop.ui.grimoire import turn


def test_no_image_the_page_turn_stretches_is_one_pixel_thin(monkeypatch):
    pygame.init()
    stretched = []
    real = pygame.transform.smoothscale

    def recording(surface, size, *args):
        stretched.append(surface.get_size())
        return real(surface, size, *args)

    monkeypatch.setattr(pygame.transform, "smoothscale", recording)
    dest = pygame.Surface((1200, 800))
    page = pygame.Surface((500, 700))
    page.fill((230, 220, 190))
    for step in range(1, 24):
        phi = math.pi * step / 24
        for side in (+1, -1):
            turn.draw_leaf(dest, 600, 400, page, page, phi, side, shadow=True)
    assert stretched, "the page turn stretched nothing: the test no longer sees it"
    assert min(w for w, _ in stretched) >= 2 and min(h for _, h in stretched) >= 2, sorted(set(stretched))[:5]
