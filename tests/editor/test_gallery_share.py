"""The gallery's sharing, played with real events through the app's loop: Ctrl+click selects
several cards, Print… writes their sheets with the paper and backs chosen, Export PNG… a card's
image, Copy code puts the card's code on the clipboard, Paste code adds the card of a code (or
refuses a hostile one, saving nothing); the editor copies the code of the card being edited."""

from __future__ import annotations

import pygame
import pytest
from pypdf import PdfReader

from aleph_null_desktop.editor import CardDraft, Library, card_code
from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
from aleph_null_desktop.ui.editor.share import PrintDialog
from aleph_null_desktop.ui.editor.textfield import Clipboard

CTRL = pygame.KMOD_CTRL


@pytest.fixture(autouse=True)
def fresh_clipboard(tmp_path, monkeypatch):
    """The clipboard empty, and the home folder (where the dialogs offer to save) a temporary one."""
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    Clipboard.local, Clipboard.system_ok = "", None
    yield
    Clipboard.local, Clipboard.system_ok = "", None


def gallery_with(driver, *names: str) -> GalleryScene:
    library = Library()
    library.load()
    for name in names:
        library.save(CardDraft(name=name, flavour="Kept for the test."))
    driver.app.stack.replace_all(GalleryScene(driver.app))
    driver.frames(2)
    return driver.scene


def ctrl_click(driver, pos) -> None:
    pos = tuple(map(round, pos))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, mod=CTRL)
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=1, mod=CTRL)
    driver.frames()


def replace_field(driver, text: str) -> None:
    driver.click(driver.scene.field.rect.center)
    driver.key(pygame.K_a, CTRL)
    driver.type(text)


def test_ctrl_click_selects_several_and_print_writes_their_sheets(driver, tmp_path):
    gallery = gallery_with(driver, "Grave Warden", "Bell Ringer", "Candle Thief")
    rects = gallery.tile_rects()
    driver.click(rects[1].center)
    ctrl_click(driver, rects[3].center)
    assert gallery.chosen == {gallery.entries[0].id, gallery.entries[2].id}
    ctrl_click(driver, rects[1].center)  # a second Ctrl+click takes it out again
    assert gallery.chosen == {gallery.entries[2].id}
    ctrl_click(driver, rects[1].center)
    driver.key(pygame.K_p, CTRL)
    dialog = driver.scene
    assert isinstance(dialog, PrintDialog) and len(dialog.records) == 2
    driver.key(pygame.K_F3)  # Letter
    driver.click(dialog.backs_button.rect.center)  # backs
    assert dialog.paper == "letter" and dialog.backs and dialog.backs_button.detail == "2 pages"
    replace_field(driver, str(tmp_path / "sheets"))
    driver.key(pygame.K_RETURN)
    assert driver.scene is gallery
    kind, message = gallery.messages[-1]
    assert kind == "info" and "Saved 2 cards to print" in message and "sheets.pdf" in message
    reader = PdfReader(str(tmp_path / "sheets.pdf"))
    assert len(reader.pages) == 2 and float(reader.pages[0].mediabox.width) == pytest.approx(612)
    assert len(reader.pages[0].images) == 2 and len(reader.pages[1].images) == 1  # two faces; one back image, twice


def test_print_with_nothing_selected_prints_every_card_and_a_bad_folder_is_refused_in_the_dialog(driver, tmp_path):
    gallery = gallery_with(driver, "Grave Warden", "Bell Ringer")
    assert not gallery.chosen
    driver.click(gallery.buttons["Print…"].rect.center)
    dialog = driver.scene
    assert isinstance(dialog, PrintDialog) and len(dialog.records) == 2
    replace_field(driver, str(tmp_path / "no such folder" / "x.pdf"))
    assert not dialog.buttons[0].enabled and "does not exist" in dialog.problem
    driver.key(pygame.K_RETURN)  # nothing happens: the dialog stays, nothing is written
    assert driver.scene is dialog
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is gallery and not list(tmp_path.glob("**/*.pdf"))


def test_export_png_saves_the_card_at_750_by_1050(driver, tmp_path):
    gallery = gallery_with(driver, "Grave Warden")
    driver.click(gallery.tile_rects()[1].center)
    driver.click(gallery.buttons["Export PNG…"].rect.center)
    assert isinstance(driver.scene, DialogScene)
    replace_field(driver, str(tmp_path / "warden"))
    driver.key(pygame.K_RETURN)
    assert driver.scene is gallery and "as an image (750 × 1050)" in gallery.messages[-1][1]
    assert pygame.image.load(str(tmp_path / "warden.png")).get_size() == (750, 1050)


def test_copy_then_paste_brings_a_deleted_card_back(driver):
    gallery = gallery_with(driver, "Grave Warden")
    driver.click(gallery.tile_rects()[1].center)
    record = dict(gallery.library.entries[gallery.selected].record)
    driver.key(pygame.K_c, CTRL)
    assert "Copied the card code" in gallery.messages[-1][1]
    code = Clipboard.get()
    assert code.startswith(card_code.PREFIX) and card_code.decode(code) == record
    driver.key(pygame.K_DELETE)
    driver.key(pygame.K_RETURN)  # yes, delete
    assert not gallery.library.entries
    driver.click(gallery.buttons["Paste code"].rect.center)
    assert [e.record for e in gallery.library.entries.values()] == [record]
    assert gallery.messages[-1] == ("info", "Imported “Grave Warden”.")
    assert gallery.selected == record["id"] and (paths.custom_cards_dir() / f"{record['id']}.json").is_file()


@pytest.mark.parametrize("hostile", [
    "AN1-" + "A" * 5000,  # huge
    card_code.encode(CardDraft(name="Grave Warden").to_record())[:-4],  # cut short
    card_code.encode(CardDraft(name="Grave\u202eWarden").to_record()),  # a bidirectional override
    card_code.encode(dict(CardDraft(name="Grave Warden").to_record(), cost=99)),  # the engine refuses it
])
def test_a_hostile_code_on_the_clipboard_is_refused_and_nothing_is_saved(driver, hostile):
    gallery = gallery_with(driver, "Bell Ringer")
    before = sorted(p.name for p in paths.custom_cards_dir().iterdir())
    Clipboard.put(hostile)
    driver.key(pygame.K_v, CTRL)
    kind, message = gallery.messages[-1]
    assert kind == "error" and "not imported" in message and "Nothing was changed" in message
    assert "\u202e" not in message and len(message) < 500
    assert sorted(p.name for p in paths.custom_cards_dir().iterdir()) == before
    assert [e.name for e in gallery.entries] == ["Bell Ringer"]
    driver.frames(2)
    assert not driver.app.error_text


def test_with_nothing_on_the_clipboard_paste_opens_a_dialog_that_checks_the_code(driver):
    gallery = gallery_with(driver)
    code = card_code.encode(CardDraft(name="Grave Warden").to_record())
    Clipboard.system_ok = False  # a system without a clipboard: the game's own, empty
    driver.click(gallery.buttons["Paste code"].rect.center)
    dialog = driver.scene
    assert isinstance(dialog, DialogScene) and dialog.name == "paste"
    driver.type(code[:-2])
    assert not dialog.buttons[0].enabled and "cut short" in dialog.problem
    driver.type(code[-2:])
    assert dialog.buttons[0].enabled
    driver.key(pygame.K_RETURN)
    assert driver.scene is gallery and [e.name for e in gallery.entries] == ["Grave Warden"]


def test_without_a_clipboard_copy_shows_the_code_to_copy_by_hand(driver, monkeypatch):
    gallery = gallery_with(driver, "Grave Warden")
    driver.click(gallery.tile_rects()[1].center)

    def no_clipboard(text):
        raise pygame.error("No clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    driver.click(gallery.buttons["Copy code"].rect.center)
    dialog = driver.scene
    assert isinstance(dialog, DialogScene) and dialog.name == "code"
    assert card_code.decode(dialog.field.text) == gallery.library.entries[gallery.selected].record
    assert "cannot be reached" in gallery.messages[-1][1]


def test_the_editor_copies_the_code_of_the_card_as_it_is_now(driver):
    gallery = gallery_with(driver, "Grave Warden")
    driver.click(gallery.tile_rects()[1].center, clicks=2)
    edit = driver.scene
    assert isinstance(edit, EditScene)
    copy = edit.buttons[3]
    assert copy.label == "Copy code" and copy.enabled
    driver.click(edit.flavour_field.rect.center)
    driver.key(pygame.K_a, CTRL)
    driver.type("Changed, not saved.")
    driver.key(pygame.K_k, CTRL)
    assert "Copied the card code" in edit.status
    assert card_code.decode(Clipboard.get())["flavour"] == {"en": "Changed, not saved."}
    assert edit.code == Clipboard.get()  # the code shown under the preview is the one copied
    driver.click(edit.name_field.rect.center)
    driver.key(pygame.K_a, CTRL)
    driver.key(pygame.K_BACKSPACE)  # no name: no card, no code
    assert not edit.buttons[3].enabled and edit.code == ""


def test_a_card_pack_prints_from_the_card_packs_screen(driver, tmp_path):
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene

    gallery_with(driver)
    driver.key(pygame.K_p)  # the card packs screen
    packs = driver.scene
    assert isinstance(packs, PacksScene)
    assert not packs.buttons["Print…"].enabled  # no pack yet
    packs.load_example()
    driver.frames()
    assert packs.buttons["Print…"].enabled
    driver.key(pygame.K_p, CTRL)
    dialog = driver.scene
    assert isinstance(dialog, PrintDialog) and [r["id"] for r in dialog.records] == [
        r["id"] for r in packs.shelf.packs[packs.selected].records]
    replace_field(driver, str(tmp_path / "pack"))
    driver.key(pygame.K_RETURN)
    assert driver.scene is packs and "Saved 3 cards to print" in packs.messages[-1][1]
    assert len(PdfReader(str(tmp_path / "pack.pdf")).pages[0].images) == 3
