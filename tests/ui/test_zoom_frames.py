"""A card read large costs no long frame: its 500 px face is drawn ahead a step at a time on quiet
frames (the same pixels as a face drawn at once), and the veiled table under it does not follow
the mouse (nothing under the veil is drawn again) until the card is closed."""

import pygame

from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.table.face_warmer import BIG_W

BUSY = {"hour": 2, "power": 5, "play": ["salamander", "incense", "bell"],
        "hand": ["wax_candle", "undine", "gnome"], "deck": ["sylph", "boline", "besom"], "discard": ["chasuble"]}


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_face_drawn_in_steps_is_the_face_drawn_at_once(app):
    cards = load_builtin_cards()
    stepped, whole = CardRenderer(cards, app.fonts), CardRenderer(cards, app.fonts)
    for card_id in ("grand_circle", "golem", "rumjal", "baphomet"):
        steps = 1
        while not stepped.face_step(card_id, BIG_W):
            steps += 1
        assert steps >= 4  # spread over several frames, not one
        assert pixels(stepped.face(card_id, BIG_W)) == pixels(whole.face(card_id, BIG_W)), card_id


def test_a_face_begun_ahead_is_finished_when_it_is_asked_for(app):
    cards = load_builtin_cards()
    renderer = CardRenderer(cards, app.fonts)
    renderer.face_step("grand_circle", BIG_W)
    renderer.face_step("grand_circle", BIG_W)
    assert not renderer.cached("grand_circle", BIG_W)
    face = renderer.face("grand_circle", BIG_W)
    assert renderer.drawn == 1 and renderer.cached("grand_circle", BIG_W)
    assert pixels(face) == pixels(CardRenderer(cards, app.fonts).face("grand_circle", BIG_W))


def test_measured_rules_are_as_high_as_drawn_ones(app):
    cards = load_builtin_cards()
    renderer = CardRenderer(cards, app.fonts)
    from aleph_null_desktop.engine.words.text import card_text_lines

    for card_id in cards:
        lines = card_text_lines(cards[card_id])
        for size in (16, 20, 28, 42):
            measured = renderer._layout_rules(lines, 300, size, 1.5, draw=False)
            drawn = renderer._layout_rules(lines, 300, size, 1.5)
            assert [h for _, _, h in measured] == [h for _, _, h in drawn], (card_id, size)


def test_a_card_rested_on_is_drawn_large_ahead_over_several_frames(table, driver):
    scene = table(BUSY)
    uid = driver.uid("play", "salamander")
    driver.post(pygame.MOUSEMOTION, pos=tuple(map(round, driver.card_centre(uid))), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(5)
    assert not scene.renderer.cached("salamander", BIG_W)  # begun, not yet finished
    driver.frames(40)
    assert scene.renderer.cached("salamander", BIG_W)
    drawn = scene.renderer.drawn
    driver.click(driver.card_centre(uid), button=3)
    driver.frames(2)
    assert scene.controls.big_uid == uid and scene.renderer.drawn == drawn


def test_the_veiled_table_does_not_follow_the_mouse_until_the_card_is_closed(table, driver):
    scene = table(BUSY)
    first, other = driver.uid("play", "salamander"), driver.uid("hand", "undine")
    driver.click(driver.card_centre(first), button=3)
    driver.frames(3)
    assert scene.controls.big_uid == first
    screen = pixels(driver.app.screen)
    for x in range(0, 200, 20):  # over another card, and over the buttons
        driver.post(pygame.MOUSEMOTION, pos=(round(driver.card_centre(other)[0]) + x % 40,
                                             round(driver.card_centre(other)[1])), rel=(1, 0), buttons=(0, 0, 0))
        driver.frames(1)
    assert scene.controls.hover_uid != other
    assert pixels(driver.app.screen) == screen  # nothing under the veil changed
    driver.click(driver.card_centre(other))  # closes the large card; the table sees the mouse again
    driver.frames(2)
    assert scene.controls.big_uid is None and scene.controls.hover_uid == other
    driver.click(driver.card_centre(first), button=3)
    driver.frames(2)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=tuple(map(round, driver.card_centre(other))), button=1, clicks=1)
    driver.frames(1)  # a click with no motion before it closes the card: the hover is where it was
    assert scene.controls.big_uid is None and scene.controls.hover_uid == other


def test_a_card_read_large_is_the_face_over_the_table_darkened(table, driver):
    from aleph_null_desktop.ui.render.veil import darken

    scene = table(BUSY)
    uid = driver.uid("play", "bell")
    driver.post(pygame.MOUSEMOTION, pos=tuple(map(round, driver.card_centre(uid))), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    expected = driver.app.screen.copy()  # the table as it is under the mouse (no tip yet)
    driver.click(driver.card_centre(uid), button=3)
    driver.frames(1)
    assert scene.controls.big_uid == uid
    darken(expected, 150)
    face = scene.renderer.face("bell", BIG_W)
    spot = face.get_rect(center=(960, 520))
    expected.blit(face, spot)
    words = pygame.Rect(0, spot.top - 60, 1920, 60)  # "click or Esc to close" above it
    for area in (pygame.Rect(0, 0, 1920, words.top), pygame.Rect(0, spot.top, 1920, 1080 - spot.top)):
        assert pixels(expected.subsurface(area)) == pixels(driver.app.screen.subsurface(area))
