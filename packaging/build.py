"""Builds the packaged game with PyInstaller: `dist/aleph-null/aleph-null` (one folder).

    python packaging/build.py                  # one folder:  dist/aleph-null/aleph-null[.exe]
    python packaging/build.py --onefile        # one file:    dist/aleph-null[.exe]
    python packaging/build.py --check          # ... then run the bundle's --version and --smoke-test
    python packaging/build.py --archive        # ... and pack it: dist/aleph-null-<version>-<system>.tar.gz/.zip
                                               #     (Linux: with install.sh / uninstall.sh for one user)
    python packaging/build.py --deb            # ... and a Debian package: dist/aleph-null_<version>_<arch>.deb
    python packaging/build.py --bundle dist/aleph-null --deb   # package an existing bundle, no build
    python packaging/build.py --distpath /tmp/out --workpath /tmp/work

Run it with the Python whose environment has the game's dependencies and PyInstaller installed
(`pip install -e ".[packaging]"`, or `pip install -e . "pyinstaller>=6.10,<7"`); it installs
nothing itself. The same command works on Linux, Windows and macOS and builds for the system it
runs on. Everything is described in `packaging/aleph-null.spec`; see `packaging/README.md`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))  # linux_install.py
SPEC = HERE / "aleph-null.spec"
NAME = "aleph-null"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


def fail(message: str) -> int:
    print(f"build.py: {message}", file=sys.stderr)
    return 2


def check_environment() -> str | None:
    """None if this Python can build the game, else what is missing."""
    if sys.version_info < (3, 11):
        return f"Python 3.11+ is needed; this is {sys.version.split()[0]} ({sys.executable})"
    if importlib.util.find_spec("PyInstaller") is None:
        return (f"PyInstaller is not installed in this Python ({sys.executable}).\n"
                f"  Install it with:  {sys.executable} -m pip install \"pyinstaller>=6.10,<7\"\n"
                f"  (or: pip install -e \".[packaging]\" from the checkout)")
    missing = [m for m in ("pygame", "pytmx", "platformdirs", "reportlab", "PIL") if importlib.util.find_spec(m) is None]
    if missing:
        return (f"the game's dependencies are missing from this Python ({', '.join(missing)}); "
                f"install the game first:  {sys.executable} -m pip install -e .")
    if not (ROOT / "assets" / "cards").is_dir():
        return f"{ROOT / 'assets' / 'cards'} is missing: run from a complete checkout"
    return None


def folder_size(path: Path) -> tuple[int, int]:
    """(bytes, files) under `path` (or of the file itself); symlinks are not followed."""
    if path.is_file():
        return path.stat().st_size, 1
    total = files = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
            files += 1
    return total, files


def executable_path(distpath: Path, onefile: bool) -> Path:
    if onefile:
        return distpath / f"{NAME}{EXE_SUFFIX}"
    return distpath / NAME / f"{NAME}{EXE_SUFFIX}"


def build(distpath: Path, workpath: Path, onefile: bool = False, clean: bool = False,
          quiet: bool = False) -> Path:
    """Runs PyInstaller on the spec; returns the executable's path. Raises on failure."""
    env = dict(os.environ)
    env["ALEPH_NULL_ONEFILE"] = "1" if onefile else "0"
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame while analysing
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(distpath),
           "--workpath", str(workpath)]
    if clean:
        cmd.append("--clean")
    if quiet:
        cmd += ["--log-level", "WARN"]
    cmd.append(str(SPEC))
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    exe = executable_path(distpath, onefile)
    if not exe.is_file():
        raise RuntimeError(f"PyInstaller finished but {exe} does not exist")
    return exe


def check_bundle(exe: Path) -> None:
    """--version and --smoke-test of the built executable, headless, with the player's folders
    redirected to a temporary directory; the bundle's own folder must not change."""
    bundle = exe.parent
    before = {p: p.stat().st_mtime_ns for p in bundle.rglob("*")}
    with tempfile.TemporaryDirectory(prefix="aleph-null-check-") as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   XDG_DATA_HOME=f"{tmp}/data", XDG_CONFIG_HOME=f"{tmp}/config",
                   XDG_CACHE_HOME=f"{tmp}/cache", XDG_STATE_HOME=f"{tmp}/state", TMPDIR=f"{tmp}/tmp")
        os.makedirs(f"{tmp}/tmp")
        for args in (["--version"], ["--smoke-test"]):
            started = time.perf_counter()
            run = subprocess.run([str(exe), *args], cwd=tmp, env=env, capture_output=True, text=True,
                                 timeout=300)
            print(f"$ {exe.name} {' '.join(args)}   ({time.perf_counter() - started:.2f} s, exit {run.returncode})")
            print("  " + run.stdout.strip().replace("\n", "\n  "))
            if run.returncode != 0:
                raise RuntimeError(f"{exe} {' '.join(args)} exited {run.returncode}:\n{run.stderr}")
    after = {p: p.stat().st_mtime_ns for p in bundle.rglob("*")}
    if after != before:
        changed = sorted(str(p) for p in set(after) ^ set(before)) + sorted(
            str(p) for p in after if p in before and after[p] != before[p])
        raise RuntimeError("the game wrote into its own folder: " + ", ".join(changed[:10]))
    print("check: ok (nothing written next to the executable)")


def version() -> str:
    text = (ROOT / "aleph_null_desktop" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__\s*=\s*"([^"]+)"', text).group(1)


def archive(target: Path, onefile: bool) -> Path:
    """A release archive beside the build: .tar.gz on Linux (keeps permissions), .zip elsewhere."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    base = target.parent / f"{NAME}-{version()}-{system}-{platform.machine().lower()}"
    fmt = "gztar" if sys.platform.startswith("linux") else "zip"
    if onefile:
        return Path(shutil.make_archive(str(base), fmt, root_dir=target.parent, base_dir=target.name))
    if sys.platform.startswith("linux"):
        from linux_install import add_user_install_files

        add_user_install_files(target)
    return Path(shutil.make_archive(str(base), fmt, root_dir=target.parent, base_dir=NAME))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the packaged game with PyInstaller.")
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file, not a folder")
    parser.add_argument("--distpath", type=Path, default=ROOT / "dist", help="where the game goes (dist/)")
    parser.add_argument("--workpath", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (build/pyinstaller/)")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's caches first")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings and errors")
    parser.add_argument("--check", action="store_true",
                        help="after building, run the bundle's --version and --smoke-test headless")
    parser.add_argument("--archive", action="store_true",
                        help="pack the result as dist/aleph-null-<version>-<system>-<machine>.tar.gz (.zip)")
    parser.add_argument("--deb", action="store_true",
                        help="Linux: a Debian package dist/aleph-null_<version>_<arch>.deb (dpkg-deb), checked by "
                             "lintian when it is installed")
    parser.add_argument("--bundle", type=Path, help="use this built bundle folder instead of building")
    args = parser.parse_args(argv)

    if args.bundle is not None:
        exe = args.bundle.resolve() / f"{NAME}{EXE_SUFFIX}"
        if not exe.is_file():
            return fail(f"{args.bundle} holds no {NAME}{EXE_SUFFIX}: build it first (build.py)")
        args.onefile = False
    else:
        problem = check_environment()
        if problem:
            return fail(problem)
        started = time.perf_counter()
        try:
            exe = build(args.distpath.resolve(), args.workpath.resolve(), onefile=args.onefile,
                        clean=args.clean, quiet=args.quiet)
        except subprocess.CalledProcessError as exc:
            return fail(f"PyInstaller failed (exit {exc.returncode}); its messages are above")
        except RuntimeError as exc:
            return fail(str(exc))
        print(f"built {exe} in {time.perf_counter() - started:.0f} s")
    target = exe if args.onefile else exe.parent
    size, files = folder_size(target)
    print(f"bundle: {target}  {size / 1e6:.1f} MB in {files} files")
    if args.check:
        try:
            check_bundle(exe)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            return fail(f"check failed: {exc}")
    if args.archive:
        packed = archive(target, args.onefile)
        print(f"archive: {packed}  {packed.stat().st_size / 1e6:.1f} MB")
    if args.deb:
        if args.onefile or not sys.platform.startswith("linux"):
            return fail("--deb packages the one-folder bundle, on Linux")
        from linux_install import make_deb, run_lintian

        try:
            deb = make_deb(target, args.distpath.resolve(), version())
        except RuntimeError as exc:
            return fail(str(exc))
        print(f"deb: {deb}  {deb.stat().st_size / 1e6:.1f} MB")
        report = run_lintian(deb)
        print(report if report is not None else "lintian is not installed: the package was not checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
