"""Settings and Statistics by keyboard alone: real key events through the app's loop move a
visible focus, change choices and volumes, press buttons, and back out."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.ui import style
from aleph_null_desktop.ui.scenes.confirm import ConfirmScene
from aleph_null_desktop.ui.scenes.statistics import StatisticsScene
from aleph_null_desktop.ui.scenes.title import TitleScene
from tests.ui.test_settings_screen import _open_settings as _settings
from tests.ui.test_statistics_screen import HISTORY, _open, _prepare

pytestmark = pytest.mark.usefixtures("plain_look")  # the default look around each test


def _tab_to(driver, scene, control) -> None:
    for _ in range(len(scene.controls())):
        if scene.keyboard and scene.focused() is control:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError("Tab never reached the control")


def test_settings_focus_shows_on_the_first_key_and_tab_goes_round(app, driver):
    scene = _settings(app, driver)
    assert not scene.keyboard
    driver.key(pygame.K_TAB)
    assert scene.keyboard and scene.focused() is scene.display  # the first key shows, not moves
    driver.key(pygame.K_TAB)
    assert scene.focused() is scene.scale
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focused() is scene.back_button  # wraps round
    driver.click((5, 5))
    assert not scene.keyboard  # a mouse press hides the ring


def test_settings_left_right_change_choices_and_volumes_and_enter_cycles(app, driver):
    scene = _settings(app, driver)
    _tab_to(driver, scene, scene.speed)
    driver.key(pygame.K_RIGHT)
    assert app.current_settings().animation_speed == 2.0
    driver.key(pygame.K_RIGHT)
    assert app.current_settings().animation_speed == 0.0
    driver.key(pygame.K_RIGHT)  # the last value: stays
    assert app.current_settings().animation_speed == 0.0
    driver.key(pygame.K_RETURN)  # Enter goes round to the first
    assert app.current_settings().animation_speed == 1.0
    driver.key(pygame.K_LEFT)
    assert app.current_settings().animation_speed == 1.0
    music = scene.sound.steppers[0]
    _tab_to(driver, scene, music)
    before = app.current_settings().music_volume
    driver.key(pygame.K_LEFT)
    assert app.current_settings().music_volume == pytest.approx(before - 0.1)
    driver.key(pygame.K_RIGHT)
    assert app.current_settings().music_volume == pytest.approx(before)
    _tab_to(driver, scene, scene.hints)
    driver.key(pygame.K_SPACE)
    assert app.current_settings().show_hints is False
    driver.key(pygame.K_DOWN)  # from Hints down to the next row, "Ask before…"
    assert scene.focused() is scene.confirm


def test_settings_ui_scale_by_keys_keeps_the_focus_and_back_by_enter(app, driver):
    scene = _settings(app, driver)
    _tab_to(driver, scene, scene.scale)
    driver.key(pygame.K_RIGHT)
    assert app.current_settings().ui_scale == 1.1
    scene = driver.scene
    assert scene.focused() is scene.scale  # the relayout kept the focus on the same control
    driver.key(pygame.K_LEFT)
    assert app.current_settings().ui_scale == 1.0
    _tab_to(driver, scene, scene.back_button)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, TitleScene)


def test_statistics_rows_buttons_and_reset_by_keys(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    scene = _open(app, driver)
    first = scene.selected
    driver.key(pygame.K_DOWN)
    assert scene.keyboard and scene.selected == (first + 1) % len(scene.model.rows)
    assert scene.model.rows[scene.selected].name in scene.drawn  # its details are shown
    assert scene.focus_rect() == scene.row_rect(scene.selected)
    driver.key(pygame.K_UP)
    assert scene.selected == first
    driver.key(pygame.K_TAB)
    assert scene.focus_rect() == scene.back_button.rect
    driver.key(pygame.K_RIGHT)
    assert scene.focus_rect() == scene.rituals_button.rect
    driver.key(pygame.K_RIGHT)
    assert scene.focus_rect() == scene.reset_button.rect
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, ConfirmScene)
    driver.key(pygame.K_ESCAPE)  # backs out of the question: nothing forgotten
    assert driver.scene is scene and scene.model.played == len(HISTORY)
    driver.key(pygame.K_r)
    assert isinstance(driver.scene, ConfirmScene)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_TAB)  # round to the rows again
    assert scene.focus_rect() == scene.row_rect(scene.selected)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus_rect() == scene.rituals_button.rect
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus_rect() == scene.back_button.rect
    driver.key(pygame.K_SPACE)
    assert not isinstance(driver.scene, StatisticsScene)


def test_statistics_chart_keeps_its_height_at_the_largest_ui_scale(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    scene = _open(app, driver)
    normal = scene.chart.h
    app.change_settings(ui_scale=1.5)
    driver.frames()
    assert driver.scene.chart.h >= style.scaled(320) and driver.scene.chart.h >= normal * 0.8
