"""Texts said before the player's language was known, or before a switch, are shown in the
language of the moment: the storage's repair messages at start-up, the notices, the warning at
the top, and every line of the table's log (said again from its events)."""

from __future__ import annotations

import json

from aleph_null_desktop import i18n
from aleph_null_desktop.engine import Activate, EndTurn
from aleph_null_desktop.storage import paths


def test_a_settings_repair_made_before_the_language_was_set_is_shown_in_german(app, user_dirs):
    paths.settings_path().write_text(json.dumps({"version": 1, "language": "de", "music_volume": 5}),
                                     encoding="utf-8")
    app.persist = True
    app.show_title()
    app.start_session()  # the repair message is made while the game still speaks English
    assert i18n.current_language() == "de"
    assert "music_volume 5 ist größer als 1; 1 gilt" in app.error_text
    assert "enthielt unbrauchbare Werte" in app.error_text and "is more than" not in app.error_text
    assert any("ist größer als" in notice for notice in app.notices)

    app.change_settings(language="en")  # and after a switch, in English
    assert "music_volume 5 is more than 1; 1 is used" in app.error_text
    assert any("is more than" in notice for notice in app.notices)
    app.error_text = ""  # the warning was the point of the test, not a failed frame


def test_a_damaged_settings_file_on_a_german_system_is_reported_in_german(app, user_dirs, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    paths.settings_path().write_text('{"version": 1, "language": "de",\n "music_volume" 5}', encoding="utf-8")
    app.persist = True
    app.show_title()
    app.start_session()
    app.change_settings(language="de")  # the defaults are English: the player switches at once
    assert "settings.json konnte nicht gelesen werden (Zeile 2, Spalte 17: ein Doppelpunkt fehlt)" in app.error_text
    assert "beiseitegelegt" in app.error_text and "Expecting" not in app.error_text
    app.error_text = ""


def test_the_log_is_said_again_in_the_new_language(table, driver, app):
    scene = table({"hour": 2, "play": ["salamander", "wealthy_tanist"], "hand": ["wax_candle"],
                   "deck": ["incense"] * 8})
    game = scene.game
    assert scene.submit(Activate(next(c.uid for c in game.zone("play") if c.card_id == "salamander"), "scrap"))
    assert scene.submit(EndTurn(), confirmed=True)
    driver.frames(5)
    english = list(scene.log.lines)
    assert any(line.startswith("Salamander: scrap this") for line in english), english
    assert any(line.startswith("Turn 2") for line in english) and any("Wax Candle" in line for line in english)

    app.change_settings(language="de")
    driver.frames(2)
    german = scene.log.lines
    assert len(german) == len(english)
    assert any(line.startswith("Salamander: ") and "scrap" not in line for line in german), german
    assert any(line.startswith("Zug 2") for line in german) and any("Wachskerze" in line for line in german)
    assert not set(german) & {line for line in english if any(c.isalpha() for c in line)}, \
        "lines still in English after the switch"
    assert "Ein neues Ritual" in german[0]

    app.change_settings(language="en")
    assert scene.log.lines == english


def test_an_open_choice_follows_a_switch_to_german(table, driver, app, monkeypatch):
    import pygame

    from aleph_null_desktop.ui.table import overlays

    shown = []

    def spy(real, at):  # records the text argument (at its position) of every call
        def record(*args, **kwargs):
            shown.append(args[at])
            return real(*args, **kwargs)
        return record

    monkeypatch.setattr(overlays, "blit_wrapped", spy(overlays.blit_wrapped, 2))  # the picker's prompt
    monkeypatch.setattr(overlays, "wrap", spy(overlays.wrap, 1))  # its cards' captions
    scene = table({"play": ["besom"], "discard": ["wax_candle", "salamander"], "deck": ["incense"] * 8})
    game = scene.game
    driver.drag(driver.card_centre(driver.uid("play", "besom")), driver.zone_centre("sacrifice"))
    driver.frames(5)
    assert game.pending is not None and game.pending.kind == "target"  # Besom's burn: up to 2 cards
    english = (game.pending.prompt, [o.label for o in game.pending.options], list(scene.log.lines))
    assert english[0].startswith("Besom: sacrifice up to 2 cards from your discard pile")
    assert "Wax Candle (in the discard pile)" in english[1] and english[1][-1] == "None"
    assert english[0] in shown and any("Wax Candle (in the discard pile)" in text for text in shown)

    hour_page = scene.grimoire.rect.copy()
    hour_page.h = 100  # the table's Grimoire (its Hour, the page's name), above the picker
    before = pygame.image.tobytes(app.screen.subsurface(hour_page), "RGB")
    app.change_settings(language="de")
    shown.clear()
    driver.frames(3)
    assert pygame.image.tobytes(app.screen.subsurface(hour_page), "RGB") != before  # "Stunde I"
    prompt, labels = game.pending.prompt, [o.label for o in game.pending.options]
    assert prompt.startswith("Reisigbesen: ") and "discard" not in prompt and "sacrifice" not in prompt
    assert "Wachskerze (auf dem Ablagestapel)" in labels and labels[-1] == "Keine", labels
    assert prompt in shown and any("Wachskerze (auf dem Ablagestapel)" in text for text in shown), shown
    assert not any("Wax Candle" in text or "discard pile" in text for text in shown)
    assert [b.label for b in scene.modal.buttons] == ["Keine: nichts wählen"]
    end_turn = scene.presenter.end_reason  # End Turn says why it waits, in German too
    assert prompt in end_turn and "First make the open choice" not in end_turn, end_turn
    german_log = scene.log.lines
    assert any(line.startswith("Reisigbesen") for line in german_log), german_log
    assert not set(german_log) & {line for line in english[2] if any(c.isalpha() for c in line)}
    # and saved mid-choice, the choice is said in the language of the moment too
    assert type(game).from_dict(game.to_dict()).pending.prompt == prompt
    app.change_settings(language="en")
    assert game.pending.prompt == english[0] and [o.label for o in game.pending.options] == english[1]
