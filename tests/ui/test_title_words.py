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
    # each Hour named once ("Hours II, II, III" read as a typo)
    assert title.circle_buttons[0].detail == "3 interference cards (3 of level 1) arrive in Hours III and IV"
    assert title.circle_buttons[2].detail == ("4 interference cards (1 of level 1, 2 of level 2, 1 of level 3) "
                                              "arrive in Hours II, III and IV")
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


def test_the_hours_of_arrival_are_named_once_with_their_own_plural_in_both_languages():
    from types import SimpleNamespace

    from aleph_null_desktop.i18n import set_language
    from aleph_null_desktop.ui.scenes.circle_words import interference_line

    one_hour = SimpleNamespace(set_aside={1: 2}, arrivals={3: 2})
    one_card = SimpleNamespace(set_aside={2: 1}, arrivals={4: 1})
    assert interference_line(one_hour) == "2 interference cards (2 of level 1) arrive in Hour III"
    assert interference_line(one_card) == "1 interference card (1 of level 2) arrives in Hour IV"
    set_language("de")
    assert interference_line(one_hour) == "2 Beeinträchtigungen (2 der Stufe 1) kommen in Stunde III hinzu"
    assert interference_line(SimpleNamespace(set_aside={1: 3}, arrivals={3: 1, 4: 2})) == (
        "3 Beeinträchtigungen (3 der Stufe 1) kommen in den Stunden III und IV hinzu")
