"""The German edition's own words (the published German rulebook, Frosted Games 2022), counted
messages with plural forms, and this edition's rulings labelled as such in both languages."""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.pofile import read_po

from aleph_null_desktop import i18n
from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.engine.words.text import card_text_lines
from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.ui.grimoire.pages import PAGE_TITLES

# "Deckel, Zirkel, Vorbereitungen, Fasten, Reinigung, Dämonenaustreibung, Aufzeichnungen,
# Beschwörung und Hierarchie" (Das Ritual der Vorbereitung); the English rulebook: "Cover, Circle,
# Preparation, Fasting, Fumigation, Exorcism, Reading, Last, and Hierarchy".
HOUR_PAGES = {"preparation": ("Preparation", "Vorbereitungen"), "fasting": ("Fasting", "Fasten"),
              "fumigation": ("Fumigation", "Reinigung"), "exorcism": ("Exorcism", "Dämonenaustreibung"),
              "reading": ("Reading", "Aufzeichnungen"), "last": ("Last", "Beschwörung")}


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def _po():
    with open(i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as fh:
        return read_po(fh)


def _german_texts() -> list[str]:
    """Every German sentence the player can meet: the catalogue and the Grimoire's reference."""
    texts = []
    for m in _po():
        if m.id:
            texts.extend(m.string if isinstance(m.string, tuple) else (m.string,))
    texts.append(asset_path("grimoire", "rules.de.json").read_text(encoding="utf-8"))
    return texts


def _grimoire(language: str) -> dict:
    name = "rules.json" if language == "en" else f"rules.{language}.json"
    return json.loads(asset_path("grimoire", name).read_text(encoding="utf-8"))


def test_hour_pages_carry_the_rulebooks_page_names(german):
    assert {page: i18n._(PAGE_TITLES[page]) for page in HOUR_PAGES} == {p: de for p, (_en, de) in HOUR_PAGES.items()}
    i18n.set_language("en")
    assert {page: i18n._(PAGE_TITLES[page]) for page in HOUR_PAGES} == {p: en for p, (en, _de) in HOUR_PAGES.items()}


def test_the_judgement_spread_is_the_hierarchy(german):
    assert i18n._("The Grimoire Verum · Hierarchy") == "Der Grimoire Verum · Hierarchie"
    assert i18n._("The Grimoire Verum · the Circle") == "Der Grimoire Verum · der Zirkel"


def test_the_deck_is_the_spielerdeck_and_special_costs_are_spezial_kosten():
    texts = _german_texts()
    assert not [t for t in texts if "Hauptdeck" in t]
    assert not [t for t in texts if "Spezialkosten" in t]
    reference = asset_path("grimoire", "rules.de.json").read_text(encoding="utf-8")
    assert "Spielerdeck" in reference and "Spezial-Kosten" in reference and "Kartenaktion" in reference


def test_card_texts_say_magische_kraft(german):
    """The rulebook's "erhältst du 2 Magische Kraft": never a bare "Kraft" on a card."""
    bare = re.compile(r"(?<!Magische )(?<!Magischer )\bKraft\b")
    cards = load_builtin_cards()
    lines = [line for card_id in cards for line in card_text_lines(cards[card_id])]
    assert any("Magische Kraft" in line for line in lines)
    assert [line for line in lines if bare.search(line)] == []
    assert i18n._("gain {n}P").format(n=2) == "erhalte 2 Magische Kraft"
    assert i18n._("pay {n}P").format(n=2) == "zahle 2 Magische Kraft"


# a count directly before a noun that takes its number: such a message needs ngettext ({d}, a
# decimal, and {what}, a card type, are no counts)
COUNTED = re.compile(r"\{(?:n|count|wanted|done|a|limit|most|have|made|missing|bad)\} (?:[a-z-]+ )?(?:cards?|card\(s\)|rituals?|tokens?|points?|steps?|actions?|effects?|"
                     r"levels?|commands?|games?|summons?|Hours?|characters?|bytes?|packs?|"
                     r"card packs?|interference cards?)\b")
# counted by what the sentence says of them, not by a noun after the number
COUNTED_BY_VERB = ("({n} there)", "comes up {n}", "{count} rituals recorded", "the last {count}")


def test_every_counted_message_has_plural_forms():
    singular = [m.id for m in _po() if m.id and not isinstance(m.id, tuple)]
    counted = [s for s in singular if COUNTED.search(s) or any(k in s for k in COUNTED_BY_VERB)]
    assert counted == []
    for m in _po():
        if isinstance(m.id, tuple):
            assert len(m.string) == 2 and all(m.string), m.id


def test_the_counter_finds_a_counted_message():
    assert COUNTED.search("The deck holds {n} cards, face down.")
    assert COUNTED.search("{done} of {n} rituals played")
    assert not COUNTED.search("You take {n} damage ({why}); damage {total} of 3.")


@pytest.mark.parametrize("n, words", [
    (1, ("Ein Magie-Marker kommt auf den Grimoire (1 liegt dort).", "Beim Ziehen fehlt 1 Karte.")),
    (2, ("Ein Magie-Marker kommt auf den Grimoire (2 liegen dort).", "Beim Ziehen fehlen 2 Karten.")),
])
def test_german_counted_event_lines(german, n, words):
    from aleph_null_desktop.engine.events import Event

    token = Event("token", {"delta": 1, "total": n}).describe()
    short = Event("draw_short", {"missing": n}).describe()
    assert (token, short) == words


# this edition's rulings (RULES.md: R4.1 hand size floor, R5.5, R6.2, R6.3, R7.1, R7.8, R8.3, R10.4,
# R11.4, our Circles' two-at-once arrivals, R7.7's no scrap or discard from the discard pile): each
# labelled where the Grimoire states it
RULINGS = {
    "en": ("never fewer than one", "the card enters play first", "each point you cannot pay is 1 damage",
           "each card it must move has a legal target", "costs are paid from virtual power only",
           "the † effects of the cards his summoning sacrificed do not happen", "in Hour VII no Hours remain",
           "some of them bring two at once", "already on the discard pile cannot be scrapped or discarded"),
    "de": ("nie weniger als eine", "Zuerst kommt die Karte ins Spiel", "jeder Punkt, der fehlt, ist 1 Schaden",
           "ein erlaubtes Ziel gibt", "Kosten werden nur mit virtueller Magischer Kraft bezahlt",
           "seine Beschwörung geopfert hat, treten nicht ein", "In Stunde VII bleibt keine Stunde",
           "bringen einige zwei auf einmal", "schon auf dem Ablagestapel liegt, kann nicht abgelegt"),
}
LABEL = {"en": re.compile(r"[Tt]his edition's ruling|ruling of this edition"), "de": re.compile(r"Regelung dieser Ausgabe")}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_ruling_is_labelled_as_this_editions(language):
    blocks = [text for chapter in _grimoire(language)["chapters"] for block in chapter["blocks"]
              for kind, text in block.items() if kind in ("p", "li")]
    for ruling in RULINGS[language]:
        found = [b for b in blocks if ruling in b]
        assert found, ruling
        assert all(LABEL[language].search(b) for b in found), (ruling, found)


def test_both_languages_label_the_same_number_of_rulings():
    counts = {}
    for language in ("en", "de"):
        text = json.dumps(_grimoire(language), ensure_ascii=False)
        counts[language] = len(LABEL[language].findall(text))
    assert counts["en"] == counts["de"] >= len(RULINGS["en"])
