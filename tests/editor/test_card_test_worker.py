"""Issue 29: "Test this card" workers die with the game (kill -9 included) and Cancel never holds
up a frame."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aleph_null_desktop.editor import Action, CardDraft
from aleph_null_desktop.editor.cardtest import CardTest, CardTestSpec

ROOT = Path(__file__).resolve().parents[2]
KIND = CardDraft(name="Kind Spirit", level=1, side="church", cost=0, on_summon=[{"op": "gain_power", "amount": 3}],
                 actions=[Action([], [{"op": "scrap_self"}])])
GAME = """
import sys, time
from multiprocessing import resource_tracker
from aleph_null_desktop.editor import Action, CardDraft
from aleph_null_desktop.editor.cardtest import CardTest, CardTestSpec
kind = CardDraft(name="Kind Spirit", level=1, side="church", cost=0, on_summon=[{"op": "gain_power", "amount": 3}],
                 actions=[Action([], [{"op": "scrap_self"}])])
test = CardTest(CardTestSpec(kind.to_record("custom_tested"), "church_bells", "adept", "greedy", 100000))
test.start()
while not test.pairs:
    time.sleep(0.05)
    test.poll()
print(test._process.pid, resource_tracker._resource_tracker._pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie has ended: it only waits to be reaped
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True


def watch_waits(test: CardTest) -> list:
    """The blocking waits the frame loop's side makes on the worker from now on (a join with a
    timeout, a queue get that waits), as a list that fills when one happens."""
    waits: list = []
    join, get = test._process.join, test._queue.get

    def recorded_join(timeout=None):
        if timeout is None or timeout > 0:
            waits.append(("join", timeout))
        return join(0)

    def recorded_get(block=True, timeout=None):
        if block:
            waits.append(("get", timeout))
        return get(False)

    test._process.join, test._queue.get = recorded_join, recorded_get
    return waits


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 and /proc")
def test_the_worker_and_its_resource_tracker_die_when_the_game_is_killed():
    game = subprocess.Popen([sys.executable, "-c", GAME], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    pids: list[int] = []
    try:
        line = game.stdout.readline().split()
        assert len(line) == 2, line
        pids = [int(p) for p in line]
        game.send_signal(signal.SIGKILL)
        game.wait(30)
        deadline = time.monotonic() + 10
        while any(alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        survivors = [p for p in pids if alive(p)]
        assert not survivors, f"still running after the game was killed: {survivors} (worker, tracker)"
    finally:
        if game.poll() is None:
            game.kill()
        for pid in pids:  # never leave an orphan behind, whatever the outcome
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def test_cancel_returns_at_once_and_the_worker_ends():
    test = CardTest(CardTestSpec(KIND.to_record("custom_tested"), "church_bells", "adept", "greedy", 100000))
    test.start()
    deadline = time.monotonic() + 60
    while not test.pairs and time.monotonic() < deadline:  # mid-run: a pair being played
        time.sleep(0.02)
        test.poll()
    waits = watch_waits(test)
    test.cancel()
    assert test.state == "cancelled" and waits == []  # it joined the worker for up to 2 s: 0.3-0.7 s a frame
    type(test._process).join(test._process, 5)  # the real join, now that the frame loop is not waiting
    assert not test._process.is_alive()


def test_a_worker_that_ends_without_a_word_fails_without_blocking_a_poll():
    test = CardTest(CardTestSpec(KIND.to_record("custom_tested"), "church_bells", "adept", "greedy", 100000))
    test.start()
    test._process.kill()
    test._process.join(10)
    waits = watch_waits(test)
    deadline = time.monotonic() + 5
    while test.state == "running" and time.monotonic() < deadline:
        test.poll()
        time.sleep(0.016)
    assert test.state == "failed" and waits == []  # it waited 0.2 s inside a poll for a last word
