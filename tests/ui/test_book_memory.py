"""The Grimoire read over a ritual (F1) holds little (issue 16: a session's peak RSS is the book
over the table): its spreads, each two halves on their boards, and nothing else for a page turn;
the darkened table kept only around the book; of the table's own screen-sized pictures only its
board's, in room its card faces make, from the first frame. And it looks the same as when it held more."""

import pygame

from aleph_null_desktop.ui.render import caches
from aleph_null_desktop.ui.grimoire.pages import BookArt
from aleph_null_desktop.ui.grimoire.scene import GrimoireScene
from aleph_null_desktop.ui.render.surface_cache import surface_bytes

MB = 2**20
TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell", "golem", "sexton"],
         "hand": ["wax_candle", "undine", "sylph", "gnome"], "deck": ["sylph", "boline"], "discard": ["chasuble"]}
# two spreads (a turn shows no more) of two 876×972 halves, the spread of the turn queued after it
# (drawn ahead while it turns: as much as a turn's first frame held when it drew it then), and the
# screen around the book
HALF = 876 * 972 * 4
LIMIT = 6 * HALF + 2 * MB + MB // 2


def held_for_the_book(app, table) -> int:
    """Bytes of pictures held while the book is open over the table: the open book's page cache,
    what the scene stack keeps of what is under the book, and the table's layers. (The book's own
    cache, not every "grimoire_pages" cache alive in the process: a book of an earlier test's app,
    not yet let go, was counted as this one's, 12 MB more after tests/ui_grimoire.)"""
    book = app.stack.top
    pages = book.art._cache.nbytes()
    assert book.art._cache in caches.live()  # (the cache ui.render.caches measures)
    ready = getattr(getattr(book, "art", None), "_ready", None)
    pages += surface_bytes([ready[1].left.image, ready[1].right.image]) if ready else 0  # drawn ahead
    under = app.stack._under
    kept = sum(surface_bytes(picture) for picture, _where in under[1]) if under else 0
    # the table's own: its board's picture, kept in room its card faces made within their budget
    # (ui.table.painting.release), its other screen-sized pictures let go
    layers = surface_bytes([s for s in (table.painter.bare.surface, table.painter._under[1]) if s is not None])
    board = surface_bytes(table.painter.layer.surface) if table.painter.layer.surface is not None else 0
    assert board + table.renderer.cached_bytes() <= caches.budget("card_faces")
    return pages + kept + layers


def test_the_book_over_the_table_holds_two_spreads_and_the_edges_of_the_table(table, driver):
    scene = table(TABLE)
    app = driver.app
    driver.frames(3)
    held = []
    driver.key(pygame.K_F1)  # the first frame of the book: the table drawn under it, then let go
    assert isinstance(driver.scene, GrimoireScene)
    held.append(held_for_the_book(app, scene))
    for key in (pygame.K_RIGHT,) * 3 + (pygame.K_LEFT,):
        driver.key(key)
        for _ in range(20):
            driver.frames(1, dt=0.05)
            held.append(held_for_the_book(app, scene))
    for _ in range(4):  # turned fast: the turns queue up
        driver.key(pygame.K_RIGHT)
    for _ in range(60):
        driver.frames(1, dt=0.05)
        held.append(held_for_the_book(app, scene))
    assert max(held) <= LIMIT, [round(h / MB, 1) for h in held]  # 35 MB and more when it kept three copies


def test_a_page_turn_draws_its_pages_only_as_it_starts(table, driver, monkeypatch):
    table(TABLE)
    drawn = []
    original = BookArt._draw
    monkeypatch.setattr(BookArt, "_draw", lambda art, page, ctx: drawn.append(page) or original(art, page, ctx))
    driver.key(pygame.K_F1)
    book = driver.scene
    for burst in (1, 1, 4, 2):
        for _ in range(burst):
            driver.key(pygame.K_RIGHT if burst != 2 else pygame.K_LEFT)
        for _ in range(80):
            turn = book.turn
            drawn.clear()
            driver.frames(1, dt=0.03)
            if drawn:  # a spread was drawn: only in the frame a turn began
                assert book.turn is not None and book.turn is not turn and book.turn.t < 0.1, drawn
    assert book.turn is None and book.queue == []


def test_the_table_around_the_book_is_what_it_was_under_it(table, driver, monkeypatch):
    table(TABLE)
    driver.key(pygame.K_F1)
    driver.frames(3)
    book = driver.scene
    assert book.covers() is not None
    around = pygame.image.tobytes(driver.app.screen, "RGB")
    monkeypatch.setattr(book, "covers", lambda: None)  # the whole table kept, as before
    driver.frames(2)
    assert pygame.image.tobytes(driver.app.screen, "RGB") == around
