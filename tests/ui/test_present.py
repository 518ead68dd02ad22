"""A frame is presented only when it changed the screen (App.present): a frame the table left as it
was is not presented, and the window then shows exactly the screen as it is. A window shown again
or resized is presented whatever was drawn; the game's loop presents through the app."""

import random

import pygame

from aleph_null_desktop.ui.frame_loop import FrameLoop

HOUR_CHANGE = {"hour": 2, "power": 0, "play": ["salamander", "incense"], "hand": ["wax_candle", "undine"],
               "deck": ["gnome", "sylph", "bell", "undine", "wax_candle"], "discard": ["bell", "boline"]}
BUSY = {"hour": 3, "power": 4, "tokens": 1, "play": ["salamander", "golem", "book_of_pacts", "boline"],
        "hand": ["wax_candle", "sylph", "gnome", "undine"], "deck": ["learned_tanist", "bell", "besom"],
        "discard": ["chasuble"], "set_aside": ["ill_omen"]}


class PresentWatch:
    """Every frame of the app is presented through `app.present()`; a frame it does not present
    must have left the screen as the window shows it (the picture last presented)."""

    def __init__(self, app, monkeypatch) -> None:
        self.app, self.step = app, app.step
        self.shown = None
        self.presented = self.kept = 0
        self.stale: list[int] = []
        monkeypatch.setattr(app, "step", self.frame)

    def frame(self, dt: float) -> None:
        self.step(dt)
        screen = pygame.image.tobytes(self.app.screen, "RGB")
        if self.app.present():
            self.presented += 1
            self.shown = screen
        else:
            self.kept += 1
            if screen != self.shown:
                self.stale.append(self.presented + self.kept)


def test_a_frame_not_presented_left_the_screen_as_the_window_shows_it(app, table, driver, monkeypatch):
    """Random play through real events: hovering cards (and resting on them), drags, clicks, keys,
    the card read large, panels, undo, the end of turns."""
    watch = PresentWatch(app, monkeypatch)
    rng = random.Random(11)
    for ritual in range(4):
        scene = table([HOUR_CHANGE, BUSY][ritual % 2])
        for _step in range(20):
            if scene is not driver.scene or scene.game.outcome is not None:
                break
            roll = rng.random()
            cards = [c.uid for zone in ("hand", "play") for c in scene.game.zone(zone)]
            if roll < 0.35 and cards:  # the mouse sweeps over a card, a few pixels a frame
                x, y = map(round, driver.card_centre(rng.choice(cards)))
                for n in range(8):
                    driver.post(pygame.MOUSEMOTION, pos=(x + 3 * n, y), rel=(3, 0), buttons=(0, 0, 0))
                    driver.frames(1)
            elif roll < 0.5 and cards:
                driver.click(driver.card_centre(rng.choice(cards)), button=rng.choice([1, 3]))
            elif roll < 0.6 and scene.game.zone("hand"):
                driver.drag(driver.card_centre(rng.choice(scene.game.zone("hand")).uid), driver.zone_centre("play"))
            elif roll < 0.7:
                driver.key(pygame.K_z, pygame.KMOD_CTRL)
            elif roll < 0.78:
                driver.key(pygame.K_SPACE)
            elif roll < 0.9:
                driver.key(rng.choice([pygame.K_1, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RIGHT]))
            else:
                driver.post(pygame.MOUSEMOTION, pos=(rng.randrange(1920), rng.randrange(1080)), rel=(0, 0),
                            buttons=(0, 0, 0))
            driver.frames(rng.choice([1, 3, 12]))
    assert not watch.stale, watch.stale
    assert watch.presented > 50 and watch.kept > 50  # both happened, often


def test_a_window_shown_again_is_presented_though_nothing_was_drawn(app, table, driver):
    table(BUSY)
    driver.frames(3)
    app.present()
    driver.frames(1)
    assert not app.present()  # a still table: nothing drawn, nothing presented
    driver.post(pygame.WINDOWEXPOSED)
    driver.frames(1)
    assert app.present()
    driver.frames(1)
    assert not app.present()
    x, y = map(round, driver.card_centre(driver.uid("hand", "gnome")))
    driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert app.present()  # the card lifts
    driver.post(pygame.MOUSEMOTION, pos=(x + 2, y), rel=(2, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert not app.present()  # the same card under the mouse: the screen is as it was


def test_the_game_loop_presents_through_the_app(app):
    assert FrameLoop(app).present == app.present


def test_a_toast_over_a_still_table_goes_when_its_time_is_up(app, table, driver):
    scene = table(BUSY)
    driver.frames(3)
    still = pygame.image.tobytes(app.screen, "RGB")
    app.toast("A quiet line at the top of the screen")
    driver.frames(1)
    assert pygame.image.tobytes(app.screen, "RGB") != still
    while app.toast_time > 0:
        driver.frames(1, dt=0.25)
    driver.frames(1)
    assert app.present()
    assert pygame.image.tobytes(app.screen, "RGB") == still  # the table as it was, without the toast
    assert scene is driver.scene
