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


def _striped(size, tint) -> pygame.Surface:
    page = pygame.Surface(size)
    for x in range(0, size[0], 10):
        pygame.draw.line(page, ((x + tint) % 256, 90, 200 - x % 200), (x, 0), (x, size[1] - 1), 4)
    for y in range(0, size[1], 37):
        pygame.draw.line(page, (20, tint % 256, 60), (0, y), (size[0] - 1, y), 2)
    return page


def test_a_turn_cuts_each_face_once_and_draws_what_a_fresh_cut_draws():
    """A turn's faces (LeafFace: strips cut once, stretched straight onto the screen and lit in
    runs, the shadow stretched into one image kept for the turn) draw the same pixels
    as each strip stretched into an image of its own, lit and blitted, frame after frame, both
    ways, inside a clip (the strips it cuts drawn the plain way) and out of it."""
    pygame.init()
    for side in (+1, -1):
        for clip in (None, pygame.Rect(380, 0, 500, 800)):
            half = pygame.Surface((1120, 760))
            half.blit(_striped((500, 700), 0), (30, 30))
            half.blit(_striped((500, 700), 120), (590, 30))
            prepared = {}
            for step in range(0, 25):
                phi = math.pi * step / 24
                # the scene hands a new view into the same half every frame
                front, back = half.subsurface((30, 30, 500, 700)), half.subsurface((590, 30, 500, 700))
                kept, fresh = pygame.Surface((1200, 800)), pygame.Surface((1200, 800))
                for dest in (kept, fresh):
                    dest.fill((40, 60, 80))
                    dest.set_clip(clip)
                turn.draw_leaf(kept, 600, 400, front, back, phi, side, prepared=prepared)
                turn.draw_leaf(fresh, 600, 400, front, back, phi, side)
                assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), (side, clip, step)
            faces = [face for face in prepared.values() if isinstance(face, turn.LeafFace)]
            assert len(faces) == 2  # the front and the back, each cut once for the whole turn
            copies = prepared.get("copies")
            assert copies is not None and copies.rooms and copies.held <= turn.COPIES_BYTES


def test_strips_are_copied_out_of_their_page_as_they_are_up_to_the_limit_then_shown_from_the_page():
    pygame.init()
    page = _striped((430, 300), 40)
    front, back = turn.LeafFace(page, 18, True), turn.LeafFace(page, 18, False)
    one = 25 * 300 * page.get_bytesize()  # a room: a strip's width (24 or 25) never a multiple of 4
    copies = turn.StripCopies(limit=5 * one)
    got = [copies.strip(front, i) for i in range(18)]
    copied = [strip for strip in got if strip.get_parent() is not page]
    assert len(copied) == 5 and copies.held <= 5 * one
    assert all(strip.get_parent().get_width() % 4 for strip in copied)
    for i, strip in enumerate(got):
        assert pygame.image.tobytes(strip, "RGB") == pygame.image.tobytes(front.views[i], "RGB"), i
    # the other face in the same rooms: each strip copied again once, from that face
    again = [copies.strip(back, i) for i in range(18)]
    assert [s.get_parent() is page for s in again] == [s.get_parent() is page for s in got]
    assert all(pygame.image.tobytes(s, "RGB") == pygame.image.tobytes(back.views[i], "RGB") for i, s in enumerate(again))
    assert copies.strip(back, 0) is again[0]  # (kept while it shows that face)


def test_the_leaf_paints_over_the_whole_of_what_it_says_it_covers():
    """GrimoireScene paints nothing of the pages under `leaf_cover`'s rectangle while a page turns:
    every pixel of it must be the leaf's, at every angle, both ways, at the book's own page size."""
    pygame.init()
    size = (860, 940)
    magenta = (255, 0, 255)
    front, back = _striped(size, 0), _striped(size, 120)
    covered = 0
    for side in (+1, -1):
        prepared = {}
        for step in range(0, 97):
            phi = math.pi * step / 96
            dest = pygame.Surface((1920, 1080))
            dest.fill(magenta)
            cover = turn.leaf_cover(960, 538, size, phi, side)
            turn.draw_leaf(dest, 960, 538, front, back, phi, side, prepared=prepared)
            if cover is None:
                continue
            covered += 1
            inside = dest.subsurface(cover.clip(dest.get_rect()))
            left_bare = pygame.mask.from_threshold(inside, magenta, (1, 1, 1, 255)).count()
            assert left_bare == 0, (side, step, cover, left_bare)
    assert covered > 150  # (edge-on, a strip too thin to draw: nothing is said to be covered)
