"""The player's daily rituals: ``<data dir>/daily.json``.

    {"version": 1,
     "days": {"2026-11-25": {"code": "AN1-ADEPT-MYF6-MR20", "started": "2026-11-25T08:01:00",
                             "won": true, "score": 23, "rank": "Adept"}, ...}}

A date's first start is its one counted attempt (``won`` stays null until it ends; a ritual
abandoned before its end counts as played, not won); a later start of the same date is practice
and changes nothing here. ``load_daily()`` never raises: an unusable file is set aside and an
empty record is used; days of the wrong shape are left out (and said).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from aleph_null_desktop.i18n import Message, N_, later, nlater
from aleph_null_desktop.storage import files, paths

DAILY_VERSION = 1
MAX_DAYS = 3660  # ten years of days; the oldest are dropped
MAX_BYTES = 2_000_000
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def empty_daily() -> dict[str, Any]:
    return {"version": DAILY_VERSION, "days": {}}


def _day_ok(key: Any, entry: Any) -> bool:
    if not (isinstance(key, str) and _DAY.fullmatch(key) and isinstance(entry, dict)):
        return False
    try:
        date.fromisoformat(key)
    except ValueError:
        return False
    return (isinstance(entry.get("code"), str) and isinstance(entry.get("started"), str)
            and entry.get("won") in (None, True, False)
            and (entry.get("score") is None or files.is_int(entry.get("score")))
            and (entry.get("rank") is None or isinstance(entry.get("rank"), str)))


def load_daily() -> tuple[dict[str, Any], list[Message]]:
    """The daily record (see the module doc) and messages for the player. Never raises."""
    try:
        path = paths.daily_path()
    except OSError as e:
        return empty_daily(), [later("The daily rituals' folder could not be created ({why})", why=files.os_reason(e))]
    try:
        doc, problem = files.read_versioned_object(path, DAILY_VERSION, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return empty_daily(), []
    if problem is None and not isinstance(doc.get("days", {}), dict):
        problem = later("its days are {what}, not an object", what=files.type_name(doc["days"]))
    if problem is not None:
        return empty_daily(), [files.set_aside(path, problem, later("the daily rituals start empty"))]
    days = {k: dict(v) for k, v in doc.get("days", {}).items() if _day_ok(k, v)}
    bad = len(doc.get("days", {})) - len(days)
    daily = {"version": DAILY_VERSION, "days": _bounded(days)}
    if not bad:
        return daily, []
    problem = nlater("{n} day could not be read and was left out", "{n} days could not be read and were left out", bad)
    message = files.set_aside(path, problem, later("the other days were kept"),
                              lead=N_("{file} was partly damaged ({problem})"))
    return daily, [message, *_write(daily)]


def _bounded(days: dict[str, dict]) -> dict[str, dict]:
    return {k: days[k] for k in sorted(days)[-MAX_DAYS:]}


def _write(daily: dict[str, Any]) -> list[Message]:
    try:
        files.write_json_atomic(paths.daily_path(), daily, pretty=False)
    except OSError as e:
        return [later("The daily ritual could not be saved ({why})", why=files.os_reason(e))]
    return []


def start_attempt(day: date, code: str) -> tuple[bool, list[Message]]:
    """A daily ritual of *day* begins: (True: this is the counted attempt; False: practice), messages."""
    daily, messages = load_daily()
    key = day.isoformat()
    if key in daily["days"]:
        return False, messages
    daily["days"][key] = {"code": code, "started": datetime.now().isoformat(timespec="seconds"),
                          "won": None, "score": None, "rank": None}
    daily["days"] = _bounded(daily["days"])
    return True, messages + _write(daily)


def record_result(day: date, won: bool, score: int | None, rank: str | None) -> list[Message]:
    """The counted attempt of *day* ended. A day already judged is left as it was."""
    daily, messages = load_daily()
    entry = daily["days"].get(day.isoformat())
    if entry is None or entry.get("won") is not None:
        return messages
    entry.update(won=bool(won), score=score, rank=rank)
    return messages + _write(daily)


def summary(daily: dict[str, Any], today: date) -> dict[str, Any]:
    """For the title and the achievements: ``played``, ``won``, ``best`` ({date, score} or None),
    ``streak`` (days in a row with a counted attempt, up to today, or to yesterday while today is
    not yet played), ``today`` (today's entry or None) and ``history`` (the last 30 days, newest first)."""
    days = daily["days"]
    scored = [(e["score"], k) for k, e in days.items() if e.get("won") and e.get("score") is not None]
    best = max(scored, default=None)
    streak, day = 0, today if today.isoformat() in days else today - timedelta(days=1)
    while day.isoformat() in days:
        streak, day = streak + 1, day - timedelta(days=1)
    return {"played": len(days), "won": sum(1 for e in days.values() if e.get("won")),
            "best": {"date": best[1], "score": best[0]} if best else None, "streak": streak,
            "today": days.get(today.isoformat()),
            "history": [dict(e, date=k) for k, e in sorted(days.items(), reverse=True)[:30]]}
