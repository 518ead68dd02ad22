"""The Hour changing (into an Interference): the frame the turn ends draws the Hour's banner over the
table as it was and paints nothing of the board; the new board is painted behind it a few regions a
frame, then shown; the panel opens the frame after (what changes under it later is painted on frames
with time to spare), and the table it settles to is the table painted whole, on the screen and in
the window."""

import pygame

from aleph_null_desktop.ui.render.layer import Part, PanelLayer
from tests.drivers.window_picture import PresentEveryFrame
from tests.ui.test_board_layer import assert_layer_is_fresh
from tests.ui.test_partial_frames import BUSY, fresh_picture, shown

HOUR_INTO_INTERFERENCE = dict(BUSY, power=0, tokens=0, deck=["sylph", "gnome"], discard=[])  # Ill Omen comes up


def outside(picture: pygame.Surface, *areas: pygame.Rect) -> bytes:
    """The picture's pixels but those in `areas`."""
    picture = picture.copy()
    for area in areas:
        picture.fill((0, 0, 0), area)
    return pygame.image.tobytes(picture, "RGB")


def test_the_hour_shows_its_banner_first_then_the_new_board_then_the_interference(app, table, driver, monkeypatch):
    """The frame the turn ends paints nothing of the board: the Hour's banner over the table as it
    was. The new board is painted behind it on the next frames, the cards wait; then it shows (the
    cards set off), the Interference opens the frame after, and the table settles to the whole paint."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.frames(1)
    before = app.screen.copy()
    layer = scene.painter.layer
    paints, redraws = sum(layer.painted.values()), layer.redraws
    hour = scene.game.hour
    driver.key(pygame.K_SPACE)  # the turn ends: one frame
    assert scene.game.hour == hour + 1  # (the engine decided at once)
    spotlight = scene.modal
    assert type(spotlight).__name__ == "InterferenceSpotlight"
    assert (sum(layer.painted.values()), layer.redraws) == (paints, redraws), "the first frame painted the board"
    assert layer.hidden, "the new board's regions are not waiting to be painted"
    area = scene.motion.banner_area(scene.rects["play"].center)
    assert scene.painter.drawn == [area]
    assert outside(app.screen, area) == outside(before, area), "more than the banner changed on the screen"
    assert pygame.image.tobytes(app.screen.subsurface(area), "RGB") != pygame.image.tobytes(before.subsurface(area), "RGB")

    flying = {uid: tuple(s.rect) for uid, s in scene.sprites.items() if s.moving}
    assert flying, "no card flies at the Hour"

    def held() -> bool:
        return {uid: tuple(scene.sprites[uid].rect) for uid in flying} == flying

    early = []  # regions of the new board nothing is drawn over, shown as soon as they are painted
    for _ in range(8):  # the new board painted behind the banner, a few regions a frame
        if scene.painter.hour.stage != "prepare":
            break
        driver.frames(1)
        assert held(), "a card flew before the board showed"
        drawn = scene.painter.drawn
        assert drawn[0] == area
        for region in drawn[1:]:
            assert not any(region.colliderect(s.rect) for s in scene.sprites.values() if s.moving and s.delay <= 0), region
            assert pygame.image.tobytes(app.screen.subsurface(region), "RGB") == \
                pygame.image.tobytes(layer.surface.subsurface(region), "RGB")
        early += drawn[1:]
        assert outside(app.screen, area, *early) == outside(before, area, *early), "drawn where it did not say"
    assert scene.painter.hour.stage == "reveal", "the new board never showed"
    assert not layer.hidden
    assert sum(layer.painted.values()) > paints
    assert early, "the log and the buttons waited for the cards"
    driver.frames(1)  # the new board shows, the cards at their start, no panel yet
    assert held() and scene.modal is spotlight and scene.painter.drawn is not None  # (no panel: drawn in part)
    driver.frames(1)  # the Interference opens over it, nothing else moves
    assert held() and scene.painter.hour.stage is None and scene.painter.drawn is None
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(1)
    assert not held(), "the cards did not set off"

    for _ in range(180):  # the cards land, the banner fades; then the frames have time to spare
        if not (layer.hidden or scene.motion.active or scene.cards.moving):
            break
        driver.frames(1)
    assert scene.modal is spotlight
    assert_layer_is_fresh(scene)
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(1)  # (whole again after the fresh picture)

    driver.key(pygame.K_ESCAPE)  # put off: the table shows whole again
    driver.frames(3)
    assert scene.modal is None
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_the_new_board_shown_after_the_banner_is_the_whole_paint(app, table, driver, monkeypatch):
    """The frame the new board shows (no panel yet): the table painted whole, on the screen and in the window."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.key(pygame.K_SPACE)
    for _ in range(8):
        if scene.painter.hour.stage != "prepare":
            break
        driver.frames(1)
    assert scene.painter.hour.stage == "reveal"
    driver.frames(1)
    spotlight, scene.modal = scene.modal, None
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    assert type(spotlight).__name__ == "InterferenceSpotlight"
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_the_panel_closing_while_the_new_board_is_painted_shows_the_table_at_once(app, table, driver, monkeypatch):
    """Put off on the frame after the Hour turned, before the new board showed: it shows at once."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.key(pygame.K_SPACE)
    assert scene.painter.layer.hidden and scene.painter.hour.stage == "prepare"
    driver.key(pygame.K_ESCAPE)
    assert scene.modal is None
    assert not scene.painter.hour.holding
    assert not scene.painter.layer.hidden
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(1)
    for _ in range(60):
        driver.frames(1)
        assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
        driver.frames(1)
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_an_hour_without_a_panel_settles_to_the_whole_paint(app, table, driver, monkeypatch):
    """Two cards in the deck, no Interference to come: the banner, the new board, the cards flying."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(dict(HOUR_INTO_INTERFERENCE, set_aside=[]))
    driver.key(pygame.K_SPACE)
    assert scene.modal is None and scene.painter.hour.holding
    for _ in range(240):
        driver.frames(1)
        if not (scene.painter.hour.stage or scene.motion.active or scene.cards.moving or scene.grimoire.turning):
            break
    driver.frames(1)
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
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
    for _ in range(10):  # the banner, the new board painted behind it, then shown
        driver.frames(1)
        if scene.painter.hour.stage is None:
            break
    driver.frames(1)  # the panel opens over the table drawn last frame
    assert scene.painter._panel_shown is not None
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
    for _ in range(40):  # (the cards landed at once: the first frames draw them, then there is time)
        driver.frames(1)
        if not scene.painter.behind():  # (and the faces of those that landed on a stand-in: ui.table.stand_ins)
            break
        assert scene.next_change() == 0.0
    assert not layer.hidden
    assert scene.next_change() != 0.0
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")


def test_a_panel_the_hour_showed_early_is_not_shown_as_it_was_again(table, driver):
    """The prompt, the buttons, the hand's count painted behind the Hour's banner show as they are
    once the new board shows: while the cards fly from it none of them goes back to its look from
    before the Hour (ui.table.panel_lag holds only what a command changes while its cards move)."""
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.key(pygame.K_SPACE)
    went_back = []
    for frame in range(90):
        driver.frames(1)
        if scene.painter.lag.held:
            went_back.append((frame, sorted(scene.painter.lag.held)))
    assert scene.painter.hour.stage is None
    assert not went_back, went_back


def test_the_cards_flying_under_the_interference_are_drawn_again_only_where_they_move(app, table, driver, monkeypatch):
    """Under the open Interference the table is drawn again (and veiled, once a pixel) only where
    the cards, the banner and the Grimoire's turning page are and were: the panel's inside and the
    panels whose effects did not change are left as they are on the screen and in the window; the
    table it settles to is the table painted whole."""
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(HOUR_INTO_INTERFERENCE)
    driver.key(pygame.K_SPACE)
    for _ in range(12):
        if scene.painter.hour.stage is None:
            break
        driver.frames(1)
    cover = scene.modal.covers()
    power = scene.painter.fixed_overs()["power"][0]
    in_part = power_kept = 0
    for _ in range(120):
        before = scene.painter.veiled_in_part
        driver.frames(1)
        if scene.painter.veiled_in_part == before:
            continue
        in_part += 1
        drawn = scene.painter.drawn
        assert drawn, "a frame drawn in part said nowhere"
        assert not any(region.colliderect(cover) for region in drawn), "the panel's inside was presented again"
        assert all(a.clip(b).w == 0 or a.clip(b).h == 0 for i, a in enumerate(drawn) for b in drawn[i + 1:]), drawn
        power_kept += power.collidelist(drawn) < 0
        if not (scene.cards.moving or scene.motion.active or scene.grimoire.turning):
            break
    assert in_part >= 20 and power_kept >= 5, (in_part, power_kept)
    driver.frames(1)
    assert shown(app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"


def test_the_next_hours_pages_and_banner_are_drawn_ahead_on_frames_that_show_nothing_new(app, table, driver,
                                                                                          monkeypatch):
    """While the table rests, the small Grimoire draws the pages the next Hour's turn shows (the
    new Hour's, and this one's as the book will then know the ritual) and the banner's words are
    drawn: the frames the Hour changes on draw none of them, and they are the pages drawn afresh."""
    import weakref

    from aleph_null_desktop.ui import theme
    from aleph_null_desktop.ui.grimoire.pages import BookArt
    from aleph_null_desktop.ui.render import text

    scene = table(HOUR_INTO_INTERFERENCE)
    driver.frames(5)
    rendered = set(text._rendered._entries)  # (the words drawn so far)
    art = scene.grimoire.art
    drawn_now = []
    mini_page = type(art).mini_page

    def watched(self, page_id, size, context=None):
        if (page_id, size, context) not in self._minis:
            drawn_now.append(page_id)
        return mini_page(self, page_id, size, context)

    monkeypatch.setattr(type(art), "mini_page", watched)
    driver.key(pygame.K_SPACE)
    for _ in range(12):
        driver.frames(1)
    assert scene.grimoire.turning and scene.grimoire.turn.end == "hour4"
    assert drawn_now == [], f"drawn while the Hour changed: {drawn_now}"
    banner = scene.motion.banner[0]
    assert banner and (weakref.ref(app.fonts.get("title", 54)), banner, tuple(theme.GOLD)) in rendered, banner
    monkeypatch.undo()
    size, context = scene.grimoire.rect.size, scene.grimoire.context
    for page in ("hour3", "hour4"):
        ahead = art.mini_page(page, size, context)
        fresh = BookArt(app.fonts).mini_page(page, size, context)
        assert pygame.image.tobytes(ahead, "RGB") == pygame.image.tobytes(fresh, "RGB"), page
