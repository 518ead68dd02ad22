"""Issue 29: two card packs with the same name. The ritual's pack selector tells them apart by id
(every pack stays reachable), shows each under a distinct name, and a chosen pack stays the one
chosen after the Card editor was visited."""

from __future__ import annotations

import json
import time

import pygame

from aleph_null_desktop.storage import paths
from aleph_null_desktop.ui.editor.packs_scene import PacksScene, example_pack_path
from aleph_null_desktop.ui.grimoire.own_cards import OwnCardsDialog

from .conftest import click, frames, key
from .test_own_cards import hit_rect, open_circle_spread

NAME = "Example: the Churchyard"


def place_packs() -> None:
    doc = json.loads(example_pack_path().read_text(encoding="utf-8"))
    folder = paths.card_packs_dir()
    for stem, description, name in (("churchyard_a", "the first", NAME), ("churchyard_b", "the second", NAME),
                                    ("zz_last", "after them", "Zz the last")):
        (folder / f"{stem}.json").write_text(json.dumps({**doc, "name": name, "description": description}),
                                             encoding="utf-8")


def test_packs_of_the_same_name_are_each_reachable_shown_apart_and_kept_by_id(app):
    place_packs()
    book = open_circle_spread(app)
    for _ in range(300):  # new packs are read off the frame loop
        if not book.shelf.loading:
            break
        frames(app)
    click(app, hit_rect(book, ("own",)).center)
    sheet = app.stack.top
    assert isinstance(sheet, OwnCardsDialog)
    seen = []
    for _ in range(4):  # P goes round: three packs, then the printed cards
        key(app, pygame.K_p)
        seen.append(book.choice.pack.id if book.choice.pack else None)
    assert seen == ["churchyard_a", "churchyard_b", "zz_last", None]
    labels = []
    for _ in range(3):
        key(app, pygame.K_p)
        labels.append(book.choice.pack_label())
    assert len(set(labels)) == 3 and labels[2] == "Zz the last"
    key(app, pygame.K_p)
    key(app, pygame.K_p)
    key(app, pygame.K_p)
    assert book.choice.pack.id == "churchyard_b"
    key(app, pygame.K_RETURN)
    book._library_stale = True  # back from the Card editor: the packs are read again
    frames(app, 2)
    assert book.choice.pack is not None and book.choice.pack.id == "churchyard_b"
    assert book.context.own.pack == book.choice.pack_label() != NAME
    assert app.failed_frames == 0


def test_the_pack_screen_lists_packs_of_the_same_name_apart(app):
    place_packs()
    app.stack.replace_all(PacksScene(app))
    frames(app, 2)
    for _ in range(2000):  # the folder is read off the frame loop
        if not app.stack.top.busy:
            break
        time.sleep(0.005)
        frames(app)
    names = [name for _id, name, _detail, _usable in app.stack.top.rows()]
    assert len(set(names)) == 3 and sum(NAME in name for name in names) == 2
