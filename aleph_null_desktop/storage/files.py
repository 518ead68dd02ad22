"""JSON files that survive crashes and never crash the game.

* ``write_json_atomic``: the new content goes to a temp file in the same folder, is flushed and
  fsynced, then ``os.replace`` swaps it in. A crash or error at any moment leaves either the old
  file or the new one, never half of one, and no temp file behind.
* ``read_json``: returns ``(value, None)`` or ``(None, problem)``, where *problem* is a short
  phrase for the player ("line 3, column 5: a comma is missing", "it is empty", ...), an
  ``i18n.Message`` that is translated when it is shown. Only a missing file
  raises (``FileNotFoundError``): that is not a problem, just nothing saved yet.
* ``quarantine``: renames a file that cannot be used to ``<name>.corrupt-<YYYYmmdd-HHMMSS>``, so
  the player's data is kept for inspection and the game starts clean.
* ``set_aside``: quarantine + the message the UI shows; never raises.
"""

from __future__ import annotations

import json
import logging
import math
import os
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from aleph_null_desktop import safe_text
from aleph_null_desktop.i18n import Joined, Message, N_, later, nlater
from aleph_null_desktop.storage.os_reason import said_later as os_reason

log = logging.getLogger(__name__)

DEFAULT_MAX_BYTES = 1_000_000
DEFAULT_MAX_DEPTH = 64
QUARANTINE_MARK = ".corrupt-"
QUARANTINE_KEEP = 5  # per file name; older set-aside copies are deleted
_STAMP = "%Y%m%d-%H%M%S"


# --------------------------------------------------------------------------------------------
# writing


def dumps(obj: Any, *, pretty: bool = True) -> bytes:
    """Strict JSON (no NaN/Infinity), UTF-8. Raises TypeError/ValueError for unserialisable data."""
    if pretty:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=2)
    else:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def write_json_atomic(path: Path | str, obj: Any, *, pretty: bool = True) -> None:
    """Write *obj* as JSON to *path* atomically.

    The data is serialised first (a TypeError/ValueError leaves the disk untouched), written to
    a temp file beside *path*, flushed and fsynced, then moved over *path* with ``os.replace``.
    On any failure the temp file is removed, the old *path* is left as it was, and the error
    propagates (OSError for disk problems).
    """
    write_bytes_atomic(path, dumps(obj, pretty=pretty))


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write *data* to *path* atomically (temp file, fsync, ``os.replace``), like write_json_atomic."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def remove_temporaries(path: Path | str) -> int:
    """Deletes the temp files a killed ``write_json_atomic(path, ...)`` left beside *path*;
    returns how many. Call it at startup, before anything writes *path*."""
    path = Path(path)
    try:
        leftovers = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return 0
    return _unlink_all(leftovers)


def remove_temporaries_in(folder: Path | str) -> int:
    """Deletes every temp file a killed atomic write left in *folder* (``.<name>.<random>.tmp``,
    whatever the file); returns how many. Call it at start, before anything writes there."""
    try:
        leftovers = [p for p in Path(folder).glob(".*.tmp") if p.is_file() and not p.is_symlink()]
    except OSError:
        return 0
    return _unlink_all(leftovers)


def _unlink_all(leftovers: list[Path]) -> int:
    removed = 0
    for leftover in leftovers:
        try:
            leftover.unlink()
            removed += 1
        except OSError as exc:
            log.info("temporary file %s not removed: %s", leftover, exc)
    return removed


def _replace(src: Path, dst: Path) -> None:
    # On Windows a virus scanner or indexer may hold the target open for a moment.
    attempts = 5 if os.name == "nt" else 1
    for attempt in range(attempts):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort, a no-op where unsupported."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --------------------------------------------------------------------------------------------
# reading


def _size_text(n: int) -> Message:
    if n >= 1_000_000:
        return later("{size} MB", size=f"{n / 1_000_000:.1f}")
    if n >= 1_000:
        return later("{size} KB", size=f"{n / 1_000:.0f}")
    return nlater("{n} byte", "{n} bytes", n)


class _NotJSON(ValueError):
    """NaN or Infinity in a file: valid Python, not valid JSON."""


def _reject_constant(name: str) -> Any:
    raise _NotJSON(name)


# the json module's reasons (Python's own English) in the player's words
JSON_REASONS = {
    "Expecting value": N_("a value is missing"),
    "Expecting ',' delimiter": N_("a comma is missing"),
    "Expecting ':' delimiter": N_("a colon is missing"),
    "Expecting property name enclosed in double quotes": N_("a field name in double quotes is missing"),
    "Unterminated string starting at": N_("a text is not closed"),
    "Invalid control character at": N_("a text holds a control character"),
    "Invalid \\escape": N_("a text holds an invalid escape"),
    "Invalid \\uXXXX escape": N_("a text holds an invalid \\u escape"),
    "Extra data": N_("there is more after the end of the data"),
    "Illegal trailing comma before end of object": N_("a comma is too many"),
    "Illegal trailing comma before end of array": N_("a comma is too many"),
}


def json_reason(msg: str) -> Message | str:
    """The json module's reason for an error, translated where it is a known one."""
    reason = JSON_REASONS.get(msg)
    return later(reason) if reason else safe_text.safe_message(msg, 120)



def _too_deep(value: Any, max_depth: int) -> bool:
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > max_depth:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 256 * 1024


def read_file_bytes(path: Path | str, max_bytes: int) -> tuple[bytes | None, Message | None]:
    """The bytes of a data file, read once: ``(data, None)`` or ``(None, problem)``.

    The file is opened without blocking (a FIFO, a device or a socket in its place opens at once
    instead of waiting for a writer for ever), checked on the opened descriptor to be a regular
    file (what is checked is what is read: no swap between a look and the read), its size looked
    at before reading and counted while reading (a file growing meanwhile is cut off at
    *max_bytes* + 1 and refused). Raises ``FileNotFoundError`` only when there is no file."""
    try:
        fd = os.open(Path(path), _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        return None, later("it is a folder, not a file")
    except OSError as e:
        return None, later("it could not be opened: {why}", why=os_reason(e))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            return None, later("it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            return None, later("it is not an ordinary file (a pipe, a device or a socket)")
        if info.st_size > max_bytes:
            return None, later("it is {size}, more than the {most} allowed", size=_size_text(info.st_size),
                               most=_size_text(max_bytes))
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        return None, later("it could not be read: {why}", why=os_reason(e))
    finally:
        os.close(fd)
    if total > max_bytes:  # grew while we looked
        return None, later("it is more than the {most} allowed", most=_size_text(max_bytes))
    return b"".join(chunks), None


def read_json(
    path: Path | str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> tuple[Any, Message | None]:
    """Read a JSON file.

    Returns ``(value, None)`` when the file holds valid JSON, or ``(None, problem)`` when it
    cannot be used: not an ordinary file (a folder, a FIFO: never waited on), unreadable, larger
    than *max_bytes*, empty, not UTF-8, not valid JSON (including NaN/Infinity), nested deeper
    than *max_depth* levels, or holding a text that cannot be shown (a control or bidirectional
    character, see safe_text). Raises ``FileNotFoundError`` only when the file does not exist.
    Never raises anything else for bad content.
    """
    value, _raw, problem = read_json_bytes(path, max_bytes=max_bytes, max_depth=max_depth)
    return value, problem


def read_json_bytes(
    path: Path | str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> tuple[Any, bytes | None, Message | None]:
    """read_json, also giving the bytes the value was parsed from: ``(value, raw, None)`` or
    ``(None, raw or None, problem)``. A copy of the file stores *raw*, never a second read."""
    raw, problem = read_file_bytes(path, max_bytes)
    if problem is not None:
        return None, None, problem
    value, problem = parse_json(raw, max_depth=max_depth)
    return value, raw, problem


def parse_json(raw: bytes, *, max_depth: int = DEFAULT_MAX_DEPTH, deep: bool = True) -> tuple[Any, Message | None]:
    """The checks of read_json on bytes already read: (value, None) or (None, problem). With
    *deep* false the walks over every value (depth, texts) are left to the caller, who refuses
    a wrong shape cheaply first and then asks ``deep_problem``."""
    if not raw.strip():
        return None, later("it is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        return None, later("it is not UTF-8 text (byte 0x{byte} at position {position})",
                           byte=f"{raw[e.start]:02x}", position=e.start)
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        return None, later("line {line}, column {column}: {reason}", line=e.lineno, column=e.colno,
                           reason=json_reason(e.msg))
    except RecursionError:
        return None, nlater("it is nested more than {n} level deep", "it is nested more than {n} levels deep", max_depth)
    except _NotJSON as e:
        return None, later("{name} is not allowed in JSON", name=str(e))
    except ValueError:  # huge integer literals
        return None, later("it holds a number thousands of digits long")
    if not deep:
        return value, None
    problem = deep_problem(value, max_depth)
    return (None, problem) if problem else (value, None)


def deep_problem(value: Any, max_depth: int = DEFAULT_MAX_DEPTH) -> Message | str | None:
    """What the walks over a parsed value find: nested deeper than *max_depth*, or a text that
    cannot be shown (safe_text); None when neither."""
    if _too_deep(value, max_depth):
        return nlater("it is nested more than {n} level deep", "it is nested more than {n} levels deep", max_depth)
    return safe_text.json_text_problem(value)


def type_name(value: Any) -> Message | str:
    """How a JSON value's type is named in messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return later("a number")
    if isinstance(value, str):
        return later("text")
    if isinstance(value, list):
        return later("a list")
    if isinstance(value, dict):
        return later("an object")
    return type(value).__name__


def is_int(value: Any) -> bool:
    """A JSON integer (bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    """A finite JSON number that fits in a float (bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an integer too large for a float
        return False


def version_problem(doc: dict, supported: int, *, key: str = "version") -> Message | None:
    """Check a document's format version. Missing means *supported* (files written by hand).

    Returns None when the version is usable, else the problem phrase; a newer version says so.
    """
    if key not in doc:
        return None
    version = doc[key]
    if not is_int(version):
        return later("its format version is {what}, not a whole number", what=type_name(version))
    if version > supported:
        return later("it was written by a newer version of the game: format {version}, this version "
                     "reads format {supported}", version=version, supported=supported)
    if version < 1:
        return later("it has an unknown format version {version}", version=version)
    return None



def read_versioned_object(path: Path | str, supported: int, *, max_bytes: int = DEFAULT_MAX_BYTES
                          ) -> tuple[Any, Message | None]:
    """read_json for a settings-like file: (document, problem), where the problem also covers a
    document that is not an object or has a format version this game cannot read. Raises
    FileNotFoundError like read_json."""
    doc, problem = read_json(path, max_bytes=max_bytes)
    if problem is None and not isinstance(doc, dict):
        problem = later("it holds {what}, not an object", what=type_name(doc))
    if problem is None:
        problem = version_problem(doc, supported)
    return doc, problem


# --------------------------------------------------------------------------------------------
# setting aside


def quarantine(path: Path | str, reason: str, *, now: datetime | None = None) -> Path:
    """Rename *path* to ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` (``-2``, ``-3`` … if taken).

    *reason* is logged. Returns the new path. Keeps at most ``QUARANTINE_KEEP`` set-aside
    copies of the same file, deleting the oldest. Raises OSError if the rename fails.
    """
    path = Path(path)
    stamp = (now or datetime.now()).strftime(_STAMP)
    base = f"{path.name}{QUARANTINE_MARK}{stamp}"
    target = path.with_name(base)
    n = 2
    while target.exists():
        target = path.with_name(f"{base}-{n}")
        n += 1
    os.replace(path, target)
    log.warning("%s set aside as %s: %s", path, target.name, reason)
    _prune_quarantined(path, keep=target)
    return target


def quarantined_copies(path: Path | str) -> list[Path]:
    """The set-aside copies of *path*, oldest first."""
    path = Path(path)
    if not path.parent.is_dir():
        return []
    prefix = path.name + QUARANTINE_MARK

    def order(p: Path) -> tuple[str, int]:
        # "<YYYYmmdd>-<HHMMSS>" or "<YYYYmmdd>-<HHMMSS>-<n>"
        parts = p.name[len(prefix):].split("-")
        seq = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 1
        return ("-".join(parts[:2]), seq)

    return sorted((p for p in path.parent.iterdir() if p.name.startswith(prefix)), key=order)


def _prune_quarantined(path: Path, keep: Path) -> None:
    try:
        copies = quarantined_copies(path)
        for old in copies[: max(0, len(copies) - QUARANTINE_KEEP)]:
            if old != keep:
                old.unlink()
    except OSError:
        pass


READ_LEAD = N_("{file} could not be read ({problem})")


def set_aside(
    path: Path | str,
    problem: Message | Joined | str,
    consequence: Message | str | None = None,
    *,
    lead: str = READ_LEAD,
    now: datetime | None = None,
) -> Message:
    """Quarantine *path* and return the message for the player (translated when shown). Never
    raises. *lead* is a marked sentence with {file} and {problem}; *consequence* says what the
    game does instead ("defaults are used", the default).

    "settings.json could not be read (line 3, column 5: a comma is missing); it was set aside as
    settings.json.corrupt-20261123-101500 and defaults are used"
    """
    path = Path(path)
    name = safe_text.quote(path.name, 80, marks=False)
    if not isinstance(problem, (Message, Joined)):
        problem = safe_text.safe_message(problem, 300)
    what = later(lead, file=name, problem=problem)
    consequence = later("defaults are used") if consequence is None else consequence
    try:
        new = quarantine(path, problem, now=now)
    except OSError as e:
        log.warning("could not set aside %s: %s", path, e)
        return later("{what}; it could not be set aside ({why}) and {consequence}", what=what,
                     why=os_reason(e), consequence=consequence)
    return later("{what}; it was set aside as {copy} and {consequence}", what=what,
                 copy=safe_text.quote(new.name, 100, marks=False), consequence=consequence)
