"""Custom cards in two languages: the editor edits the name and flavour of the game's language and
says which, the English/Deutsch choice switches the fields, the record keeps {"en": …, "de": …},
and a card written in one language shows that name in a game in the other (table, gallery,
preview, card packs), with real events through the app's loop where a screen is involved."""

from __future__ import annotations

import json

import pygame
import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.cardpacks import check_pack_doc
from aleph_null_desktop.editor import CardDraft, Library
from aleph_null_desktop.editor.draft import validate
from aleph_null_desktop.editor.ritual import custom_setup
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.engine.cards import CardDataError, card_from_dict
from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene

from tests.editor.test_editor_ui import click_ctl, ctl


@pytest.fixture
def german():
    assert i18n.set_language("de") is None
    yield
    i18n.set_language("en")


def saved(card_id: str) -> dict:
    return json.loads((paths.custom_cards_dir() / f"{card_id}.json").read_text(encoding="utf-8"))["cards"][0]


def game_name(record: dict, language: str) -> str:
    """The card's name on the table of a ritual in that language."""
    i18n.set_language(language)
    try:
        records, pool = custom_setup([record], [record["id"]], "adept", seed=3)
        game = new_game(seed=3, circle="adept", cards=records, interference_pool=pool)
        return game.cards[record["id"]].name
    finally:
        i18n.set_language("en")


def test_a_card_in_one_language_shows_that_name_in_the_other_and_both_when_given():
    german_only = CardDraft(name="", other_names={"de": "Grabwächter"}, other_flavours={"de": "Er zählt Gräber."})
    assert validate(german_only).ok, validate(german_only).errors
    record = german_only.to_record()
    assert record["name"] == {"de": "Grabwächter"} and record["flavour"] == {"de": "Er zählt Gräber."}
    assert record["id"] == "custom_grabwachter"
    assert game_name(record, "en") == "Grabwächter" and game_name(record, "de") == "Grabwächter"

    english_only = CardDraft(name="Grave Warden", flavour="He counts the graves.").to_record()
    assert english_only["name"] == {"en": "Grave Warden"}
    assert game_name(english_only, "de") == "Grave Warden"

    both = CardDraft(name="Grave Warden", other_names={"de": "Grabwächter"}).to_record()
    assert game_name(both, "en") == "Grave Warden" and game_name(both, "de") == "Grabwächter"

    # card packs read the same records: a pack card with only a German name plays in English
    pack_card = {k: v for k, v in record.items() if k != "custom"} | {"id": "grabwachter"}
    pack, problem = check_pack_doc({"schema": 1, "name": "Mine", "cards": [pack_card]})
    assert problem is None, problem
    assert new_game(seed=3, circle="adept", cards=pack[1]).cards["grabwachter"].name == "Grabwächter"

    # no name in any language: the engine refuses it, and the editor says so in the player's words
    nameless = CardDraft(name="  ", other_names={"de": ""})
    with pytest.raises(CardDataError) as err:
        card_from_dict(nameless.to_record("custom_x"))
    assert err.value.kind == "no_text"
    assert validate(nameless).errors["name"] == "give the card a name"


def test_each_language_is_checked_and_named_when_it_is_not_the_one_on_screen(german):
    clash = CardDraft(name="Grave Warden", other_names={"de": "Der Küster"})  # a built-in German name
    assert "ist schon eine Karte des Spiels" in validate(clash).errors["name"]
    too_long = CardDraft(name="W" * 41, other_names={"de": "Grabwächter"})
    assert validate(too_long).errors["name"].startswith("English: ")
    mine = CardDraft(name="Lantern Man", other_names={"de": "Laternenmann"}).to_record("custom_lantern_man")
    assert "Laternenmann" in validate(CardDraft(name="Other", other_names={"de": "laternenmann"}), [mine]).errors["name"]


def test_engine_hints_are_matched_by_kind_in_german_too(german):
    """The editor's hints about engine errors do not depend on the English words of the engine."""
    no_zone = CardDraft(name="Grave Warden", dagger=[{"op": "move", "move": "sacrifice", "from": [], "count": 1,
                                                        "up_to": False, "filter": {}}])
    assert validate(no_zone).errors["dagger"] == i18n._("choose where the cards come from: hand, play or discard pile")
    assert validate(no_zone).errors["dagger"] != "choose where the cards come from: hand, play or discard pile"
    empty = CardDraft(name="Grave Warden")
    empty.actions[0].cost, empty.actions[0].effect = [], []
    assert validate(empty).errors["action0"] == i18n._("give the action a cost or an effect")


def test_the_editor_edits_the_games_language_switches_and_saves_both(driver, german):
    library = Library()
    library.load()
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames()
    gallery = driver.scene
    driver.click(gallery.tile_rects()[0].center)  # the new card tile
    edit = driver.scene
    assert isinstance(edit, EditScene) and edit.language == "de"
    assert edit.headers[0][1] == "Name (Deutsch)" and ctl(edit, "language.de").selected
    driver.type("Grabwächter")
    assert edit.draft.other_names == {"de": "Grabwächter"} and edit.draft.name == ""
    assert edit.check.ok, edit.check.errors
    assert edit._preview is not None  # the preview shows the German name (the card the engine plays)

    click_ctl(driver, "language.en")  # now the English texts
    assert edit.language == "en" and edit.headers[0][1] == "Name (English)"
    assert edit.name_field.text == "" and "Grabwächter" in edit.name_field.placeholder  # what the game shows
    driver.click(edit.name_field.rect.center)
    driver.type("Grave Warden")
    driver.click(edit.flavour_field.rect.center)
    driver.type("He counts the graves.")
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    record = saved("custom_grave_warden")
    assert record["name"] == {"en": "Grave Warden", "de": "Grabwächter"}
    assert record["flavour"] == {"en": "He counts the graves."}

    click_ctl(driver, "language.de")  # back: the German field holds the German name again
    assert edit.name_field.text == "Grabwächter" and edit.flavour_field.text == ""
    assert "He counts the graves." in edit.flavour_field.placeholder
    assert not any(f.focused for f in edit.fields)  # the click on the choice left the field
    driver.key(pygame.K_ESCAPE)  # saved and only switched: no question
    assert driver.scene is gallery
    assert gallery.library.entries["custom_grave_warden"].name == "Grabwächter"
    i18n.set_language("en")
    assert gallery.library.entries["custom_grave_warden"].name == "Grave Warden"


def test_a_german_only_card_in_the_gallery_of_an_english_game(driver):
    library = Library()
    library.load()
    library.save(CardDraft(name="", other_names={"de": "Grabwächter"}))
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames(2)
    gallery = driver.scene
    assert [e.name for e in gallery.entries] == ["Grabwächter"]
    assert gallery._thumb(gallery.entries[0].record) is not None  # drawn, with the German name
    rect = gallery.tile_rects()[1]
    driver.click(rect.center)
    driver.click(rect.center, clicks=2)
    edit = driver.scene
    assert isinstance(edit, EditScene) and edit.language == "en" and edit.name_field.text == ""
    assert "Grabwächter" in edit.name_field.placeholder and edit.check.ok


def test_numbers_and_shortcuts_as_a_german_keyboard_and_page_write_them(german):
    from aleph_null_desktop.ui.widgets.button import key_name

    assert i18n.decimal(1.5, 2) == "1,50" and i18n.decimal(12.34, 1, signed=True) == "+12,3"
    assert key_name("Ctrl+S") == "Strg+S" and key_name("Del") == "Entf" and key_name("F2") == "F2"
    i18n.set_language("en")
    assert i18n.decimal(1.5, 2) == "1.50" and key_name("Ctrl+S") == "Ctrl+S"


def test_an_import_refused_in_german_says_why_in_german(german, tmp_path):
    bad = dict(CardDraft(name="Grave Warden").to_record("custom_grave_warden"), colour="red")
    path = tmp_path / "warden.json"
    path.write_text(json.dumps({"schema": 1, "cards": [bad]}), encoding="utf-8")
    library = Library()
    library.load()
    result = library.import_file(path)
    assert not result.ok
    assert "„warden.json“ wurde nicht importiert" in result.message and "unbekanntes Feld 'colour'" in result.message
    assert not any(word in result.message for word in ("field", "card", "unknown", "imported"))
