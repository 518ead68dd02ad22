"""The window: its icon, and a window that fits desktops smaller than the 1920×1080 table."""

import warnings

import pygame

from aleph_null_desktop.ui import app as app_module
from aleph_null_desktop.ui.app import set_window_icon
from aleph_null_desktop.ui.display_mode import MIN_WINDOW, fit_window_to_desktop


def test_the_window_icon_is_set_from_the_shipped_png(screen):
    assert set_window_icon() is True


def test_a_missing_icon_is_no_error(screen, monkeypatch):
    monkeypatch.setattr(app_module, "ICON", ("icons", "app", "no-such-icon.png"))
    assert set_window_icon() is False


def test_headless_windows_are_left_alone(screen):
    assert pygame.display.get_driver() == "dummy"
    assert fit_window_to_desktop() is None


def test_a_window_larger_than_the_desktop_shrinks_to_a_16_9_size_that_fits(screen, monkeypatch):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    before = tuple(window.size)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    try:
        size = fit_window_to_desktop()
        assert size is not None
        w, h = size
        assert w <= 1366 * 0.95 and h <= 768 * 0.88 and abs(w / h - 16 / 9) < 0.01
        assert tuple(window.minimum_size) == MIN_WINDOW  # the player may make it smaller still
        assert pygame.display.get_surface().get_size() == (1920, 1080)  # the table is still drawn at 1920×1080
    finally:
        window.size = before  # the other tests post mouse events in 1920×1080 window pixels
    assert tuple(window.size) == (1920, 1080)
