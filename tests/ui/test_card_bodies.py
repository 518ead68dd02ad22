"""A frame drawn in part copies the board's cached picture back only where no card it draws covers
the table wholly: a face at its own width is opaque but for its four rounded corners, so its
body (between the corner rows) is painted over at once. Every frame of a motion is still the table
drawn whole from nothing."""

import gc
import weakref

import numpy as np
import pygame
import pytest

from aleph_null_desktop.engine import Activate, Summon
from aleph_null_desktop.ui.render import face_body
from aleph_null_desktop.ui.render.card_renderer import card_size, corner_radius
from aleph_null_desktop.ui.render.layer import outside
from aleph_null_desktop.ui.table import card_bodies, painting
from tests.ui.test_motion_frames import BUSY
from tests.ui.test_partial_frames import fresh_picture, shown


@pytest.mark.parametrize("width", [41, 60, 97, 120, 131, 150, 163, 190, 230, 500])
@pytest.mark.parametrize("card_id, in_play", [("golem", False), ("sylph", True), ("ill_omen", False)])
def test_a_face_is_opaque_but_in_its_four_corner_squares(table, card_id, in_play, width):
    face = table(BUSY).renderer.face(card_id, width, in_play=in_play)
    assert face.get_size() == card_size(width)
    r = corner_radius(width)
    alpha = pygame.surfarray.array_alpha(face)
    alpha[:r, :r] = alpha[-r:, :r] = alpha[:r, -r:] = alpha[-r:, -r:] = 255  # (the corners may be clear)
    assert alpha.min() == 255
    assert pygame.surfarray.array_alpha(face)[0, 0] == 0  # (and the corner is rounded)


def test_outside_leaves_exactly_the_pixels_of_no_hole():
    rects = [pygame.Rect(0, 0, 300, 200), pygame.Rect(250, 150, 200, 200), pygame.Rect(600, 0, 50, 50)]
    holes = [pygame.Rect(20, 20, 100, 100), pygame.Rect(200, 100, 150, 220), pygame.Rect(590, 10, 100, 10)]
    want, got = pygame.Surface((700, 400)), pygame.Surface((700, 400))
    for rect in rects:
        want.fill((255, 255, 255), rect)
    for hole in holes:
        want.fill((0, 0, 0), hole)
    pieces = outside(rects, holes)
    for piece in pieces:
        assert piece.w > 0 and piece.h > 0 and piece.collidelist(holes) < 0
        got.fill((255, 255, 255), piece)
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    assert outside(rects, []) == rects


def test_every_frame_of_a_motion_copies_back_less_and_is_the_table_drawn_whole(table, driver, monkeypatch):
    scene = table(BUSY)
    restored = []  # (pixels the frame drew again, pixels it copied back from the board's picture)

    def watched(rects, holes):
        pieces = outside(rects, holes)
        restored.append((sum(r.w * r.h for r in rects), sum(r.w * r.h for r in pieces)))
        return pieces

    monkeypatch.setattr(painting, "outside", watched)
    bodies = []
    monkeypatch.setattr(painting, "opaque_bodies", lambda steps, renderer: bodies.append(
        card_bodies.opaque_bodies(steps, renderer)) or bodies[-1])
    stale = []
    for command in (Summon(driver.uid("hand", "wax_candle")), Activate(driver.uid("play", "salamander"), "sacrifice")):
        assert scene.submit(command)
        for frame in range(24):
            in_part = scene.painter.in_part
            driver.frames(1)
            if scene.painter.in_part > in_part and shown(driver.app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
                stale.append((command, frame))
                driver.frames(1)  # (whole again after the fresh picture)
        assert not scene.cards.moving
    assert not stale, stale
    assert len(restored) >= 20 and any(bodies)
    assert sum(left for _drawn, left in restored) < 0.7 * sum(drawn for drawn, _left in restored)


@pytest.mark.parametrize("width", [41, 97, 150, 163, 194, 240, 500])
def test_a_face_blitted_by_its_body_is_the_face_blitted_whole(table, width):
    """face_body.blit copies the opaque rows and blends the corners' rows: over any background, at
    any position (fractional, off the edge, inside a clip), the very pixels a plain blit leaves."""
    renderer = table(BUSY).renderer
    rng = np.random.default_rng(width)
    for card_id, in_play in (("golem", False), ("sylph", True), ("ill_omen", False)):
        face = renderer.face(card_id, width, in_play=in_play)
        assert face_body.has_body(face)
        screen = pygame.display.get_surface()
        w, h = face.get_size()
        for pos, clip in (((13.6, 7.2), None), ((-w / 3 - 0.5, -0.7), None), ((40, 30), pygame.Rect(45, 50, w // 2, h // 3)),
                          (pygame.FRect(width % 17 + 0.5, 3.99, w, h), None)):
            picture = pygame.Surface((w + 80, h + 60), 0, screen)
            pygame.surfarray.blit_array(picture, rng.integers(0, 1 << 24, size=picture.get_size(), dtype=np.uint32))
            plain, bodied = picture.copy(), picture.copy()
            plain.set_clip(clip)
            bodied.set_clip(clip)
            plain.blit(face, pos)
            face_body.blit(bodied, face, pos)
            assert pygame.image.tobytes(bodied, "RGB") == pygame.image.tobytes(plain, "RGB"), (card_id, pos, clip)
        assert pygame.image.tobytes(picture, "RGB") != pygame.image.tobytes(plain, "RGB")


def test_a_face_over_its_opaque_picture_keeps_that_picture_as_long_as_it_lives():
    face = face_body.new_face((60, 84), 4)
    assert face.get_at((0, 0)).a == 0  # (clear, as a Surface with per-pixel alpha starts)
    pygame.draw.rect(face, (200, 120, 40), face.get_rect(), border_radius=4)
    body = weakref.ref(face_body._bodies[face][0])
    gc.collect()
    assert body() is not None and body().get_at((30, 40))[:3] == (200, 120, 40)
    del face
    gc.collect()
    assert body() is None
