"""The packaging files that need no build: icons (PNG sizes, ICO, ICNS), the desktop entry, the
licence notices. Fast; not marked `packaging`."""

from __future__ import annotations

import configparser
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
ICON_DIR = ROOT / "assets" / "icons" / "app"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("size", [16, 32, 48, 64, 128, 256])
def test_app_icon_png(size):
    data = (ICON_DIR / f"aleph-null-{size}.png").read_bytes()
    assert _png_size(data) == (size, size)
    assert data[25] == 6, "the icon should be RGBA (colour type 6)"


def test_windows_ico_holds_png_entries():
    data = (PACKAGING / "aleph-null.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 6
    sizes = set()
    for i in range(count):
        w, h, colours, _, planes, bpp, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        image = data[offset:offset + length]
        assert len(image) == length
        px = _png_size(image)
        assert px == (w or 256, h or 256) and planes == 1 and bpp == 32
        sizes.add(px[0])
    assert {16, 32, 48, 256} <= sizes


def test_macos_icns_holds_png_entries():
    data = (PACKAGING / "aleph-null.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, kinds = 8, {}
    while pos < len(data):
        kind, length = data[pos:pos + 4].decode("ascii"), struct.unpack(">I", data[pos + 4:pos + 8])[0]
        kinds[kind] = _png_size(data[pos + 8:pos + length])[0]
        pos += length
    assert pos == len(data)
    assert kinds["ic07"] == 128 and kinds["ic08"] == 256 and kinds["ic09"] == 512 and kinds["icp4"] == 16


def test_desktop_entry():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(PACKAGING / "aleph-null.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "Aleph Null"
    assert d["Exec"].split()[0] == "aleph-null" and d["Terminal"] == "false"
    assert d["Icon"] == "aleph-null" and (ICON_DIR / "aleph-null-256.png").is_file()
    assert "Game" in d["Categories"].split(";") and d["Categories"].endswith(";")


def test_licence_notices():
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    licenses = PACKAGING / "licenses"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (licenses / "LGPL-2.1.txt").read_text(encoding="utf-8")
    assert "Version 2.1" in (licenses / "LGPL-2.1.txt").read_text(encoding="utf-8")
    assert "Version 3" in (licenses / "LGPL-3.0.txt").read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in (licenses / "GPL-3.0.txt").read_text(encoding="utf-8")
    icons = (licenses / "game-icons-CC-BY-3.0.txt").read_text(encoding="utf-8")
    assert "Creative Commons Legal Code" in icons and "Attribution 3.0 Unported" in icons  # the full text
    assert "8. Miscellaneous" in icons and "Lorc" in icons  # to its end, after the set's notice
    notices = (licenses / "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    for name in ("pygame-ce", "PyTMX", "SDL2", "FreeType", "Cinzel", "Linux Libertine", "game-icons.net"):
        assert name in notices
    # every text the notices point to exists
    import re

    for ref in set(re.findall(r"`((?:native/)?[\w.-]+\.txt)`", notices)):
        assert (licenses / ref).is_file(), f"THIRD-PARTY-NOTICES.md names {ref}, which is missing"


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="the man page is for Linux")
def test_the_man_page_names_the_folders_the_game_really_uses(tmp_path, monkeypatch):
    import sys

    from aleph_null_desktop.storage import paths

    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.syspath_prepend(str(PACKAGING))
    sys.modules.pop("linux_install", None)
    import linux_install

    page = " ".join(linux_install.MANPAGE.split())
    for folder in (paths.data_dir(), paths.config_dir()):
        assert "~/" + folder.relative_to(tmp_path).as_posix() in page
    assert "share/aleph-null" not in page and ".config/aleph-null" not in page


def test_the_card_pack_guide_travels_with_the_wheel_and_the_bundle():
    import tomllib

    from aleph_null_desktop.ui.editor.packs_scene import guide_path

    assert guide_path().is_file() and guide_path().read_text(encoding="utf-8").startswith("# Card packs")
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = wheel["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped["docs/card-packs.md"] == "aleph_null_desktop/_data/docs/card-packs.md"  # resources.doc_path
    spec = (PACKAGING / "aleph-null.spec").read_text(encoding="utf-8")
    assert '"card-packs.md"' in spec and '"docs")' in spec
