"""The arrows and Enter on a screen that has no keyboard focus of its own (the title, Judgement,
the pause menu, the editor's gallery …): the arrow keys move an outline over the screen's buttons
(`scene.buttons`, a list or a dict), Tab and F6 go round them, Enter presses the outlined one. Keys
the screen uses itself stay its own; the outline shows from the first such key until a mouse press."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.table.focus import ARROWS, draw_focus_ring, is_enter, nearest
from aleph_null_desktop.ui.widgets.button import Button


def scene_buttons(scene) -> list[Button]:
    """The buttons of `scene` one can press now, in its own order."""
    buttons = getattr(scene, "buttons", None)
    if isinstance(buttons, dict):
        buttons = list(buttons.values())
    if not isinstance(buttons, (list, tuple)):
        return []
    return [b for b in buttons if isinstance(b, Button) and b.enabled and b.rect.w > 0 and b.rect.h > 0]


class ButtonFocus:
    def __init__(self) -> None:
        self.scene = None  # the screen the outline is on (another screen on top: the outline goes)
        self.button: Button | None = None

    def visible_on(self, scene) -> bool:
        return scene is not None and self.scene is scene and self.button in scene_buttons(scene)

    def hide(self) -> None:
        self.scene = self.button = None

    def press(self, scene, event) -> bool:
        """Before the screen: Enter presses the outlined button, when there is one."""
        if not (is_enter(event) and self.visible_on(scene)):
            return False
        button = self.button
        button.click()
        return True

    def move(self, scene, event) -> bool:
        """A key the screen did not use: arrows, Tab or F6 move the outline. True when it moved."""
        if event.type != pygame.KEYDOWN or event.key not in (*ARROWS, pygame.K_TAB, pygame.K_F6):
            return False
        buttons = scene_buttons(scene)
        if not buttons:
            return False
        if not self.visible_on(scene):
            self.scene, self.button = scene, buttons[0]
            return True
        here = buttons.index(self.button)
        if event.key in ARROWS:
            here = nearest([b.rect for b in buttons], here, ARROWS[event.key])
        else:
            here = (here + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(buttons)
        self.button = buttons[here]
        return True

    def draw(self, surface: pygame.Surface, scene) -> None:
        if self.visible_on(scene):
            draw_focus_ring(surface, self.button.rect, margin=8)
