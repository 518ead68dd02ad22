"""What the player reads on the table has no rule numbers, and a move that would lose is described
before it happens, not as if it had."""

import re

import pygame

from aleph_null_desktop.ui.table.overlays import ConfirmDialog
from aleph_null_desktop.ui.table.wording import without_rule_numbers

RULE = re.compile(r"\(R\d")


def test_rule_numbers_are_left_out():
    assert without_rule_numbers("Summon Rumjal first: interference in hand must be summoned (R4.3).") == \
        "Summon Rumjal first: interference in hand must be summoned."
    assert without_rule_numbers("Two rules (R5.2a, R5.5) here.") == "Two rules here."
    assert without_rule_numbers("Round (brackets) stay.") == "Round (brackets) stay."


def test_the_table_says_why_without_rule_numbers(table, driver):
    scene = table({"hand": ["rumjal", "wax_candle"], "deck": ["wax_candle"] * 6})
    if scene.modal is not None:
        driver.key(pygame.K_ESCAPE)  # the interference pop-up put off
    driver.key(pygame.K_SPACE)
    assert scene.message.startswith("Summon Rumjal first") and not RULE.search(scene.message)
    driver.frames()
    assert not RULE.search(scene.buttons["end_turn"].detail)
    driver.key(pygame.K_2)  # the Wax Candle may not be summoned before the interference
    assert scene.message and not RULE.search(scene.message)


def test_a_losing_move_is_asked_about_in_the_future_tense(table, driver):
    scene = table({"hour": 4, "play": ["book_of_pacts", "wand_of_power", "grand_circle"],
                   "hand": ["baphomet", "wax_candle"]})
    driver.key(pygame.K_1)  # BAPHOMET with a card still in hand: it would lose
    dialog = scene.modal
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "This would end the ritual"
    assert dialog.text == ("BAPHOMET would be summoned while cards remain in the deck, your hand or the "
                           "discard pile. Do it anyway?")
    assert scene.applied == []


def test_a_lifted_hand_card_leaves_the_hand_title_readable(table, driver):
    scene = table({"hand": ["wealthy_tanist", "salamander", "sylph", "undine", "gnome"]})
    title = scene.painter.hand_title_rect()
    for card in scene.game.zone("hand"):
        rect = pygame.Rect(scene.sprites[card.uid].target)
        driver.post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
        driver.frames()
        assert scene.controls.hover_uid == card.uid
        assert not rect.move(0, -scene.painter.lift_of(card.uid, rect)).colliderect(title)
    assert any(scene.painter.lift_of(c.uid, scene.sprites[c.uid].target) > 0 for c in scene.game.zone("hand"))


def test_choose_tags_sit_clear_of_their_rings(table, driver):
    scene = table({"play": ["boline"], "hand": ["wax_candle", "sylph"], "deck": ["incense"]})
    driver.drag(driver.card_centre(driver.uid("play", "boline")), driver.zone_centre("discard"))
    for uid in scene.presenter.target_options():
        ring = pygame.Rect(scene.sprites[uid].target).inflate(12, 12)
        box = scene.painter.tag_box(pygame.Surface((60, 20)), ring)
        assert box.bottom < ring.top or box.top > ring.bottom


def test_ending_the_turn_with_a_key_in_hand_under_the_grand_circle_is_asked_about(table, driver):
    # R4.4 with R10.2: the Grand Circle sacrifices the hand, Keys included
    scene = table({"play": ["grand_circle"], "hand": ["book_of_pacts"], "deck": ["wax_candle"] * 6})
    driver.frames()
    assert scene.buttons["end_turn"].detail == ("Ending now: loses the ritual — Book of Pacts, a Key, would be "
                                                "sacrificed with the hand")
    driver.click(driver.zone_centre("end_turn"))
    dialog = scene.modal
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "This would end the ritual"
    assert dialog.text == "A Key would be sacrificed; only BAPHOMET's summoning may take the Keys. Do it anyway?"
    assert scene.applied == [] and scene.game.outcome is None
