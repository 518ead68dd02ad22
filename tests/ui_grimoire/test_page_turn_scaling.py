"""A turning page is drawn from stretched images. pygame-ce's smoothscale reads one row (or column)
past an image only one pixel high (or wide) when it stretches it, which crashed the game now and
then mid page turn (a random-input run found it; valgrind showed the read in filter_expand_Y).
No image the page turn smooths may be that thin; its strips are stretched with the nearest pixel,
cut once per turn."""

import math

import numpy as np
import pygame

from aleph_null_desktop.ui.grimoire import turn


# The page turn as it was drawn before pieces, lit strip by strip and shadowed with a surface
# alpha: the reference the tests below hold the game's drawing to.

def _shade(theta: float, sign: int) -> tuple[float, float]:
    """(brightness multiplier, highlight 0..1) of a strip tilted by θ, seen from above."""
    tx, tz = sign * math.cos(theta), math.sin(theta)  # the strip's direction, away from the spine
    nx, nz = (-tz, tx) if tx * sign >= 0 else (tz, -tx)  # its normal towards the viewer
    if nz < 0:
        nx, nz = -nx, -nz
    diffuse = max(0.0, nx * turn.LIGHT[0] + nz * turn.LIGHT[1])
    brightness = min(1.0, (0.5 + 0.5 * diffuse) / (0.5 + 0.5 * turn.FLAT_DIFFUSE))
    spec = max(0.0, nx * turn.HALF_VECTOR[0] + nz * turn.HALF_VECTOR[1]) ** turn.SHININESS
    return brightness, spec


def _strip_light(theta: float, start_side: int, i: int, strips: int) -> tuple[int | None, int | None]:
    """(level of 255, sheen added) of strip i, None each where no one would see it."""
    brightness, spec = _shade(theta, start_side)
    level = max(0, min(255, round(255 * brightness))) if brightness < turn.UNLIT else None
    spec *= 0.25 + 0.75 * (i + 0.5) / strips  # the curl, not the hinge, catches the light
    glow = round(turn.SHEEN * spec) if spec >= 1.5 / turn.SHEEN else None
    return level, glow


def _shadow_strip(mirrored: bool = False) -> pygame.Surface:
    """The shadow's ramp, opaque black at its left end (its right end when `mirrored`) fading to clear."""
    strip = pygame.Surface((256, 2), pygame.SRCALPHA)
    for x in range(256):
        pygame.draw.line(strip, (0, 0, 0, round(255 * (1 - x / 255) ** 2)), (x, 0), (x, 1))
    return pygame.transform.flip(strip, True, False) if mirrored else strip


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


def test_a_turn_knows_each_face_once_and_draws_what_a_fresh_leaf_draws():
    """A turn's faces (LeafFace, known once; opaque pieces stretched straight onto the screen and
    lit in runs, the shadow stretched into one image kept for the turn) draw the same pixels as
    each piece stretched into an image of its own, lit and blitted, frame after frame, both ways,
    inside a clip (the pieces it cuts drawn the plain way) and out of it."""
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
            assert len(faces) == 2  # the front and the back, each known once for the whole turn


def test_a_curled_leaf_is_drawn_band_after_band_every_piece_whole(monkeypatch):
    """The leaf's pieces are stretched straight onto the screen in LEAF_BANDS bands of rows, every
    piece's upper band before any piece's lower one (a narrow piece walks down a page of memory a
    row: fewer rows at a time stay at hand for its neighbour), pieces laid leftwards side by side
    drawn from their left end (memory walked upwards is fetched ahead), a piece over another (a
    fold) after it, and each piece's bands stack up to exactly the rows the plan gives it."""
    pygame.init()
    stretched = []
    real = pygame.transform.scale

    def recording(surface, size, dest=None):
        if dest is not None:
            stretched.append(pygame.Rect(dest.get_abs_offset(), size))
        return real(surface, size, dest) if dest is not None else real(surface, size)

    monkeypatch.setattr(pygame.transform, "scale", recording)
    size, (spine_x, centre_y) = (860, 940), (960, 538)
    half = pygame.Surface((1800, 1000))
    half.blit(_striped(size, 0), (0, 0))
    half.blit(_striped(size, 120), (900, 0))
    front, back = half.subsurface((0, 0) + size), half.subsurface((900, 0) + size)
    assert turn.LEAF_BANDS >= 2
    for side in (+1, -1):
        prepared = {}
        for step in (12, 16, 20, 28, 32):
            phi = math.pi * step / 48
            stretched.clear()
            turn.draw_leaf(pygame.Surface((1920, 1080)), spine_x, centre_y, front, back, phi, side,
                           shadow=False, prepared=prepared)
            plan = turn.leaf_plan(spine_x, centre_y, size, phi, side)
            assert len(plan) > 6  # (curled: narrow pieces)
            assert len(stretched) == turn.LEAF_BANDS * len(plan), (side, step)
            perm = []  # the plan's pieces in the order the first band draws them
            for r in stretched[:len(plan)]:
                perm.append(next(k for k, p in enumerate(plan) if k not in perm and (p[3][0], p[3][1], p[3][2]) == (r.x, r.y, r.w)))
            assert sorted(perm) == list(range(len(plan))), (side, step)  # every piece once
            for band in range(1, turn.LEAF_BANDS):  # band after band, the pieces in one order each time
                assert [(r.x, r.w) for r in stretched[band * len(plan):(band + 1) * len(plan)]] == \
                    [(plan[k][3][0], plan[k][3][2]) for k in perm]
            planned = [(p[3][0], p[3][2]) for p in plan]
            for a in range(len(plan)):  # a piece over another (a fold) is drawn after it, as planned
                for b in range(a + 1, len(plan)):
                    (xa, wa), (xb, wb) = planned[a], planned[b]
                    if min(xa + wa, xb + wb) - max(xa, xb) > turn.SIDE_BY_SIDE:
                        assert perm.index(a) < perm.index(b), (side, step, a, b)
            leftwards = [k for k in range(1, len(plan)) if plan[k][0] == plan[k - 1][0]
                         and planned[k][0] + planned[k][1] <= planned[k - 1][0] + turn.SIDE_BY_SIDE]
            assert all(perm.index(k) < perm.index(k - 1) for k in leftwards), (side, step)
            if (side < 0) == (step < 24):  # lying leftwards (the front from the left, the back landing left)
                assert len(leftwards) > 6 and planned[perm[0]][0] < planned[perm[-1]][0], (side, step)
            for k, piece in enumerate(plan):
                parts = [stretched[band * len(plan) + perm.index(k)] for band in range(turn.LEAF_BANDS)]
                x, y, w, h = piece[3]
                assert parts[0].y == y and parts[-1].bottom == y + h, (side, step, k)
                assert all(a.bottom == b.y for a, b in zip(parts, parts[1:])), (side, step, k)


def _banded(size, tint) -> pygame.Surface:
    """A page of 36 bands, one for each strip, each of its own colour: where each lands shows
    (fine lines alias differently under any two ways of stretching)."""
    page = pygame.Surface(size)
    for k in range(turn.STRIPS):
        x0, x1 = k * size[0] // turn.STRIPS, (k + 1) * size[0] // turn.STRIPS
        page.fill(((k * 67 + tint) % 200 + 30, (k * 31 + tint) % 200 + 30, (k * 113) % 200 + 30),
                  (x0, 0, x1 - x0, size[1]))
    return page


def _strips_one_by_one(dest, spine_x, centre_y, front, back, phi, side, strips=turn.STRIPS):
    """The leaf as 36 strips, each stretched and lit on its own (the page turn before pieces)."""
    w, h = front.get_size()
    geometry = turn.leaf_geometry(phi, strips)
    xs = [spine_x + side * g[0] * w for g in geometry]
    faces = {True: turn.LeafFace(front, strips, side > 0), False: turn.LeafFace(back, strips, side < 0)}
    for i in range(strips):
        if abs(xs[i + 1] - xs[i]) < 0.5:
            continue
        theta = (geometry[i][2] + geometry[i + 1][2]) / 2
        rect = turn._piece_rect(xs, i, i + 1, turn._strip_height(geometry, i, h), centre_y)
        strip = pygame.transform.scale(faces[math.cos(theta) >= 0].columns(i, i + 1), rect.size)
        turn._light_runs(strip, ((0, rect.w, *_strip_light(theta, side, i, strips)),), 0, 0, rect.h)
        dest.blit(strip, rect.topleft)


def test_pieces_put_every_pixel_of_the_leaf_within_a_pixel_of_where_its_strip_puts_it():
    """Strips stretched as one piece (leaf_plan) move the picture by a pixel or two at most (a
    strip alone is stretched a pixel wider than its place, a piece by as much): each pixel of the
    leaf drawn in pieces is one within two columns and a row of its place in the leaf drawn strip
    by strip, lit alike; a whole turn both ways at the book's own page size, and lying flat
    it is drawn in fewer calls than strips."""
    pygame.init()
    size, (spine_x, centre_y) = (860, 940), (960, 538)
    front, back = _banded(size, 0), _banded(size, 17)
    joined = 0
    for side in (+1, -1):
        for step in range(1, 48, 2):
            phi = math.pi * step / 48
            plan = turn.leaf_plan(spine_x, centre_y, size, phi, side)
            joined += turn.STRIPS - len(plan)
            pieces, strips = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
            turn.draw_leaf(pieces, spine_x, centre_y, front, back, phi, side, shadow=False)
            _strips_one_by_one(strips, spine_x, centre_y, front, back, phi, side)
            top = centre_y - 400  # (a piece's top and bottom move by a pixel too: the rows between)
            a = pygame.surfarray.array3d(pieces.subsurface((0, top - 1, 1920, 802))).astype(np.int16)
            b = pygame.surfarray.array3d(strips.subsurface((0, top - 1, 1920, 802))).astype(np.int16)
            xs = [spine_x + side * g[0] * size[0] for g in turn.leaf_geometry(phi)]
            # (strips seen nearly edge-on, near the spine and where the curl folds over, are a pixel
            # or two wide: which of their pages' columns such a pixel shows is the nearest pixel's pick)
            thin = [(min(xs[k], xs[k + 1]) - 3, max(xs[k], xs[k + 1]) + 3) for k in range(turn.STRIPS)
                    if abs(xs[k + 1] - xs[k]) < 4]
            for x in range(2, 1918, 7):
                column = a[x, 1:801]
                if not column.any() or any(lo <= x <= hi for lo, hi in thin):
                    continue
                # each pixel against those within 2 columns and a row of its place in the strips
                near = np.min([np.abs(column - b[x + dx, 1 + dy:801 + dy]).max(axis=1)
                               for dx in (-2, -1, 0, 1, 2) for dy in (-1, 0, 1)], axis=0)
                assert near.max() <= 16, (side, step, x, near.max())  # (lit as its strip or a neighbour)
    assert joined > 100  # (the flat leaf early and late in a turn: a few pieces)
    assert len(turn.leaf_plan(spine_x, centre_y, size, 0.05, +1)) <= 4


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
    assert covered == 2 * 97  # (a strip too thin to draw, edge-on, lies within its neighbours' overlap)


def test_the_strips_lit_in_one_loop_are_lit_as_each_strip_alone():
    thetas = [math.pi * k / 997 for k in range(998)] + [0.3 + 1e-9, math.pi / 2, 2.9]
    for side in (+1, -1):
        for strips in (24, 36):
            lights = turn._strip_lights(thetas, side, strips)
            alone = [_strip_light(theta, side, i, strips) for i, theta in enumerate(thetas)]
            assert lights == alone
            assert any(level is not None for level, _glow in lights) and any(glow for _level, glow in lights)


def test_a_piece_lights_its_strips_within_two_levels_of_their_own_in_as_few_fills():
    """A piece's strips whose lights differ by two levels of 255 or less share one fill (a narrow
    fill costs as much again a pixel), lit as the first of them: no two neighbouring runs of a piece
    could have been one, and every strip's columns are lit within two levels of its own light. A
    curled leaf, which most frames of a turn show, is lit in fewer fills than strips."""
    size, (spine_x, centre_y) = (860, 940), (960, 538)
    curled = []
    for side in (+1, -1):
        for step in range(1, 48):
            phi = math.pi * step / 48
            geometry = turn.leaf_geometry(phi)
            xs = [spine_x + side * g[0] * size[0] for g in geometry]
            thetas = [(geometry[i][2] + geometry[i + 1][2]) / 2 for i in range(turn.STRIPS)]
            lights = [_strip_light(theta, side, i, turn.STRIPS) for i, theta in enumerate(thetas)]
            plan = turn.leaf_plan(spine_x, centre_y, size, phi, side)
            for _shown, first, end, _where, runs in plan:
                for (_a, b, *one), (c, _d, *other) in zip(runs, runs[1:]):
                    assert b < c or not turn._alike(one, other), (side, step, runs)
                for x0, x1, level, glow in runs:
                    for k in range(first, end):  # the strips whose middle lies in the run's columns
                        if x0 <= (xs[k] + xs[k + 1]) / 2 < x1 - 1:
                            own_level, own_glow = lights[k]
                            assert (level is None) == (own_level is None) and (glow is None) == (own_glow is None)
                            assert abs((level or 0) - (own_level or 0)) <= 2 and abs((glow or 0) - (own_glow or 0)) <= 2, \
                                (side, step, k, (level, glow), lights[k])
            if 0.3 * math.pi < phi < 0.8 * math.pi:
                curled.append(sum((level is not None) + (glow is not None) for piece in plan for _a, _b, level, glow in piece[4]))
    assert max(curled) <= 26, curled  # (lit alike one level apart at most, the same leaves took up to 29)


def test_the_leaf_and_its_shadow_keep_inside_the_area_it_says_it_may_cover():
    """GrimoireScene repaints and presents only `leaf_area` (this frame's and the last) while a page
    turns over the table: no pixel the leaf or its shadow paints may lie outside it."""
    pygame.init()
    magenta = (255, 0, 255)
    for size in ((860, 940), (876, 972)):
        front, back = _banded(size, 0), _banded(size, 17)
        for side in (+1, -1):
            for step in range(0, 49, 3):
                phi = math.pi * step / 48
                dest = pygame.Surface((1920, 1080))
                dest.fill(magenta)
                turn.draw_leaf(dest, 960, 512, front, back, phi, side)
                painted = pygame.mask.from_threshold(dest, magenta, (1, 1, 1, 255))
                painted.invert()
                bounds = painted.get_bounding_rects()
                area = turn.leaf_area(960, 512, (876, 972), phi, side)
                assert bounds and all(area.contains(rect) for rect in bounds), (size, side, step, area, bounds)
                assert area.h <= 972 * (1 + turn.PERSPECTIVE) + 6  # (the rows a leaf can reach, not the screen)


def _shadow_as_a_surface_alpha(dest, spine_x, centre_y, w, h, phi, start_side, edge_x) -> None:
    """The leaf's shadow drawn the plain way: the ramp stretched and blitted with a surface alpha."""
    lift = math.sin(phi)
    width, alpha = max(2, round(w * 0.28 * lift)), round(120 * lift)
    side = 1 if edge_x >= spine_x else -1
    strip = pygame.transform.scale(_shadow_strip(side < 0), (width, round(h * 0.96)))
    strip.set_alpha(alpha)
    x = round(edge_x) - width if side < 0 else round(edge_x)
    dest.set_clip(pygame.Rect(spine_x - w if side < 0 else spine_x, centre_y - h // 2, w, h))
    dest.blit(strip, (x, round(centre_y - h * 0.48)))
    dest.set_clip(None)


def test_the_shadow_with_its_strength_in_its_ramp_darkens_the_page_as_a_surface_alpha_did():
    """The shadow's strength is taken into its ramp's own alpha (shadow_ramp: a blit with a surface
    alpha took SDL's slow path): over a page of every colour, at every strength a turn reaches, both
    ways, kept for the turn or not, the page beneath gets the very pixels the surface alpha gave."""
    pygame.init()
    rng = np.random.default_rng(6)
    page = pygame.Surface((700, 300))
    pygame.surfarray.blit_array(page, rng.integers(0, 256, (700, 300, 3), dtype=np.uint8))
    w, h, spine_x, centre_y = 300, 280, 350, 150
    for step in range(1, 48):
        phi = math.pi * step / 48
        for side in (+1, -1):
            edge_x = spine_x + side * w * math.cos(phi) * 0.8
            plain = page.copy()
            _shadow_as_a_surface_alpha(plain, spine_x, centre_y, w, h, phi, side, edge_x)
            for prepared in (None, {}):
                drawn = page.copy()
                turn._drop_shadow(drawn, spine_x, centre_y, w, h, phi, side, edge_x, prepared)
                assert np.array_equal(pygame.surfarray.array3d(drawn), pygame.surfarray.array3d(plain)), \
                    (step, side, prepared is not None)
    assert turn.shadow_ramp(100).get_alpha() in (None, 255), "the ramp itself must carry no surface alpha"
