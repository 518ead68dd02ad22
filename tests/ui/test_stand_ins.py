"""A card that comes to rest before its own face is drawn lies on the face it flew with (drawing a
face costs 3-12 ms: not on the frame it lands); its own face is drawn on the quiet frames after,
and the frame that finishes it shows the card on it. Every frame is the table drawn whole."""

import pygame

from aleph_null_desktop.engine import Summon
from tests.ui.test_motion_frames import BUSY
from tests.ui.test_partial_frames import fresh_picture, shown


def card_step(scene, uid):
    return next(step for step in scene.painter.card_looks(scene.moment())[0] if step[0] == "card" and step[1] == uid)


def test_a_card_lands_on_its_stand_in_and_shows_its_own_face_once_drawn(table, driver, monkeypatch):
    scene = table(BUSY)
    renderer = scene.renderer
    monkeypatch.setattr(scene.warmer, "warm", lambda *args, **kwargs: False)  # (its own face drawn here alone)
    uid = driver.uid("hand", "sylph")
    assert scene.submit(Summon(uid))
    driver.frames(1)
    sprite = scene.sprites[uid]
    width = round(sprite.target.w)
    renderer._faces.discard_where(lambda key: key[0] == "sylph" and key[1] == width and key[4])
    drawn = renderer.drawn
    while scene.cards.moving:
        driver.frames(1)
    assert not renderer.cached("sylph", width, in_play=True) and renderer.drawn == drawn  # landed on a stand-in
    assert card_step(scene, uid)[-2] is not None and scene.next_change() == 0.0  # (the loop goes on drawing)
    assert shown(driver.app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    frames = 0
    while scene.painter.stand_ins.standing and frames < 60:  # quiet frames: its face drawn a step at a time
        driver.frames(1)
        frames += 1
    assert 2 < frames < 60 and shown(driver.app) == pygame.image.tobytes(fresh_picture(scene), "RGB")
    assert renderer.cached("sylph", width, in_play=True) and scene.painter.stand_ins.finished >= 1
    assert renderer.drawn == drawn and card_step(scene, uid)[-2] is None  # its own face, drawn ahead in steps
    card = pygame.Rect(sprite.rect)
    own = pygame.Surface(card.size)
    own.blit(driver.app.screen, (0, 0), card)
    own.blit(renderer.face("sylph", width, in_play=True), (0, 0))
    assert pygame.image.tobytes(driver.app.screen.subsurface(card), "RGB") == pygame.image.tobytes(own, "RGB")
