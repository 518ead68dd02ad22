"""The scene stack: title, table, judgement, pause… Each scene handles events, updates and
draws; only the top scene gets events; scenes below an overlay are drawn first."""

from __future__ import annotations

import pygame


class Scene:
    overlay = False  # True: the scene below is drawn first (a pause menu over the table)

    def __init__(self, app) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def leave(self) -> None:
        """Back to the scene underneath, or to the title when this scene is the only one."""
        if len(self.app.stack.scenes) > 1 and self.app.stack.top is self:
            self.app.stack.pop()
        else:
            self.app.show_title()

    def restyle(self) -> None:
        """The UI scale, contrast, cues or language changed: redraw anything cached."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.departures = 0  # pops and replacements so far: App.step frees what was left

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

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(surface)
