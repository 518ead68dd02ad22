"""A new ritual with the player's own cards, chosen on the Grimoire's Circle spread with real
mouse events: the sheet of custom cards, the printed card each replaces, the Circle that can take
them, the engine's set-aside interference, and the autosave that brings the same cards back."""

from __future__ import annotations

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.editor import Action, CardDraft, Library
from aleph_null_desktop.engine import EndTurn
from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
from aleph_null_desktop.ui.grimoire import GrimoireScene, open_new_ritual
from aleph_null_desktop.ui.grimoire.own_cards import OwnCardsDialog
from aleph_null_desktop.ui.table.scene import TableScene

from .conftest import click, frames, key

IMP = "custom_ash_imp"
CHOIR = "custom_bone_choir"


def make_cards() -> None:
    library = Library()
    library.load()
    library.save(CardDraft(name="Ash Imp", level=1, side="hell", cost=1,
                           ongoing=[{"op": "hand_size", "amount": -1}],
                           actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}])]))
    library.save(CardDraft(name="Bone Choir", level=2, side="church", cost=2,
                           actions=[Action([{"op": "pay", "amount": 3}], [{"op": "scrap_self"}])]))


def hit_rect(book: GrimoireScene, action) -> pygame.Rect:
    """Where an action of the open spread is on screen."""
    for a, side, rect in book.spread(book.page).hits:
        if a == action:
            return rect.move(book.left_rect.topleft if side == "left" else book.right_rect.topleft)
    raise AssertionError(f"no {action} on the {book.page} spread: {[a for a, _, _ in book.spread(book.page).hits]}")


def open_circle_spread(app) -> GrimoireScene:
    app.show_title()
    frames(app)
    book = open_new_ritual(app)
    frames(app)
    click(app, book.right_rect.center)  # the cover opens
    frames(app, 12, dt=0.1)
    assert book.page == "circles"
    return book


def row(dialog: OwnCardsDialog, card_id: str) -> pygame.Rect:
    return next(rect for record, rect in dialog.row_rects() if record["id"] == card_id)


def wait_for_table(app) -> TableScene:
    for _ in range(60):
        if isinstance(app.stack.top, TableScene):
            break
        frames(app, dt=0.1)
    assert isinstance(app.stack.top, TableScene)
    return app.stack.top


def choose_imp_in_place_of_the_second_level_one_card(app) -> tuple[GrimoireScene, str]:
    """Circle spread → "Choose your cards…" → tick Ash Imp, ▸ once → Done. Returns the book and
    the printed card Ash Imp now replaces."""
    book = open_circle_spread(app)
    click(app, hit_rect(book, ("own",)).center)
    dialog = app.stack.top
    assert isinstance(dialog, OwnCardsDialog)
    click(app, row(dialog, IMP).move(40, 0).midleft)  # the tick box
    assert book.choice.chosen == [IMP] and book.choice.replaces == {IMP: "ill_omen"}
    click(app, dialog.parts(row(dialog, IMP))["next"].center)  # ▸: the next printed card
    replaced = book.choice.replaces[IMP]
    assert replaced == "church_bells"
    click(app, dialog.buttons[0].rect.center)  # Done
    assert app.stack.top is book
    assert book.context.own.chosen_words() == [("Ash Imp", 1, "Church Bells")]
    return book, replaced


def test_the_circle_page_names_the_replaced_card_in_the_language_of_the_moment(app):
    from aleph_null_desktop import i18n

    make_cards()
    book, _replaced = choose_imp_in_place_of_the_second_level_one_card(app)
    i18n.set_language("de")
    assert book.context.own.chosen_words() == [("Ash Imp", 1, "Kirchenglocken")]  # no German name: its English one


def test_a_custom_card_chosen_on_the_circle_page_is_set_aside_in_place_of_the_printed_one(app):
    make_cards()
    book, replaced = choose_imp_in_place_of_the_second_level_one_card(app)
    click(app, hit_rect(book, ("circle", "magus")).center)
    assert book.chosen == "magus" and book.turn.end == "hour1"
    table = wait_for_table(app)
    game = table.game
    set_aside = [c.card_id for c in game.zone("set_aside")]
    assert game.circle == "magus" and IMP in set_aside and replaced not in set_aside
    assert [game.cards[c].level for c in set_aside] == [1, 1, 2, 2]
    assert CHOIR not in set_aside  # not ticked: never in the ritual
    assert game.cards[IMP].ongoing == ({"op": "hand_size", "amount": -1},)  # it plays as its data says
    assert not app.error_text


def test_a_circle_without_room_for_the_cards_is_refused_with_a_reason(app):
    make_cards()
    book = open_circle_spread(app)
    key(app, pygame.K_o)
    dialog = app.stack.top
    assert isinstance(dialog, OwnCardsDialog)
    click(app, row(dialog, CHOIR).move(40, 0).midleft)
    key(app, pygame.K_RETURN)
    assert app.stack.top is book and book.choice.chosen == [CHOIR]
    click(app, hit_rect(book, ("circle", "adept")).center)  # the Adept sets aside level I only
    assert book.chosen is None and book.turn is None
    assert "no level-II interference" in book.notice_text
    key(app, pygame.K_5)  # the Prince has two level-II places
    assert book.chosen == "prince"
    table = wait_for_table(app)
    assert CHOIR in [c.card_id for c in table.game.zone("set_aside")]


def test_no_more_cards_of_a_level_than_any_circle_sets_aside(app):
    library = Library()
    library.load()
    for name in ("One", "Two", "Three"):
        library.save(CardDraft(name=f"Choir {name}", level=2, side="church"))
    book = open_circle_spread(app)
    key(app, pygame.K_o)
    dialog = app.stack.top
    for record, rect in list(dialog.row_rects()):
        click(app, rect.move(40, 0).midleft)
    assert len(book.choice.chosen) == 2
    assert dialog.message[0] == "error" and "more than 2 level-II" in dialog.message[1]
    assert len(set(book.choice.replaces.values())) == 2  # two different printed cards replaced


def test_without_custom_cards_the_page_leads_to_the_card_editor_and_back(app):
    book = open_circle_spread(app)
    assert book.context.own.count == 0
    link = hit_rect(book, ("editor",))
    click(app, link.center)
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene)
    make_cards()  # as if made in the editor
    key(app, pygame.K_ESCAPE)  # back to the book
    frames(app)
    assert app.stack.top is book and book.context.own.count == 2
    hit_rect(book, ("own",))  # the link now opens the sheet of cards


def test_a_ritual_with_custom_cards_continues_with_the_same_cards(app):
    app.persist = True
    make_cards()
    book, replaced = choose_imp_in_place_of_the_second_level_one_card(app)
    key(app, pygame.K_2)  # the Magus
    table = wait_for_table(app)
    assert table.submit(EndTurn())
    record, messages = storage.load_autosave()
    assert messages == [] and [c["id"] for c in record["cards"]["cards"]] == [IMP]
    assert record["options"]["interference_pool"]["1"][0] == IMP
    before = table.game.to_dict()
    _delete(IMP)  # the card leaves the library: the save keeps its own copy
    app.show_title()
    frames(app)
    assert app.continue_game()
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.game is not table.game
    assert resumed.game.to_dict() == before
    set_aside = [c.card_id for c in resumed.game.zone("set_aside")]
    assert IMP in set_aside and replaced not in set_aside
    assert not app.error_text


def _delete(card_id: str) -> None:
    library = Library()
    library.load()
    library.delete(card_id)
    again = Library()
    again.load()
    assert card_id not in again.entries


def test_the_circle_spread_draws_each_state(app):
    """The page art for none / some custom cards, and with cards ticked (plates marked)."""
    book = open_circle_spread(app)
    empty = book.spread("circles")
    make_cards()
    book._load_library()
    book.own_changed()
    some = book.spread("circles")
    book.choice.toggle(CHOIR)
    book.own_changed()
    ticked = book.spread("circles")
    frames(app)
    assert len({id(empty.left), id(some.left), id(ticked.left)}) == 3
    assert {a for a, _, _ in ticked.hits} >= {("own",), ("circle", "adept"), ("circle", "prince")}
