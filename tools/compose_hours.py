#!/usr/bin/env python3
"""The Hours' music: original piano-led pieces, written as MIDI in code and rendered offline by
FluidSynth with a sampled General MIDI soundfont.

An offline tool: the game never imports it and never generates music at run time. For each Hour
(``hour1`` .. ``hour7``) it

1. composes a piece of at least five minutes from a seeded ``random.Random`` (pure Python: the
   same seed gives the same MIDI file, byte for byte): a sequence of sections (statement,
   contrast, variations, a return) over one tempo, so nothing repeats before the loop comes round;
2. renders it with the ``fluidsynth`` program and the Fluid (R3) General MIDI soundfont (MIT),
   with a few seconds of tail after the loop point;
3. folds that tail (piano resonance, reverb) onto the start: the track is one seamless loop that
   the game streams with ``pygame.mixer.music`` (``loops=-1``), the last sample leading into the
   first like any other pair of neighbours;
4. sets its loudness (EBU R128 integrated, ``pyloudnorm``) to the Hour's target, keeps the true
   peak (4x oversampled) at or below -1.5 dBTP, and writes OGG Vorbis (libsndfile compression
   level 0.70, 104 kbit/s nominal; 0.75 where an Hour would pass the budget of 0.76 MB a minute).

Nothing of the soundfont is committed: install it from the package registry to re-render
(Debian/Ubuntu: ``apt-get install fluidsynth fluid-soundfont-gm``). The notes are
our own; none are taken from Nicholas O'Neill's music for the printed game.

Usage::

    python tools/compose_hours.py                     # every Hour into music/
    python tools/compose_hours.py --only hour3 --seconds 30 --out /tmp/sketch   # a sketch
    python tools/compose_hours.py --midi /tmp/midi    # only the MIDI files (no FluidSynth)
    python tools/compose_hours.py --analyse           # loudness, true peak, spectrum of music/

Needs ``mido`` (the ``test`` extra); rendering also ``numpy``, ``soundfile`` and ``pyloudnorm``
(the ``music`` extra) and the two Debian packages above.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import mido

ROOT = Path(__file__).resolve().parent.parent
MUSIC_DIR = ROOT / "music"
DEFAULT_SEED = 1122
SR = 44100
TICKS_PER_BEAT = 500  # with a tempo of 500000 us per beat, one MIDI tick is one millisecond
TAIL_S = 12.0  # rendered after the loop point and folded onto its start
# libsndfile's Vorbis setting: 0.70 is 104 kbit/s nominal (about 90 kbit/s on average here), more
# than the synthesised tracks had (0.72): a piano's attacks and decays need the bits
COMPRESSION_LEVEL = 0.70
HIGHEST_COMPRESSION = 0.80  # an Hour over the budget steps up by 0.05 (0.75: 96 kbit/s nominal)
BYTES_PER_MINUTE = 760_000  # seven Hours of about 5.2 minutes, title and Judgement: < 30 MB
TRUE_PEAK_CEILING_DB = -1.5  # before encoding; the decoded OGG must stay <= -1 dBTP
SOUNDFONTS = (
    Path("/usr/share/sounds/sf2/FluidR3_GM.sf2"),  # Debian/Ubuntu package fluid-soundfont-gm
)

MODES = {
    "ionian": (0, 2, 4, 5, 7, 9, 11), "dorian": (0, 2, 3, 5, 7, 9, 10),
    "aeolian": (0, 2, 3, 5, 7, 8, 10), "phrygian": (0, 1, 3, 5, 7, 8, 10),
    "lydian": (0, 2, 4, 6, 7, 9, 11), "harmonic": (0, 2, 3, 5, 7, 8, 11),
    "mixolydian": (0, 2, 4, 5, 7, 9, 10),
}


@dataclass(frozen=True)
class Instrument:
    """A MIDI channel: a soundfont preset (bank, program) and its mixer settings."""
    name: str
    bank: int
    program: int
    volume: int = 100
    pan: int = 64
    reverb: int = 60
    chorus: int = 0
    velocity: float = 1.0  # scales every note's velocity (the piano plays out, pads stay under)
    wobble_cents: float = 0.0  # a slow, irregular pitch drift ("slightly wobbly")
    detune_cents: float = 0.0  # a fixed offset ("out of true")


@dataclass
class Piece:
    """One Hour: notes and controller moves on a beat grid, at one tempo."""
    name: str
    title: str
    seed: int
    bpm: float
    beats_per_bar: int
    steps_per_beat: int
    key: int  # MIDI note of the tonic's pitch class, any octave
    mode: str
    loudness: float  # target integrated loudness, LUFS
    instruments: dict[int, Instrument]
    reverb: dict[str, float] = field(default_factory=dict)  # FluidSynth synth.reverb.* settings
    notes: list[tuple[float, float, int, int, int]] = field(default_factory=list)
    controls: list[tuple[float, int, int, int]] = field(default_factory=list)
    sections: list[tuple[str, int, int]] = field(default_factory=list)  # name, first bar, bars
    bars: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.seed}:{self.name}")

    @property
    def beat_s(self) -> float:
        return 60.0 / self.bpm

    @property
    def bar_beats(self) -> int:
        return self.beats_per_bar

    @property
    def loop_ms(self) -> int:
        """The loop's length in milliseconds, a multiple of 40: a whole number of samples, and of
        the 40 ms steps of the pitch drift."""
        return int(math.ceil(self.bars * self.bar_beats * self.beat_s * 25)) * 40

    @property
    def duration(self) -> float:
        return self.loop_ms / 1000

    def section(self, name: str, bars: int) -> int:
        start = self.bars
        self.sections.append((name, start, bars))
        self.bars += bars
        return start

    def scale(self, lo: int, hi: int) -> list[int]:
        return [m for m in range(lo, hi + 1) if (m - self.key) % 12 in MODES[self.mode]]

    def chord(self, spec: int | tuple[int, ...], size: int = 4) -> tuple[int, ...]:
        """Pitch classes, root first: a scale degree stacked in thirds, or explicit semitones
        above the key (for chords outside the mode)."""
        if isinstance(spec, tuple):
            return tuple((self.key + s) % 12 for s in spec)
        steps = MODES[self.mode]
        return tuple((self.key + steps[(spec + 2 * k) % 7]) % 12 for k in range(size))

    def note(self, beat: float, dur: float, channel: int, pitch: int, vel: float,
             swing: float = 0.012) -> None:
        """A note at `beat` (from the piece's start) for `dur` beats; velocity 0..1."""
        jitter = self.rng.gauss(0.0, swing) / self.beat_s if beat > 0 else 0.0
        vel *= self.instruments[channel].velocity
        v = max(1, min(127, round(127 * vel * (1 + self.rng.gauss(0.0, 0.05)))))
        if 0 <= pitch <= 127 and dur > 0:
            self.notes.append((max(0.0, beat + jitter), dur, channel, pitch, v))

    def cc(self, beat: float, channel: int, control: int, value: float) -> None:
        self.controls.append((beat, channel, control, max(0, min(127, round(value)))))

    def pedal(self, beat: float, channel: int) -> None:
        """Change the sustain pedal just after `beat` (lift, then press again)."""
        self.cc(max(0.0, beat - 0.02), channel, 64, 0)
        self.cc(beat + 0.06, channel, 64, 127)

    def swell(self, beat: float, beats: float, channel: int, lo: float, hi: float,
              down: bool = False) -> None:
        """Expression (CC 11) from `lo` to `hi` (0..1) over `beats`, in small steps."""
        n = max(2, int(beats * 4))
        for i in range(n + 1):
            x = i / n
            x = 1 - x if down else x
            self.cc(beat + beats * i / n, channel, 11, 127 * (lo + (hi - lo) * x))


# --------------------------------------------------------------------------------------------
# Textures: the building blocks every Hour arranges differently
# --------------------------------------------------------------------------------------------


def voicing(pcs: tuple[int, ...], center: int, count: int) -> list[int]:
    """`count` notes of the chord nearest `center`, each pitch class once before any repeats."""
    near = sorted((m for m in range(center - 14, center + 15) if m % 12 in pcs),
                  key=lambda m: (abs(m - center), m))
    chosen: list[int] = []
    for m in near:
        if len(chosen) < count and m % 12 not in {c % 12 for c in chosen}:
            chosen.append(m)
    for m in near:
        if len(chosen) < count and m not in chosen:
            chosen.append(m)
    return sorted(chosen)


def low(pc: int, lowest: int) -> int:
    return lowest + (pc - lowest) % 12


def chords_per_bar(p: Piece, progression: list, bars: int, bars_per_chord: int,
                   size: int = 4) -> list[tuple[int, ...]]:
    return [p.chord(progression[(b // bars_per_chord) % len(progression)], size)
            for b in range(bars)]


def arpeggio(p: Piece, start: int, chords: list, channel: int, pattern: list, center: int,
             count: int, vel: float, *, density: float = 1.0, accents: list[float] | None = None,
             hold: float = 1.0, step_mult: int = 1, pedal: bool = True) -> None:
    """A broken-chord figure on the step grid; `pattern` indexes the voicing (None: a rest)."""
    steps = p.bar_beats * p.steps_per_beat // step_mult
    step = step_mult / p.steps_per_beat
    for b, pcs in enumerate(chords):
        bar = (start + b) * p.bar_beats
        if pedal and (b == 0 or pcs != chords[b - 1]):
            p.pedal(bar, channel)
        notes = voicing(pcs, center, count)
        for i in range(steps):
            idx = pattern[i % len(pattern)]
            if idx is None or p.rng.random() > density:
                continue
            m = notes[idx % count] + 12 * (idx // count)
            accent = accents[i % len(accents)] if accents else 1.0
            p.note(bar + i * step, step * hold, channel, m, vel * accent)


def melody(p: Piece, start: int, chords: list, channel: int, motif: tuple[list, list],
           center: int, vel: float, *, phrase_bars: int, variation: str = "plain",
           prob: float = 1.0, octave: int = 0, legato: float = 1.0, shift: int = 0) -> None:
    """The Hour's motif (rhythm in grid steps, negative = rest; contour in scale steps),
    varied: 'inverted', 'augmented', 'ornamented', 'fragment' or 'plain'."""
    rhythm, contour = list(motif[0]), list(motif[1])
    if variation == "inverted":
        contour = [-c for c in contour]
    elif variation == "augmented":
        rhythm = [2 * r for r in rhythm]
    elif variation == "fragment":
        half = max(2, len(rhythm) // 2)
        rhythm, contour = rhythm[:half] * 2, contour[:half] * 2
    scale = p.scale(center - 24, center + 24)
    steps_per_bar = p.bar_beats * p.steps_per_beat
    step_beats = 1 / p.steps_per_beat
    for phrase in range(0, len(chords), phrase_bars):
        if p.rng.random() > prob:
            continue
        pcs = chords[phrase]
        target = center + shift + p.rng.choice((-3, 0, 0, 2, 4))
        pitch = min((m for m in scale if m % 12 in pcs), key=lambda m: abs(m - target))
        pos = 0
        for k, dur in enumerate(rhythm):
            if pos >= phrase_bars * steps_per_bar:
                break
            if dur < 0:
                pos -= dur
                continue
            b = phrase + pos // steps_per_bar
            if b >= len(chords):
                break
            if k:
                i = scale.index(pitch) + contour[(k - 1) % len(contour)]
                pitch = scale[max(0, min(len(scale) - 1, i))]
                if abs(pitch - center - shift) > 9:  # keep the register: fold the line back
                    i = scale.index(pitch) - 2 * contour[(k - 1) % len(contour)]
                    pitch = scale[max(0, min(len(scale) - 1, i))]
            on_beat = pos % p.steps_per_beat == 0
            if on_beat:  # strong beats land on the chord
                here = pitch
                pitch = min((m for m in scale if m % 12 in chords[b]), key=lambda m: abs(m - here),
                            default=pitch)
            beat = (start + phrase) * p.bar_beats + pos * step_beats
            length = min(dur, phrase_bars * steps_per_bar - pos) * step_beats * legato
            v = vel * (1.08 if on_beat else 0.9)
            p.note(beat, length, channel, pitch, v)
            if octave:
                p.note(beat, length, channel, pitch + 12 * octave, v * 0.6)
            if variation == "ornamented" and dur >= 2 * p.steps_per_beat and p.rng.random() < 0.6:
                upper = scale[min(len(scale) - 1, scale.index(pitch) + 1)]
                p.note(beat + dur * step_beats / 2, step_beats, channel, upper, v * 0.7)
            pos += dur


def sustained(p: Piece, start: int, chords: list, channel: int, center: int, count: int,
              vel: float, *, every: int = 1, bass_below: int | None = None) -> None:
    """Held chords (strings, organ, choir), re-voiced at every change."""
    for b in range(0, len(chords), every):
        pcs = chords[b]
        beat = (start + b) * p.bar_beats
        length = every * p.bar_beats - 0.05
        for m in voicing(pcs, center, count):
            p.note(beat, length, channel, m, vel, swing=0.02)
        if bass_below is not None:
            p.note(beat, length, channel, low(pcs[0], bass_below), vel, swing=0.02)


def bells(p: Piece, beat: float, channel: int, pitch: int, strokes: int, gap: float,
          vel: float) -> None:
    for i in range(strokes):
        p.note(beat + i * gap, gap * 1.5, channel, pitch, vel * (1 - 0.02 * i), swing=0.0)


def wobble_plan(p: Piece) -> dict[int, tuple[float, float, float, float, float]]:
    """Per channel: cents, two whole-cycle-per-loop rates, two phases (periodic over the loop)."""
    plan = {}
    for ch, inst in p.instruments.items():
        if inst.wobble_cents or inst.detune_cents:
            k1 = max(1, round(p.duration / 5.3))  # one slow swing about every 5 s
            k2 = max(2, round(p.duration / 1.9))
            plan[ch] = (inst.wobble_cents, k1, k2, p.rng.uniform(0, 6.283), p.rng.uniform(0, 6.283))
    return plan


# --------------------------------------------------------------------------------------------
# The Hours
# --------------------------------------------------------------------------------------------

GRAND, BRIGHT = (0, 0), (0, 1)


def piano(preset: tuple[int, int] = GRAND, **mix) -> Instrument:
    """The Hour's piano, played out above the rest."""
    return Instrument("piano", *preset, volume=120, velocity=1.45, **mix)


def under(name: str, program: int, volume: int, **mix) -> Instrument:
    """A colour under the piano: pads, organ, choir (softer velocities)."""
    return Instrument(name, 0, program, volume=volume, velocity=0.8, **mix)


def motif_for(p: Piece, length: int, unit: int, long: int) -> tuple[list, list]:
    """The Hour's own motif: a rhythm of `length` notes and a contour of small steps."""
    rhythm = [p.rng.choice((unit, unit, 2 * unit, unit // 2 or 1)) for _ in range(length - 1)]
    rhythm.append(long)
    contour = [p.rng.choice((-2, -1, -1, 1, 1, 2, 3, -3)) for _ in range(length)]
    return rhythm, contour


def hour1(seed: int) -> Piece:
    """I. Sunset: ethereal and slightly wobbly, soft; 12/8, dotted crotchet 74; D-flat lydian.
    A soft grand with a slow pitch drift over a faint string pad and celesta glints."""
    p = Piece("hour1", "I. Sunset", seed, bpm=74, beats_per_bar=4, steps_per_beat=3, key=61,
              mode="lydian", loudness=-21.0,
              instruments={0: piano(reverb=90, wobble_cents=14),
                           1: under("strings", 49, 48, reverb=110, pan=50),
                           2: Instrument("celesta", 0, 8, volume=58, reverb=120, pan=88)},
              reverb={"room-size": 0.85, "damp": 0.45, "width": 1.0, "level": 0.75})
    motif = motif_for(p, 6, 3, 9)
    roll = [0, 2, 4, 5, 4, 2, 1, 3, 5, 6, 5, 3]
    forms = [("A", [0, 5, 3, 4], 0.6, "plain"), ("B", [5, 3, 1, 4], 0.7, "inverted"),
             ("A2", [0, 5, 3, 4], 0.85, "ornamented"),
             ("C", [3, 1, 6, (11, 2, 6)], 0.6, "augmented"),
             ("B2", [5, 2, 3, 4], 0.8, "fragment"), ("A3", [0, 5, 3, 4], 0.5, "plain")]
    for name, prog, density, variation in forms:
        start = p.section(name, 16)
        chords = chords_per_bar(p, prog, 16, 2)
        arpeggio(p, start, chords, 0, roll, 62, 7, 0.34, density=density + 0.25, hold=1.6,
                 accents=[1.2, .8, .85, 1, .8, .8, 1.1, .8, .85, 1, .8, .8])
        for b in range(0, 16, 2):
            p.note((start + b) * 4, 8, 0, low(chords[b][0], 37), 0.38)
        melody(p, start, chords, 0, motif, 77, 0.46, phrase_bars=4, variation=variation,
               prob=0.9 if name != "A" else 0.6)
        sustained(p, start, chords, 1, 60, 4, 0.55, every=2)
        p.swell(start * 4, 32, 1, 0.35, 0.8)
        p.swell(start * 4 + 32, 32, 1, 0.35, 0.8, down=True)
        if name in ("B", "C", "B2"):
            for b in range(3, 16, 4):
                glint = voicing(chords[b], 88, 3)[p.rng.randrange(3)]
                p.note((start + b) * 4 + 2, 2, 2, glint, 0.4)
    start = p.section("return", 4)
    chords = chords_per_bar(p, [4], 4, 4)
    arpeggio(p, start, chords, 0, roll, 62, 7, 0.28, density=0.7, hold=1.6)
    sustained(p, start, chords, 1, 60, 4, 0.45, every=4)
    return p


def hour2(seed: int) -> Piece:
    """II. Twilight: the light going; 12/8, dotted crotchet 64; B aeolian. Piano and a cello
    that sings the motif an octave below."""
    p = Piece("hour2", "II. Twilight", seed, bpm=64, beats_per_bar=4, steps_per_beat=3, key=59,
              mode="aeolian", loudness=-20.5,
              instruments={0: piano(reverb=80, wobble_cents=8),
                           1: Instrument("cello", 0, 42, volume=92, reverb=80, pan=46),
                           2: under("strings", 49, 46, reverb=100, pan=80)},
              reverb={"room-size": 0.75, "damp": 0.55, "width": 0.9, "level": 0.65})
    motif = motif_for(p, 5, 3, 12)
    roll = [0, 1, 2, None, 3, 2, 0, 1, 3, None, 2, 1]
    forms = [("A", [0, 5, 2, 6], "plain", False), ("B", [3, 0, 5, 4], "plain", True),
             ("A2", [0, 5, 2, 6], "ornamented", True),
             ("C", [5, 2, 3, (7, 4, 7, 10)], "augmented", True),
             ("A3", [0, 3, 5, 6], "inverted", False),
             ("coda", [0, 5, 3, (7, 4, 7, 10)], "fragment", True)]
    for name, prog, variation, cello in forms:
        start = p.section(name, 14)
        chords = chords_per_bar(p, prog, 14, 2)
        arpeggio(p, start, chords, 0, roll, 60, 5, 0.32, density=0.85, hold=2.0)
        for b in range(0, 14, 2):
            p.note((start + b) * 4, 8, 0, low(chords[b][0], 35), 0.36)
            p.note((start + b) * 4, 8, 0, low(chords[b][0], 35) + 12, 0.22)
        melody(p, start, chords, 0, motif, 74, 0.44, phrase_bars=2, variation=variation,
               prob=0.55 if cello else 0.9)
        if cello:
            melody(p, start, chords, 1, motif, 52, 0.62, phrase_bars=4, variation="augmented",
                   legato=1.02)
            p.swell(start * 4, 56, 1, 0.55, 0.95)
        sustained(p, start, chords, 2, 64, 3, 0.45, every=2)
    return p


def hour3(seed: int) -> Piece:
    """III. Midnight: twelve strokes, then stillness; 9/8, dotted crotchet 48; C-sharp dorian.
    Church organ and choir under a sparse piano in its middle and top."""
    p = Piece("hour3", "III. Midnight", seed, bpm=48, beats_per_bar=3, steps_per_beat=3, key=61,
              mode="dorian", loudness=-20.5,
              instruments={0: piano(reverb=100, wobble_cents=5),
                           1: under("organ", 19, 56, reverb=90, pan=58),
                           2: under("choir", 52, 64, reverb=110, pan=72),
                           3: Instrument("bells", 0, 14, volume=84, reverb=120, pan=60)},
              reverb={"room-size": 0.95, "damp": 0.35, "width": 1.0, "level": 0.8})
    motif = motif_for(p, 5, 3, 9)
    forms = [("strokes", [0, 0, 6, 0], False, "plain"), ("A", [0, 3, 6, 4], True, "plain"),
             ("B", [5, 3, 0, (7, 4, 7, 10)], True, "inverted"),
             ("A2", [0, 3, 6, 4], True, "augmented"), ("C", [2, 5, 1, 4], True, "ornamented"),
             ("A3", [0, 3, 0, (7, 4, 7, 10)], False, "fragment")]
    for name, prog, choir, variation in forms:
        start = p.section(name, 14)
        chords = chords_per_bar(p, prog, 14, 7 if name == "strokes" else 2)
        if name == "strokes":  # midnight strikes: twelve, one a bar
            bells(p, start * 3, 3, 49, 12, 3, 0.6)
        sustained(p, start, chords, 1, 55, 3, 0.6, every=7 if name == "strokes" else 2,
                  bass_below=30)
        p.swell(start * 3, 42, 1, 0.5, 0.85)
        if choir:
            sustained(p, start, chords, 2, 66, 3, 0.55, every=2)
            p.swell(start * 3, 21, 2, 0.2, 0.85)
            p.swell(start * 3 + 21, 21, 2, 0.2, 0.85, down=True)
        arpeggio(p, start, chords, 0, [0, None, None, 1, None, 2, None, None, 1], 64, 3, 0.3,
                 density=0.75, hold=3.0)
        melody(p, start, chords, 0, motif, 80, 0.4, phrase_bars=4, variation=variation,
               prob=0.35 if name == "strokes" else 0.8)
    return p


def hour4(seed: int) -> Piece:
    """IV. The Witching Hour: a crooked waltz; 3/4, crotchet 88; E harmonic minor. Piano
    oom-pah-pah with displaced chords, tremolo strings, pizzicato basses."""
    p = Piece("hour4", "IV. The Witching Hour", seed, bpm=88, beats_per_bar=3, steps_per_beat=2,
              key=64, mode="harmonic", loudness=-19.5,
              instruments={0: piano(reverb=60, wobble_cents=10),
                           1: under("tremolo", 44, 52, reverb=70, pan=44),
                           2: Instrument("pizzicato", 0, 45, volume=84, reverb=60, pan=84),
                           3: Instrument("celesta", 0, 8, volume=54, reverb=90, pan=90)},
              reverb={"room-size": 0.6, "damp": 0.5, "width": 0.8, "level": 0.55})
    motif = motif_for(p, 7, 2, 6)
    forms = [("A", [0, 5, 3, 4], "plain"), ("B", [3, 6, 2, 4], "ornamented"),
             ("A2", [0, 5, 3, 4], "inverted"), ("C", [(1, 5, 8), 4, 0, (6, 9, 0, 3)], "fragment"),
             ("B2", [3, 6, 2, 4], "augmented"), ("A3", [0, 5, 3, 4], "plain"),
             ("C2", [(1, 5, 8), 4, 5, 4], "ornamented"), ("A4", [0, 3, 4, 4], "inverted")]
    for n, (name, prog, variation) in enumerate(forms):
        bars = 19 if n < 7 else 17
        start = p.section(name, bars)
        chords = chords_per_bar(p, prog, bars, 1, size=3)
        for b, pcs in enumerate(chords):
            beat = (start + b) * 3
            p.pedal(beat, 0)
            p.note(beat, 1.2, 0, low(pcs[0], 40), 0.48)
            crooked = p.rng.random() < 0.18
            for offbeat in ((1.5, 2) if crooked else (1, 2)):  # sometimes the chord comes late
                for m in voicing(pcs, 57, 3):
                    p.note(beat + offbeat, 0.6, 0, m, 0.3 if not crooked else 0.36)
            if name.startswith(("B", "C")):
                p.note(beat, 0.5, 2, low(pcs[0], 40), 0.5)
                p.note(beat + 2, 0.5, 2, low(pcs[2 % len(pcs)], 40), 0.35)
            if b % 8 == 7:
                p.note(beat + 2.5, 0.5, 3, voicing(pcs, 86, 3)[p.rng.randrange(3)], 0.4)
        melody(p, start, chords, 0, motif, 79, 0.45, phrase_bars=2, variation=variation,
               prob=0.85, octave=1 if name.startswith("C") else 0)
        sustained(p, start, chords, 1, 62, 3, 0.5, every=2)
        p.swell(start * 3, bars * 3, 1, 0.35, 0.75)
    return p


def hour5(seed: int) -> Piece:
    """V. The Darkest Hour: slowest; 4/4, crotchet 50; F phrygian. A low piano ostinato in
    octaves, a timpani heartbeat, contrabasses, and distant voices."""
    p = Piece("hour5", "V. The Darkest Hour", seed, bpm=50, beats_per_bar=4, steps_per_beat=2,
              key=53, mode="phrygian", loudness=-20.0,
              instruments={0: piano(reverb=70, wobble_cents=4),
                           1: Instrument("contrabass", 0, 43, volume=90, reverb=60, pan=56),
                           2: under("voices", 53, 56, reverb=120, pan=76),
                           3: Instrument("timpani", 0, 47, volume=88, reverb=50, pan=64)},
              reverb={"room-size": 0.9, "damp": 0.7, "width": 0.7, "level": 0.6})
    motif = motif_for(p, 4, 4, 16)
    forms = [("A", [0, 1, 0, 6], "plain"), ("B", [5, 1, 3, 0], "augmented"),
             ("A2", [0, 1, 0, 6], "inverted"), ("C", [3, 5, 1, (11, 2, 5, 8)], "plain"),
             ("A3", [0, 1, 5, 1], "fragment"), ("B2", [5, 1, 3, 0], "ornamented")]
    for n, (name, prog, variation) in enumerate(forms):
        bars = 11
        start = p.section(name, bars)
        chords = chords_per_bar(p, prog, bars, 1)
        arpeggio(p, start, chords, 0, [0, 1, 0, 2, 0, 1, 3, 1], 41, 4, 0.42,
                 accents=[1.3, .7, .9, .7, 1.1, .7, .9, .7], hold=1.2, density=0.95)
        for b, pcs in enumerate(chords):
            beat = (start + b) * 4
            p.note(beat, 4, 0, low(pcs[0], 29), 0.4)
            heart = 0.35 + 0.25 * (b / bars)
            p.note(beat, 0.5, 3, low(pcs[0], 41), heart)  # lub
            p.note(beat + 0.6, 0.5, 3, low(pcs[0], 41), heart * 0.7)  # dub
        sustained(p, start, chords, 1, 36, 2, 0.6, every=2)
        p.swell(start * 4, bars * 4, 1, 0.5, 0.9)
        if name != "A":
            sustained(p, start, chords, 2, 60, 3, 0.5, every=4)
            p.swell(start * 4, bars * 2, 2, 0.1, 0.75)
            p.swell(start * 4 + bars * 2, bars * 2, 2, 0.1, 0.75, down=True)
        melody(p, start, chords, 0, motif, 72, 0.36, phrase_bars=4, variation=variation,
               prob=0.7, octave=1 if name == "C" else 0)
    return p


def hour6(seed: int) -> Piece:
    """VI. The Cock, He Doth Crow: urgent; 4/4, crotchet 126; G minor (dorian). Semiquaver
    piano, driving strings, horns, and bells for the dawn."""
    p = Piece("hour6", "VI. The Cock, He Doth Crow", seed, bpm=126, beats_per_bar=4,
              steps_per_beat=4, key=55, mode="dorian", loudness=-18.0,
              instruments={0: piano(BRIGHT, reverb=45),
                           1: under("strings", 48, 62, reverb=50, pan=46),
                           2: Instrument("horns", 0, 60, volume=66, reverb=70, pan=80),
                           3: Instrument("bells", 0, 14, volume=70, reverb=80, pan=70)},
              reverb={"room-size": 0.55, "damp": 0.5, "width": 0.9, "level": 0.45})
    motif = motif_for(p, 6, 2, 8)
    figure = [0, 2, 1, 2, 3, 2, 1, 2, 0, 2, 1, 2, 4, 3, 2, 1]
    forms = [("A", [0, 6, 3, 4], "plain"), ("B", [5, 3, 6, 4], "fragment"),
             ("A2", [0, 6, 3, 4], "ornamented"), ("C", [2, 5, 3, (2, 6, 9, 0)], "inverted"),
             ("B2", [5, 3, 6, 4], "plain"), ("dawn", [0, 3, 6, 4], "augmented"),
             ("A3", [0, 6, 3, 4], "inverted"), ("C2", [2, 5, 3, (2, 6, 9, 0)], "fragment")]
    for n, (name, prog, variation) in enumerate(forms):
        bars = 20
        start = p.section(name, bars)
        chords = chords_per_bar(p, prog, bars, 1)
        arpeggio(p, start, chords, 0, figure, 62, 4, 0.32, pedal=False, hold=0.9,
                 accents=[1.35, .75, .9, .75] * 4, density=1.0 if n else 0.85)
        for b, pcs in enumerate(chords):
            for beat in range(4):
                m = low(pcs[0], 31)
                p.note((start + b) * 4 + beat, 0.9, 1, m, 0.55 if beat else 0.7)
                p.note((start + b) * 4 + beat, 0.9, 0, m + 12, 0.34)
        p.swell(start * 4, bars * 4, 1, 0.5, 0.95)
        melody(p, start, chords, 2 if name in ("B", "dawn", "C2") else 0, motif, 70, 0.5,
               phrase_bars=2, variation=variation, prob=0.85, octave=0 if n % 2 else 1)
        if name in ("dawn", "A3"):
            for b in range(0, bars, 4):
                bells(p, (start + b) * 4, 3, p.key + 12 + (7 if b % 8 else 0), 2, 2, 0.45)
        for b in range(6, bars, 8):  # the crow: short, short, long and rising
            beat = (start + b) * 4 + 2
            for dt, dm, d in ((0, 0, 0.25), (0.33, 2, 0.25), (0.66, 5, 1.2)):
                p.note(beat + dt, d, 2, p.key + 24 + dm, 0.55)
    return p


def hour7(seed: int) -> Piece:
    """VII. False Dawn: too bright, out of true; 5/4, crotchet 72; chromatic-mediant majors
    around A. A bright grand doubled by a second one 18 cents sharp, celesta glints, a halo pad."""
    p = Piece("hour7", "VII. False Dawn", seed, bpm=72, beats_per_bar=5, steps_per_beat=2,
              key=57, mode="lydian", loudness=-19.0,
              instruments={0: piano(BRIGHT, reverb=100, wobble_cents=9),
                           1: Instrument("piano, out of true", *GRAND, volume=74, reverb=110,
                                         pan=84, detune_cents=18, wobble_cents=16),
                           2: Instrument("celesta", 0, 8, volume=62, reverb=120, pan=40),
                           3: under("halo", 94, 42, reverb=120, pan=64)},
              reverb={"room-size": 0.95, "damp": 0.2, "width": 1.0, "level": 0.8})
    motif = motif_for(p, 5, 2, 10)
    mediants = [(0, 4, 7, 11), (8, 0, 3, 7), (4, 8, 11, 3), (0, 4, 7, 11), (3, 7, 10, 2),
                (11, 3, 6, 10), (5, 9, 0, 4), (4, 8, 11, 2)]
    pattern = [0, 3, 1, 4, 2, 5, 3, None, 1, None]
    forms = [("A", 0, "plain"), ("B", 3, "inverted"), ("A2", 0, "ornamented"),
             ("C", 5, "augmented"), ("B2", 2, "fragment"), ("A3", 0, "inverted")]
    for n, (name, rotate, variation) in enumerate(forms):
        bars = 13 if n < 2 else 12
        start = p.section(name, bars)
        prog = mediants[rotate:] + mediants[:rotate]
        chords = chords_per_bar(p, prog, bars, 1)
        arpeggio(p, start, chords, 0, pattern, 76, 6, 0.3, density=0.8, hold=2.0)
        arpeggio(p, start, chords, 1, pattern, 64, 6, 0.22, density=0.35, hold=2.0)
        for b, pcs in enumerate(chords):
            p.note((start + b) * 5, 5, 0, low(pcs[0], 33), 0.34)
            if p.rng.random() < 0.5:
                p.note((start + b) * 5 + p.rng.randrange(5), 2, 2,
                       voicing(pcs, 90, 3)[p.rng.randrange(3)], 0.42)
        melody(p, start, chords, 0, motif, 79, 0.42, phrase_bars=2, variation=variation,
               prob=0.8)
        sustained(p, start, chords, 3, 67, 4, 0.5, every=1)
    return p


HOURS: dict[str, Callable[[int], Piece]] = {
    "hour1": hour1, "hour2": hour2, "hour3": hour3, "hour4": hour4, "hour5": hour5,
    "hour6": hour6, "hour7": hour7,
}


# --------------------------------------------------------------------------------------------
# MIDI
# --------------------------------------------------------------------------------------------


def midi_file(p: Piece, tail_s: float = TAIL_S, seconds: float | None = None) -> mido.MidiFile:
    """The piece as a type-0 MIDI file, one tick a millisecond. Notes after the loop point (or
    after `seconds`, for a sketch) are left out; the pitch drift goes on through the tail so the
    folded tail matches the start."""
    end_ms = p.loop_ms if seconds is None else int(round(seconds * 1000))
    events: list[tuple[int, int, mido.Message]] = []  # (tick, order, message)

    def at(ms: float, order: int, msg: mido.Message) -> None:
        events.append((int(round(ms)), order, msg))

    for ch, inst in sorted(p.instruments.items()):
        for control, value in ((0, inst.bank), (7, inst.volume), (10, inst.pan),
                               (91, inst.reverb), (93, inst.chorus), (11, 127), (64, 0)):
            at(0, 0, mido.Message("control_change", channel=ch, control=control, value=value))
        at(0, 1, mido.Message("program_change", channel=ch, program=inst.program))
    ms_per_beat = p.beat_s * 1000
    for beat, ch, control, value in p.controls:
        if beat * ms_per_beat < end_ms:
            at(beat * ms_per_beat, 2, mido.Message("control_change", channel=ch, control=control,
                                                   value=value))
    last: dict[tuple[int, int], tuple[int, int, int]] = {}  # key -> on, off, index of the off
    for beat, dur, ch, pitch, vel in sorted(p.notes, key=lambda n: (n[0], n[2], n[3])):
        on = int(round(beat * ms_per_beat))
        if on >= end_ms:
            continue
        off = max(on + 20, int(round((beat + dur) * ms_per_beat)))
        key = (ch, pitch)
        if key in last:  # a repeated key on one channel
            prev_on, prev_off, prev_index = last[key]
            if on - prev_on < 20:  # struck twice at once: one stroke
                continue
            if prev_off >= on:  # the earlier note ends just before the next one starts
                _t, order, msg = events[prev_index]
                events[prev_index] = (on - 1, order, msg)
        events.append((on, 4, mido.Message("note_on", channel=ch, note=pitch, velocity=vel)))
        events.append((off, 3, mido.Message("note_off", channel=ch, note=pitch, velocity=0)))
        last[key] = (on, off, len(events) - 1)
    for ch, (cents, k1, k2, ph1, ph2) in wobble_plan(p).items():
        detune = p.instruments[ch].detune_cents
        for ms in range(0, end_ms + int(tail_s * 1000), 40):
            x = ms / p.loop_ms * 2 * math.pi
            c = detune + cents * (0.7 * math.sin(k1 * x + ph1) + 0.3 * math.sin(k2 * x + ph2))
            bend = max(-8192, min(8191, round(c / 200 * 8192)))  # default range: 2 semitones
            at(ms, 2, mido.Message("pitchwheel", channel=ch, pitch=bend))
    # a silent marker keeps the player (and the render) going through the tail
    at(end_ms + tail_s * 1000, 5, mido.Message("control_change", channel=15, control=110, value=0))
    events.sort(key=lambda e: (e[0], e[1]))
    track = mido.MidiTrack()
    track.append(mido.MetaMessage("set_tempo", tempo=500_000, time=0))
    track.append(mido.MetaMessage("track_name", name=p.title, time=0))
    now = 0
    for tick, _order, msg in events:
        track.append(msg.copy(time=tick - now))
        now = tick
    track.append(mido.MetaMessage("end_of_track", time=0))
    out = mido.MidiFile(type=0, ticks_per_beat=TICKS_PER_BEAT)
    out.tracks.append(track)
    return out


def midi_bytes(p: Piece, **kw) -> bytes:
    buf = io.BytesIO()
    midi_file(p, **kw).save(file=buf)
    return buf.getvalue()


# --------------------------------------------------------------------------------------------
# Rendering, loudness, encoding
# --------------------------------------------------------------------------------------------


def find_soundfont() -> Path | None:
    return next((sf for sf in SOUNDFONTS if sf.is_file()), None)


def render_wav(p: Piece, soundfont: Path, workdir: Path, seconds: float | None = None):
    """FluidSynth's render of the piece (float32 frames x 2), loop plus tail."""
    import numpy as np
    import soundfile as sf

    exe = shutil.which("fluidsynth")
    if exe is None:
        raise RuntimeError("fluidsynth is not installed (Debian: apt-get install fluidsynth)")
    mid = workdir / f"{p.name}.mid"
    wav = workdir / f"{p.name}.wav"
    midi_file(p, seconds=seconds).save(str(mid))
    settings = [f"synth.reverb.{k}={v}" for k, v in sorted(p.reverb.items())]
    cmd = [exe, "-n", "-i", "-q", "-R", "1", "-C", "0", "-r", str(SR), "-g", "0.4",
           "-O", "float", "-T", "wav", "-F", str(wav),
           "-o", "synth.polyphony=512", "-o", "synth.cpu-cores=1"]
    for s in settings:
        cmd += ["-o", s]
    subprocess.run(cmd + [str(soundfont), str(mid)], check=True, capture_output=True)
    x, rate = sf.read(str(wav), dtype="float32", always_2d=True)
    assert rate == SR, rate
    return np.ascontiguousarray(x)


def fold_loop(x, loop_frames: int):
    """The loop: the render's first `loop_frames`, with everything after them (the tail) added
    back onto the start, so the end leads into the start as it would into the tail."""
    import numpy as np

    out = np.array(x[:loop_frames], dtype=np.float64)
    if len(out) < loop_frames:
        out = np.concatenate([out, np.zeros((loop_frames - len(out), x.shape[1]))])
    tail = x[loop_frames:]
    for i in range(0, len(tail), loop_frames):
        part = tail[i:i + loop_frames]
        out[:len(part)] += part
    return out


def true_peak_db(x, oversample: int = 4) -> float:
    """Peak of the 4x oversampled signal, dBTP (ITU-R BS.1770-4 annex 2), treating x as a loop."""
    import numpy as np
    from scipy.signal import resample_poly

    pad = 256
    y = np.concatenate([x[-pad:], x, x[:pad]])  # the loop wraps: filter across the seam
    up = resample_poly(y, oversample, 1, axis=0)[pad * oversample:-pad * oversample]
    return 20 * math.log10(max(1e-12, float(np.abs(up).max())))


def integrated_lufs(x) -> float:
    import pyloudnorm

    return float(pyloudnorm.Meter(SR).integrated_loudness(x))


def master(x, target_lufs: float):
    """Gain to the target loudness, unless that would put the true peak over the ceiling."""
    loud = integrated_lufs(x)
    gain_db = target_lufs - loud
    peak = true_peak_db(x)
    gain_db = min(gain_db, TRUE_PEAK_CEILING_DB - peak)
    return x * 10 ** (gain_db / 20)


def write_ogg(path: Path, audio, compression: float = COMPRESSION_LEVEL) -> None:
    import soundfile as sf

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.ogg")
    # libvorbis overflows its stack on a long buffer in one call: write in 1-second chunks
    with sf.SoundFile(tmp, "w", SR, audio.shape[1], format="OGG", subtype="VORBIS",
                      compression_level=compression) as f:
        for i in range(0, len(audio), SR):
            f.write(audio[i:i + SR].astype("float32"))
    tmp.replace(path)


def render_hour(name: str, out_dir: Path, seed: int = DEFAULT_SEED,
                seconds: float | None = None, soundfont: Path | None = None) -> Path:
    p = HOURS[name](seed)
    soundfont = soundfont or find_soundfont()
    if soundfont is None:
        raise RuntimeError("no soundfont: apt-get install fluid-soundfont-gm")
    with tempfile.TemporaryDirectory() as tmp:
        x = render_wav(p, soundfont, Path(tmp), seconds)
    loop_frames = (p.loop_ms if seconds is None else int(round(seconds * 1000))) * SR // 1000
    audio = master(fold_loop(x, loop_frames), p.loudness)
    path = out_dir / f"{name}.ogg"
    level = COMPRESSION_LEVEL
    while True:  # the repository budget
        write_ogg(path, audio, level)
        if path.stat().st_size <= BYTES_PER_MINUTE * len(audio) / SR / 60 \
                or level >= HIGHEST_COMPRESSION - 1e-9:
            break
        level = round(level + 0.05, 2)
    return path


def analyse(path: Path) -> dict:
    """Loudness, true peak, the loop's seam and the spectrum of a (decoded) track."""
    import numpy as np
    import soundfile as sf

    x, sr = sf.read(str(path), dtype="float64", always_2d=True)
    mono = x.mean(axis=1)
    steps = np.abs(np.diff(x, axis=0)).max(axis=1)
    seam = float(np.abs(x[0] - x[-1]).max())
    return {
        "track": path.stem,
        "seconds": len(x) / sr,
        "MB": path.stat().st_size / 1e6,
        "kbit_s": path.stat().st_size * 8 / 1000 / (len(x) / sr),
        "quality": _vorbis_quality(path),
        "LUFS": integrated_lufs(x) if sr == SR else _lufs_at(x, sr),
        "dBTP": true_peak_db(x),
        "seam": seam,
        "step_p999": float(np.percentile(steps, 99.9)),
        "centroid_Hz": spectral_centroid(mono, sr),
        "above_8k_dB": band_share_db(mono, sr, 8000),
    }


def _vorbis_quality(path: Path) -> str:
    """The nominal bit rate in the Vorbis identification header (libvorbis VBR: the quality)."""
    head = path.read_bytes()[:200]
    i = head.find(b"\x01vorbis")
    return f"{int.from_bytes(head[i + 20:i + 24], 'little', signed=True) // 1000} kbit/s nominal" \
        if i >= 0 else "?"


def _lufs_at(x, sr: int) -> float:
    import pyloudnorm

    return float(pyloudnorm.Meter(sr).integrated_loudness(x))


def spectral_centroid(mono, sr: int) -> float:
    """Mean over 4096-sample frames of each frame's magnitude-weighted mean frequency."""
    import numpy as np

    frames = _frames(mono)
    mag = np.abs(np.fft.rfft(frames * np.hanning(frames.shape[1]), axis=1))
    f = np.fft.rfftfreq(frames.shape[1], 1 / sr)
    energy = mag.sum(axis=1)
    keep = energy > energy.max() * 1e-3
    return float(np.mean((mag[keep] @ f) / energy[keep]))


def band_share_db(mono, sr: int, hz: float) -> float:
    """Energy above `hz` relative to the whole, dB."""
    import numpy as np

    mag = np.abs(np.fft.rfft(_frames(mono) * np.hanning(4096), axis=1)) ** 2
    f = np.fft.rfftfreq(4096, 1 / sr)
    return float(10 * np.log10(mag[:, f >= hz].sum() / mag.sum()))


def chroma(mono, sr: int):
    """Twelve pitch-class energies (60 Hz .. 5 kHz), normalised to unit length."""
    import numpy as np

    frames = _frames(mono)
    mag = np.abs(np.fft.rfft(frames * np.hanning(frames.shape[1]), axis=1)) ** 2
    f = np.fft.rfftfreq(frames.shape[1], 1 / sr)
    band = (f >= 60) & (f <= 5000)
    pcs = np.round(12 * np.log2(f[band] / 440.0) + 69).astype(int) % 12
    c = np.bincount(pcs, weights=mag[:, band].sum(axis=0), minlength=12)
    return c / np.linalg.norm(c)


def print_similarity(folder: Path, names: list[str], other: Path | None) -> None:
    import numpy as np
    import soundfile as sf

    def chroma_of(path: Path):
        x, sr = sf.read(str(path), dtype="float64", always_2d=True)
        return chroma(x.mean(axis=1), sr)

    mine = {n: chroma_of(folder / f"{n}.ogg") for n in names if (folder / f"{n}.ogg").exists()}
    if other is not None:
        for n, c in mine.items():
            if (other / f"{n}.ogg").exists():
                similarity = float(c @ chroma_of(other / f"{n}.ogg"))
                print(f"{n}: chroma similarity with {other / n}.ogg {similarity:.2f}")
        return
    print("chroma " + " ".join(f"{n:>6}" for n in mine))
    for a, ca in mine.items():
        print(f"{a:>6} " + " ".join(f"{float(np.dot(ca, cb)):6.2f}" for cb in mine.values()))


def _frames(mono, n: int = 4096, count: int = 600):
    import numpy as np

    hop = max(n, (len(mono) - n) // count)
    return np.stack([mono[i:i + n] for i in range(0, len(mono) - n, hop)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", choices=list(HOURS), help="just this Hour")
    ap.add_argument("--seconds", type=float, help="render only the first N seconds (a sketch)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--out", type=Path, help="folder for the OGGs (default music/; a --seconds "
                    "sketch goes to <tmp>/aleph_null_sketch)")
    ap.add_argument("--midi", type=Path, help="write only the MIDI files, into this folder")
    ap.add_argument("--analyse", action="store_true", help="measure the OGGs in --out")
    ap.add_argument("--similarity", type=Path, nargs="?", const=None, default=False,
                    metavar="OTHER", help="with --analyse: the chroma similarity (cosine) of every "
                    "pair of tracks in --out, or of each track in --out with its namesake in OTHER")
    args = ap.parse_args(argv)
    names = args.only or list(HOURS)
    if args.midi:
        args.midi.mkdir(parents=True, exist_ok=True)
        for name in names:
            p = HOURS[name](args.seed)
            midi_file(p).save(str(args.midi / f"{name}.mid"))
            print(f"{name}: {p.title}, {p.duration:.1f} s, "
                  + " ".join(f"{s}@{b}" for s, b, _n in p.sections))
        return 0
    out = args.out or (MUSIC_DIR if args.seconds is None or args.analyse
                       else Path(tempfile.gettempdir()) / "aleph_null_sketch")
    if args.analyse:
        for name in names:
            path = out / f"{name}.ogg"
            if path.exists():
                a = analyse(path)
                print(" ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
                               for k, v in a.items()), flush=True)
        if args.similarity is not False:
            print_similarity(out, names, args.similarity)
        return 0
    for name in names:
        path = render_hour(name, out, args.seed, args.seconds)
        a = analyse(path)
        print(f"{name}: {a['seconds']:.1f} s, {a['MB']:.2f} MB, {a['LUFS']:.1f} LUFS, "
              f"{a['dBTP']:.2f} dBTP", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
