"""Issue #26: a card in play always shows its rules text legibly, never its art alone. A busy table
(12 cards in play) lays them out at PLAY_WORDS_W or wider at every UI scale (the hand's zone grows
with the scale only as far as that allows); there every printed card keeps the rules that still
matter in play (a special cost and what it did when summoned are spent: the large view shows them),
in English and German, at 16 px or more."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.engine.words.text import card_play_lines, card_text_lines
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, PLAY_WORDS_W, play_slots, zone_rects
from aleph_null_desktop.ui.table.face_warmer import BIG_W

BUSY_PLAY = ["book_of_pacts", "wand_of_power", "grand_circle", "the_long_night", "undine", "golem", "wealthy_tanist",
             "sexton", "chasuble", "besom", "ill_omen", "akhtoi"]


pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


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
    for card_id in cards:
        if cards[card_id].type == "demon":  # BAPHOMET never lies in play: summoning him ends the game
            continue
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

    def layout_rules(self, lines, width, size, unit, draw=True):
        if draw:
            drawn.append(list(lines))
        return original(self, lines, width, size, unit, draw)

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
