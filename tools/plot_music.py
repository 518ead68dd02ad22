#!/usr/bin/env python3
"""Pictures and figures of the music, to look at by hand (an offline tool; the game never
imports it).

For each ``music/*.ogg`` it decodes the audio with soundfile, draws with numpy into a pygame
Surface and saves a PNG (no matplotlib):

* the waveform of both channels (peak envelope, RMS inside it; red where a peak passes -1 dBFS),
  with the 0, -1 and -6 dBFS lines;
* the loudness over time (RMS of 0.5 s blocks, dBFS) with the silence threshold marked, so a gap
  shows as a dip to the red band;
* a log-frequency spectrogram (30 Hz - Nyquist), low notes at the bottom;
* the loop seam: the last and first 25 ms joined as the player hears them when the track loops.

It prints one line per track (length, peak, RMS, quietest half second, longest silence, seam
jump against the typical sample step, spectral flux and rhythmic modulation as measures of
density, spectral centroid) and draws
``summary.png`` with every track's loudness on one scale, to compare the moods.

Usage::

    python tools/plot_music.py                       # music/*.ogg -> /tmp/shots/music/
    python tools/plot_music.py --out some/folder hour1 hour6

Needs numpy, soundfile and pygame-ce (all in the dev environment).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
MUSIC = ROOT / "music"
SILENCE_DBFS = -50.0  # a 0.5 s block quieter than this counts as silence
BLOCK_SECONDS = 0.5
SEAM_MS = 25
WIDTH = 1600
BG = (14, 12, 16)
GRID = (70, 66, 74)
TEXT = (235, 225, 200)
DIM = (160, 150, 135)
WAVE = (200, 170, 110)
RMS_COLOUR = (250, 232, 170)
HOT = (230, 60, 50)


def db(x: float | np.ndarray) -> float | np.ndarray:
    return 20 * np.log10(np.maximum(1e-9, x))


@dataclass
class Figures:
    name: str
    seconds: float
    sample_rate: int
    channels: int
    peak_dbfs: float
    rms_dbfs: float
    quietest_block_dbfs: float
    loudest_block_dbfs: float
    longest_silence_s: float
    seam_jump: float  # |last - first| sample, worst channel
    step_p99: float  # 99th percentile of |x[n+1] - x[n]| inside the track
    seam_rank: float  # the share of steps inside the track smaller than the seam's (0..100 %)
    flux_db: float  # spectral change per frame (a note-density measure)
    modulation: float  # share of loudness modulation at 1-8 Hz (rhythm)
    centroid_hz: float

    def line(self) -> str:
        clip = "CLIPS" if self.peak_dbfs >= -0.01 else "ok"
        seam = "seamless" if self.seam_jump <= max(self.step_p99, 1e-4) else "CLICK?"
        return (f"{self.name:10s} {self.seconds:6.1f} s  peak {self.peak_dbfs:6.2f} dBFS ({clip})  "
                f"rms {self.rms_dbfs:6.1f}  blocks {self.quietest_block_dbfs:6.1f}..{self.loudest_block_dbfs:5.1f} dBFS  "
                f"silence {self.longest_silence_s:4.1f} s  seam {self.seam_jump:.4f} vs step p99 "
                f"{self.step_p99:.4f}, larger than {self.seam_rank:.0f}% of steps ({seam})  flux {self.flux_db:.2f} dB  mod {self.modulation:.2f}  "
                f"centroid {self.centroid_hz:6.0f} Hz")


# ------------------------------------------------------------------------------------- analysis
def block_rms(mono: np.ndarray, sr: int, seconds: float = BLOCK_SECONDS) -> np.ndarray:
    n = max(1, int(sr * seconds))
    usable = len(mono) // n * n
    if usable == 0:
        return np.array([float(np.sqrt(np.mean(mono ** 2)))])
    return np.sqrt(np.mean(mono[:usable].reshape(-1, n) ** 2, axis=1))


def longest_run(mask: np.ndarray) -> int:
    best = run = 0
    for quiet in mask:
        run = run + 1 if quiet else 0
        best = max(best, run)
    return best


def activity(mono: np.ndarray, sr: int) -> tuple[float, float]:
    """How busy the music is, two ways (more notes and sharper rhythm → higher):
    (mean spectral change in dB per 16 ms frame over the bins within 40 dB of the frame's
    loudest, 60 Hz - 5 kHz; share of the 50 ms loudness envelope's modulation at 1-8 Hz)."""
    win, hop = 2048, 512
    frames = len(mono) // hop - 4
    if frames < 4:
        return 0.0, 0.0
    idx = np.arange(win)[None, :] + hop * np.arange(frames)[:, None]
    mag = np.abs(np.fft.rfft(mono[idx] * np.hanning(win), axis=1))
    f = np.fft.rfftfreq(win, 1 / sr)
    level = db(mag[:, (f > 60) & (f < 5000)])
    rise = np.maximum(0.0, np.diff(level, axis=0))
    heard = level[1:] > level[1:].max(axis=1, keepdims=True) - 40
    flux = float(((rise * heard).sum(axis=1) / np.maximum(1, heard.sum(axis=1))).mean())
    n = int(0.05 * sr)
    env = db(np.sqrt(np.mean(mono[: len(mono) // n * n].reshape(-1, n) ** 2, axis=1)))
    spec = np.abs(np.fft.rfft(env - env.mean()))
    fr = np.fft.rfftfreq(len(env), 0.05)
    modulation = float(spec[(fr > 1) & (fr < 8)].sum() / max(1e-12, spec[fr > 0.05].sum()))
    return flux, modulation


def centroid(mono: np.ndarray, sr: int) -> float:
    spec = np.abs(np.fft.rfft(mono))
    f = np.fft.rfftfreq(len(mono), 1 / sr)
    return float(np.sum(f * spec) / max(1e-12, np.sum(spec)))


def analyse(x: np.ndarray, sr: int, name: str) -> Figures:
    mono = x.mean(axis=1)
    blocks = block_rms(mono, sr)
    quiet = db(blocks) < SILENCE_DBFS
    steps = np.abs(np.diff(x, axis=0)).max(axis=1)
    flux, modulation = activity(mono, sr)
    return Figures(
        name=name, seconds=len(x) / sr, sample_rate=sr, channels=x.shape[1],
        peak_dbfs=float(db(np.abs(x).max())), rms_dbfs=float(db(np.sqrt(np.mean(x ** 2)))),
        quietest_block_dbfs=float(db(blocks.min())), loudest_block_dbfs=float(db(blocks.max())),
        longest_silence_s=longest_run(quiet) * BLOCK_SECONDS,
        seam_jump=float(np.abs(x[-1] - x[0]).max()), step_p99=float(np.percentile(steps, 99)),
        seam_rank=float(100 * np.mean(steps < np.abs(x[-1] - x[0]).max())),
        flux_db=flux, modulation=modulation, centroid_hz=centroid(mono, sr),
    )


# ------------------------------------------------------------------------------------- drawing
def spectrogram_rgb(mono: np.ndarray, sr: int, width: int, height: int) -> np.ndarray:
    """(width, height, 3) uint8, log frequency 30 Hz .. sr/2, low at the bottom, -90..-10 dBFS."""
    win = 4096
    hop = max(1, len(mono) // width)
    pad = np.concatenate([mono, mono[:win]])  # the loop wraps round
    idx = np.arange(win)[None, :] + hop * np.arange(width)[:, None]
    idx = np.minimum(idx, len(pad) - 1)
    mag = np.abs(np.fft.rfft(pad[idx] * np.hanning(win), axis=1)) / (win / 4)
    f = np.fft.rfftfreq(win, 1 / sr)
    edges = np.geomspace(30, sr / 2, height + 1)
    bins = np.clip(np.searchsorted(f, edges), 1, len(f) - 1)
    rows = np.empty((width, height))
    for j in range(height):
        lo, hi = bins[j], max(bins[j] + 1, bins[j + 1])
        rows[:, j] = mag[:, lo:hi].max(axis=1)
    v = np.clip((db(rows) + 90) / 80, 0, 1)
    r = np.clip(v * 2.2 - 0.4, 0, 1)
    g = np.clip(v * 2.0 - 1.0, 0, 1)
    b = np.clip(np.sin(v * np.pi) * 0.9 + v * 0.1, 0, 1)
    return (np.stack([r, g, b], axis=-1) * 255).astype(np.uint8)[:, ::-1, :]


def draw_track(pygame, x: np.ndarray, sr: int, fig: Figures, png: Path, title: str) -> None:
    font = pygame.font.Font(None, 26)
    small = pygame.font.Font(None, 20)
    wave_h, loud_h, spec_h, seam_h = 220, 130, 300, 150
    top = 64
    height = top + wave_h + 16 + loud_h + 16 + spec_h + 16 + seam_h + 12
    surf = pygame.Surface((WIDTH, height))
    surf.fill(BG)
    surf.blit(font.render(title, True, TEXT), (10, 8))
    surf.blit(small.render(fig.line(), True, DIM), (10, 36))
    left = 70
    w = WIDTH - left - 10

    # waveform, both channels
    y = top
    half = wave_h // 2
    cols = w
    hop = max(1, len(x) // cols)
    for ch in range(min(2, x.shape[1])):
        mid = y + half // 2 + ch * half
        amp = half // 2 - 4
        for level, label in ((1.0, "0"), (10 ** (-1 / 20), ""), (10 ** (-6 / 20), "-6")):
            for sign in (-1, 1):
                yy = round(mid - sign * level * amp)
                pygame.draw.line(surf, GRID if label else (110, 50, 50), (left, yy), (left + w, yy))
            if label:
                surf.blit(small.render(label, True, DIM), (left - 24, round(mid - level * amp) - 7))
        surf.blit(small.render("L" if ch == 0 else "R", True, TEXT), (8, mid - 8))
        seg = x[: hop * cols, ch].reshape(cols, hop)
        hi, lo = seg.max(axis=1), seg.min(axis=1)
        rms = np.sqrt(np.mean(seg ** 2, axis=1))
        for c in range(cols):
            colour = HOT if max(hi[c], -lo[c]) > 10 ** (-1 / 20) else WAVE
            pygame.draw.line(surf, colour, (left + c, mid - hi[c] * amp), (left + c, mid - lo[c] * amp))
            pygame.draw.line(surf, RMS_COLOUR, (left + c, mid - rms[c] * amp), (left + c, mid + rms[c] * amp))
    y += wave_h + 16

    # loudness of half-second blocks
    blocks = db(block_rms(x.mean(axis=1), sr))
    lo_db, hi_db = -70.0, 0.0

    def ly(v: float) -> float:
        return y + loud_h - (min(hi_db, max(lo_db, v)) - lo_db) / (hi_db - lo_db) * loud_h

    pygame.draw.rect(surf, (60, 20, 22), (left, ly(SILENCE_DBFS), w, y + loud_h - ly(SILENCE_DBFS)))
    for v in (-60, -40, -20, 0):
        pygame.draw.line(surf, GRID, (left, ly(v)), (left + w, ly(v)))
        surf.blit(small.render(f"{v}", True, DIM), (left - 34, ly(v) - 7))
    pts = [(left + i * w / max(1, len(blocks) - 1), ly(float(v))) for i, v in enumerate(blocks)]
    if len(pts) > 1:
        pygame.draw.lines(surf, RMS_COLOUR, False, pts, 2)
    surf.blit(small.render("RMS per 0.5 s (dBFS); red: silence", True, DIM), (left + 6, y + 2))
    y += loud_h + 16

    # spectrogram
    rgb = spectrogram_rgb(x.mean(axis=1), sr, w, spec_h)
    surf.blit(pygame.surfarray.make_surface(rgb), (left, y))
    for hz in (100, 1000, 10000):
        if hz < sr / 2:
            yy = y + spec_h - round(spec_h * math.log(hz / 30) / math.log(sr / 2 / 30))
            pygame.draw.line(surf, TEXT, (left - 8, yy), (left, yy))
            surf.blit(small.render(f"{hz // 1000}k" if hz >= 1000 else f"{hz}", True, DIM), (left - 40, yy - 7))
    for minute in range(1, int(fig.seconds // 60) + 1):  # minute marks under the spectrogram
        xx = left + round(minute * 60 / fig.seconds * w)
        pygame.draw.line(surf, TEXT, (xx, y + spec_h), (xx, y + spec_h + 6))
        surf.blit(small.render(f"{minute}:00", True, DIM), (xx - 14, y + spec_h + 6))
    y += spec_h + 16

    # the loop seam: last SEAM_MS then first SEAM_MS
    n = int(sr * SEAM_MS / 1000)
    joined = np.concatenate([x[-n:], x[:n]])
    amp = max(1e-3, float(np.abs(joined).max()))
    mid = y + seam_h // 2
    surf.blit(small.render(f"loop seam: last {SEAM_MS} ms | first {SEAM_MS} ms (scaled to its own peak "
                           f"{db(amp):.1f} dBFS)", True, DIM), (left + 6, y))
    pygame.draw.line(surf, GRID, (left, mid), (left + w, mid))
    for ch, colour in ((0, WAVE), (1, (140, 180, 220))):
        if ch >= joined.shape[1]:
            continue
        pts = [(left + i * w / (len(joined) - 1), mid - joined[i, ch] / amp * (seam_h // 2 - 16))
               for i in range(len(joined))]
        pygame.draw.lines(surf, colour, False, pts, 2)
    sx = left + w // 2
    pygame.draw.line(surf, HOT, (sx, y + 14), (sx, y + seam_h))
    png.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(png))


def draw_summary(pygame, tracks: list[tuple[str, np.ndarray, int, Figures]], png: Path) -> None:
    """Every track's loudness curve and figures on one scale, to compare the moods."""
    font = pygame.font.Font(None, 24)
    small = pygame.font.Font(None, 20)
    row_h, left = 110, 230
    surf = pygame.Surface((WIDTH, 40 + row_h * len(tracks)))
    surf.fill(BG)
    surf.blit(font.render("Loudness (RMS per 0.5 s, -70..0 dBFS), same scale and time axis for every track; "
                          "flux and mod: how busy", True, TEXT), (10, 10))
    longest = max(f.seconds for _, _, _, f in tracks)
    w = WIDTH - left - 20
    for i, (name, x, sr, fig) in enumerate(tracks):
        y = 40 + i * row_h
        surf.blit(font.render(name, True, TEXT), (10, y + 10))
        surf.blit(small.render(f"rms {fig.rms_dbfs:.1f} dBFS  peak {fig.peak_dbfs:.1f}", True, DIM), (10, y + 38))
        surf.blit(small.render(f"flux {fig.flux_db:.2f} dB  mod {fig.modulation:.2f}  {fig.centroid_hz:.0f} Hz",
                               True, DIM), (10, y + 58))
        surf.blit(small.render(f"{fig.seconds:.0f} s", True, DIM), (10, y + 78))
        blocks = db(block_rms(x.mean(axis=1), sr))
        pygame.draw.rect(surf, (30, 26, 32), (left, y + 6, w, row_h - 12))
        for v in (-60, -40, -20):
            yy = y + 6 + (row_h - 12) * (-v) / 70
            pygame.draw.line(surf, GRID, (left, yy), (left + w, yy))
        span = w * fig.seconds / longest
        pts = [(left + j * span / max(1, len(blocks) - 1), y + 6 + (row_h - 12) * min(70.0, -float(v)) / 70)
               for j, v in enumerate(blocks)]
        if len(pts) > 1:
            pygame.draw.lines(surf, RMS_COLOUR, False, pts, 2)
    png.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(png))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="track names (hour1 …); default: every music/*.ogg")
    parser.add_argument("--music", type=Path, default=MUSIC, help="folder of the OGG files")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots/music"), help="folder for the PNGs")
    args = parser.parse_args(argv)

    import soundfile as sf

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    paths = [args.music / f"{n}.ogg" for n in args.names] if args.names else sorted(args.music.glob("*.ogg"))
    tracks = []
    for path in paths:
        x, sr = sf.read(path, dtype="float64", always_2d=True)
        fig = analyse(x, sr, path.stem)
        print(fig.line(), flush=True)
        draw_track(pygame, x, sr, fig, args.out / f"{path.stem}.png", f"{path.name}  ({sr} Hz, "
                   f"{x.shape[1]} ch)")
        tracks.append((path.stem, x, sr, fig))
    if tracks:
        draw_summary(pygame, tracks, args.out / "summary.png")
        print(f"PNGs in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
