"""The Grimoire's drawn pages stay within a memory budget however many rituals a session plays:
every Circle, last Hour and outcome draws its own pages, and the least recently used ones go."""

import weakref

import pygame

from aleph_null_desktop.engine.cards import circles
from aleph_null_desktop.ui.render.caches import budget
from aleph_null_desktop.ui.grimoire import book
from aleph_null_desktop.ui.grimoire.pages import BookArt, BookContext

BUDGET = budget("grimoire_pages")  # unbounded, these contexts would draw well over a gigabyte


def cached_bytes(art) -> int:
    def size(value) -> int:
        if isinstance(value, pygame.Surface):
            return value.get_pitch() * value.get_height()
        if isinstance(value, (tuple, list)):
            return sum(size(v) for v in value)
        if value is None or isinstance(value, weakref.ref):  # a weak reference keeps nothing alive
            return 0
        if hasattr(value, "image"):  # a Half: its opaque image and its corners
            return size(value.image) + size([patch for patch, _where in value.corners])
        return size(getattr(value, "left", None)) + size(getattr(value, "right", None))
    seen, total = set(), 0
    for value in art._cache.values():
        for part in (value if isinstance(value, (tuple, list)) else (value,)):
            if id(part) not in seen:
                seen.add(id(part))
                total += size(part)
    return total


def test_pages_of_many_rituals_stay_within_the_budget(app):
    art = BookArt(app.fonts)
    contexts = [BookContext(circle_id, last_hour, outcome)
                for circle_id in circles()
                for last_hour, outcome in ((6, None), (7, None), (6, (True, 4, "Master", "", 6)))]
    for context in contexts:
        for page in book.ritual_pages(context.last_hour)[1:]:
            art.spread(page, context)
    assert len(contexts) * 8 * 2 * 876 * 972 * 4 > 10 * BUDGET  # what an unbounded cache would hold
    assert cached_bytes(art) <= BUDGET


def test_a_page_turn_reuses_its_pages_while_the_cache_is_full(app):
    art = BookArt(app.fonts)
    for hour in range(1, 7):  # fill the cache with other pages
        art.spread(book.hour_page_id(hour), BookContext("adept"))
    context = BookContext("master")
    start, end = art.spread("hour1", context), art.spread("hour2", context)
    for _ in range(3):  # the frames of a forward turn, as GrimoireScene.draw_book draws them
        art.leaf(start.right, "right"), art.leaf(end.left, "left")
        assert art.spread("hour1", context) is start and art.spread("hour2", context) is end


def test_the_cover_turn_keeps_its_pages_within_the_budget(app):
    """The cover's turn: the cover, the Circle spread and the Circle's left page with its alpha
    (the leaf that carries the board on its back) fit the budget together."""
    art = BookArt(app.fonts)
    for hour in range(1, 7):
        art.spread(book.hour_page_id(hour), BookContext("adept"))
    cover, circles_spread = art.spread("cover"), art.spread("circles")
    for _ in range(3):
        art.board_leaf(cover.right), art.board_leaf(circles_spread.left)
        assert art.spread("cover") is cover and art.spread("circles") is circles_spread
    assert art._cache.bytes <= BUDGET


def test_the_big_pages_go_once_the_book_is_closed_and_the_small_ones_stay(app):
    import gc

    from aleph_null_desktop.engine import new_game
    from tests.drivers.scripted_input import ScriptedInput

    driver = ScriptedInput(app)
    app.play(new_game(seed=4, circle="adept"), "adept")
    driver.frames(10, dt=0.05)
    art = app.stack.top.grimoire.art  # the table's small Grimoire shares the book's art
    driver.key(pygame.K_F1)  # the Grimoire over the table, a page turned
    driver.key(pygame.K_RIGHT)
    driver.frames(30, dt=0.05)
    assert len(art._cache) and len(art._minis)
    driver.key(pygame.K_ESCAPE)
    gc.disable()  # only the app's own release may collect
    try:
        driver.frames(40, dt=0.05)
    finally:
        gc.enable()
    assert len(art._cache) == 0 and art._cache.bytes == 0
    assert len(art._minis) and art._minis.bytes < 2**20  # the table's Hour page is still there


def spreads_drawn(monkeypatch) -> list[str]:
    """The pages whose spreads the book draws from now on (BookArt._draw), in order."""
    drawn = []
    real = BookArt._draw
    monkeypatch.setattr(BookArt, "_draw", lambda art, page, ctx: drawn.append(page) or real(art, page, ctx))
    return drawn


def _rgb(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_a_spread_drawn_on_a_dropped_spreads_halves_looks_as_drawn_new(app):
    """Leafing on through the book, each new spread is written on the halves of one the cache let
    go (no new 3.4 MB images): it must show exactly what a spread drawn on new images shows, and a
    half still held elsewhere (a turn's strips are views into it) is never written over."""
    art = BookArt(app.fonts)
    pages = art.reference_order()[:6]
    held = art.spread(pages[0]).right.image.subsurface((0, 0, 10, 10))  # as a turn's strip holds it
    kept = _rgb(held.get_parent())
    for page in pages[1:]:
        art.spread(page)
    assert art.reused_halves >= 2
    assert _rgb(held.get_parent()) == kept, "a half still in use was drawn over"
    fresh = BookArt(app.fonts)
    for page in pages[-2:]:
        reused, new = art.spread(page), fresh.spread(page)
        assert _rgb(reused.left.image) == _rgb(new.left.image) and _rgb(reused.right.image) == _rgb(new.right.image)


def test_the_board_corners_from_small_images_are_the_board_drawn_there(app):
    """Under an opaque half only the board's four corners are drawn, from four small images: the
    same pixels as drawing the whole board there, over whatever lies under it."""
    art = BookArt(app.fonts)
    screen = pygame.display.get_surface()
    rect = pygame.Rect((37, 21), art.half_size)
    drawn, whole = (pygame.Surface((960, 1040), 0, screen) for _ in range(2))
    for surface in (drawn, whole):
        for x in range(0, 960, 8):  # a busy ground: the table's colours
            surface.fill(((x * 7) % 256, (x * 3) % 256, 90), (x, 0, 8, 1040))
    art.draw_board_corners(drawn, rect)
    art.draw_board(whole, rect)
    for x in (rect.x, rect.right - 14):
        for y in (rect.y, rect.bottom - 14):
            corner = pygame.Rect(x, y, 14, 14)
            assert _rgb(drawn.subsurface(corner)) == _rgb(whole.subsurface(corner)), corner
    assert _rgb(drawn.subsurface(rect.inflate(-40, -40))) != _rgb(whole.subsurface(rect.inflate(-40, -40)))


def test_the_spread_of_a_queued_turn_is_drawn_ahead_as_the_turn_before_it_goes(app, monkeypatch):
    """Pages turned faster than they land: while one turns, the spread of the next is drawn a line
    at a time, so the next turn begins without drawing it; it shows what drawing it at once shows."""
    import pygame as pg

    from aleph_null_desktop.ui.grimoire.scene import open_reference

    app.show_title()
    book = open_reference(app, "ref-1")
    app.step(1 / 60)
    drawn = spreads_drawn(monkeypatch)
    for _ in range(2):  # → twice: the second turn waits for the first
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert book.turn is not None and book.queue == ["ref-3"]
    first = book.turn
    while book.turn is first or (book.turn is None and book.queue):  # (it may rest on ref-2 until ref-3 is drawn)
        app.step(1 / 60)
    assert book.turn is not None and book.turn.end == "ref-3"
    assert "ref-3" not in drawn, "the queued turn's spread was drawn as it began, not ahead"
    ahead = book.spread("ref-3")
    new = BookArt(app.fonts).spread("ref-3")
    assert _rgb(ahead.left.image) == _rgb(new.left.image) and _rgb(ahead.right.image) == _rgb(new.right.image)


def test_the_open_book_draws_the_next_spread_ahead_and_turns_to_it_without_drawing(app, monkeypatch):
    import pygame as pg

    from aleph_null_desktop.ui.grimoire.scene import open_reference

    app.show_title()
    book = open_reference(app, "contents")
    for _ in range(40):  # the book lies open: a little of the next spread a frame
        app.step(1 / 60)
    assert book.art._ready is not None and book.art._ready[0][0] == "ref-1"
    drawn = spreads_drawn(monkeypatch)
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert book.turn is not None and book.turn.end == "ref-1" and drawn == []


def test_spreads_drawn_ahead_one_after_another_are_drawn_on_the_halves_the_last_turn_let_go(app):
    import pygame as pg

    from aleph_null_desktop.ui.grimoire.scene import open_reference

    app.show_title()
    book = open_reference(app, "ref-1")
    app.step(1 / 60)
    for _ in range(4):  # four turns queued: each next spread is drawn ahead while one turns
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_RIGHT, mod=0, unicode="", scancode=0))
    reused = book.art.reused_halves
    for _ in range(400):
        app.step(1 / 60)
        if book.turn is None and not book.queue:
            break
    assert book.page == "ref-5" and book.art.reused_halves - reused >= 2
    fresh = BookArt(app.fonts)
    for page in ("ref-4", "ref-5"):
        shown, new = book.spread(page), fresh.spread(page)
        assert _rgb(shown.left.image) == _rgb(new.left.image) and _rgb(shown.right.image) == _rgb(new.right.image)


def test_a_turn_that_begins_before_its_spread_is_drawn_ahead_draws_only_the_rest_of_it(app, monkeypatch):
    import pygame as pg

    from aleph_null_desktop.ui.grimoire.scene import open_reference

    app.show_title()
    book = open_reference(app, "contents")
    app.step(1 / 60)
    art = book.art
    art._ready = art._preparing = None
    assert not art.prepare("ref-1", book.context, 0.0)  # begun: a step of it
    assert art._preparing is not None and art._preparing[0][0] == "ref-1"
    drawn = spreads_drawn(monkeypatch)
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert book.turn is not None and book.turn.end == "ref-1"
    assert drawn == [], "the spread begun ahead was drawn again from its start"
    ahead = book.spread("ref-1")
    new = BookArt(app.fonts).spread("ref-1")
    assert _rgb(ahead.left.image) == _rgb(new.left.image) and _rgb(ahead.right.image) == _rgb(new.right.image)
