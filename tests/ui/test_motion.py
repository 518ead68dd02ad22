"""Motion on the table, driven by real pygame events: every card that changes zone travels, the
Hour and BAPHOMET's summoning are moments, `instant` starts nothing, input is never blocked, and
the face cache stays bounded however the frames fall."""

import random

import pygame

from aleph_null_desktop.engine import Activate, EndTurn, Summon, TakeToken
from aleph_null_desktop.storage import Settings
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.scenes.judgement import JudgementScene

# ending the turn with two cards in the deck: the draw comes up short, the Hour turns, the
# set-aside interference arrives, the discard pile is shuffled into the deck
HOUR_CHANGE = {"hour": 2, "power": 0, "play": ["salamander", "incense"], "hand": ["wax_candle", "undine"],
               "deck": ["gnome", "sylph"], "discard": ["bell", "boline"], "set_aside": ["ill_omen"]}
KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]


def spy_events(scene):
    """Every event the engine returns to the table, in order."""
    seen = []
    after = scene._after

    def recording(events):
        seen.extend(events)
        after(events)

    scene._after = recording
    return seen


def moved(events):
    return [(e.data["uid"], e.data["from"], e.data["to"]) for e in events if e.kind == "moved"]


def test_every_zone_change_starts_a_motion(table, driver):
    scene = table(HOUR_CHANGE)
    events = spy_events(scene)
    salamander, incense = driver.uid("play", "salamander"), driver.uid("play", "incense")
    driver.drag(driver.card_centre(driver.uid("hand", "wax_candle")), driver.zone_centre("play"))  # summon
    driver.drag(driver.card_centre(salamander), driver.zone_centre("sacrifice"))  # sacrifice: +3P
    driver.drag(driver.card_centre(driver.uid("hand", "undine")), driver.zone_centre("play"))
    driver.drag(driver.card_centre(incense), driver.zone_centre("discard"))  # 1P: scrapped; draws two
    driver.drag(driver.card_centre(driver.uid("hand", "gnome")), driver.zone_centre("play"))  # 1P
    driver.key(pygame.K_SPACE)  # end the turn: the hand is discarded, the Hour turns
    if scene.modal is not None:  # a confirmation (unspent power costs damage)
        driver.key(pygame.K_RETURN)
    assert [type(c) for c in scene.applied] == [Summon, Activate, Summon, Activate, Summon, EndTurn]
    assert scene.game.outcome is None
    assert {"summon", "sacrifice", "scrap", "draw", "arrive"} <= {e.data["why"] for e in events
                                                                  if e.kind == "moved"}
    assert any(e.kind == "hour" for e in events) and any(e.kind == "shuffled" for e in events)
    journeys = set(scene.motions)
    for uid, source, destination in moved(events):
        final = scene.game.zone_of(uid)
        # a card that moved on again in the same command travels straight to where it ended
        assert (uid, source, destination) in journeys or any(
            m[0] == uid and m[2] == final for m in journeys), (uid, source, destination)
    shuffled = next(e for e in events if e.kind == "shuffled")
    assert all(any(m[0] == uid and m[2] == "deck" for m in journeys) or scene.game.zone_of(uid) == "hand"
               for uid in shuffled.data["uids"])  # the reshuffle gathers the discard pile into the deck


def test_a_draw_flies_from_the_deck_and_the_hour_change_is_a_sequence(table, driver):
    scene = table(HOUR_CHANGE)
    driver.drag(driver.card_centre(driver.uid("play", "incense")), driver.zone_centre("discard"))
    drawn = [c.uid for c in scene.game.zone("hand") if c.card_id in ("gnome", "sylph")]
    assert drawn and all((uid, "deck", "hand") in scene.motions for uid in drawn)
    assert all(scene.sprites[uid].moving for uid in drawn)
    driver.frames(40, dt=0.05)
    scene.motions.clear()
    driver.key(pygame.K_SPACE)
    if scene.modal is not None:
        driver.key(pygame.K_RETURN)
    assert scene.game.hour == 3
    assert scene.motion.banner[0].startswith("Hour III") and scene.motion.banner[1] > 0
    assert scene.grimoire.turning  # the page turns
    arrived = [m for m in scene.motions if m[1] == "set_aside"]
    assert arrived  # interference arrives from the set-aside pile
    if scene.game.tokens:
        assert scene.motion.tokens  # the Hour's tokens fly onto the Grimoire
    driver.frames(80, dt=0.05)
    assert not scene.motion.active and not scene.ghosts and not scene.grimoire.turning


def test_damage_shakes_and_power_ticks(table, driver):
    scene = table({"play": ["salamander"], "hand": ["gnome"], "power": 0, "damage": 0})
    driver.drag(driver.card_centre(driver.uid("play", "salamander")), driver.zone_centre("sacrifice"))
    assert scene.game.power == 3
    assert scene.motion.power.text != "3"  # counting up…
    driver.frames(30, dt=0.05)
    assert scene.motion.power.text == "3"  # …to the engine's value
    driver.key(pygame.K_SPACE)  # three unspent power: three damage would lose; confirm is asked
    assert scene.modal is not None
    driver.key(pygame.K_ESCAPE)


def test_baphomet_draws_the_keys_into_his_circle_before_judgement(table, driver):
    scene = table({"hour": 4, "play": KEYS, "hand": ["baphomet"], "power": 0})
    keys = [c.uid for c in scene.game.zone("play")]
    driver.drag(driver.card_centre(driver.uid("hand", "baphomet")), driver.zone_centre("play"))
    assert scene.game.outcome is not None and scene.game.outcome.won
    assert scene.motion.circle[1] > 0  # the circle opens
    centre = pygame.Vector2(scene.rects["play"].center)
    flying = {s.uid: s for s, _ in scene.ghosts}
    assert set(keys) <= set(flying)
    assert all(pygame.Vector2(flying[uid].target.center) == centre for uid in keys)
    assert all((uid, "play", "sacrificed") in scene.motions for uid in keys)
    driver.frames(12, dt=0.05)
    assert isinstance(driver.scene, type(scene))  # Judgement waits for the moment
    driver.frames(40, dt=0.05)
    assert isinstance(driver.scene, JudgementScene)


def fresh_picture(scene) -> pygame.Surface:
    """The table drawn whole from nothing (every cached layer painted again)."""
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.painter.refresh()
    scene.draw(surface)
    return surface


def test_after_baphomets_circle_the_table_shows_the_present_not_a_picture_from_before(table, driver):
    scene = table({"hour": 4, "play": KEYS + ["salamander"], "hand": ["baphomet"], "power": 0})
    driver.hold(driver.card_centre(driver.uid("hand", "baphomet")), driver.zone_centre("play"))
    driver.frames(2)  # the play zone glows under the held card: a picture of that moment is cached
    driver.release(driver.zone_centre("play"))
    while scene.motion.circle[1] > 0:
        driver.frames(1)
    driver.frames(2)
    assert driver.scene is scene  # Judgement still waits
    shown = pygame.image.tobytes(driver.app.screen, "RGB")
    assert shown == pygame.image.tobytes(fresh_picture(scene), "RGB")


def test_instant_animation_speed_starts_no_motion(table, driver, app):
    app.settings = Settings(animation_speed=0.0)
    scene = table(HOUR_CHANGE)
    scene.motions.clear()
    driver.drag(driver.card_centre(driver.uid("hand", "wax_candle")), driver.zone_centre("play"))
    driver.drag(driver.card_centre(driver.uid("play", "incense")), driver.zone_centre("discard"))
    driver.key(pygame.K_SPACE)
    if scene.modal is not None:  # (Ill Omen drawn into the new hand: its spotlight; Enter summons it)
        driver.key(pygame.K_RETURN)
    assert scene.game.hour == 3 and scene.applied[2] == EndTurn()
    assert scene.motions == []
    assert not scene.ghosts and not any(s.moving for s in scene.sprites.values())
    assert not scene.motion.active and not scene.grimoire.turning
    assert all(p.level == 0 for p in scene.pulses.values())


def test_fast_animation_speed_halves_a_journey(table, driver, app):
    app.settings = Settings(animation_speed=2.0)
    scene = table({"hand": ["wax_candle"]})
    uid = driver.uid("hand", "wax_candle")
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    assert scene.sprites[uid].seconds < 0.2


def test_input_during_an_animation_is_handled_and_fast_forwards_it(table, driver):
    scene = table({"hand": ["wax_candle", "sylph"], "tokens": 1})
    candle = driver.uid("hand", "wax_candle")
    driver.drag(driver.card_centre(candle), driver.zone_centre("play"))
    assert scene.sprites[candle].moving  # still on its way…
    driver.click(scene.rects["tokens"].center)  # …when the next command comes
    assert scene.applied == [Summon(candle), TakeToken()]
    assert not scene.sprites[candle].moving  # the first journey was finished at once
    assert scene.sprites[candle].rect == scene.sprites[candle].target
    driver.key(pygame.K_1)  # and the keys work as ever: Sylph is summoned
    assert scene.applied[-1] == Summon(driver.uid("play", "sylph"))


def test_an_unchanged_frame_redraws_nothing_and_a_change_is_drawn(table, driver):
    scene = table({"hand": ["wax_candle", "sylph"]})
    driver.frames(3)
    redraws = scene.painter.layer.redraws
    before = driver.app.screen.copy()
    driver.frames(5)
    assert scene.painter.layer.redraws == redraws
    uid = driver.uid("hand", "wax_candle")
    driver.post(pygame.MOUSEMOTION, pos=tuple(map(round, scene.sprites[uid].target.center)), rel=(0, 0),
                buttons=(0, 0, 0))
    driver.frames(1)
    assert scene.controls.hover_uid == uid
    assert driver.app.screen.get_at(tuple(map(round, scene.sprites[uid].target.midtop))) != \
        before.get_at(tuple(map(round, scene.sprites[uid].target.midtop)))  # the card lifted


def test_the_face_cache_stays_bounded_and_motions_draw_no_new_faces(table, driver):
    scene = table({"hand": ["wax_candle", "sylph", "undine"], "play": ["salamander", "gnome"]})
    jitter = random.Random(3)

    def cycle():
        for uid in [c.uid for c in scene.game.zone("hand")]:
            driver.key(pygame.K_1)
            for _ in range(6):
                driver.frames(1, dt=jitter.uniform(0.005, 0.04))
        while scene.game.can_undo and scene.applied:
            scene.applied.pop()
            driver.key(pygame.K_z, pygame.KMOD_CTRL)
            driver.frames(3, dt=jitter.uniform(0.005, 0.04))

    cycle()
    drawn = scene.renderer.drawn
    for _ in range(4):
        cycle()
    assert scene.renderer.drawn == drawn  # in-between sizes are scaled, never drawn or kept
    assert scene.renderer.cached_bytes() <= scene.renderer.budget


def test_the_face_cache_forgets_the_least_recently_used(app):
    from aleph_null_desktop.engine.cards import load_builtin_cards

    cards = load_builtin_cards()
    renderer = CardRenderer(cards, app.fonts, budget=5 * CardRenderer.face_bytes(120))
    ids = list(cards)[:8]
    for card_id in ids:
        renderer.face(card_id, 120)
    assert renderer.cached_faces() == 5
    drawn = renderer.drawn
    renderer.face(ids[-1], 120)  # the newest is still there
    assert renderer.drawn == drawn
    renderer.face(ids[0], 120)  # the oldest was forgotten: drawn again
    assert renderer.drawn == drawn + 1


BUSY_WITH_CHOICES = {"hour": 2, "power": 3, "play": ["boline", "vitriol", "besom", "bell", "sexton", "chasuble"],
                     "hand": ["pentacle", "golem", "sacrificial_lamb"],
                     "deck": ["gnome", "sylph", "bell", "undine", "wax_candle"], "discard": ["salamander", "incense"],
                     "set_aside": ["ill_omen", "church_bells"]}


def test_the_cached_table_always_shows_what_a_fresh_paint_shows(table, driver):
    """Random play through real events (drags, clicks on cards and piles, menus, choices, keys,
    undo, the end of turns); after each step the screen, built from cached layers, partial
    repaints, the picture kept under an open panel and frames left as they were, is compared with
    the table painted whole from nothing."""
    rng = random.Random(5)
    stale = []
    for ritual in range(8):
        scene = table([dict(HOUR_CHANGE, deck=["gnome", "sylph", "bell", "undine", "wax_candle"]),
                       BUSY_WITH_CHOICES][ritual % 2])
        for step in range(25):
            if scene is not driver.scene or scene.game.outcome is not None:
                break
            roll = rng.random()
            hand = [c.uid for c in scene.game.zone("hand")]
            play = [c.uid for c in scene.game.zone("play")]
            if roll < 0.25 and hand:
                driver.drag(driver.card_centre(rng.choice(hand)), driver.zone_centre("play"))
            elif roll < 0.45 and play:
                driver.click(driver.card_centre(rng.choice(play)))
            elif roll < 0.55:
                driver.click(driver.zone_centre(rng.choice(["discard", "sacrifice", "deck"])))
            elif roll < 0.65:
                driver.key(pygame.K_z, pygame.KMOD_CTRL)
            elif roll < 0.72:
                driver.key(pygame.K_SPACE)
            elif roll < 0.85:
                driver.key(rng.choice([pygame.K_1, pygame.K_2, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB]))
            else:
                driver.post(pygame.MOUSEMOTION, pos=(rng.randrange(1920), rng.randrange(1080)), rel=(0, 0),
                            buttons=(0, 0, 0))
            driver.frames(rng.choice([1, 3, 12, 40]), dt=rng.choice([1 / 60, 0.03]))
            if scene is driver.scene:  # an open panel too: the table kept under it is the table
                shown = pygame.image.tobytes(driver.app.screen, "RGB")
                if shown != pygame.image.tobytes(fresh_picture(scene), "RGB"):
                    stale.append((ritual, step))
                driver.frames(1)
    assert not stale, stale
