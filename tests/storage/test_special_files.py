"""Issue 29: special files in place of data files. A FIFO, a device or a folder where a data file
should be is refused at once, never waited on; a file is read once, checked on the opened
descriptor, size-capped while read; a card pack stores exactly the bytes it checked."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from aleph_null_desktop import cardpacks
from aleph_null_desktop.storage import files, paths
from aleph_null_desktop.storage.settings import load_settings
from aleph_null_desktop.storage.stats import load_stats

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
EXAMPLE = Path(__file__).resolve().parents[2] / "assets" / "packs" / "example.json"


def within(seconds: float, fn, *fifos: Path):
    """fn()'s result if it returns within `seconds`; else the test fails (and the FIFOs get a
    writer, so the thread stuck on them ends)."""
    result: list = []
    worker = threading.Thread(target=lambda: result.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        for fifo in fifos:
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        worker.join(5)
        pytest.fail(f"{getattr(fn, '__name__', fn)} waited on a FIFO for more than {seconds} s")
    return result[0]


def fifo_at(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_fifo_as_settings_is_set_aside_and_the_game_starts_with_defaults():
    fifo = fifo_at(paths.settings_path())
    settings, messages = within(5, load_settings, fifo)
    assert "not an ordinary file" in str(messages[0]) and "set aside" in str(messages[0])
    assert not fifo.exists()


def test_a_fifo_as_statistics_is_set_aside():
    fifo = fifo_at(paths.stats_path())
    stats, messages = within(5, load_stats, fifo)
    assert stats["history"] == [] and "not an ordinary file" in str(messages[0])


def test_simulate_cards_on_a_fifo_is_refused(tmp_path):
    from aleph_null_desktop.editor.cardtest import load_for_simulation

    fifo = fifo_at(tmp_path / "cards.json")

    def load():
        try:
            load_for_simulation(fifo)
        except ValueError as err:
            return str(err)
    assert "not an ordinary file" in within(5, load, fifo)


def test_a_fifo_in_the_packs_folder_is_listed_as_refused(tmp_path):
    folder = tmp_path / "packs"
    fifo = fifo_at(folder / "pipe.json")
    shelf = cardpacks.PackShelf(folder)
    within(5, shelf.load, fifo)
    assert [r.id for r in shelf.refused] == ["pipe"] and "not an ordinary file" in shelf.refused[0].reason


@pytest.mark.parametrize("swap", ["fifo", "grown"])
def test_a_pack_swapped_after_its_check_stores_what_was_checked(tmp_path, monkeypatch, swap):
    # PackShelf.add read the file to check it, then again to copy it: whatever was there then
    source = tmp_path / "in" / "pack.json"
    source.parent.mkdir()
    good = EXAMPLE.read_bytes()
    source.write_bytes(good)
    real_check = cardpacks.check_pack

    def check_then_swap(doc, *args, **kwargs):
        result = real_check(doc, *args, **kwargs)
        source.unlink()
        if swap == "fifo":
            os.mkfifo(source)
        else:
            source.write_bytes(b" " * 3_000_000 + good)  # grown past the cap
        return result

    monkeypatch.setattr(cardpacks, "check_pack", check_then_swap)
    shelf = cardpacks.PackShelf(tmp_path / "packs")
    shelf.load()
    pack, message = within(5, lambda: shelf.add(source), source)
    assert pack is not None, message
    assert pack.path.read_bytes() == good


def test_read_file_bytes_refuses_a_folder_a_device_and_caps_a_large_file(tmp_path):
    assert "folder" in str(files.read_file_bytes(tmp_path, 100)[1])
    if os.path.exists("/dev/zero"):  # endless: only the descriptor's check stops it
        assert "not an ordinary file" in str(files.read_file_bytes("/dev/zero", 100)[1])
    big = tmp_path / "big.json"
    big.write_bytes(b"1" * 101)
    assert "more than" in str(files.read_file_bytes(big, 100)[1])
    assert files.read_file_bytes(big, 101) == (b"1" * 101, None)
    with pytest.raises(FileNotFoundError):
        files.read_file_bytes(tmp_path / "missing.json", 100)
