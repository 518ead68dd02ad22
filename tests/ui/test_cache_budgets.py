"""Every cache the UI keeps is declared in ui.render.caches with a budget in bytes, and stays within it:
after a ritual played through the app's own loop (with the Grimoire, a card read large and the
pause menu), and when each one is filled far past its budget by the code that uses it."""

import gc
import weakref

import pygame
import pytest

from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.ui.render import caches
from aleph_null_desktop.ui.render import text
from aleph_null_desktop.ui.app import RELEASE_GAP_SECONDS
from aleph_null_desktop.ui.render.art import ArtCache
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.render.fonts import Fonts
from aleph_null_desktop.ui.grimoire.pages import BookArt
from aleph_null_desktop.ui.smoke import _play_a_turn
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache


def test_every_cache_a_ritual_fills_is_declared_and_within_its_budget(app, driver):
    app.new_ritual("adept", seed=11)
    driver.frames(20, dt=0.05)
    table = app.stack.top
    for _ in range(3):
        _play_a_turn(driver, table)
    hand = [c.uid for c in table.game.zone("hand")]
    if hand:
        driver.click(table.sprites[hand[0]].target.center, button=3)  # read large
        driver.frames(5, dt=0.05)
        driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_F1)  # the Grimoire over the table, three pages turned
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
        driver.frames(20, dt=0.05)
    driver.key(pygame.K_ESCAPE)
    driver.frames(10, dt=0.05)
    live = caches.live()
    assert {"card_faces", "card_art", "fonts", "text_lines", "wrapped_text", "grimoire_pages",
            "table_tints"} <= {cache.name for cache in live}
    for cache in live:
        assert cache.name in caches.BUDGETS
        assert cache.budget == caches.BUDGETS[cache.name] or cache.budget < caches.BUDGETS[cache.name]
        assert cache.nbytes() <= cache.budget, cache.name


def _fill_card_faces(app):
    renderer = CardRenderer(load_builtin_cards(), app.fonts)
    for width in range(120, 520, 25):
        for card_id in list(renderer.cards)[:12]:
            renderer.face(card_id, width)
    return renderer._faces


def _fill_card_backs(app):
    renderer = CardRenderer(load_builtin_cards(), app.fonts)
    for width in range(100, 700, 10):
        renderer.back(width)
    return renderer._backs


def _fill_card_art(app):
    art = ArtCache()
    for size in range(100, 520, 10):
        for colour in ((0, 0, 0), (200, 180, 140)):
            art.image("goat", size, colour)
    return art._images


def _fill_grimoire_pages(app):
    art = BookArt(app.fonts)
    for hour in range(1, 7):
        art.spread(f"hour{hour}")
    return art._cache


def _fill_grimoire_minis(app):
    art = BookArt(app.fonts)
    for n in range(24):
        art.mini_page("hour1", (300 + n, 200))
    return art._minis


def _fill_text_lines(app):
    font = app.fonts.get("title", 60)
    for n in range(2600):
        text.render(font, f"line {n} of a long text drawn once and never again", (n % 256, 0, 0))
    return text._rendered


def _fill_wrapped_text(app):
    font = app.fonts.get("body", 18)
    for n in range(6000):
        text.wrap(font, f"words {n} " * 20, 300)
    return text._wrapped


def _fill_fonts(app):
    fonts = Fonts()
    for role in ("title", "body", "italic", "bold"):
        for size in range(8, 60):
            fonts.get(role, size).size("Aleph")
    return fonts._cache


def _fill_backgrounds(app):
    from aleph_null_desktop.ui.render import backdrop

    first = backdrop.draw_background((1920, 1080))
    assert backdrop.draw_background((1920, 1080)) is first  # one picture, shared by every screen
    for w in range(1000, 1500, 50):
        backdrop.draw_background((w, 1080))
    return backdrop._backgrounds


def _fill_table_tints(app):
    from aleph_null_desktop.engine import Game

    app.play(Game.from_scenario({"hand": ["wax_candle"]}), "adept")
    scene = app.stack.top
    for w in range(100, 400, 3):  # a card dimmed at every size of a motion
        scene.painter.veil((w, w * 1.4))
        scene.painter.board.tint((w, 200), 28)
    return scene.painter.tints


def _fill_gallery_thumbnails(app):
    from aleph_null_desktop.ui.editor.gallery_scene import TILE_W

    cache = SurfaceCache("gallery_thumbnails")  # as GallerySceneScene._thumb keeps them: id -> (key, face)
    renderer = CardRenderer(load_builtin_cards(), app.fonts)
    for n in range(400):
        card_id = list(renderer.cards)[n % 10]
        cache[f"card-{n}"] = (f"record {n}", renderer._draw_face(renderer.cards[card_id], TILE_W))
    return cache


FILLERS = {name[len("_fill_"):]: f for name, f in globals().items() if name.startswith("_fill_")}


def test_every_declared_cache_has_a_filling_test():
    assert set(FILLERS) == set(caches.BUDGETS)


@pytest.mark.parametrize("name", sorted(caches.BUDGETS))
def test_a_cache_filled_far_past_its_budget_stays_within_it(app, name):
    cache = FILLERS[name](app)
    assert cache.name == name and cache.budget == caches.BUDGETS[name]
    assert cache.evictions > 0  # it was filled past its budget
    assert cache.nbytes() <= cache.budget
    if name == "fonts":
        assert len(cache) * caches.FONT_BYTES <= cache.budget


def test_a_scene_that_is_left_gives_its_pictures_back_at_once(app, driver):
    app.new_ritual("adept", seed=3)
    driver.frames(5, dt=0.05)
    table = weakref.ref(app.stack.top)
    driver.key(pygame.K_ESCAPE)  # the pause menu over the table
    pause = weakref.ref(app.stack.top)
    gc.disable()  # only the app's own release may collect
    try:
        driver.key(pygame.K_ESCAPE)
        driver.frames(round(RELEASE_GAP_SECONDS * 60))
        assert pause() is None  # collected within half a second of being left, not minutes later
        app.show_title()
        driver.frames(round(RELEASE_GAP_SECONDS * 60))
        assert table() is None
    finally:
        gc.enable()
