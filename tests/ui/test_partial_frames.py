"""Frames drawn in part are the frames drawn whole: a card read large opened over the screen as it
was, hover lifts repainted where the cards moved; and the faces the warmer keeps planned for a
position are the faces it would plan afresh."""

import random

import pygame

from aleph_null_desktop.engine import Summon

BUSY = {"hour": 3, "power": 4, "tokens": 1, "play": ["salamander", "golem", "book_of_pacts", "boline", "bell"],
        "hand": ["wax_candle", "sylph", "gnome", "undine", "vitriol"], "deck": ["learned_tanist", "bell", "besom"],
        "discard": ["chasuble"], "set_aside": ["ill_omen"]}


def fresh_picture(scene) -> pygame.Surface:
    """The table drawn whole from nothing (every cached layer painted again)."""
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.painter.refresh()
    scene.draw(surface)
    return surface


def shown(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def past_the_hours_banner(scene, driver) -> None:
    """Frames until the Hour's change has shown its new board (and opened its panel): until then
    the screen is the table as it was under the banner (tests/ui/test_hour_frames.py)."""
    for _ in range(12):
        if scene.painter.hour.stage is None:
            return
        driver.frames(1)
    raise AssertionError("the Hour's new board never showed")


def test_a_card_read_large_over_the_kept_screen_is_the_table_drawn_whole(table, driver):
    """Hover sweeps, right-clicks (read large), clicks that close it, Alt held and let go: after
    each, the screen is what the table drawn whole from nothing shows."""
    rng = random.Random(8)
    scene = table(BUSY)
    stale = []
    opened = 0
    for step in range(40):
        cards = [c.uid for zone in ("hand", "play") for c in scene.game.zone(zone)]
        x, y = map(round, driver.card_centre(rng.choice(cards)))
        roll = rng.random()
        if roll < 0.4:
            for n in range(rng.choice([1, 4, 10])):
                driver.post(pygame.MOUSEMOTION, pos=(x + 2 * n, y), rel=(2, 0), buttons=(0, 0, 0))
                driver.frames(1)
        elif roll < 0.7:
            driver.click((x, y), button=3)
            opened += scene.controls.big_uid is not None
        elif roll < 0.85:
            driver.click((rng.randrange(400, 1500), rng.randrange(60, 600)))
        else:
            driver.post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
            driver.frames(rng.choice([1, 5]))
            driver.post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
        driver.frames(rng.choice([1, 2, 8]))
        if scene is not driver.scene:
            break
        if shown(driver.app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
            stale.append(step)
        driver.frames(1)
    assert not stale, stale
    assert opened >= 5


def test_the_faces_planned_once_a_position_are_those_planned_afresh(table, driver):
    scene = table(BUSY)
    warmer, presenter = scene.warmer, scene.presenter

    def same():
        for hovered in ((None, 0.0), (driver.uid("hand", "sylph"), 1.0), (driver.uid("hand", "sylph"), 0.0)):
            assert warmer.wanted_now(presenter, scene.rects, hovered) == warmer.wanted(presenter, scene.rects, hovered)

    same()
    scene.submit(Summon(driver.uid("hand", "wax_candle")))
    driver.frames(30, dt=0.05)
    same()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.frames(30, dt=0.05)
    same()


def test_frames_kept_under_the_interference_panel_are_the_table_drawn_whole(table, driver):
    """The turn ends into an Interference: while the Hour's banner goes on under the panel the
    screen is left as it is, and the mouse over the panel's buttons and off them repaints it; after
    each frame the screen is what the table drawn whole from nothing shows."""
    scene = table(dict(BUSY, power=0, tokens=0, deck=["sexton", "wax_candle"], discard=[]))
    driver.key(pygame.K_SPACE)
    past_the_hours_banner(scene, driver)
    spotlight = scene.modal
    assert type(spotlight).__name__ == "InterferenceSpotlight"
    stale, kept = [], 0
    spots = [b.rect.center for b in spotlight.buttons] + [(200, 200), spotlight.rect.center]
    for step in range(90):
        if step > 30 and step % 6 == 0:
            x, y = spots[(step // 6) % len(spots)]
            driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(0, 0, 0))
        driver.frames(1)
        kept += scene.kept_screen
        if shown(driver.app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
            stale.append(step)
        driver.frames(1)  # the frame after a fresh picture paints whole again: the kept one is compared next
        kept += scene.kept_screen
    assert scene.modal is spotlight
    assert not stale, stale
    assert kept >= 20


def test_frames_drawn_in_part_under_the_interference_panel_are_the_table_drawn_whole(table, driver):
    """The turn ends into an Interference while the cards fly, the Hour's banner shows and the
    Grimoire's page turns under the panel: runs of frames drawn again only where things moved
    (the veil laid there only), with the mouse now and then over the panel's buttons, each run
    ending on the screen the table drawn whole from nothing shows."""
    rng = random.Random(5)
    scene = table(dict(BUSY, power=0, tokens=0, deck=["sexton", "wax_candle"], discard=[]))
    driver.key(pygame.K_SPACE)
    past_the_hours_banner(scene, driver)
    spotlight = scene.modal
    assert type(spotlight).__name__ == "InterferenceSpotlight"
    spots = [b.rect.center for b in spotlight.buttons] + [(200, 200), (1700, 900)]
    stale, in_part = [], 0
    for step in range(30):
        if rng.random() < 0.3:
            x, y = rng.choice(spots)
            driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(0, 0, 0))
        before = scene.painter.veiled_in_part
        driver.frames(rng.choice([1, 2, 3, 5]), dt=rng.choice([1 / 60, 1 / 30]))
        in_part += scene.painter.veiled_in_part - before
        if shown(driver.app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
            stale.append(step)
        driver.frames(1)  # (whole again after the fresh picture)
    assert scene.modal is spotlight
    assert not stale, stale
    assert in_part >= 20


def test_frames_drawn_in_part_while_the_hour_turns_are_the_table_drawn_whole(table, driver):
    """The turn ends short of cards, no Interference: the Hour's banner grows and fades, the
    Grimoire's page turns and the drawn cards fly, each frame drawn again only where they are
    and were; at random moments the screen is what the table drawn whole from nothing shows."""
    rng = random.Random(11)
    scene = table(dict(BUSY, power=0, tokens=0, deck=["sylph", "gnome"], discard=[], set_aside=[]))
    hour = scene.game.hour
    driver.key(pygame.K_SPACE)
    assert scene.modal is None and scene.game.hour == hour + 1
    past_the_hours_banner(scene, driver)
    stale, in_part, banner, turning = [], 0, 0, 0
    for step in range(30):
        before = scene.painter.in_part
        driver.frames(rng.choice([1, 2, 4]), dt=rng.choice([1 / 60, 1 / 30]))
        in_part += scene.painter.in_part - before
        banner += scene.motion.banner[1] > 0
        turning += scene.grimoire.turning
        if shown(driver.app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
            stale.append(step)
        driver.frames(1)  # (whole again after the fresh picture)
    assert not stale, stale
    assert banner >= 5 and turning >= 2
    assert in_part >= 20
