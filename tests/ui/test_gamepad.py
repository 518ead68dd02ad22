"""A game controller plays the game: real CONTROLLER* events (a pad plugged in, buttons, the left
stick) posted through the app's own loop become the keys the screens know, from the title to
Judgement; prompts name the pad's buttons while it is the device in use."""

import random

import pygame
import pytest

from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.ui import prompts
from aleph_null_desktop.ui.gamepad import REPEAT_DELAY, REPEAT_EVERY
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.scenes.pause import PauseScene
from aleph_null_desktop.ui.scenes.title import TitleScene
from aleph_null_desktop.ui.table.focus import LOG
from aleph_null_desktop.ui.table.overlays import ActionMenu, ChoicePicker, ConfirmDialog, InterferenceSpotlight
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.widgets.button import key_name
from tests.drivers.pad_input import A, B, BACK, DPAD, LB, PAD_ID, RB, START, X, FakeController, PadInput

MAX_MOVES = 400


@pytest.fixture
def pad(driver):
    pad = PadInput(driver)
    pad.plug_in()
    yield pad
    prompts.use_pad(False)


def pad_for(pad, scene, cmd) -> None:
    """The pad presses that make `cmd` on the table as it is now."""
    while isinstance(scene.modal, InterferenceSpotlight):
        if cmd == Summon(scene.modal.uid):
            pad.press(A)
            return
        pad.press(B)  # put off
    if isinstance(cmd, Choose):
        picker = scene.modal
        if isinstance(picker, ChoicePicker):
            order = [i for i, _ in picker.option_rects()]
            pad.steer(lambda: [r for _i, r in picker.option_rects()], lambda: min(picker.focus, len(order) - 1),
                      order.index(cmd.index))
            pad.press(A)
            return
        uid = scene.game.pending.options[cmd.index].uid
        pad.focus_table_stop(scene, ("card", uid) if uid is not None else ("none", None))
        pad.press(A)
        return
    if isinstance(cmd, Summon):  # A picks the card up over the play area, A drops it there
        pad.focus_table_stop(scene, ("card", cmd.uid))
        pad.press(A)
        assert scene.controls.drag and scene.controls.drag["carried"] and scene.controls.drag["place"] == "play"
        pad.press(A)
    elif isinstance(cmd, Activate):
        pad.focus_table_stop(scene, ("card", cmd.uid))
        pad.press(A)
        menu = scene.modal
        assert isinstance(menu, ActionMenu) and menu.uid == cmd.uid
        wanted = [a.id for a in scene.game.cards[scene.game.card(cmd.uid).card_id].actions].index(cmd.action)
        usable = [i for i, b in enumerate(menu.buttons) if b.enabled]
        for _ in range(usable.index(wanted) - usable.index(menu.focus)):
            pad.press(DPAD[pygame.K_DOWN])
        assert menu.focus == wanted
        pad.press(A)
    elif isinstance(cmd, TakeToken):
        pad.focus_table_stop(scene, ("zone", "tokens"))
        pad.press(A)
    elif isinstance(cmd, EndTurn):
        pad.focus_table_stop(scene, ("button", "end_turn"))
        pad.press(A)
    if isinstance(scene.modal, ConfirmDialog):  # damage, or a move that ends the ritual: yes
        pad.press(A)


def test_a_whole_ritual_by_controller_alone_from_the_title_to_judgement(app, driver, pad):
    app.show_title()
    driver.frames()
    title = driver.scene
    pad.press(DPAD[pygame.K_DOWN])  # the outline appears on the first Circle
    assert app.button_focus.visible_on(driver.scene) and app.button_focus.button is driver.scene.buttons[0]
    pad.press(A)
    scene = driver.scene
    assert isinstance(scene, TableScene) and scene.circle_id == "adept", title
    player, rng = GreedyPlayer(), random.Random(11)
    chosen = []
    while scene.game.outcome is None and len(chosen) < MAX_MOVES:
        cmd = player.choose_command(scene.game.clone(), rng)
        chosen.append(cmd)
        pad_for(pad, scene, cmd)
        assert scene.applied == chosen, (cmd, scene.message)
    assert scene.game.outcome is not None
    assert any(isinstance(c, EndTurn) for c in chosen) and any(isinstance(c, Summon) for c in chosen)
    driver.frames(40, dt=0.05)
    judgement = driver.scene
    assert isinstance(judgement, JudgementScene) and judgement.outcome is scene.game.outcome
    pad.press(DPAD[pygame.K_RIGHT])  # the outline on Judgement's buttons; A presses the outlined one
    assert app.button_focus.visible_on(judgement)
    outlined = app.button_focus.button
    pad.press(B)  # back: to the title
    assert isinstance(driver.scene, TitleScene), outlined


def test_plugging_in_and_pulling_out_a_controller_is_said_and_it_is_let_go(app, driver):
    pad = PadInput(driver)
    app.show_title()
    driver.frames()
    pad.plug_in(2)
    assert [c.device_index for c in pad.opened] == [2] and PAD_ID in app.gamepads.controllers
    assert any("Controller connected: Steam Deck" in line for line in app.notices)
    pad.pull_out()
    assert app.gamepads.controllers == {} and pad.opened[0].closed
    assert any("Controller disconnected: Steam Deck" in line for line in app.notices)


def test_a_controller_that_cannot_be_opened_is_no_error(app, driver):
    def refuse(index):
        raise pygame.error("Invalid index")

    app.gamepads.opener = refuse
    app.show_title()
    driver.post(pygame.CONTROLLERDEVICEADDED, device_index=5)
    driver.frames()
    assert app.gamepads.controllers == {} and app.failed_frames == 0


def test_the_stick_moves_past_its_deadzone_and_repeats_while_held(app, driver, table, pad):
    scene = table({"hand": ["wax_candle", "sylph", "salamander", "undine", "gnome"], "deck": ["sylph"]})
    hand = [c.uid for c in scene.game.zone("hand")]
    pad.press(RB)  # the outline on the first card of the hand
    assert scene.focus.visible and scene.focus.current() == ("card", hand[0])
    pad.stick(0.3, 0.1)  # within the deadzone: nothing moves
    assert scene.focus.current() == ("card", hand[0])
    pad.stick(0.9, 0.1)  # to the right: one card on
    assert scene.focus.current() == ("card", hand[1])
    driver.frames(1, dt=REPEAT_DELAY - 0.05)  # held, not yet long enough to repeat
    assert scene.focus.current() == ("card", hand[1])
    driver.frames(1, dt=0.05)  # the first repeat
    assert scene.focus.current() == ("card", hand[2])
    driver.frames(1, dt=REPEAT_EVERY)
    assert scene.focus.current() == ("card", hand[3])
    pad.stick(0.0, 0.0)  # let go: no more repeats
    driver.frames(5, dt=REPEAT_EVERY)
    assert scene.focus.current() == ("card", hand[3])
    assert app.gamepads.next_repeat_in() is None


def test_a_held_dpad_repeats_and_the_loop_wakes_for_it(app, driver, table, pad):
    scene = table({"hand": ["wax_candle", "sylph", "salamander", "undine", "gnome"], "deck": ["sylph"]})
    hand = [c.uid for c in scene.game.zone("hand")]
    pad.press(RB)
    pad.hold(DPAD[pygame.K_RIGHT])
    driver.frames()
    assert scene.focus.current() == ("card", hand[1])
    repeat = app.gamepads.next_repeat_in()
    assert repeat == pytest.approx(REPEAT_DELAY, abs=0.02)
    assert app.next_frame_in() <= repeat  # the loop does not sleep past the repeat
    driver.frames(1, dt=REPEAT_DELAY)
    assert scene.focus.current() == ("card", hand[2])
    pad.let_go(DPAD[pygame.K_RIGHT])
    driver.frames(3, dt=REPEAT_DELAY)
    assert scene.focus.current() == ("card", hand[2])


def test_shoulders_jump_between_the_zones_of_the_table(app, driver, table, pad):
    scene = table({"hand": ["wax_candle", "sylph"], "play": ["wealthy_tanist"], "deck": ["sylph"]})
    pad.press(RB)
    assert scene.focus.current() == ("card", scene.game.zone("hand")[0].uid)
    pad.press(RB)
    assert scene.focus.current() == ("card", scene.game.zone("play")[0].uid)
    pad.press(RB)
    assert scene.focus.current()[0] == "zone" and scene.focus.zone_of(scene.focus.current()) == 2  # a pile
    pad.press(RB)
    assert scene.focus.current()[0] == "button"
    pad.press(LB)
    assert scene.focus.zone_of(scene.focus.current()) == 2
    pad.press(BACK)  # the log, outlined
    assert scene.focus.current() == LOG
    scene.log.entries.extend(f"line {i}" for i in range(60))
    pad.press(DPAD[pygame.K_UP])  # scrolls it back
    assert scene.log.scroll > 0


def test_x_asks_for_a_hint_and_start_pauses_and_resumes(app, driver, table, pad):
    scene = table({"hand": ["wax_candle", "sylph"], "deck": ["sylph"]})
    asked = []
    scene.hints.request = lambda: asked.append(True)
    pad.press(X)
    assert asked == [True]
    pad.press(START)
    assert isinstance(driver.scene, PauseScene)
    pad.press(START)
    assert driver.scene is scene


def test_prompts_name_the_pads_buttons_while_it_is_used(app, driver, pad):
    app.show_title()
    driver.frames()
    driver.key(pygame.K_DOWN)
    assert not prompts.pad_in_use() and key_name("Enter") == "Enter" and key_name("Esc") == "Esc"
    pad.press(DPAD[pygame.K_DOWN])
    assert prompts.pad_in_use()
    assert (key_name("Enter"), key_name("Esc"), key_name("F1"), key_name("H")) == ("A", "B", "Y", "X")
    assert key_name("T") == ""  # no pad button: the outline reaches it
    assert (key_name("Pause"), key_name("F6")) == ("Menu", "R1")  # as a Steam Deck names them
    pad.pull_out()
    other = PadInput(driver)
    other.opened.clear()
    app.gamepads.opener = lambda index: FakeController(index, name="Xbox Wireless Controller")
    other.plug_in(1)
    assert (key_name("Pause"), key_name("F6"), key_name("Enter")) == ("Start", "RB", "A")
    driver.key(pygame.K_DOWN)  # the keyboard again
    assert not prompts.pad_in_use() and key_name("F1") == "F1"


def test_the_card_editor_by_controller_a_new_card_made_and_saved(app, driver, pad, user_dirs):
    from aleph_null_desktop.ui.editor.edit_scene import EditScene
    from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene

    app.show_title()
    driver.frames()
    pad.outline_onto(driver.scene.editor_button.rect)
    pad.press(A)
    gallery = driver.scene
    assert isinstance(gallery, GalleryScene)
    pad.outline_onto(gallery.buttons["New card"].rect)
    pad.press(A)
    editor = driver.scene
    assert isinstance(editor, EditScene) and editor.name_field.focused
    driver.post(pygame.TEXTINPUT, text="Pad Card")  # the Steam Deck's on-screen keyboard types text
    driver.frames()
    pad.press(B)  # leaves the name field
    assert not editor.name_field.focused and isinstance(driver.scene, EditScene)

    def chip(label):
        return next(c for c in editor.controls if getattr(c, "label", None) == label)

    pad.outline_onto(chip("Church").rect)
    pad.press(A)
    assert editor.draft.side == "church"
    level = next(c for c in editor.controls if getattr(c, "label", None) == "Level")
    pad.outline_onto(level._parts()[2])  # its +
    pad.press(A)
    assert editor.draft.level == 2
    pad.outline_onto(next(c for c in editor.controls if getattr(c, "label", None) == "Add an effect").rect)
    pad.press(A)
    assert editor.popup is not None  # the effects to choose from
    pad.press(DPAD[pygame.K_DOWN])  # shows the highlight on the first
    pad.press(DPAD[pygame.K_DOWN])
    chosen = editor.popup.items[editor.popup.focus][0]
    pad.press(A)
    assert editor.popup is None and len(editor.draft.on_summon) == 1, chosen
    pad.outline_onto(editor.buttons[0].rect)  # Save
    pad.press(A)
    assert "Pad Card" in [e.name for e in editor.library.sorted()], editor.status
    pad.press(B)  # back to the gallery
    assert driver.scene is gallery


def test_a_card_picked_up_follows_the_dpad_and_a_drops_it_b_puts_it_back(app, driver, table, pad):
    scene = table({"hand": ["wax_candle", "sylph"], "deck": ["sylph"] * 4})
    candle = scene.game.zone("hand")[0].uid
    pad.focus_table_stop(scene, ("card", candle))
    pad.press(A)
    assert scene.controls.drag["uid"] == candle and scene.controls.drag["place"] == "play"
    assert scene.controls.legal_drop_zones() == {"play": True}  # the play area glows as under a mouse drag
    assert scene.controls.drag["pos"] == scene.rects["play"].center
    pad.press(DPAD[pygame.K_RIGHT])  # on to its own place, the hand
    assert scene.controls.drag["place"] == "hand" and scene.controls.drag["pos"] == scene.rects["hand"].center
    pad.press(A)  # dropped where it came from: nothing happens
    assert scene.controls.drag is None and scene.applied == []
    pad.press(A)
    pad.press(B)  # put back
    assert scene.controls.drag is None and scene.applied == [] and scene.game.zone_of(candle) == "hand"
    pad.press(A)
    pad.press(A)  # dropped on the play area: summoned
    assert scene.applied == [Summon(candle)] and scene.game.zone_of(candle) == "play"


def test_a_circle_chosen_in_the_grimoire_by_controller(app, driver, pad):
    from aleph_null_desktop.ui.grimoire import GrimoireScene

    app.show_title()
    driver.frames()
    pad.outline_onto(driver.scene.new_button.rect)
    pad.press(A)
    book = driver.scene
    assert isinstance(book, GrimoireScene) and book.page == "cover"
    pad.press(A)  # opens the book at the Circles
    driver.frames(12, dt=0.1)
    assert book.page == "circles"
    magus = next(rect for action, side, rect in book.spread("circles").hits if action == ("circle", "magus"))
    origin = book.left_rect.topleft if next(s for a, s, r in book.spread("circles").hits
                                            if a == ("circle", "magus")) == "left" else book.right_rect.topleft
    pad.outline_onto(magus.move(origin), directions=(pygame.K_UP, pygame.K_DOWN))  # left, right: pages
    pad.press(A)
    driver.frames(20, dt=0.1)
    table = driver.scene
    assert isinstance(table, TableScene) and table.game.circle == "magus"


def test_the_controller_subsystem_starts_and_raw_joystick_presses_are_not_wanted(app):
    from aleph_null_desktop.ui.gamepad import start_controllers

    raw = [pygame.JOYAXISMOTION, pygame.JOYBUTTONDOWN]
    try:
        assert start_controllers() is True  # SDL's game controllers, also with the dummy video driver
        from pygame._sdl2 import controller

        assert controller.get_init() and all(pygame.event.get_blocked(kind) for kind in raw)
        assert not pygame.event.get_blocked(pygame.CONTROLLERBUTTONDOWN)
    finally:
        pygame.event.set_allowed(raw + [pygame.JOYBALLMOTION, pygame.JOYHATMOTION, pygame.JOYBUTTONUP])
