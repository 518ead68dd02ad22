"""Small controls of the editor form: chips (buttons, check boxes, radio choices), steppers,
static labels, a flow layout that wraps them into rows, a pop-up menu, and messages with an
icon. Each control has a rect, `draw(surface, fonts)` and `click(pos) -> bool`. A state is never
shown by colour alone: check boxes carry a tick, radio choices a dot, errors a cross icon and
warnings a triangle."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.text import render, wrap

CHIP_H = 38
FONT_SIZE = 21
GAP = 8


def _font(fonts, role: str = "body", size: int = FONT_SIZE):
    return fonts.get(role, size)


@dataclass
class Control:
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, CHIP_H))
    name: str = ""  # for tests and hit lookup: "on_summon.0.op", "action0.cost.add"…

    def measure(self, fonts) -> int:
        return self.rect.w

    def click(self, pos) -> bool:
        return False

    def draw(self, surface, fonts, hover=None) -> None:
        pass


@dataclass
class Label(Control):
    text: str = ""
    colour: tuple = theme.TEXT_DIM
    role: str = "italic"
    size: int = FONT_SIZE

    def measure(self, fonts) -> int:
        return _font(fonts, self.role, self.size).size(self.text)[0] + 2

    def draw(self, surface, fonts, hover=None) -> None:
        image = render(_font(fonts, self.role, self.size), self.text, self.colour)
        surface.blit(image, image.get_rect(midleft=(self.rect.x, self.rect.centery)))


@dataclass
class Chip(Control):
    """A button; with mark="check" a check box, with mark="radio" one of a choice."""

    label: str = ""
    on_click: Callable[[], None] | None = None
    mark: str = ""  # "", "check", "radio", "menu" (a ▾ that opens a menu), "remove", "add"
    selected: bool = False
    enabled: bool = True
    icon: str = ""
    strong: bool = False  # the op button of an effect row

    def measure(self, fonts) -> int:
        w = _font(fonts, "bold" if self.strong else "body").size(self.label)[0] + 24
        if self.mark in ("check", "radio", "remove", "add"):
            w += 26
        if self.mark == "menu":
            w += 24
        if self.icon:
            w += 34
        return w

    def click(self, pos) -> bool:
        if self.rect.collidepoint(pos) and self.enabled and self.on_click:
            self.on_click()
            return True
        return False

    def draw(self, surface, fonts, hover=None) -> None:
        r = self.rect
        hot = self.enabled and hover is not None and r.collidepoint(hover)
        if not self.enabled:
            fill, edge, ink = theme.PANEL, theme.DISABLED, theme.TEXT_DIM
        elif self.selected:
            fill, edge, ink = (92, 70, 40), theme.CANDLE, theme.TEXT
        else:
            fill, edge, ink = (theme.TABLE_GLOW if hot else theme.PANEL), (theme.CANDLE if hot else theme.PANEL_EDGE), theme.TEXT
        if self.strong and self.enabled:
            fill = theme.TABLE_GLOW if hot else (66, 48, 34)
            edge = theme.CANDLE if hot else theme.GOLD
        pygame.draw.rect(surface, fill, r, border_radius=7)
        pygame.draw.rect(surface, edge, r, 2, border_radius=7)
        x = r.x + 12
        if self.mark in ("check", "radio"):
            box = pygame.Rect(x, r.centery - 9, 18, 18)
            if self.mark == "check":
                pygame.draw.rect(surface, theme.PARCHMENT_DARK, box, border_radius=3)
                pygame.draw.rect(surface, edge, box, 2, border_radius=3)
                if self.selected:
                    pygame.draw.lines(surface, theme.INK, False,
                                      [(box.x + 3, box.centery), (box.x + 7, box.bottom - 4), (box.right - 3, box.y + 3)], 3)
            else:
                pygame.draw.circle(surface, theme.PARCHMENT_DARK, box.center, 9)
                pygame.draw.circle(surface, edge, box.center, 9, 2)
                if self.selected:
                    pygame.draw.circle(surface, theme.INK, box.center, 5)
            x += 26
        elif self.mark in ("remove", "add"):
            c = (x + 9, r.centery)
            if self.mark == "add":
                pygame.draw.line(surface, ink, (c[0] - 7, c[1]), (c[0] + 7, c[1]), 3)
                pygame.draw.line(surface, ink, (c[0], c[1] - 7), (c[0], c[1] + 7), 3)
            else:
                pygame.draw.line(surface, ink, (c[0] - 6, c[1] - 6), (c[0] + 6, c[1] + 6), 3)
                pygame.draw.line(surface, ink, (c[0] - 6, c[1] + 6), (c[0] + 6, c[1] - 6), 3)
            x += 26
        if self.icon:
            draw_icon(surface, self.icon, pygame.Rect(x - 4, r.centery - 15, 30, 30), theme.GOLD if self.enabled else ink)
            x += 34
        font = _font(fonts, "bold" if self.strong else "body")
        image = render(font, self.label, ink)
        surface.blit(image, image.get_rect(midleft=(x, r.centery)))
        if self.mark == "menu":
            ax = r.right - 20
            pygame.draw.polygon(surface, ink, [(ax - 7, r.centery - 3), (ax + 7, r.centery - 3), (ax, r.centery + 5)])


@dataclass
class Stepper(Control):
    """'label  [−] value [+]': the value moves within the engine's bounds."""

    label: str = ""
    value_text: str = ""
    on_minus: Callable[[], None] | None = None
    on_plus: Callable[[], None] | None = None
    can_minus: bool = True
    can_plus: bool = True
    value_w: int = 40
    label_w: int = 0

    def measure(self, fonts) -> int:
        self.label_w = _font(fonts, "italic").size(self.label)[0] + 10 if self.label else 0
        self.value_w = max(40, _font(fonts, "bold", 23).size(self.value_text)[0] + 14)
        return self.label_w + 34 + self.value_w + 34

    def _parts(self):
        minus = pygame.Rect(self.rect.x + self.label_w, self.rect.y, 34, self.rect.h)
        value = pygame.Rect(minus.right, self.rect.y, self.value_w, self.rect.h)
        plus = pygame.Rect(value.right, self.rect.y, 34, self.rect.h)
        return minus, value, plus

    def click(self, pos) -> bool:
        minus, _, plus = self._parts()
        if minus.collidepoint(pos) and self.can_minus and self.on_minus:
            self.on_minus()
            return True
        if plus.collidepoint(pos) and self.can_plus and self.on_plus:
            self.on_plus()
            return True
        return False

    def draw(self, surface, fonts, hover=None) -> None:
        minus, value, plus = self._parts()
        if self.label:
            image = render(_font(fonts, "italic"), self.label, theme.TEXT_DIM)
            surface.blit(image, image.get_rect(midleft=(self.rect.x, self.rect.centery)))
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, value.inflate(0, -4))
        digits = render(_font(fonts, "bold", 23), self.value_text, theme.INK)
        surface.blit(digits, digits.get_rect(center=value.center))
        for rect, ok, sign in ((minus, self.can_minus, "-"), (plus, self.can_plus, "+")):
            hot = ok and hover is not None and rect.collidepoint(hover)
            pygame.draw.rect(surface, theme.TABLE_GLOW if hot else theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, (theme.GOLD if ok else theme.DISABLED), rect, 2, border_radius=6)
            colour = theme.TEXT if ok else theme.DISABLED
            c = rect.center
            pygame.draw.line(surface, colour, (c[0] - 7, c[1]), (c[0] + 7, c[1]), 3)
            if sign == "+":
                pygame.draw.line(surface, colour, (c[0], c[1] - 7), (c[0], c[1] + 7), 3)


def flow(controls: list[Control], fonts, x: int, y: int, width: int, row_h: int = CHIP_H, gap: int = GAP) -> int:
    """Places controls left to right, wrapping; a None in the list forces a new row. Returns
    the y below the last row."""
    cx, cy = x, y
    placed_any = False
    for c in controls:
        if c is None:
            if placed_any:
                cx, cy = x, cy + row_h + gap
                placed_any = False
            continue
        w = c.measure(fonts)
        if placed_any and cx + w > x + width:
            cx, cy = x + 24, cy + row_h + gap  # continuation rows are indented
        c.rect = pygame.Rect(cx, cy, w, row_h)
        cx += w + gap
        placed_any = True
    return cy + (row_h if placed_any else 0)


def draw_message(surface, fonts, kind: str, text: str, rect: pygame.Rect, size: int = 20) -> int:
    """An error (cross in a circle) or warning (triangle) with its words, wrapped in rect.
    Returns the y below it."""
    colour = theme.WARN if kind == "error" else theme.CANDLE
    icon = pygame.Rect(rect.x, rect.y + 2, 20, 20)
    if kind == "error":
        pygame.draw.circle(surface, colour, icon.center, 10)
        c = icon.center
        pygame.draw.line(surface, theme.INK, (c[0] - 4, c[1] - 4), (c[0] + 4, c[1] + 4), 3)
        pygame.draw.line(surface, theme.INK, (c[0] - 4, c[1] + 4), (c[0] + 4, c[1] - 4), 3)
    else:
        pygame.draw.polygon(surface, colour, [(icon.centerx, icon.y), (icon.right, icon.bottom), (icon.x, icon.bottom)])
        pygame.draw.line(surface, theme.INK, (icon.centerx, icon.y + 6), (icon.centerx, icon.bottom - 6), 2)
        pygame.draw.circle(surface, theme.INK, (icon.centerx, icon.bottom - 3), 1)
    font = fonts.get("body", size)
    lines = wrap(font, text, rect.w - 28)
    while size > 10 and rect.y + len(lines) * font.get_linesize() > surface.get_height() - 4:
        size -= 1  # smaller words rather than words below the window's edge
        font = fonts.get("body", size)
        lines = wrap(font, text, rect.w - 28)
    y = rect.y
    for line in lines:
        surface.blit(render(font, line, colour), (rect.x + 28, y))
        y += font.get_linesize()
    return y


class PopupMenu:
    """A list of choices under an anchor; click one, or outside (or Esc) to close."""

    def __init__(self, anchor: pygame.Rect, items: list[tuple[str, Callable[[], None]]], fonts,
                 current: str = "", bounds: pygame.Rect | None = None, name: str = "") -> None:
        self.items = items
        self.current = current
        self.name = name
        font = fonts.get("body", 22)
        w = max([font.size(label)[0] for label, _ in items] + [anchor.w - 20]) + 56
        self.item_h = 40
        h = self.item_h * len(items) + 12
        rect = pygame.Rect(anchor.x, anchor.bottom + 4, w, h)
        bounds = bounds or pygame.Rect((0, 0), theme.LOGICAL_SIZE)
        if rect.bottom > bounds.bottom:
            rect.bottom = anchor.y - 4
        rect.clamp_ip(bounds)
        self.rect = rect
        self.focus = next((i for i, (label, _action) in enumerate(items) if label == current), 0)
        self.keyboard = False  # Up / Down moved the highlight (then it is drawn)

    def item_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 6, self.rect.y + 6 + i * self.item_h, self.rect.w - 12, self.item_h)

    def handle_event(self, event) -> bool | None:
        """True: an item was chosen; False: closed without a choice; None: still open."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and self.items:
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            if self.keyboard:
                self.focus = (self.focus + (-1 if back else 1)) % len(self.items)
            self.keyboard = True  # the first key shows where the highlight is
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.items:
            self.items[self.focus][1]()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, (_, action) in enumerate(self.items):
                if self.item_rect(i).collidepoint(event.pos):
                    action()
                    return True
            return False
        return None

    def draw(self, surface, fonts, hover=None) -> None:
        shadow = self.rect.move(6, 8)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD, self.rect, 2, border_radius=10)
        font = fonts.get("body", 22)
        for i, (label, _) in enumerate(self.items):
            r = self.item_rect(i)
            if (hover is not None and r.collidepoint(hover)) or (self.keyboard and i == self.focus):
                pygame.draw.rect(surface, theme.TABLE_GLOW, r, border_radius=6)
            if self.keyboard and i == self.focus:
                pygame.draw.rect(surface, theme.PARCHMENT, r, 2, border_radius=6)
            if label == self.current:
                pygame.draw.circle(surface, theme.CANDLE, (r.x + 16, r.centery), 6)
            surface.blit(render(font, label, theme.TEXT), (r.x + 34, r.centery - font.get_height() // 2))
