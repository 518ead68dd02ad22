"""Which device the player used last, so that prompts name its buttons: the pad's (A, B, Start …)
while a game controller is in use, the keyboard's otherwise. The app sets it from each input."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.gamepad import PAD_PROMPTS

_pad_in_use = False
_bindings: dict[str, str] = {}  # the player's keys (Settings → Keys), for the badges

# the face buttons' usual colours (the letter is always written: colour alone says nothing)
FACE_COLOURS = {"A": (92, 160, 72), "B": (196, 70, 58), "X": (66, 118, 196), "Y": (214, 176, 52)}


def pad_in_use() -> bool:
    return _pad_in_use


def use_pad(on: bool) -> bool:
    """The pad (True) or the keyboard and mouse (False) was used last; True when that changed."""
    global _pad_in_use
    changed, _pad_in_use = _pad_in_use != on, on
    return changed


def set_bindings(bindings: dict[str, str]) -> bool:
    """The player's keys changed (App._apply_settings); True when the badges must be drawn again."""
    global _bindings
    changed, _bindings = _bindings != bindings, dict(bindings)
    return changed


def moved_key(key: str) -> str | None:
    """The player's own key for a badge that names a default one ("H" → "J"), or None."""
    from aleph_null_desktop.ui.keys import badge

    return badge(key, _bindings)


# the Steam Deck prints other names on the same buttons (A, B, X, Y are the same)
DECK_NAMES = {"Start": "Menu", "Select": "View", "LB": "L1", "RB": "R1"}
_deck = False


def pad_named(name: str) -> None:
    """The controller plugged in last: a Steam Deck's prompts use the Deck's names."""
    global _deck
    _deck = "steam deck" in str(name).lower()


def pad_button(key: str) -> str:
    """The pad's button for a shortcut written as on the keyboard ("Enter" → "A"); "" when the pad
    has none (it reaches that control by moving the focus to it)."""
    button = PAD_PROMPTS.get(key, "")
    return DECK_NAMES.get(button, button) if _deck else button


def pad_name(button: str) -> str:
    """A button's name as printed on the pad in use ("Start" is "Menu" on a Steam Deck)."""
    return DECK_NAMES.get(button, button) if _deck else button


def pad_badge(font: pygame.font.Font, button: str) -> pygame.Surface:
    """A controller button as a badge: a coloured disc with its letter for A/B/X/Y, a rounded
    plate with its name for the others (LB, RB, Start, Back)."""
    text = font.render(button, True, theme.INK if button in FACE_COLOURS else theme.TEXT)
    h = text.get_height() + 4
    w = h if button in FACE_COLOURS else text.get_width() + 14
    badge = pygame.Surface((w, h), pygame.SRCALPHA)
    if button in FACE_COLOURS:
        pygame.draw.circle(badge, FACE_COLOURS[button], (w // 2, h // 2), h // 2)
        pygame.draw.circle(badge, theme.INK, (w // 2, h // 2), h // 2, 1)
    else:
        pygame.draw.rect(badge, theme.PANEL_EDGE, badge.get_rect(), border_radius=h // 2)
        pygame.draw.rect(badge, theme.TEXT_DIM, badge.get_rect(), 1, border_radius=h // 2)
    badge.blit(text, text.get_rect(center=(w // 2, h // 2)))
    return badge
