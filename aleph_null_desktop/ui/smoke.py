"""`aleph-null --smoke-test`: a short scripted ritual through the real scene loop, headless.

Title → a new ritual (Circle of the Adept, fixed seed) → two turns played with posted mouse and
keyboard events → a screenshot → quit. The audio starts as in a real run (files stay off) and the
Hour's music track must load, unless there is no audio device at all. Prints the screenshot's path and a one-line summary;
returns 0, or prints what failed and returns 1. The screenshot is kept only where `screenshot`
says; otherwise it is checked in a temporary folder that is removed before returning.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time

SMOKE_SEED = 7
TURNS = 2
MUSIC_WAIT = 15.0  # seconds; the fade takes 1.5 s, longer on a busy machine


def run_smoke_test(screenshot: str | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from aleph_null_desktop.ui.app import App, _start_audio, open_window
    from aleph_null_desktop.ui.smoke_player import SmokePlayer
    from aleph_null_desktop.ui.table.scene import TableScene

    started = time.perf_counter()
    pygame.init()
    app = None
    scratch = tempfile.mkdtemp(prefix="aleph-null-smoke-")
    try:
        app = App(open_window(), seed=SMOKE_SEED)
        app.audio = _start_audio()
        player = SmokePlayer(app)
        app.show_title()
        player.frames()
        player.click(app.stack.top.buttons[0].rect.center)  # the Circle of the Adept
        table = app.stack.top
        if not isinstance(table, TableScene):
            raise RuntimeError("the title did not open the table")
        music = _music_status(app, player)
        for _ in range(TURNS):
            _play_a_turn(player, table)
            _check(app)
            if table.game.outcome is not None:
                break
        player.frames(20, dt=0.05)
        _check(app)
        shot = screenshot or os.path.join(scratch, "table.png")
        pygame.image.save(app.screen, shot)
        size = os.path.getsize(shot)
        game = table.game
        print(f"screenshot: {shot}" if screenshot else
              f"screenshot: {size} bytes, not kept (--screenshot PATH keeps it)")
        print(f"smoke test ok: {len(table.applied)} commands through the table, Hour {game.hour}, "
              f"damage {game.damage}, {len(game.zone('hand'))} cards in hand, "
              f"music {music}, {time.perf_counter() - started:.1f} s")
        return 0
    except Exception as exc:  # report, never a traceback
        print(f"smoke test failed: {type(exc).__name__}: {exc}")
        return 1
    finally:
        if app is not None:
            app.close()
        pygame.quit()
        shutil.rmtree(scratch, ignore_errors=True)


def _music_status(app, player) -> str:
    """The Hour's track, loaded in the mixer; 'silent (why)' when there is no audio device."""
    audio = app.audio
    if audio is None or not audio.available:
        return f"silent ({getattr(audio, 'status_message', 'no audio system')})"
    deadline = time.monotonic() + MUSIC_WAIT  # the title's track fades out (in real time) first
    while time.monotonic() < deadline:
        player.frames(1, dt=0.05)
        audio.update()
        if audio.loaded_track is not None and audio.loaded_track == audio.current_track:
            return audio.loaded_track
        time.sleep(0.01)
    raise RuntimeError(f"the music track {audio.current_track!r} did not load ({audio.status_message})")


def _check(app) -> None:
    if app.error_text:
        raise RuntimeError(app.error_text)


def _play_a_turn(player, table) -> None:
    """Summon what can be summoned (dragging), answer any question, then end the turn."""
    import pygame

    from aleph_null_desktop.engine import EndTurn, Summon

    for _ in range(12):
        _settle(player, table)
        game = table.game
        if game.outcome is not None:
            return
        summonable = [c.uid for c in game.zone("hand") if Summon(c.uid) in game.legal_commands()]
        if not summonable:
            break
        player.drag(player.card_centre(summonable[0]), player.zone_centre("play"))
    _settle(player, table)
    if table.game.outcome is None and table.game.explain(EndTurn()) is None:
        player.key(pygame.K_SPACE)
        if table.modal is not None:  # the end-turn damage preview asks first
            player.key(pygame.K_RETURN)
        _settle(player, table)


def _settle(player, table) -> None:
    """Answers open questions the way a hurried player would: the first option."""
    import pygame

    from aleph_null_desktop.ui.table.overlays import InterferenceSpotlight

    for _ in range(10):
        player.frames(5, dt=0.05)
        modal = table.modal
        targets = table.presenter.target_options()
        if targets:
            player.click(player.card_centre(next(iter(targets))))
        elif modal is not None and getattr(modal, "cards", None):
            player.click(modal.cards[0][2].center)
        elif isinstance(modal, InterferenceSpotlight):  # interference drawn: summon it
            player.key(pygame.K_RETURN)
        elif modal is not None and getattr(modal, "buttons", None):
            player.click(modal.buttons[-1].rect.center)
        else:
            return
