"""The vendored OFL fonts by role, with pygame's default font as the fallback."""

from __future__ import annotations

import logging
import math

import pygame

from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.ui import style
from aleph_null_desktop.ui.render.caches import FONT_BYTES
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache
from aleph_null_desktop.safe_text import drawable

log = logging.getLogger(__name__)

FONT_FILES = {
    "title": "Cinzel-Variable.ttf",  # inscriptional capitals: titles, card names
    "body": "LinLibertine_R.otf",  # rules text
    "italic": "LinLibertine_RI.otf",  # type lines, flavour
    "bold": "LinLibertine_RB.otf",  # numbers, emphasis
}


class SafeFont(pygame.font.Font):
    """A pygame Font that never raises on a string: NUL, lone surrogates, other control and
    invisible characters are dropped and very long texts cut before SDL_ttf sees them
    (safe_text.drawable); a text that still draws nothing gives an empty line."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        text = drawable(text) if isinstance(text, str) else text
        try:
            return super().render(text, antialias, color, bgcolor, wraplength)
        except pygame.error as exc:  # a text of glyphs that draw nothing ("Text has zero width")
            log.debug("text not drawn (%s): %r", exc, text[:40] if isinstance(text, str) else text)
            return super().render("", antialias, color, bgcolor)

    def size(self, text):
        return super().size(drawable(text) if isinstance(text, str) else text)


class Fonts:
    """`fonts.get("body", 18)` → a cached pygame Font at the player's UI scale (ui.style): 18 px
    in the layout is 27 px at 150 %. `unscaled()` gives the same fonts at their exact sizes, for
    drawing that is already scaled (a card's text follows the card's width). A missing file
    falls back with a log line. The least recently used sizes are closed once the fonts pass
    their budget (ui.render.caches); whoever still holds one keeps it working."""

    def __init__(self, scaled: bool = True, _shared: "Fonts | None" = None, shrink: float = 1.0) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.scaled = scaled
        self.shrink = shrink  # a page too full for its words at the UI scale draws them this much smaller
        self._cache = SurfaceCache("fonts") if _shared is None else _shared._cache
        self._missing: set[str] = set() if _shared is None else _shared._missing

    def unscaled(self) -> "Fonts":
        return Fonts(scaled=False, _shared=self) if self.scaled else self

    def shrunk(self, factor: float) -> "Fonts":
        """The same fonts, every size `factor` times the usual (for a page whose words do not fit)."""
        return self if factor == 1.0 else Fonts(self.scaled, _shared=self, shrink=self.shrink * factor)

    def at_least(self, pixels: int) -> int:
        """The smallest size to ask `get` for that draws `pixels` px or more (at the UI scale, shrunk)."""
        factor = (style.current().ui_scale if self.scaled else 1.0) * self.shrink
        return max(1, math.ceil(pixels / factor - 1e-9))

    def get(self, role: str, size: int) -> pygame.font.Font:
        if self.scaled:
            size = max(6, style.scaled(size))
        if self.shrink != 1.0:
            size = max(6, round(size * self.shrink))
        key = (role, size)
        font = self._cache.get(key)
        if font is None:
            font = self._load(role, size)
            self._cache.put(key, font, FONT_BYTES)
        return font

    def _load(self, role: str, size: int) -> SafeFont:
        filename = FONT_FILES.get(role, FONT_FILES["body"])
        if filename not in self._missing:
            try:
                return SafeFont(asset_path("fonts", filename), size)
            except (OSError, FileNotFoundError, pygame.error) as exc:
                self._missing.add(filename)
                log.warning("font %s not loaded (%s); using pygame's default font", filename, exc)
        return SafeFont(None, round(size * 1.3))
