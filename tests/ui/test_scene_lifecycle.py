"""The scene stack tells each scene, once and when it happens, that it entered, left, was covered or
uncovered (no per-frame polling); `handle_event` says whether the scene used the event; a scene
that was left has its pictures freed soon after; notices go to the log of a scene that keeps one."""

import pygame

from aleph_null_desktop.ui.render import memory
from aleph_null_desktop.ui.render.caches import budget
from aleph_null_desktop.ui.scenes.pause import PauseScene
from aleph_null_desktop.ui.scenes.stack import Scene

TABLE = {"hour": 2, "power": 3, "play": ["salamander", "bell"], "hand": ["wax_candle", "undine"],
         "deck": ["sylph", "boline"], "discard": ["chasuble"]}


class Recording(Scene):
    def __init__(self, app, name, heard, overlay=False) -> None:
        super().__init__(app)
        self.name, self.heard, self.overlay = name, heard, overlay

    def on_enter(self):
        self.heard.append((self.name, "enter"))

    def on_leave(self):
        self.heard.append((self.name, "leave"))

    def on_cover(self):
        self.heard.append((self.name, "cover"))

    def on_uncover(self):
        self.heard.append((self.name, "uncover"))


def test_each_hook_is_heard_once_when_it_happens(driver):
    app, heard = driver.app, []
    app.stack.replace_all(Recording(app, "a", heard))
    app.stack.push(Recording(app, "b", heard))
    driver.frames(5)  # frames tell nothing more
    app.stack.push(Recording(app, "c", heard, overlay=True))  # b is drawn under it: not covered
    driver.frames(5)
    app.stack.pop()
    app.stack.pop()
    driver.frames(5)
    app.show_title()
    assert heard == [("a", "enter"), ("b", "enter"), ("a", "cover"), ("c", "enter"),
                     ("c", "leave"), ("b", "uncover"), ("b", "leave"), ("a", "uncover"), ("a", "leave")]


def test_the_table_keeps_only_its_board_picture_under_the_pause_menu_and_paints_as_fresh_after(table, driver):
    scene = table(TABLE)
    driver.frames(2)
    layer = scene.painter.layer.surface
    assert layer is not None
    driver.key(pygame.K_ESCAPE)  # the pause menu keeps a picture of the table: the table keeps its board's
    assert isinstance(driver.scene, PauseScene)
    assert scene.painter.layer.surface is layer and scene.painter.bare.surface is None
    assert scene.renderer.cached_bytes() + layer.get_pitch() * layer.get_height() <= budget("card_faces")
    screen = driver.app.screen
    driver.key(pygame.K_ESCAPE)  # resume
    assert driver.scene is scene and scene.painter.layer.surface is layer
    painted = screen.copy()
    scene.on_uncover()  # forget the screen: the whole table is painted afresh
    driver.app.request_frame()
    driver.frames(1)
    assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(screen, "RGB")


def test_the_table_keeps_only_its_board_picture_under_the_grimoire(table, driver):
    scene = table(TABLE)
    driver.frames(2)
    layer = scene.painter.layer.surface
    driver.key(pygame.K_F1)  # the rules, over the table
    assert driver.scene is not scene
    assert scene.painter.layer.surface is layer and scene.painter.bare.surface is None
    driver.key(pygame.K_ESCAPE)
    driver.frames(30, dt=0.05)
    assert driver.scene is scene and scene.painter.layer.surface is not None


def test_handle_event_says_whether_the_scene_used_the_event(app, driver):
    app.show_title()
    driver.frames()
    title = app.stack.top
    unknown = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)
    assert app.handle_event(unknown) is False
    settings = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    assert app.handle_event(settings) is True and app.stack.top is not title


def test_the_table_says_which_events_it_used(table, driver):
    scene = table(TABLE)
    assert scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)) is False
    assert scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                                 buttons=(0, 0, 0))) is True


def test_a_scene_left_has_its_memory_given_back_once(driver, monkeypatch):
    app, released = driver.app, []
    monkeypatch.setattr(memory, "release", lambda: released.append(1))
    app.show_title()
    driver.frames(40, dt=0.05)
    released.clear()
    app.pause()
    app.stack.pop()
    driver.frames(40, dt=0.05)
    assert released == [1]
    driver.frames(40, dt=0.05)
    assert released == [1]  # not again while nothing more was left


def test_a_scene_left_is_collected_when_the_cards_stop_moving_not_in_their_motion(table, driver, monkeypatch):
    from aleph_null_desktop.ui.app import RELEASE_GAP_SECONDS, RELEASE_WAIT_SECONDS

    scene = table(TABLE)
    app, released = driver.app, []
    monkeypatch.setattr(memory, "release", lambda: released.append(scene.cards.moving))
    driver.frames(40, dt=0.05)
    driver.key(pygame.K_ESCAPE)  # the pause menu over the table, and back: a scene left
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene and released == []
    driver.frames(round(RELEASE_GAP_SECONDS * 60) - 12)  # the motion begins before the release is due, ends after
    driver.drag(driver.card_centre(driver.uid("hand", "wax_candle")), driver.zone_centre("play"))
    assert scene.cards.moving, "the summoned candle flies into play"
    for _ in range(120):
        driver.frames(1)
        if released:
            break
    assert released == [False], "collected once the cards stopped (not on a frame of their motion)"
    assert app.next_frame_in() != 0.0, "… once nothing moved"

    released.clear()
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    monkeypatch.setattr(app.stack, "next_change", lambda: 0.0)  # something moves on every frame from now on
    driver.frames(round((RELEASE_GAP_SECONDS + RELEASE_WAIT_SECONDS) * 60) - 2)
    assert released == []
    driver.frames(4)
    assert len(released) == 1, "a motion that never ends waits only so long"


def test_notices_go_to_the_log_of_the_scene_that_keeps_one(table, driver):
    scene = table(TABLE)
    driver.app.notice("A test notice.")
    assert "A test notice." in [str(line) for line in scene.log.lines]
    driver.app.show_title()
    driver.app.notice("Another notice.")
    assert "Another notice." in [str(text) for text in driver.app.take_unlogged_notices()]


def _keydown(key, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)


def test_the_book_and_the_editor_leave_keys_they_have_no_use_for(table, driver, user_dirs):
    from aleph_null_desktop.ui.editor.edit_scene import EditScene
    from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
    from aleph_null_desktop.ui.grimoire.scene import GrimoireScene

    app = driver.app
    scene = table(TABLE)
    assert app.handle_event(_keydown(pygame.K_F12)) is False  # the table: a key it does not know
    assert app.handle_event(_keydown(pygame.K_7, "7")) is True  # no card 7: said, so used
    driver.key(pygame.K_F1)
    book = driver.scene
    assert isinstance(book, GrimoireScene)
    assert app.handle_event(_keydown(pygame.K_F12)) is False
    assert app.handle_event(_keydown(pygame.K_q, "q")) is False
    assert app.handle_event(_keydown(pygame.K_RIGHT)) is True and book.turn is not None
    driver.key(pygame.K_ESCAPE)
    driver.frames(30, dt=0.05)
    assert driver.scene is scene

    app.show_title()
    driver.frames()
    driver.key(pygame.K_e)
    gallery = driver.scene
    assert isinstance(gallery, GalleryScene)
    assert app.handle_event(_keydown(pygame.K_F12)) is False
    assert app.handle_event(_keydown(pygame.K_n, "n")) is True
    driver.frames(3)
    editor = driver.scene
    assert isinstance(editor, EditScene)
    for field in editor.fields:
        field.blur()
    assert app.handle_event(_keydown(pygame.K_F12)) is False
    assert app.handle_event(_keydown(pygame.K_TAB)) is True and any(f.focused for f in editor.fields)
