"""Card illustrations: glyphs from game-icons.net (CC BY 3.0, see docs/CREDITS.md), vendored as
SVG in assets/art/ by tools/make_card_art.py, drawn at the size a card shows them.

A card's art is, in order: its own "art" field (a custom card's choice in the editor), the glyph
chosen for a built-in card, the glyph standing for its line icon (so every custom card has one),
or none (the line icon is drawn instead)."""

from __future__ import annotations

import logging
import pygame

from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache

log = logging.getLogger(__name__)

# built-in cards: card id -> game-icons glyph
ART_BY_CARD = {
    "book_of_pacts": "spell-book", "wand_of_power": "crystal-wand", "grand_circle": "pentagram-rose",
    "baphomet": "goat", "wealthy_tanist": "two-coins", "learned_tanist": "scroll-quill",
    "faithful_tanist": "prayer", "zealous_tanist": "burning-passion", "silent_tanist": "silence",
    "wax_candle": "candle-light", "salamander": "salamander", "sylph": "fairy", "undine": "mermaid",
    "gnome": "bad-gnome", "circle_of_protection": "magic-shield", "exorcised_water": "holy-water",
    "boline": "curvy-knife", "vitriol": "bubbling-flask", "chasuble": "robe", "bell": "ringing-bell",
    "besom": "magic-broom", "incense": "incense", "pentacle": "pentacle", "golem": "rock-golem",
    "sacrificial_lamb": "sheep", "mandrake_root": "plant-roots",
    "ill_omen": "raven", "church_bells": "church", "sexton": "lantern", "rumjal": "imp",
    "akhtoi": "dungeon-gate", "hymns_of_devotion": "musical-notes", "father_domenico": "monk-face",
    "marchosias": "wolf-howl", "the_long_night": "evil-moon", "sargatanas": "skeleton-key",
    "inquisitor": "all-seeing-eye", "astaroth": "crowned-skull", "eternal_light": "magic-lamp",
}
# the editor's line icons -> a glyph, so a custom card is illustrated too
ART_BY_ICON = {
    "book": "spell-book", "wand": "crystal-wand", "circle": "pentagram-rose", "goat": "goat",
    "coins": "two-coins", "scroll": "scroll-quill", "heart": "prayer", "hood": "hooded-figure",
    "eye": "all-seeing-eye", "candle": "candle-light", "flame": "salamander", "wind": "fairy",
    "water": "mermaid", "earth": "bad-gnome", "pentacle": "pentacle", "knife": "curvy-knife",
    "flask": "bubbling-flask", "robe": "robe", "bell": "ringing-bell", "broom": "magic-broom",
    "smoke": "incense", "golem": "rock-golem", "lamb": "sheep", "root": "plant-roots", "key": "skeleton-key",
    "cross": "monk-face", "choir": "musical-notes", "lamp": "magic-lamp", "lantern": "lantern", "imp": "imp",
    "door": "dungeon-gate", "moon": "evil-moon", "wolf": "wolf-howl", "raven": "raven",
    "crown": "crowned-skull", "token": "crystal-ball", "damage": "bleeding-wound", "dagger": "sacrificial-dagger",
    "deck": "card-random",
}
_MISSING = ()  # cached for a glyph that could not be drawn (a Surface-less value: no bytes)


def glyphs() -> list[str]:
    """Every glyph the game can show, sorted: what tools/make_card_art.py vendors."""
    return sorted(set(ART_BY_CARD.values()) | set(ART_BY_ICON.values()))


def art_name(card) -> str | None:
    """The glyph a card shows, or None."""
    own = card.data.get("art") if isinstance(getattr(card, "data", None), dict) else None
    if isinstance(own, str) and own in glyphs():
        return own
    if not (isinstance(getattr(card, "data", None), dict) and card.data.get("custom")):
        if card.id in ART_BY_CARD:
            return ART_BY_CARD[card.id]
    return ART_BY_ICON.get(card.icon)


class ArtCache:
    """Glyphs rendered from their SVG at a size and tinted, least recently used forgotten
    (budget "card_art" in ui.render.caches)."""

    def __init__(self, budget: int | None = None) -> None:
        self._images = SurfaceCache("card_art", budget)

    def image(self, name: str, size: int, colour) -> pygame.Surface | None:
        key = (name, size, tuple(colour))
        image = self._images.get(key)
        if image is None:
            image = self._load(name, size, colour)
            self._images.put(key, _MISSING if image is None else image)
        return image if isinstance(image, pygame.Surface) else None

    @staticmethod
    def _load(name: str, size: int, colour) -> pygame.Surface | None:
        path = asset_path("art", f"{name}.svg")
        try:
            glyph = pygame.image.load_sized_svg(str(path), (size, size))
        except (pygame.error, OSError, FileNotFoundError, AttributeError) as exc:
            log.info("card art %s not loaded (%s); the line icon is drawn", name, exc)
            return None
        # the glyphs are vendored white on clear: multiplying paints them in the card's ink
        glyph.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
        return glyph

ART = ArtCache()
