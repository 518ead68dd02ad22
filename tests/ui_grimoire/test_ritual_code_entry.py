"""Ritual codes in the game (issue 27): Judgement and the pause menu show the ritual's code and
copy it; the Grimoire's Circle page takes a typed or pasted code and deals the same ritual, with
the card set it names (or says what is missing). Real pygame events through the app's loop."""

from __future__ import annotations

import random

import pygame

from aleph_null_desktop.cardpacks import PackShelf, pack_name
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.engine.model import ZONES
from aleph_null_desktop.rituals.code import RitualCode, code_of_game
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.editor.packs_scene import example_pack_path
from aleph_null_desktop.ui.editor.textfield import Clipboard
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.scenes.pause import PauseScene

from .conftest import click, frames, key
from .test_own_cards import CHOIR, IMP, hit_rect, make_cards, open_circle_spread, wait_for_table

PACK = "Example: the Churchyard"


def hand(game):
    return [c.card_id for c in game.zone("hand")]


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app)


def finished_game(seed: int, circle: str):
    game, rng = new_game(seed=seed, circle=circle), random.Random(seed)
    while game.outcome is None:
        game.apply(rng.choice(game.legal_commands()))
    return game


def test_judgement_shows_and_copies_the_code_and_the_grimoire_deals_it_again(app):
    played = finished_game(4242, "master")
    app.show_judgement(played, "master")
    frames(app, 2)
    judgement = app.stack.top
    assert isinstance(judgement, JudgementScene) and judgement.code == str(RitualCode("master", 4242))
    Clipboard.put("something else")
    key(app, pygame.K_c)
    assert Clipboard.get() == judgement.code
    copy_button = next(b for b in judgement.buttons if b.key_hint == "C")
    Clipboard.put("something else")
    click(app, copy_button.rect.center)
    assert Clipboard.get() == judgement.code and copy_button.detail == "copied"

    book = open_circle_spread(app)
    click(app, hit_rect(book, ("code",)).center)  # "Enter a ritual code…"
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.field.text == judgement.code  # the clipboard's code is offered
    key(app, pygame.K_RETURN)
    table = wait_for_table(app)
    fresh = new_game(seed=4242, circle="master")
    assert table.game.circle == "master" and table.game.to_dict() == fresh.to_dict()  # the same deal, R3
    assert str(code_of_game(table.game)) == judgement.code


def test_a_mistyped_code_is_refused_with_a_reason_and_can_be_corrected(app):
    book = open_circle_spread(app)
    Clipboard.put("")
    key(app, pygame.K_c)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.field.text == ""
    assert dialog.problem == "Type or paste a ritual code." and not dialog.buttons[0].enabled
    good = str(RitualCode("prince", 777))
    type_text(app, good[:-1] + ("A" if good[-1] != "A" else "B"))
    assert "mistake" in dialog.problem
    key(app, pygame.K_RETURN)  # refused: the dialog stays, nothing starts
    assert app.stack.top is dialog and book.chosen is None
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    Clipboard.put(good.lower())
    key(app, pygame.K_v, pygame.KMOD_CTRL)  # paste over it
    assert dialog.problem is None
    key(app, pygame.K_RETURN)
    table = wait_for_table(app)
    assert table.game.circle == "prince" and hand(table.game) == hand(new_game(seed=777, circle="prince"))


def test_a_code_with_a_card_pack_names_it_and_says_when_it_is_missing(app):
    code = str(RitualCode("adept", 31337, pack=PACK))
    assert "pack:Example" in code
    book = open_circle_spread(app)
    Clipboard.put("")
    key(app, pygame.K_c)
    dialog = app.stack.top
    type_text(app, code)
    assert dialog.problem and PACK in dialog.problem and "not among your card packs" in dialog.problem
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is book
    PackShelf().add(example_pack_path())
    book = open_circle_spread(app)
    key(app, pygame.K_c)
    type_text(app, code)
    assert app.stack.top.problem is None
    key(app, pygame.K_RETURN)
    table = wait_for_table(app)
    assert pack_name(table.game) == PACK and table.game.cards["church_bells"].name == "Church Bells at Midnight"
    assert str(code_of_game(table.game)) == code
    key(app, pygame.K_ESCAPE)  # the pause menu shows the same code and copies it
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.code == code
    key(app, pygame.K_c)
    assert Clipboard.get() == code


def test_a_ritual_with_own_cards_gets_a_code_that_deals_the_same_set_aside_cards(app):
    make_cards()
    book = open_circle_spread(app)
    key(app, pygame.K_o)
    sheet = app.stack.top
    row = next(rect for record, rect in sheet.row_rects() if record["id"] == IMP)
    click(app, row.move(40, 0).midleft)
    click(app, sheet.buttons[0].rect.center)
    key(app, pygame.K_2)  # the Magus
    first = wait_for_table(app).game
    code = code_of_game(first)
    assert code.own == ((IMP, "ill_omen"),) and CHOIR not in str(code)
    book = open_circle_spread(app)  # a new book: nothing ticked
    assert book.choice.chosen == []
    key(app, pygame.K_c)
    type_text(app, str(code))
    key(app, pygame.K_RETURN)
    again = wait_for_table(app).game
    assert [again.zone(z) for z in ZONES] == [first.zone(z) for z in ZONES] and IMP in [c.card_id for c in again.zone("set_aside")]
