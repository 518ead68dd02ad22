"""The keys the player may move (Settings → Keys): each action, its default key, and the rules a new
key must keep. A key is written as SDL names it, after its modifiers: "space", "ctrl+z", "f11",
"shift+f6". Pure data and checks; the UI matches key presses to these names (ui.keys).

Enter, Esc, Tab, the arrows, the digits and the pad's own keys are not offered: they work every
screen and a player must not lock themselves out of the menus.
"""

from __future__ import annotations

import re

from aleph_null_desktop.i18n import N_, later

# (action, what it does as Settings names it, its default key)
ACTIONS = (
    ("end_turn", N_("End the turn"), "space"),
    ("undo", N_("Undo"), "ctrl+z"),
    ("hint", N_("Ask for a hint"), "h"),
    ("log", N_("Outline the log"), "l"),
    ("next_zone", N_("Next zone of the table"), "f6"),
    ("fullscreen", N_("Fullscreen"), "f11"),
)
DEFAULTS = {action: key for action, _words, key in ACTIONS}
WORDS = {action: words for action, words, _key in ACTIONS}
MODIFIERS = ("ctrl", "alt", "shift")
RESERVED = frozenset({"return", "enter", "escape", "tab", "up", "down", "left", "right", "pause", "f7",
                      "f1", "page up", "page down", "left alt", "right alt", "left ctrl", "right ctrl",
                      "left shift", "right shift", "left gui", "right gui", "caps lock", "num lock",
                      *"123456789", *(f"[{d}]" for d in "123456789")})
_KEY = re.compile(r"^((ctrl|alt|shift)\+){0,3}[a-z0-9\[\]\-=;',./`\\ ]{1,16}$")


def parse(binding: str) -> tuple[frozenset[str], str] | None:
    """("ctrl+z") → ({"ctrl"}, "z"); None when it is not a key as this module writes it."""
    if not isinstance(binding, str) or not _KEY.match(binding):
        return None
    *mods, key = binding.split("+")
    if not key or len(set(mods)) != len(mods) or any(m not in MODIFIERS for m in mods):
        return None
    return frozenset(mods), key


def write(mods, key: str) -> str:
    return "+".join([m for m in MODIFIERS if m in mods] + [key])


def refusal(bindings: dict[str, str], action: str, binding: str):
    """Why `binding` cannot be given to `action` (an i18n message), or None when it can."""
    parsed = parse(binding)
    if parsed is None or parsed[1] in RESERVED or parsed[1] in MODIFIERS:
        return later("{key} cannot be moved: it works the menus on every screen.", key=display(binding))
    for other, key in bindings.items():
        if other != action and key == binding:
            return later("{key} is already the key for “{action}”.", key=display(binding),
                         action=later(WORDS[other]))
    return None


def checked(value) -> tuple[dict[str, str], object]:
    """A saved key map (action → key, only those moved): (the map to use, None) when it is good;
    (the defaults, a message) when anything in it is wrong: an unknown action, a key that is not
    one, a reserved key, the same key twice. A bad map is ignored whole, never half applied."""
    if not isinstance(value, dict):
        return {}, later("the saved keys are not a list of actions and keys; the default keys are used")
    bindings = dict(DEFAULTS)
    for action, binding in value.items():
        if action not in DEFAULTS:
            return {}, later("the saved keys name an unknown action ({action}); the default keys are used",
                             action=str(action)[:30])
        bindings[action] = binding
    for action, binding in value.items():
        if refusal(bindings, action, binding) is not None:
            return {}, later("the saved key {key} for {action} cannot be used; the default keys are used",
                             key=str(binding)[:30], action=action)
    return {a: k for a, k in value.items() if DEFAULTS[a] != k}, None


def display(binding: str) -> str:
    """A key as a badge shows it: "ctrl+z" → "Ctrl+Z", "space" → "Space", "f11" → "F11"."""
    parsed = parse(binding)
    if parsed is None:
        return str(binding)
    mods, key = parsed
    name = key.upper() if len(key) == 1 or re.fullmatch(r"f\d+", key) else key.title()
    return "+".join([m.title() for m in MODIFIERS if m in mods] + [name])
