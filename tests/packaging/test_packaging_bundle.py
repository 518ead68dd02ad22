"""The packaged game: build the PyInstaller bundle into a temporary folder and run it headless.

Selected with `pytest -m packaging`; skipped (with the reason) when PyInstaller is not installed,
so a plain `pytest` works without it. About 15-30 s: one PyInstaller build, then the frozen
executable's --version and --smoke-test.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import aleph_null_desktop

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed; to build and test the packaged game: "
                              "pip install \"pyinstaller>=6.10,<7\" (the 'packaging' extra)"),
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="redirects the player's folders with XDG_* variables, which only Linux uses"),
]

ROOT = Path(__file__).resolve().parents[2]
RUN_TIMEOUT = 120
MAX_BUNDLE_MB = 90  # 75 MB today (26 MB of it music, 15 MB the print sheets' ReportLab and Pillow with its
# image libraries); a regression such as numpy creeping back is +44 MB


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_frozen_version(bundle, player_env):
    env, tmp = player_env
    run = subprocess.run([str(bundle), "--version"], cwd=tmp / "cwd", env=env, capture_output=True,
                         text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"Aleph Null Desktop {aleph_null_desktop.__version__}"


def test_frozen_print_cards_and_card_code(bundle, player_env):
    """The bundle carries ReportLab and Pillow: it prints sheets at true size, and makes codes."""
    from pypdf import PdfReader

    env, tmp = player_env
    pack = ROOT / "assets" / "packs" / "example.json"
    run = subprocess.run([str(bundle), "print-cards", str(pack), "--out", str(tmp / "cwd" / "pack.pdf"), "--backs",
                          "--language", "de"], cwd=tmp / "cwd", env=env, capture_output=True, text=True,
                         timeout=RUN_TIMEOUT)
    assert run.returncode == 0, run.stderr
    reader = PdfReader(str(tmp / "cwd" / "pack.pdf"))
    assert len(reader.pages) == 2 and float(reader.pages[0].mediabox.height) == pytest.approx(841.89, abs=0.01)
    assert len(reader.pages[0].images) == 3
    run = subprocess.run([str(bundle), "card-code", str(pack)], cwd=tmp / "cwd", env=env, capture_output=True,
                         text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 0 and len(run.stdout.split()) == 3, run.stderr


def test_frozen_simulator_in_parallel_matches_the_source(bundle, player_env):
    import json

    from aleph_null_desktop.ai.simulate import simulate

    env, tmp = player_env
    run = subprocess.run([str(bundle), "simulate", "--circle", "magus", "--player", "greedy", "--games", "6",
                          "--seed", "3", "--jobs", "2", "--json"], cwd=tmp / "cwd", env=env,
                         capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 0, run.stderr
    frozen = json.loads(run.stdout)
    source = simulate("magus", "greedy", 6, 3)
    for field in ("games", "wins", "rank_counts", "losses_by_reason", "mean_commands"):
        assert frozen[field] == source[field], field


def test_frozen_smoke_test(bundle, player_env):
    env, tmp = player_env
    bundle_dir = bundle.parent
    before = _snapshot(bundle_dir)
    kept = tmp / "shots" / "table.png"
    kept.parent.mkdir()
    run = subprocess.run([str(bundle), "--smoke-test", "--screenshot", str(kept)], cwd=tmp / "cwd", env=env,
                         capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert run.returncode == 0, f"exit {run.returncode}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
    assert "Traceback" not in run.stderr, run.stderr
    assert "pygame-ce" not in run.stdout, "pygame's banner leaked into the output"

    lines = run.stdout.splitlines()
    summary = [line for line in lines if line.startswith("smoke test ok:")]
    assert len(summary) == 1, f"no one-line summary in:\n{run.stdout}"
    shots = [line.split(":", 1)[1].strip() for line in lines if line.startswith("screenshot:")]
    assert len(shots) == 1, f"no screenshot path in:\n{run.stdout}"
    shot = Path(shots[0])
    assert shot == kept and shot.is_file(), f"the printed screenshot {shot} is not {kept}"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    assert not any((tmp / "tmp").iterdir()), f"left in TMPDIR: {list((tmp / 'tmp').iterdir())}"

    # nothing written into the bundle, the working folder or the home folder; anything the game
    # wrote is in the platformdirs (XDG) folders or the temporary folder
    assert _snapshot(bundle_dir) == before, "the game wrote next to its executable"
    assert not any((tmp / "cwd").iterdir()), f"the game wrote into its working folder: {list((tmp / 'cwd').iterdir())}"
    assert not any((tmp / "home").rglob("*")), f"the game wrote into HOME: {list((tmp / 'home').rglob('*'))}"
    for path in (tmp / "cache").rglob("*"):
        pytest.fail(f"unexpected file in the cache folder: {path}")


def test_bundle_contents(bundle):
    data = bundle.parent / "_internal"  # sys._MEIPASS of a one-folder build: resources.data_root()
    assert (data / "assets" / "cards" / "base.json").is_file()
    assert (data / "assets" / "layouts" / "table.tmx").is_file()
    for track in sorted((ROOT / "music").glob("*.ogg")):
        assert (data / "music" / track.name).is_file(), f"{track.name} is missing from the bundle"
    for font in sorted((ROOT / "assets" / "fonts").iterdir()):
        assert (data / "assets" / "fonts" / font.name).is_file(), f"{font.name} is missing from the bundle"
    # licence notices
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.md", "LGPL-2.1.txt", "LGPL-3.0.txt", "GPL-3.0.txt",
                 "Python-PSF.txt", "zlib-SDL2.txt", "game-icons-CC-BY-3.0.txt"):
        assert (data / "licenses" / name).is_file(), f"licenses/{name} is missing from the bundle"
    for ofl in sorted((ROOT / "assets" / "fonts").glob("OFL*.txt")):
        assert (data / "licenses" / "fonts" / ofl.name).is_file()
    # the LGPL libraries stay replaceable: plain files, not inside the executable
    assert (data / "pytmx" / "pytmx.py").is_file()
    assert (data / "pygame" / "__init__.py").is_file()
    # what the game does not use stays out
    for unwanted in ("numpy", "numpy.libs", "tkinter", "_tcl_data"):
        assert not (data / unwanted).exists(), f"{unwanted} was bundled"
    # Pillow is there for the print sheets (ui/render/card_print.py), but not its parts they never use
    assert list((data / "PIL").glob("_imaging.*")), "Pillow's core is missing: the game could not print"
    for unwanted in ("_avif", "_webp", "_imagingcms", "_imagingtk"):
        assert not list((data / "PIL").glob(f"{unwanted}.*")), f"PIL.{unwanted} was bundled"
    for name in ("ReportLab-BSD.txt", "Pillow-LICENSE.txt", "charset-normalizer-MIT.txt"):
        assert (data / "licenses" / name).is_file(), f"licenses/{name} is missing from the bundle"
    assert not list(data.rglob("libssl*")), "libssl was bundled"
    size = sum(p.stat().st_size for p in bundle.parent.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"\nbundle {bundle.parent}: {size / 1e6:.1f} MB")
    assert size < MAX_BUNDLE_MB * 1e6, f"the bundle grew to {size / 1e6:.1f} MB"


def test_frozen_bundle_carries_the_compiled_translations(bundle):
    """aleph_null_desktop.i18n looks for locale/ beside the package, in the bundle as in a checkout."""
    from aleph_null_desktop import i18n

    internal = bundle.parent / "_internal"
    for language in i18n.LANGUAGE_NAMES:
        if language == i18n.SOURCE_LANGUAGE:
            continue
        shipped = internal / "aleph_null_desktop" / "locale" / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        source = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        assert shipped.read_bytes() == source.read_bytes()
