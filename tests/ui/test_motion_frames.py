"""The frames of a motion do only what the motion needs: a card whose resting face is not drawn yet
flies with a face of it already drawn (no face is drawn on the frame a command starts a motion),
the Grimoire's page and the panels' effects that did not change are left on the screen as they
were, regions far apart are not joined into one that covers the screen between them, and the log
shows a command's lines from the frame after the command's and wraps only the lines it shows. After
every frame the screen is the table drawn whole from nothing."""

import pygame

from aleph_null_desktop.engine import Activate, Summon
from aleph_null_desktop.ui.render.layer import covering, merged, untouched
from aleph_null_desktop.ui.table import log_panel, panel_lag
from aleph_null_desktop.ui.window_present import PRESENTER
from tests.drivers.window_picture import PresentEveryFrame
from tests.ui.test_partial_frames import fresh_picture, shown

BUSY = {"hour": 3, "power": 4, "tokens": 1, "play": ["salamander", "golem", "book_of_pacts", "boline", "bell"],
        "hand": ["wax_candle", "sylph", "gnome", "undine", "vitriol"], "deck": ["learned_tanist", "bell", "besom"],
        "discard": ["chasuble"], "set_aside": ["ill_omen"]}


def test_a_card_whose_face_is_not_drawn_flies_with_one_that_is_and_lands_on_its_own(table, driver):
    scene = table(BUSY)
    renderer = scene.renderer
    uid = driver.uid("hand", "sylph")
    hand_w = round(scene.sprites[uid].rect.w)
    renderer._faces.discard_where(lambda key: key[0] == "sylph" and (key[1] != hand_w or key[4]))
    assert renderer.cached("sylph", hand_w) and not renderer.cached("sylph", hand_w, in_play=True)
    drawn = renderer.drawn
    assert scene.submit(Summon(uid))
    driver.frames(2)  # (the command's own frame leaves the screen as it was: tests/ui/test_command_frames.py)
    sprite = scene.sprites[uid]
    assert sprite.moving and sprite.base_width == hand_w  # flying at the hand's width, as a card in play
    assert renderer.drawn == drawn  # (its face as it lay in the hand stood in)
    assert shown(driver.app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(40)
    assert not scene.cards.moving
    assert renderer.cached("sylph", round(sprite.rect.w), in_play=True)  # landed on its face in play
    assert shown(driver.app) == pygame.image.tobytes(fresh_picture(scene), "RGB")


def test_a_motion_leaves_the_page_as_it_was_and_the_window_is_the_screen(app, table, driver, monkeypatch):
    watch = PresentEveryFrame(app, monkeypatch)
    scene = table(BUSY)
    pages = []
    draw = scene.grimoire.draw
    monkeypatch.setattr(scene.grimoire, "draw", lambda surface: (pages.append(1), draw(surface)))
    page = scene.grimoire.rect
    stale, regions, partial = [], [], PRESENTER.partial
    for command in (Summon(driver.uid("hand", "wax_candle")), Activate(driver.uid("play", "salamander"), "sacrifice")):
        assert scene.submit(command)
        for frame in range(20):
            driver.frames(1)
            if scene.drawn_region is not None:
                regions += scene.drawn_region
            if frame % 5 == 4:
                if shown(app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
                    stale.append((command, frame))
                driver.frames(1)  # (whole again after the fresh picture)
                pages.clear()
    assert not stale, stale
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
    assert PRESENTER.partial - partial >= 30
    assert regions and not any(region.colliderect(page) for region in regions)
    assert not pages  # (not drawn again since the last whole frame)


def test_regions_far_apart_are_not_joined_and_a_veil_is_laid_once():
    row = [pygame.Rect(400 + 190 * n, 50, 200, 260) for n in range(6)]  # cards side by side, overlapping a little
    corner = pygame.Rect(0, 250, 420, 100)  # touching the first only
    out = merged(row + [corner])
    assert pygame.Rect(400, 50, 1150, 260) in out  # the row: one band
    assert corner in out and len(out) == 2  # (joined, the two would cover 400 × 200 pixels of neither)
    assert covering(row + [corner]) == [pygame.Rect(0, 50, 1550, 300)]  # no two overlap


def test_a_group_drawn_over_the_picture_is_left_only_when_nothing_touches_it():
    groups = {"page": [pygame.Rect(0, 0, 100, 100)], "tokens": [pygame.Rect(0, 98, 100, 40)],
              "deck": [pygame.Rect(0, 300, 100, 100)]}
    assert untouched(groups, set(), []) == {"page", "tokens", "deck"}
    assert untouched(groups, {"tokens"}, []) == {"deck"}  # the page overlaps the tokens drawn again
    assert untouched(groups, set(), [pygame.Rect(50, 350, 10, 10)]) == {"page", "tokens"}


def test_the_log_wraps_only_the_lines_it_shows(table, driver, monkeypatch):
    scene = table(BUSY)
    for n in range(200):
        scene.log.add(f"Line {n} of a long ritual: something was drawn, summoned or sacrificed.")
    driver.frames(2)
    wrapped = []
    wrap = log_panel.wrap
    monkeypatch.setattr(log_panel, "wrap", lambda font, text, width: (wrapped.append(text), wrap(font, text, width))[1])
    rows, _rules, _label = scene.log.layout(driver.app.fonts, scene.rects["log"])
    assert rows[-1][0].endswith("sacrificed.") and rows[-1][1]  # the newest line, at the bottom
    assert len(wrapped) <= len(rows) + 1


def test_the_log_shows_a_commands_lines_once_its_cards_have_landed(table, driver):
    scene = table(BUSY)
    log = scene.log
    before = log.added
    layer = scene.painter.layer
    picture = shown(driver.app)
    assert scene.submit(Summon(driver.uid("hand", "wax_candle")))
    assert log.added > before
    painted = layer.painted["log"]
    driver.frames(1)  # the command's frame: the screen (the log too) as it was
    assert log.hidden() == log.added - before and layer.painted["log"] == painted
    assert shown(driver.app) == picture
    driver.frames(1)  # the motion's first: the log as it was
    assert log.hidden() == log.added - before and layer.painted["log"] == painted
    assert shown(driver.app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    driver.frames(1)  # (the frame after the fresh picture: whole)
    frames, painted = 3, layer.painted["log"]
    while scene.cards.moving:  # the frames of its motion: the log as it was
        assert log.hidden() == log.added - before
        driver.frames(1)
        frames += 1
    assert layer.painted["log"] == painted and 10 < frames < panel_lag.MAX_FRAMES
    assert scene.next_change() == 0.0  # (the loop draws the frame that shows them)
    driver.frames(1)
    assert log.hidden() == 0 and layer.painted["log"] > painted
    rows, _rules, _label = log.layout(driver.app.fonts, scene.rects["log"])
    assert "Wax Candle" in " ".join(row for row, _newest, _y in rows[-3:])
    driver.frames(1)
    assert shown(driver.app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
