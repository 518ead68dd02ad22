"""The committed music and effects: present, decodable, the right length, small, seamless."""

from __future__ import annotations

import pytest

from aleph_null_desktop.audio import SFX_NAMES, TRACKS
from aleph_null_desktop.resources import asset_path, music_path

sf = pytest.importorskip("soundfile")
np = pytest.importorskip("numpy")

MB = 1_000_000


def expected_seconds(track: str) -> tuple[float, float]:
    if track.startswith("hour"):
        return 120.0, 240.0
    if track == "title":
        return 60.0, 240.0
    return 30.0, 240.0


@pytest.mark.parametrize("track", TRACKS)
def test_music_file_decodes_with_the_expected_length(track):
    path = music_path(f"{track}.ogg")
    assert path.is_file(), path
    info = sf.info(str(path))
    assert info.format == "OGG" and info.subtype == "VORBIS"
    low, high = expected_seconds(track)
    assert low <= info.duration <= high, info.duration
    assert path.stat().st_size <= 0.6 * MB * info.duration / 60  # the repository budget
    # the two ends of the loop decode, are not silent, and meet without a jump
    head, _ = sf.read(str(path), frames=info.samplerate // 2, dtype="float32", always_2d=True)
    tail, _ = sf.read(str(path), start=info.frames - info.samplerate // 2, dtype="float32",
                      always_2d=True)
    assert np.sqrt(np.mean(head ** 2)) > 10 ** (-50 / 20)
    assert np.sqrt(np.mean(tail ** 2)) > 10 ** (-50 / 20)
    steps = np.abs(np.diff(np.concatenate([tail, head]), axis=0)).max(axis=1)
    seam = steps[len(tail) - 1]
    assert seam <= np.percentile(steps, 99.9), (seam, np.percentile(steps, 99.9))
    assert max(np.abs(head).max(), np.abs(tail).max()) < 1.0


def test_music_total_fits_the_budget():
    total = sum(music_path(f"{t}.ogg").stat().st_size for t in TRACKS)
    assert total <= 14 * MB


def test_music_decodes_in_pygame():
    import pygame

    pygame.mixer.init()
    try:
        sound = pygame.mixer.Sound(str(music_path("title.ogg")))
        assert sound.get_length() >= 60
    finally:
        pygame.mixer.quit()


@pytest.mark.parametrize("name", SFX_NAMES)
def test_sound_effect_is_short_and_small(name):
    path = asset_path("sfx", f"{name}.ogg")
    assert path.is_file(), path
    info = sf.info(str(path))
    assert 0.05 <= info.duration <= 3.5
    assert path.stat().st_size <= 60_000
    data, _ = sf.read(str(path), dtype="float32")
    assert 0.1 < np.abs(data).max() < 1.0
