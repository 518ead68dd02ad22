"""Colours and sizes of the candle-lit table. Colour never carries meaning alone: every coloured
thing also has a word, a number or an icon (see card_renderer and the table panels)."""

from __future__ import annotations

LOGICAL_SIZE = (1920, 1080)
CARD_RATIO = 1.4  # height / width, like a 63 x 88 mm card

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
