"""The arrows and Enter on a screen that has no keyboard focus of its own (the title, Judgement,
the pause menu, the editor …): the arrow keys move an outline over what the screen offers to press,
Tab and F6 go round it, Enter presses the outlined one. That is `scene.focus_targets()` when the
screen has it (the editor's chips, steppers and fields), else its buttons (`scene.buttons`, a list
or a dict). Keys the screen uses itself stay its own; the outline shows from the first such key
until a mouse press. It is kept by its place on the screen, so a screen that builds its controls
again after each press keeps the outline where it was."""

from __future__ import annotations

from typing import Callable, NamedTuple

import pygame

from aleph_null_desktop.ui.widgets.keyfocus import ARROWS, draw_focus_ring, is_enter, nearest
from aleph_null_desktop.ui.widgets.button import Button


class Target(NamedTuple):
    rect: pygame.Rect
    press: Callable[[], object]


def scene_buttons(scene) -> list[Button]:
    """The buttons of `scene` one can press now, in its own order."""
    buttons = getattr(scene, "buttons", None)
    if isinstance(buttons, dict):
        buttons = list(buttons.values())
    if not isinstance(buttons, (list, tuple)):
        return []
    return [b for b in buttons if isinstance(b, Button) and b.enabled and b.rect.w > 0 and b.rect.h > 0]


def scene_targets(scene) -> list[Target]:
    own = getattr(scene, "focus_targets", None)
    if callable(own):
        return list(own())
    return [Target(pygame.Rect(b.rect), b.click) for b in scene_buttons(scene)]


class ButtonFocus:
    def __init__(self) -> None:
        self.scene = None  # the screen the outline is on (another screen on top: the outline goes)
        self.rect: pygame.Rect | None = None  # where the outline is

    def hide(self) -> None:
        self.scene = self.rect = None

    def _current(self, scene) -> tuple[list[Target], int | None]:
        """The screen's targets and the outlined one's index (the one in the outline's place, or
        the nearest to it), or None when the outline is not on this screen."""
        if scene is None or self.scene is not scene or self.rect is None:
            return [], None
        targets = scene_targets(scene)
        if not targets:
            return targets, None
        here = self.rect.center
        index = min(range(len(targets)), key=lambda i: (targets[i].rect != self.rect,
                                                        (targets[i].rect.centerx - here[0]) ** 2
                                                        + (targets[i].rect.centery - here[1]) ** 2))
        self.rect = targets[index].rect  # the form moved under it: it stays on the nearest
        return targets, index

    def visible_on(self, scene) -> bool:
        return self._current(scene)[1] is not None

    @property
    def button(self) -> Button | None:
        """The outlined button of the screen it is on (tests read it), if it is a button."""
        scene = self.scene
        targets, index = self._current(scene)
        if index is None:
            return None
        return next((b for b in scene_buttons(scene) if pygame.Rect(b.rect) == targets[index].rect), None)

    def press(self, scene, event) -> bool:
        """Before the screen: Enter presses the outlined target, when there is one (and no menu of
        the screen's own is open over it: then Enter is the menu's)."""
        if not is_enter(event) or getattr(scene, "popup", None) is not None:
            return False
        targets, index = self._current(scene)
        if index is None:
            return False
        self.rect = targets[index].rect
        targets[index].press()
        return True

    def move(self, scene, event) -> bool:
        """A key the screen did not use: arrows, Tab or F6 move the outline. True when it moved."""
        if event.type != pygame.KEYDOWN or event.key not in (*ARROWS, pygame.K_TAB, pygame.K_F6):
            return False
        targets, index = self._current(scene)
        if index is None:
            targets = scene_targets(scene)
            if not targets:
                return False
            self.scene, self.rect = scene, targets[0].rect
            return True
        if event.key in ARROWS:
            index = nearest([t.rect for t in targets], index, ARROWS[event.key])
        else:
            index = (index + (-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)) % len(targets)
        self.rect = targets[index].rect
        return True

    def draw(self, surface: pygame.Surface, scene) -> bool:
        """The ring around the outlined target, if there is one; True if it drew."""
        targets, index = self._current(scene)
        if index is None:
            return False
        draw_focus_ring(surface, targets[index].rect, margin=8)
        return True
