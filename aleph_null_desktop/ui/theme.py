"""Colours and sizes of the candle-lit table. Colour never carries meaning alone: every coloured
thing also has a word, a number or an icon (see card_renderer and the table panels)."""

from __future__ import annotations

LOGICAL_SIZE = (1920, 1080)
CARD_RATIO = 1.4  # height / width, like a 63 x 88 mm card
MIN_TEXT = 16  # px at the 1920×1080 layout, the smallest words on the table: 14 px at the default 1689×950 window

TABLE = (24, 18, 16)
TABLE_GLOW = (58, 38, 24)
PANEL = (40, 31, 26)
PANEL_EDGE = (110, 84, 52)
PARCHMENT = (232, 214, 178)
PARCHMENT_DARK = (205, 182, 140)
INK = (38, 26, 18)
INK_SOFT = (92, 70, 50)
TEXT = (236, 224, 200)
TEXT_DIM = (170, 152, 128)
GOLD = (222, 180, 92)
CANDLE = (255, 200, 110)
GLOW_LEGAL = (255, 214, 120)
WARN = (230, 110, 80)
BLOOD = (168, 40, 36)
POWER = (120, 170, 255)
SHADOW = (0, 0, 0, 140)
DISABLED = (120, 108, 96)

# frame colour of each card type; the type is always written on the card too
TYPE_FRAME = {
    "key": (196, 160, 64),
    "demon": (120, 24, 28),
    "tanist": (86, 110, 70),
    "artifact": (120, 88, 56),
    "magical_power": (60, 96, 150),
    "interference": (96, 40, 96),
}
# an icon for each type, drawn in the type line, so the type never depends on colour
TYPE_ICON = {
    "key": "key",
    "demon": "goat",
    "tanist": "hood",
    "artifact": "flask",
    "magical_power": "flame",
    "interference": "eye",
}


# High contrast (Settings): black ink on white, near-black panels, white text, and card frames in
# strong, well-separated hues. `use_high_contrast` swaps these module values in place; everything
# that reads `theme.NAME` when it draws follows.
_HIGH_CONTRAST = {
    "TABLE": (8, 8, 8), "TABLE_GLOW": (26, 26, 26), "PANEL": (12, 12, 12), "PANEL_EDGE": (235, 235, 235),
    "PARCHMENT": (255, 255, 255), "PARCHMENT_DARK": (222, 222, 222), "INK": (0, 0, 0), "INK_SOFT": (20, 20, 20),
    "TEXT": (255, 255, 255), "TEXT_DIM": (222, 222, 222), "GOLD": (255, 212, 0), "CANDLE": (255, 236, 120),
    "WARN": (255, 120, 40), "BLOOD": (200, 0, 0), "DISABLED": (150, 150, 150),
    "TYPE_FRAME": {"key": (255, 196, 0), "demon": (200, 0, 0), "tanist": (0, 150, 60),
                   "artifact": (130, 72, 0), "magical_power": (0, 90, 230), "interference": (150, 0, 180)},
}
_NORMAL = {name: globals()[name] for name in _HIGH_CONTRAST}


def use_high_contrast(on: bool) -> None:
    globals().update(_HIGH_CONTRAST if on else _NORMAL)
