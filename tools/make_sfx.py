#!/usr/bin/env python3
"""Short sound effects for Aleph Null Desktop, synthesised from noise and sines (no samples).

An offline tool, never imported by the game. Writes mono OGG Vorbis files to ``assets/sfx/``:
page_turn, card_move, shuffle, sacrifice, damage, bell, token. Deterministic for a seed.

    python tools/make_sfx.py [--out DIR] [--seed N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compose_music import SR, bell_tone, drum_tone, write_ogg  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SFX_DIR = ROOT / "assets" / "sfx"


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * SR)) / SR


def band_noise(rng: np.random.Generator, n: int, lo: float, hi: float) -> np.ndarray:
    spec = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / SR)
    gain = 1 / np.sqrt(1 + (f / hi) ** 4)
    if lo:
        x = f / lo
        gain *= x ** 2 / np.sqrt(1 + x ** 4)
    out = np.fft.irfft(spec * gain, n=n)
    return out / (np.sqrt(np.mean(out ** 2)) + 1e-12)


def swept_noise(rng: np.random.Generator, n: int, cut_from: float, cut_to: float,
                frame: int = 512) -> np.ndarray:
    """Noise through a low-pass whose cutoff glides (overlap-add of short frames)."""
    out = np.zeros(n + frame)
    window = np.hanning(frame)
    f = np.fft.rfftfreq(frame, 1 / SR)
    for i, start in enumerate(range(0, n, frame // 2)):
        x = start / max(1, n - 1)
        cut = cut_from * (cut_to / cut_from) ** x
        spec = np.fft.rfft(rng.standard_normal(frame) * window)
        out[start:start + frame] += np.fft.irfft(spec / np.sqrt(1 + (f / cut) ** 4), n=frame)
    out = out[:n]
    return out / (np.sqrt(np.mean(out ** 2)) + 1e-12)


def crackle(rng: np.random.Generator, n: int, count: int, lo: float = 1500.0) -> np.ndarray:
    out = np.zeros(n)
    for pos in rng.integers(0, n - 200, count):
        k = int(rng.integers(20, 120))
        burst = rng.standard_normal(k) * np.exp(-np.arange(k) / (k / 4))
        out[pos:pos + k] += burst * rng.uniform(0.3, 1)
    spec = np.fft.rfft(out)
    f = np.fft.rfftfreq(n, 1 / SR)
    return np.fft.irfft(spec * (f / lo) ** 2 / (1 + (f / lo) ** 2), n=n)


def env_ad(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    return np.minimum(1, t / max(attack, 1e-4)) * np.exp(-np.maximum(0, t - attack) / decay)


def page_turn(rng):
    t = _t(0.75)
    n = len(t)
    lift = swept_noise(rng, n, 1200, 5000) * np.exp(-((t - 0.22) / 0.12) ** 2)  # the page lifts
    air = swept_noise(rng, n, 4000, 900) * np.exp(-((t - 0.42) / 0.14) ** 2) * 0.7  # it falls
    land = band_noise(rng, n, 80, 600) * env_ad(t - 0.55, 0.005, 0.05) * (t > 0.55) * 0.8
    paper = crackle(rng, n, 18, 2500) * np.exp(-((t - 0.25) / 0.18) ** 2) * 3
    return lift + air + land + paper


def card_move(rng):
    t = _t(0.2)
    slide = swept_noise(rng, len(t), 2500, 900, frame=256) * env_ad(t, 0.02, 0.05)
    tick = band_noise(rng, len(t), 1500, 6000) * env_ad(t - 0.11, 0.001, 0.006) * (t > 0.11)
    return slide + 0.6 * tick


def shuffle(rng):
    t = _t(0.9)
    out = np.zeros(len(t))
    pos = 0.02
    gap = 0.07
    while pos < 0.8:
        k = (t - pos)
        flick = band_noise(rng, len(t), 800, 5000) * env_ad(k, 0.002, 0.012) * (k > 0)
        out += flick * rng.uniform(0.5, 1)
        pos += gap * rng.uniform(0.7, 1.3)
        gap *= 0.93
    return out


def sacrifice(rng):
    t = _t(1.5)
    freq = 40 + 110 * np.exp(-t / 0.25)
    whoomp = np.sin(2 * np.pi * np.cumsum(freq) / SR) * env_ad(t, 0.02, 0.45)
    flame = swept_noise(rng, len(t), 3000, 300) * env_ad(t, 0.05, 0.35) * 0.5
    fire = crackle(rng, len(t), 40, 2000) * np.exp(-t / 0.5) * 2
    low = drum_tone(29, 1.5)[: len(t)] * 0.6
    return whoomp + flame + fire + low


def damage(rng):
    t = _t(0.7)
    thud = drum_tone(31, 0.7)[: len(t)]
    # a harsh, dissonant clang (a semitone and a tritone apart) that dies fast
    clang = sum(np.sin(2 * np.pi * f * t + rng.random() * 6) for f in (311.1, 329.6, 466.2, 659.3))
    clang *= env_ad(t, 0.002, 0.12) * 0.35
    out = thud + clang
    return np.tanh(out * 1.8)


def bell(rng):
    return bell_tone(67.0, 2.8).astype(np.float64)


def token(rng):
    t = _t(0.4)
    ring = sum(a * np.sin(2 * np.pi * f * t) * np.exp(-t / d)
               for f, a, d in ((1780, 1.0, 0.12), (2690, 0.6, 0.08), (4410, 0.35, 0.05)))
    click = band_noise(rng, len(t), 2000, 9000) * env_ad(t, 0.0005, 0.004) * 0.5
    return ring * np.minimum(1, t / 0.001) + click


EFFECTS = {"page_turn": page_turn, "card_move": card_move, "shuffle": shuffle,
           "sacrifice": sacrifice, "damage": damage, "bell": bell, "token": token}


def render(name: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng([seed, list(EFFECTS).index(name)])
    x = np.asarray(EFFECTS[name](rng), dtype=np.float64)
    x -= x.mean()
    x *= 10 ** (-3 / 20) / np.max(np.abs(x))  # peak -3 dBFS
    fade = int(0.01 * SR)
    x[-fade:] *= np.linspace(1, 0, fade)
    x[:16] *= np.linspace(0, 1, 16)
    return x.astype(np.float32)[:, None]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=SFX_DIR)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    for name in EFFECTS:
        audio = render(name, args.seed)
        path = args.out / f"{name}.ogg"
        write_ogg(path, audio, compression=0.6)
        print(f"{name}: {len(audio) / SR:.2f} s, {path.stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
