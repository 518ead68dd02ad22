"""A card that only shifts along its row when the row grows or shrinks takes its new size at once and
glides at it: drawn from its resting face (a blit), never scaled on the way; only the card that
changes zone is scaled. Every frame of the motion is the table drawn whole from nothing, and the
window shows the screen."""

import pygame

from aleph_null_desktop.engine import Summon
from aleph_null_desktop.ui.render import card_renderer
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, play_slots
from tests.drivers.window_picture import PresentEveryFrame
from tests.ui.test_partial_frames import fresh_picture, shown

PLAY = ["book_of_pacts", "wand_of_power", "salamander", "golem", "wealthy_tanist", "sexton", "chasuble", "wax_candle",
        "boline", "bell", "besom", "incense"]
CROWDED = {"hour": 3, "power": 4, "tokens": 1, "play": PLAY, "hand": ["wax_candle", "sylph", "gnome", "undine"],
           "deck": ["learned_tanist", "bell", "besom"], "discard": ["chasuble"]}


def scaled_sizes(monkeypatch) -> list:
    """The sizes the card renderer scales faces to from now on."""
    sizes = []
    scale = card_renderer.pygame.transform.scale

    def recording(surface, size, *args):
        sizes.append(tuple(size))
        return scale(surface, size, *args)

    monkeypatch.setattr(card_renderer.pygame.transform, "scale", recording)
    return sizes


def test_cards_shifting_in_a_row_that_shrinks_glide_at_their_new_size_unscaled(app, table, driver, monkeypatch):
    scene = table(CROWDED)
    driver.frames(120)  # (the faces a summon shows drawn ahead, as on a table a player looks at first)
    play = [c.uid for c in scene.game.zone("play")]
    before = {uid: pygame.FRect(scene.sprites[uid].rect) for uid in play}
    after = play_slots(scene.cards.play_area(), len(play) + 1, title_room=PLAY_TITLE_ROOM)
    assert round(after[0].w) < round(before[play[0]].w)  # (the row's cards are smaller with one more)
    watch = PresentEveryFrame(app, monkeypatch)
    sizes = scaled_sizes(monkeypatch)
    summoned = driver.uid("hand", "sylph")
    picture = shown(app)
    assert scene.submit(Summon(summoned))
    stale, frames, scaled = [], 0, []

    def frame():
        count = len(sizes)
        driver.frames(1)
        scaled.append(len(sizes) - count)

    while scene.cards.moving and frames < 40:
        frame()
        frames += 1
        moving = [uid for uid in play if scene.sprites[uid].moving]
        if frames == 1:
            assert moving  # (the row shifts) …
            assert shown(app) == picture  # … from the next frame: the command's leaves the screen as it was
        for uid in moving:
            sprite = scene.sprites[uid]
            assert sprite.rect.size == sprite.target.size and sprite.base_width == round(sprite.target.w)
        if frames % 4 == 2:
            if shown(app) != pygame.image.tobytes(fresh_picture(scene), "RGB"):
                stale.append(frames)
            frame()  # (whole again after the fresh picture)
            frames += 1
    assert not scene.cards.moving
    assert max(scaled) == 1  # one card scaled a frame: the one summoned
    assert not stale, f"frames {stale} differ from the table drawn whole"
    assert not watch.mismatches, f"the window differs from the screen after frames {watch.mismatches}"
    for uid, slot in zip(play, after):
        assert scene.sprites[uid].rect == slot
