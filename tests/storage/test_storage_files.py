"""files.py: atomic writes, defensive reads, quarantine."""

from __future__ import annotations

import json
import os
from datetime import datetime

import pytest

from aleph_null_desktop.storage import files

NOW = datetime(2026, 11, 23, 10, 15, 0)


# ---------------------------------------------------------------------------- atomic writes


def test_write_round_trip_and_no_temp_files(tmp_path, listing):
    target = tmp_path / "out" / "doc.json"  # parent created on demand
    doc = {"name": "Prüfung ✶", "n": [1, 2.5, None, True], "nested": {"a": {}}}
    files.write_json_atomic(target, doc)
    files.write_json_atomic(target, {**doc, "n": []})  # overwrite
    assert json.loads(target.read_text(encoding="utf-8")) == {**doc, "n": []}
    assert listing(target.parent) == ["doc.json"]


def test_compact_and_pretty_output_are_both_json(tmp_path):
    files.write_json_atomic(tmp_path / "a.json", {"x": [1, 2]}, pretty=False)
    files.write_json_atomic(tmp_path / "b.json", {"x": [1, 2]}, pretty=True)
    assert (tmp_path / "a.json").read_text() == '{"x":[1,2]}\n'
    assert json.loads((tmp_path / "b.json").read_text()) == {"x": [1, 2]}
    assert "\n  " in (tmp_path / "b.json").read_text()


def test_failed_replace_keeps_old_file_and_leaves_no_temp(tmp_path, listing, monkeypatch):
    target = tmp_path / "doc.json"
    files.write_json_atomic(target, {"old": True})
    before = target.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space"):
        files.write_json_atomic(target, {"new": True})
    assert target.read_bytes() == before
    assert listing(tmp_path) == ["doc.json"]


def test_failed_fsync_keeps_old_file_and_leaves_no_temp(tmp_path, listing, monkeypatch):
    target = tmp_path / "doc.json"
    files.write_json_atomic(target, {"old": True})

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        files.write_json_atomic(target, {"new": True})
    assert json.loads(target.read_text()) == {"old": True}
    assert listing(tmp_path) == ["doc.json"]


@pytest.mark.parametrize("bad", [{"x": float("nan")}, {"x": object()}, {"x": float("inf")}])
def test_unserialisable_data_touches_nothing(tmp_path, listing, bad):
    target = tmp_path / "doc.json"
    files.write_json_atomic(target, {"old": True})
    with pytest.raises((TypeError, ValueError)):
        files.write_json_atomic(target, bad)
    assert json.loads(target.read_text()) == {"old": True}
    assert listing(tmp_path) == ["doc.json"]


def test_data_is_fsynced_before_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    files.write_json_atomic(tmp_path / "doc.json", {"a": 1})
    assert calls.index("fsync") < calls.index("replace")


# ---------------------------------------------------------------------------- reading


def test_read_valid_file(tmp_path):
    (tmp_path / "a.json").write_text('{"a": [1, "ü"]}', encoding="utf-8")
    assert files.read_json(tmp_path / "a.json") == ({"a": [1, "ü"]}, None)


def test_read_accepts_a_byte_order_mark(tmp_path):
    (tmp_path / "a.json").write_bytes(b"\xef\xbb\xbf" + b'{"a": 1}')
    assert files.read_json(tmp_path / "a.json") == ({"a": 1}, None)


def test_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        files.read_json(tmp_path / "nope.json")


@pytest.mark.parametrize(
    "content, expected",
    [
        (b'{\n  "a": 1,\n  "b": 2\n', "line 4, column 1: a comma is missing"),
        (b'{"a": 1,\n "b" 2}', "line 2, column 6: a colon is missing"),
        (b"", "it is empty"),
        (b"  \n\t ", "it is empty"),
        (b'{"a": "\xff\xfe"}', "not UTF-8 text (byte 0xff at position 7)"),
        (b'{"a": NaN}', "NaN is not allowed"),
        (b'{"a": -Infinity}', "-Infinity is not allowed"),
        (b"[" * 1000 + b"]" * 1000, "nested more than 64 levels"),
        (b"[" * 100 + b"]" * 100, "nested more than 64 levels"),
        (b'{"a": ' * 70 + b"1" + b"}" * 70, "nested more than 64 levels"),
        (b"[" * 200_000, "nested more than 64 levels"),
    ],
)
def test_bad_content_is_a_problem_not_an_exception(tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    value, problem = files.read_json(path)
    assert value is None
    assert expected in str(problem)


def test_depth_limit_is_exact(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("[" * 64 + "]" * 64)
    assert files.read_json(path)[1] is None
    path.write_text("[" * 65 + "]" * 65)
    assert "nested" in str(files.read_json(path)[1])


def test_size_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"x": "a" * 2000}))
    value, problem = files.read_json(path, max_bytes=100)
    assert value is None and str(problem) == "it is 2 KB, more than the 100 bytes allowed"
    assert files.read_json(path, max_bytes=10_000)[1] is None


def test_a_folder_where_the_file_should_be(tmp_path):
    (tmp_path / "a.json").mkdir()
    value, problem = files.read_json(tmp_path / "a.json")
    assert value is None and str(problem) == "it is a folder, not a file"


@pytest.mark.parametrize(
    "doc, expected",
    [
        ({}, None),
        ({"version": 1}, None),
        ({"version": 2}, "newer version of the game: format 2, this version reads format 1"),
        ({"version": 0}, "unknown format version 0"),
        ({"version": "1"}, "not a whole number"),
        ({"version": True}, "not a whole number"),
        ({"version": 1.0}, "not a whole number"),
    ],
)
def test_version_problem(doc, expected):
    problem = files.version_problem(doc, 1)
    if expected is None:
        assert problem is None
    else:
        assert expected in str(problem)


# ---------------------------------------------------------------------------- quarantine


def test_quarantine_renames_with_a_timestamp(tmp_path, listing):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{broken")
    new = files.quarantine(path, "broken", now=NOW)
    assert new == tmp_path / "settings.json.corrupt-20261123-101500"
    assert new.read_bytes() == b"{broken"
    assert not path.exists()
    assert listing(tmp_path) == ["settings.json.corrupt-20261123-101500"]


def test_quarantine_never_overwrites_an_earlier_copy(tmp_path):
    path = tmp_path / "stats.json"
    made = []
    for i in range(3):
        path.write_text(str(i))
        made.append(files.quarantine(path, "x", now=NOW))
    assert [p.name for p in made] == [
        "stats.json.corrupt-20261123-101500",
        "stats.json.corrupt-20261123-101500-2",
        "stats.json.corrupt-20261123-101500-3",
    ]
    assert [p.read_text() for p in made] == ["0", "1", "2"]


def test_quarantine_keeps_only_the_newest_copies(tmp_path, listing):
    path = tmp_path / "a.json"
    for minute in range(8):
        path.write_text(str(minute))
        files.quarantine(path, "x", now=NOW.replace(minute=minute))
    (tmp_path / "other.json.corrupt-20200101-000000").write_text("kept")
    copies = files.quarantined_copies(path)
    assert len(copies) == files.QUARANTINE_KEEP
    assert [p.read_text() for p in copies] == ["3", "4", "5", "6", "7"]
    assert "other.json.corrupt-20200101-000000" in listing(tmp_path)


def test_set_aside_message(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{\n "a": 1\n "b": 2}')
    _, problem = files.read_json(path)
    message = files.set_aside(path, problem, now=NOW)
    assert str(message) == (
        "settings.json could not be read (line 3, column 2: a comma is missing); "
        "it was set aside as settings.json.corrupt-20261123-101500 and defaults are used"
    )


def test_set_aside_never_raises_when_the_rename_fails(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text("x")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    message = files.set_aside(path, "it is empty")
    assert str(message) == (
        "settings.json could not be read (it is empty); it could not be set aside "
        "(permission denied) and defaults are used"
    )
    assert path.read_text() == "x"
