"""One boundary for text from files: NUL and other hostile characters in card files, autosaves and
settings are refused with a message that quotes them escaped; every text draw survives any string;
limits hold in every language; an unwritable data folder gives a read-only gallery."""

from __future__ import annotations

import json

import pygame

from aleph_null_desktop import safe_text
from aleph_null_desktop.editor import CardDraft, Library
from aleph_null_desktop.engine.cards import card_from_dict
from aleph_null_desktop.storage import autosave, files, paths
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene


def readable(message: str) -> bool:
    return bool(message) and len(message) < 700 and safe_text.char_problem(message) is None


def card_file(tmp_path, filename: str, **changes) -> "Path":
    record = dict(CardDraft(name="Grave Warden").to_record(), **changes)
    path = tmp_path / filename
    path.write_text(json.dumps({"schema": 1, "cards": [record]}), encoding="utf-8")
    return path


def open_gallery(driver) -> GalleryScene:
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames(2)
    return driver.scene


def test_nul_in_imported_flavour_is_refused_and_the_editor_still_opens(driver, tmp_path):
    gallery = open_gallery(driver)
    path = card_file(tmp_path, "nul.json", flavour={"en": "a\u0000b"})
    driver.drop(path)
    kind, text = gallery.messages[-1]
    assert kind == "error" and "not imported" in text and "U+0000" in text and "\x00" not in text
    assert not gallery.library.entries
    driver.frames(3)
    assert not driver.app.error_text


def test_a_nul_already_in_the_cards_folder_is_set_aside_not_drawn(driver, tmp_path):
    folder = paths.custom_cards_dir()
    card_file(folder, "custom_grave_warden.json", id="custom_grave_warden", flavour={"en": "a\u0000b"})
    gallery = open_gallery(driver)
    assert not gallery.library.entries
    assert any("set aside" in m for _, m in gallery.messages)
    assert [p.name for p in folder.iterdir() if ".corrupt-" in p.name]
    driver.frames(3)
    assert not driver.app.error_text


def test_refusals_quote_hostile_text_escaped_and_short(tmp_path):
    lib = Library(tmp_path / "cards")
    (tmp_path / "cards").mkdir()
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps({"schema": 1, "cards": [CardDraft(name="X").to_record()], "\u0000\u001b[2J": 1}))
    result = lib.import_file(pack)
    assert not result.ok and "\\x00\\x1b[2J" in result.message and "\x00" not in result.message
    key = card_file(tmp_path, "key\u202e.json", type="key", name={"en": "Key\u0000Card"})
    result = lib.import_file(key)
    assert not result.ok and readable(result.message) and "\u202e" not in result.message
    assert "key\\u202e.json" in result.message


def test_name_and_flavour_limits_hold_in_every_language(tmp_path):
    lib = Library(tmp_path / "cards")
    (tmp_path / "cards").mkdir()
    for changes in ({"name": {"en": "Grave Warden", "de": "G" * 41}},
                    {"flavour": {"en": "ok", "ja": "夜" * 161}},
                    {"name": {"en": "Grave Warden", "de": "Grab\u001bwächter"}},
                    {"flavour": {"en": "ok", "fr": "nuit\u202e"}}):
        result = lib.import_file(card_file(tmp_path, "limits.json", **changes))
        assert not result.ok and readable(result.message), result.message
    draft = CardDraft(name="Grave Warden", other_names={"de": "G" * 41})
    from aleph_null_desktop.editor import validate

    assert "name" in validate(draft).errors


def test_nul_in_an_autosave_is_set_aside_once(private_storage):
    from aleph_null_desktop.engine import new_game

    game = new_game(seed=3, circle="adept")
    record = autosave.record_from_game(game)
    bad = dict(CardDraft(name="Grave Warden").to_record(), flavour={"en": "a\u0000b"})
    record["cards"] = {"schema": 1, "cards": [bad]}
    paths.autosave_path().write_text(json.dumps(record), encoding="utf-8")
    loaded, messages = autosave.load_autosave()
    assert loaded is None and "set aside" in str(messages[0]) and "U+0000" in str(messages[0])
    assert not paths.autosave_path().exists()
    assert autosave.load_autosave() == (None, [])  # Continue no longer fails every time


def test_settings_with_an_escape_code_are_set_aside(private_storage):
    from aleph_null_desktop import storage

    paths.settings_path().write_text(json.dumps({"version": 1, "language": "en\u001b[2J"}), encoding="utf-8")
    settings, messages = storage.load_settings()
    assert messages and "U+001B" in str(messages[0]) and "\x1b" not in str(messages[0])


def test_every_font_draw_survives_any_string(app):
    font = app.fonts.get("body", 20)
    for text in ("a\x00b", "\ud800", "\u202eabc", "x" * 100_000, "\x1b[2J", ""):
        font.render(text, True, (0, 0, 0))
        font.size(text)


def test_an_unwritable_data_folder_gives_a_read_only_gallery(driver, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    gallery = open_gallery(driver)
    assert gallery.library.read_only
    assert any("read-only" in m for _, m in gallery.messages)
    assert not gallery.buttons["New card"].enabled and not gallery.buttons["Import…"].enabled
    driver.click(gallery.tile_rects()[0].center)  # the New card tile
    assert driver.scene is gallery and gallery.messages[-1][0] == "error"
    driver.frames(3)
    assert not driver.app.error_text


def test_json_text_problem_walks_any_depth():
    deep = node = {}
    for _ in range(50_000):
        node["a"] = {}
        node = node["a"]
    node["b"] = "\x00"
    assert "U+0000" in safe_text.json_text_problem(deep)
    assert safe_text.json_text_problem({"ok": ["fine\nlines\ttabs", "Grabwächter 夜"]}) is None


def test_continue_with_a_nul_in_the_autosave_sets_it_aside_and_the_title_stays_usable(driver):
    from aleph_null_desktop.engine import new_game

    record = autosave.record_from_game(new_game(seed=3, circle="adept"))
    bad = dict(CardDraft(name="Grave Warden").to_record(), flavour={"en": "a\u0000b"})
    record["cards"] = {"schema": 1, "cards": [bad]}
    paths.autosave_path().write_text(json.dumps(record), encoding="utf-8")
    driver.app.show_title()
    driver.frames()
    assert not driver.app.continue_game()
    assert "set aside" in driver.app.error_text and "\x00" not in driver.app.error_text
    driver.frames(3)
    assert not paths.autosave_path().exists()
    assert not driver.app.continue_game()  # nothing to continue now; no error every time
    assert "no saved ritual" in driver.app.error_text.lower() or "nothing" in driver.app.error_text.lower()
