"""Card packs: the checks of cardpacks.read_pack (size, depth, schema, texts, every Circle still
playable), the packs folder (PackShelf), the example pack (it loads, it validates against the JSON
Schema in docs/, and a ritual plays to its end with it), the pack screen driven by real events,
and the hostile corpus through the pack loader."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import fastjsonschema
import pygame
import pytest

from aleph_null_desktop import safe_text
from aleph_null_desktop.cardpacks import PACK_MAX_BYTES, PackShelf, check_pack_doc, read_pack
from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
from aleph_null_desktop.ui.editor.packs_scene import PacksScene, example_pack_path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from hostile_corpus import cases  # noqa: E402


def example() -> dict:
    return json.loads(example_pack_path().read_text(encoding="utf-8"))


def write(tmp_path, doc, name="pack.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_example_pack_loads_and_a_ritual_plays_to_its_end_with_it():
    from aleph_null_desktop.ai.simulate import make_player, play_game

    result, problem = read_pack(example_pack_path())
    assert problem is None
    name, records = result
    assert name == "Example: the Churchyard" and {r["id"] for r in records} == {"church_bells", "sexton", "gravedigger"}
    record = play_game(make_player("greedy"), seed=5, circle="magus", cards=records)
    assert record.reason  # the ritual ended, won or lost
    from aleph_null_desktop.engine import new_game

    game = new_game(seed=5, circle="adept", cards=records)
    assert game.cards["church_bells"].name == "Church Bells at Midnight"
    assert "gravedigger" in game.cards.interference_ids(1)


def test_the_json_schema_accepts_the_example_and_refuses_broken_packs():
    schema = json.loads((ROOT / "docs" / "card-pack.schema.json").read_text(encoding="utf-8"))
    validate = fastjsonschema.compile(schema)
    validate(example())
    from aleph_null_desktop.engine import cards as engine

    for key, ops in (("effects", engine.EFFECT_OPS), ("costs", engine.COST_OPS), ("ongoing", engine.ONGOING_OPS),
                     ("special_costs", engine.SPECIAL_COST_OPS)):  # the schema says what the engine reads
        assert {v["properties"]["op"]["const"] for v in schema["$defs"][key]["items"]["oneOf"]} == set(ops)
    assert set(schema["$defs"]["card"]["properties"]) == set(engine.CARD_KEYS) - {"custom"}  # packs hold no editor cards
    for broken in ({"cards": []}, {"schema": 1}, {"schema": 1, "cards": [{"id": "x"}]},
                   {**example(), "extra": 1},
                   {**example(), "cards": [{**example()["cards"][0], "cost": 12}]},
                   {**example(), "cards": [{**example()["cards"][0], "actions": [{"id": "a", "cost": [{"op": "nuke"}],
                                                                                  "effect": []}]}]}):
        with pytest.raises(fastjsonschema.JsonSchemaException):
            validate(broken)
        assert read_pack(write(Path(pytest.importorskip("tempfile").mkdtemp()), broken))[1]


def test_a_pack_without_level_one_interference_is_refused_with_a_clear_message(tmp_path):
    builtin = load_builtin_cards()
    doc = {"schema": 1, "name": "No level I", "cards": [
        dict(copy.deepcopy(dict(builtin[cid].data)), level=2) for cid in builtin.interference_ids(1)]}
    pack, message = PackShelf(tmp_path / "shelf").add(write(tmp_path, doc))
    assert pack is None
    assert "Circle of the Adept sets aside 3 level-I interference cards" in message and "only 0" in message
    assert not list((tmp_path / "shelf").iterdir()) if (tmp_path / "shelf").exists() else True


def test_limits_size_depth_main_deck_and_custom_cards(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (PACK_MAX_BYTES + 1))
    assert "more than the 1.0 MB allowed" in read_pack(big)[1]
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    assert "nested" in read_pack(deep)[1]
    builtin = load_builtin_cards()
    key = dict(builtin[builtin.main_deck_ids()[0]].data, count=5)
    assert "main deck" in check_pack_doc({"schema": 1, "cards": [key]})[1]
    custom = dict(example()["cards"][0], custom=True)
    assert "custom" in check_pack_doc({"schema": 1, "cards": [custom]})[1]
    long_name = dict(example()["cards"][0], name={"en": "Bells", "de": "G" * 61})
    assert "in de" in check_pack_doc({"schema": 1, "cards": [long_name]})[1]


def test_the_shelf_keeps_good_packs_lists_refused_ones_and_changes_nothing_on_a_broken_one(tmp_path):
    shelf = PackShelf(tmp_path / "shelf")
    shelf.load()
    pack, message = shelf.add(example_pack_path())
    assert pack is not None and "Loaded" in message and pack.path.parent == tmp_path / "shelf"
    before = {p.name: p.read_bytes() for p in (tmp_path / "shelf").iterdir()}
    broken = write(tmp_path, {**example(), "cards": example()["cards"] + [{"id": "x\u202e"}]}, "broken.json")
    assert shelf.add(broken)[0] is None
    assert {p.name: p.read_bytes() for p in (tmp_path / "shelf").iterdir()} == before
    again, message = shelf.add(example_pack_path())
    assert again is pack and "already" in message
    (tmp_path / "shelf" / "by_hand.json").write_bytes(b'{"schema": 1, "cards": [')  # put there by hand
    shelf.load()
    assert list(shelf.packs) == [pack.id] and [r.id for r in shelf.refused] == ["by_hand"]
    assert (tmp_path / "shelf" / "by_hand.json").exists()  # refused, not moved or deleted
    assert "Removed" in shelf.remove(pack.id) and not pack.path.exists()


def test_the_pack_screen_loads_refuses_and_removes_with_real_events(driver, tmp_path):
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames()
    driver.key(pygame.K_p)
    screen = driver.scene
    assert isinstance(screen, PacksScene) and str(paths.card_packs_dir()) in str(screen.shelf.folder)
    driver.click(screen.buttons["Load the example pack"].rect.center)
    assert list(screen.shelf.packs) == ["example_the_churchyard"] and screen.messages[-1][0] == "info"
    driver.frames(2)
    bad = write(tmp_path, {**example(), "name": "Evil\u0000\u001b[2J"}, "evil\u202e.json")
    driver.drop(bad)
    kind, text = screen.messages[-1]
    assert kind == "error" and "not loaded" in text and safe_text.char_problem(text) is None
    assert [p.name for p in paths.card_packs_dir().iterdir()] == ["example_the_churchyard.json"]
    driver.key(pygame.K_l)  # the path dialog
    dialog = driver.scene
    dialog.field.text = ""
    driver.type(str(example_pack_path()))
    driver.key(pygame.K_RETURN)
    assert driver.scene is screen and "already" in screen.messages[-1][1]
    driver.key(pygame.K_DELETE)
    driver.key(pygame.K_RETURN)  # "Remove" in the confirmation
    assert not screen.shelf.packs and not list(paths.card_packs_dir().iterdir())
    driver.frames(2)
    assert not driver.app.error_text


def test_hostile_corpus_through_the_pack_screen(driver, tmp_path):
    good = dict(copy.deepcopy(dict(load_builtin_cards()["church_bells"].data)), name={"en": "Bells at Dusk"})
    driver.app.stack.replace_all(PacksScene(driver.app))
    screen = driver.scene
    screen.load_example()
    driver.settle()
    before = {p.name: p.read_bytes() for p in paths.card_packs_dir().iterdir()}
    path = tmp_path / "in" / "pack.json"
    path.parent.mkdir()
    outcomes = {"refused": 0, "loaded": 0}
    for label, data in cases(good):
        path.write_bytes(data)
        driver.drop(path)
        kind, message = screen.messages[-1]
        assert safe_text.char_problem(message) is None and len(message) < 700, (label, message)
        if kind == "error":
            outcomes["refused"] += 1
            assert {p.name: p.read_bytes() for p in paths.card_packs_dir().iterdir()} == before, label
        else:
            outcomes["loaded"] += 1
            new = [p for p in screen.shelf.packs.values() if p.path.name not in before]
            for pack in new:
                assert check_pack_doc({"schema": 1, "cards": list(pack.records)})[1] is None, label
                screen.shelf.remove(pack.id)
        driver.frames(1)
        assert not driver.app.error_text, (label, driver.app.error_text)
    assert outcomes["refused"] > 150 and outcomes["loaded"] >= 1


def test_an_unwritable_data_folder_gives_a_read_only_pack_screen(driver, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    driver.app.stack.replace_all(PacksScene(driver.app))
    driver.frames(2)
    screen = driver.scene
    assert screen.shelf.read_only and "cannot be kept" in screen.messages[0][1]
    assert not screen.buttons["Load the example pack"].enabled
    driver.drop(example_pack_path())
    assert screen.messages[-1][0] == "error" and not screen.shelf.packs
    driver.frames(2)
    assert not driver.app.error_text


def test_the_l_that_opens_the_path_dialog_is_not_typed_into_it(driver, tmp_path):
    driver.app.stack.replace_all(PacksScene(driver.app))
    driver.frames()
    screen = driver.scene
    # SDL sends a letter key as KEYDOWN, then TEXTINPUT, then KEYUP
    driver.post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    driver.post(pygame.TEXTINPUT, text="l")
    driver.post(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    driver.frames()
    dialog = driver.scene
    assert dialog is not screen and dialog.field.text.endswith("/")  # the suggested folder, untouched
    wanted = str(tmp_path / "lost" / "pack.json")
    for ch in wanted:
        driver.post(pygame.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0)
        driver.post(pygame.TEXTINPUT, text=ch)
    driver.frames()
    assert dialog.field.text == wanted
    driver.key(pygame.K_RETURN)
    kind, text = screen.messages[-1]
    # the error shows the path as given, so a wrong folder is seen, not only "pack.json"
    assert kind == "error" and str(tmp_path / "lost") in text and "no such file" in text


def test_the_empty_pack_screen_points_to_the_guide_installed_with_the_game(driver, monkeypatch):
    import aleph_null_desktop.ui.editor.packs_scene as packs_scene

    driver.app.stack.replace_all(PacksScene(driver.app))
    driver.frames()
    screen, words = driver.scene, []
    original = packs_scene.blit_wrapped

    def recording(surface, font, text, *args, **kwargs):
        words.append(text)
        return original(surface, font, text, *args, **kwargs)

    monkeypatch.setattr(packs_scene, "blit_wrapped", recording)
    screen.draw(driver.app.screen)
    guide = packs_scene.guide_path()  # an absolute path in this checkout, the wheel or the bundle
    assert guide.is_absolute() and guide.is_file() and str(guide) in screen.guide_words()
    assert any(str(guide) in w and w.startswith("No card packs yet") for w in words)
