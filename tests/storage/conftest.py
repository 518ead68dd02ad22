"""Every storage test runs with the per-user folders redirected into its own tmp_path."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from aleph_null_desktop.storage import paths


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path):
    """Where data_dir() and config_dir() point during the test (never the real home).

    A private MonkeyPatch, so a test calling ``monkeypatch.undo()`` cannot undo the redirection.
    """
    data_home, config_home = tmp_path / "xdg-data", tmp_path / "xdg-config"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(data_home))
        mp.setenv("XDG_CONFIG_HOME", str(config_home))
        mp.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
        mp.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
        mp.setenv("HOME", str(tmp_path / "home"))  # belt and braces
        if not sys.platform.startswith("linux"):
            # platformdirs honours XDG_* only on Linux; elsewhere point it at tmp_path directly.
            fake = SimpleNamespace(user_data_path=data_home / paths.APP_NAME,
                                   user_config_path=config_home / paths.APP_NAME)
            mp.setattr(paths, "_dirs", lambda: fake)
        yield SimpleNamespace(data=data_home / paths.APP_NAME, config=config_home / paths.APP_NAME)


@pytest.fixture
def listing():
    """listing(folder) -> sorted file names in folder ([] if it does not exist)."""

    def names(folder: Path) -> list[str]:
        return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []

    return names
