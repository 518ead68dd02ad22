"""The vendored OFL fonts by role, with pygame's default font as the fallback."""

from __future__ import annotations

import logging

import pygame

from aleph_null_desktop.resources import asset_path

log = logging.getLogger(__name__)

FONT_FILES = {
    "title": "Cinzel-Variable.ttf",  # inscriptional capitals: titles, card names
    "body": "LinLibertine_R.otf",  # rules text
    "italic": "LinLibertine_RI.otf",  # type lines, flavour
    "bold": "LinLibertine_RB.otf",  # numbers, emphasis
}


class Fonts:
    """`fonts.get("body", 18)` → a cached pygame Font; a missing file falls back with a log line."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[str, int], pygame.font.Font] = {}
        self._missing: set[str] = set()

    def get(self, role: str, size: int) -> pygame.font.Font:
        key = (role, size)
        font = self._cache.get(key)
        if font is None:
            font = self._load(role, size)
            self._cache[key] = font
        return font

    def _load(self, role: str, size: int) -> pygame.font.Font:
        filename = FONT_FILES.get(role, FONT_FILES["body"])
        if filename not in self._missing:
            try:
                return pygame.font.Font(asset_path("fonts", filename), size)
            except (OSError, FileNotFoundError, pygame.error) as exc:
                self._missing.add(filename)
                log.warning("font %s not loaded (%s); using pygame's default font", filename, exc)
        return pygame.font.Font(None, round(size * 1.3))
