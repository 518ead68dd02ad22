"""Whether the desktop asks applications for less motion: GNOME's `enable-animations`, KDE's
animation speed, Windows' client-area animations, macOS's "Reduce motion". Read once on a
background thread (a `gsettings` that hangs must not delay the first frame); until the answer is
known, and where the platform gives none, the answer is None (normal motion)."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading

log = logging.getLogger(__name__)

ASK_SECONDS = 2.0  # a desktop tool that does not answer by then is taken as "no hint"
SPI_GETCLIENTAREAANIMATION = 0x1042


def _run(*command: str) -> str | None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=ASK_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _linux() -> bool | None:
    answer = _run("gsettings", "get", "org.gnome.desktop.interface", "enable-animations")
    if answer in ("true", "false"):
        return answer == "false"
    factor = _run("kreadconfig5", "--group", "KDE", "--key", "AnimationDurationFactor")
    if factor:
        try:
            return float(factor) == 0.0
        except ValueError:
            return None
    return None


def _windows() -> bool | None:
    import ctypes

    animations = ctypes.c_bool(True)
    if not ctypes.windll.user32.SystemParametersInfoW(SPI_GETCLIENTAREAANIMATION, 0, ctypes.byref(animations), 0):
        return None
    return not animations.value


def _macos() -> bool | None:
    answer = _run("defaults", "read", "com.apple.universalaccess", "reduceMotion")
    return answer == "1" if answer in ("0", "1") else None


def read_desktop_hint(platform: str = sys.platform) -> bool | None:
    """True: the desktop asks for less motion; False: it does not; None: it gives no hint. Never raises."""
    try:
        if platform.startswith("win"):
            return _windows()
        if platform == "darwin":
            return _macos()
        return _linux()
    except Exception:  # a desktop setting is a courtesy: nothing it does may stop the game
        log.info("the desktop's motion setting could not be read", exc_info=True)
        return None


class DesktopMotionHint:
    """The desktop's answer, asked on a thread by `start()`; `value` is None until it came."""

    def __init__(self, reader=read_desktop_hint) -> None:
        self.value: bool | None = None
        self._reader = reader
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._ask, name="desktop-motion", daemon=True)
            self._thread.start()

    def _ask(self) -> None:
        self.value = self._reader()
        log.info("desktop asks for less motion: %s", {True: "yes", False: "no", None: "no hint"}[self.value])

    def wait(self, seconds: float) -> None:
        if self._thread is not None:
            self._thread.join(seconds)
