"""Every move can be made without the mouse: a whole ritual, from the title to Judgement, played by
key presses alone (Tab to the card, pile or button, Enter to open, a number to pick, Space to end
the turn). The moves are chosen by the greedy AI; only keys reach the game."""

import random

import pygame

from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.table.overlays import ActionMenu, ChoicePicker, ConfirmDialog, InterferenceSpotlight
from aleph_null_desktop.ui.table.scene import TableScene

MAX_MOVES = 400


def tab_to(driver, scene, stop) -> None:
    """Tab (or Shift+Tab, whichever is shorter) until the keyboard's focus is on `stop`."""
    stops = scene.focus.stops()
    assert stop in stops, (stop, stops)
    here = scene.focus.current()
    if here is None:
        driver.key(pygame.K_TAB)
        here = scene.focus.current()
    forward = (stops.index(stop) - stops.index(here)) % len(stops)
    key, mod, count = (pygame.K_TAB, 0, forward) if forward <= len(stops) // 2 else \
        (pygame.K_TAB, pygame.KMOD_LSHIFT, len(stops) - forward)
    for _ in range(count):
        driver.key(key, mod)
    assert scene.focus.current() == stop


def press_for(driver, scene, cmd) -> None:
    """The key presses that make `cmd` on the table as it is now."""
    while isinstance(scene.modal, InterferenceSpotlight):  # one at a time
        if cmd == Summon(scene.modal.uid):
            driver.key(pygame.K_RETURN)
            return
        driver.key(pygame.K_ESCAPE)  # put off: raise power first
    if isinstance(cmd, Choose):
        picker = scene.modal
        if isinstance(picker, ChoicePicker):
            if cmd.index < 9:
                driver.key(pygame.K_1 + cmd.index)
            else:
                order = [i for i, _ in picker.option_rects()]
                for _ in range((order.index(cmd.index) - picker.focus) % len(order)):
                    driver.key(pygame.K_TAB)
                driver.key(pygame.K_RETURN)
            return
        uid = scene.game.pending.options[cmd.index].uid
        tab_to(driver, scene, ("card", uid) if uid is not None else ("none", None))
        driver.key(pygame.K_RETURN)
        return
    if isinstance(cmd, (Summon, Activate)):
        tab_to(driver, scene, ("card", cmd.uid))
        driver.key(pygame.K_RETURN)
        menu = scene.modal
        assert isinstance(menu, ActionMenu) and menu.uid == cmd.uid
        index = 0 if isinstance(cmd, Summon) else \
            [a.id for a in scene.game.cards[scene.game.card(cmd.uid).card_id].actions].index(cmd.action)
        driver.key(pygame.K_1 + index)
    elif isinstance(cmd, TakeToken):
        tab_to(driver, scene, ("zone", "tokens"))
        driver.key(pygame.K_RETURN)
    elif isinstance(cmd, EndTurn):
        driver.key(pygame.K_SPACE)
    if isinstance(scene.modal, ConfirmDialog):  # damage, or a move that ends the ritual: yes
        driver.key(pygame.K_RETURN)


def test_a_whole_ritual_by_keyboard_alone(app, driver):
    app.show_title()
    driver.frames()
    driver.key(pygame.K_1)  # the Adept Circle
    scene = driver.scene
    assert isinstance(scene, TableScene)
    player, rng = GreedyPlayer(), random.Random(7)
    chosen = []
    while scene.game.outcome is None and len(chosen) < MAX_MOVES:
        cmd = player.choose_command(scene.game.clone(), rng)
        chosen.append(cmd)
        press_for(driver, scene, cmd)
        assert scene.applied == chosen, (cmd, scene.message)
    assert scene.game.outcome is not None
    driver.frames(40, dt=0.05)
    assert isinstance(driver.scene, JudgementScene)
    assert driver.scene.outcome is scene.game.outcome


def test_left_and_right_keep_to_the_row_of_cards(table, driver):
    scene = table({"hand": ["wax_candle", "incense", "salamander"], "play": ["bell", "besom"],
                   "set_aside": ["sexton"], "deck": ["golem"] * 5})
    hand = [("card", c.uid) for c in scene.game.zone("hand")]
    hand.sort(key=lambda s: scene.focus.rect(s).centerx)
    tab_to(driver, scene, hand[0])
    driver.key(pygame.K_LEFT)  # the leftmost hand card: the focus stays, no leap to the set-aside pile
    assert scene.focus.current() == hand[0]
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert scene.focus.current() == hand[2]
    driver.key(pygame.K_RIGHT)  # the rightmost: stays too
    assert scene.focus.current() == hand[2]
    play = sorted((("card", c.uid) for c in scene.game.zone("play")), key=lambda s: scene.focus.rect(s).centerx)
    driver.key(pygame.K_UP)  # up still goes to the nearest stop above: a card in play
    assert scene.focus.current() in play
    tab_to(driver, scene, play[0])
    driver.key(pygame.K_LEFT)
    assert scene.focus.current() == play[0]
