"""Where the game keeps the player's files: per-user folders from platformdirs.

Nothing is ever written next to the executable or inside the package. The folders are looked
up on every call (not cached), so tests can redirect them with ``XDG_DATA_HOME`` /
``XDG_CONFIG_HOME``, and they are created on demand.

Linux: ``~/.local/share/AlephNull`` and ``~/.config/AlephNull``; Windows: ``%LOCALAPPDATA%\\AlephNull``
(both); macOS: ``~/Library/Application Support/AlephNull`` (both), which is why every file
name below is distinct across the two folders.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "AlephNull"

SETTINGS_FILE = "settings.json"  # config dir
AUTOSAVE_FILE = "autosave.json"  # data dir
STATS_FILE = "stats.json"  # data dir
CUSTOM_CARDS_DIR = "custom_cards"  # data dir
CARD_PACKS_DIR = "card_packs"  # data dir


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP_NAME, appauthor=False)


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """The per-user data folder (saves, statistics, custom cards), created if missing."""
    return _ensure(_dirs().user_data_path)


def config_dir() -> Path:
    """The per-user configuration folder (settings), created if missing."""
    return _ensure(_dirs().user_config_path)


def custom_cards_dir(*, create: bool = True) -> Path:
    """``data_dir()/custom_cards``, where the editor keeps its cards; created if missing (unless
    *create* is false: where it would be, for a message when the data folder cannot be written)."""
    if not create:
        return _dirs().user_data_path / CUSTOM_CARDS_DIR
    return _ensure(data_dir() / CUSTOM_CARDS_DIR)


def card_packs_dir(*, create: bool = True) -> Path:
    """``data_dir()/card_packs``: the card packs the player loaded (or put there by hand)."""
    if not create:
        return _dirs().user_data_path / CARD_PACKS_DIR
    return _ensure(data_dir() / CARD_PACKS_DIR)


def writer_folders() -> list[Path]:
    """Every folder the game writes files into atomically (settings, autosave and statistics,
    custom cards, card packs), where they are now; none is created."""
    dirs = _dirs()
    return [dirs.user_config_path, dirs.user_data_path, dirs.user_data_path / CUSTOM_CARDS_DIR,
            dirs.user_data_path / CARD_PACKS_DIR]


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def stats_path() -> Path:
    return data_dir() / STATS_FILE
