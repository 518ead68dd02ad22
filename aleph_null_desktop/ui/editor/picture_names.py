"""The words the editor's icon and picture pickers show for the game's icons and illustrations
(the ids stay in the card data; these are only what the player reads)."""

from __future__ import annotations

from aleph_null_desktop.i18n import N_, _

ICON_NAMES = {
    "book": N_("book"), "wand": N_("wand"), "circle": N_("ring"), "goat": N_("goat"), "coins": N_("coins"),
    "scroll": N_("scroll"), "heart": N_("heart"), "hood": N_("hood"), "eye": N_("eye"), "candle": N_("candle"),
    "flame": N_("flame"), "wind": N_("wind"), "water": N_("water"), "earth": N_("earth"),
    "pentacle": N_("pentacle"), "knife": N_("knife"), "flask": N_("flask"), "robe": N_("robe"),
    "bell": N_("bell"), "broom": N_("broom"), "smoke": N_("smoke"), "golem": N_("golem"), "lamb": N_("lamb"),
    "root": N_("root"), "key": N_("key icon"), "cross": N_("cross"), "choir": N_("choir"), "lamp": N_("lamp"),
    "lantern": N_("lantern"), "imp": N_("imp"), "door": N_("door"), "moon": N_("moon"), "wolf": N_("wolf"),
    "raven": N_("raven"), "crown": N_("crown"), "dagger": N_("dagger"), "hourglass": N_("hourglass"),
}

ART_NAMES = {
    "all-seeing-eye": N_("all-seeing eye"), "bad-gnome": N_("wicked gnome"), "bleeding-wound": N_("bleeding wound"),
    "bubbling-flask": N_("bubbling flask"), "burning-passion": N_("burning heart"),
    "candle-light": N_("candle light"), "card-random": N_("random card"), "church": N_("church"),
    "crowned-skull": N_("crowned skull"), "crystal-ball": N_("crystal ball"), "crystal-wand": N_("crystal wand"),
    "curvy-knife": N_("curved knife"), "dungeon-gate": N_("dungeon gate"), "evil-moon": N_("evil moon"),
    "fairy": N_("fairy"), "goat": N_("goat"), "holy-water": N_("holy water"), "hooded-figure": N_("hooded figure"),
    "imp": N_("imp"), "incense": N_("incense"), "lantern": N_("lantern"), "magic-broom": N_("magic broom"),
    "magic-lamp": N_("magic lamp"), "magic-shield": N_("magic shield"), "mermaid": N_("mermaid"),
    "monk-face": N_("monk"), "musical-notes": N_("music"), "pentacle": N_("pentacle"),
    "pentagram-rose": N_("pentagram rose"), "plant-roots": N_("roots"), "prayer": N_("prayer"),
    "raven": N_("raven"), "ringing-bell": N_("ringing bell"), "robe": N_("robe"), "rock-golem": N_("rock golem"),
    "sacrificial-dagger": N_("sacrificial dagger"), "salamander": N_("salamander"),
    "scroll-quill": N_("scroll and quill"), "sheep": N_("sheep"), "silence": N_("silence"),
    "skeleton-key": N_("skeleton key"), "spell-book": N_("spell book"), "two-coins": N_("two coins"),
    "wolf-howl": N_("howling wolf"),
}


def icon_name(icon: str) -> str:
    """The icon's name in the language of the moment (an unknown id as it is)."""
    return _(ICON_NAMES[icon]) if icon in ICON_NAMES else icon


def art_name(glyph: str) -> str:
    """The illustration's name; "" is the picture standing for the card's icon."""
    if not glyph:
        return _("from the icon")
    return _(ART_NAMES[glyph]) if glyph in ART_NAMES else glyph.replace("-", " ")
