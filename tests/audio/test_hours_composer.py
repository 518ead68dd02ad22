"""tools/compose_hours.py: the Hours' MIDI is deterministic, long and varied enough, and distinct
from Hour to Hour (pure Python); a short FluidSynth render, where FluidSynth is installed."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections import defaultdict
from pathlib import Path

import pytest

mido = pytest.importorskip("mido")

TOOL = Path(__file__).resolve().parents[2] / "tools" / "compose_hours.py"
HOURS = [f"hour{h}" for h in range(1, 8)]


@pytest.fixture(scope="module")
def composer():
    spec = importlib.util.spec_from_file_location("compose_hours", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


@pytest.fixture(scope="module")
def pieces(composer):
    return {name: composer.HOURS[name](composer.DEFAULT_SEED) for name in HOURS}


def test_every_hour_is_composed(composer):
    assert list(composer.HOURS) == HOURS


def test_the_same_seed_gives_the_same_midi_file(composer):
    for name in HOURS:
        a = composer.midi_bytes(composer.HOURS[name](composer.DEFAULT_SEED))
        b = composer.midi_bytes(composer.HOURS[name](composer.DEFAULT_SEED))
        assert a == b, name
        assert a[:4] == b"MThd" and len(a) > 10_000
    other = composer.midi_bytes(composer.HOURS["hour1"](composer.DEFAULT_SEED + 1))
    assert other != composer.midi_bytes(composer.HOURS["hour1"](composer.DEFAULT_SEED))


def test_every_hour_lasts_five_minutes_in_sections_that_differ(pieces):
    for name, p in pieces.items():
        assert 300 <= p.duration <= 360, (name, p.duration)
        assert len(p.sections) >= 6, name
        assert sum(bars for _n, _s, bars in p.sections) == p.bars
        # no section is a copy of another: compare their notes, each from its own start
        seen = set()
        for _name, first, bars in p.sections:
            lo, hi = first * p.beats_per_bar, (first + bars) * p.beats_per_bar
            notes = tuple(sorted((round(b - lo, 2), ch, pitch) for b, _d, ch, pitch, _v in p.notes
                                 if lo <= b < hi))
            assert len(notes) > 20 and notes not in seen, (name, _name)
            seen.add(notes)


def test_a_grand_piano_is_at_the_heart_of_every_hour(pieces):
    for name, p in pieces.items():
        pianos = {ch for ch, inst in p.instruments.items()
                  if inst.bank == 0 and inst.program in (0, 1)}
        per_channel = defaultdict(int)
        for _b, _d, ch, _pitch, _v in p.notes:
            per_channel[ch] += 1
        assert pianos and 0 in pianos, name
        assert sum(per_channel[ch] for ch in pianos) > 0.5 * len(p.notes), name
        assert len(p.instruments) >= 3, name  # other recorded colours around it


def test_the_hours_differ_in_tempo_metre_key_mode_and_colours(pieces):
    designs = {name: (p.bpm, p.beats_per_bar, p.steps_per_beat, p.key % 12, p.mode)
               for name, p in pieces.items()}
    assert len(set(designs.values())) == len(designs)
    assert len({(p.key % 12, p.mode) for p in pieces.values()}) == len(pieces)
    colours = {name: frozenset((i.bank, i.program) for i in p.instruments.values())
               for name, p in pieces.items()}
    assert len(set(colours.values())) == len(colours)
    # the night slows to its darkest Hour; the cock crows fastest
    bpm = {name: p.bpm * p.steps_per_beat for name, p in pieces.items()}
    assert bpm["hour6"] == max(bpm.values())
    assert bpm["hour5"] == min(bpm.values()) and bpm["hour5"] < bpm["hour3"] < bpm["hour1"]
    assert {19, 52} <= {i.program for i in pieces["hour3"].instruments.values()}  # organ, choir


def test_midi_notes_are_well_formed(composer, pieces):
    for name, p in pieces.items():
        midi = composer.midi_file(p)
        assert midi.ticks_per_beat == composer.TICKS_PER_BEAT
        sounding: dict[tuple[int, int], int] = {}
        now = 0
        ons = 0
        for msg in midi.tracks[0]:
            now += msg.time
            if msg.type == "note_on" and msg.velocity > 0:
                key = (msg.channel, msg.note)
                # a key is released before it sounds again
                assert key not in sounding, (name, key, now)
                assert now < p.loop_ms  # every note starts inside the loop
                sounding[key] = now
                ons += 1
            elif msg.type in ("note_off", "note_on"):
                sounding.pop((msg.channel, msg.note), None)
        assert not sounding and ons > 500, name
        # the track runs on through the tail, so the render holds the loop's last echoes
        assert now >= p.loop_ms + composer.TAIL_S * 1000


def test_the_pitch_drift_is_periodic_over_the_loop(composer, pieces):
    p = pieces["hour1"]
    bends = {}
    now = 0
    for msg in composer.midi_file(p).tracks[0]:
        now += msg.time
        if msg.type == "pitchwheel" and msg.channel == 0:
            bends[now] = msg.pitch
    assert max(bends.values()) - min(bends.values()) > 400  # about 10 cents each way or more
    for ms in (0, 40, 4000):
        assert abs(bends[ms] - bends[ms + p.loop_ms]) <= 2


def test_fold_loop_adds_the_tail_onto_the_start(composer):
    np = pytest.importorskip("numpy")
    x = np.zeros((100, 2))
    x[60:100] = 1.0  # a note ringing over the loop point at frame 80
    y = composer.fold_loop(x, 80)
    assert y.shape == (80, 2)
    assert np.array_equal(y[:20], np.ones((20, 2))) and np.array_equal(y[20:60], np.zeros((40, 2)))


@pytest.mark.skipif(shutil.which("fluidsynth") is None,
                    reason="fluidsynth is not installed (apt-get install fluidsynth)")
def test_a_short_render_is_sound_in_a_seamless_loop(composer, tmp_path):
    np = pytest.importorskip("numpy")
    pytest.importorskip("soundfile")
    pytest.importorskip("scipy")
    pytest.importorskip("pyloudnorm")
    if composer.find_soundfont() is None:
        pytest.skip("no soundfont (apt-get install fluid-soundfont-gm)")
    p = composer.HOURS["hour4"](composer.DEFAULT_SEED)
    x = composer.render_wav(p, composer.find_soundfont(), tmp_path, seconds=3.0)
    assert x.shape[1] == 2 and len(x) >= 3 * composer.SR and np.all(np.isfinite(x))
    loop = composer.fold_loop(x, 3 * composer.SR)
    assert np.sqrt(np.mean(loop ** 2)) > 10 ** (-40 / 20)  # sound, not silence
    steps = np.abs(np.diff(loop, axis=0)).max(axis=1)
    assert np.abs(loop[0] - loop[-1]).max() <= np.percentile(steps, 99.9)
    mastered = composer.master(loop, -20.0)
    assert composer.true_peak_db(mastered) <= composer.TRUE_PEAK_CEILING_DB + 0.01
