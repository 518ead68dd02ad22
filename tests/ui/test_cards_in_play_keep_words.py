"""Issue #26: a card in play always shows its rules text legibly, never its art alone. Narrower
than FULL_FACE_W a card in play shows its text form (its name and the rules that still matter in
play, no picture), which keeps every printed card's words at 16 px or more down to PLAY_WORDS_W in
English and German; the play zone never lays cards out narrower than that (a crowded zone lets
them overlap instead), so a busy table keeps every card's words."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.engine.words.text import card_play_lines, card_text_lines
from aleph_null_desktop.i18n import set_language
from aleph_null_desktop.ui.render.card_renderer import FULL_FACE_W, MIN_TEXT, CardRenderer
from aleph_null_desktop.ui.render.fonts import Fonts
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, PLAY_WORDS_W, play_slots, zone_rects
from aleph_null_desktop.ui.table.face_warmer import BIG_W
from tests.drivers.text_layout import recording

BUSY_PLAY = ["book_of_pacts", "wand_of_power", "grand_circle", "the_long_night", "undine", "golem", "wealthy_tanist",
             "sexton", "chasuble", "besom", "ill_omen", "akhtoi"]
CROWD = BUSY_PLAY + ["salamander", "wax_candle", "boline", "bell", "sylph", "gnome", "incense", "pentacle"]


pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


def _printed(cards) -> list[str]:
    """Every printed card that can lie in play (BAPHOMET never does: summoning him ends the game)."""
    return [card_id for card_id in cards if cards[card_id].type != "demon"]


@pytest.fixture
def rules_drawn(monkeypatch):
    """Whether the face drawn last had rules text on it."""
    seen = []
    original = CardRenderer._draw_rules

    def draw_rules(self, *args, **kwargs):
        seen.append(True)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(CardRenderer, "_draw_rules", draw_rules)
    return seen


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_printed_card_keeps_its_words_in_a_busy_play_zone(app, rules_drawn, language, scale):
    app.change_settings(language=language, ui_scale=scale)
    width = round(play_slots(zone_rects(app.layout)["play"], 12, title_room=PLAY_TITLE_ROOM)[0].w)
    assert width >= PLAY_WORDS_W
    cards = load_builtin_cards()
    renderer = CardRenderer(cards, app.fonts)
    art_alone = []
    for card_id in _printed(cards):
        rules_drawn.clear()
        renderer.face(card_id, width, in_play=True)
        if not rules_drawn:
            art_alone.append(card_id)
    assert not art_alone, f"art alone in play at {width} px ({language}): {art_alone}"


@pytest.fixture
def rules_lines(monkeypatch):
    """The rules lines drawn on each face (not the ones only measured)."""
    drawn = []
    original = CardRenderer._layout_rules

    def layout_rules(self, lines, width, size, unit, draw=True, **how):
        if draw:
            drawn.append(list(lines))
        return original(self, lines, width, size, unit, draw, **how)

    monkeypatch.setattr(CardRenderer, "_layout_rules", layout_rules)
    return drawn


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_grand_circles_end_of_turn_rule_shows_on_a_busy_table(app, driver, table, rules_lines, language):
    """The issue's example: with many cards in play, the Grand Circle kept only its picture."""
    app.change_settings(language=language)
    scene = table({"hour": 3, "play": BUSY_PLAY, "hand": ["wax_candle"], "deck": ["wax_candle"] * 6})
    circle = next(c.uid for c in scene.game.zone("play") if c.card_id == "grand_circle")
    width = round(scene.sprites[circle].rect.w)
    assert scene.renderer.cached("grand_circle", width, in_play=True)  # the face the table drew
    shown = scene.renderer.face("grand_circle", width, in_play=True)
    rules_lines.clear()
    fresh = CardRenderer(scene.game.cards, app.fonts).face("grand_circle", width, in_play=True)
    assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(shown, "RGBA")
    rule = card_text_lines(scene.game.cards["grand_circle"])[1]  # at the end of your turn … sacrificed instead
    assert rules_lines == [[rule]], rules_lines


def test_the_hand_and_the_large_view_keep_the_special_cost(app, rules_lines):
    game = Game.from_scenario({"hour": 1})
    renderer = CardRenderer(game.cards, app.fonts)
    renderer.face("grand_circle", BIG_W)
    renderer.face("grand_circle", 240)  # a hand card at 100 %
    full = card_text_lines(game.cards["grand_circle"])
    assert full[0].startswith("Special cost") and rules_lines == [full, full]
    assert card_play_lines(game.cards["grand_circle"]) == full[1:]


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_printed_card_in_play_keeps_all_its_words_down_to_the_narrowest_width(app, rules_lines, monkeypatch,
                                                                                  language):
    """From PLAY_WORDS_W up to the full face's width, every printed card in play draws the whole of
    its rules (all that still matter in play, or all it has) at MIN_TEXT or more, every word inside
    the card and none over another."""
    set_language(language)
    cards = load_builtin_cards()
    widths = sorted({PLAY_WORDS_W, PLAY_WORDS_W + 1, (PLAY_WORDS_W + FULL_FACE_W) // 2, FULL_FACE_W - 1})
    with recording(monkeypatch) as recorder:
        fonts = Fonts()
        renderer = CardRenderer(cards, fonts)
        sizes = []
        original_get = renderer.fonts.get
        monkeypatch.setattr(renderer.fonts, "get", lambda role, size: sizes.append(size) or original_get(role, size))
        for width in widths:
            for card_id in _printed(cards):
                card = cards[card_id]
                rules_lines.clear()
                face = renderer.face(card_id, width, in_play=True)
                whole = [card_text_lines(card)] + [lines for lines in [card_play_lines(card)] if lines]
                assert len(rules_lines) == 1 and rules_lines[0] in whole, (card_id, width, rules_lines)
                assert not recorder.problems(face), (card_id, width, recorder.problems(face))
                words = " ".join(word.text for word in recorder.words(face))
                assert card.name.split()[0][:4].lower() in words.lower(), (card_id, width, words)
    assert sizes and min(sizes) >= MIN_TEXT


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("count", [15, 18, 20])
def test_a_crowded_table_in_german_has_no_card_in_play_with_its_art_alone(app, driver, table, rules_drawn,
                                                                         count, scale):
    app.change_settings(language="de", ui_scale=scale)
    scene = table({"hour": 3, "play": CROWD[:count], "hand": ["wax_candle", "sylph", "gnome", "pentacle", "undine"],
                   "deck": ["wax_candle"] * 2})
    play = scene.game.zone("play")
    assert len(play) == count
    fresh = CardRenderer(scene.game.cards, app.fonts)
    art_alone = []
    for card in play:
        width = round(scene.sprites[card.uid].rect.w)
        assert scene.renderer.cached(card.card_id, width, in_play=True)  # the face the table drew
        rules_drawn.clear()
        fresh.face(card.card_id, width, in_play=True)
        if not rules_drawn:
            art_alone.append(card.card_id)
    assert not art_alone, f"art alone in play with {count} cards at {scale:.0%}: {art_alone}"
    for card in play:  # as wide as keeps every printed card's words, inside the play zone
        rect = scene.sprites[card.uid].rect
        assert rect.w >= PLAY_WORDS_W and scene.rects["play"].contains(rect), (card.card_id, rect)


def test_only_a_card_in_play_takes_the_text_form(app, rules_drawn, monkeypatch):
    """The hand, the piles and the pile viewer keep the printed face (its picture) at any width."""
    pictured = []
    original = CardRenderer._draw_art
    monkeypatch.setattr(CardRenderer, "_draw_art", lambda self, *a, **k: (pictured.append(True), original(self, *a, **k)))
    renderer = CardRenderer(load_builtin_cards(), app.fonts)
    renderer.face("undine", PLAY_WORDS_W)
    assert pictured
    pictured.clear(), rules_drawn.clear()
    renderer.face("undine", PLAY_WORDS_W, in_play=True)
    assert rules_drawn and not pictured
    renderer.face("undine", FULL_FACE_W, in_play=True)  # wide enough: the printed face
    assert pictured


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_fifteen_cards_in_play_lie_over_no_word_of_each_other(game_window, monkeypatch, user_dirs, scale):
    """A row one card too full lets each card lie over its neighbour's margin only: every word of
    the table whole, none under another card (German, the longer words)."""
    from aleph_null_desktop.ui.app import App
    from tests.drivers.scripted_input import ScriptedInput

    with recording(monkeypatch) as recorder:
        screen = pygame.Surface(game_window.get_size())
        app = App(screen, seed=1234)
        app.change_settings(ui_scale=scale, language="de")
        driver = ScriptedInput(app)
        app.play(Game.from_scenario({"hour": 3, "play": CROWD[:15], "hand": ["wax_candle", "sylph"],
                                     "deck": ["wax_candle"] * 6}), "adept")
        pygame.event.clear()
        driver.frames(4, dt=0.5)
        slots = sorted((driver.scene.sprites[c.uid].rect for c in driver.scene.game.zone("play")),
                       key=lambda r: (r.y, r.x))
        assert any(a.colliderect(b) for a, b in zip(slots, slots[1:]))  # the row is one card too full
        assert not recorder.problems(screen), recorder.problems(screen)
        shown = " ".join(word.text for word in recorder.words(screen)).lower()
        game = driver.scene.game
        assert all(game.cards[c.card_id].name[:4].lower() in shown for c in game.zone("play"))
        assert not app.error_text, app.error_text
