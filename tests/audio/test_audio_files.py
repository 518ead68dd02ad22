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
        return 300.0, 360.0  # at least five minutes before anything repeats
    if track == "title":
        return 60.0, 240.0
    return 30.0, 240.0


def bytes_per_minute(track: str) -> float:
    """The repository budget: the Hours' sampled piano gets more bits than the synthesised
    title and Judgement."""
    return 0.76 * MB if track.startswith("hour") else 0.6 * MB


@pytest.mark.parametrize("track", TRACKS)
def test_music_file_decodes_with_the_expected_length(track):
    path = music_path(f"{track}.ogg")
    assert path.is_file(), path
    info = sf.info(str(path))
    assert info.format == "OGG" and info.subtype == "VORBIS"
    low, high = expected_seconds(track)
    assert low <= info.duration <= high, info.duration
    assert path.stat().st_size <= bytes_per_minute(track) * info.duration / 60
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
    sizes = [music_path(f"{t}.ogg").stat().st_size for t in TRACKS]
    assert sum(sizes) <= 30 * MB and max(sizes) <= 12 * MB


def true_peak(x: np.ndarray, oversample: int = 4, block: int = 8192, pad: int = 512) -> float:
    """The 4x oversampled peak (band-limited interpolation, as BS.1770 asks) of a loop, looked
    for in every block whose sample peak is within 4 dB of the loudest sample."""
    loud = float(np.abs(x).max())
    wrapped = np.concatenate([x[-pad:], x, x[:pad]])
    best = loud
    for start in range(0, len(x), block):
        if np.abs(x[start:start + block]).max() < loud * 10 ** (-4 / 20):
            continue
        seg = wrapped[start:start + block + 2 * pad]
        n = len(seg)
        spec = np.fft.rfft(seg, axis=0)
        up = np.fft.irfft(spec, n * oversample, axis=0) * oversample
        best = max(best, float(np.abs(up[pad * oversample:-pad * oversample]).max()))
    return 20 * np.log10(best)


@pytest.mark.parametrize("hour", range(1, 8))
def test_an_hour_is_one_seamless_loop_with_no_gap_and_no_clipping(hour):
    """The whole Hour, decoded: the loop's join (end -> start) is like any other step, no 100 ms
    anywhere is silent (no gap between its sections), and the true peak is <= -1 dBTP."""
    x, sr = sf.read(str(music_path(f"hour{hour}.ogg")), dtype="float32", always_2d=True)
    assert len(x) / sr >= 300
    steps = np.abs(np.diff(x, axis=0)).max(axis=1)
    assert np.abs(x[0] - x[-1]).max() <= np.percentile(steps, 99.9)
    tenth = sr // 10
    rms = np.sqrt(np.mean(x[: len(x) // tenth * tenth].reshape(-1, tenth, 2) ** 2, axis=(1, 2)))
    assert rms.min() > 10 ** (-50 / 20), (rms.argmin() / 10, 20 * np.log10(rms.min()))
    assert true_peak(x.astype(np.float64)) <= -1.0


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
