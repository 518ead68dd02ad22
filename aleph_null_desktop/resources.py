"""Finds the game's read-only data (assets/, music/) in a checkout, a wheel or a frozen bundle."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder that holds `assets/` and `music/`."""
    candidates = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root))
    candidates.append(_PACKAGE_DIR / "_data")  # installed wheel
    candidates.append(_PACKAGE_DIR.parent)  # source checkout / editable install
    for root in candidates:
        if (root / "assets" / "cards").is_dir():
            return root
    raise FileNotFoundError(
        "The game's assets folder was not found; looked in: " + ", ".join(str(c) for c in candidates)
    )


def asset_path(*parts: str) -> Path:
    return data_root().joinpath("assets", *parts)


def music_path(*parts: str) -> Path:
    return data_root().joinpath("music", *parts)


def doc_path(name: str) -> Path:
    """A player's guide shipped with the game (docs/card-packs.md …): in the checkout's docs/, the
    wheel's _data/docs/, the bundle's docs/."""
    return data_root().joinpath("docs", name)
