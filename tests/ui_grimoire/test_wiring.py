"""The Grimoire wired into the game: the title opens it, F1 at the table pushes it and pops back
to the same table, the table's small Grimoire turns with the Hour, Judgement's F1 shows the rank."""

import pygame

from aleph_null_desktop.engine import Game
from aleph_null_desktop.ui.grimoire import GrimoireScene
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.scenes.title import TitleScene

from .conftest import click, frames, key


def _button(scene, label_start):
    return next(b for b in scene.buttons if b.label.startswith(label_start))


def test_title_new_ritual_opens_the_grimoire_at_its_cover_and_leads_to_the_table(app):
    app.show_title()
    frames(app)
    click(app, _button(app.stack.top, "New ritual").rect.center)
    book = app.stack.top
    assert isinstance(book, GrimoireScene) and book.mode == "ritual" and book.page == "cover"
    key(app, pygame.K_RETURN)
    frames(app, 12, dt=0.1)
    assert book.page == "circles"
    key(app, pygame.K_2)  # the Circle of the Magus
    frames(app, 20, dt=0.1)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.circle == "magus"
    assert table.grimoire.page == "hour1"


def test_title_rules_opens_the_contents_and_escape_returns(app):
    app.show_title()
    title = app.stack.top
    frames(app)
    click(app, _button(title, "Rules").rect.center)
    assert isinstance(app.stack.top, GrimoireScene) and app.stack.top.page == "contents"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title and isinstance(title, TitleScene)


def test_f1_pushes_the_grimoire_over_the_table_and_pops_back_to_it(app):
    game = Game.from_scenario({"hand": ["wax_candle", "sylph"], "deck": ["gnome"] * 3})
    app.play(game, "adept")
    frames(app, 5, dt=0.05)
    table = app.stack.top
    before = game.to_dict()
    key(app, pygame.K_F1)
    book = app.stack.top
    assert isinstance(book, GrimoireScene) and book.page == "contents"
    assert app.stack.scenes[-2] is table
    key(app, pygame.K_RIGHT)
    frames(app, 12, dt=0.1)
    key(app, pygame.K_F1)
    assert app.stack.top is table and len(app.stack.scenes) == 1
    assert table.game is game and game.to_dict() == before


def test_the_table_grimoire_turns_its_page_when_the_hour_advances(app):
    # nothing left to draw: ending the turn draws from an empty deck and advances the Hour (R5.1)
    game = Game.from_scenario({"hour": 2, "hand": [], "deck": [], "discard": ["wax_candle", "bell", "boline"]})
    app.play(game, "adept")
    frames(app, 5, dt=0.05)
    table = app.stack.top
    assert table.grimoire.page == "hour2"
    key(app, pygame.K_SPACE)
    assert game.hour == 3
    assert table.grimoire.turning and table.grimoire.turn.end == "hour3"
    frames(app, 20, dt=0.1)  # (the page waits for the Hour's new board, a few frames: ui.table.hour_change)
    assert table.grimoire.page == "hour3"
    click(app, table.grimoire.rect.center)  # the page opens the book at this Hour
    assert isinstance(app.stack.top, GrimoireScene) and app.stack.top.page == "hour3"


def test_judgement_f1_opens_the_hierarchy_page_with_the_rank(app):
    game = Game.from_scenario({"hour": 4, "play": ["book_of_pacts", "wand_of_power", "grand_circle"],
                               "hand": ["baphomet"]})
    app.play(game, "adept")
    frames(app, 5, dt=0.05)
    table = app.stack.top
    baphomet = next(c.uid for c in game.zone("hand") if c.card_id == "baphomet")
    from aleph_null_desktop.engine import Summon

    assert table.submit(Summon(baphomet))
    assert game.outcome.won
    assert table.grimoire.turn.end == "hierarchy"
    frames(app, 40, dt=0.05)
    assert isinstance(app.stack.top, JudgementScene)
    key(app, pygame.K_F1)
    book = app.stack.top
    assert isinstance(book, GrimoireScene) and book.page == "hierarchy"
    assert book.context.outcome[2] == game.outcome.rank
