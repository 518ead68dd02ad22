"""Opening the book over the table costs one frame (bench/frame.py grimoire-open): the line under
the book is drawn once for every opening, and the table lets its pictures go on the frame after
(the stack tells it `on_cover` in its next update). Each must show what drawing afresh shows."""

import pygame

from aleph_null_desktop.engine import new_game
from aleph_null_desktop.ui.grimoire import scene as grimoire_scene
from aleph_null_desktop.ui.grimoire.scene import GrimoireScene
from tests.drivers.window_picture import PresentEveryFrame
from tests.ui_grimoire.conftest import frames, key


def _rgb(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _table(app):
    app.play(new_game(seed=4, circle="adept"), "adept")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 90)
    return app.stack.top


def test_every_opening_shows_the_book_and_its_line_as_the_first_one_drew_them(app, monkeypatch):
    table = _table(app)
    window = PresentEveryFrame(app, monkeypatch)
    key(app, pygame.K_F1)
    book = app.stack.top
    assert isinstance(book, GrimoireScene)
    first = _rgb(app.screen)
    line = grimoire_scene._HINTS[book.art][1]
    frames(app, 10)
    key(app, pygame.K_ESCAPE)
    frames(app, 30)
    assert app.stack.top is table
    key(app, pygame.K_F1)  # the same table under it, the same spread: the same frame
    assert app.stack.top is not book and isinstance(app.stack.top, GrimoireScene)
    assert grimoire_scene._HINTS[book.art][1] is line, "the line under the book is drawn once"
    assert _rgb(app.screen) == first
    assert window.presented and not window.mismatches


def test_the_line_under_the_book_is_drawn_again_in_another_language(app):
    from aleph_null_desktop import i18n

    _table(app)
    key(app, pygame.K_F1)
    art = app.stack.top.art
    english = grimoire_scene._HINTS[art]
    key(app, pygame.K_ESCAPE)
    frames(app, 30)
    try:
        i18n.set_language("de")
        key(app, pygame.K_F1)
        german = grimoire_scene._HINTS[app.stack.top.art]
        assert german[0] != english[0] and german[1] is not english[1]
    finally:
        i18n.set_language("en")


def test_the_table_lets_its_pictures_go_on_the_frame_after_the_book_opened(app, monkeypatch):
    table = _table(app)
    covered = []
    real = table.on_cover
    monkeypatch.setattr(table, "on_cover", lambda: covered.append(1) or real())
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, GrimoireScene) and covered == []
    frames(app)
    assert covered == [1] and table.painter.bare.surface is None
    frames(app, 5)
    assert covered == [1], "told once"


def test_a_book_closed_on_the_frame_after_it_opened_leaves_the_table_as_a_fresh_paint(app, monkeypatch):
    table = _table(app)
    window = PresentEveryFrame(app, monkeypatch)
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)  # the table lets its pictures go as this frame begins, and shows again
    assert app.stack.top is table and table.painter.bare.surface is None
    frames(app, 30)
    painted = app.screen.copy()
    table.painter.refresh()
    app.request_frame()
    frames(app)
    assert _rgb(painted) == _rgb(app.screen)
    assert window.presented and not window.mismatches


def test_the_table_has_let_its_pictures_go_before_the_book_handles_the_next_frames_key(app, monkeypatch):
    table = _table(app)
    heard = []
    real_cover = table.on_cover
    monkeypatch.setattr(table, "on_cover", lambda: heard.append("cover") or real_cover())
    key(app, pygame.K_F1)
    book = app.stack.top
    real_event = book.handle_event
    monkeypatch.setattr(book, "handle_event", lambda event: heard.append("event") or real_event(event))
    key(app, pygame.K_RIGHT)  # a page turned on the frame after the opening: its spreads drawn anew
    assert heard[:2] == ["cover", "event"] and book.turn is not None
