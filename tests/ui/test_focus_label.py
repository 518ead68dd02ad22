"""Keyboard focus on the table shows a compact label (what it is on, what Enter would do there)
beside its ring, never the card's whole tooltip; the whole card is read on request (Alt), and the
mouse resting on a card still opens its tooltip as before (issue 26, part 3)."""

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.table.card_tips import HOVER_SECONDS
from aleph_null_desktop.ui.table.focus import focus_label_box

TABLE = {"hour": 2, "power": 1, "play": ["salamander", "golem", "incense"], "hand": ["wax_candle", "gnome", "sylph"],
         "deck": ["bell", "boline", "undine"], "discard": ["bell"]}


def focus_on(driver, scene, stop) -> None:
    for _ in range(len(scene.focus.stops())):
        if scene.focus.current() == stop:
            return
        driver.key(pygame.K_TAB)
    assert scene.focus.current() == stop


def label_box(scene, stop) -> pygame.Rect:
    rect = scene.focus.rect(stop)
    if stop[0] == "card":
        rect.y -= scene.focus.lift(stop[1], rect)
    name, does = scene.presenter.focus_words(stop)
    return focus_label_box(scene.app.fonts, rect.inflate(16, 16), name, does, scene.focus.keep_clear,
                           scene.focus.cards_beside(stop))[1]


def test_focus_on_a_card_shows_a_compact_label_and_no_tooltip(table, driver):
    scene = table(TABLE)
    golem = ("card", driver.uid("play", "golem"))
    focus_on(driver, scene, golem)
    driver.frames(round(2 * HOVER_SECONDS / 0.05) + 4, dt=0.05)  # rested long past the mouse's tooltip delay
    assert scene.controls.hover_uid == golem[1]  # lifted, as a hovered card
    assert not scene.controls.card_tip_shown()
    assert scene.presenter.focus_words(golem) == ("Golem", "Enter: its actions  ·  Alt: read it")
    box = label_box(scene, golem)
    assert box.w < theme.LOGICAL_SIZE[0] // 4 and box.h < 40  # one short line, not a third of the screen
    screen = driver.app.screen
    assert screen.get_at(box.midleft)[:3] == theme.INK  # its outline
    assert screen.get_at((box.x + 4, box.centery))[:3] == theme.PARCHMENT
    for name in ("log", "prompt"):
        assert not box.colliderect(scene.rects[name]), name


def test_the_label_says_what_enter_does_and_enter_does_it(table, driver):
    scene = table(TABLE)
    candle = ("card", driver.uid("hand", "wax_candle"))
    focus_on(driver, scene, candle)
    driver.frames(2)
    assert scene.presenter.focus_words(candle)[1].startswith("Enter: summon")
    assert not label_box(scene, candle).colliderect(scene.painter.hand_title_rect())
    driver.key(pygame.K_RETURN)
    assert scene.modal is not None and scene.modal.title == "Wax Candle"  # its menu: Summon
    driver.key(pygame.K_ESCAPE)
    focus_on(driver, scene, ("zone", "discard"))
    assert scene.presenter.focus_words(("zone", "discard")) == ("", "Enter: look")
    assert scene.presenter.focus_words(("button", "end_turn")) == ("", "")  # a button says it itself


def test_alt_reads_the_focused_card_large_and_the_mouse_still_opens_the_tooltip(table, driver):
    scene = table(TABLE)
    golem = driver.uid("play", "golem")
    focus_on(driver, scene, ("card", golem))
    driver.frames(3)
    before = driver.app.screen.copy()
    driver.post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    driver.frames(2)
    corner = (scene.rects["play"].centerx, scene.rects["play"].bottom - 5)  # veiled round the card read large
    assert driver.app.screen.get_at(corner) != before.get_at(corner)
    driver.post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
    driver.frames(2)
    sylph = driver.uid("hand", "sylph")
    driver.post(pygame.MOUSEMOTION, pos=tuple(map(round, scene.sprites[sylph].target.center)), rel=(1, 0),
                buttons=(0, 0, 0))
    driver.frames(round(2 * HOVER_SECONDS / 0.05) + 4, dt=0.05)
    assert scene.controls.hover_uid == sylph and scene.controls.card_tip_shown()
