"""The packaged game, built once for every packaging test (PyInstaller, about a minute)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT = 600


@pytest.fixture(scope="session")
def bundle(tmp_path_factory) -> Path:
    """Builds dist/aleph-null/ into a temporary folder with packaging/build.py; the executable."""
    out = tmp_path_factory.mktemp("pyinstaller")
    run = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py"), "--quiet",
         "--distpath", str(out / "dist"), "--workpath", str(out / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert run.returncode == 0, f"the build failed:\n{run.stdout[-4000:]}\n{run.stderr[-8000:]}"
    exe = out / "dist" / "aleph-null" / "aleph-null"
    assert exe.is_file() and os.access(exe, os.X_OK), f"no executable at {exe}"
    return exe


@pytest.fixture
def player_env(tmp_path) -> tuple[dict[str, str], Path]:
    """Headless SDL, and every folder the game could write to redirected into tmp_path."""
    for name in ("home", "data", "config", "cache", "state", "tmp", "cwd"):
        (tmp_path / name).mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_STATE_HOME=str(tmp_path / "state"), TMPDIR=str(tmp_path / "tmp"))
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # the bundle must hide pygame's banner itself
    return env, tmp_path
