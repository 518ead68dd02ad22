"""settings.py: the Settings dataclass, its file, repairs and messages."""

from __future__ import annotations

import dataclasses
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings as hyp_settings, strategies as st

from aleph_null_desktop.storage import paths
from aleph_null_desktop.storage.settings import (
    ANIMATION_SPEEDS,
    SETTINGS_VERSION,
    Settings,
    load_settings,
    save_settings,
)


def write(doc) -> None:
    paths.settings_path().write_text(json.dumps(doc), encoding="utf-8")


def test_defaults():
    s = Settings()
    assert (s.music_volume, s.sfx_volume, s.muted, s.fullscreen) == (0.7, 0.8, False, False)
    assert (s.animation_speed, s.show_hints, s.confirm_losing_moves) == (1.0, True, True)
    assert s.language == "en"
    assert s.version == SETTINGS_VERSION == 1


def test_round_trip(user_dirs):
    s = Settings(music_volume=0.25, sfx_volume=0, muted=True, fullscreen=True, ui_scale=1.25, animation_speed=0,
                 high_contrast=True, colour_cues=True, show_hints=False, confirm_losing_moves=False, language="de",
                 reduce_motion="on", speech=True, keys=(("hint", "j"), ("end_turn", "ctrl+e")))
    assert save_settings(s) == []
    assert load_settings() == (s, [])
    on_disk = json.loads((user_dirs.config / "settings.json").read_text())
    assert on_disk == {"music_volume": 0.25, "sfx_volume": 0.0, "muted": True, "fullscreen": True,
                       "ui_scale": 1.25, "animation_speed": 0.0, "high_contrast": True, "colour_cues": True,
                       "show_hints": False, "confirm_losing_moves": False,
                       "language": "de", "reduce_motion": "on", "speech": True,
                       "keys": {"end_turn": "ctrl+e", "hint": "j"}, "version": 1}


def test_settings_live_in_the_config_dir(user_dirs, listing):
    save_settings(Settings())
    assert listing(user_dirs.config) == ["settings.json"]
    assert not user_dirs.data.exists() or listing(user_dirs.data) == []


def test_frozen_and_replace():
    s = Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.muted = True  # type: ignore[misc]
    t = dataclasses.replace(s, muted=True, music_volume=1)
    assert t.muted and t.music_volume == 1.0 and isinstance(t.music_volume, float)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"music_volume": 1.01},
        {"sfx_volume": -0.1},
        {"music_volume": float("nan")},
        {"music_volume": True},
        {"music_volume": "0.5"},
        {"animation_speed": 1.5},
        {"muted": 1},
        {"language": ""},
        {"language": "english please"},
    ],
)
def test_impossible_settings_cannot_be_built(kwargs):
    with pytest.raises((TypeError, ValueError)):
        Settings(**kwargs)


def test_unknown_keys_are_ignored_quietly(listing):
    write({"version": 1, "music_volume": 0.3, "colour_blind_palette": "deuteranopia", "zoom": 2})
    assert load_settings() == (Settings(music_volume=0.3), [])
    assert listing(paths.config_dir()) == ["settings.json"], "nothing set aside"


def test_missing_keys_take_defaults_quietly():
    write({"muted": True})  # no version: a hand-written file is read as the current format
    assert load_settings() == (Settings(muted=True), [])


@pytest.mark.parametrize(
    "key, value, expected, message",
    [
        ("music_volume", 1.5, 1.0, "music_volume 1.5 is more than 1; 1 is used"),
        ("music_volume", -2, 0.0, "music_volume -2 is less than 0; 0 is used"),
        ("sfx_volume", 40, 1.0, "sfx_volume 40 is more than 1; 1 is used"),
        ("animation_speed", 1.4, 1.0, "animation_speed 1.4 is not 0 (instant), 1 or 2; 1 is used"),
        ("animation_speed", 1.6, 2.0, "animation_speed 1.6 is not 0 (instant), 1 or 2; 2 is used"),
        ("animation_speed", 0.5, 1.0, "animation_speed 0.5 is not 0 (instant), 1 or 2; 1 is used"),
        ("animation_speed", -3, 0.0, "animation_speed -3 is not 0 (instant), 1 or 2; 0 is used"),
        ("animation_speed", 10, 2.0, "animation_speed 10 is not 0 (instant), 1 or 2; 2 is used"),
        ("ui_scale", 3, 1.5, "ui_scale 3 is more than 1.5; 1.5 is used"),
        ("ui_scale", 0.2, 0.75, "ui_scale 0.2 is less than 0.75; 0.75 is used"),
    ],
)
def test_out_of_range_values_are_clamped_with_a_message(key, value, expected, message, listing):
    write({"version": 1, "muted": True, key: value})
    loaded, messages = load_settings()
    assert getattr(loaded, key) == expected
    assert loaded.muted is True, "the good values are kept"
    assert str(messages[0]) == f"settings.json: {message}"
    assert str(messages[1]).startswith(f"settings.json had values that could not be used ({key}); "
                                  "it was set aside as settings.json.corrupt-")
    assert str(messages[1]).endswith("and the other settings were kept")
    # the repaired settings were saved, the original kept aside
    assert load_settings() == (loaded, [])
    corrupt = [n for n in listing(paths.config_dir()) if ".corrupt-" in n]
    assert len(corrupt) == 1
    assert json.loads((paths.config_dir() / corrupt[0]).read_text())[key] == value


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("music_volume", "loud", "music_volume should be a number from 0 to 1, not text; the default (0.7) is used"),
        ("music_volume", True, "music_volume should be a number from 0 to 1, not true/false; the default (0.7) is used"),
        ("sfx_volume", None, "sfx_volume should be a number from 0 to 1, not null; the default (0.8) is used"),
        ("muted", "yes", "muted should be true or false, not text; the default (false) is used"),
        ("fullscreen", 1, "fullscreen should be true or false, not a number; the default (false) is used"),
        ("show_hints", [], "show_hints should be true or false, not a list; the default (true) is used"),
        ("confirm_losing_moves", {}, "confirm_losing_moves should be true or false, not an object; the default (true) is used"),
        ("animation_speed", "fast", "animation_speed should be 0 (instant), 1 or 2, not text; the default (1.0) is used"),
        ("ui_scale", "big", "ui_scale should be a number from 0.75 to 1.5, not text; the default (1.0) is used"),
        ("high_contrast", 0, "high_contrast should be true or false, not a number; the default (false) is used"),
        ("colour_cues", "on", "colour_cues should be true or false, not text; the default (false) is used"),
        ("language", 3, 'language should be a language code such as "en", not a number; the default ("en") is used'),
        ("language", "Klingon!", 'language "Klingon!" is not a language code; "en" is used'),
    ],
)
def test_wrong_types_give_that_fields_default_with_a_message(key, value, message):
    write({"version": 1, "sfx_volume": 0.1, "music_volume": 0.2, "muted": True, key: value})
    loaded, messages = load_settings()
    assert getattr(loaded, key) == getattr(Settings(), key)
    others = {"sfx_volume": 0.1, "music_volume": 0.2, "muted": True}
    others.pop(key, None)
    for other, kept in others.items():
        assert getattr(loaded, other) == kept
    assert str(messages[0]) == f"settings.json: {message}"
    assert len(messages) == 2


def test_extreme_numbers():
    paths.settings_path().write_text('{"music_volume": 1' + "0" * 400 + ', "sfx_volume": -1' + "0" * 400
                                     + ', "animation_speed": -1e308}')
    loaded, messages = load_settings()
    assert loaded == Settings(music_volume=1, sfx_volume=0, animation_speed=0)
    assert str(messages[0]) == "settings.json: music_volume 1" + "0" * 39 + " is more than 1; 1 is used"
    assert str(messages[1]) == "settings.json: sfx_volume -" + "1" + "0" * 38 + " is less than 0; 0 is used"
    assert str(messages[2]) == "settings.json: animation_speed -1e+308 is not 0 (instant), 1 or 2; 0 is used"


def test_several_bad_fields_one_message_each():
    write({"music_volume": 9, "muted": "no", "language": None, "fullscreen": True})
    loaded, messages = load_settings()
    assert loaded == Settings(music_volume=1.0, fullscreen=True)
    assert len(messages) == 4
    assert "(music_volume, muted, language)" in str(messages[3])


def test_save_failure_is_reported_not_raised(monkeypatch):
    def no_space(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_space)
    assert list(map(str, save_settings(Settings()))) == ["The settings could not be saved (the disk is full)"]


def test_save_needs_settings():
    with pytest.raises(TypeError):
        save_settings({"music_volume": 0.5})  # type: ignore[arg-type]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
setting_keys = st.sampled_from(
    ["music_volume", "sfx_volume", "muted", "fullscreen", "ui_scale", "animation_speed", "high_contrast",
     "colour_cues", "show_hints", "confirm_losing_moves", "language", "keys", "version", "other"]
)


@hyp_settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.dictionaries(setting_keys, json_values, max_size=10))
def test_any_json_object_loads_to_valid_settings(doc):
    path = paths.settings_path()
    path.write_text(json.dumps(doc))
    loaded, messages = load_settings()
    assert isinstance(loaded, Settings)
    assert 0 <= loaded.music_volume <= 1 and 0 <= loaded.sfx_volume <= 1
    assert loaded.animation_speed in ANIMATION_SPEEDS
    assert 0.75 <= loaded.ui_scale <= 1.5
    assert all(str(m) for m in messages)
    # whatever happened, the file is now usable or gone: the next load is quiet
    assert load_settings() == (loaded if path.exists() else Settings(), [])
