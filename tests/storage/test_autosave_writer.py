"""The autosave writer thread: the newest state wins, nothing is lost at quit, a kill at any
moment loses at most the last move and never leaves a corrupt save, leftovers go at start."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from aleph_null_desktop import storage
from aleph_null_desktop.storage import autosave, files, paths

ROOT = Path(__file__).resolve().parents[2]


def record(n: int) -> dict:
    return storage.make_record(7, "adept", commands=[{"kind": "take_token"}] * n)


def test_the_latest_state_wins_while_the_disk_is_slow(monkeypatch):
    real_save = autosave.save_autosave
    monkeypatch.setattr(autosave, "save_autosave", lambda r: (time.sleep(0.05), real_save(r))[1])
    writer = storage.AutosaveWriter(wait=0)  # never wait for the disk: only the newest is written
    for n in range(1, 21):
        writer.save(record(n))
    assert writer.flush()
    loaded, messages = storage.load_autosave()
    assert messages == [] and len(loaded["commands"]) == 20
    assert writer.writes < 20  # states handed over while one was being written were skipped
    writer.close()


def test_each_save_waits_for_the_one_before_so_a_kill_loses_at_most_one_move(monkeypatch):
    real_save = autosave.save_autosave
    durable = []
    monkeypatch.setattr(autosave, "save_autosave",
                        lambda r: (time.sleep(0.01), real_save(r), durable.append(len(r["commands"])))[1])
    writer = storage.AutosaveWriter(wait=5)
    for n in range(1, 8):
        writer.save(record(n))
        assert (durable[-1] if durable else 0) >= n - 1  # when save(n) returns, move n-1 is on disk
    assert writer.close()
    assert durable == list(range(1, 8))


def test_clear_after_a_save_leaves_no_autosave():
    writer = storage.AutosaveWriter()
    writer.save(record(3))
    writer.clear()
    assert writer.close()
    assert not storage.has_autosave()


def test_a_malformed_record_raises_in_the_caller():
    writer = storage.AutosaveWriter()
    try:
        writer.save({"version": 1})
    except autosave.InvalidRecord:
        pass
    else:
        raise AssertionError("a malformed record was accepted")
    assert writer.close()


def test_a_refusing_disk_becomes_a_message(monkeypatch):
    monkeypatch.setattr(autosave, "save_autosave", lambda r: ["The game could not be autosaved (disk full)"])
    writer = storage.AutosaveWriter()
    writer.save(record(1))
    writer.flush()
    assert writer.take_messages() == ["The game could not be autosaved (disk full)"]
    assert writer.take_messages() == []


def test_temporary_files_left_by_a_kill_are_removed_at_start():
    target = paths.autosave_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    leftovers = [target.parent / f".{target.name}.{tag}.tmp" for tag in ("a1b2", "zz_9")]
    for leftover in leftovers:
        leftover.write_text('{"version": 1, "se')
    other = target.parent / ".settings.json.x.tmp"  # another file's: not the autosave's business
    other.write_text("{}")
    writer = storage.AutosaveWriter()
    assert writer.removed_temporaries == 2
    assert not any(p.exists() for p in leftovers) and other.exists()


def test_kill_9_at_random_moments_never_corrupts_and_loses_at_most_one_move():
    rng = random.Random(int(os.environ.get("ALEPH_NULL_KILL_SEED", "16")))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    leftovers = 0
    checked = 0
    for run in range(6):
        child = subprocess.Popen([sys.executable, str(Path(__file__).with_name("autosave_child.py")), str(run)],
                                 stdout=subprocess.PIPE, text=True, env=env)
        ready = child.stdout.readline().split()
        assert ready[0] == "ready", ready
        leftovers += int(ready[1])
        time.sleep(rng.uniform(0.05, 0.6))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL
        # a line the kill cut short has no newline yet: only whole lines count
        reports = [line.split() for line in out.split("\n")[:-1] if line.strip()]
        saved, messages = storage.load_autosave()
        assert messages == [], messages  # never a corrupt file
        if saved is not None:
            game, problems = storage.resume_game(saved)
            assert game is not None, problems
        if reports and reports[-1][1] == "cleared":
            # killed after a finished ritual's removal was handed over, before the next ritual's
            # first save: the file is gone, or the finished ritual's last state if not yet removed
            assert saved is None or saved["seed"] == int(reports[-1][0])
        elif reports and int(reports[-1][1]) >= 2:
            # the last move handed over, in the ritual it belongs to
            seed, moves = int(reports[-1][0]), int(reports[-1][1])
            assert saved is not None and saved["seed"] == seed
            assert len(saved["commands"]) >= moves - 1, (moves, len(saved["commands"]))
            checked += 1
    assert checked >= 3  # most kills landed mid-ritual
    files.remove_temporaries(paths.autosave_path())
    print(f"temporary files left by a kill and removed at the next start: {leftovers}")
