"""The editor screens, headless, driven by real pygame events through the app's own loop:
create a card, type a name, pick effects, save, reopen; text editing keys; delete with
confirmation; rename; import by dropping files (good and broken); a ritual with custom cards."""

from __future__ import annotations

import json

import pygame
import pytest

from aleph_null_desktop.editor import Action, CardDraft, Library
from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
from aleph_null_desktop.ui.editor.ritual_scene import RitualSetupScene
from aleph_null_desktop.ui.editor.textfield import Clipboard


def open_gallery(driver) -> GalleryScene:
    driver.app.show_title()
    driver.frames()
    title = driver.scene
    editor_button = next(b for b in title.buttons if b.label == "Card editor")
    driver.click(editor_button.rect.center)
    assert isinstance(driver.scene, GalleryScene)
    return driver.scene


def ctl(scene: EditScene, name: str):
    c = scene._control(name)
    assert c is not None, f"no control {name}; have {[x.name for x in scene.controls][:40]}"
    return c


def click_ctl(driver, name: str) -> None:
    driver.click(ctl(driver.scene, name).rect.center)


def pick(driver, label: str) -> None:
    popup = driver.scene.popup
    assert popup is not None, "no menu open"
    i = next(i for i, (text, _) in enumerate(popup.items) if text == label)
    driver.click(popup.item_rect(i).center)
    assert driver.scene.popup is None


def saved_files() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(paths.custom_cards_dir().iterdir())}


def test_create_type_pick_save_reopen(driver):
    gallery = open_gallery(driver)
    driver.click(gallery.tile_rects()[0].center)  # the "New card" tile
    edit = driver.scene
    assert isinstance(edit, EditScene) and edit.name_field.focused
    assert not edit.buttons[0].enabled and edit.check.errors["name"] == "give the card a name"

    driver.type("Grave Wardne")
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_BACKSPACE)
    driver.type("en")
    assert edit.draft.name == "Grave Warden" and edit.buttons[0].enabled

    click_ctl(driver, "level")  # the stepper's body: nothing
    plus = ctl(edit, "level")._parts()[2]
    driver.click(plus.center)
    click_ctl(driver, "side.church")
    cost_plus = ctl(edit, "cost")._parts()[2]
    driver.click(cost_plus.center)
    assert (edit.draft.level, edit.draft.side, edit.draft.cost) == (2, "church", 1)

    # ongoing: your hand size is 1 less
    click_ctl(driver, "ongoing.add")
    pick(driver, "Hand size changes")
    assert edit.draft.ongoing == [{"op": "hand_size", "amount": -1}]
    # when summoned: discard a Magical Power card from your hand, or else take damage
    click_ctl(driver, "on_summon.add")
    pick(driver, "Sacrifice, scrap or discard cards")
    click_ctl(driver, "on_summon.0.move.discard")
    click_ctl(driver, "on_summon.0.filter.magical_power")
    click_ctl(driver, "on_summon.0.up_to")
    click_ctl(driver, "on_summon.0.otherwise")
    pick(driver, "Take damage")
    # the action: pay 2P → scrap this
    driver.click(ctl(edit, "action0.cost.0.amount")._parts()[2].center)
    # a † effect: draw 1 card
    click_ctl(driver, "dagger.add")
    pick(driver, "Draw cards")
    # the icon, from the grid
    click_ctl(driver, "icon")
    pick(driver, "lantern")
    # flavour
    driver.click(edit.flavour_field.rect.center)
    driver.type("He counts the graves at dusk.")
    assert edit.check.ok, edit.check.errors
    assert edit._preview is not None and not edit._preview_stale

    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    assert saved_files().keys() == {"custom_grave_warden.json"}
    driver.key(pygame.K_ESCAPE)  # leaves the flavour field
    driver.key(pygame.K_ESCAPE)  # back to the gallery: nothing unsaved, no question
    assert driver.scene is gallery and gallery.selected == "custom_grave_warden"
    assert not driver.app.error_text

    # the gallery survives a restart; double-click reopens the card as it was saved
    gallery = open_gallery(driver)
    rect = gallery.tile_rects()[1]
    driver.click(rect.center)
    driver.click(rect.center, clicks=2)
    edit = driver.scene
    assert isinstance(edit, EditScene)
    expected = CardDraft(
        name="Grave Warden", level=2, side="church", cost=1,
        on_summon=[{"op": "move", "move": "discard", "from": ["hand"], "count": 1, "up_to": True,
                    "filter": {"types": ["magical_power"]}, "otherwise": [{"op": "take_damage", "amount": 1}]}],
        ongoing=[{"op": "hand_size", "amount": -1}],
        actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}], "act1")],
        dagger=[{"op": "draw", "count": 1}], flavour="He counts the graves at dusk.", icon="lantern",
        id="custom_grave_warden")
    assert edit.draft == expected
    record = json.loads(saved_files()["custom_grave_warden.json"])["cards"][0]
    assert record == expected.to_record()


def test_text_field_keys_selection_paste_and_ime(driver):
    gallery = open_gallery(driver)
    gallery.new_card()
    driver.frames()
    edit = driver.scene
    field = edit.name_field
    driver.type("Ash Imp")
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_DELETE)
    driver.type("C")
    assert field.text == "Csh Imp"
    driver.key(pygame.K_END)
    driver.key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    driver.key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    driver.key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert field.selected_text() == "Imp"
    driver.key(pygame.K_c, pygame.KMOD_CTRL)
    assert Clipboard.get() == "Imp"
    driver.type("Owl")  # replaces the selection
    assert field.text == "Csh Owl"
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert field.text == "Imp" and edit.draft.name == "Imp"
    # an IME composes: nothing is committed until TEXTINPUT
    driver.post(pygame.TEXTEDITING, text="ま", start=0, length=1)
    driver.frames()
    assert field.text == "Imp" and field.composition == "ま"
    driver.key(pygame.K_BACKSPACE)  # the IME owns the keys while composing
    assert field.text == "Imp"
    driver.post(pygame.TEXTEDITING, text="", start=0, length=0)
    driver.post(pygame.TEXTINPUT, text="魔")
    driver.frames()
    assert field.text == "Imp魔" and field.composition == ""
    driver.key(pygame.K_BACKSPACE, pygame.KMOD_CTRL)  # a word at a time
    assert field.text == ""
    # a key typed in a field is not a shortcut of the scene (N would be "new card" in the gallery)
    driver.type("n")
    assert driver.scene is edit and field.text == "n"
    # a clash with a built-in card: message beside the field, Save disabled and does nothing
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.type("Rumjal")
    assert "already a card of the game" in edit.check.errors["name"]
    assert not edit.buttons[0].enabled
    driver.click(edit.buttons[0].rect.center)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    assert saved_files() == {}
    # leaving with unsaved work asks first (the click on Save took the focus from the field)
    assert not field.focused
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, DialogScene) and driver.scene.name == "discard"
    driver.key(pygame.K_ESCAPE)  # keep editing
    assert driver.scene is edit
    assert not driver.app.error_text


def _save(name: str, level: int = 1) -> str:
    lib = Library(); lib.load()
    d = CardDraft(name=name, level=level, ongoing=[{"op": "hand_size", "amount": -1}])
    lib.save(d)
    return d.id


def test_delete_asks_first_and_rename(driver):
    cid = _save("Ash Imp")
    gallery = open_gallery(driver)
    driver.click(gallery.tile_rects()[1].center)
    assert gallery.selected == cid
    driver.key(pygame.K_DELETE)
    assert isinstance(driver.scene, DialogScene) and driver.scene.name == "delete"
    driver.click(driver.scene.buttons[1].rect.center)  # "Keep it"
    assert driver.scene is gallery and cid in gallery.library.entries
    driver.key(pygame.K_F2)
    dialog = driver.scene
    assert dialog.name == "rename" and dialog.field.selected_text() == "Ash Imp"
    driver.type("Astaroth")
    assert not dialog.buttons[0].enabled and "already a card" in dialog.problem
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.type("Cinder Imp")
    driver.key(pygame.K_RETURN)
    assert driver.scene is gallery and gallery.selected == "custom_cinder_imp"
    assert saved_files().keys() == {"custom_cinder_imp.json"}
    driver.click(gallery.buttons["Delete"].rect.center)
    driver.click(driver.scene.buttons[0].rect.center)  # "Delete"
    assert driver.scene is gallery and not gallery.library.entries and saved_files() == {}
    assert not driver.app.error_text


def test_drop_files_on_the_window(driver, tmp_path):
    _save("Ash Imp")
    gallery = open_gallery(driver)
    before = saved_files()
    broken = {
        "truncated.json": b'{"schema": 1, "cards": [{"id": "custom_x", "name": ',
        "deep.json": b"[" * 1000 + b"]" * 1000,
        "unknown_effect.json": json.dumps(dict(CardDraft(name="Odd").to_record(), on_summon=[{"op": "curse"}])).encode(),
        "wrong_types.json": json.dumps(dict(CardDraft(name="Odd").to_record(), level="three")).encode(),
        "latin1.json": "{\"name\": \"Café\"}".encode("latin-1"),
    }
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(10 * 1024 * 1024)
    for name, data in broken.items():
        (tmp_path / name).write_bytes(data)
    for path in [tmp_path / n for n in broken] + [huge]:
        driver.drop(path)
        kind, text = gallery.messages[-1]
        assert kind == "error" and path.name in text and "not imported" in text, text
        assert saved_files() == before and list(gallery.library.entries) == ["custom_ash_imp"]
        assert not driver.app.error_text  # no exception reached the app's guard
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"schema": 1, "cards": [CardDraft(name="Bone Choir", level=2).to_record()]}),
                    encoding="utf-8")
    driver.drop(good)
    assert gallery.messages[-1] == ("info", "Imported “Bone Choir”.")
    assert gallery.selected == "custom_bone_choir" and "custom_bone_choir.json" in saved_files()
    driver.frames(2)
    pygame.image.save(driver.app.screen, str(tmp_path / "gallery.png"))


def test_ritual_with_custom_cards(driver):
    cid = _save("Ash Imp", level=1)
    _save("Bone Choir", level=3)
    gallery = open_gallery(driver)
    gallery.selected = cid
    driver.click(gallery.buttons["Ritual with my cards"].rect.center)
    setup = driver.scene
    assert isinstance(setup, RitualSetupScene) and setup.chosen == [cid]
    choir = next(c for c in setup.controls if c.name == "card.custom_bone_choir")
    assert not choir.enabled  # the Adept sets aside no level-III cards
    driver.click(next(c for c in setup.controls if c.name == "circle.master").rect.center)
    choir = next(c for c in setup.controls if c.name == "card.custom_bone_choir")
    driver.click(choir.rect.center)
    assert setup.chosen == [cid, "custom_bone_choir"] and setup.problem is None
    setup.seed = 5
    driver.click(setup.buttons[0].rect.center)
    table = driver.scene
    game = table.game
    set_aside = [i.card_id for i in game.zone("set_aside")]
    assert cid in set_aside and "custom_bone_choir" in set_aside and game.circle == "master"
    assert game.cards[cid].ongoing == ({"op": "hand_size", "amount": -1},)
    assert not driver.app.error_text


@pytest.mark.parametrize("scene_name", ["gallery", "editor"])
def test_screens_draw_without_errors(driver, scene_name):
    _save("Ash Imp")
    gallery = open_gallery(driver)
    if scene_name == "editor":
        gallery.selected = "custom_ash_imp"
        gallery.edit_selected()
        driver.frames()
        driver.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
        driver.frames(2)
    assert not driver.app.error_text


def test_export_through_the_dialog_then_import_elsewhere(driver, tmp_path):
    cid = _save("Ash Imp")
    gallery = open_gallery(driver)
    driver.click(gallery.tile_rects()[1].center)
    driver.click(gallery.buttons["Export…"].rect.center)
    dialog = driver.scene
    assert isinstance(dialog, DialogScene) and dialog.name == "export" and dialog.field.text.endswith("ash_imp.json")
    driver.type(str(tmp_path / "nowhere" / "x.json"))  # typing replaces the suggestion
    assert "does not exist" in dialog.problem and not dialog.buttons[0].enabled
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.type(str(tmp_path / "imp.json"))
    driver.key(pygame.K_RETURN)
    assert driver.scene is gallery and "Exported" in gallery.messages[-1][1]
    exported = json.loads((tmp_path / "imp.json").read_text("utf-8"))
    assert exported == {"schema": 1, "cards": [gallery.library.entries[cid].record]}
    gallery.library.delete(cid)
    driver.click(gallery.buttons["Import…"].rect.center)
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.type(str(tmp_path / "imp.json"))
    driver.key(pygame.K_RETURN)
    assert gallery.messages[-1] == ("info", "Imported “Ash Imp”.") and cid in gallery.library.entries
