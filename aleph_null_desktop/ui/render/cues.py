"""Colour-blind cues (Settings): what a colour tells is also told by a shape.

On a card face: the type in a badge whose outline differs per type (a Key round, a Demon a
downward triangle, a Tanist square, an Artifact a diamond, a Magical Power a hexagon,
interference an octagon), and an interference card's side as an emblem (a cross in an arch for
the Church, horns in a downward triangle for Hell).
"""

from __future__ import annotations

import math

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.icons import draw_icon

TYPE_SHAPE = {"key": 0, "demon": 3, "tanist": 4, "artifact": -4, "magical_power": 6, "interference": 8}
SIDE_ICON = {"church": "cross", "hell": "imp"}


def _polygon(centre, radius: float, sides: int) -> list[tuple[float, float]]:
    """A regular polygon; a negative count turns it 45° (a diamond from a square); a triangle
    points down."""
    turn = math.pi / 4 if sides < 0 else (math.pi / 2 if sides == 3 else math.pi / abs(sides))
    n = abs(sides)
    return [(centre[0] + radius * math.cos(turn + 2 * math.pi * i / n),
             centre[1] + radius * math.sin(turn + 2 * math.pi * i / n)) for i in range(n)]


def draw_shape(surface, centre, radius: float, sides: int, fill, edge, width: int) -> None:
    if sides == 0:
        pygame.draw.circle(surface, fill, centre, radius)
        pygame.draw.circle(surface, edge, centre, radius, width)
    else:
        points = _polygon(centre, radius, sides)
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, edge, points, width)


def draw_card_badges(surface: pygame.Surface, card, art: pygame.Rect, unit: float) -> None:
    """The type badge in the art band's top right corner, the side emblem in its top left."""
    radius = 15 * unit
    width = max(1, round(2 * unit))
    centre = (art.right - radius - 4 * unit, art.y + radius + 4 * unit)
    draw_shape(surface, centre, radius, TYPE_SHAPE.get(card.type, 0), theme.PARCHMENT, theme.INK, width)
    icon = pygame.Rect(0, 0, radius * 1.1, radius * 1.1)
    icon.center = (round(centre[0]), round(centre[1]))
    draw_icon(surface, theme.TYPE_ICON.get(card.type, ""), icon, theme.INK)
    side = getattr(card, "side", None)
    if side in SIDE_ICON:
        centre = (art.x + radius + 4 * unit, art.y + radius + 4 * unit)
        if side == "church":  # an arch: a rectangle with a round top
            arch = pygame.Rect(0, 0, radius * 1.8, radius * 2)
            arch.center = (round(centre[0]), round(centre[1]))
            pygame.draw.rect(surface, theme.PARCHMENT, arch, border_top_left_radius=arch.w // 2,
                             border_top_right_radius=arch.w // 2)
            pygame.draw.rect(surface, theme.INK, arch, width, border_top_left_radius=arch.w // 2,
                             border_top_right_radius=arch.w // 2)
        else:
            draw_shape(surface, centre, radius * 1.1, 3, theme.PARCHMENT, theme.INK, width)
        icon = pygame.Rect(0, 0, radius * 1.1, radius * 1.1)
        icon.center = (round(centre[0]), round(centre[1]))
        draw_icon(surface, SIDE_ICON[side], icon, theme.INK)
