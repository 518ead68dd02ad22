"""Game controllers (SDL's game-controller API: any standard pad, the Steam Deck's own) become the
keys the game already understands, so every screen that works by keyboard works by pad.

    D-pad / left stick  arrows (repeated while held)    A  Enter (choose, drop)
    B                   Esc (back)                       X  H (a hint)
    Y                   F1 (the Grimoire)                Start  Pause (the pause menu)
    LB / RB             Shift+F6 / F6 (the previous / next zone; Tab where a screen has none)
    Select (Back, View) F7 (the table's log; L on the keyboard)

Controllers are opened as they are plugged in (CONTROLLERDEVICEADDED) and let go when pulled out.
The keys made here carry `gamepad=True`, so prompts can show the pad's buttons while it is in use.
"""

from __future__ import annotations

import logging
from typing import Callable

import pygame

from aleph_null_desktop.i18n import later

log = logging.getLogger(__name__)

REPEAT_DELAY = 0.4  # a held direction moves once, then again after this long
REPEAT_EVERY = 0.12  # and then this often
DEADZONE = 0.5  # of the stick's travel: less is the stick at rest (worn sticks drift)
AXIS_MAX = 32767

BUTTON_KEYS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_X: (pygame.K_h, 0),
    pygame.CONTROLLER_BUTTON_Y: (pygame.K_F1, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_F6, pygame.KMOD_LSHIFT),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_F6, 0),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_PAUSE, 0),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_F7, 0),  # a key no screen uses for anything else
}
DIRECTIONS = (pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
              pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
STICK = "stick"  # the left stick's direction, held like a d-pad button

# the pad's button for a key as a shortcut badge names it (ui.widgets.button.key_name)
PAD_PROMPTS = {"Enter": "A", "Esc": "B", "H": "X", "F1": "Y", "Pause": "Start", "F7": "Select",
               "F6": "RB", "Shift+F6": "LB"}

CONTROLLER_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                     pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION)


def open_controller(device_index: int):
    from pygame._sdl2 import controller

    return controller.Controller(device_index)


def start_controllers() -> bool:
    """SDL's game-controller subsystem (pygame.init leaves it off): pads plugged in now and later
    are announced by CONTROLLERDEVICEADDED. False, and the game plays on without, when it fails."""
    try:
        from pygame._sdl2 import controller

        controller.init()
        # the same presses again as raw joystick events: not wanted, and a restless stick would
        # wake the frame loop for nothing
        pygame.event.set_blocked([pygame.JOYAXISMOTION, pygame.JOYBALLMOTION, pygame.JOYHATMOTION,
                                  pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP])
        return True
    except (ImportError, pygame.error) as exc:
        log.info("game controllers are not available: %s", exc)
        return False


def key_event(key: int, mod: int = 0, down: bool = True) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key, mod=mod, unicode="",
                              scancode=0, gamepad=True)


class Gamepads:
    """The controllers plugged in, and the translation of their buttons and sticks into keys.
    `translate(event)` gives the key events for one controller event; `update(dt)` those of a
    direction held long enough to repeat; `next_repeat_in()` when that is."""

    def __init__(self, opener: Callable[[int], object] = open_controller) -> None:
        self.opener = opener
        self.controllers: dict[int, object] = {}  # instance id → the open controller
        self.notes: list = []  # "connected" / "disconnected" lines for the player
        self.last_name = ""  # of the controller plugged in last (a Steam Deck's prompts use its names)
        self.held: int | str | None = None  # the direction held (a d-pad button or STICK)
        self.stick_key: int | None = None  # the arrow the left stick points to, None at rest
        self._stick = [0.0, 0.0]
        self._repeat_in = 0.0

    # ------------------------------------------------------------------ hot-plug
    def _added(self, device_index: int) -> None:
        try:
            pad = self.opener(device_index)
        except (pygame.error, ValueError, IndexError) as exc:  # unplugged again already, or no mapping
            log.info("controller %s could not be opened: %s", device_index, exc)
            return
        self.controllers[_instance_id(pad, device_index)] = pad
        self.last_name = _name(pad)
        self.notes.append(later("Controller connected: {name}.", name=self.last_name))

    def _removed(self, instance_id: int) -> None:
        pad = self.controllers.pop(instance_id, None)
        if pad is None:
            return
        self.notes.append(later("Controller disconnected: {name}.", name=_name(pad)))
        self.held, self.stick_key, self._stick = None, None, [0.0, 0.0]
        try:
            pad.quit()
        except (pygame.error, AttributeError):
            pass

    def take_notes(self) -> list:
        notes, self.notes = self.notes, []
        return notes

    # ------------------------------------------------------------------ buttons and sticks
    def translate(self, event) -> list[pygame.event.Event]:
        """The key events one controller event stands for (none for a plug or an axis at rest)."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._added(getattr(event, "device_index", 0))
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self._removed(getattr(event, "instance_id", -1))
        elif kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            return self._button(event.button, kind == pygame.CONTROLLERBUTTONDOWN)
        elif kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(event.axis, event.value)
        return []

    def _button(self, button: int, down: bool) -> list[pygame.event.Event]:
        if button not in BUTTON_KEYS:
            return []
        key, mod = BUTTON_KEYS[button]
        if button in DIRECTIONS:
            if down:
                self.held, self._repeat_in = button, REPEAT_DELAY
            elif self.held == button:
                self.held = None
        return [key_event(key, mod, down)]

    def _axis(self, axis: int, value: int) -> list[pygame.event.Event]:
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        self._stick[0 if axis == pygame.CONTROLLER_AXIS_LEFTX else 1] = max(-1.0, min(1.0, value / AXIS_MAX))
        x, y = self._stick
        if max(abs(x), abs(y)) < DEADZONE:
            key = None
        elif abs(x) >= abs(y):
            key = pygame.K_RIGHT if x > 0 else pygame.K_LEFT
        else:
            key = pygame.K_DOWN if y > 0 else pygame.K_UP
        if key == self.stick_key:
            return []
        events = [key_event(self.stick_key, down=False)] if self.stick_key is not None else []
        self.stick_key = key
        if key is None:
            if self.held == STICK:
                self.held = None
            return events
        self.held, self._repeat_in = STICK, REPEAT_DELAY
        return events + [key_event(key)]

    # ------------------------------------------------------------------ repeat
    def _held_key(self) -> int | None:
        if self.held == STICK:
            return self.stick_key
        return BUTTON_KEYS[self.held][0] if self.held is not None else None

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The repeats of a direction held for `dt` more seconds."""
        key = self._held_key()
        if key is None:
            return []
        self._repeat_in -= dt
        events = []
        while self._repeat_in <= 1e-9 and len(events) < 4:  # a long stall moves a few steps, not dozens
            events.append(key_event(key))
            self._repeat_in += REPEAT_EVERY
        self._repeat_in = max(self._repeat_in, 0.0)
        return events

    def next_repeat_in(self) -> float | None:
        return self._repeat_in if self._held_key() is not None else None


def _instance_id(pad, device_index: int) -> int:
    try:
        return pad.as_joystick().get_instance_id()
    except (AttributeError, pygame.error):
        return getattr(pad, "id", device_index)


def _name(pad) -> str:
    try:
        return str(pad.name) or "?"
    except (AttributeError, pygame.error):
        return "?"
