"""Keys over a set of things on a screen: the focus ring, Tab / arrows / number keys / Enter, and the
nearest thing in an arrow's direction. Every screen with a keyboard focus uses these (the table's own
stops are ui/table/focus.py)."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import theme

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def draw_focus_ring(surface: pygame.Surface, rect, margin: int = 10) -> None:
    """A double ring (light over dark) that reads on parchment, felt and card faces alike."""
    ring = pygame.Rect(rect).inflate(margin, margin)
    pygame.draw.rect(surface, theme.INK, ring.inflate(6, 6), 3, border_radius=14)
    pygame.draw.rect(surface, theme.PARCHMENT, ring, 4, border_radius=12)


def nearest(rects: list, current: int, direction: tuple[int, int]) -> int:
    """The index of the rectangle nearest to rects[current] in `direction` (dx, dy); current if none."""
    if not rects:
        return current
    cx, cy = pygame.Rect(rects[current]).center
    dx, dy = direction
    best, best_score = current, None
    for i, rect in enumerate(rects):
        if i == current:
            continue
        x, y = pygame.Rect(rect).center
        along = (x - cx) * dx + (y - cy) * dy
        if along <= 0:
            continue
        across = abs((x - cx) * dy) + abs((y - cy) * dx)
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best


def list_key(event, count: int, index: int) -> int | None:
    """A new index for Tab / Shift+Tab / arrows over a list of `count` items, or None if the key
    does not move in a list. Wraps around."""
    if count == 0 or event.type != pygame.KEYDOWN:
        return None
    if event.key == pygame.K_TAB:
        return (index + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % count
    if event.key in (pygame.K_UP, pygame.K_LEFT):
        return (index - 1) % count
    if event.key in (pygame.K_DOWN, pygame.K_RIGHT):
        return (index + 1) % count
    return None


def number_key(event) -> int | None:
    """0 for the key 1 … 8 for the key 9 (top row or keypad), else None."""
    if event.type != pygame.KEYDOWN:
        return None
    if pygame.K_1 <= event.key <= pygame.K_9:
        return event.key - pygame.K_1
    if pygame.K_KP1 <= event.key <= pygame.K_KP9:
        return event.key - pygame.K_KP1
    return None


def is_enter(event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
