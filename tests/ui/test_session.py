"""The session around the table, through real pygame events: Continue from the autosave (and a
save that cannot be used), the pause menu's sound settings (saved and heard at once), and the
"no sound device" notice on the title and in the table's log."""

import json
import random

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.engine import EndTurn, Summon
from aleph_null_desktop.ui.scenes.pause import PauseScene
from aleph_null_desktop.ui.table.overlays import ConfirmDialog
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.scenes.title import TitleScene

ZONES = ("deck", "hand", "play", "discard", "sacrificed", "set_aside")


def _settle(driver, n: int = 30) -> None:
    driver.frames(n, dt=0.05)


def _state(game) -> dict:
    """What the table shows: every zone (cards and order), the Hour, power, tokens, damage."""
    return {"zones": {z: [(c.uid, c.card_id) for c in game.zone(z)] for z in ZONES},
            "hour": game.hour, "last_hour": game.last_hour, "power": game.power, "tokens": game.tokens,
            "damage": game.damage, "pending": None if game.pending is None else game.pending.prompt}


def _button(scene, label: str):
    return next(b for b in scene.buttons if b.label.startswith(label))


def _summon_one_by_drag(driver, scene) -> bool:
    """Drags the first hand card the engine lets us summon onto the play area."""
    game = scene.game
    legal = [c.uid for c in game.zone("hand") if Summon(c.uid) in game.legal_commands()]
    if not legal:
        return False
    driver.drag(driver.card_centre(legal[0]), driver.zone_centre("play"))
    _settle(driver, 10)
    for _ in range(5):  # answer what the summon asks, by clicking the first card offered
        targets = scene.presenter.target_options()
        if targets:
            driver.click(driver.card_centre(next(iter(targets))))
        elif scene.modal is not None and getattr(scene.modal, "cards", None):
            driver.click(scene.modal.cards[0][2].center)
        else:
            break
        _settle(driver, 10)
    assert scene.game.pending is None
    return True


def _play_a_few_commands(driver, app) -> TableScene:
    # the deal this test had before the engine's own generator (#27): the first hand summons twice, the
    # second summon draws a card, so Ctrl+Z is refused, and a third card is summoned
    app.rng = random.Random(133)
    app.show_title()
    driver.frames()
    driver.click(driver.scene.circle_buttons[0].rect.center)  # the Circle of the Adept
    scene = driver.scene
    assert isinstance(scene, TableScene)
    _settle(driver)
    assert _summon_one_by_drag(driver, scene) and _summon_one_by_drag(driver, scene)
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # undo the second summon: the save follows the undo
    _settle(driver, 10)
    assert _summon_one_by_drag(driver, scene)
    driver.key(pygame.K_SPACE)  # end the turn (the next one draws), confirming the damage if asked
    if isinstance(scene.modal, ConfirmDialog):
        driver.key(pygame.K_RETURN)
    _settle(driver)
    assert EndTurn() in scene.applied and len(scene.applied) >= 3
    assert scene.game.outcome is None
    return scene


def test_continue_resumes_the_autosaved_ritual_exactly_where_it_was(app, driver, user_dirs):
    app.persist = True
    scene = _play_a_few_commands(driver, app)
    before, played, logged = _state(scene.game), scene.game.to_dict(), list(scene.log.lines)
    assert storage.has_autosave()
    driver.key(pygame.K_ESCAPE)  # the pause menu…
    assert isinstance(driver.scene, PauseScene)
    driver.click(_button(driver.scene, "Back to the title").rect.center)  # …back to the title
    title = driver.scene
    assert isinstance(title, TitleScene) and title.continue_button is not None
    driver.frames()
    driver.click(title.continue_button.rect.center)
    resumed = driver.scene
    assert isinstance(resumed, TableScene) and resumed is not scene
    assert resumed.circle_id == "adept"
    assert _state(resumed.game) == before
    assert resumed.game.to_dict() == played  # the replay is exact, undo point included
    _settle(driver)
    shown = {c.uid for z in ("hand", "play") for c in resumed.game.zone(z)}
    assert set(resumed.sprites) == shown  # the table draws every card of the hand and of play
    assert resumed.log.lines == logged + ["Continued in Hour I."]  # the log as it was, rebuilt
    assert any(line.startswith("Drew ") for line in logged) and len(logged) > 5
    driver.frames(3)
    assert not app.error_text


def test_the_c_key_continues_too(app, driver, user_dirs):
    app.persist = True
    scene = _play_a_few_commands(driver, app)
    before = _state(scene.game)
    app.show_title()
    driver.frames()
    driver.key(pygame.K_c)
    assert isinstance(driver.scene, TableScene) and _state(driver.scene.game) == before


def test_a_corrupt_autosave_gives_a_message_and_stays_on_the_title(app, driver, user_dirs):
    app.persist = True
    user_dirs.data.mkdir(parents=True)
    (user_dirs.data / "autosave.json").write_text("{ this is not json", encoding="utf-8")
    app.show_title()
    driver.frames()
    title = driver.scene
    assert title.continue_button is not None  # the file is there; whether it is usable is found on click
    driver.click(title.continue_button.rect.center)
    driver.frames(3)
    assert isinstance(driver.scene, TitleScene)
    assert driver.scene.continue_button is None  # the bad file was set aside: nothing to continue
    assert "autosave.json" in app.error_text and "set aside" in app.error_text
    assert "Traceback" not in app.error_text and "Something went wrong" not in app.error_text
    assert [p.name for p in user_dirs.data.iterdir() if p.name.startswith("autosave.json.corrupt-")]
    assert not storage.has_autosave()
    app.error_text = ""  # the message was the point of the test, not a failed frame


def test_an_autosave_that_cannot_be_replayed_stays_on_the_title(app, driver, user_dirs):
    app.persist = True
    record = storage.make_record(seed=5, circle="adept", commands=[{"kind": "summon", "uid": 9999}])
    assert storage.save_autosave(record) == []
    app.show_title()
    driver.frames()
    driver.click(driver.scene.continue_button.rect.center)
    driver.frames(3)
    assert isinstance(driver.scene, TitleScene) and driver.scene.continue_button is None
    assert "could not be resumed" in app.error_text
    assert "Something went wrong" not in app.error_text
    app.error_text = ""


def _audio_on_dummy_driver():
    from aleph_null_desktop.audio import AudioSystem

    audio = AudioSystem(fade_ms=0)
    audio.start()
    return audio


def test_pause_menu_volume_and_mute_are_saved_and_heard_at_once(app, driver, table, user_dirs):
    app.persist = True
    audio = app.audio = _audio_on_dummy_driver()
    try:
        app.start_session()
        assert app.current_settings() == storage.Settings()  # no file yet: the defaults
        table({"hand": ["wax_candle"]})
        driver.key(pygame.K_ESCAPE)
        pause = driver.scene
        assert isinstance(pause, PauseScene)
        music, effects = pause.steppers
        driver.click(music.plus.rect.center)  # 70% → 80%
        driver.click(effects.minus.rect.center)  # 80% → 70%
        driver.click(effects.minus.rect.center)  # → 60%
        saved = json.loads((user_dirs.config / "settings.json").read_text(encoding="utf-8"))
        assert (saved["music_volume"], saved["sfx_volume"], saved["muted"]) == (0.8, 0.6, False)
        assert (audio.music_volume, audio.sfx_volume, audio.muted) == (0.8, 0.6, False)
        if audio.available:  # the mixer itself was told
            assert abs(pygame.mixer.music.get_volume() - 0.8) < 0.01
        assert (music.value(), effects.value()) == ("80%", "60%")  # the value is written in words

        driver.click(pause.mute_button.rect.center)
        saved = json.loads((user_dirs.config / "settings.json").read_text(encoding="utf-8"))
        assert saved["muted"] is True and audio.muted
        assert pause.mute_button.label == "Unmute"
        if audio.available:
            assert pygame.mixer.music.get_volume() == 0.0
        driver.key(pygame.K_m)  # M unmutes
        assert not audio.muted and pause.mute_button.label == "Mute"
        assert storage.load_settings()[0].muted is False

        for _ in range(5):  # the top of the scale holds at 100%
            driver.click(music.plus.rect.center)
        assert music.value() == "100%" and audio.music_volume == 1.0
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.scene, TableScene)
        settings, messages = storage.load_settings()  # what the next start of the game will use
        assert messages == [] and (settings.music_volume, settings.sfx_volume, settings.muted) == (1.0, 0.6, False)
    finally:
        audio.stop()
    assert not app.error_text


def test_a_volume_change_with_files_off_is_applied_but_not_written(app, driver, table, user_dirs):
    table({})
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.scene.steppers[0].minus.rect.center)
    assert app.current_settings().music_volume == 0.6
    assert not (user_dirs.config / "settings.json").exists()


def test_no_sound_device_is_a_notice_on_the_title_and_a_line_in_the_table_log(app, driver, user_dirs,
                                                                              no_sound_device):
    app.persist = True
    app.show_title()
    app.start_session()  # as run() does: settings → audio, then the notices
    driver.frames()
    assert any("no sound device" in line for line in app.notices)
    assert not app.error_text  # silence is not an error: no warning box
    driver.click(driver.scene.circle_buttons[1].rect.center)  # the Circle of the Magus
    scene = driver.scene
    assert isinstance(scene, TableScene)
    lines = [line for line in scene.log.lines if "no sound device" in line]
    assert len(lines) == 1 and "runs silently" in lines[0]
    _settle(driver)
    driver.key(pygame.K_SPACE)  # sounds and Hour music are asked for and quietly skipped
    if scene.modal is not None:
        driver.key(pygame.K_RETURN)
    _settle(driver)
    assert no_sound_device.current_track is not None and no_sound_device.loaded_track is None
    assert not app.error_text
