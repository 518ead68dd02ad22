"""Issue 29: a name made only of invisible characters (zero-width spaces, joiners, soft hyphens,
variation selectors, tag characters…) is refused at the text boundary, and drawing any string
never raises (SDL_ttf refuses a text that draws nothing: "Text has zero width")."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

from aleph_null_desktop import safe_text
from aleph_null_desktop.cardpacks import PackShelf, read_pack
from aleph_null_desktop.editor import CardDraft, Library
from aleph_null_desktop.storage import autosave, paths
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
from aleph_null_desktop.ui.editor.packs_scene import PacksScene, example_pack_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hostile_corpus import INVISIBLE_NAMES  # noqa: E402

NAMES = list(INVISIBLE_NAMES.values())


def example() -> dict:
    return json.loads(example_pack_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", NAMES + [" \u200b ", "\u3000\u2800"])
def test_a_pack_named_only_by_invisible_characters_is_refused_with_a_reason(tmp_path, name):
    path = tmp_path / "pack.json"
    path.write_text(json.dumps({**example(), "name": {"en": "Bells", "de": name}}), encoding="utf-8")
    result, problem = read_pack(path)
    assert result is None and "its name in de" in problem
    assert "invisible" in problem or "no visible character" in problem


@pytest.mark.parametrize("name", NAMES)
def test_a_card_named_only_by_invisible_characters_is_refused_by_the_boundary(name):
    record = dict(CardDraft(name="Grave Warden").to_record(), name={"en": "Grave Warden", "de": name})
    field, problem = safe_text.card_text_problem(record, name_max=40, flavour_max=200)
    assert field == "name" and "in de" in problem


def test_an_invisible_character_inside_a_name_is_refused_but_kept_in_flavour():
    assert "U+200B" in safe_text.text_problem("Grave\u200bWarden", 40, name=True)
    assert safe_text.text_problem("Grab\u00adwächter am Tor", 400, multiline=True) is None  # flavour: a soft hyphen
    assert safe_text.drawable("Grab\u00adwächter") == "Grabwächter"
    assert safe_text.text_problem("Grabwächter 夜", 40, name=True) is None


def test_every_font_draw_survives_invisible_strings(app):
    for size in (12, 20, 40):
        for role in ("title", "body", "italic", "bold"):
            font = app.fonts.get(role, size)
            for text in NAMES + ["\u0301\u0301", "\u200b" * 3000, "a\u200b", "\U000e0041" * 3]:
                image = font.render(text, True, (0, 0, 0))
                assert image.get_height() > 0
                font.size(text)


def test_a_hand_placed_pack_with_an_invisible_name_leaves_the_pack_screen_usable(driver):
    folder = paths.card_packs_dir()
    (folder / "ghost.json").write_text(json.dumps({**example(), "name": "\u200b\u200b"}), encoding="utf-8")
    driver.app.stack.replace_all(PacksScene(driver.app))
    driver.frames(5)
    screen = driver.scene
    assert isinstance(screen, PacksScene) and driver.app.failed_frames == 0, driver.app.last_failure
    assert [r.id for r in screen.shelf.refused] == ["ghost"]
    driver.key(pygame.K_DELETE)  # Remove lives on this screen: it must stay usable
    driver.key(pygame.K_RETURN)
    assert not (folder / "ghost.json").exists() and driver.app.failed_frames == 0


def test_an_imported_card_with_an_invisible_name_is_refused_and_the_gallery_draws(driver, tmp_path):
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames()
    gallery = driver.scene
    record = dict(CardDraft(name="Grave Warden").to_record(), name={"en": "\u200b\u200b"})
    path = tmp_path / "ghost.json"
    path.write_text(json.dumps({"schema": 1, "cards": [record]}), encoding="utf-8")
    driver.drop(path)
    kind, text = gallery.messages[-1]
    assert kind == "error" and "not imported" in text
    folder = paths.custom_cards_dir()  # one placed by hand: set aside, never drawn
    (folder / "custom_ghost.json").write_text(json.dumps(dict(record, id="custom_ghost")), encoding="utf-8")
    library = Library()
    assert library.load() and "custom_ghost" not in library.entries
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames(5)
    assert driver.app.failed_frames == 0, driver.app.last_failure


def test_continue_with_a_pack_card_named_invisibly_draws_every_table_frame(driver):
    # an autosave is replayed, not checked like a pack: the drawing itself must survive the name
    from aleph_null_desktop.engine import new_game
    from aleph_null_desktop.engine.cards import load_builtin_cards

    ghost = dict(load_builtin_cards()["ill_omen"].data, name={"en": "\u200b\u200b", "de": "\ufeff"})
    game = new_game(seed=3, circle="adept", cards=[ghost])
    for _ in range(6):
        game.apply(game.legal_commands()[0])
    paths.autosave_path().write_text(json.dumps(autosave.record_from_game(game)), encoding="utf-8")
    driver.app.show_title()
    assert driver.app.continue_game()
    for _ in range(40):
        driver.frames()
        scene = driver.scene
        if getattr(scene, "game", None) is not None and scene.game.outcome is None:
            legal = scene.game.legal_commands()
            scene.game.apply(legal[len(legal) // 2]) if len(legal) > 1 else None
    assert driver.app.failed_frames == 0, driver.app.last_failure
