"""Issue #13: no text on the table below 16 px at the 1920×1080 layout (14 px at the default
1689×950 window), in English and in German, on a busy table: the piles' hints, the set-aside
caption, the keys panel, the buttons' key badges. Every line any font draws is watched (the fonts'
own render, so lines drawn past ui.render.text are seen too); the set-aside caption stays in its area,
the keys' words in their panel, every button's words and badge in the button."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.ui.grimoire.pages import BookArt
from aleph_null_desktop.ui.render import text as ui_text
from aleph_null_desktop.ui.render.fonts import SafeFont
from aleph_null_desktop.ui.table import panels

MIN_PX = 16
BUSY = {  # bench/frame.py's busy table, with three set-aside cards of two levels
    "hour": 3, "power": 2, "tokens": 2, "damage": 1, "circle": "magus",
    "play": ["book_of_pacts", "wand_of_power", "salamander", "golem", "wealthy_tanist", "sexton",
             "chasuble", "wax_candle", "boline", "bell", "besom", "incense"],
    "hand": ["wax_candle", "sylph", "gnome", "pentacle", "undine", "mandrake_root", "vitriol"],
    "deck": ["learned_tanist", "silent_tanist", "faithful_tanist", "zealous_tanist", "exorcised_water",
             "sylph", "gnome", "undine", "wax_candle", "bell"],
    "discard": ["wax_candle", "sacrificial_lamb", "circle_of_protection"],
    "sacrificed": ["grand_circle"],
    "set_aside": ["rumjal", "ill_omen", "akhtoi"],
}


@pytest.fixture
def drawn_lines(monkeypatch):
    """(pixel size, words) of every line a font renders while the test runs."""
    lines: list[tuple[int, str]] = []
    original = SafeFont.render

    def render(self, text, *args, **kwargs):
        lines.append((self.point_size, text))
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(SafeFont, "render", render)
    ui_text._rendered.clear()  # lines remembered from earlier tests are drawn again, and seen
    return lines


def _ink_outside(button, fonts) -> int:
    canvas = pygame.Surface((button.rect.right + 40, button.rect.bottom + 40))
    canvas.fill((0, 0, 0))
    button.draw(canvas, fonts, size=20)
    drawn = pygame.mask.from_threshold(canvas, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    inside = pygame.mask.Mask(canvas.get_size())
    inside.draw(pygame.mask.Mask(button.rect.size, fill=True), button.rect.topleft)
    return drawn.count() - drawn.overlap_area(inside, (0, 0))


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_busy_table_draws_no_text_below_16_px(app, driver, table, drawn_lines, language):
    assert i18n.set_language(language) is None
    scene = table(BUSY)
    driver.frames(3)
    assert drawn_lines, "the watch saw nothing drawn"
    small = sorted({(size, text) for size, text in drawn_lines if size < MIN_PX})
    assert not small, small
    words = {text for _size, text in drawn_lines}
    caption = panels.set_aside_caption(scene.game, scene.circle_id)
    assert len(caption) == 2 and set(caption) <= words, (caption, sorted(words))  # drawn, and seen
    for name in ("undo", "menu", "hint", "end_turn"):  # the badge and the words inside the button
        button = scene.buttons[name]
        assert (button.key_hint or button.detail) and _ink_outside(button, app.fonts) == 0, name  # greyed Undo: its reason


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_hour_of_the_small_grimoire_draws_no_text_below_16_px(app, table, drawn_lines, language, scale):
    assert i18n.set_language(language) is None
    app.change_settings(ui_scale=scale)
    small = table(BUSY).grimoire
    art = BookArt(app.fonts)  # (nothing drawn before: every page is drawn now, and watched)
    for hour in range(1, 8):  # (the pages with a rule were drawn at 14-15 px: their rule takes two lines)
        art.mini_page(f"hour{hour}", small.rect.size, small.context)
    too_small = sorted({(size, text) for size, text in drawn_lines if size < MIN_PX})
    assert not too_small, too_small
    assert any(text.startswith(("page rule", "Seitenregel")) for _size, text in drawn_lines), "the watch saw the rules"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_set_aside_caption_and_the_keys_stay_in_their_areas(app, table, language):
    assert i18n.set_language(language) is None
    scene = table(BUSY)
    rects = scene.rects
    canvas = pygame.Surface((1920, 1080))
    drawn = panels.draw_set_aside(canvas, app.fonts, scene.renderer, rects["set_aside"], scene.game, scene.circle_id)
    area = panels.set_aside_caption_area(rects["set_aside"])
    assert drawn.h >= 2 * app.fonts.get("italic", MIN_PX).get_height() - 2, drawn  # two lines
    assert area.contains(drawn), (drawn, area)
    assert not area.colliderect(rects["keys"]) and not area.colliderect(rects["sacrifice"])
    keys = panels.draw_keys(canvas, app.fonts, rects["keys"])
    assert rects["keys"].inflate(-8, -8).contains(keys), (keys, rects["keys"])


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_empty_set_aside_pile_says_so_at_16_px_within_its_area(app, table, drawn_lines, language):
    assert i18n.set_language(language) is None
    scene = table(dict(BUSY, set_aside=[]))
    canvas = pygame.Surface((1920, 1080))
    del drawn_lines[:]
    ui_text._rendered.clear()
    rect = scene.rects["set_aside"]
    drawn = panels.draw_set_aside(canvas, app.fonts, scene.renderer, rect, scene.game, scene.circle_id)
    assert panels.set_aside_caption_area(rect).contains(drawn), drawn
    assert drawn_lines and min(size for size, _text in drawn_lines) >= MIN_PX, drawn_lines


@pytest.mark.parametrize("in_play", [1, 6, 12])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_play_zones_title_is_not_under_a_card(app, driver, table, language, in_play):
    assert i18n.set_language(language) is None
    scene = table(dict(BUSY, play=BUSY["play"][:in_play]))
    title = scene.painter.board.zone_title_rect("play", i18n._("In play"))
    covering = [uid for uid, sprite in scene.sprites.items()
                if scene.game.zone_of(uid) == "play" and pygame.Rect(sprite.target).colliderect(title)]
    assert not covering, (title, [scene.sprites[uid].target for uid in covering])


@pytest.mark.parametrize("scale", [1.25, 1.5])
def test_the_piles_titles_share_one_size_and_keep_apart_in_german(game_window, monkeypatch, user_dirs, scale):
    """Issue #26: at 150 % German "Geopfert" and "Bereitgelegt" nearly touched."""
    from aleph_null_desktop import storage
    from aleph_null_desktop.engine import Game
    from aleph_null_desktop.ui import style
    from aleph_null_desktop.ui.app import App
    from tests.drivers.scripted_input import ScriptedInput
    from tests.drivers.text_layout import recording

    try:
        with recording(monkeypatch) as recorder:
            screen = pygame.Surface(game_window.get_size())
            app = App(screen, seed=1234)
            app.change_settings(ui_scale=scale, language="de")
            app.play(Game.from_scenario(BUSY), "magus")
            ScriptedInput(app).frames(4, dt=0.5)
            words = {w.text: w.rect for w in recorder.words(screen)}
    finally:
        style.apply(storage.Settings())
        i18n.set_language("en")
    assert {"Deck", "Ablage", "Geopfert", "Bereitgelegt"} <= set(words), sorted(words)
    titles = [words[t] for t in ("Deck", "Ablage", "Geopfert", "Bereitgelegt")]
    assert max(r.h for r in titles) - min(r.h for r in titles) <= 1, titles  # one size (ink heights)
    gap = words["Bereitgelegt"].left - words["Geopfert"].right  # the zones' own gap is 20 px
    assert gap >= 20, (words["Geopfert"], words["Bereitgelegt"])
