import os

# Before anything imports pygame: no display, no sound card in tests.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def game_window():
    """The one dummy-driver window of the whole test run, shared by every UI package: opening a
    second SCALED window in the same process is not safe on every SDL (it has crashed Python)."""
    import pygame

    from aleph_null_desktop.ui.app import open_window

    pygame.init()
    surface = pygame.display.get_surface() or open_window()
    yield surface
    pygame.quit()


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that switches the language must not leave the next test speaking it."""
    yield
    from aleph_null_desktop import i18n

    if i18n.current_language() != i18n.SOURCE_LANGUAGE:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
