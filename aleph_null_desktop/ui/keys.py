"""The player's keys (Settings → Keys, aleph_null_desktop.keymap) at work: a key press that is the
player's key for an action becomes the press of that action's default key, and a default key whose
action was moved elsewhere does nothing, so every screen goes on reading the default keys. The
table's actions are moved on the table (the screens that say `uses_keymap`); Fullscreen everywhere.
A game controller's keys are the defaults already and are left alone."""

from __future__ import annotations

import pygame

from aleph_null_desktop import keymap

GLOBAL_ACTIONS = ("fullscreen",)
MODIFIER_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT,
                           pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK,
                           pygame.K_MODE})
# the badges that show an action's key (ui.widgets.button.key_name), by the default key they name
BADGES = {"Space": "end_turn", "Ctrl+Z": "undo", "H": "hint"}


def binding_of(event) -> str | None:
    """A key press as keymap writes it ("ctrl+z"); None for a modifier pressed alone."""
    if event.type != pygame.KEYDOWN or event.key in MODIFIER_KEYS:
        return None
    mod = getattr(event, "mod", 0)
    mods = [name for name, flag in (("ctrl", pygame.KMOD_CTRL), ("alt", pygame.KMOD_ALT),
                                    ("shift", pygame.KMOD_SHIFT)) if mod & flag]
    return keymap.write(mods, pygame.key.name(event.key))


def default_press(action: str) -> pygame.event.Event:
    mods, key = keymap.parse(keymap.DEFAULTS[action])
    mod = (pygame.KMOD_LCTRL if "ctrl" in mods else 0) | (pygame.KMOD_LALT if "alt" in mods else 0) | \
        (pygame.KMOD_LSHIFT if "shift" in mods else 0)
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key), mod=mod, unicode="", scancode=0,
                              remapped=action)


def remap(event, bindings: dict[str, str], on_table: bool):
    """The key press the screens are to see for `event` under the player's `bindings`: the event
    itself, the default key of the action it is the player's key for, or None (a default key
    whose action has moved). Only the table's screens (`on_table`) see the table's actions moved."""
    if event.type != pygame.KEYDOWN or getattr(event, "gamepad", False) or bindings == keymap.DEFAULTS:
        return event
    pressed = binding_of(event)
    if pressed is None:
        return event
    live = [a for a in bindings if on_table or a in GLOBAL_ACTIONS]
    for action in live:
        if bindings[action] == pressed:
            return event if keymap.DEFAULTS[action] == pressed else default_press(action)
    if any(keymap.DEFAULTS[a] == pressed for a in live):
        return None
    return event


def badge(key: str, bindings: dict[str, str]) -> str | None:
    """The player's key for a badge that names a default key, or None when it was not moved."""
    action = BADGES.get(key)
    if action is None or bindings.get(action, keymap.DEFAULTS[action]) == keymap.DEFAULTS[action]:
        return None
    return keymap.display(bindings[action])
