"""The Settings screen through real events: opened from the title and the pause menu, every
setting changes the game at once, is written to settings.json, and is read back on the next
start; a bad value in the file is repaired with a message."""

from __future__ import annotations

import json

import pygame
import pytest

from aleph_null_desktop import storage
from aleph_null_desktop.engine import EndTurn, Summon
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.app import App
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.scenes.settings import SettingsScene
from aleph_null_desktop.ui.table.overlays import ConfirmDialog
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.scenes.title import TitleScene


pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


def _open_settings(app, driver) -> SettingsScene:
    app.show_title()
    driver.frames()
    driver.key(pygame.K_s)
    assert isinstance(driver.scene, SettingsScene)
    return driver.scene


def _click(driver, choice, words: str) -> None:
    button = next(b for b in choice.buttons if b.label == words)
    driver.click(button.rect.center)


def _saved(user_dirs) -> dict:
    return json.loads((user_dirs.config / "settings.json").read_text(encoding="utf-8"))


def test_settings_open_from_the_title_and_the_pause_menu_and_esc_goes_back(app, driver, table):
    scene = _open_settings(app, driver)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)
    driver.click(driver.scene.settings_button.rect.center)
    assert isinstance(driver.scene, SettingsScene)
    driver.click(driver.scene.back_button.rect.center)
    assert isinstance(driver.scene, TitleScene) and scene is not driver.scene
    table({"hand": ["wax_candle"]})
    driver.key(pygame.K_ESCAPE)
    pause = driver.scene
    driver.click(next(b for b in pause.buttons if b.label == "Settings").rect.center)
    assert isinstance(driver.scene, SettingsScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is pause


def test_fullscreen_and_windowed(app, driver, user_dirs, monkeypatch):
    app.persist = True
    calls = []
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: calls.append(1) or 1)
    scene = _open_settings(app, driver)
    _click(driver, scene.display, "Fullscreen")
    assert calls == [1] and app.current_settings().fullscreen and _saved(user_dirs)["fullscreen"] is True
    _click(driver, scene.display, "Fullscreen")  # already: nothing to toggle
    assert calls == [1]
    _click(driver, scene.display, "Windowed")
    assert calls == [1, 1] and _saved(user_dirs)["fullscreen"] is False


def test_ui_scale_enlarges_text_and_cards_and_is_saved(app, driver, table, user_dirs):
    app.persist = True
    body = app.fonts.get("body", 20).get_height()
    scene = _open_settings(app, driver)
    driver.click(scene.scale.plus.rect.center)  # 100% → 110%
    scene = driver.scene  # the screen was laid out again at the new size
    driver.click(scene.scale.plus.rect.center)  # → 125%
    assert driver.scene.scale.value() == "125%" and _saved(user_dirs)["ui_scale"] == 1.25
    assert app.fonts.get("body", 20).get_height() > body * 1.15
    for _ in range(6):  # the top holds at 150%
        driver.click(driver.scene.scale.plus.rect.center)
    assert app.current_settings().ui_scale == 1.5
    driver.click(driver.scene.scale.minus.rect.center)  # even steps: 150 % → 125 % (no 140 %)
    assert app.current_settings().ui_scale == 1.25
    table({"hand": ["wax_candle", "salamander"]})
    sprite = next(iter(driver.scene.sprites.values()))
    from aleph_null_desktop.ui.table.arrange import HAND_CARD_W

    # hand cards larger at 125 % (as far as the play zone keeps room: ui.table.arrange.fitted_to_scale)
    assert HAND_CARD_W < sprite.target.w <= round(HAND_CARD_W * 1.25)


def _summon_and_watch(driver, table, frames: int, dt: float) -> bool:
    """Summons a card through the table and reports whether it is still travelling afterwards."""
    scene = table({"hand": ["wax_candle", "wax_candle", "salamander"]})
    uid = driver.uid("hand", "salamander")
    scene.submit(Summon(uid))
    driver.frames(1, dt=dt)  # the command's own frame: its cards stand where they were (ui.table.painting)
    driver.frames(frames, dt=dt)
    return scene.sprites[uid].moving


def test_animation_speed_reaches_the_table(app, driver, table, user_dirs):
    app.persist = True
    assert _summon_and_watch(driver, table, 1, 0.1)  # normal: still gliding after 0.1 s
    scene = _open_settings(app, driver)
    _click(driver, scene.speed, "Instant")
    assert app.animation_speed == 0.0 and _saved(user_dirs)["animation_speed"] == 0.0
    assert not _summon_and_watch(driver, table, 1, 1 / 60)  # instant: there after one frame
    scene = _open_settings(app, driver)
    _click(driver, scene.speed, "Fast")
    assert not _summon_and_watch(driver, table, 2, 0.08)  # fast: twice as quick (0.28 s → 0.14 s)
    app.change_settings(animation_speed=1.0)
    assert _summon_and_watch(driver, table, 2, 0.08)


def test_sound_controls_are_the_pause_menus(app, driver, user_dirs):
    app.persist = True
    scene = _open_settings(app, driver)
    music, effects = scene.sound.steppers
    driver.click(music.plus.rect.center)
    driver.click(effects.minus.rect.center)
    driver.click(scene.sound.mute_button.rect.center)
    saved = _saved(user_dirs)
    assert (saved["music_volume"], saved["sfx_volume"], saved["muted"]) == (0.8, 0.7, True)
    assert scene.sound.mute_button.label == "Unmute"
    from aleph_null_desktop.ui.widgets.sound_controls import SoundControls

    assert isinstance(scene.sound, SoundControls)  # the very controls of the pause menu


def test_deutsch_switches_the_words_at_once_and_is_remembered(app, driver, user_dirs, screen):
    from aleph_null_desktop import i18n

    if "de" not in i18n.available_languages():
        pytest.skip("the German catalogue is not compiled in this checkout")
    app.persist = True
    try:
        english = _face("book_of_pacts", app)
        scene = _open_settings(app, driver)
        _click(driver, scene.language, "Deutsch")
        assert i18n.current_language() == "de" and _saved(user_dirs)["language"] == "de"
        assert i18n._("Key") != "Key" and _face("book_of_pacts", app) != english  # the type line in German
        again = App(screen, seed=1)
        again.persist = True
        i18n.set_language("en")
        again.start_session()
        assert i18n.current_language() == "de"
    finally:
        i18n.set_language("en")


def test_language_offers_english_and_never_a_dead_choice(app, driver, user_dirs):
    from aleph_null_desktop.ui.scenes.language_choice import languages

    app.persist = True
    scene = _open_settings(app, driver)
    offered = {b.label: b for b in scene.language.buttons}
    assert offered["English"].enabled
    for code, name, ready in languages():
        button = scene.language.buttons[[c for c, _n, _r in languages()].index(code)]
        assert button.enabled == ready
        if not ready:  # shown as coming, and clicking it changes nothing
            assert button.label == f"{name} — coming"
            driver.click(button.rect.center)
            assert app.current_settings().language == "en"


def _face(card_id: str, app) -> bytes:
    from aleph_null_desktop.engine.cards import load_builtin_cards

    return pygame.image.tobytes(CardRenderer(load_builtin_cards(), app.fonts).face(card_id, 200), "RGBA")


def test_high_contrast_and_colour_cues_change_the_cards(app, driver, user_dirs):
    app.persist = True
    plain = _face("church_bells", app)
    scene = _open_settings(app, driver)
    _click(driver, scene.contrast, "On")
    assert theme.PARCHMENT == (255, 255, 255) and theme.INK == (0, 0, 0)
    contrast = _face("church_bells", app)
    assert contrast != plain
    _click(driver, driver.scene.cues, "On")
    cued = _face("church_bells", app)
    assert cued != contrast
    saved = _saved(user_dirs)
    assert saved["high_contrast"] is True and saved["colour_cues"] is True
    _click(driver, driver.scene.contrast, "Off")
    _click(driver, driver.scene.cues, "Off")
    assert theme.PARCHMENT == (232, 214, 178) and _face("church_bells", app) == plain


def test_hints_off_hides_the_hint(app, driver, table, user_dirs):
    asked = []
    app.hint_function = lambda game: asked.append(game) or (EndTurn(), "end the turn")
    scene = _open_settings(app, driver)
    _click(driver, scene.hints, "Off")
    table_scene = table({"hand": ["wax_candle"]})
    driver.key(pygame.K_h)
    driver.frames(5)
    assert asked == [] and table_scene.hints.job is None
    assert table_scene.message == "Hints are turned off in Settings."
    assert not table_scene.buttons["hint"].enabled


def test_confirm_losing_moves_off_plays_the_move_at_once(app, driver, table):
    scene = _open_settings(app, driver)
    _click(driver, scene.confirm, "Off")
    table_scene = table({"damage": 2, "power": 1, "deck": ["wax_candle"] * 6})
    driver.click(driver.zone_centre("end_turn"))
    assert not isinstance(table_scene.modal, ConfirmDialog)
    assert table_scene.applied == [EndTurn()] and table_scene.game.outcome is not None


def test_every_setting_survives_a_restart(app, driver, user_dirs, monkeypatch, screen):
    app.persist = True
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: 1)
    scene = _open_settings(app, driver)
    _click(driver, scene.display, "Fullscreen")
    driver.click(driver.scene.scale.plus.rect.center)
    _click(driver, driver.scene.speed, "Fast")
    _click(driver, driver.scene.contrast, "On")
    _click(driver, driver.scene.cues, "On")
    _click(driver, driver.scene.hints, "Off")
    _click(driver, driver.scene.confirm, "Off")
    driver.click(driver.scene.sound.steppers[0].minus.rect.center)
    chosen = app.current_settings()
    style.apply(storage.Settings())  # as a fresh process would start

    again = App(screen, seed=1)
    again.persist = True
    again.start_session()
    assert again.current_settings() == chosen
    assert (chosen.fullscreen, chosen.ui_scale, chosen.animation_speed, chosen.high_contrast, chosen.colour_cues,
            chosen.show_hints, chosen.confirm_losing_moves, chosen.music_volume) == (
        True, 1.1, 2.0, True, True, False, False, 0.6)
    assert style.current() == style.Style(1.1, True, True) and theme.INK == (0, 0, 0)
    assert again.animation_speed == 2.0 and not again.error_text


def test_a_bad_value_in_the_file_is_repaired_with_a_message(app, user_dirs):
    user_dirs.config.mkdir(parents=True)
    (user_dirs.config / "settings.json").write_text(json.dumps({"version": 1, "ui_scale": 9}), encoding="utf-8")
    app.persist = True
    app.start_session()
    assert app.current_settings().ui_scale == 1.5 and style.current().ui_scale == 1.5
    assert "ui_scale 9 is more than 1.5; 1.5 is used" in app.error_text
    app.error_text = ""
