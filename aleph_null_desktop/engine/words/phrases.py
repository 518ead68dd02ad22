"""English noun phrases the op words are built from: 'a Tanist', 'two other cards', 'from your hand'."""

from __future__ import annotations

from aleph_null_desktop.engine.schema import TYPE_NAMES
from aleph_null_desktop.i18n import N_, _

_ZONE_LABELS = {"hand": N_("in hand"), "play": N_("in play"), "discard": N_("in the discard pile"),
                "deck": N_("in the deck"), "sacrificed": N_("sacrificed"), "set_aside": N_("set aside")}
_ZONE_PHRASES = {"hand": "your hand", "play": "play", "discard": "your discard pile"}


def zone_label(zone: str) -> str:
    """Where a card is, as a picker shows it: 'in hand', 'in the discard pile'."""
    return _(_ZONE_LABELS[zone])


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def filter_phrase(f: dict) -> str:
    """'Tanist', 'Key or BAPHOMET', 'Artifact or Interference', 'Circle of Protection'."""
    if f.get("ids"):
        from aleph_null_desktop.engine.cards import load_builtin_cards

        cards = load_builtin_cards()
        return " or ".join(cards[i].name if i in cards else i for i in f["ids"])
    if f.get("types"):
        names = ["BAPHOMET" if t == "demon" else TYPE_NAMES[t] for t in f["types"]]
        return " or ".join(names)
    return ""


def card_noun(f: dict, count: int) -> str:
    """'a card', 'an Interference card', 'two Tanists', 'another card'."""
    what = filter_phrase(f)
    other = f.get("other")
    if f.get("ids") and count == 1:
        return f"the {what}"
    if not what:
        noun = "card" if count == 1 else "cards"
    elif what in ("Tanist", "Artifact", "Key"):
        noun = what if count == 1 else what + "s"
    else:
        noun = f"{what} card" if count == 1 else f"{what} cards"
    if count == 1:
        return f"another {noun}" if other else f"{_article(noun)} {noun}"
    number = {2: "two", 3: "three"}.get(count, str(count))
    return f"{number} other {noun}" if other else f"{number} {noun}"


def zones_phrase(zones: list[str], noun_is_in_play: bool) -> str:
    if zones == ["play"]:
        return "you have in play" if noun_is_in_play else "in play"
    parts = ["in play" if z == "play" else f"from {_ZONE_PHRASES[z]}" for z in zones]
    if len(parts) == 2 and parts[0].startswith("from") and parts[1].startswith("from"):
        return f"from {_ZONE_PHRASES[zones[0]]} or {_ZONE_PHRASES[zones[1]]}"
    return " or ".join(parts)
