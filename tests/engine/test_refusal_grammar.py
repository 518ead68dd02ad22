"""Refusals name a card and its action without an English possessive glued onto the name
("Book of Pacts's pact"): the card, then its action in brackets, in both languages."""

from __future__ import annotations

import pytest

from aleph_null_desktop.engine import Activate, Game, IllegalCommand
from aleph_null_desktop.i18n import set_language


def refusal(scenario: dict, action: str) -> str:
    game = Game.from_scenario(scenario)
    uid = game.zone("play")[0].uid
    with pytest.raises(IllegalCommand) as refused:
        game.apply(Activate(uid, action))
    return str(refused.value)


def test_a_card_whose_name_ends_in_s_is_not_given_an_s_apostrophe_s():
    short = refusal({"play": ["book_of_pacts"], "discard": ["salamander"], "power": 0}, "pact")
    no_target = refusal({"play": ["book_of_pacts"], "power": 3}, "pact")
    assert short == "Book of Pacts (pact) costs 2 power; you have 0."
    assert no_target.startswith("Book of Pacts (pact) has no target: ")
    assert "'s" not in short + no_target


def test_the_german_refusal_names_the_card_and_the_action():
    set_language("de")
    no_target = refusal({"play": ["book_of_pacts"], "power": 3}, "pact")
    assert no_target.startswith("Buch des Pakts, pact: kein Ziel") and "'s" not in no_target
