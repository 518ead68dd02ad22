"""The Linux installs of a built bundle (`dist/aleph-null/`): a Debian package, and the files a
tarball's install.sh puts in place for one user. Used by `build.py --deb` and `build.py --archive`.

The .deb (`make_deb`) installs:

    /usr/lib/aleph-null/                 the bundle (the executable and its _internal/ folder)
    /usr/bin/aleph-null                  a launcher script: exec ../lib/aleph-null/aleph-null "$@"
    /usr/share/applications/aleph-null.desktop
    /usr/share/icons/hicolor/<n>x<n>/apps/aleph-null.png          16 … 256
    /usr/share/metainfo/io.github.alephnull.AlephNull.metainfo.xml
    /usr/share/doc/aleph-null/           copyright, changelog.gz, licenses/
    /usr/share/man/man6/aleph-null.6.gz
    /usr/share/lintian/overrides/aleph-null

/usr/lib/<package>, not /opt: Debian reserves /opt for software from outside the distribution's
packages (lintian: dir-or-file-in-opt is an error). The bundle's shared libraries are stripped.
No maintainer scripts: Debian's triggers refresh the icon cache and the menu. The player's own
data and settings (~/.local/share/AlephNull, ~/.config/AlephNull: storage/paths.py) are never touched.
"""

from __future__ import annotations

import gzip
import os
import shutil
import stat
import subprocess
from email.utils import format_datetime
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NAME = "aleph-null"
METAINFO = "io.github.alephnull.AlephNull.metainfo.xml"
DESKTOP = "aleph-null.desktop"
ICON_SIZES = (16, 32, 48, 64, 128, 256)
MAINTAINER = "Aleph Null Desktop developers <dev@aleph-null.invalid>"
SUMMARY = "solo card game of ritual and interference"
DESCRIPTION = (
    "A digital edition of Tony Boydell's solo card game Aleph Null: thin a\n"
    "deck of 28 cards to nothing over six Hours and summon BAPHOMET, while\n"
    "interference from the Church and from Hell gets in the way. Five Circles\n"
    "of difficulty, hints, undo, the rules in an in-game Grimoire, and a card\n"
    "editor.")
PREFIX = f"/usr/lib/{NAME}"
LAUNCHER = f"""#!/bin/sh
# Starts Aleph Null, installed in {PREFIX} (found beside this script, so any root works).
here=$(dirname "$(readlink -f "$0")")
exec "$here/../lib/{NAME}/{NAME}" "$@"
"""


def _app_folder_name() -> str:
    """The folder name the game's storage/paths.py gives platformdirs (read, not imported: the
    build must not import the game)."""
    import ast

    tree = ast.parse((ROOT / "aleph_null_desktop" / "storage" / "paths.py").read_text(encoding="utf-8"))
    return next(node.value.value for node in tree.body if isinstance(node, ast.Assign)
                and any(getattr(t, "id", None) == "APP_NAME" for t in node.targets))


APP_FOLDER = _app_folder_name()
MANPAGE = f""".TH ALEPH-NULL 6 "" "Aleph Null Desktop" "Games"
.SH NAME
aleph-null \\- solo card game of ritual and interference
.SH SYNOPSIS
.B aleph-null
.RB [ \\-\\-windowed ]
.br
.B aleph-null \\-\\-version
.br
.B aleph-null \\-\\-smoke-test
.RB [ \\-\\-screenshot
.IR PATH ]
.br
.B aleph-null simulate
.RI [ options ]
.SH DESCRIPTION
Opens the game window. The ritual in progress is saved after every move in
~/.local/share/{APP_FOLDER} (or $XDG_DATA_HOME/{APP_FOLDER}), with the statistics,
recorded rituals, custom cards and card packs; settings are in ~/.config/{APP_FOLDER}
(or $XDG_CONFIG_HOME/{APP_FOLDER}).
.SH OPTIONS
.TP
.B \\-\\-windowed
start in a window even when the settings say fullscreen
.TP
.B \\-\\-version
print the version
.TP
.B \\-\\-smoke-test
play a short scripted ritual without a window and report
.TP
.B simulate
let the AI play many rituals and report (aleph-null simulate \\-\\-help)
"""
#: lintian tags that come with a self-contained PyInstaller bundle, each with its reason
#: (installed as the package's lintian overrides; packaging/README.md lists them)
LINTIAN_OVERRIDES = {
    "embedded-library": "the bundle carries the libraries pygame-ce's wheel was built with (SDL2, "
                        "FreeType, libjpeg, zlib ...); their notices are in /usr/share/doc/aleph-null/licenses",
    "custom-library-search-path": "the RUNPATH of Python's own modules, set where the bundled Python was built",
    "library-not-linked-against-libc": "small Python extension modules that need nothing from libc",
    "package-section-games-but-contains-no-game": "the command is /usr/bin/aleph-null, on every user's PATH",
}


def deb_architecture() -> str:
    try:
        return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        import platform

        return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


def glibc_version() -> str:
    """The C library the bundle was built against: the package needs it or newer."""
    name, version = os.confstr("CS_GNU_LIBC_VERSION").split()
    return version


def copyright_text(year: int) -> str:
    """debian/copyright in the machine-readable format (DEP-5)."""
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8").strip()
    body = "\n".join(" " + (line if line.strip() else ".") for line in licence.splitlines())
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Aleph Null Desktop
Comment: The game bundles Python, pygame-ce, SDL2 and other libraries, fonts and icons under their
 own licences; /usr/share/doc/{NAME}/licenses/THIRD-PARTY-NOTICES.md lists each with its text.

Files: *
Copyright: {year} The Aleph Null Desktop developers
License: MIT
{body}
"""


def _write(path: Path, text: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    path.chmod(mode)


def _normalise_modes(tree: Path) -> None:
    """0755 folders and executables, 0644 everything else (shared libraries too), as Debian wants."""
    for path in [tree, *tree.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
            continue
        executable = path.stat().st_mode & stat.S_IXUSR and not (".so" in path.name or path.suffix == ".pyd")
        path.chmod(0o755 if executable else 0o644)


def stage_deb_tree(bundle: Path, staging: Path, version: str) -> Path:
    """The package's files under `staging` (the future /), with DEBIAN/control; returns staging."""
    if not (bundle / NAME).is_file():
        raise RuntimeError(f"{bundle} holds no {NAME} executable: build the bundle first")
    if staging.exists():
        shutil.rmtree(staging)
    prefix = staging / PREFIX.lstrip("/")
    shutil.copytree(bundle, prefix, symlinks=True)
    _strip_libraries(prefix)
    _write(staging / "usr" / "bin" / NAME, LAUNCHER, 0o755)
    share = staging / "usr" / "share"
    _write(share / "applications" / DESKTOP, (HERE / DESKTOP).read_bytes())
    _write(share / "metainfo" / METAINFO, (HERE / METAINFO).read_bytes())
    for size in ICON_SIZES:
        _write(share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png",
               (ROOT / "assets" / "icons" / "app" / f"{NAME}-{size}.png").read_bytes())
    doc = share / "doc" / NAME
    now = datetime.now(timezone.utc)
    _write(doc / "copyright", copyright_text(now.year))
    changelog = (f"{NAME} ({version}) unstable; urgency=medium\n\n"
                 f"  * Release {version}, built from the PyInstaller bundle.\n\n"
                 f" -- {MAINTAINER}  {format_datetime(now.replace(microsecond=0))}\n")
    _write(doc / "changelog.gz", gzip.compress(changelog.encode("utf-8"), compresslevel=9, mtime=0))
    _write(share / "man" / "man6" / f"{NAME}.6.gz", gzip.compress(MANPAGE.encode("utf-8"), compresslevel=9, mtime=0))
    _write(share / "lintian" / "overrides" / NAME,
           "".join(f"# {why}\n{NAME}: {tag}\n" for tag, why in LINTIAN_OVERRIDES.items()))
    shutil.copytree(HERE / "licenses", doc / "licenses")
    shutil.copy2(ROOT / "LICENSE", doc / "licenses" / "LICENSE")
    _normalise_modes(staging)
    installed_kb = sum(p.stat().st_size for p in staging.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
    control = (f"Package: {NAME}\nVersion: {version}\nArchitecture: {deb_architecture()}\n"
               f"Maintainer: {MAINTAINER}\nInstalled-Size: {installed_kb}\n"
               f"Depends: libc6 (>= {glibc_version()}), libstdc++6\nSection: games\nPriority: optional\n"
               f"Description: {SUMMARY}\n"
               + "".join(f" {line}\n" if line.strip() else " .\n" for line in DESCRIPTION.splitlines()))
    _write(staging / "DEBIAN" / "control", control)
    (staging / "DEBIAN").chmod(0o755)
    return staging


def _strip_libraries(tree: Path) -> None:
    """strip --strip-unneeded on the bundle's shared libraries (not the launcher: see the overrides)."""
    if shutil.which("strip") is None:
        return
    libraries = [str(p) for p in tree.rglob("*.so*") if p.is_file() and not p.is_symlink()]
    for start in range(0, len(libraries), 100):
        subprocess.run(["strip", "--strip-unneeded", *libraries[start:start + 100]], capture_output=True)


def make_deb(bundle: Path, out_dir: Path, version: str) -> Path:
    """`<out_dir>/aleph-null_<version>_<arch>.deb` from the bundle folder, with dpkg-deb."""
    if shutil.which("dpkg-deb") is None:
        raise RuntimeError("dpkg-deb is not installed (Debian/Ubuntu: apt install dpkg)")
    out_dir.mkdir(parents=True, exist_ok=True)
    staging = stage_deb_tree(bundle, out_dir / f"{NAME}-deb-root", version)
    target = out_dir / f"{NAME}_{version}_{deb_architecture()}.deb"
    try:
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(staging), str(target)],
                       check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        raise RuntimeError(f"dpkg-deb failed: {exc.stderr.strip()}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def add_user_install_files(bundle: Path) -> None:
    """install.sh, uninstall.sh, the desktop entry and the metainfo beside the executable, for the
    tarball (`build.py --archive`): a player unpacks it and runs ./install.sh."""
    for script in ("install.sh", "uninstall.sh"):
        _write(bundle / script, (HERE / script).read_bytes(), 0o755)
    share = bundle / "_internal" / "share"
    _write(share / "applications" / DESKTOP, (HERE / DESKTOP).read_bytes())
    _write(share / "metainfo" / METAINFO, (HERE / METAINFO).read_bytes())



def run_lintian(deb: Path) -> str | None:
    """lintian's report on the package (None when lintian is not installed)."""
    if shutil.which("lintian") is None:
        return None
    run = subprocess.run(["lintian", "--no-tag-display-limit", "--info", str(deb)], capture_output=True, text=True)
    return (run.stdout + run.stderr).strip() or "lintian: no remarks"
