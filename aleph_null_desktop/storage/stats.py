"""Statistics of finished games: ``<data dir>/stats.json``.

The file keeps running totals per Circle (so "played" and "best streak" stay true forever) and
the last ``MAX_HISTORY`` games in full::

    {"version": 1,
     "totals": {"adept": {"played": 3, "won": 2, "best_score": 8, "current_streak": 1,
                          "best_streak": 1, "ranks": {"Grand Master": 1, ...},
                          "losses_by_reason": {"damage": 1}}, ...},
     "history": [{"circle": "adept", "won": true, "score": 8, "rank": "Grand Master",
                  "reason": "baphomet", "hour": 4, "turns": 19,
                  "date": "2026-11-23T10:15:00"}, ...]}

``load_stats()`` never raises: an unusable file is set aside and empty statistics are used;
history entries of the wrong shape are left out, and totals that do not add up are rebuilt from
the history (the original file is set aside in both cases).
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from aleph_null_desktop.i18n import Joined, Message, N_, later, nlater
from aleph_null_desktop.storage import files, paths

STATS_VERSION = 1
MAX_HISTORY = 500
MAX_BYTES = 4_000_000
GAME_FIELDS = ("circle", "won", "score", "rank", "reason", "hour", "turns", "date", "pack", "custom", "ritual")
# "ritual": the id the autosave gave the ritual (storage.autosave.RITUAL_OPTION); a ritual is
# recorded once, however often its end is handed over (a kill between recording and removing its
# autosave, then the same last move played again)
UNKNOWN_REASON = "unknown"
# the endings at which BAPHOMET was summoned (a win, or judged a loss after his summoning)
SUMMONED_REASONS = ("summoned", "cards_remain", "negative_score")
OWN_CARDS = "+own"  # totals of rituals with custom cards or a card pack: "<circle>+own"


def empty_stats() -> dict[str, Any]:
    return {"version": STATS_VERSION, "totals": {}, "history": []}


def _empty_totals() -> dict[str, Any]:
    return {"played": 0, "won": 0, "best_score": None, "best_rank": None, "current_streak": 0,
            "best_streak": 0, "summoned": 0, "summon_hours": 0, "ranks": {}, "losses_by_reason": {}}


def group_of(game: dict[str, Any]) -> str:
    """The totals a game counts in: its Circle, or "<circle>+own" when it was played with custom
    cards or a card pack (counted apart from the printed cards)."""
    own = bool(game.get("pack")) or bool(game.get("custom"))
    return game["circle"] + (OWN_CARDS if own else "")


# --------------------------------------------------------------------------------------------
# checking


def game_problem(game: Any) -> str | None:
    """None if *game* is a usable outcome summary, else what is wrong (in words, for the
    programmer: the player is told only how many games were left out)."""
    if not isinstance(game, dict):
        return f"it is {files.type_name(game)}, not an object"
    circle = game.get("circle")
    if not isinstance(circle, str) or not circle:
        return "circle should be a name"
    if not isinstance(game.get("won"), bool):
        return "won should be true or false"
    for key in ("score", "hour", "turns"):
        if game.get(key) is not None and not files.is_int(game[key]):
            return f"{key} should be a whole number or null"
    for key in ("hour", "turns"):
        if game.get(key) is not None and game[key] < 0:
            return f"{key} should not be negative"
    for key in ("rank", "reason", "date", "pack", "ritual"):
        if game.get(key) is not None and not isinstance(game[key], str):
            return f"{key} should be text or null"
    if game.get("custom") is not None and not isinstance(game["custom"], bool):
        return "custom should be true, false or null"
    return None


def _clean_game(game: dict) -> dict[str, Any]:
    return {key: game.get(key) for key in GAME_FIELDS if key != "ritual" or game.get(key)}


def _count_map(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and files.is_int(v) and v >= 0 for k, v in value.items()
    )


def _with_new_fields(t: Any) -> Any:
    """Totals written before the average Hour and best rank were kept: those fields start empty."""
    if isinstance(t, dict):
        t = {"best_rank": None, "summoned": 0, "summon_hours": 0, **t}
    return t


def _totals_ok(t: Any) -> bool:
    """Whether one group's totals have every field, of the right type, adding up. Every field's
    type is checked before any two are compared: a missing or textual count is a False, never a
    KeyError or TypeError."""
    if not isinstance(t, dict):
        return False
    if t.get("best_rank") is not None and not isinstance(t["best_rank"], str):
        return False
    counts = ("played", "won", "current_streak", "best_streak", "summoned", "summon_hours")
    if not all(files.is_int(t.get(k)) and t[k] >= 0 for k in counts):
        return False
    if t["summoned"] > t["played"]:
        return False
    if t["won"] > t["played"] or t["best_streak"] > t["won"] or t["current_streak"] > t["best_streak"]:
        return False
    if t.get("best_score") is not None and not files.is_int(t["best_score"]):
        return False
    return _count_map(t.get("ranks")) and _count_map(t.get("losses_by_reason"))


# --------------------------------------------------------------------------------------------
# counting


def _add(totals: dict[str, Any], game: dict[str, Any]) -> None:
    totals["played"] += 1
    if game["won"]:
        totals["won"] += 1
        totals["current_streak"] += 1
        totals["best_streak"] = max(totals["best_streak"], totals["current_streak"])
        score = game.get("score")
        if score is not None and (totals["best_score"] is None or score > totals["best_score"]):
            totals["best_score"], totals["best_rank"] = score, game.get("rank")
        if game.get("rank"):
            totals["ranks"][game["rank"]] = totals["ranks"].get(game["rank"], 0) + 1
    else:
        totals["current_streak"] = 0
        reason = game.get("reason") or UNKNOWN_REASON
        totals["losses_by_reason"][reason] = totals["losses_by_reason"].get(reason, 0) + 1
    if game.get("reason") in SUMMONED_REASONS and game.get("hour") is not None:
        totals["summoned"] += 1
        totals["summon_hours"] += game["hour"]


def totals_from_history(history: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per-Circle totals counted from a list of games, oldest first."""
    totals: dict[str, dict[str, Any]] = {}
    for game in history:
        _add(totals.setdefault(group_of(game), _empty_totals()), game)
    return totals


# --------------------------------------------------------------------------------------------
# files


def load_stats() -> tuple[dict[str, Any], list[Message]]:
    """The statistics (see the module doc) and messages for the player. Never raises. A finished
    ritual handed to an AutosaveWriter of this process is recorded first."""
    from aleph_null_desktop.storage.autosave import _flush_writers

    _flush_writers()
    return _load_stats()


def _load_stats() -> tuple[dict[str, Any], list[Message]]:
    try:
        path = paths.stats_path()
    except OSError as e:
        return empty_stats(), [later("The statistics folder could not be created ({why}); statistics start empty",
                                     why=files.os_reason(e))]
    try:
        doc, problem = files.read_versioned_object(path, STATS_VERSION, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return empty_stats(), []
    if problem is None and not isinstance(doc.get("history", []), list):
        problem = later("its history is {what}, not a list", what=files.type_name(doc["history"]))
    if problem is None and not isinstance(doc.get("totals", {}), dict):
        problem = later("its totals are {what}, not an object", what=files.type_name(doc["totals"]))
    if problem is not None:
        return empty_stats(), [files.set_aside(path, problem, later("statistics start empty"))]
    try:
        return _repaired(path, doc)
    except Exception as exc:  # a shape no check foresaw: the file goes aside, the game goes on
        return empty_stats(), [files.set_aside(path, type(exc).__name__, later("statistics start empty"))]


def _repaired(path, doc: dict) -> tuple[dict[str, Any], list[Message]]:
    """The statistics of a document that is an object of the right version: bad games left out,
    totals counted again when they do not add up (the file set aside and rewritten then)."""
    repairs: list[Message] = []
    history = []
    bad = 0
    for game in doc.get("history", []):
        if game_problem(game) is None:
            history.append(_clean_game(game))
        else:
            bad += 1
    if bad:
        repairs.append(nlater("{n} game of the history could not be read and was left out",
                              "{n} games of the history could not be read and were left out", bad))
    history = history[-MAX_HISTORY:]

    totals = {key: _with_new_fields(t) for key, t in doc.get("totals", {}).items()}
    if "totals" not in doc:
        totals = totals_from_history(history)  # a file with history only: count it, quietly
    elif not all(isinstance(k, str) and _totals_ok(t) for k, t in totals.items()):
        totals = totals_from_history(history)
        repairs.append(nlater("the totals did not add up and were counted again from the last game",
                              "the totals did not add up and were counted again from the last {n} games",
                              len(history)))
    stats = {"version": STATS_VERSION, "totals": copy.deepcopy(totals), "history": history}
    if not repairs:
        return stats, []
    message = files.set_aside(path, Joined(repairs, "; "), later("the rest of the statistics were kept"),
                              lead=N_("{file} was partly damaged ({problem})"))
    return stats, [message, *_write(stats)]


def _write(stats: dict[str, Any]) -> list[Message]:
    try:
        files.write_json_atomic(paths.stats_path(), stats, pretty=False)
    except OSError as e:
        return [later("The statistics could not be saved ({why})", why=files.os_reason(e))]
    return []


def record_game(outcome: dict[str, Any]) -> list[Message]:
    """Add one finished game to ``stats.json``. Returns messages for the player ([] if all went well).

    *outcome*: ``circle`` (id), ``won`` (bool), ``score`` (int or None), ``rank`` (str or None),
    ``reason`` (str or None: why it ended), ``hour`` (int), ``turns`` (int), ``date`` (ISO text;
    now if missing), ``pack`` (the card pack's name, or None), ``ritual`` (its id, or None: a
    ritual already recorded is not counted twice). Raises ValueError for a malformed outcome (a
    bug in the caller).
    """
    game = dict(outcome)
    if not game.get("date"):
        game["date"] = datetime.now().isoformat(timespec="seconds")
    problem = game_problem(game)
    if problem:
        raise ValueError(f"not a game outcome: {problem}")
    game = _clean_game(game)
    stats, messages = _load_stats()
    if game.get("ritual") and any(old.get("ritual") == game["ritual"] for old in stats["history"]):
        return messages  # recorded already
    _add(stats["totals"].setdefault(group_of(game), _empty_totals()), game)
    stats["history"].append(game)
    del stats["history"][:-MAX_HISTORY]
    return messages + _write(stats)


def recorded(ritual: str) -> bool:
    """Whether the ritual of that id is among the recorded games (of the last MAX_HISTORY). Only
    looks: a damaged file is left for load_stats to set aside and say so."""
    try:
        doc, problem = files.read_versioned_object(paths.stats_path(), STATS_VERSION, max_bytes=MAX_BYTES)
    except OSError:  # no file, no folder
        return False
    history = doc.get("history") if problem is None else None
    return isinstance(history, list) and any(isinstance(g, dict) and g.get("ritual") == ritual for g in history)


def reset_stats() -> list[Message]:
    """Forget every ritual (the player confirmed it). Returns [] or a message for the player."""
    try:
        paths.stats_path()
    except OSError as e:
        return [later("The statistics folder could not be created ({why})", why=files.os_reason(e))]
    return _write(empty_stats())


def summary(stats: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per group (a Circle, or "<circle>+own" for rituals with custom cards or a pack; in the
    order first played): played, won, lost, win_rate (0–1), best_score (best score of a won
    game, or None) and best_rank, current_streak and best_streak (wins in a row),
    average_summon_hour (the mean Hour in which BAPHOMET was summoned, or None), ranks
    {rank: count}, losses_by_reason {reason: count}."""
    out: dict[str, dict[str, Any]] = {}
    for circle, t in stats.get("totals", {}).items():
        played, won = t["played"], t["won"]
        out[circle] = {
            "played": played,
            "won": won,
            "lost": played - won,
            "win_rate": won / played if played else 0.0,
            "best_score": t["best_score"],
            "best_rank": t.get("best_rank"),
            "average_summon_hour": t["summon_hours"] / t["summoned"] if t.get("summoned") else None,
            "current_streak": t["current_streak"],
            "best_streak": t["best_streak"],
            "ranks": dict(t["ranks"]),
            "losses_by_reason": dict(t["losses_by_reason"]),
        }
    return out
