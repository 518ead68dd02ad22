"""The keyboard's place on the table and in the overlays: which card, pile or button Enter acts on.

Tab and Shift+Tab go through every stop in reading order (hand, play, the piles on the left, the
buttons on the right, the log); the arrow keys go to the nearest stop in that direction; F6 and
Shift+F6 (a pad's RB and LB) jump to the next or previous zone (hand, play, piles, buttons, log). The
ring is drawn only once the keyboard has been used, and hidden again by a mouse press.
"""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import theme

PILES = ("tokens", "grimoire", "deck", "discard", "sacrifice", "set_aside")
BUTTONS = ("hint", "undo", "menu", "end_turn")
LOG = ("zone", "log")  # last of all: the arrows pass it by, Tab, F6 and L reach it
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


class TableFocus:
    """Stops are ("card", uid), ("zone", layout name), ("button", name) or ("none", None): the
    "Choose none" button of a choice among cards on the table."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.target: tuple | None = None
        self.visible = False

    def stops(self) -> list[tuple]:
        game = self.scene.game
        cards = [("card", c.uid) for c in game.zone("hand")] + [("card", c.uid) for c in game.zone("play")]
        if self.scene.presenter.none_offered():  # "Choose none" beside the prompt, after the glowing cards
            cards.append(("none", None))
        return (cards + [("zone", name) for name in PILES if name in self.scene.rects]
                + [("button", name) for name in BUTTONS if name in self.scene.buttons]
                + ([LOG] if "log" in self.scene.rects else []))

    def zone_of(self, stop: tuple) -> int:
        """The zone a stop belongs to: 0 the hand, 1 play, 2 the piles, 3 the buttons, 4 the log."""
        kind, key = stop
        if kind == "card":
            return 0 if self.scene.game.zone_of(key) == "hand" else 1
        if kind == "none":
            return 1
        if kind == "button":
            return 3
        return 4 if stop == LOG else 2

    def rect(self, stop: tuple | None = None) -> pygame.Rect | None:
        stop = stop or self.target
        if stop is None:
            return None
        kind, key = stop
        if kind == "card":
            sprite = self.scene.sprites.get(key)
            return pygame.Rect(sprite.target) if sprite is not None else None
        if kind == "button":
            return pygame.Rect(self.scene.buttons[key].rect)
        if kind == "none":
            return pygame.Rect(self.scene.none_button.rect)
        return pygame.Rect(self.scene.rects[key])

    def current(self) -> tuple | None:
        """The focused stop, moved to a neighbour when it has gone (a card summoned or scrapped)."""
        stops = self.stops()
        if self.target in stops:
            return self.target
        if self.target is not None and self.target[0] == "card":
            self.target = next((s for s in stops if s[0] == "card"), stops[0] if stops else None)
        return self.target if self.target in stops else None

    def set(self, stop: tuple | None) -> None:
        self.target = stop
        self.visible = stop is not None

    def handle_key(self, event) -> bool:
        """Tab / Shift+Tab / arrows: True when the key moved the focus."""
        stops = [s for s in self.stops() if self.rect(s) is not None]
        if not stops or event.type != pygame.KEYDOWN:
            return False
        current = self.current()
        if event.key == pygame.K_TAB:
            if current is None:
                self.set(stops[-1] if event.mod & pygame.KMOD_SHIFT else stops[0])
            else:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.set(stops[(stops.index(current) + step) % len(stops)])
            return True
        if event.key == pygame.K_F6:
            self.set(self.next_zone(stops, current, -1 if event.mod & pygame.KMOD_SHIFT else 1))
            return True
        if event.key in ARROWS:
            if current is None:
                self.set(stops[0])
            else:
                among = [s for s in stops if s != LOG or s == current]
                rects = [self.rect(s) for s in among]
                self.set(among[nearest(rects, among.index(current), ARROWS[event.key])])
            return True
        return False

    def next_zone(self, stops: list[tuple], current: tuple | None, step: int) -> tuple:
        """The first stop of the next (step 1) or previous (-1) zone that has any, round the table."""
        zones = sorted({self.zone_of(s) for s in stops})
        if current is None:
            return stops[0] if step > 0 else next(s for s in stops if self.zone_of(s) == zones[-1])
        here = zones.index(self.zone_of(current))
        zone = zones[(here + step) % len(zones)]
        return next(s for s in stops if self.zone_of(s) == zone)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        stop = self.current()
        rect = self.rect(stop) if stop else None
        if rect is not None:
            if stop[0] == "card" and stop[1] == self.scene.hover_uid:
                rect.y -= self.scene.lift_of(stop[1], rect)
            draw_focus_ring(surface, rect)
