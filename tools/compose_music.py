#!/usr/bin/env python3
"""Original, seeded music for Aleph Null Desktop.

An offline tool: the game never imports it and never generates music at run time. It renders
the title track and the Judgement track to OGG Vorbis in ``music/`` by pure numpy synthesis
(no samples, no sound fonts, no borrowed melodies). The Hours' music is sampled piano, rendered
by ``tools/compose_hours.py``.

* piano  -- additive: inharmonic partials, two slightly detuned strings per note, two-stage
            per-partial decay, a soft hammer thump, damper on note-off;
* strings -- band-limited sawtooth wavetables, several detuned voices, vibrato, slow bowing
            envelopes, optional measured tremolo and pitch glides, a body EQ;
* bells, a low drum (heartbeat / timpani), sine drones, filtered-noise wind, reversed piano;
* tape "wow" (a periodic fractional delay), zero-phase FFT filters (the "veil"), and a stereo
  convolution reverb with frequency-dependent decay.

Seamless loops: every track is rendered into a circular buffer whose length is exactly the
loop. Notes, reverb tails and filters wrap around (reverb is a circular convolution, LFOs and
drones complete a whole number of cycles), so the signal is periodic and the last sample leads
into the first like any other pair of neighbours. Nothing is faded at either end.

The harmony, rhythm and melody are generated from a seeded ``numpy.random.Generator``: the
same seed gives the same audio, bit for bit (``render_track(name, seed, seconds)``).

Usage::

    python tools/compose_music.py                        # all tracks into music/
    python tools/compose_music.py --only title --seconds 20   # a sketch, in <tmp>/aleph_null_sketch
    python tools/compose_music.py --analyse --png /tmp/audio_png   # levels, seam, pictures

Needs numpy and soundfile (the ``test`` extra); ``--png`` also needs pygame-ce.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

SR = 32000  # Vorbis at 32 kHz: 16 kHz of bandwidth is plenty for veiled piano and strings
DEFAULT_SEED = 1122
ROOT = Path(__file__).resolve().parent.parent
MUSIC_DIR = ROOT / "music"
VERBOSE = False
COMPRESSION_LEVEL = 0.72
BYTES_PER_MINUTE = 590_000  # libsndfile: Vorbis quality = 1 - compression_level

# --------------------------------------------------------------------------------------------
# Harmony
# --------------------------------------------------------------------------------------------

PITCH_CLASSES = {
    "C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
    "G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11,
}
QUALITIES = {
    "": (0, 4, 7), "m": (0, 3, 7), "5": (0, 7), "7": (0, 4, 7, 10), "m7": (0, 3, 7, 10),
    "maj7": (0, 4, 7, 11), "m9": (0, 3, 7, 10, 14), "maj9": (0, 4, 7, 11, 14),
    "add9": (0, 4, 7, 14), "madd9": (0, 3, 7, 14), "sus2": (0, 2, 7), "sus4": (0, 5, 7),
    "7sus4": (0, 5, 7, 10), "dim": (0, 3, 6), "dim7": (0, 3, 6, 9), "m7b5": (0, 3, 6, 10),
    "7b9": (0, 4, 7, 10, 13), "aug": (0, 4, 8), "mmaj7": (0, 3, 7, 11), "6": (0, 4, 7, 9),
    "m6": (0, 3, 7, 9), "maj7#11": (0, 4, 7, 11, 18), "6sus2": (0, 2, 7, 9),
}
MODES = {
    "ionian": (0, 2, 4, 5, 7, 9, 11), "dorian": (0, 2, 3, 5, 7, 9, 10),
    "aeolian": (0, 2, 3, 5, 7, 8, 10), "phrygian": (0, 1, 3, 5, 7, 8, 10),
    "lydian": (0, 2, 4, 6, 7, 9, 11), "harmonic": (0, 2, 3, 5, 7, 8, 11),
    "wholetone": (0, 2, 4, 6, 8, 10),
}


@dataclass(frozen=True)
class Chord:
    root: int  # pitch class
    tones: tuple[int, ...]  # pitch classes, root first
    bass: int  # pitch class of the bass note

    @staticmethod
    def parse(symbol: str) -> "Chord":
        body, _, slash = symbol.partition("/")
        name = body[:2] if len(body) > 1 and body[1] in "#b" else body[:1]
        root = PITCH_CLASSES[name]
        intervals = QUALITIES[body[len(name):]]
        tones = tuple(dict.fromkeys((root + i) % 12 for i in intervals))
        bass = PITCH_CLASSES[slash] if slash else root
        return Chord(root, tones, bass)


def voicing(chord: Chord, center: float, count: int, spread: int = 14) -> list[int]:
    """`count` chord tones around `center`, every pitch class once before any repeats."""
    candidates = [m for m in range(int(center) - spread, int(center) + spread + 1)
                  if m % 12 in chord.tones]
    candidates.sort(key=lambda m: (abs(m - center), m))
    chosen: list[int] = []
    for _ in range(4):
        for m in candidates:
            if len(chosen) < count and m not in chosen and (
                    m % 12 not in {c % 12 for c in chosen}
                    or len({c % 12 for c in chosen}) >= len(chord.tones)):
                chosen.append(m)
    return sorted(chosen)


def low_note(pc: int, lowest: int) -> int:
    return lowest + (pc - lowest) % 12


def mtof(midi: float) -> float:
    return 440.0 * 2.0 ** ((midi - 69.0) / 12.0)


# --------------------------------------------------------------------------------------------
# A score: events on a circular time line
# --------------------------------------------------------------------------------------------


@dataclass
class Note:
    t: float
    midi: float
    dur: float
    vel: float
    pan: float = 0.0


@dataclass
class StringNote(Note):
    attack: float = 1.5
    release: float = 2.0
    voices: int = 2
    detune: float = 8.0  # cents between the outer voices
    tremolo: float = 0.0  # strokes per second (0: smooth bow)
    tremolo_depth: float = 0.0
    glide: float = 0.0  # semitones over the note
    timbre: str = "saw"


@dataclass
class Mix:
    veil_hz: float = 5000.0  # master low-pass
    piano_bright: int = 1  # 0 soft, 1 normal, 2 bright
    wow: float = 0.0  # pitch wobble of the piano bus, as a fraction (0.003 = 0.3 %)
    wow_strings: float = 0.0
    reverb_s: float = 4.0  # RT60
    reverb_dark: float = 0.5  # how much faster the highs die (0..0.9)
    send_piano: float = 0.5
    send_strings: float = 0.5
    send_aux: float = 0.5
    piano_gain: float = 1.0
    strings_gain: float = 1.0
    aux_gain: float = 1.0
    rms_dbfs: float = -20.0


@dataclass
class Score:
    name: str
    title: str
    bpm: float
    beats_per_bar: int  # in the unit the tempo counts (12/8 at dotted crotchet 74: 4 beats)
    steps_per_beat: int  # grid (12/8: 3 quavers per beat)
    n_bars: int
    progression: list[Chord]
    bars_per_chord: int
    key: int
    mode: tuple[int, ...]
    rng: np.random.Generator
    seconds: float | None = None  # render only this much (a test sketch), still as a loop
    mix: Mix = field(default_factory=Mix)
    piano: list[Note] = field(default_factory=list)
    strings: list[StringNote] = field(default_factory=list)
    bells: list[Note] = field(default_factory=list)
    drums: list[Note] = field(default_factory=list)
    swells: list[Note] = field(default_factory=list)  # reversed piano
    drones: list[tuple[float, float]] = field(default_factory=list)  # (midi, level)
    wind: float = 0.0  # level of the filtered-noise wind
    wind_band: tuple[float, float] = (300.0, 2500.0)

    def __post_init__(self) -> None:
        nominal = self.n_bars * self.beats_per_bar * 60.0 / self.bpm
        self.length = smooth_length(int(round(nominal * SR))) if self.seconds is None \
            else int(round(self.seconds * SR))
        # the exact bar length that makes the loop a whole number of samples
        self.bar = (smooth_length(int(round(nominal * SR))) / SR) / self.n_bars
        self.beat = self.bar / self.beats_per_bar
        self.step = self.beat / self.steps_per_beat
        self.steps_per_bar = self.beats_per_bar * self.steps_per_beat

    @property
    def duration(self) -> float:
        return self.length / SR

    def chord(self, bar: int) -> Chord:
        return self.progression[(bar // self.bars_per_chord) % len(self.progression)]

    def intensity(self, bar: float, cycles: int = 1, floor: float = 0.0) -> float:
        """0 at the loop point, 1 in the middle: the loop starts and ends alike."""
        x = 0.5 - 0.5 * math.cos(2 * math.pi * cycles * bar / self.n_bars)
        return floor + (1 - floor) * x

    def scale_notes(self, lo: int = 20, hi: int = 110) -> list[int]:
        return [m for m in range(lo, hi) if (m - self.key) % 12 in self.mode]

    def human(self, sd: float = 0.008) -> float:
        return float(self.rng.normal(0.0, sd))

    def add(self, kind: str, note: Note) -> None:
        if self.seconds is not None and note.t >= self.seconds:
            return
        getattr(self, kind).append(note)


def smooth_length(n: int) -> int:
    """The nearest 2^a 3^b 5^c (fast FFTs for the circular reverb)."""
    best = None
    a = 1
    while a <= 2 * n:
        b = a
        while b <= 2 * n:
            c = b
            while c <= 2 * n:
                if best is None or abs(c - n) < abs(best - n):
                    best = c
                c *= 5
            b *= 3
        a *= 2
    return int(best)


# --------------------------------------------------------------------------------------------
# Layers: the building blocks the tracks are arranged from
# --------------------------------------------------------------------------------------------

MOTIF = (2, -1, -1, -2, 3, -1)  # scale steps: the ritual's motif


def layer_pad(s: Score, center: float, count: int, vel: float, *, attack=1.5, release=2.0,
              voices=2, detune=8.0, tremolo=0.0, tremolo_depth=0.0, glide=0.0, timbre="saw",
              floor=0.55, every: int | None = None, octave_double=False, pan_spread=0.5) -> None:
    every = every or s.bars_per_chord
    for bar in range(0, s.n_bars, every):
        chord = s.chord(bar)
        level = vel * (floor + (1 - floor) * s.intensity(bar + every / 2))
        notes = voicing(chord, center, count)
        if octave_double:
            notes = notes + [notes[-1] + 12]
        for i, m in enumerate(notes):
            pan = pan_spread * (2 * i / max(1, len(notes) - 1) - 1)
            s.add("strings", StringNote(
                bar * s.bar + s.human(0.03), m, every * s.bar + release * 0.4, level, pan,
                attack=attack, release=release, voices=voices, detune=detune, tremolo=tremolo,
                tremolo_depth=tremolo_depth, glide=glide, timbre=timbre))


def layer_bass_strings(s: Score, lowest: int, vel: float, *, attack=1.0, release=2.0,
                       floor=0.6, every: int | None = None, fifth=False) -> None:
    every = every or s.bars_per_chord
    for bar in range(0, s.n_bars, every):
        chord = s.chord(bar)
        m = low_note(chord.bass, lowest)
        level = vel * (floor + (1 - floor) * s.intensity(bar))
        s.add("strings", StringNote(bar * s.bar, m, every * s.bar + 0.3, level, -0.15,
                                    attack=attack, release=release, voices=2, detune=5.0))
        if fifth:
            s.add("strings", StringNote(bar * s.bar, m + 7, every * s.bar + 0.3, level * 0.6,
                                        0.15, attack=attack, release=release, voices=2,
                                        detune=5.0))


def layer_arpeggio(s: Score, pattern: list[int | None], center: float, count: int, vel: float,
                   *, density: Callable[[int], float], accents: list[float] | None = None,
                   pedal=True, step_mult: int = 1, detune_sd: float = 0.0,
                   pan: float = 0.1) -> None:
    """Piano figure: `pattern` indexes a `count`-note voicing (None = rest) on the step grid."""
    steps = s.steps_per_bar // step_mult
    for bar in range(s.n_bars):
        chord = s.chord(bar)
        notes = voicing(chord, center, count)
        chord_end = (bar // s.bars_per_chord + 1) * s.bars_per_chord * s.bar
        d = density(bar)
        for i in range(steps):
            idx = pattern[i % len(pattern)]
            if idx is None or s.rng.random() > d:
                continue
            t = bar * s.bar + i * s.step * step_mult
            accent = accents[i % len(accents)] if accents else 1.0
            m = notes[idx % len(notes)] + 12 * (idx // len(notes))
            dur = (chord_end - t + 0.15) if pedal else s.step * step_mult * 1.3
            detune = s.rng.normal(0, detune_sd) if detune_sd else 0.0
            v = vel * accent * (0.85 + 0.3 * s.rng.random())
            p = pan + 0.5 * (m - center) / 24
            s.add("piano", Note(t + s.human(), m + detune, dur, v, p))


def layer_melody(s: Score, center: float, vel: float, *, phrase_bars: int,
                 rhythms: list[list[int]], prob: Callable[[int], float], kind: str = "piano",
                 detune_sd: float = 0.0, pan: float = 0.2, legato: float = 1.05,
                 string_kw: dict | None = None, octave_echo: float = 0.0) -> None:
    """Motif-based phrases: rhythms are in grid steps (negative = rest)."""
    scale = s.scale_notes()
    beat_steps = s.steps_per_beat
    for start in range(0, s.n_bars, phrase_bars):
        if s.rng.random() > prob(start):
            continue
        rhythm = rhythms[int(s.rng.integers(len(rhythms)))]
        chord = s.chord(start)
        target = center + int(s.rng.integers(-4, 5))
        pitch = min([m for m in scale if m % 12 in chord.tones] or scale,
                    key=lambda m: abs(m - target))
        sign = -1 if s.rng.random() < 0.3 else 1
        units = 0
        k = 0
        for dur in rhythm:
            if dur < 0:
                units -= dur
                continue
            t = start * s.bar + units * s.step
            bar = int(t / s.bar + 1e-6)
            if k > 0:
                step = sign * MOTIF[(k - 1) % len(MOTIF)]
                if s.rng.random() < 0.25:
                    step += int(s.rng.choice([-1, 1]))
                i = scale.index(pitch) + step
                pitch = scale[max(0, min(len(scale) - 1, i))]
                if abs(pitch - center) > 9:  # stay in the register: turn the motif around
                    sign = -sign
                    pitch = scale[max(0, min(len(scale) - 1, scale.index(pitch) - 2 * step))]
            if units % beat_steps == 0 and s.rng.random() < 0.75:
                ch = s.chord(bar)
                here = pitch
                pitch = min([m for m in scale if m % 12 in ch.tones] or [here],
                            key=lambda m: abs(m - here))
            v = vel * (0.85 + 0.3 * s.rng.random()) * (1.1 if units % beat_steps == 0 else 0.9)
            detune = s.rng.normal(0, detune_sd) if detune_sd else 0.0
            length = dur * s.step * legato
            if kind == "piano":
                s.add("piano", Note(t + s.human(), pitch + detune, length + 0.3, v, pan))
                if octave_echo:
                    s.add("piano", Note(t + s.human(), pitch + 12 + detune, length, v * octave_echo,
                                        pan + 0.2))
            else:
                kw = dict(attack=0.25, release=0.8, voices=2, detune=6.0)
                kw.update(string_kw or {})
                s.add("strings", StringNote(t, pitch + detune, length, v, pan, **kw))
            units += dur
            k += 1


# --------------------------------------------------------------------------------------------
# The title and the Judgement
# --------------------------------------------------------------------------------------------


def _score(name, title, *, bpm, beats, steps, bars, prog, bars_per_chord, key, mode, seed, seconds,
           mix) -> Score:
    track_index = {"title": 7, "judgement": 8}[name]  # as when the Hours were made here too:
    rng = np.random.default_rng([seed, track_index])  # the same notes as the committed tracks
    return Score(name, title, bpm, beats, steps, bars, [Chord.parse(c) for c in prog],
                 bars_per_chord, PITCH_CLASSES[key], MODES[mode], rng, seconds, mix)


def title(seed: int, seconds: float | None) -> Score:
    """Title: the ritual's motif plainly, D minor, 4/4 at 60."""
    s = _score("title", "Aleph Null", bpm=60, beats=4, steps=2, bars=19,
               prog=["Dm", "Bbmaj7", "Gm9", "A7sus4", "Dm", "Fmaj7/C", "Bbmaj7", "A7"],
               bars_per_chord=1, key="D", mode="aeolian", seed=seed, seconds=seconds,
               mix=Mix(veil_hz=4200, piano_bright=1, wow=0.0015, reverb_s=4.5,
                       reverb_dark=0.55, send_piano=0.6, send_strings=0.6, send_aux=0.6,
                       strings_gain=0.7, rms_dbfs=-20))
    layer_pad(s, 60, 4, 0.30, attack=1.8, release=2.5, voices=3, detune=8, floor=0.45)
    layer_bass_strings(s, 38, 0.26)
    layer_arpeggio(s, [0, 2, 1, 2, 3, 2, 1, 2], 62, 4, 0.20,
                   density=lambda b: 0.3 + 0.5 * s.intensity(b))
    layer_melody(s, 72, 0.42, phrase_bars=2, prob=lambda b: 0.55 + 0.45 * s.intensity(b),
                 rhythms=[[2, 2, 2, 2, 8], [4, 2, 2, 8], [3, 1, 2, 2, 8]], octave_echo=0.2)
    s.add("bells", Note(0.0, 50, 7.0, 0.35, -0.2))
    s.add("bells", Note(10 * s.bar, 57, 6.0, 0.2, 0.3))
    return s


def judgement(seed: int, seconds: float | None) -> Score:
    """Judgement: a slow, solemn chorale that never quite resolves; D, 3/4 at 54."""
    s = _score("judgement", "Judgement", bpm=54, beats=3, steps=2, bars=20,
               prog=["Dm", "Gm/D", "Bb", "A", "Dm", "Ebmaj7", "A7sus4", "D"],
               bars_per_chord=1, key="D", mode="harmonic", seed=seed, seconds=seconds,
               mix=Mix(veil_hz=3600, piano_bright=0, wow=0.001, reverb_s=5.5, reverb_dark=0.6,
                       send_piano=0.6, send_strings=0.65, send_aux=0.6, strings_gain=0.85,
                       rms_dbfs=-20))
    layer_pad(s, 60, 5, 0.32, attack=1.2, release=2.5, voices=3, detune=7, floor=0.6)
    layer_bass_strings(s, 26, 0.3, fifth=True)
    layer_arpeggio(s, [0, None, 1, None, 2, None], 66, 4, 0.25,
                   density=lambda b: 0.4 + 0.5 * s.intensity(b))
    for bar in range(0, s.n_bars, 4):
        s.add("bells", Note(bar * s.bar, 50, 6.0, 0.3, 0.0))
    return s


TRACKS: dict[str, Callable[[int, float | None], Score]] = {
    "title": title, "judgement": judgement,
}

# --------------------------------------------------------------------------------------------
# Instruments
# --------------------------------------------------------------------------------------------


def _key_rng(*parts: float) -> np.random.Generator:
    return np.random.default_rng([int(round(p * 1000)) & 0xFFFFFFFF for p in parts])


_PIANO_CACHE: dict[tuple, np.ndarray] = {}


def piano_tone(midi: float, bright: int) -> np.ndarray:
    """One struck note, left to ring (the damper is applied per event)."""
    key = (round(midi, 2), bright)
    if key in _PIANO_CACHE:
        return _PIANO_CACHE[key]
    rng = _key_rng(midi, bright, 7)
    f0 = mtof(midi)
    tau = float(np.clip(3.2 * (220.0 / f0) ** 0.55, 0.5, 7.0))  # slow decay time constant
    n = int(min(tau * 4.0, 9.0) * SR)
    t = np.arange(n, dtype=np.float64) / SR
    inharm = 0.00012 * (f0 / 110.0) ** 0.5
    rolloff = (1.9, 1.45, 1.15)[bright]
    components = []  # (frequency, decay time constant, amplitude, phase)
    kmax = int(min(16, 7500.0 / f0))
    for k in range(1, max(2, kmax + 1)):
        fk = k * f0 * math.sqrt(1 + inharm * k * k)
        if fk > 0.45 * SR:
            break
        amp = k ** -rolloff * (1.0 + 0.25 * math.sin(k * 1.7))  # uneven: hammer position
        tk = tau / (1 + 0.35 * (k - 1) * (1.0 + 0.3 * (2 - bright)))
        det = 1.0 + (0.00045 + 0.00015 * rng.random()) * (1 if k % 2 else -1)
        ph1, ph2 = rng.random(2) * 2 * np.pi
        for f, ph in ((fk, ph1), (fk * det, ph2)):  # two strings per note: a slow beat
            components.append((f, tk * 0.18, 0.55 * amp, ph))  # the prompt sound
            components.append((f, tk, 0.45 * amp, ph))  # the after-sound
    out = damped_sines(n, components).astype(np.float64)
    attack = np.minimum(1.0, t / 0.003)
    out *= attack
    thump_n = int(0.025 * SR)  # the felt on the string: a short, low noise burst
    noise = rng.standard_normal(thump_n)
    noise = np.convolve(noise, np.ones(24) / 24, mode="same")
    noise *= np.exp(-np.arange(thump_n) / (0.006 * SR))
    out[:thump_n] += 0.35 * noise * (1 + bright) / 2
    tail = min(n // 4, int(0.3 * SR))  # the tone may be cut while still ringing: no click
    out[-tail:] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, tail))
    out /= max(1e-9, np.max(np.abs(out)))
    tone = out.astype(np.float32)
    _PIANO_CACHE[key] = tone
    return tone


def damped_sines(n: int, components: list[tuple[float, float, float, float]]) -> np.ndarray:
    """Sum of a * exp(-t / d) * sin(2 pi f t + ph), fast: one block of complex exponentials per
    component, scaled per block (exact, since exp(s (jB + u)) = exp(s jB) exp(s u))."""
    block = 2048
    blocks = -(-n // block)
    u = np.arange(block) / SR
    j = np.arange(blocks) * block / SR
    out = np.zeros(blocks * block, dtype=np.float32)
    for f, d, a, ph in components:
        m = min(blocks, -(-int(6.5 * d * SR) // block))  # below -55 dB after that: stop
        s = complex(-1.0 / d, 2 * math.pi * f)
        base = np.exp(s * u).astype(np.complex64)
        scale = (a * np.exp(s * j[:m] + 1j * ph)).astype(np.complex64)
        out[: m * block] += np.outer(scale, base).imag.ravel()
    return out[:n]


_TABLES: dict[tuple[str, int], np.ndarray] = {}
TABLE_SIZE = 4096


def wavetable(timbre: str, harmonics: int) -> np.ndarray:
    key = (timbre, harmonics)
    if key not in _TABLES:
        k = np.arange(1, harmonics + 1)
        if timbre == "reed":  # odd-heavy, nasal
            amp = np.where(k % 2 == 1, 1.0 / k, 0.35 / k) * (1 + 0.8 * np.exp(-((k - 4) ** 2) / 3))
        elif timbre == "thin":  # sul ponticello: glassy upper partials
            amp = (1.0 / k ** 0.8) * (1 + 1.5 * np.exp(-((k - 9) ** 2) / 20))
        else:
            amp = 1.0 / k
        phase = np.arange(TABLE_SIZE) / TABLE_SIZE
        tab = (amp[:, None] * np.sin(2 * np.pi * k[:, None] * phase[None, :])).sum(axis=0)
        _TABLES[key] = (tab / np.max(np.abs(tab))).astype(np.float32)
    return _TABLES[key]


def string_tone(note: StringNote, rng: np.random.Generator) -> np.ndarray:
    n = int((note.dur + note.release) * SR)
    t = np.arange(n, dtype=np.float64) / SR
    f0 = mtof(note.midi)
    top = {"reed": 5000.0, "thin": 9000.0}.get(note.timbre, 6500.0)
    table = wavetable(note.timbre, max(1, min(60, int(top / f0))))
    out = np.zeros(n, dtype=np.float32)
    glide = 1.0
    if note.glide:
        x = np.clip(t / max(note.dur, 1e-3), 0.0, 1.0)
        glide = 2.0 ** (note.glide * x * x * (3 - 2 * x) / 12.0)
    for v in range(note.voices):
        cents = 0.0 if note.voices == 1 else note.detune * (v / (note.voices - 1) - 0.5)
        rate = 4.6 + 1.2 * rng.random()
        depth = 0.0025 * (0.6 + 0.8 * rng.random())
        vib = 1 + depth * np.sin(2 * np.pi * rate * t + rng.random() * 6.28) \
            * np.minimum(1, t / 0.6)
        freq = f0 * 2 ** (cents / 1200) * vib * glide
        phase = rng.random() + np.cumsum(freq) / SR
        idx = (phase % 1.0) * TABLE_SIZE
        i0 = idx.astype(np.int64)
        frac = (idx - i0).astype(np.float32)
        out += table[i0 % TABLE_SIZE] * (1 - frac) + table[(i0 + 1) % TABLE_SIZE] * frac
    out /= max(1, note.voices) ** 0.5
    a = np.clip(t / max(note.attack, 1e-3), 0, 1)
    env = a * a * (3 - 2 * a)
    r = np.clip((t - note.dur) / max(note.release, 1e-3), 0, 1)
    env *= 1 - r * r * (3 - 2 * r)
    if note.tremolo:
        env *= 1 - note.tremolo_depth * (0.5 + 0.5 * np.cos(2 * np.pi * note.tremolo * t))
    return (out * env.astype(np.float32)) * np.float32(note.vel)


def bell_tone(midi: float, dur: float) -> np.ndarray:
    n = int(dur * SR)
    t = np.arange(n) / SR
    f0 = mtof(midi)
    rng = _key_rng(midi, dur, 3)
    ratios = (0.5, 1.0, 1.183, 1.506, 2.0, 2.514, 2.662, 3.011, 4.166, 5.433)
    amps = (0.7, 1.0, 0.7, 0.45, 0.8, 0.35, 0.3, 0.3, 0.18, 0.1)
    decays = (1.0, 0.65, 0.5, 0.42, 0.35, 0.25, 0.22, 0.18, 0.12, 0.08)
    out = np.zeros(n)
    for r, a, d in zip(ratios, amps, decays):
        f = f0 * r
        if f > 0.45 * SR:
            continue
        beat = 0.4 + rng.random()
        env = np.exp(-t / (d * dur * 0.45)) * (1 + 0.15 * np.sin(2 * np.pi * beat * t))
        out += a * env * np.sin(2 * np.pi * f * t + rng.random() * 6.28)
    strike = rng.standard_normal(int(0.01 * SR)) * np.exp(-np.arange(int(0.01 * SR)) / (0.002 * SR))
    out[: len(strike)] += 0.3 * strike
    out *= np.minimum(1, t / 0.002)
    return (out / np.max(np.abs(out))).astype(np.float32)


def drum_tone(midi: float, dur: float) -> np.ndarray:
    n = int(dur * SR)
    t = np.arange(n) / SR
    f1 = mtof(midi)
    freq = f1 * (1 + 1.2 * np.exp(-t / 0.03))
    phase = 2 * np.pi * np.cumsum(freq) / SR
    body = np.sin(phase) * np.exp(-t / 0.22)
    rng = _key_rng(midi, dur, 5)
    noise = np.convolve(rng.standard_normal(n), np.ones(40) / 40, mode="same") * np.exp(-t / 0.02)
    out = body + 0.25 * noise
    out *= np.minimum(1, t / 0.001)
    out *= np.clip((dur - t) / 0.05, 0, 1)
    return (out / np.max(np.abs(out))).astype(np.float32)


def add_wrapped(buf: np.ndarray, start: int, seg: np.ndarray) -> None:
    """buf[..., start:start+len(seg)] += seg, wrapping around the end of the loop."""
    length = buf.shape[-1]
    pos = 0
    start %= length
    while pos < len(seg):
        s = (start + pos) % length
        k = min(len(seg) - pos, length - s)
        buf[s:s + k] += seg[pos:pos + k]
        pos += k


def place(bus: np.ndarray, t: float, seg: np.ndarray, gain: float, pan: float) -> None:
    pan = max(-1.0, min(1.0, pan))
    angle = (pan + 1) * math.pi / 4
    start = int(round(t * SR))
    add_wrapped(bus[0], start, seg * np.float32(gain * math.cos(angle) * math.sqrt(2)))
    add_wrapped(bus[1], start, seg * np.float32(gain * math.sin(angle) * math.sqrt(2)))


def periodic_hz(hz: float, length: int) -> float:
    """The nearest frequency with a whole number of cycles in the loop."""
    cycles = max(1, round(hz * length / SR))
    return cycles * SR / length


def wow(bus: np.ndarray, depth: float, rng: np.random.Generator) -> np.ndarray:
    """Tape wobble: a periodic fractional delay; `depth` = peak pitch deviation (fraction)."""
    length = bus.shape[-1]
    n = np.arange(length, dtype=np.float64)
    delay = np.zeros(length)
    for hz, share in ((0.31, 0.6), (0.083, 0.4)):
        f = periodic_hz(hz, length)
        w = 2 * np.pi * f / SR
        amp = depth * share / w  # samples: pitch deviation = amp * w
        delay += amp * (1 + np.sin(w * n + rng.random() * 6.28))
    pos = n - delay
    i0 = np.floor(pos).astype(np.int64)
    frac = (pos - i0).astype(np.float32)
    i0 %= length
    i1 = (i0 + 1) % length
    return bus[:, i0] * (1 - frac) + bus[:, i1] * frac


def reverb_response(length: int, rt60: float, dark: float, rng: np.random.Generator) -> np.ndarray:
    """Stereo impulse response folded onto the loop, as rfft spectra (2, length//2+1)."""
    n_ir = int(rt60 * 1.2 * SR)
    noise = rng.standard_normal((2, n_ir))
    spec = np.fft.rfft(noise, axis=-1)
    f = np.fft.rfftfreq(n_ir, 1 / SR)
    t = np.arange(n_ir) / SR
    ir = np.zeros((2, n_ir))
    bands = ((0, 400, 1.2), (400, 2500, 1.0), (2500, SR, 1.0 - dark))
    for lo, hi, mult in bands:
        mask = ((f >= lo) & (f < hi)).astype(float)
        part = np.fft.irfft(spec * mask, n=n_ir, axis=-1)
        ir += part * np.exp(-6.91 * t / (rt60 * max(mult, 0.1)))
    predelay = int(0.025 * SR)
    ir = np.roll(ir, predelay, axis=-1)
    ir[:, :predelay] = 0
    ir *= np.minimum(1, np.maximum(0, (t - 0.025) / 0.03))
    for d_ms, g in ((11, 0.5), (17, 0.4), (23, 0.35), (31, 0.3), (43, 0.25)):  # early reflections
        ir[0, int(d_ms * SR / 1000)] += g * 30 / math.sqrt(n_ir)
        ir[1, int((d_ms + 3) * SR / 1000)] += g * 30 / math.sqrt(n_ir)
    ir /= np.sqrt(np.sum(ir ** 2, axis=-1, keepdims=True))
    folded = np.zeros((2, length))
    for i in range(0, n_ir, length):
        chunk = ir[:, i:i + length]
        folded[:, : chunk.shape[-1]] += chunk
    return np.fft.rfft(folded.astype(np.float32), axis=-1)


def shelf(f: np.ndarray, lo_cut: float = 0.0, hi_cut: float = 0.0, order: int = 2) -> np.ndarray:
    g = np.ones_like(f)
    if hi_cut:
        g /= np.sqrt(1 + (f / hi_cut) ** (2 * order))
    if lo_cut:
        x = f / lo_cut
        g *= x ** order / np.sqrt(1 + x ** (2 * order))
    return g


def peak(f: np.ndarray, hz: float, gain_db: float, width_oct: float) -> np.ndarray:
    x = np.log2(np.maximum(f, 1.0) / hz) / width_oct
    return 10 ** (gain_db * np.exp(-x * x) / 20)


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


def render_score(s: Score) -> np.ndarray:
    """The loop as float32 (frames, 2), peak <= -1 dBFS, RMS near the mix target."""
    length = s.length
    mix = s.mix
    rng = np.random.default_rng([int(s.rng.integers(2**31)), length])  # render noise
    piano = np.zeros((2, length), np.float32)
    for nt in s.piano:
        tone = piano_tone(nt.midi, mix.piano_bright)
        on = int(nt.dur * SR)
        rel = int(0.18 * SR)
        if on + rel < len(tone):
            seg = tone[: on + rel].copy()
            seg[on:] *= np.exp(-np.arange(rel, dtype=np.float32) / (0.04 * SR))
        else:
            seg = tone
        place(piano, nt.t, seg, nt.vel, nt.pan)
    for nt in s.swells:
        tone = piano_tone(nt.midi, mix.piano_bright)[: int(nt.dur * SR)][::-1].copy()
        tone[-64:] *= np.linspace(1, 0, 64, dtype=np.float32)
        place(piano, nt.t - len(tone) / SR, tone, nt.vel, nt.pan)
    strings = np.zeros((2, length), np.float32)
    for nt in s.strings:
        place(strings, nt.t, string_tone(nt, rng), 1.0, nt.pan)
    aux = np.zeros((2, length), np.float32)
    for nt in s.bells:
        place(aux, nt.t, bell_tone(nt.midi, nt.dur), nt.vel, nt.pan)
    for nt in s.drums:
        place(aux, nt.t, drum_tone(nt.midi, nt.dur), nt.vel, nt.pan)
    n = np.arange(length, dtype=np.float64)
    for midi, level in s.drones:
        hz = periodic_hz(mtof(midi), length)
        swell = 0.75 + 0.25 * np.sin(2 * np.pi * periodic_hz(0.05, length) * n / SR + midi)
        tone = np.sin(2 * np.pi * hz * n / SR) + 0.3 * np.sin(4 * np.pi * hz * n / SR + 1.0)
        aux += (level * swell * tone).astype(np.float32)[None, :]
    if s.wind:
        f = np.fft.rfftfreq(length, 1 / SR)
        spec = (rng.standard_normal((2, len(f))) + 1j * rng.standard_normal((2, len(f))))
        band = shelf(f, s.wind_band[0], s.wind_band[1], order=2)
        noise = np.fft.irfft(spec * band, n=length, axis=-1)
        noise /= np.sqrt(np.mean(noise ** 2))
        gust = 0.5 + 0.5 * np.sin(2 * np.pi * periodic_hz(0.07, length) * n / SR) * \
            np.sin(2 * np.pi * periodic_hz(0.023, length) * n / SR + 1.3)
        aux += (s.wind * gust * noise).astype(np.float32)
    if mix.wow:
        piano = wow(piano, mix.wow, rng)
    if mix.wow_strings:
        strings = wow(strings, mix.wow_strings, rng)

    f = np.fft.rfftfreq(length, 1 / SR)
    master = np.zeros((2, len(f)), np.complex64)
    ir = reverb_response(length, mix.reverb_s, mix.reverb_dark, rng)
    eq = {
        "piano": shelf(f, 35.0, 0.0) * mix.piano_gain,
        "strings": shelf(f, 45.0, 0.0) * peak(f, 350, 2.5, 0.8) * peak(f, 1400, 1.5, 0.6)
        * peak(f, 3200, 2.0, 0.5) * mix.strings_gain,
        "aux": shelf(f, 25.0, 0.0) * mix.aux_gain,
    }
    for name, bus, send in (("piano", piano, mix.send_piano),
                            ("strings", strings, mix.send_strings), ("aux", aux, mix.send_aux)):
        spec = np.fft.rfft(bus, axis=-1) * eq[name].astype(np.float32)
        if VERBOSE:
            level = np.sqrt(np.sum(np.abs(spec) ** 2) * 2 / length ** 2 / 2)
            print(f"  {s.name} {name}: rms {20 * math.log10(max(level, 1e-9)):.1f} dB", flush=True)
        wet = spec.mean(axis=0, keepdims=True) * ir
        master += (1 - 0.5 * send) * spec + send * wet
    master *= shelf(f, 0.0, mix.veil_hz, order=2).astype(np.float32)
    out = np.fft.irfft(master, n=length, axis=-1).astype(np.float64)
    return master_bus(out, mix.rms_dbfs).T.astype(np.float32)


def master_bus(x: np.ndarray, rms_dbfs: float) -> np.ndarray:
    rms = float(np.sqrt(np.mean(x ** 2))) or 1.0
    x = x * (10 ** (rms_dbfs / 20) / rms)
    knee = 0.6  # soft knee: pointwise, so the loop stays seamless
    a = np.abs(x)
    over = a > knee
    x[over] = np.sign(x[over]) * (knee + (1 - knee) * np.tanh((a[over] - knee) / (1 - knee)))
    ceiling = 10 ** (-1.0 / 20)
    pk = float(np.max(np.abs(x)))
    if pk > ceiling:
        x *= ceiling / pk
    return x


def render_track(name: str, seed: int = DEFAULT_SEED, seconds: float | None = None) -> np.ndarray:
    """A track (or the first `seconds` of it, as its own loop) as float32 (frames, 2)."""
    return render_score(TRACKS[name](seed, seconds))


def write_ogg(path: Path, audio: np.ndarray, compression: float = COMPRESSION_LEVEL) -> None:
    import soundfile as sf

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.ogg")
    # libvorbis overflows its stack on a long buffer in one call: write in 1-second chunks
    with sf.SoundFile(tmp, "w", SR, audio.shape[1], format="OGG", subtype="VORBIS",
                      compression_level=compression) as f:
        for i in range(0, len(audio), SR):
            f.write(audio[i:i + SR])
    tmp.replace(path)


# --------------------------------------------------------------------------------------------
# Analysis: levels, the seam, pictures
# --------------------------------------------------------------------------------------------


def analyse(path: Path) -> dict:
    import soundfile as sf

    x, sr = sf.read(path, dtype="float64", always_2d=True)
    mono = x.mean(axis=1)
    diffs = np.abs(np.diff(x, axis=0)).max(axis=1)
    seam = float(np.abs(x[0] - x[-1]).max())
    block = sr // 2
    blocks = np.sqrt(np.mean(mono[: len(mono) // block * block].reshape(-1, block) ** 2, axis=1))
    quietest = float(blocks.min()) if len(blocks) else 0.0
    return {
        "file": path.name,
        "seconds": len(x) / sr,
        "kbytes": path.stat().st_size / 1024,
        "kb_per_min": path.stat().st_size / 1024 / (len(x) / sr / 60),
        "peak_dbfs": 20 * math.log10(max(1e-9, float(np.abs(x).max()))),
        "rms_dbfs": 20 * math.log10(max(1e-9, float(np.sqrt(np.mean(x ** 2))))),
        "seam": seam,
        "step_p99": float(np.percentile(diffs, 99)),
        "step_max": float(diffs.max()),
        "quietest_half_second_dbfs": 20 * math.log10(max(1e-9, quietest)),
        "centroid_hz": spectral_centroid(mono, sr),
    }


def spectral_centroid(mono: np.ndarray, sr: int) -> float:
    spec = np.abs(np.fft.rfft(mono))
    f = np.fft.rfftfreq(len(mono), 1 / sr)
    return float(np.sum(f * spec) / np.sum(spec))


def draw_png(path: Path, png: Path, label: str) -> None:
    """Log-frequency spectrogram over a waveform envelope (red where |x| > -1 dBFS)."""
    import os

    import soundfile as sf

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    x, sr = sf.read(path, dtype="float32", always_2d=True)
    mono = x.mean(axis=1)
    width, spec_h, wave_h, top = 1200, 320, 140, 28
    hop = max(1, len(mono) // width)
    win = 4096
    pad = np.concatenate([mono, mono[:win]])  # the loop wraps
    frames = np.stack([pad[i * hop: i * hop + win] for i in range(width)])
    mag = np.abs(np.fft.rfft(frames * np.hanning(win), axis=1))
    f = np.fft.rfftfreq(win, 1 / sr)
    edges = np.geomspace(30, sr / 2, spec_h + 1)
    rows = np.stack([mag[:, (f >= lo) & (f < hi)].max(axis=1) if np.any((f >= lo) & (f < hi))
                     else mag[:, np.argmin(np.abs(f - lo))]
                     for lo, hi in zip(edges[:-1], edges[1:])], axis=1)
    db = 20 * np.log10(rows / (win / 4) + 1e-9)
    v = np.clip((db + 90) / 80, 0, 1)  # -90 .. -10 dBFS
    r = np.clip(v * 2.2 - 0.4, 0, 1)
    g = np.clip(v * 2.0 - 1.0, 0, 1)
    b = np.clip(np.sin(v * np.pi) * 0.9 + v * 0.1, 0, 1)
    rgb = (np.stack([r, g, b], axis=-1) * 255).astype(np.uint8)[:, ::-1, :]  # low freq at bottom
    pygame.font.init()
    surf = pygame.Surface((width, top + spec_h + wave_h + 6))
    surf.fill((12, 10, 14))
    spec_surf = pygame.surfarray.make_surface(rgb)
    surf.blit(spec_surf, (0, top))
    y0 = top + spec_h + 6 + wave_h // 2
    env = np.abs(x).max(axis=1)
    for col in range(width):
        seg = env[col * hop:(col + 1) * hop]
        if len(seg) == 0:
            continue
        pk = float(seg.max())
        rms = float(np.sqrt(np.mean(seg ** 2)))
        colour = (220, 60, 50) if pk > 10 ** (-1 / 20) else (200, 170, 110)
        pygame.draw.line(surf, colour, (col, y0 - pk * wave_h / 2), (col, y0 + pk * wave_h / 2))
        pygame.draw.line(surf, (250, 230, 170), (col, y0 - rms * wave_h / 2),
                         (col, y0 + rms * wave_h / 2))
    for hz in (100, 1000, 10000):
        y = top + spec_h - int(spec_h * math.log(hz / 30) / math.log(sr / 2 / 30))
        pygame.draw.line(surf, (90, 90, 90), (0, y), (14, y))
    font = pygame.font.Font(None, 22)
    surf.blit(font.render(label, True, (235, 225, 200)), (6, 5))
    png.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(png))


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", action="append", choices=list(TRACKS), help="render just this track")
    p.add_argument("--seconds", type=float, help="render only the first N seconds (a sketch)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--out", type=Path, help="folder for the OGGs (default: music/; a --seconds "
                   "sketch goes to <tmp>/aleph_null_sketch so it never replaces a real track)")
    p.add_argument("--compression", type=float, default=COMPRESSION_LEVEL,
                   help="libsndfile Vorbis compression level 0..1 (quality = 1 - level)")
    p.add_argument("--analyse", action="store_true", help="report on the OGGs in --out")
    p.add_argument("--png", type=Path, help="with --analyse: write a spectrogram PNG per track")
    p.add_argument("--verbose", action="store_true", help="print the level of each bus")
    args = p.parse_args(argv)
    global VERBOSE
    VERBOSE = args.verbose
    if args.out is None:
        args.out = MUSIC_DIR if args.seconds is None or args.analyse else \
            Path(tempfile.gettempdir()) / "aleph_null_sketch"
    names = args.only or list(TRACKS)
    if args.analyse:
        for name in names:
            path = args.out / f"{name}.ogg"
            if not path.exists():
                continue
            a = analyse(path)
            print(" ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
                           for k, v in a.items()), flush=True)
            if args.png:
                label = (f"{TRACKS[name](args.seed, 1.0).title}  {a['seconds']:.1f} s  "
                         f"peak {a['peak_dbfs']:.1f} dBFS  rms {a['rms_dbfs']:.1f} dBFS  "
                         f"seam {a['seam']:.4f}  {a['kbytes']:.0f} KB")
                draw_png(path, args.png / f"{name}.png", label)
        return 0
    for name in names:
        t0 = time.perf_counter()
        audio = render_track(name, args.seed, args.seconds)
        path = args.out / f"{name}.ogg"
        minutes = len(audio) / SR / 60
        level = args.compression
        while True:  # the repository budget: at most BYTES_PER_MINUTE of OGG per minute
            write_ogg(path, audio, level)
            if path.stat().st_size <= BYTES_PER_MINUTE * minutes or level >= 0.95:
                break
            level = round(level + 0.03, 2)
        print(f"{name}: {len(audio) / SR:.1f} s rendered in {time.perf_counter() - t0:.1f} s, "
              f"{path.stat().st_size / 1e6:.2f} MB at compression {level}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
