"""Settings and Statistics keep their screen as one picture and paint again only the button whose
hover changed (ui.render.still_picture): after every input, the frame shown must be exactly what
painting the whole screen afresh shows."""

import pygame

from aleph_null_desktop.ui.scenes.settings import SettingsScene
from aleph_null_desktop.ui.scenes.statistics import StatisticsScene
from tests.ui.test_statistics_screen import HISTORY, _open, _prepare


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))


def _steps_look_as_painted_whole(app, driver, scene, steps) -> None:
    """Each step posts its input and runs one frame of the app; the screen must then equal a whole
    paint of the scene made afresh, with the mouse where it is."""
    mouse = (5, 5)
    for n, step in enumerate(steps):
        kind, value = step
        if kind == "move":
            mouse = value
            driver.post(pygame.MOUSEMOTION, pos=value, rel=(1, 0), buttons=(0, 0, 0))
            app.step(1 / 60)
        elif kind == "click":
            mouse = value
            driver.click(value)
        else:
            driver.key(value)
        assert driver.scene is scene, f"step {n} left the screen"
        shown = _pixels(app.screen)
        scene.handle_event(_motion(mouse))  # (a frame lets a value button's hover go: the mouse sets it again)
        fresh = pygame.Surface(app.screen.get_size(), 0, app.screen)
        scene.paint(fresh)
        assert _pixels(fresh) == shown, f"step {n} ({kind} {value}) differs from a whole paint"


def _over(button) -> tuple[int, int]:
    return button.rect.center


def test_settings_painted_in_parts_look_as_painted_whole(app, driver, user_dirs):
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_s)
    scene = driver.scene
    assert isinstance(scene, SettingsScene)
    driver.frames(2)
    speed = scene.speed.buttons
    steps = [("move", _over(speed[0])), ("move", _over(speed[1])), ("move", (960, 20)),
             ("move", _over(scene.sound.steppers[0].plus)), ("move", _over(scene.keys_button)),
             ("click", _over(speed[1])), ("move", _over(speed[2])), ("move", _over(scene.back_button)),
             ("click", _over(scene.sound.steppers[1].minus)), ("move", _over(scene.sound.mute_button)),
             ("key", pygame.K_m), ("key", pygame.K_TAB), ("key", pygame.K_DOWN), ("move", _over(speed[0])),
             ("click", _over(scene.contrast.buttons[0])), ("move", _over(scene.cues.buttons[1])),
             ("click", _over(speed[0]))]
    whole, parts = scene.still.whole, scene.still.parts_painted
    _steps_look_as_painted_whole(app, driver, scene, steps)
    assert scene.still.parts_painted > parts, "a hover painted its button alone"
    assert scene.still.whole - whole < len(steps), "the screen was not painted whole at every frame"


def test_statistics_painted_in_parts_look_as_painted_whole(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    scene = _open(app, driver)
    assert isinstance(scene, StatisticsScene)
    back, rituals, reset = scene.back_button, scene.rituals_button, scene.reset_button
    steps = [("move", _over(back)), ("move", _over(rituals)), ("move", _over(reset)), ("move", (960, 20)),
             ("click", scene.row_rect(2).center), ("move", _over(back)), ("key", pygame.K_DOWN),
             ("key", pygame.K_TAB), ("move", _over(rituals)), ("click", scene.row_rect(0).center),
             ("move", _over(reset))]
    whole, parts = scene.still.whole, scene.still.parts_painted
    _steps_look_as_painted_whole(app, driver, scene, steps)
    assert scene.still.parts_painted > parts, "a hover painted its button alone"
    assert scene.still.whole - whole < len(steps)
