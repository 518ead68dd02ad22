"""The page-turn animation: a leaf hinged at the spine lifts, curls and lands on the other side.

The leaf is cut into vertical strips. Each strip `u` (0 at the spine, 1 at the outer edge) is
tilted by an angle θ(u) = φ + curl·sin φ·u², where φ goes 0 → π over the turn, so the outer
edge leads and the paper bends. A strip's screen x is the running sum of cos θ (its width is
foreshortened by |cos θ|); its height grows a little with its height above the table
(perspective). Each strip is lit: a Lambert term for a light from the upper left, and a narrow
specular sheen, weak (paper is matte) and strongest towards the curled outer edge, so the
leaf never flashes white as a whole. The side of the leaf that faces the viewer is shown:
the front (the page being turned) while cos θ > 0, the back (the page it becomes) after.
A soft shadow falls from the leaf on the page beneath.

Neighbouring strips that land within a pixel of where one wider stretch puts them (their edges,
their tops and bottoms: `NEAR`) are stretched as one piece (`leaf_plan`), each strip still lit on
its own columns: a leaf lying almost flat is a few wide pieces (a narrow strip stretched cost twice
as much a pixel, the whole leaf 2.4 ms a frame of its 4.6), a leaf curled high stays 36 strips.

Images are "half-book" surfaces of one size (width W, height H), with the spine on one side:
the right half has its spine on its left edge, the left half on its right edge. Transparent
margins are allowed (the board of the cover is opaque, inner leaves are not).
"""

from __future__ import annotations

import functools
import math

import pygame

TURN_SECONDS = 0.9
STRIPS = 36
CURL = 0.55  # radians of extra lift at the outer edge, at mid-turn
PERSPECTIVE = 0.07  # how much taller a strip looks when it stands at its full height above the table
LIGHT = (-0.45, 0.893)  # (x, z): from the upper left, towards the table
_HALF = (LIGHT[0] / 2, (LIGHT[1] + 1) / 2)
_HLEN = math.hypot(*_HALF)
HALF_VECTOR = (_HALF[0] / _HLEN, _HALF[1] / _HLEN)
FLAT_DIFFUSE = LIGHT[1]
SHININESS = 60  # the sheen's exponent: how narrow a band of the curl catches the light
SHEEN = 40  # the sheen's strength at the outer edge (added to 0–255 colour channels)
UNLIT = 251.5 / 255  # a strip at least this bright is drawn as it is
LEAF_BANDS = 2  # bands of rows the leaf is drawn in, all its pieces band after band (draw_leaf)
SHADOW_TILE = 64  # rows of the leaf's shadow stretched at a time (they are all alike)
SIDE_BY_SIDE = 3  # pixels: how far a piece laid left of the one before it may overlap it (_left_to_right)
NEAR = 1.0  # pixels: how far from its own place one wider stretch may put a strip's edge, top or bottom


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


_RAMP = tuple(round(255 * (1 - x / 255) ** 2) for x in range(256))  # the shadow's alphas, dark at x=0


@functools.lru_cache(maxsize=128)
def shadow_ramp(alpha: int, mirrored: bool = False) -> pygame.Surface:
    """The shadow's ramp, black fading to clear (dark at its left end, at its right end when
    `mirrored`), with its strength `alpha` taken into each pixel's own alpha (a·alpha // 255, what a
    surface alpha of `alpha` does): the same pixels blitted, but a blit with a surface alpha took
    SDL's slow path, 0.36 ms of a frame mid-turn against 0.14. Made from bytes (pygame.surfarray
    would import numpy mid-turn: 80 ms once); 2 KB each, a strength per frame. Two rows, not one:
    smoothscale stretching a single row reads one row past its buffer (pygame-ce's filter_expand_Y)."""
    row = bytearray(256 * 4)
    row[3::4] = bytes(level * alpha // 255 for level in (_RAMP[::-1] if mirrored else _RAMP))
    ramp = pygame.Surface((256, 2), pygame.SRCALPHA)  # (black on clear: the blit copies each alpha as it is)
    ramp.blit(pygame.image.frombytes(bytes(row) * 2, (256, 2), "RGBA"), (0, 0))
    return ramp


@functools.lru_cache(maxsize=4)
def _strip_places(strips: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """u (0 at the spine, 1 at the outer edge) at each strip's edge and at each strip's middle."""
    return tuple(i / strips for i in range(strips + 1)), tuple((i + 0.5) / strips for i in range(strips))


@functools.lru_cache(maxsize=8)
def leaf_geometry(phi: float, strips: int = STRIPS) -> tuple[tuple[float, float, float], ...]:
    """For each strip edge u = i/strips: (x offset in page widths from the spine, positive towards
    the side the leaf starts on; height above the table in page widths; θ at the strip's middle
    for strips, at the edge itself for the last entry). Remembered for a few angles: a frame asks
    for the same one twice (the columns to paint, then the leaf)."""
    edges, middles = _strip_places(strips)
    pi, cos, sin = math.pi, math.cos, math.sin
    bend = CURL * math.sin(phi)
    out = []
    x = z = 0.0
    for u, um in zip(edges, middles):
        theta, tm = phi + bend * u * u, phi + bend * um * um
        out.append((x, z, pi if theta > pi else 0.0 if theta < 0.0 else theta))
        tm = pi if tm > pi else 0.0 if tm < 0.0 else tm
        x += cos(tm) / strips
        z += sin(tm) / strips
    theta = phi + bend * edges[-1] * edges[-1]
    out.append((x, z, pi if theta > pi else 0.0 if theta < 0.0 else theta))
    return tuple(out)


class LeafFace:
    """One face of the turning leaf, known once per turn (PageTurn.prepared): its image, which side
    its spine is on, and whether it is opaque (then its pieces are stretched straight onto the
    screen where they land inside its clip)."""

    def __init__(self, image: pygame.Surface, strips: int, spine_on_left: bool) -> None:
        self.image = image  # (kept: the key of `prepared` is its parent's id, which must stay its own)
        self.strips, self.spine_on_left = strips, spine_on_left
        self.opaque = not image.get_flags() & pygame.SRCALPHA and image.get_colorkey() is None \
            and image.get_alpha() is None

    def columns(self, first: int, end: int) -> pygame.Surface | None:
        """The strips first … end-1 (strip i at i/strips of the way from the spine) side by side: a
        view into the image (no copy), or None when they hold no column."""
        w, h = self.image.get_size()
        a, b = first / self.strips * w, end / self.strips * w
        if not self.spine_on_left:
            a, b = w - b, w - a
        src = pygame.Rect(math.floor(a), 0, max(1, math.ceil(b) - math.floor(a)), h).clip(self.image.get_rect())
        return self.image.subsurface(src) if src.w > 0 else None


def leaf_area(spine_x: int, centre_y: int, size: tuple[int, int], phi: float, start_side: int,
              strips: int = STRIPS) -> pygame.Rect:
    """What the leaf of a page of `size` and the shadow it drops may cover at φ (a little more, never
    less): its columns (leaf_columns), and the rows of a strip standing at its full height above
    the table."""
    left, right = leaf_columns(spine_x, size[0], phi, start_side, strips)
    reach = size[1] * (1 + PERSPECTIVE) / 2
    top = math.floor(centre_y - reach) - 1
    return pygame.Rect(left, top, right - left, math.ceil(centre_y + reach) + 2 - top)


def leaf_columns(spine_x: int, w: int, phi: float, start_side: int, strips: int = STRIPS) -> tuple[int, int]:
    """The screen columns [left, right) the leaf of a w-wide page and the shadow it drops may
    cover at φ (a little more, never less)."""
    geometry = leaf_geometry(phi, strips)
    xs = [spine_x + start_side * g[0] * w for g in geometry]
    shadow = w * 0.28 * math.sin(phi) + 2
    return (math.floor(min(min(xs), xs[-1] - shadow)) - 3,
            math.ceil(max(max(xs), xs[-1] + shadow)) + 4)



def _strip_height(geometry, i: int, h: int) -> float:
    """How tall strip i of an h-tall leaf looks: taller the higher it stands above the table."""
    return h * (1 + PERSPECTIVE * (geometry[i][1] + geometry[i + 1][1]) / 2)


def _piece_rect(xs, first: int, end: int, height: float, centre_y: int) -> pygame.Rect:
    """Where the strips first … end-1 land, `height` tall (a pixel wider than their place, so that
    pieces overlap by a pixel)."""
    x0, x1 = xs[first], xs[end]
    return pygame.Rect(math.floor(min(x0, x1)), round(centre_y - height / 2),
                       max(1, math.ceil(abs(x1 - x0)) + 1), max(1, round(height)))


def _alike(one: tuple, other: tuple) -> bool:
    """Whether two strips' lights (level, glow) differ by two levels of 255 at most, each (a narrow
    fill costs twice as much a pixel as a wide one; less than 1 % of a page's brightness, which no
    one tells apart: a curled leaf is lit in a quarter fewer fills than with one level)."""
    (level, glow), (other_level, other_glow) = one, other
    if (level is None) != (other_level is None) or (glow is None) != (other_glow is None):
        return False
    return (level is None or -2 <= level - other_level <= 2) and (glow is None or -2 <= glow - other_glow <= 2)


def _strip_lights(thetas, start_side: int, strips: int) -> list[tuple[int | None, int | None]]:
    """(level of 255, sheen added) of every strip, θ each, None where no one would see it (a level
    of 252 or more, a sheen of 1 of 255): the strip's normal towards the viewer lit by LIGHT (its
    brightness against a flat page's) and its highlight, the curl catching more of it than the
    hinge. One loop with plain floats: a call per strip cost a frame 0.25 ms of Python."""
    lx, lz = LIGHT
    hx, hz = HALF_VECTOR
    flat = 0.5 + 0.5 * FLAT_DIFFUSE
    cos, sin = math.cos, math.sin
    out = []
    for i, theta in enumerate(thetas):
        c, tz = cos(theta), sin(theta)
        tx = start_side * c
        nx, nz = (-tz, tx) if c >= 0 else (tz, -tx)
        if nz < 0:
            nx, nz = -nx, -nz
        diffuse = nx * lx + nz * lz
        brightness = (0.5 + 0.5 * diffuse) / flat if diffuse > 0.0 else 0.5 / flat
        level = None
        if brightness < UNLIT:
            level = round(255 * brightness)
            level = 0 if level < 0 else 255 if level > 255 else level
        spec = nx * hx + nz * hz
        spec = (spec ** SHININESS if spec > 0.0 else 0.0) * (0.25 + 0.75 * (i + 0.5) / strips)
        out.append((level, round(SHEEN * spec) if spec >= 1.5 / SHEEN else None))
    return out


@functools.lru_cache(maxsize=8)
def leaf_plan(spine_x: int, centre_y: int, size: tuple[int, int], phi: float, start_side: int,
              strips: int = STRIPS) -> tuple:
    """The pieces the leaf is drawn in at φ, in the order they are drawn: (shows the front, first
    strip, end strip, where (x, y, w, h), light runs). A strip seen edge-on (less than half a pixel
    wide) is left out; a piece never joins the two faces. Remembered for a few angles (a frame asks
    for the covered rectangle, then the leaf).

    Neighbouring strips join while their heights differ by 2·NEAR at most and one stretch puts
    every edge between them within NEAR of its own place. A piece's light runs share its columns
    among its strips (each column once: the first and last strips take the piece's overlap), strips
    lit alike (`_alike`) in one run, lit as the first of them: (x0, x1, level, glow), left to right;
    columns no one would see lit are left out. One pass in plain Python: φ is new every frame, and
    helper calls per strip cost a frame 0.5 ms."""
    w, h = size
    geometry = leaf_geometry(phi, strips)
    xs = [spine_x + start_side * g[0] * w for g in geometry]
    thetas = [(a[2] + b[2]) / 2 for a, b in zip(geometry, geometry[1:])]
    heights = [_strip_height(geometry, i, h) for i in range(strips)]
    cos = math.cos
    shown = [cos(theta) >= 0 for theta in thetas]
    drawn = [abs(b - a) >= 0.5 for a, b in zip(xs, xs[1:])]
    lights = _strip_lights(thetas, start_side, strips)
    pieces = []
    i = 0
    while i < strips:
        if not drawn[i]:
            i += 1
            continue
        face, x0 = shown[i], xs[i]
        end, low, high = i + 1, heights[i], heights[i]
        while end < strips and drawn[end] and shown[end] == face:
            height = heights[end]
            if height < low:
                low = height
            elif height > high:
                high = height
            if high - low > 2 * NEAR:
                break
            step = (xs[end + 1] - x0) / (end + 1 - i)  # one stretch: every edge between within NEAR?
            k = i + 1
            while k <= end and abs(x0 + step * (k - i) - xs[k]) <= NEAR:
                k += 1
            if k <= end:
                break
            end += 1
        height = sum(heights[i:end]) / (end - i)
        rect = _piece_rect(xs, i, end, height, centre_y)
        left, right, rising = rect.x, rect.right, xs[end] >= x0
        runs: list[list] = []
        x, last = left, end - 1 if rising else i
        for k in (range(i, end) if rising else range(end - 1, i - 1, -1)):
            cut = right if k == last else min(right, max(x, round(xs[k + 1] if rising else xs[k])))
            if cut <= x:
                continue
            if runs and _alike(runs[-1][2], lights[k]):
                runs[-1][1] = cut
            else:
                runs.append([x, cut, lights[k]])
            x = cut
        pieces.append((face, i, end, tuple(rect), tuple((a, b, *light) for a, b, light in runs if light != (None, None))))
        i = end
    return tuple(pieces)


def leaf_cover(spine_x: int, centre_y: int, size: tuple[int, int], phi: float, start_side: int,
               strips: int = STRIPS) -> pygame.Rect | None:
    """The rectangle the leaf paints over whole at φ when both its faces are opaque pages (what lies
    under it need not be painted first): the rows every piece covers, across the pieces side by
    side (a strip too thin to be drawn lies within the pixel its neighbours overlap by). None when
    there is a gap between them, or no piece (the leaf stands edge-on)."""
    plan = leaf_plan(spine_x, centre_y, size, phi, start_side, strips)
    if not plan:
        return None
    rects = sorted((pygame.Rect(piece[3]) for piece in plan), key=lambda r: r.x)
    right = rects[0].right
    for rect in rects[1:]:
        if rect.x > right:  # (pieces overlap by a pixel: never, but a gap is never taken for covered)
            return None
        right = max(right, rect.right)
    top, bottom = max(r.y for r in rects), min(r.bottom for r in rects)
    return pygame.Rect(rects[0].x, top, right - rects[0].x, max(0, bottom - top))


def draw_leaf(dest: pygame.Surface, spine_x: int, centre_y: int, front: pygame.Surface | None,
              back: pygame.Surface | None, phi: float, start_side: int, strips: int = STRIPS,
              shadow: bool = True, prepared: dict | None = None) -> tuple[float, float]:
    """Draws the turning leaf at angle φ (0: flat on its starting side, π: landed on the other).
    start_side is +1 when the leaf starts on the right of the spine (a forward turn), −1 on the
    left. `prepared`: the turn's own dict, where each face is known once (PageTurn.prepared, a
    LeafFace each) and an opaque face's pieces are stretched straight onto `dest` where they lie
    inside its clip; without it each piece is stretched into an image of its own, lit, and blitted
    (the same pixels). Returns the screen x span of the leaf (min, max).

    A piece is stretched to its width and height with the nearest pixel (pygame.transform.scale):
    the leaf is in motion, and smoothing each strip cost three times as much a frame. The pieces
    are drawn in LEAF_BANDS bands of rows, every piece's upper rows first: a piece is a narrow
    column walked down ~1000 rows of the page and of the screen, each a memory page of its own,
    and half as many rows at a time are still at hand for the next piece (a curled leaf 0.3-0.6 ms
    less, of ~4). Each half of a piece is stretched from the half of its page's rows."""
    face = front or back
    if face is None:
        return (spine_x, spine_x)
    w, h = face.get_size()
    geometry = leaf_geometry(phi, strips)
    xs = [spine_x + start_side * g[0] * w for g in geometry]
    lo, hi = min(xs), max(xs)
    if shadow:
        _drop_shadow(dest, spine_x, centre_y, w, h, phi, start_side, xs[-1], prepared)
    faces: dict[bool, LeafFace] = {}
    for facing_front, image in ((True, front), (False, back)):
        if image is not None:
            spine_on_left = (start_side > 0) == facing_front  # which column sits at distance u from the spine
            if prepared is None:
                faces[facing_front] = LeafFace(image, strips, spine_on_left)
                continue
            # a page is often a new view into its half every frame: known by the half and the place
            key = (id(image.get_parent() or image), image.get_offset(), image.get_size(), spine_on_left, strips)
            if key not in prepared:
                prepared[key] = LeafFace(image, strips, spine_on_left)
            faces[facing_front] = prepared[key]
    clip = dest.get_clip()
    pieces = []
    for shown, first, end, where, runs in leaf_plan(spine_x, centre_y, (w, h), phi, start_side, strips):
        seen = faces.get(shown)
        source = seen.columns(first, end) if seen is not None else None
        if source is not None:
            pieces.append((seen.opaque and prepared is not None, source, where, runs, shown))
    pieces = _left_to_right(pieces)
    for band in range(LEAF_BANDS):
        for straight, source, (x, y, pw, ph), runs, _shown in pieces:
            sw, sh = source.get_size()
            rows, top = sh * (band + 1) // LEAF_BANDS - sh * band // LEAF_BANDS, ph * band // LEAF_BANDS
            height = ph * (band + 1) // LEAF_BANDS - top
            if rows <= 0 or height <= 0:
                continue
            source_rows = source.subsurface((0, sh * band // LEAF_BANDS, sw, rows))
            where = (x, y + top, pw, height)
            if straight and clip.contains(where):
                # stretched where it lands: the same pixels as a piece of its own blitted there
                pygame.transform.scale(source_rows, (pw, height), dest.subsurface(where))
                _light_runs(dest, runs, 0, y + top, height)
                continue
            piece = pygame.transform.scale(source_rows, (pw, height))
            _light_runs(piece, runs, x, 0, height)
            dest.blit(piece, (x, y + top))
    return (lo, hi)


def _left_to_right(pieces: list) -> list:
    """The pieces (…, (x, y, w, h), runs, face) in the order they are drawn, but each run of them
    laid leftwards side by side (a leaf that starts on the left, or the back face landing on the
    left) drawn from its left end: a piece is a narrow column of ~1000 rows of its page and of the
    screen, and walked upwards in memory from one piece to the next, what the next one reads and
    writes is fetched ahead (leftwards the same pieces cost twice as much: 2.3 ms a frame against
    1.2). Neighbours of a run show one face and overlap by SIDE_BY_SIDE pixels at most (either's
    neighbouring column of the page, lit alike): only which of them paints those changes. A piece
    that folds back over the one before it begins a run of its own, drawn after it."""
    out, run = [], []
    for piece in pieces:
        x, _y, w, _h = piece[2]
        if run and not (x + w <= run[-1][2][0] + SIDE_BY_SIDE and piece[4] == run[-1][4]):
            out += reversed(run)
            run = []
        run.append(piece)
    return out + run[::-1]


def _light_runs(surface: pygame.Surface, runs, left: int, top: int, height: int) -> None:
    """A piece's light runs (x0, x1, level, glow) filled on `surface`, whose column `left` is the
    screen's column 0 (its brightness, then the sheen it catches)."""
    fill = surface.fill
    for x0, x1, level, glow in runs:
        area = (x0 - left, top, x1 - x0, height)
        if level is not None:
            fill((level, level, level), area, special_flags=pygame.BLEND_RGB_MULT)
        if glow is not None:
            fill((glow, glow, round(glow * 0.85)), area, special_flags=pygame.BLEND_RGB_ADD)


def _drop_shadow(dest, spine_x, centre_y, w, h, phi, start_side, edge_x, prepared: dict | None = None) -> None:
    """A soft shadow on the page beneath, beyond the leaf's outer edge, strongest mid-turn.
    With `prepared` (the turn's) its rows, all alike, are stretched SHADOW_TILE at a time into one
    small image kept for the turn and blitted down the page: the shadow stretched whole wrote and
    read again 0.9 MB a frame (mid-turn 0.2 ms more, the frame's memory shared with the leaf)."""
    lift = math.sin(phi)
    if lift < 0.02:
        return
    width = max(2, round(w * 0.28 * lift))
    alpha = round(120 * lift)
    side = 1 if edge_x >= spine_x else -1
    size = (width, round(h * 0.96))
    ramp = shadow_ramp(alpha, mirrored=side < 0)
    x, top = round(edge_x) - width if side < 0 else round(edge_x), round(centre_y - h * 0.48)
    # keep the shadow on the book: never past the outer edge of the page it falls on
    clip = pygame.Rect(spine_x - w if side < 0 else spine_x, centre_y - h // 2, w, h)
    old = dest.get_clip()
    clip = clip.clip(old) if old else clip
    dest.set_clip(clip)
    if prepared is None:
        dest.blit(pygame.transform.scale(ramp, size), (x, top))  # a smooth ramp: nearest is enough
    else:
        rows = min(SHADOW_TILE, size[1])
        room = prepared.get("shadow")
        if room is None or room.get_width() < width or room.get_height() < rows:
            room = prepared["shadow"] = pygame.Surface((max(width, round(w * 0.28) + 1), rows), pygame.SRCALPHA)
        tile = room.subsurface((0, 0, width, rows))
        pygame.transform.scale(ramp, (width, rows), tile)
        for y in range(max(top, clip.top - (clip.top - top) % rows), min(top + size[1], clip.bottom), rows):
            dest.blit(tile, (x, y), (0, 0, width, min(rows, top + size[1] - y)))
    dest.set_clip(old)


class PageTurn:
    """One turn in progress: `t` goes 0 → 1 over `seconds`; `done` once it has landed."""

    def __init__(self, start: str, end: str, forward: bool, seconds: float = TURN_SECONDS) -> None:
        self.start, self.end, self.forward = start, end, forward
        self.seconds = max(0.01, seconds)
        self.t = 0.0
        self.prepared: dict = {}  # the leaf's faces cut into strips, once for this turn (draw_leaf)

    @property
    def done(self) -> bool:
        return self.t >= 1.0

    @property
    def angle(self) -> float:
        return math.pi * ease_in_out(self.t)

    def update(self, dt: float) -> None:
        self.t = min(1.0, self.t + dt / self.seconds)

    def finish(self) -> None:
        self.t = 1.0
