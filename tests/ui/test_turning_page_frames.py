"""While a page of the Grimoire turns, only the columns its leaf covers (last frame and this one)
are painted again, and while the book lies still over a ritual nothing is painted until what it
shows changes (GrimoireScene._changed_region); every frame must show exactly what painting the
whole book shows, over a ritual, over the title and from the cover on."""

import pygame

from aleph_null_desktop.ui.grimoire.scene import _HINTS, GrimoireScene, open_new_ritual

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline"], "discard": ["chasuble"]}


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _same_as_whole(app, book, what) -> None:
    """The frame just drawn is what painting the book whole draws (as after another scene drew over it)."""
    painted = _pixels(app.screen)
    book.on_uncover()
    app.stack.draw(app.screen)
    assert _pixels(app.screen) == painted, f"{what} differs from a whole paint"


def _turn_frame_by_frame(app, book, monkeypatch, keys=()) -> int:
    """Posts the keys, one a frame (a turn, and turns queued behind it), and steps the turns to
    their end; every frame, the first one and the one where the page lands included, must look
    as the book painted whole. Returns how many frames were partial."""
    partial = []
    real = GrimoireScene._changed_region

    def watched(scene, surface):
        columns = real(scene, surface)
        partial.append(columns is not None)
        return columns

    monkeypatch.setattr(GrimoireScene, "_changed_region", watched)
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.step(1 / 60)
        _same_as_whole(app, book, "a turn's first frame")
    assert book.turn is not None
    seen = 0
    while (book.turn is not None or book.queue) and seen < 400:  # (it may rest a frame between two turns)
        app.step(1 / 60)
        _same_as_whole(app, book, f"frame {seen} of the turn")
        seen += 1
    assert book.turn is None and not book.queue
    return sum(partial)


def test_a_page_turning_over_the_table_looks_as_painted_whole(table, driver, monkeypatch):
    table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    assert isinstance(book, GrimoireScene) and book.keeps_under
    driver.frames(5)
    assert _turn_frame_by_frame(driver.app, book, monkeypatch, [pygame.K_RIGHT]) > 20
    assert _turn_frame_by_frame(driver.app, book, monkeypatch, [pygame.K_LEFT]) > 20
    # turns queued behind one another: each begins in the frame the one before it lands
    assert _turn_frame_by_frame(driver.app, book, monkeypatch, [pygame.K_RIGHT] * 3 + [pygame.K_LEFT]) > 40


def test_a_page_turning_over_the_title_and_from_the_cover_looks_as_painted_whole(driver, monkeypatch):
    app = driver.app
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_F1)  # the rules over the title: the title is drawn under the book every frame
    book = driver.scene
    assert isinstance(book, GrimoireScene) and book.overlay and not book.keeps_under
    assert _turn_frame_by_frame(app, book, monkeypatch, [pygame.K_RIGHT]) == 0  # painted whole: the title is under it

    app.show_title()
    driver.frames(2)
    book = open_new_ritual(app)  # the closed book, its own background: the cover turns open
    driver.frames(3)
    assert _turn_frame_by_frame(app, book, monkeypatch, [pygame.K_RETURN, pygame.K_RIGHT]) > 20


def test_the_still_book_over_the_table_looks_as_painted_whole_as_the_mouse_and_outline_move(table, driver, monkeypatch):
    table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    assert isinstance(book, GrimoireScene) and book.keeps_under
    driver.frames(5)
    app = driver.app
    regions = []
    real = GrimoireScene._changed_region
    monkeypatch.setattr(GrimoireScene, "_changed_region",
                        lambda scene, surface: regions.append(real(scene, surface)) or regions[-1])
    hits = [rect.move(book.left_rect.topleft if side == "left" else book.right_rect.topleft)
            for _action, side, rect in book.spread(book.page).hits]
    assert hits, "the contents page offers lines to click"
    points = [(960, 1040), *(rect.center for rect in hits[:6]), (40, 40), hits[0].center, hits[0].center]
    keys = [None] * len(points) + [pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, None]
    for n, (point, key) in enumerate(zip(points + [None] * 4, keys)):
        if point is not None:
            driver.post(pygame.MOUSEMOTION, pos=point, rel=(1, 0), buttons=(0, 0, 0))
        if key is not None:
            driver.key(key)
        app.step(1 / 60)
        painted = _pixels(app.screen)
        book.on_uncover()
        app.stack.draw(app.screen)
        app.button_focus.draw(app.screen, book)
        assert _pixels(app.screen) == painted, f"step {n} differs from a whole paint"
    assert any(region is not None and not region.w for region in regions), "the still book was painted again"
    assert app.button_focus.scene is book, "the arrows put the outline on the book"


def _hint_drawn_there(app, book, surface) -> None:
    """The line under the book as drawing it straight onto the screen draws it."""
    from aleph_null_desktop.ui import theme
    from aleph_null_desktop.ui.render.text import blit_text, fit_font

    text, colour = book._hint_words()
    font = fit_font(app.fonts, "italic", text, theme.LOGICAL_SIZE[0] - 80, 24, 16)
    box = pygame.Rect(0, 0, font.size(text)[0] + 40, font.get_linesize() + 10)
    box.midtop = (book.spine_x, book.top + book.art.half_size[1] + 8)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
    if colour is not theme.TEXT:
        pygame.draw.rect(surface, colour, box, 2, border_radius=12)
    blit_text(surface, font, text, colour, (box.centerx, box.y + 5), "midtop")


def test_the_line_under_the_book_is_what_drawing_it_there_draws(table, driver):
    table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    app = driver.app
    for step in range(3):
        if step == 1:
            book.notice("A notice for the test, in the warning's colour")
        if step == 2:
            driver.key(pygame.K_RIGHT)  # a turn: the hint is drawn again over the leaf's columns
        driver.frames(2)
        shown = _pixels(app.screen)
        drawn = app.screen.copy()
        _hint_drawn_there(app, book, drawn)
        assert _pixels(drawn) == shown, f"step {step}: the hint's picture differs from drawing it"
    assert _HINTS.get(book.art) is not None  # kept for the next frames (and openings)


def test_the_still_book_over_the_table_is_not_presented_again_until_it_changes(table, driver):
    table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    app = driver.app
    driver.frames(3)
    app.present()
    hits = [rect.move(book.left_rect.topleft if side == "left" else book.right_rect.topleft)
            for _action, side, rect in book.spread(book.page).hits]
    shown = _pixels(app.screen)
    for x in range(1300, 1340, 8):  # over the right page, where no line is outlined
        driver.post(pygame.MOUSEMOTION, pos=(x, 500), rel=(8, 0), buttons=(0, 0, 0))
        app.step(1 / 60)
        assert app.stack.screen_kept() and not app.present(), "a frame that changed nothing was presented"
        assert _pixels(app.screen) == shown
    driver.post(pygame.MOUSEMOTION, pos=hits[0].center, rel=(1, 0), buttons=(0, 0, 0))
    app.step(1 / 60)
    assert app.present(), "the outline round the hovered line is shown"
    assert _pixels(app.screen) != shown


def test_the_window_shows_each_turning_frame_over_the_table_though_only_the_leafs_columns_are_presented(
        table, driver, monkeypatch):
    from aleph_null_desktop.ui.window_present import PRESENTER
    from tests.drivers.window_picture import PresentEveryFrame

    watch = PresentEveryFrame(driver.app, monkeypatch)
    table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    driver.frames(5)
    whole, partial = PRESENTER.whole, PRESENTER.partial
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT):  # a turn, one queued behind it, one back
        driver.key(key)
        driver.frames(4)
        assert book.turn is not None and book.drawn_region, "a turning frame says where it drew"
        assert all(rect.w < 1100 for rect in book.drawn_region), "only the leaf's columns, not the screen"
    while book.turn is not None or book.queue:
        driver.frames(1)
    driver.post(pygame.MOUSEMOTION, pos=(1300, 500), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert PRESENTER.partial - partial > 40 and PRESENTER.whole == whole, (PRESENTER.whole - whole)
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_a_queued_turn_begins_once_its_spread_is_drawn_ahead_never_finishing_it_at_once(table, driver, monkeypatch):
    from aleph_null_desktop.ui.grimoire.pages import BookArt

    table(TABLE)
    driver.key(pygame.K_F1)
    book = driver.scene
    for _ in range(100):  # the book lies open: the next spread is drawn ahead (for the first turn)
        driver.frames(1)
        if book.art.is_ready(book.order()[1], book.context):
            break
    finished_at_once, real = [], BookArt.spread

    def spread(art, page_id, context=None):
        preparing = art._preparing
        if preparing is not None and preparing[0][0] == page_id and not art._cache.peek(preparing[0]):
            finished_at_once.append(page_id)
        return real(art, page_id, context) if context is not None else real(art, page_id)

    monkeypatch.setattr(BookArt, "spread", spread)
    driver.key(pygame.K_RIGHT)
    rested, frames, keys = 0, 0, 1
    while (book.turn is not None or book.queue) and frames < 600:
        if keys < 4 and book.turn is not None and book.turn.t > 0.85 and not book.queue:
            driver.key(pygame.K_RIGHT)  # the next page asked for as this one lands: little time to draw it ahead
            keys += 1
        driver.frames(1, dt=1 / 60)
        frames += 1
        rested += book.turn is None and bool(book.queue)
    assert book.turn is None and not book.queue and book.page == book.order()[4]
    assert finished_at_once == [], finished_at_once
    assert rested < 40, "the book waits a few frames at most between two turns"
