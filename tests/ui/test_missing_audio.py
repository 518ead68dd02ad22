"""A music track or sound effect that is missing or does not decode: one line on screen (the
table's log), then silence; the game goes on."""

import pytest

from aleph_null_desktop.audio import AudioSystem


@pytest.fixture
def broken_audio(app, tmp_path):
    (tmp_path / "hour1.ogg").write_bytes(b"not an ogg stream" * 64)  # undecodable; every other file missing
    audio = AudioSystem(fade_ms=0, music_dir=tmp_path, sfx_dir=tmp_path)
    if not audio.start():
        pytest.skip(f"no mixer here: {audio.status_message}")
    app.audio = audio
    yield audio
    audio.stop()
    app.audio = None


def test_a_broken_track_and_a_missing_sound_are_each_noted_once(app, driver, broken_audio):
    app.new_ritual("adept")
    driver.frames(10, dt=0.05)
    scene = driver.scene
    music_notes = [line for line in scene.log.lines if "music of Hour I" in line]
    assert music_notes == ["The music of Hour I is missing or cannot be played; it stays silent."]
    assert broken_audio.loaded_track is None
    for _ in range(3):  # the same track asked for again: still silent, no second note
        app.hour_music(1)
        app.sound("card_move")
        driver.frames(2)
    lines = scene.log.lines
    assert sum("music of Hour I" in line for line in lines) == 1
    assert sum("sound “card move”" in line for line in lines) == 1
    assert app.error_text == ""
