"""Draws the application icon: a horned Aleph (ℵ) in a gilded ring on a candle-lit disc.

Offline tool (never imported by the game). Writes:
    assets/icons/app/aleph-null-{16,32,48,64,128,256}.png   window icon, Linux hicolor theme
    packaging/aleph-null.ico                                  Windows (PNG-compressed entries)
    packaging/aleph-null.icns                                 macOS (PNG entries)

    python tools/make_icon.py            # (re)write them all
    python tools/make_icon.py --preview out.png   # also a sheet of every size, for review

The sigil is original and drawn here from simple geometry: the letter's diagonal stroke and its
two arms end in curling goat horns; a foot grounds the lower arm. Each size is rendered at 4-8x
and reduced with smoothscale (anti-aliasing for free); the small sizes use bolder strokes and
drop the inner ring so they stay legible. The output is deterministic.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PNG_SIZES = (16, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, and their pixel sizes
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
              ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))

# candle-lit palette, matching the table
GLOW = (74, 44, 30)      # warm centre of the disc
DARK = (20, 12, 16)      # its edge
RIM = (9, 6, 8)          # the outermost line, so the disc reads on a light panel
GOLD = (206, 164, 78)    # the ring
GOLD_DIM = (140, 104, 50)
BONE = (238, 224, 186)   # the letter
SHADOW = (8, 4, 6)


def _lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


class Brush:
    """Draws tapered strokes as overlapping discs along a path (in unit coordinates)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.scale = surface.get_width()

    def dab(self, colour, x: float, y: float, r: float) -> None:
        pygame.draw.circle(self.surface, colour, (x * self.scale, y * self.scale), max(r * self.scale, 0.5))

    def stroke(self, colour, points, widths, offset=(0.0, 0.0)) -> None:
        """`points` and `widths` (full widths, unit) are sampled densely enough to look solid."""
        step = 0.75 / self.scale
        for (x0, y0), (x1, y1), w0, w1 in zip(points, points[1:], widths, widths[1:]):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
            for i in range(n + 1):
                t = i / n
                self.dab(colour, x0 + (x1 - x0) * t + offset[0], y0 + (y1 - y0) * t + offset[1],
                         (w0 + (w1 - w0) * t) / 2)


def _line(p0, p1, w0, w1, n=24):
    pts = [(p0[0] + (p1[0] - p0[0]) * i / n, p0[1] + (p1[1] - p0[1]) * i / n) for i in range(n + 1)]
    wid = [w0 + (w1 - w0) * i / n for i in range(n + 1)]
    return pts, wid


def _horn(start, side: int, radius: float, turns: float, w0: float, w1: float, n=90):
    """A curl leaving `start` upwards, sweeping outwards (side -1 left, +1 right) and down,
    tightening as it goes (a goat's horn seen from the front)."""
    cx, cy = start[0] + side * radius, start[1]
    pts, wid = [], []
    for i in range(n + 1):
        t = i / n
        # angle 0 at `start` (as seen from the centre), then over the top and outwards
        a = math.pi * 2 * turns * t
        r = radius * (1 - 0.45 * t)
        ang = (math.pi if side > 0 else 0.0) + (a if side > 0 else -a)
        pts.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
        wid.append(w0 + (w1 - w0) * t ** 0.8)
    return pts, wid


def _letter(bold: float):
    """The strokes of the horned Aleph: list of (points, widths)."""
    w = 0.085 * bold  # the main stroke's width
    a = 0.05 * bold   # the arms
    strokes = []
    # the diagonal: top-left to bottom-right, thickest in the middle
    top_left, bottom_right = (0.34, 0.335), (0.655, 0.72)
    pts, _ = _line(top_left, bottom_right, 0, 0, n=40)
    wid = [w * (0.72 + 0.28 * math.sin(math.pi * i / 40)) for i in range(41)]
    strokes.append((pts, wid))

    def along(t):  # a point on the diagonal
        return (top_left[0] + (bottom_right[0] - top_left[0]) * t,
                top_left[1] + (bottom_right[1] - top_left[1]) * t)

    # the two arms leave the diagonal at different heights, at right angles to it (not an X)
    dx, dy = bottom_right[0] - top_left[0], bottom_right[1] - top_left[1]
    length = math.hypot(dx, dy)
    nx, ny = dy / length, -dx / length  # pointing up and to the right
    root = along(0.34)
    arm_top = (root[0] + nx * 0.2, root[1] + ny * 0.2)
    strokes.append(_line(root, arm_top, a * 1.15, a * 0.8))
    root = along(0.68)
    knee = (root[0] - nx * 0.17, root[1] - ny * 0.17)
    strokes.append(_line(root, knee, a * 1.15, a))
    strokes.append(_line(knee, (knee[0] - 0.085, knee[1] + 0.004), a, a * 0.5, n=12))  # its foot
    strokes.append(_line(bottom_right, (bottom_right[0] + 0.075, bottom_right[1]), w * 0.72, a * 0.5,
                         n=12))  # the diagonal's foot
    # the horns
    strokes.append(_horn(top_left, -1, 0.085, 0.78, w * 0.72, 0.012 * bold))
    strokes.append(_horn(arm_top, +1, 0.07, 0.78, a * 0.8, 0.011 * bold))
    return strokes


def render(size: int) -> pygame.Surface:
    """The icon at `size` pixels, with an alpha channel (transparent corners)."""
    small = size <= 32
    factor = 8 if size <= 64 else max(2, 1024 // size)
    big = size * factor
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    brush = Brush(surf)
    c = big / 2
    # the disc: a radial glow, warm at the centre
    outer = 0.49 * big
    steps = 48
    for i in range(steps):
        t = i / (steps - 1)
        pygame.draw.circle(surf, _lerp(DARK, GLOW, t ** 1.6), (c, c), outer * (1 - 0.9 * t))
    pygame.draw.circle(surf, RIM, (c, c), outer, width=max(1, round(0.012 * big)))
    # the ring
    ring_w = (0.05 if small else 0.032) * big
    pygame.draw.circle(surf, GOLD, (c, c), 0.445 * big, width=round(ring_w))
    if not small:
        pygame.draw.circle(surf, GOLD_DIM, (c, c), 0.395 * big, width=max(1, round(0.008 * big)))
        # four small studs on the inner ring, at the cardinal points
        for k in range(4):
            ang = math.pi / 4 + k * math.pi / 2
            brush.dab(GOLD, 0.5 + 0.395 * math.cos(ang), 0.5 + 0.395 * math.sin(ang), 0.018)
    # the letter: a soft shadow, then the bone-white strokes
    bold = 1.45 if size <= 16 else 1.25 if size <= 32 else 1.0
    strokes = _letter(bold)
    for pts, wid in strokes:
        brush.stroke(SHADOW, pts, [x * 1.15 for x in wid], offset=(0.008, 0.012))
    for pts, wid in strokes:
        brush.stroke(BONE, pts, wid)
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico: ICONDIR, one ICONDIRENTRY per size, then the PNG images (Vista+)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns: 'icns' + length, then (type, length, PNG) elements (big-endian)."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[px])) + pngs[px]
                    for kind, px in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preview", type=Path, help="also write a review sheet of every size here")
    args = parser.parse_args(argv)
    pygame.display.init()  # no audio: nothing here makes a sound
    wanted = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {px for _, px in ICNS_TYPES})
    images = {s: render(s) for s in wanted}
    pngs = {s: png_bytes(images[s]) for s in wanted}

    out_dir = ROOT / "assets" / "icons" / "app"
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for s in PNG_SIZES:
        path = out_dir / f"aleph-null-{s}.png"
        path.write_bytes(pngs[s])
        written.append(path)
    ico = ROOT / "packaging" / "aleph-null.ico"
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    icns = ROOT / "packaging" / "aleph-null.icns"
    icns.write_bytes(icns_bytes(pngs))
    written += [ico, icns]

    if args.preview:
        sheet_sizes = list(PNG_SIZES) + [512]
        width = sum(sheet_sizes) + 20 * (len(sheet_sizes) + 1)
        sheet = pygame.Surface((width, 512 + 40))
        for y, colour in ((0, (40, 40, 44)), (276, (225, 225, 220))):
            sheet.fill(colour, (0, y, width, 276))
        x = 20
        for s in sheet_sizes:
            sheet.blit(images[s], (x, 20))
            sheet.blit(images[s], (x, 296)) if s <= 128 else None
            x += s + 20
        pygame.image.save(sheet, str(args.preview))
        written.append(args.preview)
    for path in written:
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
