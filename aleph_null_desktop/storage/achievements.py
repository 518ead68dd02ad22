"""The player's achievements: ``<data dir>/achievements.json``.

    {"version": 1, "unlocked": {"first_summoning": "2026-11-25T23:50:00", ...}}

``load_achievements()`` never raises: an unusable file is set aside and none are unlocked; entries
of the wrong shape or unknown ids are left out and the file set aside with the rest kept, as
statistics are repaired."""

from __future__ import annotations

from datetime import datetime
from typing import Iterable

from aleph_null_desktop.i18n import Message, N_, later, nlater
from aleph_null_desktop.storage import files, paths

ACHIEVEMENTS_VERSION = 1
ACHIEVEMENTS_FILE = "achievements.json"
MAX_BYTES = 200_000


def _path():
    return paths.data_dir() / ACHIEVEMENTS_FILE


def load_achievements(known: Iterable[str]) -> tuple[dict[str, str], list[Message]]:
    """{achievement id: ISO time unlocked} and messages for the player. Never raises."""
    known = set(known)
    try:
        path = _path()
    except OSError as e:
        return {}, [later("The achievements' folder could not be created ({why})", why=files.os_reason(e))]
    try:
        doc, problem = files.read_versioned_object(path, ACHIEVEMENTS_VERSION, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return {}, []
    if problem is None and not isinstance(doc.get("unlocked", {}), dict):
        problem = later("its unlocked achievements are {what}, not an object", what=files.type_name(doc["unlocked"]))
    if problem is not None:
        return {}, [files.set_aside(path, problem, later("no achievement is unlocked"))]
    given = doc.get("unlocked", {})
    unlocked = {k: v for k, v in given.items() if k in known and isinstance(v, str) and _is_time(v)}
    bad = len(given) - len(unlocked)
    if not bad:
        return unlocked, []
    message = files.set_aside(path, nlater("{n} achievement could not be read and was left out",
                                           "{n} achievements could not be read and were left out", bad),
                              later("the other achievements were kept"), lead=N_("{file} was partly damaged ({problem})"))
    return unlocked, [message, *_write(unlocked)]


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _write(unlocked: dict[str, str]) -> list[Message]:
    try:
        files.write_json_atomic(_path(), {"version": ACHIEVEMENTS_VERSION, "unlocked": unlocked}, pretty=False)
    except OSError as e:
        return [later("The achievements could not be saved ({why})", why=files.os_reason(e))]
    return []


def unlock(ids: Iterable[str], known: Iterable[str], when: datetime | None = None) -> list[Message]:
    """Marks *ids* unlocked now (those already unlocked keep their first date)."""
    unlocked, messages = load_achievements(known)
    stamp = (when or datetime.now()).isoformat(timespec="seconds")
    new = {i: stamp for i in ids if i not in unlocked}
    if not new:
        return messages
    return messages + _write({**unlocked, **new})
