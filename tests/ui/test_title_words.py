"""The title in players' words: each Circle button says how hard and how long the ritual is,
with its interference in plain words on the second line; Settings (S) and Statistics (T) are
on the menu."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.scenes.settings import SettingsScene
from aleph_null_desktop.ui.scenes.statistics import StatisticsScene


def test_circle_buttons_say_how_hard_and_how_long(app, driver):
    app.show_title()
    driver.frames()
    title = driver.scene
    labels = [b.label for b in title.circle_buttons]
    assert labels[0] == "Circle of the Adept — easiest; a short ritual, often done by Hour IV"
    assert labels[4] == "Circle of the Prince — hardest; the longest ritual, often into Hour VI"
    assert title.circle_buttons[0].detail == "3 interference cards (3 of level 1) arrive in Hours III, IV and IV"
    assert title.circle_buttons[2].detail == ("4 interference cards (1 of level 1, 2 of level 2, 1 of level 3) "
                                              "arrive in Hours II, II, III and IV")
    assert not any("×L" in b.detail for b in title.circle_buttons)  # no "3×L1" shorthand any more


def test_settings_and_statistics_are_on_the_menu(app, driver):
    app.show_title()
    driver.frames()
    title = driver.scene
    assert (title.settings_button.key_hint, title.statistics_button.key_hint) == ("S", "T")
    driver.click(title.statistics_button.rect.center)
    assert isinstance(driver.scene, StatisticsScene)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_s)
    assert isinstance(driver.scene, SettingsScene)
