"""Gestures on the table, posted as real pygame mouse/keyboard events, reach the engine as the
right commands; refused gestures change nothing and say why."""

import pygame

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.ui.table.overlays import ActionMenu, ChoicePicker, ConfirmDialog


def test_dragging_a_hand_card_onto_play_summons_it(table, driver):
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    assert scene.applied == [Summon(uid)]
    assert [c.card_id for c in scene.game.zone("play")] == ["wealthy_tanist"]
    assert "Summoned Wealthy Tanist." in scene.log.lines


def test_play_area_glows_while_a_summonable_card_is_dragged(table, driver):
    scene = table({"hand": ["wealthy_tanist", "gnome"]})
    tanist, gnome = driver.uid("hand", "wealthy_tanist"), driver.uid("hand", "gnome")
    driver.hold(driver.card_centre(tanist), (900, 300))
    assert scene.controls.drag["uid"] == tanist
    assert scene.controls.legal_drop_zones() == {"play": True}
    driver.release(driver.card_centre(gnome))  # dropped back on the hand
    assert scene.applied == []
    driver.hold(driver.card_centre(gnome), (900, 300))
    assert scene.controls.legal_drop_zones() == {"play": False}  # Gnome costs 1P; there is none


def test_a_refused_drop_springs_back_and_says_why(table, driver):
    scene = table({"hand": ["gnome"], "power": 0})
    uid = driver.uid("hand", "gnome")
    before = scene.game.to_dict()
    slot = pygame.FRect(scene.sprites[uid].target)
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    assert scene.applied == []
    assert scene.game.to_dict() == before
    assert scene.message == scene.game.explain(Summon(uid))
    assert scene.message  # the engine's reason, in words
    assert scene.sprites[uid].rect != slot  # it is let go where the mouse was…
    driver.frames(30, dt=0.05)
    assert scene.sprites[uid].rect == slot  # …and glides back to the hand


def test_dragging_a_card_in_play_onto_the_discard_pile_scraps_it(table, driver):
    scene = table({"play": ["salamander"]})
    uid = driver.uid("play", "salamander")
    driver.hold(driver.card_centre(uid), driver.zone_centre("discard"))
    assert scene.controls.legal_drop_zones() == {"discard": True, "sacrifice": True}
    driver.release(driver.zone_centre("discard"))
    assert scene.applied == [Activate(uid, "scrap")]
    assert scene.game.power == 2
    assert [c.card_id for c in scene.game.zone("discard")] == ["salamander"]


def test_dragging_a_card_in_play_onto_the_sacrifice_pile_sacrifices_it(table, driver):
    scene = table({"play": ["salamander"]})
    uid = driver.uid("play", "salamander")
    driver.drag(driver.card_centre(uid), driver.zone_centre("sacrifice"))
    assert scene.applied == [Activate(uid, "sacrifice")]
    assert scene.game.power == 3
    assert [c.card_id for c in scene.game.zone("sacrificed")] == ["salamander"]


def test_a_card_without_a_scrap_action_cannot_be_dropped_on_the_discard_pile(table, driver):
    scene = table({"play": ["vitriol"], "power": 1})
    uid = driver.uid("play", "vitriol")
    before = scene.game.to_dict()
    driver.drag(driver.card_centre(uid), driver.zone_centre("discard"))
    assert scene.applied == []
    assert scene.game.to_dict() == before
    assert scene.message == "Vitriol has no action that scraps it."


def test_clicking_a_card_in_play_offers_its_actions_with_reasons(table, driver):
    scene = table({"play": ["book_of_pacts", "wax_candle"], "discard": ["sylph"], "power": 0})
    book = driver.uid("play", "book_of_pacts")
    driver.click(driver.card_centre(book))
    menu = scene.modal
    assert isinstance(menu, ActionMenu)
    [button] = menu.buttons
    assert button.label == "pay 2P → sacrifice a card from your discard pile"
    assert not button.enabled
    assert button.detail == "Not now: " + scene.game.explain(Activate(book, "pact"))
    driver.click(button.rect.center)  # a greyed button does nothing
    assert scene.applied == []
    driver.click((1000, 20))  # click away: the menu closes
    assert scene.modal is None
    candle = driver.uid("play", "wax_candle")
    driver.click(driver.card_centre(candle))
    driver.click(scene.modal.buttons[0].rect.center)
    assert scene.applied == [Activate(candle, "burn")]


def test_double_click_plays_the_only_legal_move(table, driver):
    scene = table({"play": ["wax_candle"], "hand": ["wealthy_tanist"]})
    candle, tanist = driver.uid("play", "wax_candle"), driver.uid("hand", "wealthy_tanist")
    driver.double_click(driver.card_centre(candle))
    assert scene.applied == [Activate(candle, "burn")]
    assert scene.modal is None
    driver.double_click(driver.card_centre(tanist))
    assert scene.applied[-1] == Summon(tanist)


def test_clicking_the_tokens_takes_one(table, driver):
    scene = table({"tokens": 2})
    driver.click(driver.zone_centre("tokens"))
    assert scene.applied == [TakeToken()]
    assert (scene.game.tokens, scene.game.power) == (1, 1)


def test_number_keys_and_ctrl_z_undo(table, driver):
    scene = table({"hand": ["wealthy_tanist", "silent_tanist"]})
    driver.key(pygame.K_2)
    assert scene.applied == [Summon(driver.uid("play", "silent_tanist"))]
    assert scene.game.can_undo
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert [c.card_id for c in scene.game.zone("hand")] == ["wealthy_tanist", "silent_tanist"]
    assert scene.game.zone("play") == []
    assert not scene.game.can_undo


def test_a_target_decision_is_answered_by_clicking_a_glowing_card(table, driver):
    scene = table({"play": ["boline"], "hand": ["wax_candle", "sylph"], "deck": ["incense"]})
    boline, sylph = driver.uid("play", "boline"), driver.uid("hand", "sylph")
    driver.drag(driver.card_centre(boline), driver.zone_centre("discard"))  # cut: scrap this → …
    assert scene.applied == [Activate(boline, "cut")]
    pending = scene.game.pending
    assert pending is not None and pending.kind == "target"
    targets = scene.presenter.target_options()
    assert set(targets) == {c.uid for c in scene.game.zone("hand")}
    driver.click(driver.card_centre(sylph))
    assert scene.applied[-1] == Choose(targets[sylph])
    assert scene.game.pending is None
    assert "sylph" in [c.card_id for c in scene.game.zone("sacrificed")]


def test_a_deck_search_opens_a_picker(table, driver):
    scene = table({"play": ["bell"], "deck": ["wax_candle", "gnome", "salamander", "boline"]})
    driver.drag(driver.card_centre(driver.uid("play", "bell")), driver.zone_centre("discard"))
    picker = scene.modal
    assert isinstance(picker, ChoicePicker)
    labels = {scene.game.card(o.uid).card_id: i for i, o, _ in picker.cards}
    assert set(labels) == {"gnome", "salamander"}
    slot = next(s for i, o, s in picker.cards if scene.game.card(o.uid).card_id == "salamander")
    driver.click(slot.center)
    assert scene.applied[-1] == Choose(labels["salamander"])
    assert [c.card_id for c in scene.game.zone("hand")] == ["salamander"]
    assert scene.modal is None


def test_an_up_to_choice_can_be_declined(table, driver):
    scene = table({"play": ["undine"], "discard": ["wax_candle"]})
    driver.drag(driver.card_centre(driver.uid("play", "undine")), driver.zone_centre("sacrifice"))
    picker = scene.modal  # † sacrifice up to 1 card from your discard pile
    assert isinstance(picker, ChoicePicker)
    [none] = picker.buttons
    none_index = next(i for i, o in enumerate(scene.game.pending.options) if o.uid is None)
    driver.click(none.rect.center)
    assert scene.applied[-1] == Choose(none_index)
    assert [c.card_id for c in scene.game.zone("discard")] == ["wax_candle"]


def test_ending_the_turn_with_unspent_power_asks_first(table, driver):
    scene = table({"power": 1, "deck": ["wax_candle"] * 6})
    driver.key(pygame.K_SPACE)
    dialog = scene.modal
    assert isinstance(dialog, ConfirmDialog) and "1 damage" in dialog.text
    assert scene.applied == []
    driver.click(dialog.buttons[0].rect.center)
    assert scene.applied == [EndTurn()]
    assert scene.game.damage == 1


def test_interference_drawn_is_shown_large_then_summoned(table, driver):
    scene = table({"deck": ["sexton", "wax_candle", "wax_candle", "wax_candle", "wax_candle"]})
    driver.click(driver.zone_centre("end_turn"))
    assert scene.applied == [EndTurn()]
    spotlight = scene.modal
    assert spotlight is not None and spotlight.carddef.id == "sexton"
    driver.click((960, 1000))  # Sexton costs nothing: a click summons it
    assert scene.applied[-1] == Summon(driver.uid("play", "sexton"))


def test_clicking_the_discard_pile_shows_it_and_the_sacrificed_cards(table, driver):
    from aleph_null_desktop.ui.table.overlays import PileViewer

    scene = table({"discard": ["gnome", "bell"], "sacrificed": ["vitriol"]})
    driver.click(driver.zone_centre("discard"))
    viewer = scene.modal
    assert isinstance(viewer, PileViewer) and viewer.zone == "discard"
    driver.click(viewer.tabs[1].rect.center)
    assert viewer.zone == "sacrificed" and scene.modal is viewer
    driver.key(pygame.K_ESCAPE)
    assert scene.modal is None


def test_the_grip_goes_idle_pressed_dragging_and_says_what_the_gesture_was():
    from aleph_null_desktop.ui.table.gestures import DRAG_THRESHOLD, DRAGGING, IDLE, PRESSED, Grip

    grip = Grip()
    assert grip.state == IDLE and grip.release((5, 5)) == ("none",)
    grip.press((100, 100), clicks=2, uid=7, source="hand")
    assert grip.state == PRESSED and grip.pressed() == {"uid": 7, "zone": "hand", "pos": (100, 100), "clicks": 2}
    assert grip.move((100 + DRAG_THRESHOLD - 1, 100)) is False and grip.held() is None  # a shaky click
    assert grip.release((103, 100)) == ("click", 7, 2) and grip.state == IDLE

    grip.press((100, 100), uid=7, source="play")
    assert grip.move((100, 100 + DRAG_THRESHOLD)) is True and grip.state == DRAGGING
    grip.lift((40, 60), "play")
    assert grip.move((300, 200)) is False  # already in the air: it follows the mouse
    assert grip.held() == {"uid": 7, "source": "play", "offset": (40, 60), "pos": (300, 200)}
    assert grip.release((310, 210)) == ("drop", {"uid": 7, "source": "play", "offset": (40, 60),
                                                  "pos": (300, 200)}, (310, 210))
    assert grip.state == IDLE and grip.pressed() is None

    grip.press((10, 10))  # the tokens
    assert grip.release((10, 10)) == ("token",)
    grip.press((10, 10))
    grip.move((60, 10))
    grip.lift((25, 25))
    assert grip.held()["token"] is True and grip.held()["source"] == "tokens"
    grip.cancel()  # the button went up unseen
    assert grip.state == IDLE and grip.release((60, 10)) == ("none",)
