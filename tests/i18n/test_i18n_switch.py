"""Switching the language: at once, with a listener for caches, from the system on first start."""

from __future__ import annotations

import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.engine.cards import circles, hour_pages, load_builtin_cards


def test_switch_applies_at_once_and_back():
    assert i18n._("Key") == "Key"
    assert i18n.set_language("de") is None
    assert i18n.current_language() == "de"
    assert i18n._("Key") == "Schlüssel"
    i18n.set_language("en")
    assert i18n._("Key") == "Key"


def test_listener_hears_each_change_once():
    heard = []
    i18n.on_language_change(heard.append)
    try:
        i18n.set_language("de")
        i18n.set_language("de")
        i18n.set_language("en")
    finally:
        i18n._listeners.remove(heard.append)
    assert heard == ["de", "en"]


def test_unknown_language_falls_back_to_english_with_a_message():
    message = i18n.set_language("xx")
    assert "English" in str(message) and i18n.current_language() == "en"


def test_damaged_catalogue_is_a_message_not_a_crash(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{i18n.DOMAIN}.mo").write_bytes(b"\x00garbage that is no catalogue")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    message = i18n.set_language("de")
    assert "could not be read" in str(message) and i18n.current_language() == "en"
    assert i18n._("Key") == "Key"


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"),
    ({"LANGUAGE": "de:en", "LANG": "en_US.UTF-8"}, "de"),
    ({"LC_ALL": "de_CH.UTF-8@euro"}, "de"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_system_language(environ, expected):
    assert i18n.system_language(environ) == expected


def test_names_of_cards_circles_and_hours_follow_the_language():
    cards = load_builtin_cards()
    i18n.set_language("de")
    assert cards["grand_circle"].name == "Großer Beschwörungskreis"
    assert circles()["adept"].name == "Zirkel der Lehrlinge"
    assert hour_pages()[2].name == "Dämmerung"
    assert cards["grand_circle"].type_name == "Schlüssel"
    i18n.set_language("en")
    assert cards["grand_circle"].name == "Grand Circle"


def test_a_card_without_a_german_name_keeps_its_english_one():
    from aleph_null_desktop.engine.cards import card_from_dict

    card = card_from_dict({"id": "my_card", "name": {"en": "Lantern"}, "type": "artifact", "cost": 1,
                           "flavour": {"de": "Nur auf Deutsch."}})
    i18n.set_language("de")
    assert card.name == "Lantern" and card.flavour == "Nur auf Deutsch."
    i18n.set_language("en")
    assert card.name == "Lantern" and card.flavour == "Nur auf Deutsch."


@pytest.mark.parametrize("language", [c for c in i18n.LANGUAGE_NAMES if c != i18n.SOURCE_LANGUAGE])
def test_every_builtin_card_circle_and_hour_is_named_in_each_language(language):
    for card in load_builtin_cards().values():
        assert card.names.get(language) and card.flavours.get(language), card.id
    assert all(c.names.get(language) for c in circles().values())
    assert all(h.names.get(language) for h in hour_pages().values())
