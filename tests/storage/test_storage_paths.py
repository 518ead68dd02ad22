"""paths.py: per-user folders from platformdirs, created on demand, never in the package."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import aleph_null_desktop
from aleph_null_desktop.storage import paths


def test_folders_are_created_on_demand(user_dirs):
    assert not user_dirs.data.exists() and not user_dirs.config.exists()
    assert paths.data_dir() == user_dirs.data and user_dirs.data.is_dir()
    assert paths.config_dir() == user_dirs.config and user_dirs.config.is_dir()
    assert paths.custom_cards_dir() == user_dirs.data / "custom_cards"
    assert (user_dirs.data / "custom_cards").is_dir()


def test_file_locations(user_dirs):
    assert paths.settings_path() == user_dirs.config / "settings.json"
    assert paths.autosave_path() == user_dirs.data / "autosave.json"
    assert paths.stats_path() == user_dirs.data / "stats.json"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG variables apply on Linux")
def test_xdg_variables_are_honoured(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    assert paths.data_dir() == tmp_path / "d" / "AlephNull"
    assert paths.config_dir() == tmp_path / "c" / "AlephNull"


def test_nothing_is_written_in_the_package_or_beside_the_executable(user_dirs):
    package = Path(aleph_null_desktop.__file__).resolve().parent
    executable = Path(sys.executable).resolve().parent
    for folder in (paths.data_dir(), paths.config_dir(), paths.custom_cards_dir()):
        assert package not in folder.resolve().parents
        assert executable not in folder.resolve().parents


def test_storage_does_not_import_pygame_or_the_engine():
    import subprocess

    code = ("import sys, aleph_null_desktop.storage; "
            "print('pygame' in sys.modules, 'aleph_null_desktop.engine' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
