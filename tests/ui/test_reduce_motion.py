"""Less motion: every piece of information stays (the Hour's banner, every card's journey, the
tokens arriving) but nothing shakes, pulses, grows or arcs; the setting follows the desktop's hint
when left to it, and reading that hint never holds up the game."""

import json
import threading

import pygame

from aleph_null_desktop.storage import Settings, load_settings
from aleph_null_desktop.ui import desktop_motion
from aleph_null_desktop.ui.desktop_motion import DesktopMotionHint, read_desktop_hint
from aleph_null_desktop.ui.table.overlays import ConfirmDialog
from aleph_null_desktop.ui.table.motion import BANNER_SECONDS, CALM_FADE_SECONDS, CALM_TOKEN_SECONDS
from tests.ui.test_motion import HOUR_CHANGE


def end_turn(driver, scene) -> None:
    driver.key(pygame.K_SPACE)
    if isinstance(scene.modal, ConfirmDialog):  # the unspent power's damage: yes, end the turn
        driver.key(pygame.K_RETURN)
    while scene.modal is not None:  # the arriving interference's spotlight
        driver.key(pygame.K_ESCAPE)


def test_less_motion_keeps_the_hour_banner_and_the_journeys_without_shakes_or_pulses(table, driver, app):
    app.settings = Settings(reduce_motion="on")
    scene = table(dict(HOUR_CHANGE, tokens=0, damage=0, power=1))
    scene.motions.clear()
    end_turn(driver, scene)  # one unspent power: one damage; the Hour turns, interference arrives
    assert scene.game.hour == 3 and scene.game.damage == 1
    text, left, total = scene.motion.banner
    assert text.startswith("Hour III") and total == BANNER_SECONDS and left > 0  # shown as long as ever
    assert any(m[1] == "set_aside" for m in scene.motions)  # what moved where: still shown
    assert any(m[2] == "hand" for m in scene.motions)  # the new hand arrives
    assert scene.motion.damage_shake.left == 0 and scene.motion.damage_shake.offset == (0, 0)
    assert all(p.level == 0 for p in scene.pulses.values())
    assert not scene.grimoire.turning  # the page is at the new Hour at once
    assert scene.motion.damage.value == 1  # the number still counts to the engine's value
    for flight in scene.motion.tokens:
        assert flight.arc == 0 and flight.seconds <= CALM_TOKEN_SECONDS
    driver.frames(1, dt=0.05)
    plate = scene.motion._banner_card[1]
    drawn = scene.motion.draw_banner(pygame.Surface(driver.app.screen.get_size()), app.fonts,
                                     scene.rects["play"].center)
    assert drawn.size == plate.get_size()  # full size from its first frame: it fades, it does not grow
    driver.frames(int(CALM_FADE_SECONDS / 0.05) + 2, dt=0.05)
    assert plate.get_alpha() == 255  # faded in within a moment, then held
    driver.frames(80, dt=0.05)
    assert not scene.motion.active and not scene.ghosts


def test_normal_motion_still_shakes_grows_and_turns_the_page(table, driver, app):
    app.settings = Settings(reduce_motion="off")
    app.desktop_motion.value = True  # the player's "off" wins over the desktop
    scene = table(dict(HOUR_CHANGE, tokens=0, damage=0, power=1))
    end_turn(driver, scene)
    assert scene.motion.damage_shake.left > 0 and scene.pulses["damage"].level > 0
    assert scene.grimoire.turning
    driver.frames(1, dt=0.05)
    drawn = scene.motion.draw_banner(pygame.Surface(driver.app.screen.get_size()), app.fonts,
                                     scene.rects["play"].center)
    assert drawn.w < scene.motion._banner_card[1].get_width()  # growing in


def test_auto_follows_the_desktops_hint(app):
    app.settings = Settings()
    assert app.current_settings().reduce_motion == "auto" and not app.calm_motion
    app.desktop_motion.value = True
    assert app.calm_motion
    app.settings = Settings(reduce_motion="off")
    assert not app.calm_motion
    app.settings = Settings(reduce_motion="on")
    app.desktop_motion.value = False
    assert app.calm_motion


def test_the_desktop_hint_is_read_from_gnome_kde_and_macos(monkeypatch):
    answers = {}
    monkeypatch.setattr(desktop_motion, "_run", lambda *command: answers.get(command[0]))
    assert read_desktop_hint("linux") is None  # no desktop tool answers: no hint
    answers["gsettings"] = "false"
    assert read_desktop_hint("linux") is True
    answers["gsettings"] = "true"
    assert read_desktop_hint("linux") is False
    answers.pop("gsettings")
    answers["kreadconfig5"] = "0"
    assert read_desktop_hint("linux") is True
    answers["kreadconfig5"] = "not a number"
    assert read_desktop_hint("linux") is None
    answers["defaults"] = "1"
    assert read_desktop_hint("darwin") is True
    answers["defaults"] = "0"
    assert read_desktop_hint("darwin") is False


def test_a_desktop_that_does_not_answer_does_not_hold_up_the_game():
    answered = threading.Event()

    def slow_desktop():
        answered.wait(30)
        return True

    hint = DesktopMotionHint(slow_desktop)
    hint.start()  # returns at once, though the desktop has not answered
    assert hint.value is None
    answered.set()
    hint.wait(30)
    assert hint.value is True


def test_the_setting_is_chosen_in_settings_and_saved(app, driver, user_dirs):
    app.persist = True
    app.show_title()
    driver.frames()
    driver.key(pygame.K_s)
    scene = driver.scene
    driver.click(next(b for b in scene.motion.buttons if b.label == "On").rect.center)
    assert app.calm_motion
    saved = json.loads((user_dirs.config / "settings.json").read_text(encoding="utf-8"))
    assert saved["reduce_motion"] == "on"
    assert load_settings()[0].reduce_motion == "on"


def test_a_bad_value_in_the_file_falls_back_to_auto_with_a_message(user_dirs):
    user_dirs.config.mkdir(parents=True)
    (user_dirs.config / "settings.json").write_text(json.dumps({"version": 1, "reduce_motion": "sometimes"}),
                                                    encoding="utf-8")
    settings, messages = load_settings()
    assert settings.reduce_motion == "auto"
    assert any("reduce_motion" in str(m) and "sometimes" in str(m) for m in messages)
