"""Paths the player types or drops, made hostile: a name too long for the system, a path longer
than the system allows, a NUL, ``~someone`` who does not exist, a loop of symbolic links, a
folder where a file is meant, a trailing slash, names Windows keeps for itself. Every dialog that
takes a path (export, import, load a card pack) and a drop on each screen answers with a message
in words, through real events, and no frame fails."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop import safe_text
from aleph_null_desktop.cardpacks import PackShelf
from aleph_null_desktop.editor import CardDraft, Library
from aleph_null_desktop.editor.library import EditorError, export_path
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
from aleph_null_desktop.ui.editor.packs_scene import PacksScene


@pytest.fixture
def place(tmp_path, monkeypatch):
    """A working folder with a symbolic-link loop and a folder called like a card file."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "folder.json").mkdir()
    return tmp_path


def hostile(place) -> dict[str, str]:
    return {
        "a name of 252 letters (257 with .json)": "x" * 252,
        "a name of 300 letters": "y" * 300,
        "a name of 150 two-byte letters": "é" * 150,
        "an unknown home": "~nosuchplayer_zz/card.json",
        "a loop of links": str(place / "loop" / "card.json"),
        "a folder named .json": str(place / "folder.json"),
        "a trailing slash": str(place / "home") + "/",
        "a reserved name": "CON",
        "a reserved name with .json": "nul.json",
        "only a slash": "/",
    }


#: what a text field never holds (it drops control characters) but a drop or a caller may pass
UNTYPABLE = {"a NUL": "card\x00.json", "a path of 6,000 letters": "/".join(["z" * 200] * 30)}


def assert_said_in_words(message: str) -> None:
    assert message and safe_text.char_problem(message) is None and len(message) < 600, message
    assert "Errno" not in message and "Traceback" not in message, message


def open_gallery(driver) -> GalleryScene:
    library = Library()
    library.load()
    library.save(CardDraft(name="Ash Imp", level=1))
    gallery = GalleryScene(driver.app)
    driver.app.stack.replace_all(gallery)
    driver.frames()
    driver.click(gallery.tile_rects()[1].center)
    return gallery


def type_into_dialog(driver, text: str) -> DialogScene:
    dialog = driver.scene
    assert isinstance(dialog, DialogScene) and dialog.field is not None
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.post(pygame.TEXTINPUT, text=text)
    driver.frames()
    return dialog


def test_every_hostile_export_name_is_refused_as_it_is_typed_and_by_the_library(driver, place):
    gallery = open_gallery(driver)
    for label, text in hostile(place).items():
        driver.click(gallery.buttons["Export…"].rect.center)
        dialog = type_into_dialog(driver, text)
        assert dialog.problem, (label, dialog.field.text)
        assert_said_in_words(dialog.problem)
        assert not dialog.buttons[0].enabled, label
        driver.key(pygame.K_RETURN)  # refused: the dialog stays
        assert driver.scene is dialog, label
        driver.key(pygame.K_ESCAPE)
        assert driver.scene is gallery and driver.app.failed_frames == 0, (label, driver.app.last_failure)
    for label, text in {**hostile(place), **UNTYPABLE}.items():
        with pytest.raises(EditorError) as refused:
            gallery.library.export(gallery.selected, text)
        assert_said_in_words(str(refused.value))
    assert sorted(p.name for p in place.iterdir()) == ["data", "folder.json", "home", "loop"]  # nothing written


def test_export_path_names_the_file_it_writes(place):
    assert export_path("  ~/imp ") == (place / "home" / "imp.json", None)
    assert export_path(str(place / "Imp.JSON")) == (place / "Imp.JSON", None)
    assert export_path("") == (None, "give a file name")


def refuse_each_typed_and_dropped(driver, screen, open_dialog, place) -> None:
    """Each hostile path typed into the screen's path dialog, then dropped on the screen: an error
    message in words each time, and no failed frame."""
    for label, text in {**hostile(place), **UNTYPABLE}.items():
        if label not in UNTYPABLE:
            open_dialog()
            type_into_dialog(driver, text)
            driver.key(pygame.K_RETURN)
            assert driver.scene is screen and screen.messages[-1][0] == "error", (label, screen.messages)
            assert_said_in_words(screen.messages[-1][1])
        driver.drop(text)
        assert screen.messages[-1][0] == "error", (label, screen.messages)
        assert_said_in_words(screen.messages[-1][1])
        assert driver.app.failed_frames == 0, (label, driver.app.last_failure)


def test_hostile_paths_to_import_and_to_load_a_pack_give_a_message_typed_or_dropped(driver, place):
    gallery = open_gallery(driver)
    refuse_each_typed_and_dropped(driver, gallery, lambda: driver.click(gallery.buttons["Import…"].rect.center), place)
    assert list(gallery.library.entries) == ["custom_ash_imp"]

    packs = PacksScene(driver.app)
    driver.app.stack.push(packs)
    refuse_each_typed_and_dropped(driver, packs, lambda: driver.key(pygame.K_l), place)
    assert not packs.shelf.packs and not PackShelf().load() and not PackShelf().packs
