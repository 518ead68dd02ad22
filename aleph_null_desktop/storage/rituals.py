"""Recorded rituals on disk: ``<data dir>/rituals/<ended>-<circle>.json``, one file a ritual
(format: rituals.record), the newest ``MAX_FILES`` kept within ``MAX_TOTAL_BYTES``, the oldest
dropped. Written atomically; a file that cannot be read is set aside (``*.corrupt-<time>``) when
the list is read, never raised. Export copies a file out; import checks that a file replays
before it joins the list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from aleph_null_desktop.i18n import Message, later
from aleph_null_desktop.storage import files, paths
from aleph_null_desktop.storage.autosave import record_problem, replay_record

MAX_FILES = 500
MAX_TOTAL_BYTES = 20_000_000
MAX_BYTES = 2_000_000  # one ritual: a few hundred commands are ~20 kB
RITUALS_DIR = "rituals"


def rituals_dir() -> Path:
    folder = paths.data_dir() / RITUALS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True)
class RitualEntry:
    path: Path
    record: dict[str, Any]

    @property
    def ended(self) -> str:
        return self.record.get("ended") or ""

    @property
    def result(self) -> dict | None:
        return self.record.get("result")


def ritual_problem(record: Any) -> Message | None:
    """None if *record* has the shape of a ritual file (its replay is not tried), else why not."""
    from aleph_null_desktop.rituals.record import RITUAL_FORMAT, RITUAL_VERSION, autosave_view

    if not isinstance(record, dict):
        return later("it holds {what}, not an object", what=files.type_name(record))
    if record.get("format") != RITUAL_FORMAT:
        return later("it is not a recorded ritual")
    problem = files.version_problem(record, RITUAL_VERSION)
    if problem:
        return problem
    result = record.get("result")
    if result is not None and not (isinstance(result, dict) and isinstance(result.get("won"), bool)):
        return later("its result is {what}, not a result", what=files.type_name(result))
    if not isinstance(record.get("ended"), str):
        return later("it does not say when it ended")
    return record_problem(autosave_view(record))


def save_ritual(record: dict[str, Any]) -> tuple[Path | None, list[Message]]:
    """Keeps a ritual file (rituals.record.ritual_record) and drops the oldest beyond the bounds."""
    try:
        folder = rituals_dir()
        stamp = datetime.fromisoformat(record["ended"]).strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stamp}-{record['circle']}.json"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{stamp}-{record['circle']}-{n}.json"
        files.write_json_atomic(path, record, pretty=False)
    except (OSError, ValueError, KeyError, TypeError) as e:
        return None, [later("The ritual could not be recorded ({why})",
                            why=files.os_reason(e) if isinstance(e, OSError) else str(e))]
    return path, prune()


def _files() -> list[Path]:
    """The ritual files, oldest first (their names begin with the second they ended; within one
    second, the order they were written)."""
    return sorted((p for p in rituals_dir().glob("*.json") if p.is_file()),
                  key=lambda p: (p.name[:15], p.stat().st_mtime_ns, p.name))


def prune(max_files: int = MAX_FILES, max_bytes: int = MAX_TOTAL_BYTES) -> list[Message]:
    """Drops the oldest ritual files until at most *max_files* of at most *max_bytes* are left."""
    try:
        found = _files()
        sizes = [p.stat().st_size for p in found]
        total = sum(sizes)
        drop = max(0, len(found) - max_files)
        while drop < len(found) and total - sum(sizes[:drop]) > max_bytes:
            drop += 1
        for p in found[:drop]:
            p.unlink(missing_ok=True)
    except OSError as e:
        return [later("Old recorded rituals could not be removed ({why})", why=files.os_reason(e))]
    return []


def list_rituals() -> tuple[list[RitualEntry], list[Message]]:
    """The recorded rituals, newest first; unusable files are set aside (said in the messages)."""
    try:
        found = _files()
    except OSError as e:
        return [], [later("The recorded rituals could not be read ({why})", why=files.os_reason(e))]
    entries, messages = [], []
    for path in reversed(found):
        record, problem = load_ritual(path)
        if problem is not None:
            messages.append(files.set_aside(path, problem, later("the other rituals were kept")))
        else:
            entries.append(RitualEntry(path, record))
    return entries, messages


def load_ritual(path: Path | str) -> tuple[dict | None, Message | None]:
    """(record, None) for a usable ritual file, else (None, why not). Never raises."""
    try:
        record, problem = files.read_json(path, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return None, later("the file is not there")
    except OSError as e:
        return None, files.os_reason(e)
    problem = problem or ritual_problem(record)
    return (None, problem) if problem is not None else (record, None)


def replay_ritual(record: dict, commands: int | None = None):
    """The game of a ritual file after its first *commands* moves (all: None): (game, None) or
    (None, why not)."""
    from aleph_null_desktop.rituals.record import autosave_view

    return replay_record(autosave_view(record), commands)


def export_ritual(path: Path | str, destination: Path | str) -> list[Message]:
    """Copies a recorded ritual to *destination* (atomically). Returns [] or why not."""
    try:
        files.write_bytes_atomic(destination, Path(path).read_bytes())
    except OSError as e:
        return [later("The ritual could not be exported ({why})", why=files.os_reason(e))]
    return []


def import_ritual(source: Path | str) -> tuple[Path | None, list[Message]]:
    """A ritual file from elsewhere joins the recorded rituals once it replays to its recorded result."""
    record, problem = load_ritual(source)
    if problem is None:
        game, problem = replay_ritual(record)
        if problem is None and (record["result"] or {}).get("score") != (
                game.outcome.score if game.outcome else None):
            problem = later("its moves do not lead to its recorded result")
    if problem is not None:
        return None, [later("{file} is not a ritual this game can replay ({problem})", file=Path(source).name,
                            problem=problem)]
    return save_ritual(record)
