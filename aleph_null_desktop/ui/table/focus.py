"""The keyboard's place on the table and in the overlays: which card, pile or button Enter acts on.

Tab and Shift+Tab go through every stop in reading order (hand, play, the piles on the left, the
buttons on the right, the log); the arrow keys go to the nearest stop in that direction, except that
left and right from a card keep to its row (the hand, the cards in play); F6 and Shift+F6 (a pad's RB
and LB) jump to the next or previous zone (hand, play, piles, buttons, log). The ring is drawn only
once the keyboard has been used, and hidden again by a mouse press.
"""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.text import render
from aleph_null_desktop.ui.widgets.keyfocus import ARROWS, draw_focus_ring, nearest

PILES = ("tokens", "grimoire", "deck", "discard", "sacrifice", "set_aside")
BUTTONS = ("hint", "undo", "menu", "end_turn")
LOG = ("zone", "log")  # last of all: the arrows pass it by, Tab, F6 and L reach it
class TableFocus:
    """Stops are ("card", uid), ("zone", layout name), ("button", name) or ("none", None): the
    "Choose none" button of a choice among cards on the table. It reads the position from the
    presenter, and of the table only where things are: `rects` (the layout's zones), `buttons`
    (name -> Button), `none_button`, `card_rect(uid)` (a card's resting rectangle, None while it has
    none), `lift(uid, rect)` (how far the card is raised now, 0 when it is not) and `keep_clear`
    (rectangles its label stays off)."""

    def __init__(self, presenter, rects, buttons, none_button, card_rect, lift, keep_clear=()) -> None:
        self.presenter = presenter
        self.keep_clear = list(keep_clear)  # where the label never goes (the hand's title)
        self.rects, self.buttons, self.none_button = rects, buttons, none_button
        self.card_rect, self.lift = card_rect, lift
        self.target: tuple | None = None
        self.visible = False

    def stops(self) -> list[tuple]:
        game = self.presenter.game
        cards = [("card", c.uid) for c in game.zone("hand")] + [("card", c.uid) for c in game.zone("play")]
        if self.presenter.none_offered():  # "Choose none" beside the prompt, after the glowing cards
            cards.append(("none", None))
        return (cards + [("zone", name) for name in PILES if name in self.rects]
                + [("button", name) for name in BUTTONS if name in self.buttons]
                + ([LOG] if "log" in self.rects else []))

    def zone_of(self, stop: tuple) -> int:
        """The zone a stop belongs to: 0 the hand, 1 play, 2 the piles, 3 the buttons, 4 the log."""
        kind, key = stop
        if kind == "card":
            return 0 if self.presenter.game.zone_of(key) == "hand" else 1
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
            rect = self.card_rect(key)
            return pygame.Rect(rect) if rect is not None else None
        if kind == "button":
            return pygame.Rect(self.buttons[key].rect)
        if kind == "none":
            return pygame.Rect(self.none_button.rect)
        return pygame.Rect(self.rects[key])

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
            self.set(stops[0] if current is None else self.arrow_move(stops, current, event.key))
            return True
        return False

    def arrow_move(self, stops: list[tuple], current: tuple, key: int) -> tuple:
        """Where an arrow key takes the focus from `current`: along a card's row for left and
        right, else the nearest stop that way (the log only from itself)."""
        if current[0] == "card" and key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self._along_row(current, -1 if key == pygame.K_LEFT else 1)
        among = [s for s in stops if s != LOG or s == current]
        rects = [self.rect(s) for s in among]
        return among[nearest(rects, among.index(current), ARROWS[key])]

    def _along_row(self, current: tuple, step: int) -> tuple:
        """Left / right from a card: the next card of its row (the hand, or the cards in play);
        at either end the focus stays, never leaping to a pile beside the row."""
        game = self.presenter.game
        zone = game.zone("hand" if current[1] in {c.uid for c in game.zone("hand")} else "play")
        row = [("card", c.uid) for c in zone if self.rect(("card", c.uid)) is not None]
        row.sort(key=lambda s: self.rect(s).centerx)
        i = row.index(current) + step if current in row else -1
        return row[i] if 0 <= i < len(row) else current

    def next_zone(self, stops: list[tuple], current: tuple | None, step: int) -> tuple:
        """The first stop of the next (step 1) or previous (-1) zone that has any, round the table."""
        zones = sorted({self.zone_of(s) for s in stops})
        if current is None:
            return stops[0] if step > 0 else next(s for s in stops if self.zone_of(s) == zones[-1])
        here = zones.index(self.zone_of(current))
        zone = zones[(here + step) % len(zones)]
        return next(s for s in stops if self.zone_of(s) == zone)

    def draw(self, surface: pygame.Surface, fonts, pad: bool = False) -> None:
        """The ring round the focused stop and, beside it, its compact label: what it is and what
        Enter would do there (the card's whole text only on request: Alt reads it large)."""
        if not self.visible:
            return
        stop = self.current()
        rect = self.rect(stop) if stop else None
        if rect is None:
            return
        if stop[0] == "card":
            rect.y -= self.lift(stop[1], rect)
        draw_focus_ring(surface, rect)
        name, does = self.presenter.focus_words(stop, pad)
        if does:
            draw_focus_label(surface, fonts, rect.inflate(16, 16), name, does, self.keep_clear, self.cards_beside(stop))

    def cards_beside(self, stop) -> list[pygame.Rect]:
        """The other cards' rectangles (the label keeps off them where it can)."""
        rects = (self.rect(other) for other in self.stops() if other[0] == "card" and other != stop)
        return [rect for rect in rects if rect is not None]


def focus_label_box(fonts, ring: pygame.Rect, name: str, does: str, keep_clear=(), beside=()) -> tuple[list, pygame.Rect]:
    """(the label's rendered pieces, its box): one line just above the ring — below it when the
    screen's top edge is too near, or when it would hide less of the other cards (`beside`) there —
    right of what it must keep clear of, on the screen."""
    pieces = [render(fonts.get("bold", 18), name, theme.INK)] if name else []
    pieces.append(render(fonts.get("body", 18), does, theme.INK))
    width = sum(p.get_width() for p in pieces) + 12 * (len(pieces) - 1) + 20
    box = pygame.Rect(0, 0, width, max(p.get_height() for p in pieces) + 8)
    box.midbottom = (ring.centerx, ring.top - 4)
    below = box.copy()
    below.midtop = (ring.centerx, ring.bottom + 4)
    if box.top < 4 or (below.bottom <= surface_rect().bottom - 4 and hidden(below, beside) < hidden(box, beside)):
        box = below
    for clear in keep_clear:
        if box.colliderect(clear):
            box.left = clear.right + 8
    box.clamp_ip(surface_rect())
    return pieces, box


def hidden(box: pygame.Rect, rects) -> int:
    """How many pixels of the rectangles the box covers."""
    return sum(box.clip(rect).w * box.clip(rect).h for rect in rects)


def draw_focus_label(surface: pygame.Surface, fonts, ring: pygame.Rect, name: str, does: str,
                     keep_clear=(), beside=()) -> pygame.Rect:
    pieces, box = focus_label_box(fonts, ring, name, does, keep_clear, beside)
    pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=6)
    pygame.draw.rect(surface, theme.INK, box, 1, border_radius=6)
    x = box.x + 10
    for piece in pieces:
        surface.blit(piece, piece.get_rect(midleft=(x, box.centery)))
        x += piece.get_width() + 12
    return box


def surface_rect() -> pygame.Rect:
    return pygame.Rect((0, 0), theme.LOGICAL_SIZE)
