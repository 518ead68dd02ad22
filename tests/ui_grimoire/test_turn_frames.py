"""What a frame of a turning page costs: the columns it paints again (the leaf's own size, not its
half's) and the spread drawn ahead on it (no step begun that would run past its time)."""

import pygame

from aleph_null_desktop.engine import Game
from aleph_null_desktop.ui.grimoire import pages
from aleph_null_desktop.ui.grimoire.pages import BookArt, BookContext
from aleph_null_desktop.ui.grimoire.scene import GrimoireScene
from aleph_null_desktop.ui.grimoire.turn import leaf_area
from tests.ui_grimoire.conftest import frames, key

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline"], "discard": ["chasuble"]}


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_an_inner_leaf_paints_again_only_what_its_page_covers_and_each_frame_looks_as_painted_whole(app):
    app.play(Game.from_scenario(TABLE), "adept")
    pygame.event.clear()
    frames(app, 30, dt=0.05)
    key(app, pygame.K_F1)
    book = app.stack.top
    assert isinstance(book, GrimoireScene) and book.keeps_under
    frames(app, 5)
    page = (book.art.page_w, book.art.page_h)
    assert page < book.art.half_size
    checked = 0
    for turn_key, side in ((pygame.K_RIGHT, +1), (pygame.K_LEFT, -1)):
        key(app, turn_key)
        assert book.turn is not None and book.turn.start != "cover" and book.turn.end != "cover"
        last = book.turn.angle
        while book.turn is not None:
            frames(app)
            if book.turn is None:
                break  # (the frame it lands on paints its halves again)
            drawn = book.drawn_region[0]
            may = leaf_area(book.spine_x, book.right_rect.centery, page, last, side).union(
                leaf_area(book.spine_x, book.right_rect.centery, page, book.turn.angle, side))
            assert drawn.w and may.clip(app.screen.get_rect()).contains(drawn), (book.turn.t, drawn, may)
            last = book.turn.angle
            painted = _pixels(app.screen)
            book.on_uncover()  # the book painted whole at the same φ
            app.stack.draw(app.screen)
            assert _pixels(app.screen) == painted, f"the frame at t={book.turn.t:.2f} differs from a whole paint"
            checked += 1
    assert checked > 40


def _clocked_steps(monkeypatch, step_ms: float, count: int):
    """BookArt's drawing ahead made of `count` steps of `step_ms` each, on a clock of their own.
    Returns the steps taken."""
    clock, taken = _own_clock(monkeypatch), []

    def steps(art, page_id, context):
        for n in range(count):
            clock[0] += step_ms / 1000
            taken.append(n)
            yield
        return pages.Spread(None, None)

    monkeypatch.setattr(BookArt, "_spread_steps", steps)
    return taken


def _own_clock(monkeypatch) -> list[float]:
    """BookArt's clock (pages.time.thread_time) made one the test moves: [seconds]."""
    clock = [0.0]

    class Clock:
        @staticmethod
        def thread_time() -> float:
            return clock[0]

    monkeypatch.setattr(pages, "time", Clock)
    return clock


def test_drawing_ahead_within_its_time_begins_no_step_that_would_run_past_it(app, monkeypatch):
    art, context = BookArt(app.fonts), BookContext(None, 1)
    taken = _clocked_steps(monkeypatch, 0.4, 20)
    assert art.prepare("ref-1", context, 0.0015, within=True) is False
    assert len(taken) == 3, "1.2 ms of 1.5: a fourth step of 0.4 would end at 1.6"
    assert art.prepare("ref-1", context, 0.0001, within=True) is False
    assert len(taken) == 4, "the first step is always taken (the spread is drawn ahead, if slowly)"
    assert art.prepare("ref-1", context, 0.0015) is False
    assert len(taken) == 8, "without `within` the last step begins before the time is up and ends past it"
    while not art.prepare("ref-1", context, 0.0015, within=True):
        pass
    assert len(taken) == 20 and art.is_ready("ref-1", context)


def test_drawing_ahead_takes_a_step_declared_costly_only_where_the_time_left_holds_it(app, monkeypatch):
    art, context = BookArt(app.fonts), BookContext(None, 1)
    clock, taken = _own_clock(monkeypatch), []

    def steps(art, page_id, context):
        clock[0] += 0.0001
        taken.append("line")
        yield 0.0015  # the next step (a new half image) costs 1.5 ms
        clock[0] += 0.0015
        taken.append("new half")
        yield
        return pages.Spread(None, None)

    monkeypatch.setattr(BookArt, "_spread_steps", steps)
    assert art.prepare("ref-1", context, 0.0012, within=True) is False
    assert taken == ["line"], "0.1 ms of 1.2 spent: the 1.5 ms step declared next is not begun"
    assert art.prepare("ref-1", context, 0.0012, within=True) is False
    assert taken == ["line"], "not even as the first step of a frame with 1.2 ms to spend"
    assert art.prepare("ref-1", context, 0.0015, within=True) is False
    assert taken == ["line", "new half"], "a frame with 1.5 ms to spend takes it"
    assert art.prepare("ref-1", context, 0.0003, within=True) is True and art.is_ready("ref-1", context)


def test_a_turning_frame_draws_ahead_after_its_book_for_what_that_frame_left(app, monkeypatch):
    """The next turn's spread is drawn ahead once the frame's own leaf and book are drawn, and not at
    all on a frame whose book took the turning frame's time (whatever the frame before it cost)."""
    from aleph_null_desktop.ui.grimoire import scene as book_scene
    app.play(Game.from_scenario(TABLE), "adept")
    pygame.event.clear()
    frames(app, 30, dt=0.05)
    key(app, pygame.K_F1)
    book = app.stack.top
    frames(app, 5)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert book.turn is not None and book.queue
    costly, events = [False], []
    draw_book, prepare = GrimoireScene.draw_book, BookArt.prepare

    def slow_book(self, surface, leaf=True):
        draw_book(self, surface, leaf)
        events.append("book")
        while costly[0] and pages.time.thread_time() - app.frame_started < book_scene.TURNING_FRAME_SECONDS:
            pass  # this frame's book took all of a turning frame's time

    def spy(self, *args, **kwargs):
        events.append("costly ahead" if costly[0] else "ahead")
        return prepare(self, *args, **kwargs)

    monkeypatch.setattr(GrimoireScene, "draw_book", slow_book)
    monkeypatch.setattr(BookArt, "prepare", spy)
    for n in range(6):
        costly[0] = n % 2 == 1
        events.append("frame")
        frames(app)
        assert book.turn is not None and book.queue
    assert "costly ahead" not in events, events
    assert events.count("ahead") == 3, events
    assert all(events[i - 1] == "book" for i, e in enumerate(events) if e == "ahead"), events
