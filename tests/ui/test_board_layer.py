"""The table's board layer is painted panel by panel: after a change only the panels whose inputs
changed are painted again, and the layer is always exactly what a fresh paint of the whole table
would be (no stale pixel after a command, an undo, a drag, an Hour change, a language or UI-scale
change)."""

import pygame
import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.engine import Summon
from aleph_null_desktop.ui.render.layer import PanelLayer
from aleph_null_desktop.ui.table.board import Board

TABLE = {"hour": 2, "power": 2, "tokens": 1, "play": ["salamander", "incense"],
         "hand": ["wax_candle", "undine", "sylph"], "deck": ["gnome", "sylph", "bell", "boline"],
         "discard": ["bell"], "set_aside": ["ill_omen"]}
# ending the turn with two cards in the deck: the draw comes up short and the Hour turns
HOUR_CHANGE = {"hour": 2, "power": 0, "play": ["salamander", "incense"], "hand": ["wax_candle", "undine"],
               "deck": ["gnome", "sylph"], "discard": ["bell", "boline"]}


def board_parts(scene):
    """The board's panels as the table shows them (those a command changed, once its cards have landed)."""
    return scene.painter.lag.seen(scene.painter.board.parts(scene.moment()))


def layer_parts(scene):
    """The board's panels, then the cards lying still: the parts of the table's cached picture."""
    painter, moment = scene.painter, scene.moment()
    return board_parts(scene) + painter.still_parts(moment, painter.card_looks(moment))


def fresh_paint(scene) -> pygame.Surface:
    painter = scene.painter
    layer = PanelLayer()
    layer.update(painter.layer.surface.get_size(), Board.whole(scene.app.current_settings(), painter.background),
                 layer_parts(scene), painter.background)
    return layer.surface


def assert_layer_is_fresh(scene) -> None:
    fresh = fresh_paint(scene)
    assert pygame.image.tobytes(scene.painter.layer.surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def assert_screen_is_fresh(scene, app) -> None:
    """The screen is what it would be with every cached layer painted again from scratch."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    scene.painter.refresh()
    scene.draw(app.screen)
    assert shown == pygame.image.tobytes(app.screen, "RGB")


def changed_by(scene, driver, act) -> set[str]:
    board = scene.painter.layer
    before = board.changed.copy()
    act()
    driver.frames(1)
    return set((board.changed - before).keys())


def centre(scene, uid):
    return tuple(map(round, scene.sprites[uid].target.center))


def test_every_panel_paints_only_inside_its_region(table, driver):
    scene = table(TABLE)
    uid = driver.uid("play", "incense")
    driver.post(pygame.MOUSEBUTTONDOWN, pos=centre(scene, uid), button=1, clicks=1)
    for pos in (centre(scene, uid), scene.rects["discard"].center):  # held over a pile: drop zones glow
        driver.post(pygame.MOUSEMOTION, pos=pos, rel=(9, 9), buttons=(1, 0, 0))
        driver.frames(1)
    assert scene.controls.drag is not None and "discard" in scene.controls.legal_drop_zones()
    scene.say("A long message in the prompt bar, to be sure it stays inside it.", warn=True)
    painter = scene.painter
    parts = layer_parts(scene)
    assert {"grimoire", "power", "damage", "deck", "discard", "sacrifice", "set_aside", "keys", "log",
            "play", "hand", "prompt", "button:end_turn"} <= {p.name for p in parts}
    for part in parts:
        for colour in ((255, 0, 255), (0, 255, 0)):
            surface = pygame.Surface(painter.layer.surface.get_size())
            surface.fill(colour)
            part.paint(surface)
            surface.fill(colour, part.region)  # what is left outside the region must be untouched
            blank = pygame.Surface(surface.get_size())
            blank.fill(colour)
            assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(blank, "RGB"), part.name


def test_a_command_paints_the_panels_it_changed_and_nothing_else(table, driver):
    scene = table(TABLE)
    driver.frames(2)
    board, title_rect = scene.painter.layer, scene.painter.hand_title_rect()
    hand_title = board.surface.subsurface(title_rect).copy()
    uid = driver.uid("hand", "wax_candle")
    changed = changed_by(scene, driver, lambda: scene.submit(Summon(uid)))
    assert scene.cards.moving and not changed & {"hand:title", "button:undo", "log"}  # (shown once the cards land)
    assert_layer_is_fresh(scene)
    changed = changed_while_cards_move(scene, driver) | changed_by(scene, driver, lambda: None)
    assert changed == {"hand:title", "button:undo", "log"}  # "Hand (2 of …)", Undo enabled, its line: nothing else
    assert_layer_is_fresh(scene)
    shown = board.surface.subsurface(title_rect)
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(hand_title, "RGB")  # the new count shows
    painted = board.painted["keys"]
    changed = changed_by(scene, driver, lambda: driver.key(pygame.K_z, pygame.KMOD_CTRL))
    changed |= changed_while_cards_move(scene, driver)
    assert "hand:title" in changed and "keys" not in changed
    assert board.painted["keys"] == painted
    assert_layer_is_fresh(scene)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(hand_title, "RGB")  # undone: as it was


def changed_while_cards_move(scene, driver) -> set[str]:
    """The board's panels painted because they changed from now until the cards lie still and every
    panel held meanwhile shows (one a frame), each frame's layer a fresh paint of the table as it shows."""
    changed = set()
    for _frame in range(60):
        if not scene.cards.moving and not scene.painter.lag.held:
            break
        changed |= changed_by(scene, driver, lambda: None)
        assert_layer_is_fresh(scene)
    assert not scene.cards.moving and not scene.painter.lag.held
    return {name for name in changed if not name.startswith("card:")}  # (the cards landing: not panels)


def test_an_unchanged_frame_paints_no_panel(table, driver):
    scene = table(TABLE)
    driver.frames(2)
    painted = scene.painter.layer.painted.copy()
    driver.frames(5)
    assert scene.painter.layer.painted == painted


def test_a_drag_over_the_piles_and_back_leaves_nothing_stale(table, driver):
    scene = table(TABLE)
    uid = driver.uid("play", "incense")
    start = centre(scene, uid)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1)
    for pos in (start, (start[0] + 40, start[1]), scene.rects["discard"].center, scene.rects["sacrifice"].center,
                scene.rects["play"].center):
        driver.post(pygame.MOUSEMOTION, pos=pos, rel=(9, 9), buttons=(1, 0, 0))
        driver.frames(1)
        assert_layer_is_fresh(scene)
    assert_screen_is_fresh(scene, driver.app)
    driver.post(pygame.MOUSEBUTTONUP, pos=scene.rects["play"].center, button=1)
    driver.frames(40, dt=0.05)
    assert scene.controls.drag is None
    assert_layer_is_fresh(scene)
    assert_screen_is_fresh(scene, driver.app)


def test_the_hover_lift_and_an_undo_leave_nothing_stale_on_the_screen(table, driver):
    scene = table(TABLE)
    for name in ("undine", "sylph", "wax_candle"):  # each card lifted, then the next
        driver.post(pygame.MOUSEMOTION, pos=centre(scene, driver.uid("hand", name)), rel=(9, 0), buttons=(0, 0, 0))
        driver.frames(1)
        assert_screen_is_fresh(scene, driver.app)
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(9, 0), buttons=(0, 0, 0))
    scene.submit(Summon(driver.uid("hand", "undine")))
    driver.frames(40, dt=0.05)
    assert_screen_is_fresh(scene, driver.app)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.frames(40, dt=0.05)
    assert driver.uid("hand", "undine")
    assert_screen_is_fresh(scene, driver.app)


def test_an_hour_change_leaves_nothing_stale(table, driver):
    scene = table(HOUR_CHANGE)
    driver.key(pygame.K_SPACE)
    checked = 0
    for _ in range(40):
        driver.frames(1, dt=0.05)
        if scene.modal is None and scene.painter.hour.stage in (None, "reveal"):  # (before: painted behind the banner)
            assert_layer_is_fresh(scene)
            checked += 1
    assert scene.game.hour == 3
    assert checked >= 30


@pytest.mark.parametrize("change", ["language", "ui_scale"])
def test_a_change_of_language_or_ui_scale_paints_every_panel(app, table, driver, change):
    scene = table(TABLE)
    driver.frames(2)
    board = scene.painter.layer
    before = board.changed.copy()
    try:
        if change == "language":
            app.change_settings(language="de")
        else:
            app.change_settings(ui_scale=1.25)
        driver.frames(1)
        assert set((board.changed - before).keys()) == {p.name for p in layer_parts(scene)}
        assert_layer_is_fresh(scene)
    finally:
        app.change_settings(language="en", ui_scale=1.0)
        i18n.set_language("en")


def test_every_panel_and_card_paints_from_its_look_alone(table, driver):
    """A panel's look is everything it draws: painted from the look taken before a command, after
    the command, it paints exactly what it painted then (so no drawn value can be missing from the
    look that decides when it is painted again). The log, whose lines are many, is keyed on how
    many it was given and how far it is scrolled."""
    scene = table(TABLE)
    driver.frames(2)
    painter = scene.painter
    before = layer_parts(scene)

    def pictures(parts):
        shots = {}
        for part in parts:
            surface = pygame.Surface(painter.layer.surface.get_size())
            part.paint(surface)
            shots[part.name] = pygame.image.tobytes(surface.subsurface(part.region.clip(surface.get_rect())), "RGB")
        return shots

    looked = {part.name: part.signature for part in before}
    before = [part for part in before if part.name != "log"]  # keyed on its lines' count and its scroll (below)
    then = pictures(before)
    scene.submit(Summon(driver.uid("hand", "wax_candle")))
    driver.frames(40, dt=0.05)
    assert pictures(before) == then
    log = next(panel for panel in painter.board.panels if panel.name == "log")
    looks = [log.look(scene.moment())]
    scene.log.add("A line the log did not have.")
    driver.frames(2)  # (shown from the frame after the one it came in)
    looks.append(log.look(scene.moment()))
    scene.log.wheel(1)
    looks.append(log.look(scene.moment()))
    assert len(set(looks)) == 3
    after = board_parts(scene)
    assert {p.name for p in after if p.signature != looked[p.name]} >= {"hand:title", "log", "button:undo"}
