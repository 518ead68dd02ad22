"""How the game looks for this player, from the settings: the UI scale (text and cards), high
contrast, and colour-blind cues. The drawing code asks here (`current()`, `scaled()`); the app
calls `apply(settings)` at startup and whenever a setting changes.

The hooks: `ui.render.fonts.Fonts` multiplies every text size by the scale; `ui.table.arrange` sizes
the cards of the hand and of play by it; `ui.theme.use_high_contrast` switches the palette; the
card renderer keys its cache by `current()` and draws `ui.render.cues` badges when colour cues are on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    ui_scale: float = 1.0
    high_contrast: bool = False
    colour_cues: bool = False


_current = Style()


def current() -> Style:
    return _current


def scaled(pixels: float) -> int:
    """A size in the 1920×1080 layout at the player's UI scale."""
    return round(pixels * _current.ui_scale)


def apply(settings) -> bool:
    """Takes the look from `settings` (a storage.Settings); True when anything changed."""
    global _current
    from aleph_null_desktop.ui import theme

    new = Style(settings.ui_scale, settings.high_contrast, settings.colour_cues)
    if new == _current:
        return False
    _current = new
    theme.use_high_contrast(new.high_contrast)
    return True
