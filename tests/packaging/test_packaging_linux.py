"""Installing the packaged game on Linux: the .deb into a throwaway root with dpkg (install, run the
installed launcher, validate the menu entry and the metainfo, lintian, remove: nothing left), and
the tarball's install.sh / uninstall.sh for one user with HOME in a temporary folder. Uses the
bundle built once by conftest.py; each check skips, with the reason, where its tool is missing."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import aleph_null_desktop

ROOT = Path(__file__).resolve().parents[2]
RUN_TIMEOUT = 120

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed; pip install \"pyinstaller>=6.10,<7\" (the 'packaging' extra)"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .deb and install.sh are for Linux"),
]

sys.path.insert(0, str(ROOT / "packaging"))
import linux_install  # noqa: E402


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (Debian/Ubuntu: apt install {TOOLS[tool]})")
    return path


TOOLS = {"dpkg": "dpkg", "dpkg-deb": "dpkg", "lintian": "lintian", "desktop-file-validate": "desktop-file-utils",
         "appstreamcli": "appstream"}


def validate_menu_files(desktop: Path, metainfo: Path) -> None:
    for tool, args in (("desktop-file-validate", [str(desktop)]),
                       ("appstreamcli", ["validate", "--no-net", str(metainfo)])):
        if shutil.which(tool) is None:
            continue  # test_menu_files_validate says so with a skip
        run = subprocess.run([tool, *args], capture_output=True, text=True)
        assert run.returncode == 0, f"{tool} {' '.join(args)}:\n{run.stdout}{run.stderr}"


def run_game(launcher: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(launcher), *args], env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                          cwd=env["HOME"])


@pytest.fixture(scope="module")
def deb(bundle, tmp_path_factory) -> Path:
    need("dpkg-deb")
    return linux_install.make_deb(bundle.parent, tmp_path_factory.mktemp("deb"), aleph_null_desktop.__version__)


def test_menu_files_validate():
    need("desktop-file-validate")
    need("appstreamcli")
    validate_menu_files(ROOT / "packaging" / linux_install.DESKTOP, ROOT / "packaging" / linux_install.METAINFO)


def test_lintian_finds_no_errors(deb):
    need("lintian")
    run = subprocess.run(["lintian", str(deb)], capture_output=True, text=True)
    errors = [line for line in run.stdout.splitlines() if line.startswith("E:")]
    assert not errors, run.stdout


def test_the_deb_installs_runs_and_uninstalls_cleanly(deb, player_env, tmp_path):
    need("dpkg")
    env, _ = player_env
    root = tmp_path / "root"
    for folder in ("var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"):
        (root / folder).mkdir(parents=True)
    (root / "var/lib/dpkg/status").touch()
    dpkg = ["dpkg", f"--root={root}", "--force-not-root", "--force-depends", "--log=/dev/null"]
    run = subprocess.run([*dpkg, "--install", str(deb)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr

    launcher = root / "usr/bin/aleph-null"
    assert os.access(launcher, os.X_OK)
    version = run_game(launcher, env, "--version")
    assert version.returncode == 0 and version.stdout.strip() == f"Aleph Null Desktop {aleph_null_desktop.__version__}"
    smoke = run_game(launcher, env, "--smoke-test")
    assert smoke.returncode == 0 and "smoke test ok:" in smoke.stdout, smoke.stdout + smoke.stderr
    share = root / "usr/share"
    validate_menu_files(share / "applications" / linux_install.DESKTOP, share / "metainfo" / linux_install.METAINFO)
    for size in linux_install.ICON_SIZES:
        assert (share / f"icons/hicolor/{size}x{size}/apps/aleph-null.png").is_file()
    assert (share / "doc/aleph-null/copyright").is_file()
    assert (share / "doc/aleph-null/licenses/THIRD-PARTY-NOTICES.md").is_file()

    run = subprocess.run([*dpkg, "--purge", "aleph-null"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    left = [p for p in root.rglob("*") if not p.is_dir() and "var/lib/dpkg" not in p.as_posix()]
    assert left == [], f"left behind by dpkg --purge: {left[:10]}"
    assert not (root / "usr/lib/aleph-null").exists()


def test_install_sh_and_uninstall_sh_for_one_user(bundle, player_env, tmp_path):
    env, _ = player_env
    unpacked = tmp_path / "unpacked" / "aleph-null"
    shutil.copytree(bundle.parent, unpacked, symlinks=True)
    linux_install.add_user_install_files(unpacked)
    env = dict(env, XDG_DATA_HOME=str(Path(env["HOME"]) / ".local/share"))
    home = Path(env["HOME"])
    run = subprocess.run(["sh", str(unpacked / "install.sh")], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr

    data = home / ".local/share"
    command = home / ".local/bin/aleph-null"
    desktop = data / "applications/aleph-null.desktop"
    assert (home / ".local/opt/aleph-null/aleph-null").is_file()
    assert f"Exec={command}" in desktop.read_text(encoding="utf-8")
    validate_menu_files(desktop, data / "metainfo" / linux_install.METAINFO)
    for size in linux_install.ICON_SIZES:
        assert (data / f"icons/hicolor/{size}x{size}/apps/aleph-null.png").is_file()
    version = run_game(command, env, "--version")
    assert version.returncode == 0 and aleph_null_desktop.__version__ in version.stdout, version.stderr

    (data / "aleph-null").mkdir(parents=True, exist_ok=True)
    (data / "aleph-null" / "autosave.json").write_text("{}")  # the player's own: uninstall keeps it
    run = subprocess.run(["sh", str(home / ".local/opt/aleph-null/uninstall.sh")], env=env, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    left = sorted(str(p.relative_to(home)) for p in home.rglob("*") if not p.is_dir())
    assert left == [".local/share/aleph-null/autosave.json"], left
