"""Buttons: a rectangle, a label, an optional second line, enabled or greyed with a reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from aleph_null_desktop.i18n import N_, _
from aleph_null_desktop.ui import prompts, theme
from aleph_null_desktop.ui.render.text import fit_font, render, wrap

# the names of keys as a shortcut badge shows them; a language may name them its own way (Strg+Z)
KEY_NAMES = (N_("Space"), N_("Ctrl+Z"), N_("Enter"), N_("Esc"), N_("Del"), N_("Tab"))


def key_name(key: str) -> str:
    """A shortcut as the player's keyboard names it (Ctrl+S is Strg+S on a German one); while a
    game controller is in use, its button for the shortcut ("" when it has none)."""
    if prompts.pad_in_use():
        return prompts.pad_button(key)
    return keyboard_name(prompts.moved_key(key) or key)  # the player's own key where moved (Settings → Keys)


def keyboard_name(key: str) -> str:
    """A key's name on the player's keyboard ("Ctrl+Z" is "Strg+Z" on a German one)."""
    if key in KEY_NAMES:
        return _(key)
    if key.startswith("Ctrl+"):
        return _("Ctrl+{key}").format(key=key.removeprefix("Ctrl+"))
    return key


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None] | None = None
    enabled: bool = True
    detail: str = ""  # a second line: the effect, a preview, or why the button is disabled
    hot: bool = False  # drawn highlighted (the mouse is over it)
    key_hint: str = ""  # a keyboard shortcut shown in the corner
    lead: int = 0  # room kept free at the left for a mark drawn by the owner (a radio dot)

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def click(self) -> bool:
        if self.enabled and self.on_click:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts, size: int = 22, role: str = "title") -> None:
        if self.enabled:
            fill = theme.TABLE_GLOW if self.hot else theme.PANEL
            edge, ink = (theme.CANDLE if self.hot else theme.GOLD), theme.TEXT
        else:
            fill, edge, ink = theme.PANEL, theme.DISABLED, theme.TEXT_DIM
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, edge, self.rect, 2 if self.enabled else 1, border_radius=8)
        inner = self.rect.inflate(-20, -10)
        inner.x, inner.w = inner.x + self.lead, inner.w - self.lead
        badge = key_badge(fonts, self.key_hint)
        font = fit_font(fonts, role, self.label, inner.w, size, 12)
        beside_badge = True  # the centred label clears the shortcut in the corner, or goes below it
        if badge is not None:
            beside_badge = font.size(self.label)[0] <= self.rect.w - 2 * (badge.get_width() + 14)
            below = self.rect.h - 6 - badge.get_height()  # room under the badge (a short button)
            while not beside_badge and font.get_linesize() > below and size > 12:
                size -= 1  # a smaller label that fits beside the badge or under it, never past the edge
                font = fit_font(fonts, role, self.label, inner.w, size, 12)
                beside_badge = font.size(self.label)[0] <= self.rect.w - 2 * (badge.get_width() + 14)
        detail_font = fonts.get("italic" if not self.enabled else "body", max(14, min(24, size - 4)))
        detail_lines = wrap(detail_font, self.detail, inner.w) if self.detail else []
        max_lines = max(0, (inner.h - font.get_linesize()) // detail_font.get_linesize())
        detail_lines = detail_lines[:max_lines]
        total = font.get_linesize() + len(detail_lines) * detail_font.get_linesize()
        y = self.rect.centery - total // 2
        if not beside_badge:
            y = max(y, self.rect.top + 2 + badge.get_height())
        label = render(font, self.label, ink)
        surface.blit(label, label.get_rect(midtop=(inner.centerx, y)))
        y += font.get_linesize()
        for line in detail_lines:
            image = render(detail_font, line, theme.TEXT_DIM if not self.enabled else theme.PARCHMENT_DARK)
            surface.blit(image, image.get_rect(midtop=(inner.centerx, y)))
            y += detail_font.get_linesize()
        if badge is not None:
            surface.blit(badge, badge.get_rect(topright=(self.rect.right - 8, self.rect.top + 4)))


def key_badge(fonts, key: str) -> pygame.Surface | None:
    """The shortcut's badge in a button's corner: the key's name, or the pad's button while a
    controller is in use; None when there is nothing to show."""
    name = key_name(key) if key else ""
    if not name:
        return None
    if prompts.pad_in_use():
        return prompts.pad_badge(fonts.get("bold", 16), name)
    return render(fonts.get("body", 16), name, theme.TEXT_DIM)


def buttons_handle(buttons: list[Button], event) -> bool:
    """Hover and click for a list of buttons; True when a click landed on one of them."""
    if event.type == pygame.MOUSEMOTION:
        for b in buttons:
            b.hot = b.enabled and b.hit(event.pos)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for b in buttons:
            if b.hit(event.pos):
                b.click()
                return True
    return False


def spoken_buttons(buttons) -> list[str]:
    """Buttons as speech says them: "key: label, detail" (greyed ones are left out)."""
    said = []
    for b in buttons:
        if not b.enabled:
            continue
        words = ", ".join(part for part in (b.label, b.detail) if part)
        said.append(f"{b.key_hint}: {words}" if b.key_hint else words)
    return said


class Stepper:
    """A labelled value with − and + buttons (a volume, say): `value()` reads it, `step(±1)` changes
    it. The value is always written in words (e.g. "70%"), never shown by colour or length alone."""

    def __init__(self, rect: pygame.Rect, label: str, value: Callable[[], str],
                 step: Callable[[int], None], key_hints: tuple[str, str] = ("", "")) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.value = value
        side = self.rect.h
        self.minus = Button(pygame.Rect(self.rect.right - 3 * side - 24, self.rect.y, side, side), "−",
                            on_click=lambda: step(-1), key_hint=key_hints[0])
        self.plus = Button(pygame.Rect(self.rect.right - side, self.rect.y, side, side), "+",
                           on_click=lambda: step(+1), key_hint=key_hints[1])
        self.buttons = [self.minus, self.plus]

    def value_rect(self) -> pygame.Rect:
        return pygame.Rect(self.minus.rect.right, self.rect.y, self.plus.rect.x - self.minus.rect.right,
                           self.rect.h)

    def draw(self, surface: pygame.Surface, fonts, size: int = 24) -> None:
        font = fonts.get("title", size)
        label = font.render(self.label, True, theme.TEXT)
        surface.blit(label, label.get_rect(midleft=(self.rect.x, self.rect.centery)))
        value = fonts.get("bold", size).render(self.value(), True, theme.PARCHMENT)
        surface.blit(value, value.get_rect(center=self.value_rect().center))
        for b in self.buttons:
            b.draw(surface, fonts, size=size + 6)
