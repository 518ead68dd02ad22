"""The Grimoire's opening drawn ahead (ui.grimoire.warmer): on quiet frames of the table, and while
the loop rests, the blank halves, the reference's layout and the spread the book opens at (F1's: the
contents, or the glossary while a card's tip is read; this Hour's while the mouse is on the table's
small Grimoire) are made a step at a time, so the frame that opens the book
over the table draws no page (over the title: only its contents spread); and it shows exactly what a
book drawn from nothing shows. The spread is not held while a panel is open over the table, and the
one F1 opens at is kept when the book closes."""

import pygame

from aleph_null_desktop.ui.grimoire import content, pages
from aleph_null_desktop.ui.grimoire.pages import BookArt
from aleph_null_desktop.ui.grimoire.scene import GrimoireScene, book_art

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline"], "discard": ["chasuble"]}


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _drawing_watched(monkeypatch) -> list:
    """Names of what is drawn whole or laid out from here on (a spread, a blank half, the reference)."""
    drawn = []
    real_draw, real_base, real_paginate = BookArt._draw, BookArt._base, pages.paginate_steps
    monkeypatch.setattr(BookArt, "_draw", lambda art, page, ctx: drawn.append(page) or real_draw(art, page, ctx))
    monkeypatch.setattr(BookArt, "_base", lambda art, side: (None if side in art._bases else drawn.append("blank " + side))
                        or real_base(art, side))
    monkeypatch.setattr(pages, "paginate_steps", lambda *a: drawn.append("reference") or real_paginate(*a))
    return drawn


def test_the_book_opens_on_what_quiet_frames_drew_ahead_and_looks_as_drawn_from_nothing(table, driver, monkeypatch):
    table(TABLE)
    app = driver.app
    art = book_art(app.fonts)
    for _ in range(300):
        if not app.book_warmer.pending():
            break
        driver.frames(1)
    assert art.warmed(), "the table's frames drew the book ahead"
    assert app.next_housekeeping_in() is None, "nothing left to draw ahead: the loop may sleep"
    drawn = _drawing_watched(monkeypatch)
    driver.key(pygame.K_F1)
    book = driver.scene
    assert isinstance(book, GrimoireScene) and book.page == "contents"
    assert drawn == [], f"the opening frame drew {drawn}"  # (its spread was drawn ahead too)
    opened = _pixels(app.screen)
    monkeypatch.undo()
    assert _drawn_from_nothing(app, book) == opened, "the book drawn ahead differs from one drawn from nothing"


def _drawn_from_nothing(app, book) -> bytes:
    """The screen with the same book drawn from nothing: a new BookArt, every page and blank half
    drawn at once."""
    book.art = BookArt(app.fonts)
    book.on_uncover()
    app.stack.draw(app.screen)
    app.button_focus.draw(app.screen, book)
    return _pixels(app.screen)


def _warm_all(app, driver) -> None:
    for _ in range(300):
        if not app.book_warmer.pending():
            return
        driver.frames(1)
    raise AssertionError("the warmer never finished")


def test_the_glossary_is_drawn_ahead_while_a_tip_is_read_and_kept_when_the_book_closes(table, driver, monkeypatch):
    scene = table(TABLE)
    app = driver.app
    art = book_art(app.fonts)
    x, y = map(round, driver.card_centre(scene.game.zone("play")[0].uid))
    driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(20, dt=0.05)  # the card's tip shows: F1 opens at the glossary
    glossary = art.chapter_spread("glossary")
    assert app.book_warmer.ahead()[0] == glossary
    _warm_all(app, driver)
    assert art._ready is not None and art._ready[0][0] == glossary
    drawn = _drawing_watched(monkeypatch)
    driver.key(pygame.K_F1)
    assert isinstance(driver.scene, GrimoireScene) and driver.scene.page == glossary
    assert drawn == [], f"the opening frame drew {drawn}"
    driver.key(pygame.K_ESCAPE)
    driver.frames(30, dt=0.05)
    assert art._cache.nbytes() == 0 and art._ready is not None and art._ready[0][0] == glossary
    driver.key(pygame.K_F1)  # again: nothing drawn, kept from the last time
    assert drawn == [], f"the opening frame drew {drawn}"


def test_the_hour_is_drawn_ahead_while_the_mouse_is_on_the_small_grimoire_and_opens_as_drawn_from_nothing(
        table, driver, monkeypatch):
    scene = table(TABLE)
    app = driver.app
    art = book_art(app.fonts)
    _warm_all(app, driver)
    assert art._ready is not None and art._ready[0][0] == "contents"
    small = scene.controls.grimoire
    assert small.page == "hour2"
    driver.post(pygame.MOUSEMOTION, pos=small.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert app.book_warmer.ahead()[0] == "hour2"
    assert not art.prepare("hour2", app.book_warmer.ahead()[1], 0.0), "an Hour is drawn a part at a time"
    _warm_all(app, driver)
    assert art._ready is not None and art._ready[0][0] == "hour2"
    drawn = _drawing_watched(monkeypatch)
    driver.click(small.rect.center)  # the small Grimoire opens the book at its Hour
    book = driver.scene
    assert isinstance(book, GrimoireScene) and book.page == "hour2"
    assert drawn == [], f"the opening frame drew {drawn}"
    opened = _pixels(app.screen)
    monkeypatch.undo()
    assert _drawn_from_nothing(app, book) == opened, "the Hour drawn ahead differs from one drawn from nothing"
    driver.key(pygame.K_ESCAPE)
    driver.post(pygame.MOUSEMOTION, pos=(960, 700), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert app.book_warmer.ahead()[0] == "contents", "off the small Grimoire, F1's spread again"


def test_no_spread_is_held_ahead_while_a_panel_is_open_over_the_table(table, driver):
    from aleph_null_desktop.engine import Activate

    scene = table({"hour": 2, "power": 3, "play": ["bell"], "hand": ["wax_candle"], "deck": ["sylph", "boline"],
                   "discard": ["chasuble"]})
    app = driver.app
    art = book_art(app.fonts)
    _warm_all(app, driver)
    assert art._ready is not None and art._ready[0][0] == "contents"
    bell = next(c for c in scene.game.legal_commands() if isinstance(c, Activate) and c.action != "sacrifice")
    scene.submit(bell)  # the Bell searches the deck: a panel to choose from opens
    driver.frames(3)
    assert scene.modal is not None
    assert art._ready is None and art._preparing is None and not app.book_warmer.pending()


def test_while_the_loop_rests_the_book_is_drawn_ahead_in_steps(app, driver, monkeypatch):
    app.show_title()
    art = book_art(app.fonts)
    assert not art.warmed() and app.book_warmer.pending()
    rests = 0
    while app.book_warmer.pending() and rests < 400:
        assert app.next_housekeeping_in() is not None, "the loop must wake to draw ahead"
        app.rest(0.05)  # the loop rests: no frame is drawn
        rests += 1
    assert art.warmed(), rests
    assert rests > 5, "drawn ahead in steps, not at once"
    drawn = _drawing_watched(monkeypatch)
    driver.key(pygame.K_F1)  # the rules over the title
    assert isinstance(driver.scene, GrimoireScene)
    assert drawn == ["contents"], f"the opening frame drew {drawn}"


def test_a_layout_in_steps_is_the_layout_at_once(app):
    art = book_art(app.fonts)
    area = art._reference_area()
    steps = content.paginate_steps(app.fonts, area)
    count = 0
    while True:
        try:
            next(steps)
            count += 1
        except StopIteration as done:
            stepped = done.value
            break
    assert count > 20
    assert stepped == content.paginate(app.fonts, area)


def test_a_blit_in_bands_is_the_blit_at_once(app):
    image = pygame.Surface((300, 211), pygame.SRCALPHA)
    for x in range(0, 300, 7):
        pygame.draw.line(image, (x % 256, 200 - x % 150, 90, (x * 3) % 256), (x, 0), (x, 210), 3)
    for flags in (0, pygame.SRCALPHA):
        at_once, banded = pygame.Surface((400, 300), flags), pygame.Surface((400, 300), flags)
        for dest in (at_once, banded):
            dest.fill((30, 120, 60, 200))
        at_once.blit(image, (17, 23))
        steps = list(pages._blit_in_bands(banded, image, (17, 23)))
        assert len(steps) == pages.BANDS
        assert pygame.image.tobytes(banded, "RGBA") == pygame.image.tobytes(at_once, "RGBA"), flags


def test_a_dot_of_the_contents_is_the_circle_it_stands_for(app):
    from aleph_null_desktop.ui import theme

    art = book_art(app.fonts)
    drawn, blitted = pygame.Surface((200, 40)), pygame.Surface((200, 40))
    for surface in (drawn, blitted):
        surface.fill(theme.PARCHMENT)
    for x in range(7, 190, 12):
        pygame.draw.circle(drawn, theme.PARCHMENT_DARK, (x, 19), pages.DOT_R)
        blitted.blit(art._dot(), (x - pages.DOT_R, 19 - pages.DOT_R))
    assert pygame.image.tobytes(blitted, "RGB") == pygame.image.tobytes(drawn, "RGB")


def test_a_step_that_fails_is_logged_once_and_the_warmer_gives_up_without_failing_frames(table, driver, monkeypatch, caplog):
    import logging

    calls = []

    def broken_steps(art):
        calls.append(1)
        yield
        raise RuntimeError("a page that cannot be drawn")

    monkeypatch.setattr(BookArt, "warm_steps", broken_steps)
    table(TABLE)
    app = driver.app
    with caplog.at_level(logging.WARNING, logger="aleph_null_desktop.ui.grimoire.warmer"):
        driver.frames(60)
        for _ in range(10):
            app.rest(0.05)
    assert calls == [1], "begun once, then given up"
    assert app.failed_frames == 0 and not app.error_text
    said = [r for r in caplog.records if r.name == "aleph_null_desktop.ui.grimoire.warmer"]
    assert len(said) == 1 and "a page that cannot be drawn" in said[0].getMessage()
    assert app.book_warmer.gave_up and not app.book_warmer.pending()
    assert app.next_housekeeping_in() is None, "the loop need not wake for it any more"
    driver.key(pygame.K_F1)  # the book still opens: it makes what it needs itself
    assert isinstance(driver.scene, GrimoireScene) and driver.scene.page == "contents"
