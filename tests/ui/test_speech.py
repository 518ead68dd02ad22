"""Speech for screen-reader users: with speech on, what the table shows is said — the focused card,
the open panel's question and choices, every log line, End Turn's explanation, Judgement — from the
same words as the screen, in the player's language; keys read the hand and the table again. Without
a speech service the game stays silent and says so once; speaking never holds up a frame."""

from __future__ import annotations

import os
import sys
import threading

import pygame
import pytest

from aleph_null_desktop.engine import Game
from aleph_null_desktop.speech import Speaker
from aleph_null_desktop.speech.outputs import find_output
from aleph_null_desktop.storage import Settings
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.table.overlays import ActionMenu, ChoicePicker, ConfirmDialog

KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]
# Book of Pacts (pay 2P → sacrifice a card from your discard pile) empties the discard pile; then
# BAPHOMET can be summoned with the three Keys in play: a short ritual from a choice to Judgement
LAST_MOVES = {"hour": 4, "play": KEYS, "hand": ["baphomet"], "discard": ["gnome"], "power": 2}


class SpeechRecorder:
    """The test double of the app's Speaker: records every line it is asked to say."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, bool, str]] = []
        self.last = ""
        self.stopped = 0

    def say(self, text: str, *, interrupt: bool = False, language: str = "en") -> None:
        self.lines.append((text, interrupt, language))
        self.last = text

    def take_notes(self) -> list:
        return []

    def stop(self) -> None:
        self.stopped += 1

    def said(self) -> str:
        return "\n".join(text for text, _interrupt, _language in self.lines)

    def since(self, mark: int) -> str:
        return "\n".join(text for text, _interrupt, _language in self.lines[mark:])


def speaking(app, language: str = "en") -> SpeechRecorder:
    recorder = SpeechRecorder()
    app.speaker = recorder
    app.change_settings(speech=True, language=language)
    return recorder


def open_table(driver, scenario):
    driver.app.play(Game.from_scenario(scenario), "adept")
    pygame.event.clear()
    driver.frames(30, dt=0.05)
    return driver.scene


def test_a_scripted_ritual_says_the_card_the_choice_and_the_outcome(app, driver):
    voice = speaking(app)
    scene = open_table(driver, LAST_MOVES)
    assert "A new ritual in the Circle of the Adept." in voice.said()

    driver.key(pygame.K_TAB)  # the focus on the hand's BAPHOMET
    mark = len(voice.lines)
    driver.key(pygame.K_TAB)  # … then on the Book of Pacts in play
    text, interrupt, _language = voice.lines[mark]
    assert text == "Book of Pacts, Key, cost 3P, in play." and interrupt  # name, type, cost, where

    mark = len(voice.lines)
    driver.key(pygame.K_t)  # its whole text on demand
    assert "pay 2P → sacrifice a card from your discard pile" in voice.since(mark)

    driver.key(pygame.K_RETURN)  # its actions
    assert isinstance(scene.modal, ActionMenu)
    driver.frames(1)
    assert "Book of Pacts. 1: pay 2P → sacrifice a card from your discard pile." in voice.said()

    mark = len(voice.lines)
    driver.key(pygame.K_RETURN)  # pay 2P: the choice among the discard pile opens
    assert isinstance(scene.modal, ChoicePicker)
    driver.frames(1)
    said = voice.since(mark)
    assert "Power -2 (now 0)." in said  # the log line, as it appears
    assert "sacrifice a card from your discard pile. 1: Gnome (in the discard pile)." in said  # the choice

    mark = len(voice.lines)
    driver.key(pygame.K_1)
    driver.frames(1)
    assert "Gnome is sacrificed (from the discard pile)." in voice.since(mark)  # what the choice did

    mark = len(voice.lines)
    driver.key(pygame.K_a)  # the whole hand
    driver.key(pygame.K_s)  # the table's state
    said = voice.since(mark)
    assert "Hand (1 of 5). 1: BAPHOMET, special cost." in said
    for words in ("Hour IV — The Witching Hour", "0 power", "damage 0 of 3", "Deck: 0 cards",
                  "Discard pile: 0 cards", "Sacrificed: 1 card", "In play: Book of Pacts, Wand of Power, Grand Circle"):
        assert words in said
    driver.key(pygame.K_r)  # the last line again
    assert voice.lines[-1][0] == voice.lines[-2][0] and voice.lines[-1][1]

    mark = len(voice.lines)
    driver.key(pygame.K_1)  # BAPHOMET is summoned: the ritual is won
    driver.frames(60, dt=0.05)
    assert isinstance(driver.scene, JudgementScene)
    said = voice.since(mark)
    assert "Summoned BAPHOMET." in said
    assert "Judgement. BAPHOMET answers. Rank: Grand Master." in said
    assert "Score 8" in said and "Enter: Another ritual." in said


def test_the_end_turn_explanation_and_its_question_are_said(app, driver):
    voice = speaking(app)
    scene = open_table(driver, {"power": 1, "hand": ["wax_candle"], "deck": ["gnome"] * 8})
    mark = len(voice.lines)
    while scene.focus.current() != ("button", "end_turn"):
        driver.key(pygame.K_TAB)
    assert "End turn. Ending now: 1 damage" in voice.since(mark)  # the button and what ending costs
    mark = len(voice.lines)
    driver.key(pygame.K_SPACE)
    assert isinstance(scene.modal, ConfirmDialog)
    driver.frames(1)
    said = voice.since(mark)
    assert "End the turn?" in said and "you would have 1 of 3 damage" in said
    assert "End turn: take 1 damage." in said  # the answer the player can give
    mark = len(voice.lines)
    driver.key(pygame.K_TAB)  # the keyboard moves in the question: the button it is on is said
    assert voice.lines[mark][1] and voice.lines[mark][0] in {f"{b.label}." for b in scene.modal.buttons}


def test_a_refusal_and_the_focus_are_said_in_german(app, driver):
    voice = speaking(app, "de")
    open_table(driver, LAST_MOVES)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert voice.lines[-1] == ("Buch des Pakts, Schlüssel, kostet 3 Magische Kraft, im Spiel.", True, "de")
    driver.key(pygame.K_s)
    assert "Schaden 0 von 3" in voice.lines[-1][0]
    app.change_settings(language="en")


def test_speech_off_says_nothing_and_the_keys_say_where_to_turn_it_on(app, driver):
    voice = SpeechRecorder()
    app.speaker = voice
    scene = open_table(driver, LAST_MOVES)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_s)
    driver.key(pygame.K_1)
    driver.frames(60, dt=0.05)
    assert voice.lines == []
    assert "speech is on (Settings)" in scene.message or isinstance(driver.scene, JudgementScene)


def test_the_setting_is_chosen_in_settings_saved_and_said(app, driver, user_dirs):
    import json

    voice = SpeechRecorder()
    app.speaker = voice
    app.persist = True
    app.show_title()
    driver.frames()
    driver.key(pygame.K_s)
    driver.click(next(b for b in driver.scene.speech.buttons if b.label == "On").rect.center)
    assert app.current_settings().speech
    assert json.loads((user_dirs.config / "settings.json").read_text(encoding="utf-8"))["speech"] is True
    assert voice.lines[0][0].startswith("Speech on. Settings.") and voice.lines[0][1]
    driver.key(pygame.K_TAB)  # the first key shows the ring on Display
    driver.key(pygame.K_TAB)
    assert voice.lines[-1] == ("Size of text and cards: 100%", True, "en")
    driver.key(pygame.K_RIGHT)  # the focused control's new value is said
    assert voice.lines[-1] == ("Size of text and cards: 110%", True, "en")
    driver.click(next(b for b in driver.scene.speech.buttons if b.label == "Off").rect.center)
    assert voice.stopped == 1


def test_the_title_and_the_pause_menu_say_their_keys(app, driver):
    voice = speaking(app)
    app.show_title()
    driver.frames()
    said = voice.lines[-1][0]
    assert said.startswith("Aleph Null. N: New ritual (the Grimoire), open the book and choose a Circle.")
    assert "S: Settings" in said and "1: " in said
    open_table(driver, LAST_MOVES)
    driver.key(pygame.K_ESCAPE)
    assert voice.lines[-1][0].startswith("Paused. Esc: Resume.")


def test_the_outline_over_a_screens_buttons_says_the_button_it_moved_to(app, driver):
    voice = speaking(app)
    app.show_title()
    driver.frames()
    seen = []
    for _ in range(3):
        driver.key(pygame.K_TAB)
        outlined = app.button_focus.button
        assert outlined is not None
        assert voice.lines[-1][0] == outlined.label and voice.lines[-1][1]  # said at once, cutting in
        seen.append(outlined.label)
    assert len(set(seen)) == 3  # each Tab moved on, and each button was named


def test_without_a_speech_service_the_game_is_silent_with_one_note(app, driver):
    app.speaker = Speaker(finder=lambda: find_output(outputs=()))  # no output answers
    app.change_settings(speech=True)
    scene = open_table(driver, LAST_MOVES)
    app.speaker.wait()
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_s, pygame.K_a, pygame.K_RETURN, pygame.K_RETURN, pygame.K_1):
        driver.key(key)  # the Book of Pacts sacrifices the Gnome from the discard pile
        app.speaker.wait()
    driver.frames(10, dt=0.05)
    note = "no screen reader or speech service answered"
    assert sum(note in n for n in app.notices) == 1  # said once, on the title and in the table's log
    assert sum(note in line for line in scene.log.lines) == 1
    assert app.speaker.silent and scene.game.zone("discard") == [] and not app.error_text
    driver.key(pygame.K_1)  # the ritual goes on to Judgement, silently
    driver.frames(60, dt=0.05)
    assert isinstance(driver.scene, JudgementScene)
    assert sum(note in n for n in app.notices) == 1


class BlockedOutput:
    """A speech output that does not return until it is let go (a screen reader that hangs)."""

    name = "blocked"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.spoken: list[str] = []

    def speak(self, text: str, interrupt: bool, language: str) -> None:
        self.go.wait(30)
        self.spoken.append(text)

    def stop(self) -> None:
        pass


def test_a_speech_output_that_hangs_never_holds_up_the_frames(app, driver):
    output = BlockedOutput()
    app.speaker = Speaker(finder=lambda: (output, ""))
    app.change_settings(speech=True)
    scene = open_table(driver, LAST_MOVES)
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_RETURN, pygame.K_RETURN, pygame.K_1, pygame.K_1):
        driver.key(key)  # each frame returns while the output is still stuck on the first line
    driver.frames(60, dt=0.05)
    assert isinstance(driver.scene, JudgementScene) and scene.game.outcome.won
    assert output.spoken == []
    output.go.set()
    app.speaker.wait()
    assert output.spoken  # the lines went on once the output answered
    assert output.spoken[-1].startswith("Judgement.")


def test_find_output_tries_each_output_and_says_why_none_answered():
    class Absent:
        name = "absent"

        def __init__(self) -> None:
            raise OSError("not installed")

    class Present:
        name = "present"

    assert find_output(outputs=(Absent,)) == (None, "absent: not installed")
    output, why = find_output(outputs=(Absent, Present))
    assert isinstance(output, Present) and why == ""


@pytest.mark.skipif(sys.platform.startswith("win"), reason="spd-say is speech-dispatcher's (Linux) client")
def test_speech_dispatcher_gets_each_line_in_the_players_language(tmp_path, monkeypatch):
    """SpdSay with a stand-in `spd-say` on PATH that writes down its arguments: the probe (-S),
    then each line with the language, sent without waiting."""
    from aleph_null_desktop.speech.outputs import SpdSay

    record = tmp_path / "said.txt"
    fake = tmp_path / "spd-say"
    fake.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> "{record}"\necho >> "{record}"\n', encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    output = SpdSay()
    output.speak("Buch des Pakts, Schlüssel", False, "de")
    output._running[-1].wait(30)
    lines = record.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "-S|"
    assert lines[1] == "-N|aleph-null|-l|de|--|Buch des Pakts, Schlüssel|"


@pytest.mark.skipif(sys.platform.startswith("win"), reason="spd-say is speech-dispatcher's (Linux) client")
def test_speech_dispatcher_that_cannot_be_reached_is_no_output(tmp_path, monkeypatch):
    from aleph_null_desktop.speech.outputs import SpdSay

    fake = tmp_path / "spd-say"
    fake.write_text("#!/bin/sh\necho 'Failed to connect to Speech Dispatcher' >&2\nexit 1\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    output, why = find_output(outputs=(SpdSay,))
    assert output is None and "Failed to connect to Speech Dispatcher" in why


def test_turning_speech_off_stops_the_output_on_the_speakers_thread(app, driver):
    output = BlockedOutput()
    app.speaker = Speaker(finder=lambda: (output, ""))
    app.change_settings(speech=True)
    app.speak("one")
    app.speak("two")
    app.change_settings(speech=False)  # returns at once, though the output is stuck on "one"
    stops = []
    output.stop = lambda: stops.append(True)
    output.go.set()
    app.speaker.wait()
    assert "one" not in output.spoken and "two" not in output.spoken  # the queued lines were dropped
    assert stops == [True]


def test_judgement_of_a_ritual_set_up_as_a_scenario_offers_no_replay(app, driver):
    """(Found by the random storm once speech's keys changed its path.) A ritual that did not start
    from a deal — the lesson is one — cannot be replayed from its seed: Judgement does not offer to."""
    open_table(driver, {"hour": 4, "play": KEYS, "hand": ["baphomet"], "power": 0})
    driver.key(pygame.K_1)
    driver.frames(60, dt=0.05)
    assert isinstance(driver.scene, JudgementScene)
    judgement = driver.scene
    assert not any(b.key_hint in ("W", "R") for b in judgement.buttons)  # no replay, no review
    driver.key(pygame.K_l)  # but its end can be looked at (issue 26: let the player look)
    driver.frames(2)
    assert type(driver.scene).__name__ == "EndedTableScene" and app.failed_frames == 0
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is judgement
