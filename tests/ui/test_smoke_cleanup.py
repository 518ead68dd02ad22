"""`aleph-null --smoke-test` leaves nothing in the temporary folder; --screenshot keeps the PNG."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def smoke(tmp_path, *args):
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "aleph_null_desktop", "--smoke-test", *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_smoke_test_removes_its_temporary_folder(tmp_path):
    run = smoke(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "smoke test ok:" in run.stdout
    assert list((tmp_path / "tmp").iterdir()) == []


def test_the_smoke_test_keeps_the_screenshot_where_asked(tmp_path):
    shot = tmp_path / "table.png"
    run = smoke(tmp_path, "--screenshot", str(shot))
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"screenshot: {shot}" in run.stdout
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert list((tmp_path / "tmp").iterdir()) == []
