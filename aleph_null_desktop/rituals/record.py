"""Recorded rituals: a finished or abandoned ritual as a versioned file that replays it exactly.

    {"format": "aleph-null-ritual", "version": 1, "code": "AN1-…" or null,
     "seed": 7, "circle": "adept", "options": {…}, "cards": <card pack> or null,
     "commands": [{"kind": "summon", "uid": 3}, …],
     "result": {"won": true, "score": 12, "rank": "Adept", "reason": "summoned", "hour": 5,
                "turns": 19} or null (abandoned),
     "ended": "2026-11-25T23:50:00", "game_version": "1.0.0"}

It is an autosave record (storage.autosave) with a result: the seed, the engine's options and the
card set deal the same ritual, and the commands replay it (storage.autosave.replay_record)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aleph_null_desktop import __version__

RITUAL_FORMAT = "aleph-null-ritual"
RITUAL_VERSION = 1


def ritual_record(game, *, ended: datetime | None = None) -> dict[str, Any]:
    """The ritual file of *game* (finished, or abandoned when it has no outcome)."""
    from aleph_null_desktop.rituals.code import code_of_game
    from aleph_null_desktop.storage.autosave import record_from_game

    record = record_from_game(game)
    del record["version"]  # the autosave's format version; this file has its own
    record.pop("hour", None)  # the autosave's note for the title; the result says where it ended
    code = code_of_game(game)
    o = game.outcome
    result = None if o is None else {"won": o.won, "score": o.score, "rank": o.rank, "reason": o.reason,
                                     "hour": o.hour or game.hour, "turns": game.turn}
    return {"format": RITUAL_FORMAT, "version": RITUAL_VERSION, "code": str(code) if code else None, **record,
            "result": result, "ended": (ended or datetime.now()).isoformat(timespec="seconds"),
            "game_version": __version__}


def autosave_view(record: dict[str, Any]) -> dict[str, Any]:
    """The parts of a ritual file that storage.autosave checks and replays."""
    from aleph_null_desktop.storage.autosave import AUTOSAVE_VERSION

    return {"version": AUTOSAVE_VERSION, **{k: record[k] for k in ("seed", "circle", "options", "cards", "commands")
                                           if k in record}}
