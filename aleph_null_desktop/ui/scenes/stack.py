"""The scene stack: title, table, judgement, pause… Each scene handles events, updates and
draws; only the top scene gets events; scenes below an overlay are drawn first."""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import current_language
from aleph_null_desktop.ui import style
from aleph_null_desktop.ui.render.veil import darken


class Scene:
    overlay = False  # True: the scene below is drawn first (a pause menu over the table)
    # an overlay that changes nothing under it while it is open (the pause menu): what is under
    # it is drawn once, darkened by `veil`, and that picture is shown again every frame
    keeps_under = False
    veil = 0

    def __init__(self, app) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def next_change(self) -> float | None:
        """When this scene changes by itself, without input: 0 while something moves (every frame
        is drawn), in so many seconds for a timer (a caret's blink, a hover's pause), None when only
        input changes it. The frame loop sleeps until then (ui.frame_loop)."""
        return None

    def leave(self) -> None:
        """Back to the scene underneath, or to the title when this scene is the only one."""
        if len(self.app.stack.scenes) > 1 and self.app.stack.top is self:
            self.app.stack.pop()
        else:
            self.app.show_title()

    def restyle(self) -> None:
        """The UI scale, contrast, cues or language changed: redraw anything cached."""

    def covers(self) -> pygame.Rect | None:
        """A `keeps_under` overlay: the part of the screen it paints over whole on every frame, or
        None. What is under it is kept only around that part (the Grimoire's book: 1.8 MB of a
        screen's 8 MB)."""
        return None

    def hidden(self) -> None:
        """Called every frame in which another scene covers this one and it is not drawn: a
        scene may let its screen-sized pictures go and draw them again when it shows."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.departures = 0  # pops and replacements so far: App.step frees what was left
        # (key, pieces) of what is under a `keeps_under` overlay: [(picture, where)], the whole
        # screen, or the bands around what the overlay covers
        self._under: tuple | None = None

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> Scene | None:
        self.departures += 1
        return self.scenes.pop() if self.scenes else None

    def replace_all(self, scene: Scene) -> None:
        self.scenes = [scene]
        self.departures += 1

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.top:
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def next_change(self) -> float | None:
        """The top scene's `next_change` (only the top scene is updated)."""
        return self.top.next_change() if self.top else None

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[:first]:
            scene.hidden()
        top = self.top
        if top is None or not top.keeps_under or first == len(self.scenes) - 1:
            self._under = None
            for scene in self.scenes[first:]:
                scene.draw(surface)
            return
        # the scenes under the top one are not updated while it is open: their picture is kept
        covered = top.covers()
        covered = None if covered is None else covered.clip(surface.get_rect())
        key = (self.departures, id(top), id(surface), surface.get_size(), current_language(), style.current(),
               None if covered is None else tuple(covered))
        if self._under is not None and self._under[0] == key:
            for picture, where in self._under[1]:
                surface.blit(picture, where)
            for scene in self.scenes[first:-1]:
                scene.hidden()
        else:
            for scene in self.scenes[first:-1]:
                scene.draw(surface)
            if top.veil:
                darken(surface, top.veil)
            self._under = None  # (the old picture goes before the new one is made)
            self._under = (key, [(surface.subsurface(band).copy(), band.topleft)
                                 for band in _around(surface.get_rect(), covered) if band.w and band.h])
            for scene in self.scenes[first:-1]:  # kept: their own pictures go before the top one draws
                scene.hidden()
        top.draw(surface)


def _around(screen: pygame.Rect, covered: pygame.Rect | None) -> list[pygame.Rect]:
    """The screen less `covered`: the bands above and below it, and left and right of it."""
    if covered is None or not covered.w or not covered.h:
        return [screen]
    return [pygame.Rect(screen.x, screen.y, screen.w, covered.y - screen.y),
            pygame.Rect(screen.x, covered.bottom, screen.w, screen.bottom - covered.bottom),
            pygame.Rect(screen.x, covered.y, covered.x - screen.x, covered.h),
            pygame.Rect(covered.right, covered.y, screen.right - covered.right, covered.h)]
