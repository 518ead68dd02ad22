"""A card pack chosen for one ritual on the Grimoire's Circle page (the sheet of own cards, P or
the ◂ ▸ selector): its cards are in the game, its name in the table's log, in Judgement, in the
statistics and in the autosave that Continue brings back."""

from __future__ import annotations

import pygame

from aleph_null_desktop import i18n, storage
from aleph_null_desktop.cardpacks import PackShelf, pack_name
from aleph_null_desktop.engine import EndTurn
from aleph_null_desktop.ui.editor.packs_scene import example_pack_path
from aleph_null_desktop.ui.grimoire.own_cards import OwnCardsDialog
from aleph_null_desktop.ui.scenes.judgement import JudgementScene

from .conftest import click, frames, key
from .test_own_cards import hit_rect, open_circle_spread, wait_for_table

NAME = "Example: the Churchyard"
GERMAN_NAME = "Beispiel: der Kirchhof"


def test_a_pack_chosen_on_the_circle_page_plays_and_is_named_everywhere(app):
    app.persist = True
    PackShelf().add(example_pack_path())
    book = open_circle_spread(app)
    assert book.context.own.packs == 1
    click(app, hit_rect(book, ("own",)).center)  # no own cards, but a pack: the sheet opens
    sheet = app.stack.top
    assert isinstance(sheet, OwnCardsDialog)
    click(app, sheet.pack_parts()["pack_next"].center)
    assert book.choice.pack.name == NAME
    key(app, pygame.K_p)  # round again: the printed cards
    assert book.choice.pack is None
    key(app, pygame.K_p)
    assert book.choice.pack.name == NAME
    key(app, pygame.K_RETURN)
    assert app.stack.top is book and book.context.own.pack == NAME
    listed = [i18n.localized(dict(name)) for level in book.context.own.interference for name in level]
    assert "Church Bells at Midnight" in listed and "Church Bells" not in listed  # the pack's, not the printed
    key(app, pygame.K_1)  # the Adept
    table = wait_for_table(app)
    game = table.game
    assert pack_name(game) == NAME and game.cards["church_bells"].name == "Church Bells at Midnight"
    assert any(NAME in line for line in table.log.lines), table.log.lines
    assert table.submit(EndTurn())
    app.flush_autosave()  # the writer thread has put the move on disk
    record, _messages = storage.load_autosave()
    assert record["options"]["card_pack"] == {"en": NAME, "de": GERMAN_NAME}  # every language kept
    app.show_title()
    frames(app)
    assert app.continue_game()
    resumed = app.stack.top.game
    assert pack_name(resumed) == NAME and resumed.cards["church_bells"].name == "Church Bells at Midnight"
    assert any(NAME in line for line in app.stack.top.log.lines)
    assert i18n.set_language("de") is None  # the pack's name follows the player's language
    assert pack_name(resumed) == GERMAN_NAME
    assert any(GERMAN_NAME in line for line in app.stack.top.log.lines), app.stack.top.log.lines
    assert i18n.set_language("en") is None
    import random

    from aleph_null_desktop.ai.simulate import make_player

    player, rng = make_player("greedy"), random.Random(1)
    for _ in range(2000):  # the ritual played to its end
        if resumed.outcome is not None:
            break
        resumed.apply(player.choose_command(resumed, rng))
    app.game_changed(resumed, "adept")
    history = storage.load_stats()[0]["history"]
    assert history[-1]["pack"] == NAME
    app.show_judgement(resumed, "adept")
    frames(app, 2)
    assert isinstance(app.stack.top, JudgementScene) and not app.error_text


def test_the_book_opens_for_a_new_ritual_when_the_data_folder_cannot_be_written(app, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    book = open_circle_spread(app)
    assert book.context.own.count == 0 and book.context.own.packs == 0
    key(app, pygame.K_1)
    table = wait_for_table(app)
    assert table.game.circle == "adept" and not app.error_text
