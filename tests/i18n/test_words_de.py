"""German card text built from the effect data: cases, genders, separable verbs."""

from __future__ import annotations

import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.engine.words.text import card_text_lines, step_text


def _move(move="sacrifice", zones=("hand",), count=1, up_to=False, **f):
    return {"op": "move", "move": move, "from": list(zones), "count": count, "up_to": up_to, "filter": f}


@pytest.mark.parametrize("step, german", [
    (_move(zones=("play",), types=["tanist"]), "opfere einen Tanisten aus dem Spiel"),
    (_move("scrap", ("hand",)), "lege eine Karte von deiner Hand ab"),
    (_move("discard", ("hand",), 2), "wirf zwei Karten von deiner Hand ab"),
    (_move(zones=("hand", "discard"), up_to=True), "opfere bis zu einer Karte von deiner Hand oder deinem Ablagestapel"),
    (_move(zones=("discard",), count=2, up_to=True), "opfere bis zu 2 Karten von deinem Ablagestapel"),
    (_move(zones=("discard",), other=True), "opfere eine andere Karte von deinem Ablagestapel"),
    (_move(zones=("play",), types=["artifact", "interference"]),
     "opfere ein Artefakt oder eine Beeinträchtigung aus dem Spiel"),
    (_move(zones=("play",), ids=["circle_of_protection"]), "opfere die Karte „Schutzkreis“ aus dem Spiel"),
    ({"op": "search", "filter": {"types": ["artifact"]}}, "suche in deinem Deck nach einem Artefakt"),
    ({"op": "search", "filter": {"types": ["magical_power"]}}, "suche in deinem Deck nach einer Magie-Karte"),
    ({"op": "search", "filter": {"types": ["key", "demon"]}}, "suche in deinem Deck nach einem Schlüssel oder BAPHOMET"),
    ({"op": "draw", "count": 1}, "ziehe 1 Karte"),
    ({"op": "draw", "count": 3}, "ziehe 3 Karten"),
    ({"op": "gain_power", "amount": 2}, "erhalte 2 Magische Kraft"),
    ({"op": "power_modifier", "amount": -1, "filter": {"types": ["magical_power"]}},
     "jede Magie-Karte gibt 1 Magische Kraft weniger (nie unter 0)"),
    ({"op": "cost_modifier", "amount": 1, "filter": {"types": ["tanist", "artifact"]}},
     "Tanisten und Artefakte kosten beim Beschwören 1 Magische Kraft mehr"),
])
def test_german_step_words(step, german):
    i18n.set_language("de")
    assert step_text(step) == german


def test_every_built_in_card_reads_differently_in_german():
    cards = load_builtin_cards()
    english = {cid: card_text_lines(card) for cid, card in cards.items()}
    i18n.set_language("de")
    for cid, card in cards.items():
        lines = card_text_lines(card)
        assert len(lines) == len(english[cid])
        for en, de in zip(english[cid], lines):
            assert en != de or en.startswith("†") and de == en, (cid, de)
        for word in ("sacrifice", "scrap", "discard", "gain", "pay", "card", "your", "the "):
            assert all(word not in line for line in lines), (cid, word, lines)
