"""The Hour changing into an Interference: the frame the turn ends paints only what shows around
the panel (what changed under it is painted into the table's cached picture later, on frames with
time to spare, before the panel goes), the frame after it is drawn again only where things moved,
and the table it settles to is the table painted whole, on the screen and in the window."""

import pygame

from aleph_null_desktop.ui.render.layer import Part, PanelLayer
from tests.drivers.window_picture import PresentEveryFrame
from tests.ui.test_board_layer import assert_layer_is_fresh
from tests.ui.test_partial_frames import BUSY, fresh_picture, shown

HOUR_INTO_INTERFERENCE = dict(BUSY, power=0, tokens=0, deck=["sylph", "gnome"], discard=[])  # Ill Omen comes up


def test_the_table_under_the_interference_is_painted_later_and_settles_to_the_whole_paint(app, table, driver,
                                                                                           monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    hour = scene.game.hour
    driver.key(pygame.K_SPACE)  # the turn ends: one frame
    assert scene.game.hour == hour + 1
    spotlight = scene.modal
    assert type(spotlight).__name__ == "InterferenceSpotlight"
    layer = scene.painter.layer
    assert layer.hidden, "the cards and piles changed under the panel were painted at once"
    assert all(spotlight.covers().contains(region) for region in layer.hidden)
    assert scene.motion.banner[1] > 0

    veiled = scene.painter.veiled_in_part
    driver.frames(1)
    assert scene.painter.veiled_in_part == veiled + 1, "the frame after the Hour turned was drawn whole"

    for _ in range(120):  # the cards land, the banner fades; then the frames have time to spare
        if not layer.hidden:
            break
        driver.frames(1)
    assert not layer.hidden, "what changed under the panel was never painted"
    assert scene.modal is spotlight
    assert_layer_is_fresh(scene)
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(1)  # (whole again after the fresh picture)

    driver.key(pygame.K_ESCAPE)  # put off: the table shows whole again
    driver.frames(3)
    assert scene.modal is None
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_the_panel_closing_at_once_shows_the_table_changed_under_it(app, table, driver, monkeypatch):
    """Put off on the frame after the Hour turned, before anything under the panel was painted."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.key(pygame.K_SPACE)
    assert scene.painter.layer.hidden
    driver.key(pygame.K_ESCAPE)
    assert scene.modal is None
    assert not scene.painter.layer.hidden
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(1)
    for _ in range(60):
        driver.frames(1)
        assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
        driver.frames(1)
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_a_layer_leaves_what_changed_under_a_panel_until_asked_and_then_equals_a_whole_paint(screen):
    size = (400, 300)
    background = pygame.Surface(size)
    background.fill((20, 30, 40))
    panel = pygame.Rect(100, 80, 200, 140)

    def parts(colour):
        return [Part("left", pygame.Rect(10, 10, 120, 100), ("left", colour),
                     lambda s: s.fill(colour, (10, 10, 120, 100))),
                Part("middle", pygame.Rect(150, 100, 100, 100), ("middle", colour),
                     lambda s: s.fill(colour, (150, 100, 100, 100)))]

    layer = PanelLayer()
    layer.update(size, "look", parts((200, 0, 0)), background)
    painted = layer.update(size, "look", parts((0, 200, 0)), background, hide=panel)
    assert not any(region.colliderect(panel) for region in painted)  # only around the panel
    assert layer.surface.get_at((15, 15))[:3] == (0, 200, 0)
    assert layer.surface.get_at((200, 150))[:3] == (200, 0, 0)  # under the panel: as it was
    under = [pygame.Rect(100, 80, 30, 30), pygame.Rect(150, 100, 100, 100)]  # (the left part's corner too)
    assert layer.hidden == under

    assert layer.paint_hidden(lambda: False) == []  # no time to spare: left
    assert layer.paint_hidden(lambda: True) == under
    assert not layer.hidden
    whole = PanelLayer()
    whole.update(size, "look", parts((0, 200, 0)), background)
    assert pygame.image.tobytes(layer.surface, "RGB") == pygame.image.tobytes(whole.surface, "RGB")

    layer.update(size, "look", parts((0, 0, 200)), background, hide=panel)
    assert layer.hidden
    layer.update(size, "look", parts((0, 0, 200)), background)  # the panel went: all painted
    assert not layer.hidden
    whole.update(size, "look", parts((0, 0, 200)), background)
    assert pygame.image.tobytes(layer.surface, "RGB") == pygame.image.tobytes(whole.surface, "RGB")


def test_the_frame_the_interference_opens_over_the_hour_is_the_table_painted_whole(app, table, driver, monkeypatch):
    """The panel opens over the table drawn last frame: the table is drawn again only where it
    changed before the veil, and the screen is what the table painted whole from nothing shows."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.post(pygame.MOUSEMOTION, pos=(900, 520), rel=(1, 0), buttons=(0, 0, 0))
    driver.frames(2)
    driver.key(pygame.K_SPACE)
    assert type(scene.modal).__name__ == "InterferenceSpotlight"
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_the_table_asks_for_frames_until_what_changed_under_the_panel_is_painted(app, table, driver):
    """Everything still but the table under the panel not yet painted: the frame loop is asked for
    frames (else the panel's closing frame would paint it), and no longer once it is painted."""
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.key(pygame.K_SPACE)
    scene.fast_forward()
    while scene.grimoire.turning:
        scene.grimoire.update(60.0)
    for pulse in scene.motion.pulses.values():
        pulse.update(60.0)
    layer = scene.painter.layer
    assert layer.hidden and not scene.motion.active and not scene.cards.moving and not scene.motion.glowing
    assert not scene.controls.settling()
    assert scene.next_change() == 0.0
    for _ in range(20):  # (the cards landed at once: the first frames draw them, then there is time)
        driver.frames(1)
        if not layer.hidden:
            break
        assert scene.next_change() == 0.0
    assert not layer.hidden
    assert scene.next_change() != 0.0
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
