"""The audio system's own playback of a looping track, captured sample by sample: SDL's "disk"
audio driver writes what the mixer plays to a file, as fast as the mixer can make it. The loop's
join must come out of the mixer with no gap and no click, for a test tone and for a real Hour."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

np = pytest.importorskip("numpy")
sf = pytest.importorskip("soundfile")

SR = 44100

PLAYER = textwrap.dedent("""
    import json, os, sys, time
    from pathlib import Path
    music_dir, track, seconds, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    os.environ.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=out, SDL_DISKAUDIODELAY="0",
                      SDL_VIDEODRIVER="dummy")
    import pygame
    from aleph_null_desktop.audio import AudioSystem
    pygame.init()
    audio = AudioSystem(music_volume=1.0, fade_ms=0, music_dir=music_dir)
    if not audio.start():
        print(json.dumps({"skip": audio.status_message}))
        sys.exit(0)
    # the device ran before the track began: count only what comes after (16-bit stereo)
    base = os.path.getsize(out) if os.path.exists(out) else 0
    audio.play_music(track)
    want = base + seconds * 44100 * 4
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not os.path.exists(out) or os.path.getsize(out) < want):
        audio.update()
        time.sleep(0.02)
    loaded = audio.loaded_track
    audio.stop()
    print(json.dumps({"loaded": loaded, "messages": audio.messages}))
""")


def play_through_the_mixer(tmp_path, music_dir, track: str, seconds: float) -> np.ndarray:
    out = tmp_path / "mixer.raw"
    result = subprocess.run([sys.executable, "-c", PLAYER, str(music_dir), track, str(seconds),
                             str(out)], capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    if "skip" in report:
        pytest.skip(f"SDL's disk audio driver is not available here: {report['skip']}")
    assert report["loaded"] == track, report
    return np.fromfile(out, dtype=np.int16).reshape(-1, 2).astype(np.float64) / 32768


def test_a_looping_tone_plays_on_with_no_gap(tmp_path):
    """A 0.5 s loop of whole 440 Hz cycles, played 40 times over: one continuous tone. A gap or a
    lost sample at any join would shift its phase (0.06 rad a sample) and dent its envelope."""
    t = np.arange(SR // 2) / SR
    tone = 0.5 * np.sin(2 * np.pi * 440 * t)
    sf.write(tmp_path / "hour1.ogg", np.stack([tone, tone], axis=1), SR, format="OGG",
             subtype="VORBIS")
    y = play_through_the_mixer(tmp_path, tmp_path, "hour1", 20.0)[:, 0]
    sounding = np.flatnonzero(np.abs(y) > 0.01)
    y = y[sounding[0]:sounding[-1]]
    assert len(y) >= 19 * SR  # 38 joins and more
    envelope = np.abs(y[: len(y) // 441 * 441]).reshape(-1, 441).max(axis=1)
    assert envelope.min() > 0.45 and envelope.max() < 0.55
    blocks = 4410
    z = y[: len(y) // blocks * blocks] * np.exp(-2j * np.pi * 440 * np.arange(len(y) // blocks
                                                                              * blocks) / SR)
    phase = np.unwrap(np.angle(z.reshape(-1, blocks).mean(axis=1)))
    assert np.ptp(phase) < 0.03


def test_an_hour_comes_round_through_the_mixer_without_a_seam(tmp_path):
    """The shortest Hour, played by the audio system past its loop point: around the join the
    mixer's output is the track's end followed by its start, sample for sample."""
    from aleph_null_desktop.resources import music_path

    durations = {h: sf.info(str(music_path(f"hour{h}.ogg"))).frames for h in range(1, 8)}
    hour = min(durations, key=durations.get)
    path = music_path(f"hour{hour}.ogg")
    x, sr = sf.read(str(path), dtype="float64", always_2d=True)
    assert sr == SR
    y = play_through_the_mixer(tmp_path, path.parent, f"hour{hour}", len(x) / SR + 3.0)
    # where the track starts in the mixer's output: after the silence the device played first
    first = int(np.flatnonzero(np.abs(y[:, 0]) > 0)[0])
    lo = max(0, first - 4096)
    candidates = lo + np.flatnonzero(np.abs(y[lo:first + SR, 0] - x[0, 0]) < 1e-4)
    start = next((int(o) for o in candidates if np.abs(y[o:o + 2048] - x[:2048]).max() < 0.002),
                 None)
    assert start is not None, "the track's start is not where the mixer's sound begins"
    join = start + len(x)
    around = y[join - 2048: join + 2048]
    expected = np.concatenate([x[-2048:], x[:2048]])
    assert len(around) == len(expected)
    assert np.abs(around - expected).max() < 0.002  # 16-bit rounding: nothing else
    steps = np.abs(np.diff(y[start: join + SR], axis=0)).max(axis=1)
    assert np.abs(np.diff(around, axis=0)).max() <= np.percentile(steps, 99.99)
