"""tools/compose_music.py (the title and the Judgement): deterministic for a seed, and every
render is a seamless loop."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("soundfile")

TOOL = Path(__file__).resolve().parents[2] / "tools" / "compose_music.py"


@pytest.fixture(scope="module")
def composer():
    spec = importlib.util.spec_from_file_location("compose_music", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def fresh_render(composer, name: str, seed: int, seconds: float):
    composer._PIANO_CACHE.clear()  # nothing carried over from an earlier render
    return composer.render_track(name, seed, seconds)


def test_the_same_seed_gives_the_same_audio(composer):
    a = fresh_render(composer, "title", 1234, 2.0)
    b = fresh_render(composer, "title", 1234, 2.0)
    assert a.shape == (2 * composer.SR, 2) and a.dtype == np.float32
    assert np.array_equal(a, b)
    c = fresh_render(composer, "title", 1235, 2.0)
    assert not np.array_equal(a, c)


def test_a_short_render_is_sound_not_silence_and_never_clips(composer):
    for name in ("title", "judgement"):
        x = fresh_render(composer, name, composer.DEFAULT_SEED, 1.5)
        assert np.all(np.isfinite(x))
        peak = float(np.max(np.abs(x)))
        assert 0.05 < peak <= 10 ** (-1 / 20) + 1e-6
        # a loop: the step from the last sample to the first is like any other step
        steps = np.abs(np.diff(x, axis=0)).max(axis=1)
        assert np.abs(x[0] - x[-1]).max() <= np.percentile(steps, 99.9)


def test_every_track_has_an_arrangement_of_the_right_length(composer):
    for name, make in composer.TRACKS.items():
        score = make(composer.DEFAULT_SEED, None)
        low, high = 45, 240
        assert low <= score.duration <= high, (name, score.duration)
        assert score.piano or score.strings
