"""A game controller for the UI tests: real CONTROLLER* events posted through the app's own loop
(the dummy video driver has no pads, so the controller the app opens on CONTROLLERDEVICEADDED is
a FakeController)."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.button_focus import scene_targets
from aleph_null_desktop.ui.widgets.keyfocus import ARROWS, nearest

PAD_ID = 7  # the joystick instance id SDL would give the pad
DPAD = {pygame.K_UP: pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.K_DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        pygame.K_LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.K_RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
              pygame.CONTROLLER_BUTTON_Y)
LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
START, BACK = pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK


class FakeJoystick:
    def __init__(self, instance_id: int) -> None:
        self.instance_id = instance_id

    def get_instance_id(self) -> int:
        return self.instance_id


class FakeController:
    """What pygame._sdl2.controller.Controller(index) gives for a plugged-in Steam Deck."""

    def __init__(self, device_index: int, instance_id: int = PAD_ID, name: str = "Steam Deck") -> None:
        self.device_index, self.name, self.closed = device_index, name, False
        self._joystick = FakeJoystick(instance_id)

    def as_joystick(self) -> FakeJoystick:
        return self._joystick

    def quit(self) -> None:
        self.closed = True


class PadInput:
    def __init__(self, driver) -> None:
        self.driver = driver
        self.app = driver.app
        self.opened: list[FakeController] = []

        def opener(index: int) -> FakeController:
            pad = FakeController(index)
            self.opened.append(pad)
            return pad

        self.app.gamepads.opener = opener

    def plug_in(self, device_index: int = 0) -> None:
        self.driver.post(pygame.CONTROLLERDEVICEADDED, device_index=device_index)
        self.driver.frames()

    def pull_out(self, instance_id: int = PAD_ID) -> None:
        self.driver.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance_id)
        self.driver.frames()

    def press(self, button: int) -> None:
        self.driver.post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=button)
        self.driver.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=button)
        self.driver.frames()

    def hold(self, button: int) -> None:
        self.driver.post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=button)

    def let_go(self, button: int) -> None:
        self.driver.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=button)

    def stick(self, x: float, y: float) -> None:
        """The left stick to (x, y), each -1 … 1, and a frame."""
        self.driver.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD_ID, axis=pygame.CONTROLLER_AXIS_LEFTX,
                         value=round(x * 32767))
        self.driver.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD_ID, axis=pygame.CONTROLLER_AXIS_LEFTY,
                         value=round(y * 32767))
        self.driver.frames()

    # ------------------------------------------------------------------ moving a focus to a target
    def steer(self, rects, here, target: int, shoulder=None) -> None:
        """D-pad presses that take a focus over `rects` from index here() to `target`, choosing at
        each step the direction the game's own `nearest` rule brings closest. `shoulder`(): a
        zone jump when no direction gets closer."""
        for _ in range(80):
            current = here()
            if current == target:
                return
            goal = pygame.Rect(rects()[target]).center
            boxes = rects()
            best, best_distance = None, _distance(pygame.Rect(boxes[current]).center, goal)
            for key, direction in ARROWS.items():
                to = nearest(boxes, current, direction)
                if to == target:
                    best, best_distance = key, -1
                    break
                d = _distance(pygame.Rect(boxes[to]).center, goal)
                if to != current and d < best_distance:
                    best, best_distance = key, d
            if best is None:
                assert shoulder is not None, "the d-pad cannot reach the target"
                shoulder()
            else:
                import sys; sc=self.driver.scene; print("steer", current, pygame.key.name(best), sc.focus.current(), sc.focus.stops(), file=sys.stderr)
                self.press(DPAD[best])
        raise AssertionError(f"the focus never reached its target {target}: {here()} {self.driver.scene.modal}")

    def focus_table_stop(self, scene, stop) -> None:
        """The table's outline onto `stop` by the shortest run of d-pad and shoulder presses, found
        over the moves the table's own focus makes (its arrow moves and its zones)."""
        focus = scene.focus
        if focus.current() is None or not focus.visible:
            self.press(RB)  # shows the outline
        stops = [s for s in focus.stops() if focus.rect(s) is not None]
        assert stop in stops, (stop, stops)
        presses = {}

        def moves(here):
            for key in ARROWS:
                yield DPAD[key], focus.arrow_move(stops, here, key)
            yield RB, focus.next_zone(stops, here, 1)
            yield LB, focus.next_zone(stops, here, -1)

        start, frontier, came = focus.current(), [focus.current()], {focus.current(): None}
        while frontier and stop not in came:
            here = frontier.pop(0)
            for button, to in moves(here):
                if to not in came:
                    came[to] = (here, button)
                    frontier.append(to)
        assert stop in came, f"the pad cannot reach {stop} from {start}"
        path, at = [], stop
        while came[at] is not None:
            at, button = came[at]
            path.append(button)
        for button in reversed(path):
            self.press(button)
        assert focus.current() == stop, (stop, focus.current())


    def outline_onto(self, rect, directions=tuple(ARROWS)) -> None:
        """The outline of a screen without a focus of its own (ui.button_focus) onto the target at
        `rect`, by the shortest run of d-pad and shoulder presses (RB/LB go round like Tab);
        `directions`: the arrows the screen leaves to the outline."""
        app = self.app
        scene = app.stack.top
        if not app.button_focus.visible_on(scene):
            self.press(DPAD[pygame.K_DOWN])  # shows the outline
        rects = [pygame.Rect(t.rect) for t in scene_targets(scene)]
        goal = rects.index(pygame.Rect(rect))
        start = rects.index(app.button_focus.rect)

        def moves(i):
            for key in directions:
                yield DPAD[key], nearest(rects, i, ARROWS[key])
            yield RB, (i + 1) % len(rects)
            yield LB, (i - 1) % len(rects)

        came, frontier = {start: None}, [start]
        while frontier and goal not in came:
            i = frontier.pop(0)
            for button, to in moves(i):
                if to not in came:
                    came[to] = (i, button)
                    frontier.append(to)
        assert goal in came, "the pad cannot reach it"
        path, at = [], goal
        while came[at] is not None:
            at, button = came[at]
            path.append(button)
        for button in reversed(path):
            self.press(button)
        assert app.button_focus.rect == pygame.Rect(rect), (app.button_focus.rect, rect)


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
