"""Every cache the UI keeps, and the most it may hold: the one place to read (and change) what
drawn pictures and loaded fonts may cost. Each is a ui.render.surface_cache.SurfaceCache made with its
name here; it forgets its least recently used entries once its bytes pass the budget.

A budget is per cache object: there is one of each at a time, but the card editor's gallery draws
its thumbnails with a renderer of its own. The budgets add up to 80 MB, on top of about 67 MB
for the game itself at the title (Python, pygame and SDL's window and SCALED texture, the screen,
code). bench/session.py measures the whole (the 150 MB issue 16 asks): the largest moment of a
session is now the table with a panel open (its board, its cards lying still and the picture
under the panel, 8 MB each) with every cache full, about 140 MB. The Grimoire read over the table
was larger (about 160 MB) until it kept its spreads on their boards only, and the darkened
table only around the book (tests/ui/test_book_memory.py).
"""

from __future__ import annotations

import weakref

MB = 2**20
BUDGETS = {
    # card faces at the sizes cards rest at (hand, play, piles, 500 px read large), and those the
    # table draws ahead on quiet frames; less makes more frames draw a face when it is shown
    # (three rituals: 46 faces at the old 160-face cap, about 34 MB; 72 at 20 MB; 128 at 16 MB).
    # While another scene covers the table, its kept board picture (8 MB) takes room in it
    # (ui.table.painting.TablePainter.release)
    "card_faces": 20 * MB,
    "card_backs": 4 * MB,  # the back at each width a pile or a drawn card is shown at
    "card_art": 4 * MB,  # card illustrations rendered from SVG, by size and ink
    # the Grimoire's spreads, each two halves on their boards (3.4 MB a half at 1080p): a page turn
    # shows two spreads, 13.6 MB, and its leaves are pages of them; the cover's turn adds one
    # half with its alpha (cover 3.4 + Circle spread 6.8 + 3.4). Less would redraw pages mid-turn
    "grimoire_pages": 16 * MB,
    "grimoire_minis": 1 * MB,  # the table's small Grimoire: its Hour pages (0.2 MB each at 1080p; a turn shows 2)
    "text_lines": 6 * MB,  # rendered lines of text: a table frame shows about 4 MB of them
    "wrapped_text": 1 * MB,  # texts broken into lines, by font and width (characters, not pixels)
    # loaded fonts, about 220 KB each (FONT_BYTES), one per role and pixel size: a session uses
    # about 55-60 (the table's animation bench: 60), and fewer would load some again on every
    # command frame (each load 0.1-3 ms on a busy machine: 391 loads in 600 frames at 8 MB)
    "fonts": 14 * MB,
    # the table's dark ground with its candle glow, shared by every screen: 2 MB at 1080p (one
    # byte a pixel, backdrop._draw_background), and room for one other size
    "backgrounds": 4 * MB,
    "table_tints": 2 * MB,  # the table's translucent glows and veils, per card and zone size
    "gallery_thumbnails": 8 * MB,  # the card editor's gallery: one small face per custom card
}

FONT_BYTES = 220 * 1024  # what a loaded font costs (FreeType face and glyph cache), measured

_live: "weakref.WeakSet" = weakref.WeakSet()


def budget(name: str) -> int:
    return BUDGETS[name]


def register(cache) -> None:
    """Called by every SurfaceCache as it is made (held weakly: a cache that is gone is not listed)."""
    _live.add(cache)


def live() -> list:
    """The caches that exist now, by name."""
    return sorted(_live, key=lambda cache: cache.name)
