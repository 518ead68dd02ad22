"""The frame a command is handled (a command sent, Ctrl+Z, a card dropped on the table) leaves the
screen as it was: its cards stand where they were, the panels it changes wait, and only the cached
picture of the board is painted again where cards left it. The motion shows from the next frame,
which is the table drawn whole from nothing, as is every later one; the window is the screen after
every frame."""

import pygame

from aleph_null_desktop.engine import Activate, Summon
from tests.drivers.window_picture import PresentEveryFrame
from tests.ui.test_partial_frames import fresh_picture, shown

BUSY = {"hour": 3, "power": 4, "tokens": 1, "play": ["salamander", "golem", "book_of_pacts", "boline", "bell"],
        "hand": ["wax_candle", "sylph", "gnome", "undine", "vitriol"], "deck": ["learned_tanist", "bell", "besom"],
        "discard": ["chasuble"], "set_aside": ["ill_omen"]}


def fresh(scene) -> bytes:
    return pygame.image.tobytes(fresh_picture(scene), "RGB")


def follow_motion(scene, driver, stale: list, label: str) -> None:
    """The motion's frames: the first and every fifth drawn is the table drawn whole, and so is the last."""
    frames = 0
    while scene.cards.moving and frames < 60:
        driver.frames(1)
        frames += 1
        if frames % 5 == 1:
            if shown(driver.app) != fresh(scene):
                stale.append((label, frames))
            driver.frames(1)  # (whole again after the fresh picture)
            frames += 1
    driver.frames(60)  # the held panels and the log's lines shown
    if shown(driver.app) != fresh(scene):
        stale.append((label, "settled"))
    driver.frames(1)  # (whole again after the fresh picture)


def test_a_commands_frame_leaves_the_screen_and_its_motion_starts_on_the_next(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(BUSY)
    driver.frames(2)
    stale = []
    for command in (Summon(driver.uid("hand", "wax_candle")), Activate(driver.uid("play", "salamander"), "sacrifice")):
        picture = shown(app)
        presented = watch.presented
        assert scene.submit(command)
        starts = {uid: pygame.FRect(sprite.rect) for uid, sprite in scene.sprites.items() if sprite.moving}
        assert starts or scene.ghosts
        driver.frames(1)
        assert shown(app) == picture and watch.presented == presented  # nothing drawn, nothing presented
        assert {uid: scene.sprites[uid].rect for uid in starts} == starts  # (standing at their start)
        driver.frames(1)
        assert watch.presented == presented + 1 and shown(app) != picture
        assert not starts or any(scene.sprites[uid].rect != start for uid, start in starts.items())
        if shown(app) != fresh(scene):
            stale.append((command, "first"))
        driver.frames(1)
        follow_motion(scene, driver, stale, type(command).__name__)
    assert not stale, stale
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_ctrl_z_through_the_loop_leaves_its_frame_and_undoes_on_the_next(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(BUSY)
    assert scene.submit(Summon(driver.uid("hand", "sylph")))
    driver.frames(80)
    stale = []
    for _ in range(2):
        picture = shown(app)
        driver.key(pygame.K_z, pygame.KMOD_CTRL)  # (one frame: the command's)
        assert scene.cards.moving and shown(app) == picture
        driver.frames(1)
        assert shown(app) != picture
        if shown(app) != fresh(scene):
            stale.append(("undo", "first"))
        driver.frames(1)
        follow_motion(scene, driver, stale, "undo")
        if not scene.game.can_undo:
            break
    assert scene.game.zone_of(driver.uid("hand", "sylph")) == "hand"
    assert not stale, stale
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_a_card_dropped_on_the_table_flies_from_where_it_was_let_go(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(BUSY)
    uid = driver.uid("hand", "gnome")
    hand_slot = pygame.FRect(scene.sprites[uid].rect)
    drop = (driver.zone_centre("play")[0], driver.zone_centre("play")[1] + 40)
    driver.hold(driver.card_centre(uid), drop)
    driver.frames(1)
    picture = shown(app)  # the card in the air where it is let go
    driver.release(drop)  # (one frame: the command's)
    assert scene.game.zone_of(uid) == "play"
    assert shown(app) == picture
    driver.frames(1)
    sprite = scene.sprites[uid]
    assert sprite.moving
    assert sprite.rect.bottom < hand_slot.top  # it sets off from above the hand, not from its slot there
    stale = []
    if shown(app) != fresh(scene):
        stale.append("first")
    driver.frames(1)
    follow_motion(scene, driver, stale, "drop")
    assert not stale, stale
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
