"""The table says where each frame drew (`Scene.drawn_region`, from TablePainter.drawn) and only
those regions go to the window: after every present the window is the screen, through hovers,
drags, the card read large, the Grimoire over the table, the Hour changing and the Interference
panel; and a region the table forgets to report shows as a window that differs."""

from __future__ import annotations

import random

import pygame

from aleph_null_desktop.ui.table import painting
from aleph_null_desktop.ui.window_present import PRESENTER
from tests.drivers.window_picture import PresentEveryFrame, random_play

BUSY = {"hour": 3, "power": 4, "tokens": 1, "play": ["salamander", "golem", "book_of_pacts", "boline", "bell"],
        "hand": ["wax_candle", "sylph", "gnome", "undine", "vitriol"], "deck": ["learned_tanist", "bell", "besom"],
        "discard": ["chasuble"], "set_aside": ["ill_omen"]}
SHORT = dict(BUSY, power=0, tokens=0, deck=["sylph", "gnome"], discard=[], set_aside=[])  # the Hour turns
INTERFERENCE = dict(BUSY, power=0, tokens=0, deck=["sexton", "wax_candle"], discard=[])


def test_the_window_is_the_screen_through_random_play_on_the_table(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(BUSY)
    partial = PRESENTER.partial
    random_play(scene, driver, random.Random(7), 45)
    assert not PRESENTER.failed
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
    assert PRESENTER.partial - partial >= 20  # the table's frames presented in part


def test_the_window_is_the_screen_while_the_hour_turns(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(SHORT)
    hour = scene.game.hour
    driver.key(pygame.K_SPACE)
    assert scene.game.hour == hour + 1
    partial = PRESENTER.partial
    driver.frames(90)
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
    assert PRESENTER.partial - partial >= 30


def test_the_window_is_the_screen_under_the_interference_panel(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    rng = random.Random(3)
    scene = table(INTERFERENCE)
    driver.key(pygame.K_SPACE)
    spotlight = scene.modal
    assert type(spotlight).__name__ == "InterferenceSpotlight"
    spots = [b.rect.center for b in spotlight.buttons] + [(200, 200), (1700, 900)]
    partial = PRESENTER.partial
    for _ in range(40):
        if rng.random() < 0.3:
            driver.post(pygame.MOUSEMOTION, pos=rng.choice(spots), rel=(1, 0), buttons=(0, 0, 0))
        driver.frames(rng.choice([1, 2, 3]))
    assert scene.modal is spotlight
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
    assert PRESENTER.partial - partial >= 20
    driver.click(spotlight.buttons[0].rect.center)  # the panel answered: the table whole again
    driver.frames(20)
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def forgetting(monkeypatch, kind: str) -> None:
    """The table reports where it drew without one kind of region (the comparison must see it)."""
    if kind == "moved cards":  # a lifted or flying card's region: only where it lies in its slot
        monkeypatch.setattr(painting.TablePainter, "moved_region", staticmethod(lambda sprite: pygame.Rect(sprite.rect)))
    elif kind == "last frame":  # where things were drawn last frame (restored this frame)
        real = painting.merged
        monkeypatch.setattr(painting, "merged", lambda rects: real(rects)[1:] if len(rects) > 1 else real(rects))
    else:  # under the panel: the first of the regions where the table was drawn again only
        real = painting.TablePainter.draw

        def draw(self, surface, m):
            changed = real(self, surface, m)
            if m.modal is not None and self.drawn is not None:
                self.drawn = self.drawn[1:]
            return changed

        monkeypatch.setattr(painting.TablePainter, "draw", draw)


def test_a_region_forgotten_shows_in_the_window(app, table, driver, monkeypatch):
    for kind, scenario in (("moved cards", BUSY), ("last frame", SHORT), ("veiled", INTERFERENCE)):
        with monkeypatch.context() as patched:
            watch = PresentEveryFrame(app, patched)
            scene = table(scenario)
            forgetting(patched, kind)
            if scenario is BUSY:
                random_play(scene, driver, random.Random(7), 20)
            else:
                driver.key(pygame.K_SPACE)
                driver.frames(60)
            assert watch.mismatches, f"forgetting {kind} went unseen"


def test_the_tables_first_frame_and_the_one_after_the_grimoire_are_presented_whole(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    whole = PRESENTER.whole
    scene = table(BUSY)
    assert PRESENTER.whole > whole  # (a new texture or the whole screen: the first frame is whole)
    driver.post(pygame.MOUSEMOTION, pos=driver.card_centre(driver.uid("hand", "gnome")), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert scene.drawn_region  # a hover: only where the card lifted
    driver.key(pygame.K_F1)
    driver.frames(4)
    whole = PRESENTER.whole
    driver.key(pygame.K_ESCAPE)  # (the book closes in the key's frame)
    assert driver.scene is scene
    assert scene.drawn_region is None and PRESENTER.whole == whole + 1  # the table painted whole where the book was
    assert not watch.mismatches, watch.mismatches
