"""A card pack's own name and description in several languages, `{"en": …, "de": …}` as a card's
name: the player's language shown, else English, else the other; a plain text still read as
English (older packs load unchanged); every language checked; the packs screen, the ritual's log
and a resumed ritual show the language of the moment."""

from __future__ import annotations

import json
from pathlib import Path

import fastjsonschema
import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.cardpacks import PackShelf, check_pack, check_pack_doc, mark_game, pack_name, read_pack
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.ui.editor.packs_scene import PacksScene, example_pack_path

ROOT = Path(__file__).resolve().parents[2]


def example() -> dict:
    return json.loads(example_pack_path().read_text(encoding="utf-8"))


def write(folder: Path, doc: dict, name: str = "pack.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_name_and_description_follow_the_language_with_a_fallback():
    doc = {**example(), "name": {"en": "Bells", "de": "Glocken"}, "description": {"en": "Loud.", "de": "Laut."}}
    pack, problem = check_pack(doc)
    assert problem is None
    assert (pack.name, pack.names) == ("Bells", {"en": "Bells", "de": "Glocken"})
    assert i18n.set_language("de") is None
    assert pack.name == "Glocken" and check_pack_doc(doc)[0][0] == "Glocken"
    only_german, _ = check_pack({**doc, "name": {"de": "Nur Deutsch"}, "description": {"en": "Only English."}})
    assert only_german.name == "Nur Deutsch"
    shelf_pack_description = only_german.descriptions
    assert i18n.localized(shelf_pack_description) == "Only English."  # German missing: the English one
    assert i18n.set_language("en") is None
    assert only_german.name == "Nur Deutsch"  # English missing: the German one


def test_a_plain_name_and_description_are_english_and_still_load(tmp_path):
    old = {**example(), "name": "My printed texts", "description": "Written before languages came."}
    result, problem = read_pack(write(tmp_path, old))
    assert problem is None and result[0] == "My printed texts"
    shelf = PackShelf(tmp_path / "shelf")
    shelf.load()
    pack, message = shelf.add(tmp_path / "pack.json")
    assert pack is not None, message
    assert pack.names == {"en": "My printed texts"} and pack.descriptions == {"en": "Written before languages came."}
    assert i18n.set_language("de") is None
    assert pack.name == "My printed texts" and pack.description == "Written before languages came."
    nameless, problem = check_pack({k: v for k, v in example().items() if k not in ("name", "description")}, "from_file")
    assert problem is None and nameless.name == "from_file" and nameless.descriptions == {}


@pytest.mark.parametrize("field,value,words", [
    ("name", {"de": "Böse\u0000"}, "its name in de"),
    ("name", {"de": "x" * 61}, "its name in de"),
    ("name", {"en": "", "de": "  "}, "empty in every language"),
    ("name", {"EN!": "Bells"}, "not a language code"),
    ("name", {"en": 5}, "should be a text"),
    ("name", ["Bells"], "should be a text"),
    ("description", {"de": "x" * 401}, "its description in de"),
    ("description", {"de": "Umkehr\u202e"}, "its description in de"),
    ("description", 7, "should be a text"),
])
def test_every_language_of_the_name_and_description_is_checked(field, value, words):
    result, problem = check_pack({**example(), field: value})
    assert result is None and words in problem, problem


def test_the_json_schema_takes_texts_by_language():
    schema = json.loads((ROOT / "docs" / "card-pack.schema.json").read_text(encoding="utf-8"))
    validate = fastjsonschema.compile(schema)
    validate(example())
    assert isinstance(example()["description"], dict)  # the example shows the form
    validate({**example(), "name": "Plain", "description": "Plain too"})
    for broken in ({"description": {"en": 5}}, {"description": {}}, {"name": {"de": "x" * 61}},
                   {"description": {"Deutsch": "x"}}):
        with pytest.raises(fastjsonschema.JsonSchemaException):
            validate({**example(), **broken})


def test_the_same_pack_is_known_by_any_of_its_names(tmp_path):
    shelf = PackShelf(tmp_path / "shelf")
    shelf.load()
    pack, _ = shelf.add(example_pack_path())
    assert pack.id == "example_the_churchyard"  # the file is named after the English name
    german_only = write(tmp_path, {**example(), "name": {"de": "Beispiel: der Kirchhof"}, "author": "someone else"})
    again, message = shelf.add(german_only)
    assert again is None and "already have a pack called" in message, message
    assert i18n.set_language("de") is None
    assert shelf.by_name("Beispiel: der Kirchhof") is pack


def test_the_ritual_keeps_every_language_of_its_pack_name(tmp_path):
    shelf = PackShelf(tmp_path / "shelf")
    shelf.load()
    pack, _ = shelf.add(example_pack_path())
    game = new_game(seed=1, circle="adept", cards=list(pack.records))
    mark_game(game, pack)
    assert game.options["card_pack"] == {"en": "Example: the Churchyard", "de": "Beispiel: der Kirchhof"}
    assert pack_name(game) == "Example: the Churchyard"
    assert i18n.set_language("de") is None
    assert pack_name(game) == "Beispiel: der Kirchhof"
    game.options["card_pack"] = "An older autosave"  # a name kept as a text before languages came
    assert pack_name(game) == "An older autosave"


def test_the_packs_screen_shows_the_description_in_the_players_language(app, driver, tmp_path, monkeypatch):
    from aleph_null_desktop.ui.render import fonts as fonts_module
    from aleph_null_desktop.ui.render import text as ui_text

    shelf = PackShelf(tmp_path / "shelf")
    shelf.load()
    shelf.add(example_pack_path())
    assert i18n.set_language("de") is None
    drawn: list[str] = []
    original = fonts_module.SafeFont.render

    def render(font, text, *args, **kwargs):
        drawn.append(text)
        return original(font, text, *args, **kwargs)

    monkeypatch.setattr(fonts_module.SafeFont, "render", render)
    ui_text._rendered.clear()
    screen = PacksScene(app, shelf)
    app.stack.push(screen)
    driver.frames(2)
    ui_text._rendered.clear()
    _font, lines = screen.about_lines(shelf.packs["example_the_churchyard"])
    assert lines[0].startswith("Ein Beispiel-Kartenpaket") and lines[-1] == "Von Aleph Null Desktop", lines
    assert "Beispiel: der Kirchhof" in drawn
    assert lines[0] in drawn and lines[-1] in drawn
    assert not any("example card pack" in t or "Example: the" in t for t in drawn), drawn
