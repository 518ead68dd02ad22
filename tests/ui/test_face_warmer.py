"""Faces drawn ahead on quiet frames, through the app's own loop: a card the mouse rests on opens
large without drawing a face on that frame, and a summon after the table settled draws none."""

import pygame

from aleph_null_desktop.ui.table.face_warmer import BIG_W

BUSY = {"hour": 2, "power": 5, "play": ["salamander", "incense", "bell"],
        "hand": ["wax_candle", "undine", "gnome"], "deck": ["sylph", "boline", "besom"], "discard": ["chasuble"]}


def test_a_card_rested_on_is_ready_to_be_read_large(table, driver):
    scene = table(BUSY)
    uid = driver.uid("hand", "undine")
    driver.post(pygame.MOUSEMOTION, pos=tuple(map(round, driver.card_centre(uid))), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(60)
    assert scene.renderer.cached("undine", BIG_W)
    drawn = scene.renderer.drawn
    driver.click(driver.card_centre(uid), button=3)  # right-click: read it large
    assert scene.controls.big_uid == uid
    driver.frames(2)
    assert scene.renderer.drawn == drawn  # the large face was already there


def test_a_summon_after_a_quiet_moment_draws_no_face_when_it_lands(table, driver):
    scene = table(BUSY)
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(150)
    assert scene.warmer.warmed > 0
    assert scene.renderer.cached_bytes() <= scene.renderer.budget
    drawn = scene.renderer.drawn
    driver.drag(driver.card_centre(driver.uid("hand", "wax_candle")), driver.zone_centre("play"))
    driver.frames(40)
    assert scene.game.zone_of(driver.uid("play", "wax_candle")) == "play"
    assert scene.renderer.drawn == drawn  # every size the summon needed was drawn ahead


def test_a_card_dragged_out_of_play_after_a_quiet_moment_draws_no_face(table, driver):
    scene = table(BUSY)
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(150)
    drawn = scene.renderer.drawn
    uid = driver.uid("play", "salamander")
    driver.drag(driver.card_centre(uid), driver.zone_centre("discard"))
    assert scene.game.zone_of(uid) != "play" and scene.ghosts  # flying to its pile with its full face
    driver.frames(40)
    assert scene.renderer.drawn == drawn  # its face at its play width (flying) and the pile's size (held) drawn ahead


FULL = {"hour": 3, "power": 2, "tokens": 2, "damage": 1,
        "play": ["book_of_pacts", "wand_of_power", "salamander", "golem", "wealthy_tanist", "sexton",
                 "chasuble", "wax_candle", "boline", "bell", "besom", "incense"],
        "hand": ["wax_candle", "sylph", "gnome", "pentacle", "undine", "mandrake_root", "vitriol"],
        "deck": ["learned_tanist", "silent_tanist", "faithful_tanist", "zealous_tanist", "exorcised_water",
                 "sylph", "gnome", "undine", "wax_candle", "bell"],
        "discard": ["wax_candle", "sacrificial_lamb", "circle_of_protection"], "set_aside": ["rumjal", "ill_omen"]}


def test_on_a_full_table_what_one_command_shows_comes_before_what_two_may(table, driver):
    """Twelve cards in play, seven in hand, ten in the deck: more faces than the cache holds. Those
    one command shows (a card leaving play flies with its full face) are warmed within the budget
    before those only a second command could show; a card dragged out of play draws no face."""
    scene = table(FULL)
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(600)
    assert scene.renderer.cached_bytes() <= scene.renderer.budget
    uid = driver.uid("play", "salamander")
    drawn = scene.renderer.drawn
    driver.drag(driver.card_centre(uid), driver.zone_centre("discard"))
    assert scene.game.zone_of(uid) != "play" and scene.ghosts
    driver.frames(40)
    assert scene.renderer.drawn == drawn
