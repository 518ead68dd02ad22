"""Simple vector icons drawn with pygame.draw: the game's own, so no licence is needed. Their
shapes (strokes in a unit square) are data in `aleph_null_desktop.icon_shapes`. Unknown names draw a
sigil, so a custom card with a new icon name still shows something.
"""

from __future__ import annotations

import math

import pygame

from aleph_null_desktop.icon_shapes import ICONS


def _pt(rect: pygame.Rect, x: float, y: float) -> tuple[float, float]:
    return (rect.x + x * rect.w, rect.y + y * rect.h)


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, colour, width: int = 0) -> None:
    """Draws icon `name` inside `rect`; line width scales with the icon unless given."""
    strokes = ICONS.get(name)
    if strokes is None:
        strokes = [("circle", .5, .5, .36), ("poly", [(.5, .14), (.81, .68), (.19, .68)]),
                   ("poly", [(.5, .86), (.19, .32), (.81, .32)])]
    size = min(rect.w, rect.h)
    square = pygame.Rect(0, 0, size, size)
    square.center = rect.center
    w = width or max(2, round(size / 18))
    for stroke in strokes:
        kind = stroke[0]
        if kind == "line":
            pygame.draw.line(surface, colour, _pt(square, *stroke[1:3]), _pt(square, *stroke[3:5]), w)
        elif kind in ("poly", "fill"):
            points = [_pt(square, x, y) for x, y in stroke[1]]
            pygame.draw.polygon(surface, colour, points, 0 if kind == "fill" else w)
        elif kind in ("circle", "disc"):
            _, cx, cy, r = stroke
            pygame.draw.circle(surface, colour, _pt(square, cx, cy), max(1, r * size),
                               0 if kind == "disc" else w)
        elif kind == "arc":
            _, cx, cy, r, start, end = stroke
            box = pygame.Rect(0, 0, 2 * r * size, 2 * r * size)
            box.center = _pt(square, cx, cy)
            pygame.draw.arc(surface, colour, box, math.radians(start), math.radians(end), w)
