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
COPIES_BYTES = 3 * 2**20 // 2  # the turning leaf's strips copied out of their pages: this much at most (StripCopies)


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def _gradient(alpha: int) -> pygame.Surface:
    """A 256×2 black strip, opaque (alpha) at x=0 fading to clear at x=255.

    Two rows, not one: smoothscale stretching a single row reads one row past its buffer
    (pygame-ce's filter_expand_Y), which crashed the game now and then mid page turn."""
    strip = pygame.Surface((256, 2), pygame.SRCALPHA)
    for x in range(256):
        pygame.draw.line(strip, (0, 0, 0, round(alpha * (1 - x / 255) ** 2)), (x, 0), (x, 1))
    return strip


_SHADOW: dict[bool, pygame.Surface] = {}


def _shadow_strip(mirrored: bool = False) -> pygame.Surface:
    """The shadow's ramp, dark at its left end (at its right end when `mirrored`)."""
    if mirrored not in _SHADOW:
        _SHADOW[mirrored] = pygame.transform.flip(_gradient(255), True, False) if mirrored else _gradient(255)
    return _SHADOW[mirrored]


@functools.lru_cache(maxsize=8)
def leaf_geometry(phi: float, strips: int = STRIPS) -> tuple[tuple[float, float, float], ...]:
    """For each strip edge u = i/strips: (x offset in page widths from the spine, positive towards
    the side the leaf starts on; height above the table in page widths; θ at the strip's middle
    for strips, at the edge itself for the last entry). Remembered for a few angles: a frame asks
    for the same one twice (the columns to paint, then the leaf)."""
    out = []
    x = z = 0.0
    lift = math.sin(phi)
    for i in range(strips + 1):
        u = i / strips
        theta = min(math.pi, max(0.0, phi + CURL * lift * u * u))
        out.append((x, z, theta))
        if i < strips:
            um = (i + 0.5) / strips
            tm = min(math.pi, max(0.0, phi + CURL * lift * um * um))
            x += math.cos(tm) / strips
            z += math.sin(tm) / strips
    return tuple(out)


def _shade(theta: float, sign: int) -> tuple[float, float]:
    """(brightness multiplier, highlight 0..1) of a strip tilted by θ, seen from above."""
    tx, tz = sign * math.cos(theta), math.sin(theta)  # the strip's direction, away from the spine
    nx, nz = (-tz, tx) if tx * sign >= 0 else (tz, -tx)  # its normal towards the viewer
    if nz < 0:
        nx, nz = -nx, -nz
    diffuse = max(0.0, nx * LIGHT[0] + nz * LIGHT[1])
    brightness = min(1.0, (0.5 + 0.5 * diffuse) / (0.5 + 0.5 * FLAT_DIFFUSE))
    spec = max(0.0, nx * HALF_VECTOR[0] + nz * HALF_VECTOR[1]) ** SHININESS
    return brightness, spec


def cut_leaf(image: pygame.Surface, strips: int, spine_on_left: bool) -> list[pygame.Surface | None]:
    """The image cut into the strips a turn draws, strip i at i/strips of the way from the spine:
    views into the image (no copy)."""
    w, h = image.get_size()
    bounds = image.get_rect()
    col_w = w / strips
    cut = []
    for i in range(strips):
        c0 = i / strips * w if spine_on_left else (1 - (i + 1) / strips) * w
        src = pygame.Rect(math.floor(c0), 0, max(1, math.ceil(c0 + col_w) - math.floor(c0)), h).clip(bounds)
        cut.append(image.subsurface(src) if src.w > 0 else None)
    return cut


class LeafFace:
    """One face of the turning leaf cut into its strips once per turn (PageTurn.prepared): views
    into its page, and whether it is opaque (then its strips are stretched straight onto the screen,
    each from a copy of its own: `StripCopies`)."""

    def __init__(self, image: pygame.Surface, strips: int, spine_on_left: bool) -> None:
        self.image = image  # (kept: the key of `prepared` is its parent's id, which must stay its own)
        self.views = cut_leaf(image, strips, spine_on_left)
        self.opaque = not image.get_flags() & pygame.SRCALPHA and image.get_colorkey() is None \
            and image.get_alpha() is None


class StripCopies:
    """Each strip of an opaque leaf copied out of its page into a room of its own, once per turn
    and face (PageTurn.prepared["copies"]): a strip stretched from a view into its page reads one
    row of the page's memory a row of the strip (a page of memory each) and took about twice as
    long as from a copy whose rows follow one another (a leaf 2.6 against 3.5 ms a frame on the
    right page, 3.8 against 5.3 on the left). A strip shows one face at a time: its room holds the
    copy of the face it shows now, only while a page turns; rooms for `COPIES_BYTES` at most (the
    book's 36 strips all copied, 3.4 MB, took bench/session.py's peak, the book over the table,
    from 146.5 to 150.0 MB), the other strips stretched from their views. A room's rows are never a
    multiple of 16 bytes long: SDL copies such narrow rows with streaming stores, 160 µs a strip
    instead of 9."""

    def __init__(self, limit: int = 0) -> None:
        self.rooms: dict[int, tuple] = {}  # strip -> (room, the LeafFace whose strip it holds, the copy)
        self.limit = limit or COPIES_BYTES
        self.held = 0  # bytes of the rooms

    def strip(self, face: LeafFace, i: int) -> pygame.Surface:
        """Strip i of `face`, copied (or its view, once the rooms hold `limit` bytes)."""
        held = self.rooms.get(i)
        if held is not None and held[1] is face:
            return held[2]
        view = face.views[i]
        w, h = view.get_size()
        room = held[0] if held is not None else None
        if room is None or room.get_width() < w or room.get_height() != h:
            room_w = w if w % 4 else w + 1
            size = room_w * h * view.get_bytesize()
            spent = self.held - (room.get_width() * room.get_height() * room.get_bytesize() if room else 0)
            if spent + size > self.limit:
                return view
            room, self.held = pygame.Surface((room_w, h), 0, view), spent + size
        copy = room.subsurface((0, 0, w, h))
        copy.blit(view, (0, 0))
        self.rooms[i] = (room, face, copy)
        return copy


def leaf_columns(spine_x: int, w: int, phi: float, start_side: int, strips: int = STRIPS) -> tuple[int, int]:
    """The screen columns [left, right) the leaf of a w-wide page and the shadow it drops may
    cover at φ (a little more, never less)."""
    geometry = leaf_geometry(phi, strips)
    xs = [spine_x + start_side * g[0] * w for g in geometry]
    shadow = w * 0.28 * math.sin(phi) + 2
    return (math.floor(min(min(xs), xs[-1] - shadow)) - 3,
            math.ceil(max(max(xs), xs[-1] + shadow)) + 4)



def _light(surface: pygame.Surface, area: pygame.Rect | None, level: int | None, glow: int | None) -> None:
    """A strip's light: its brightness (level of 255) and the sheen it catches (glow), or None each."""
    if level is not None:
        surface.fill((level, level, level), area, special_flags=pygame.BLEND_RGB_MULT)
    if glow is not None:
        surface.fill((glow, glow, round(glow * 0.85)), area, special_flags=pygame.BLEND_RGB_ADD)


def _strip_rect(xs, geometry, i: int, h: int, centre_y: int) -> pygame.Rect | None:
    """Where strip i of the leaf lands (a little wider than its place, so that strips overlap by a
    pixel), or None for a strip too thin to draw (seen edge-on)."""
    x0, x1 = xs[i], xs[i + 1]
    left, width = min(x0, x1), abs(x1 - x0)
    if width < 0.5:
        return None
    z = (geometry[i][1] + geometry[i + 1][1]) / 2
    height = h * (1 + PERSPECTIVE * z)
    return pygame.Rect(math.floor(left), round(centre_y - height / 2),
                       max(1, math.ceil(width) + 1), max(1, round(height)))


def leaf_cover(spine_x: int, centre_y: int, size: tuple[int, int], phi: float, start_side: int,
               strips: int = STRIPS) -> pygame.Rect | None:
    """The rectangle the leaf paints over whole at φ when both its faces are opaque pages (what lies
    under it need not be painted first): the rows every strip covers, across the strips side by
    side. None when a strip is too thin to be drawn (the leaf stands edge-on)."""
    w, h = size
    geometry = leaf_geometry(phi, strips)
    xs = [spine_x + start_side * g[0] * w for g in geometry]
    rects = []
    for i in range(strips):
        rect = _strip_rect(xs, geometry, i, h, centre_y)
        if rect is None:
            return None
        rects.append(rect)
    rects.sort(key=lambda r: r.x)
    right = rects[0].right
    for rect in rects[1:]:
        if rect.x > right:  # (strips overlap by a pixel: never, but a gap is never taken for covered)
            return None
        right = max(right, rect.right)
    top, bottom = max(r.y for r in rects), min(r.bottom for r in rects)
    return pygame.Rect(rects[0].x, top, right - rects[0].x, max(0, bottom - top))


def draw_leaf(dest: pygame.Surface, spine_x: int, centre_y: int, front: pygame.Surface | None,
              back: pygame.Surface | None, phi: float, start_side: int, strips: int = STRIPS,
              shadow: bool = True, prepared: dict | None = None) -> tuple[float, float]:
    """Draws the turning leaf at angle φ (0: flat on its starting side, π: landed on the other).
    start_side is +1 when the leaf starts on the right of the spine (a forward turn), −1 on the
    left. `prepared`: the turn's own dict, where each face's strips are cut once (PageTurn.prepared,
    a LeafFace each) and an opaque face's strips are stretched straight onto `dest` where they lie
    inside its clip; without it each strip is stretched into an image of its own, lit, and blitted.
    Returns the screen x span of the leaf (min, max).

    A strip is stretched to its width and height with the nearest pixel (pygame.transform.scale):
    the leaf is in motion, and smoothing each strip cost three times as much a frame."""
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
    for i in range(strips):
        x0, x1 = xs[i], xs[i + 1]
        theta = (geometry[i][2] + geometry[i + 1][2]) / 2
        shown = math.cos(theta) >= 0
        seen = faces.get(shown)
        if seen is None or seen.views[i] is None:
            continue
        rect = _strip_rect(xs, geometry, i, h, centre_y)
        if rect is None:
            continue
        brightness, spec = _shade(theta, start_side)
        # (light no one sees is not filled in: a level of 252 or more, a sheen of 1 of 255)
        level = max(0, min(255, round(255 * brightness))) if brightness < UNLIT else None
        spec *= 0.25 + 0.75 * (i + 0.5) / strips  # the curl, not the hinge, catches the light
        glow = round(SHEEN * spec) if spec >= 1.5 / SHEEN else None
        if prepared is not None and seen.opaque and clip.contains(rect):
            # stretched where it lands: the same pixels as a strip of its own blitted there
            copies = prepared.get("copies")
            if copies is None:
                copies = prepared["copies"] = StripCopies()
            pygame.transform.scale(copies.strip(seen, i), rect.size, dest.subsurface(rect))
            _light(dest, rect, level, glow)
            continue
        strip = pygame.transform.scale(seen.views[i], rect.size)
        _light(strip, None, level, glow)
        dest.blit(strip, rect.topleft)
    return (lo, hi)


def _drop_shadow(dest, spine_x, centre_y, w, h, phi, start_side, edge_x, prepared: dict | None = None) -> None:
    """A soft shadow on the page beneath, beyond the leaf's outer edge, strongest mid-turn.
    With `prepared` (the turn's) it is stretched into one image kept for the turn (a new image of
    its size every frame cost as much again in fresh memory)."""
    lift = math.sin(phi)
    if lift < 0.02:
        return
    width = max(2, round(w * 0.28 * lift))
    alpha = round(120 * lift)
    side = 1 if edge_x >= spine_x else -1
    size = (width, round(h * 0.96))
    ramp = _shadow_strip(mirrored=side < 0)
    if prepared is None:
        strip = pygame.transform.scale(ramp, size)  # a smooth ramp: nearest is enough
    else:
        room = prepared.get("shadow")
        if room is None or room.get_width() < width or room.get_height() != size[1]:
            room = prepared["shadow"] = pygame.Surface((max(width, round(w * 0.28) + 1), size[1]), pygame.SRCALPHA)
        strip = room.subsurface((0, 0) + size)
        pygame.transform.scale(ramp, size, strip)
    strip.set_alpha(alpha)
    x = round(edge_x) - width if side < 0 else round(edge_x)
    # keep the shadow on the book: never past the outer edge of the page it falls on
    clip = pygame.Rect(spine_x - w if side < 0 else spine_x, centre_y - h // 2, w, h)
    old = dest.get_clip()
    dest.set_clip(clip.clip(old) if old else clip)
    dest.blit(strip, (x, round(centre_y - h * 0.48)))
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
