"""The present: the 1920×1080 screen the game draws, shown in its SCALED window.

pygame's `display.flip()` copies the whole screen (XRGB8888) into a texture of another format
(ARGB8888) every frame, and the renderer converts it back while drawing it into the window: about
3.5 ms of CPU a frame with the dummy driver, half the frame budget. Here the renderer pygame made
for the window (pygame._sdl2.video) draws a texture of the screen's own format, made once, into
which only what changed is copied (the regions a scene says it changed, else the whole screen):
2.6 ms for a whole screen, about 1 ms for a few fields (dummy driver); in a real X window the
copy to the graphics card shrinks the same way. The picture in the window is the same, pixel for
pixel (tests/ui/test_window_present.py; checked in an Xvfb window with OpenGL and smooth scaling).

pygame frees its renderer, and with it every texture made for it, in `display.set_mode`,
`display.toggle_fullscreen` (a software renderer on X11) and `quit`: `forget()` lets the texture
go before (App.toggle_fullscreen, open_window, pygame's quit). Where pygame._sdl2 is missing or
fails, the present is `display.flip()` (said once in the log).
"""

from __future__ import annotations

import logging
import warnings

import pygame

log = logging.getLogger(__name__)


class WindowPresenter:
    def __init__(self) -> None:
        self._renderer = None
        self._texture = None
        self._screen: pygame.Surface | None = None  # the screen the texture holds a picture of
        self._quit_registered = False
        self.failed = False  # the texture path failed once: display.flip() from then on
        self.whole = 0  # presents that copied the whole screen (tests and the bench read them)
        self.partial = 0  # presents that copied only the regions that changed
        self.cleared = 0  # presents that cleared the window first (its picture leaves bars)

    def forget(self) -> None:
        """The texture goes (before pygame frees the renderer); the next present makes it again."""
        self._texture = self._renderer = self._screen = None

    def present(self, screen: pygame.Surface, regions: list[pygame.Rect] | None = None) -> None:
        """Shows `screen` in the window. `regions`: all that changed on it since the last present
        (None: anything may have)."""
        if self.failed or screen is not pygame.display.get_surface():
            pygame.display.flip()
            return
        try:
            self._show(screen, regions)
        except Exception as exc:  # (pygame._sdl2 is pygame's experimental module) the window still shows the frame
            self.failed = True
            self.forget()
            log.info("the window is presented by display.flip(): %s: %s", type(exc).__name__, exc)
            pygame.display.flip()

    def _show(self, screen: pygame.Surface, regions: list[pygame.Rect] | None) -> None:
        if self._texture is None or self._screen is not screen or self._texture.get_rect().size != screen.get_size():
            self._open(screen)  # (made from the screen: holds all of it)
        elif regions is None:
            self._texture.update(screen)
            self.whole += 1
        else:
            bounds = screen.get_rect()
            for region in regions:
                region = region.clip(bounds)
                if region.w and region.h:
                    # the area as a tuple: pygame-ce 2.5's Texture.update reads a Rect's size wrongly
                    # (and then draws the region at the top left)
                    self._texture.update(screen.subsurface(region), tuple(region))
            self.partial += 1
        renderer = self._renderer
        if pygame.display.get_window_size() != screen.get_size():
            # a window of another size shows the picture scaled, perhaps with bars beside it that
            # must be cleared; one of the screen's own size is covered by it whole (0.46 of 1.37 ms)
            renderer.clear()
            self.cleared += 1
        self._texture.draw()
        renderer.present()

    def _open(self, screen: pygame.Surface) -> None:
        from pygame._sdl2 import video

        self.forget()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            renderer = video.Renderer.from_window(video.Window.from_display_module())
        self._texture = video.Texture.from_surface(renderer, screen)  # the screen's own pixel format
        self._renderer, self._screen = renderer, screen
        self.whole += 1
        if not self._quit_registered:
            pygame.register_quit(self._at_quit)
            self._quit_registered = True

    def _at_quit(self) -> None:
        self._quit_registered = False
        self.forget()


PRESENTER = WindowPresenter()  # the one window of the game
