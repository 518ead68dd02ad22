"""Issue 29: card packs are read once per change (remembered by size and modification time), the
Grimoire's ritual page reads new ones off the frame loop, and a pack of far too many cards is
refused before any walk over its values."""

from __future__ import annotations

import json
import threading
import time

import pygame

from aleph_null_desktop import cardpacks
from aleph_null_desktop.cardpacks import PackShelf
from aleph_null_desktop.storage import files, paths
from aleph_null_desktop.ui.editor.packs_scene import example_pack_path

from .conftest import frames
from .test_own_cards import open_circle_spread


def place(n: int) -> None:
    doc = json.loads(example_pack_path().read_text(encoding="utf-8"))
    for i in range(n):
        (paths.card_packs_dir() / f"pack_{i}.json").write_text(json.dumps({**doc, "name": f"Pack {i}"}),
                                                               encoding="utf-8")


def counting_reads(monkeypatch) -> list:
    reads = []
    real = cardpacks.read_pack_doc
    monkeypatch.setattr(cardpacks, "read_pack_doc", lambda path: (reads.append(path.name), real(path))[1])
    return reads


def test_an_unchanged_pack_is_not_read_again_and_a_changed_one_is(monkeypatch):
    place(3)
    reads = counting_reads(monkeypatch)
    PackShelf().load()
    assert sorted(reads) == ["pack_0.json", "pack_1.json", "pack_2.json"]
    shelf = PackShelf()
    shelf.load()
    assert len(reads) == 3 and len(shelf.packs) == 3  # remembered
    path = paths.card_packs_dir() / "pack_1.json"
    path.write_text(path.read_text(encoding="utf-8").replace("Pack 1", "Pack One"), encoding="utf-8")
    shelf.load()
    assert reads[3:] == ["pack_1.json"] and shelf.packs["pack_1"].name == "Pack One"


def test_the_ritual_page_reads_new_packs_off_the_frame_loop(app, monkeypatch):
    place(4)
    release = threading.Event()
    on_main = []
    real = cardpacks.read_pack_doc

    def slow_read(path):  # a 1 MB pack takes its time; the frame loop must not wait for it
        on_main.append(threading.current_thread() is threading.main_thread())
        release.wait(20)
        return real(path)

    monkeypatch.setattr(cardpacks, "read_pack_doc", slow_read)
    book = open_circle_spread(app)  # opens and turns to the Circles while the packs are read
    assert book.shelf.loading and book.context.own.packs == 0
    release.set()
    give_up = time.monotonic() + 20  # frames of a still book cost next to nothing: the reading thread is waited for by the clock
    while book.shelf.loading and time.monotonic() < give_up:
        frames(app)
        time.sleep(0.005)
    assert not book.shelf.loading and len(book.shelf.packs) == 4 and book.context.own.packs == 4
    assert on_main and not any(on_main)
    assert app.failed_frames == 0


def test_a_pack_of_far_too_many_cards_is_refused_before_any_walk(tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"schema": 1, "cards": [' + b",".join([b"{}"] * 330_000) + b"]}")
    walked = []
    real = files.deep_problem
    monkeypatch.setattr(files, "deep_problem", lambda *a, **k: (walked.append(1), real(*a, **k))[1])
    result, problem = cardpacks.read_pack(path)
    assert result is None and "330000 cards" in problem and not walked


def test_a_pack_nested_too_deep_for_the_limit_but_not_for_python_is_refused_in_words(tmp_path):
    doc = json.loads(example_pack_path().read_text(encoding="utf-8"))
    doc["cards"][0]["flavour"] = json.loads("[" * 30 + "]" * 30)
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result, problem = cardpacks.read_pack(path)
    assert result is None and problem == "it is nested more than 16 levels deep"


def test_the_pack_screen_draws_frames_while_a_slow_pack_is_read_and_loaded(app, monkeypatch):
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene

    place(2)
    release = threading.Event()
    on_main = []
    real = cardpacks.read_pack_file

    def slow_read(path):  # the folder's packs and a dropped one: read while the frame loop goes on
        on_main.append(threading.current_thread() is threading.main_thread())
        release.wait(20)
        return real(path)

    monkeypatch.setattr(cardpacks, "read_pack_file", slow_read)
    drawn = []
    real_draw = PacksScene.draw
    monkeypatch.setattr(PacksScene, "draw", lambda self, surface: (drawn.append(self.busy), real_draw(self, surface)))
    app.stack.replace_all(PacksScene(app))  # its first opening reads the two new packs
    screen = app.stack.top
    frames(app, 3)
    assert screen.busy and drawn[-3:] == [True, True, True] and not screen.shelf.packs
    assert screen.reading_words() == "Reading the card packs folder…"
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(example_pack_path())))
    frames(app, 3)  # dropped while the folder is read: it waits its turn, the frames go on
    assert screen.busy and drawn[-1] and app.failed_frames == 0
    release.set()
    for _ in range(400):
        frames(app)
        if not screen.busy and not screen._waiting:
            break
        time.sleep(0.005)
    assert sorted(screen.shelf.packs) == ["example_the_churchyard", "pack_0", "pack_1"]
    assert screen.selected == "example_the_churchyard" and screen.messages[-1][0] == "info"
    assert on_main and not any(on_main)  # every pack was read off the frame loop
    assert app.failed_frames == 0


def test_a_large_pack_dropped_on_the_pack_screen_is_refused_without_holding_a_frame(app, monkeypatch, tmp_path):
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene

    path = tmp_path / "huge.json"
    path.write_bytes(b'{"schema": 1, "cards": [' + b",".join([b"{}"] * 330_000) + b"]}")
    release = threading.Event()
    on_main = []
    real = cardpacks.read_pack_file

    def slow_read(source):
        on_main.append(threading.current_thread() is threading.main_thread())
        release.wait(20)
        return real(source)

    app.stack.replace_all(PacksScene(app))
    screen = app.stack.top
    frames(app)
    monkeypatch.setattr(cardpacks, "read_pack_file", slow_read)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 3)
    assert screen.busy and screen.reading_words() == "Reading the card pack…"
    assert not screen.buttons["Remove"].enabled and not screen.buttons["Refresh"].enabled
    release.set()
    for _ in range(400):
        frames(app)
        if not screen.busy:
            break
        time.sleep(0.005)
    kind, text = screen.messages[-1]
    assert kind == "error" and "330000 cards" in text and not screen.shelf.packs
    assert on_main == [False] and app.failed_frames == 0
