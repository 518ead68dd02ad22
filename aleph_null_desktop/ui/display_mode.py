"""Fullscreen that fills the screen with or without a window manager.

SDL asks the window manager for fullscreen. On X11 with no window manager (a kiosk, a bare X
session) nobody answers: SDL believes the window is 1920×1080 while it stays at its old size, and
the table is drawn cut off. There the window is instead made borderless, placed at the top left
and sized to the desktop. Where the display refuses fullscreen, the window stays as it was and
the player is told.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import warnings

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme

log = logging.getLogger(__name__)

XA_WINDOW = 33  # X11's predefined atom for the WINDOW type


def window_manager_present() -> bool | None:
    """On X11: whether a window manager announces itself (EWMH's _NET_SUPPORTING_WM_CHECK on the
    root window). None where this cannot be known (another video driver, no libX11)."""
    try:
        if pygame.display.get_driver() != "x11":
            return None
        xlib = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    except (OSError, pygame.error):
        return None
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    xlib.XGetWindowProperty.argtypes = [
        ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int,
        ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
    xlib.XFree.argtypes = [ctypes.c_void_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = xlib.XOpenDisplay(None)
    if not display:
        return None
    try:
        atom = xlib.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", 1)
        if not atom:
            return False
        kind, fmt = ctypes.c_ulong(), ctypes.c_int()
        count, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        status = xlib.XGetWindowProperty(display, xlib.XDefaultRootWindow(display), atom, 0, 1, 0,
                                         XA_WINDOW, ctypes.byref(kind), ctypes.byref(fmt),
                                         ctypes.byref(count), ctypes.byref(after), ctypes.byref(data))
        if data:
            xlib.XFree(data)
        return status == 0 and count.value > 0
    finally:
        xlib.XCloseDisplay(display)


def _window():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class DisplayMode:
    """The window's mode: "windowed", "fullscreen" (the system's) or "desktop" (borderless at
    desktop size, where no window manager can make the window fullscreen)."""

    def __init__(self) -> None:
        self.mode = "windowed"
        self._windowed_size: tuple[int, int] | None = None
        self._windowed_position: tuple[int, int] | None = None

    @property
    def fullscreen(self) -> bool:
        return self.mode != "windowed"

    def toggle(self) -> str | None:
        """Switches between windowed and fullscreen; None when done, else why not (in words)."""
        return self.leave() if self.fullscreen else self.enter()

    def enter(self) -> str | None:
        if window_manager_present() is False:
            return self._enter_desktop()
        try:
            if not pygame.display.toggle_fullscreen():
                return _("Fullscreen is not available here; the game stays in a window.")
        except pygame.error as exc:
            return _("Fullscreen is not available here: {reason}").format(reason=exc)
        self.mode = "fullscreen"
        return None

    def leave(self) -> str | None:
        try:
            if self.mode == "desktop":
                window = _window()
                window.borderless = False
                if self._windowed_size:
                    window.size = self._windowed_size
                    window.position = self._windowed_position or pygame.WINDOWPOS_CENTERED
            else:
                pygame.display.toggle_fullscreen()
        except (pygame.error, AttributeError) as exc:
            return _("The window could not be restored: {reason}").format(reason=exc)
        self.mode = "windowed"
        fit_window_to_desktop()  # pygame restores 1920×1080: fit it to the desktop again
        return None

    def _enter_desktop(self) -> str | None:
        try:
            window = _window()
            desktop = pygame.display.get_desktop_sizes()[0]
            self._windowed_size, self._windowed_position = tuple(window.size), tuple(window.position)
            window.borderless = True
            window.position = (0, 0)
            window.size = desktop
        except (pygame.error, AttributeError, IndexError) as exc:
            log.info("borderless desktop window refused: %s", exc)
            return _("Fullscreen is not available here: {reason}").format(reason=exc)
        self.mode = "desktop"
        return None


def headless() -> bool:
    """A display driver with no screen (tests, the smoke test)."""
    try:
        return pygame.display.get_driver() in ("dummy", "offscreen")
    except pygame.error:  # the display is not initialised yet
        return os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen")


MIN_WINDOW = (640, 360)
DESKTOP_SHARE = (0.95, 0.88)  # of the desktop a new window may take (room for a taskbar and title bar)


def fit_window_to_desktop() -> tuple[int, int] | None:
    """SCALED makes the logical 1920×1080 the window's *minimum* size, so on a smaller desktop
    (1366×768, 1600×900, a scaled laptop screen) the window would not fit and could not be made
    smaller. Lower the minimum, and shrink a window larger than the desktop to the biggest 16:9
    size that fits; the picture is scaled and letterboxed, the mouse still maps to the table.
    Headless drivers are left alone. Returns the window size, or None if nothing could be done."""
    if headless():
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = MIN_WINDOW
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
        room_w, room_h = desktop_w * DESKTOP_SHARE[0], desktop_h * DESKTOP_SHARE[1]
        w, h = window.size
        if w > room_w or h > room_h:
            scale = min(room_w / theme.LOGICAL_SIZE[0], room_h / theme.LOGICAL_SIZE[1])
            window.size = (max(MIN_WINDOW[0], int(theme.LOGICAL_SIZE[0] * scale)),
                           max(MIN_WINDOW[1], int(theme.LOGICAL_SIZE[1] * scale)))
            window.position = pygame.WINDOWPOS_CENTERED
        return tuple(window.size)
    except (AttributeError, IndexError, ValueError, pygame.error) as exc:  # an older pygame, no desktop
        log.info("window not fitted to the desktop: %s", exc)
        return None
