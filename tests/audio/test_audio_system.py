"""The audio module under the SDL dummy audio driver (tests/conftest.py sets it)."""

from __future__ import annotations

import subprocess
import sys
import time

import pygame
import pytest

from aleph_null_desktop.audio import SFX_NAMES, TRACKS, AudioSystem, music_for_hour


def wait_until_loaded(audio: AudioSystem, track: str | None, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while (audio.changing or audio.loaded_track != track) and time.monotonic() < deadline:
        audio.update()
        time.sleep(0.01)
    assert not audio.changing and audio.loaded_track == track


@pytest.fixture
def audio():
    system = AudioSystem(fade_ms=30)
    assert system.start(), system.status_message
    yield system
    system.stop()


def test_music_for_hour_maps_every_hour_and_nothing_else():
    assert [music_for_hour(h) for h in range(1, 8)] == [f"hour{h}" for h in range(1, 8)]
    assert music_for_hour(0) is None and music_for_hour(8) is None
    assert set(TRACKS) >= {"title", "judgement", *(f"hour{h}" for h in range(1, 8))}


def test_start_with_dummy_driver_reports_the_mixer(audio):
    assert audio.available
    assert audio.status_message.startswith("Audio: ") and "Hz" in audio.status_message


def test_hour_changes_switch_tracks_with_a_fade(audio):
    audio.play_music("title")
    assert audio.current_track == "title"
    wait_until_loaded(audio, "title")
    assert pygame.mixer.music.get_busy()
    for hour in (1, 2, 3, 7, 4):
        audio.play_hour(hour)
        assert audio.current_track == f"hour{hour}"
        assert audio.changing and audio.loaded_track is None  # fading out; update() loads the new
        wait_until_loaded(audio, f"hour{hour}")
        assert pygame.mixer.music.get_busy()
    audio.play_hour(4)  # the same Hour again: nothing restarts
    assert audio.loaded_track == "hour4"
    audio.play_music("judgement")
    wait_until_loaded(audio, "judgement")
    audio.play_music(None)
    assert audio.current_track is None
    wait_until_loaded(audio, None)
    assert not pygame.mixer.music.get_busy()


def test_a_quick_change_of_mind_ends_on_the_last_track(audio):
    audio.play_hour(1)
    wait_until_loaded(audio, "hour1")
    audio.play_hour(2)
    audio.play_hour(3)
    wait_until_loaded(audio, "hour3")
    assert audio.current_track == "hour3"


def test_volumes_are_clamped_and_mute_silences_music(audio):
    audio.play_hour(1)
    wait_until_loaded(audio, "hour1")
    audio.set_music_volume(1.7)
    assert audio.music_volume == 1.0
    audio.set_sfx_volume(-3)
    assert audio.sfx_volume == 0.0
    audio.set_music_volume(0.5)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
    audio.set_muted(True)
    assert audio.muted and pygame.mixer.music.get_volume() == 0.0
    audio.set_muted(False)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)


def test_every_effect_plays_and_an_unknown_one_is_only_logged(audio):
    for name in SFX_NAMES:
        audio.play_sfx(name)
    assert not [m for m in audio.messages if "effect" in m]
    audio.play_sfx("no_such_effect")
    audio.play_sfx("no_such_effect")
    assert sum("no_such_effect" in m for m in audio.messages) == 1


def test_missing_or_corrupt_music_is_silent_with_a_log_line(tmp_path):
    (tmp_path / "hour1.ogg").write_bytes(b"this is not an ogg file" * 50)
    lines: list[str] = []
    system = AudioSystem(fade_ms=0, music_dir=tmp_path, log=lines.append)
    assert system.start()
    try:
        system.play_hour(1)
        assert system.current_track == "hour1" and system.loaded_track is None
        system.play_hour(2)  # missing file
        assert system.current_track == "hour2" and system.loaded_track is None
        assert any("'hour1' unavailable" in line for line in lines)
        assert any("'hour2' unavailable" in line for line in lines)
    finally:
        system.stop()


def test_no_audio_device_runs_silently(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    lines: list[str] = []
    system = AudioSystem(log=lines.append)
    assert system.start() is False
    assert not system.available
    assert "no sound device" in system.status_message
    assert "No available audio device" in system.status_message
    assert lines == [system.status_message]
    # every call is a harmless no-op; the wanted track is still tracked
    system.play_music("title")
    system.play_hour(3)
    system.update()
    system.play_sfx("bell")
    system.set_music_volume(0.2)
    system.set_sfx_volume(0.2)
    system.set_muted(True)
    system.stop()
    assert system.current_track == "hour3" and system.loaded_track is None


def test_importing_the_package_does_not_import_pygame():
    code = "import sys, aleph_null_desktop.audio; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
