"""The Grimoire on screen: the page turn animates and lands, a Circle chosen with real mouse
events starts the table on that Circle, F1 opens the book over the table and closes it again."""

import hashlib
from unittest.mock import MagicMock

import pygame

from aleph_null_desktop.engine import new_game
from aleph_null_desktop.engine.events import Event
from aleph_null_desktop.ui.grimoire import TableGrimoire, open_new_ritual, open_reference
from aleph_null_desktop.ui.grimoire.turn import PageTurn, leaf_geometry
from aleph_null_desktop.ui.table.scene import TableScene

from .conftest import click, frames, key


def snapshot(surface, rect=None) -> str:
    area = surface.subsurface(rect) if rect else surface
    return hashlib.sha1(pygame.image.tobytes(area, "RGB")).hexdigest()


def test_leaf_geometry_foreshortens_and_crosses_the_spine():
    flat = leaf_geometry(0.0)
    assert abs(flat[-1][0] - 1.0) < 1e-9  # flat: full width on its own side
    mid = leaf_geometry(1.3)
    assert 0 < mid[-1][0] < 0.5  # lifted: foreshortened
    landed = leaf_geometry(3.14159)
    assert landed[-1][0] < -0.99  # landed on the other side
    curl = [g[2] for g in mid]
    assert curl[-1] > curl[0]  # the outer edge leads: the page curls


def test_page_turn_animates_and_lands_on_the_right_page(app):
    app.show_title()
    scene = open_new_ritual(app)
    frames(app)
    screen = app.screen
    book_rect = scene.left_rect.union(scene.right_rect)
    start = snapshot(screen, book_rect)
    assert scene.page == "cover"
    key(app, pygame.K_RETURN)  # open the book
    assert isinstance(scene.turn, PageTurn) and scene.turn.end == "circles"
    seen = []
    while scene.turn is not None:
        frames(app, dt=0.1)
        seen.append(snapshot(screen, book_rect))
    end = snapshot(screen, book_rect)
    assert scene.page == "circles"
    middle = seen[: len(seen) // 2 + 1][1:]
    assert middle and all(s not in (start, end) for s in middle)
    assert len(set(seen)) >= 4  # it moves frame by frame
    # and back again, the other way
    key(app, pygame.K_LEFT)
    assert scene.turn is not None and not scene.turn.forward
    frames(app, 12, dt=0.1)
    assert scene.page == "cover"


def test_choosing_a_circle_with_the_mouse_starts_that_ritual(app):
    app.show_title()
    scene = open_new_ritual(app)
    frames(app)
    pygame.event.clear()
    click(app, scene.right_rect.center)  # the cover opens
    frames(app, 12, dt=0.1)
    assert scene.page == "circles"
    plate = next(rect.move(scene.right_rect.topleft) for action, side, rect in scene.spread("circles").hits
                 if action == ("circle", "grand_master"))
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=plate.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=plate.center, button=1, clicks=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=plate.center, button=1, clicks=1))
    frames(app)
    assert scene.chosen == "grand_master"
    assert scene.turn is not None and scene.turn.end == "hour1"  # R3.3: the page turns to Sunset
    for _ in range(40):
        if isinstance(app.stack.top, TableScene):
            break
        frames(app, dt=0.1)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.circle_id == "grand_master" and table.game.circle == "grand_master"
    assert table.game.hour == 1


def test_escape_on_the_cover_goes_back_to_the_title(app):
    app.show_title()
    title = app.stack.top
    open_new_ritual(app)
    frames(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_reference_opens_over_the_table_and_closes_back_to_it(app):
    game = new_game(seed=11, circle="adept")
    app.play(game, "adept")
    frames(app, 3, dt=0.05)
    table = app.stack.top
    before = game.to_dict()
    book = open_reference(app)
    frames(app)
    assert app.stack.top is book and book.page == "contents" and book.overlay
    key(app, pygame.K_RIGHT)
    frames(app, 12, dt=0.1)
    assert book.page.startswith("ref-")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table and table.game is game
    assert game.to_dict() == before


def test_contents_line_turns_to_its_chapter(app):
    app.show_title()
    book = open_reference(app)
    frames(app)
    faq = next(rect.move(book.left_rect.topleft) for action, side, rect in book.spread("contents").hits
               if action == ("goto", book.art.chapter_spread("faq")))
    click(app, faq.center)
    frames(app, 12, dt=0.1)
    assert book.page == book.art.chapter_spread("faq")


def test_the_table_grimoire_turns_on_hour_events_and_judgement(app):
    game = new_game(seed=3, circle="master")
    widget = TableGrimoire(app, pygame.Rect(24, 24, 300, 158), game, "master")
    assert widget.page == "hour1"
    surface = app.screen
    widget.draw(surface)
    start = snapshot(surface, widget.rect)
    widget.on_events([Event("hour", {"hour": 2, "roman": "II", "name": "Twilight", "last_hour": 6})], game)
    assert widget.turning
    widget.update(0.3)
    surface.fill((0, 0, 0))
    widget.draw(surface)
    middle = snapshot(surface, widget.rect)
    widget.update(1.0)
    assert not widget.turning and widget.page == "hour2"
    widget.draw(surface)
    end = snapshot(surface, widget.rect)
    assert len({start, middle, end}) == 3

    class Over:  # a finished game, as the engine reports it
        hour, last_hour, circle = 4, 6, "master"
        outcome = type("O", (), {"won": True, "score": 7, "rank": "Grand Master", "message": "", "hour": 4})()

    widget.on_events([Event("game_over", {"won": True})], Over())
    widget.update(2.0)
    assert widget.page == "hierarchy" and widget.context.outcome[2] == "Grand Master"


def test_page_turn_sound_is_asked_for_when_there_is_audio(app):
    app.audio = MagicMock()  # stands in for audio.AudioSystem
    app.show_title()
    scene = open_new_ritual(app)
    scene.step(+1)
    app.audio.play_sfx.assert_called_once_with("page_turn")
    frames(app, 12, dt=0.1)
    app.audio = None  # no audio device: a silent turn, no error
    scene.step(-1)
    frames(app, 12, dt=0.1)
    assert scene.page == "cover"
