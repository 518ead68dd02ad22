"""The game in progress: ``<data dir>/autosave.json``, resumable after a crash.

A record is plain JSON::

    {"version": 1, "seed": 7, "circle": "adept", "options": {...},
     "cards": <card pack dict or None>, "commands": [{"kind": "summon", "uid": 3}, ...]}

``options`` are the engine's game options (``Game.options``: ``eternal_light``,
``interference_pool``); ``cards`` is a card pack ``{"schema": 1, "cards": [records]}`` whose
records override built-in cards (a bare list of records is accepted too); ``commands`` are
``engine.commands.command_to_dict`` dicts. It is the engine's own record of a game,
``Game.to_dict()`` (``record_from_game`` checks it), and ``Game.dealt`` plus ``apply`` replay it:
the one way a game is saved.

The seed and the command list replay the game exactly (the engine's randomness is its own
seeded RNG), so the record stays small and a save from a crash mid-turn is never half a state.
This module only stores and checks dicts; ``resume_game`` hands them to the engine, which is
imported lazily so storage never pulls the rules in by itself.
"""

from __future__ import annotations

import copy
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from aleph_null_desktop.i18n import Message, N_, later, nlater
from aleph_null_desktop.storage import files, paths
from aleph_null_desktop.storage.said_once import SaidOnce

if TYPE_CHECKING:  # pragma: no cover
    from aleph_null_desktop.engine import Game

AUTOSAVE_VERSION = 1
MAX_BYTES = 8_000_000
MAX_COMMANDS = 100_000
RITUAL_OPTION = "ritual"  # Game.options: the ritual's id, kept with its autosave and its statistics


def ritual_id(game: "Game") -> str:
    """The ritual's id (made at its first call): its autosave and its recorded result share it."""
    import uuid

    ritual = game.options.get(RITUAL_OPTION)
    if not isinstance(ritual, str) or not ritual:
        ritual = game.options[RITUAL_OPTION] = uuid.uuid4().hex
    return ritual


# options the engine does not take but the game keeps with a ritual (rituals.code, rituals.daily)
KEPT_OPTIONS = {RITUAL_OPTION: str, "ritual_code": str, "daily": str, "practice": bool}


class InvalidRecord(ValueError):
    """An autosave record that does not have the documented shape (message says why)."""


def make_record(
    seed: int,
    circle: str,
    *,
    options: dict | None = None,
    cards: dict | list | None = None,
    commands: Iterable[dict] = (),
) -> dict[str, Any]:
    """A new, checked record (commands as dicts, e.g. from ``engine.commands.command_to_dict``)."""
    record = {
        "version": AUTOSAVE_VERSION,
        "seed": seed,
        "circle": circle,
        "options": dict(options or {}),
        "cards": cards,
        "commands": list(commands),
    }
    check_record(record)
    return record


def record_problem(record: Any) -> Message | None:
    """None if *record* is a usable autosave record, else what is wrong with it (in words)."""
    if not isinstance(record, dict):
        return later("it holds {what}, not an object", what=files.type_name(record))
    if "version" not in record:
        return later("it has no format version")
    problem = files.version_problem(record, AUTOSAVE_VERSION)
    if problem:
        return problem
    if not files.is_int(record.get("seed")):
        return later("its seed is {what}, not a whole number", what=files.type_name(record.get("seed")))
    circle = record.get("circle")
    if not isinstance(circle, str) or not circle:
        return later("its circle is {what}, not a name", what=files.type_name(circle))
    if not isinstance(record.get("options", {}), dict):
        return later("its options are {what}, not an object", what=files.type_name(record["options"]))
    pool = record.get("options", {}).get("interference_pool")
    if pool is not None and not (isinstance(pool, dict) and all(
            isinstance(level, str) and level.isascii() and level.isdigit() and isinstance(ids, list)
            and all(isinstance(i, str) for i in ids) for level, ids in pool.items())):
        return later("its interference pool is not a list of card ids for each level")
    cards = record.get("cards")
    if cards is not None and not isinstance(cards, (dict, list)):
        return later("its card pack is {what}, not a card pack", what=files.type_name(cards))
    commands = record.get("commands")
    if not isinstance(commands, list):
        return later("its commands are {what}, not a list", what=files.type_name(commands))
    if len(commands) > MAX_COMMANDS:
        return nlater("it has {n} command, more than {most}", "it has {n} commands, more than {most}", len(commands),
                      most=MAX_COMMANDS)
    for i, command in enumerate(commands, 1):
        if not isinstance(command, dict):
            return later("command {i} is {what}, not an object", i=i, what=files.type_name(command))
    return None


def check_record(record: Any) -> None:
    """Raise InvalidRecord if *record* is not a usable autosave record."""
    problem = record_problem(record)
    if problem:
        raise InvalidRecord(f"not an autosave record: {problem}")


def _normalised(record: dict) -> dict[str, Any]:
    out = copy.deepcopy(record)  # unknown keys are kept
    out.setdefault("options", {})
    out.setdefault("cards", None)
    return out


def save_autosave(record: dict) -> list[Message]:
    """Write *record* atomically (compact JSON). Raises InvalidRecord for a malformed record (a
    bug in the caller); returns [] or a message for the player if the disk refused."""
    check_record(record)
    doc = _normalised(record)
    doc["version"] = AUTOSAVE_VERSION
    try:
        files.write_json_atomic(paths.autosave_path(), doc, pretty=False)
    except OSError as e:
        return [later("The game could not be autosaved ({error})", error=files.os_reason(e))]
    except (TypeError, ValueError) as e:  # not JSON-safe (NaN, objects)
        raise InvalidRecord(f"not an autosave record: {e}") from None
    return []


def load_autosave() -> tuple[dict[str, Any] | None, list[Message]]:
    """The saved game record, or None if there is none or it cannot be used. Never raises.
    What an AutosaveWriter of this process was handed is written first.

    An unusable file (corrupt, wrong shape, newer format) is set aside as
    ``autosave.json.corrupt-<time>`` and a message explains it.
    """
    _flush_writers()
    try:
        path = paths.autosave_path()
    except OSError as e:
        return None, [later("The saved game folder could not be created ({why}); there is no game to continue",
                            why=files.os_reason(e))]
    try:
        doc, problem = files.read_json(path, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return None, []
    if problem is None:
        problem = record_problem(doc)
    if problem is not None:
        return None, [files.set_aside(path, problem, later("there is no game to continue"))]
    return _normalised(doc), []


def has_autosave() -> bool:
    """Whether an autosave file exists (cheap; for the title screen's Continue button)."""
    _flush_writers()
    try:
        return paths.autosave_path().is_file()
    except OSError:
        return False


def repair_at_start() -> list[Message]:
    """What a kill or a hand left in place of the autosave, put right before anything uses it:
    something that is not an ordinary file (a folder: no save could ever replace it) is set aside;
    the autosave of a ritual whose result is already recorded (killed between recording the result
    and removing the save) is removed. Returns messages for the player. Never raises."""
    from aleph_null_desktop.storage import stats

    try:
        path = paths.autosave_path()
        doc, problem = files.read_json(path, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return []
    except OSError as e:
        return [later("The saved game folder could not be read ({why})", why=files.os_reason(e))]
    if problem is not None:
        if path.is_symlink() or path.exists() and not path.is_file():
            return [files.set_aside(path, problem, later("there is no game to continue"))]
        return []  # a damaged file: Continue says so, and sets it aside then
    ritual = ((doc.get("options") if isinstance(doc, dict) else None) or {}).get(RITUAL_OPTION)
    if isinstance(ritual, str) and ritual and stats.recorded(ritual):
        return clear_autosave()
    return []


def clear_autosave() -> list[Message]:
    """Delete the autosave (the game ended or was abandoned). Returns [] or a message."""
    try:
        paths.autosave_path().unlink(missing_ok=True)
    except OSError as e:
        return [later("The finished game's autosave could not be removed ({why})", why=files.os_reason(e))]
    return []


def resume_game(record: dict) -> tuple["Game | None", list[Message]]:
    """Rebuild the game from *record* by replaying its commands. Never raises.

    ``new_game(seed=..., circle=..., cards=<the pack's records>, <options the engine takes>)``,
    then ``g.apply(command_from_dict(d))`` for each command. If the record is malformed or the
    replay fails (IllegalCommand or anything else), ``(None, [message])`` is returned, and
    ``autosave.json`` is set aside if it holds this record.
    """
    try:
        from aleph_null_desktop.engine import new_game  # noqa: F401  (the rules load: else the save is kept)
        from aleph_null_desktop.engine.commands import command_from_dict  # noqa: F401
    except Exception as e:  # the rules failed to load: not the save's fault, keep it
        return None, [later("The saved game could not be resumed: the rules could not be loaded ({why})",
                            why=_error_text(e))]

    problem = record_problem(record)
    if problem is None:
        game, problem = replay_record(record)
    if problem is None:
        return game, []

    consequence = later("a new game must be started")
    path = _saved_file_holding(record)
    if path is not None:
        return None, [files.set_aside(path, problem, consequence, lead=N_("{file} could not be resumed ({problem})"))]
    return None, [later("The saved game could not be resumed ({problem}); {consequence}", problem=problem,
                        consequence=consequence)]


def replay_record(record: dict, commands: int | None = None) -> tuple["Game | None", Message | None]:
    """The game of a checked record (an autosave, a recorded ritual), its first *commands* moves
    (all: None) replayed, with the options the UI keeps on it; or (None, what went wrong)."""
    from aleph_null_desktop.engine import Game
    from aleph_null_desktop.engine.commands import command_from_dict

    try:
        game = Game.dealt(record)
    except Exception as e:
        return None, later("the game could not be set up: {why}", why=_error_text(e))
    moves = record["commands"] if commands is None else record["commands"][:commands]
    for i, d in enumerate(moves, 1):
        try:
            game.apply(command_from_dict(d))
        except Exception as e:
            return None, later("command {i} of {n} could not be replayed: {why}", i=i, n=len(record["commands"]),
                               why=_error_text(e))
    options = record.get("options") or {}
    pack = options.get("card_pack")
    if isinstance(pack, str) or isinstance(pack, dict) and pack and all(
            isinstance(k, str) and isinstance(v, str) for k, v in pack.items()):
        game.options["card_pack"] = dict(pack) if isinstance(pack, dict) else pack  # its name(s), for the log
    for key, kind in KEPT_OPTIONS.items():  # what the UI noted on the game: its code, a daily ritual
        if isinstance(options.get(key), kind):
            game.options[key] = options[key]
    return game, None


def _saved_file_holding(record: Any) -> Path | None:
    """autosave.json if it holds *record* (so only the save that failed is set aside), else None."""
    try:
        path = paths.autosave_path()
        on_disk, problem = files.read_json(path, max_bytes=MAX_BYTES)
    except OSError:  # includes FileNotFoundError
        return None
    if problem is not None or not isinstance(on_disk, dict) or not isinstance(record, dict):
        return None
    return path if _normalised(on_disk) == _normalised(record) else None


def record_from_game(game: "Game") -> dict[str, Any]:
    """The autosave record of an engine Game: ``game.to_dict()`` (its seed, Circle, options, card
    pack and the commands played so far, after any undo), checked."""
    record = game.to_dict()
    record["options"].pop("scenario", None)  # a position set up by hand (a lesson) is not replayed from a save
    check_record(record)
    record["hour"] = game.hour  # for the title's Continue (saved_ritual); the commands decide the game
    return record


def saved_ritual() -> tuple[str, int | None] | None:
    """(Circle id, Hour or None for an older save) of the autosaved ritual, for the title's
    Continue; None when there is none or it cannot be read. Only looks: an unusable file is set
    aside when Continue loads it (load_autosave), not here. Never raises."""
    _flush_writers()
    try:
        doc, problem = files.read_json(paths.autosave_path(), max_bytes=MAX_BYTES)
    except (OSError, ValueError):
        return None
    if problem is not None or record_problem(doc) is not None:
        return None
    hour = doc.get("hour")
    return doc["circle"], hour if files.is_int(hour) and 1 <= hour <= 7 else None


def _error_text(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    return text if len(text) <= 200 else text[:199] + "…"


class AutosaveWriter:
    """Writes the autosave on its own thread, so a slow disk never holds up a frame.

    `save(record)` and `clear()` hand the newest state over and return; the thread writes it
    atomically (`save_autosave`). A state that has not been started yet is replaced by a newer one
    (the latest state wins). To keep the guarantee of writing on the frame thread (a kill at any
    moment loses at most the last move), `save` first waits, up to `wait` seconds, for the
    previous state to be on disk: a move only ever waits when it comes faster than one write, and
    a disk slower than `wait` never freezes the game (a kill then may lose the moves of that
    write). `flush()` waits until everything handed over is on disk; `close()` flushes and ends
    the thread. Disk errors come back as messages from `take_messages()`.
    """

    CLEAR = object()

    def __init__(self, *, wait: float = 0.25) -> None:
        import threading

        self.wait = wait
        self._pending: Any = None  # a record, CLEAR, or None (nothing to do)
        self._results: list[dict] = []  # finished rituals to record, before the pending item
        self._writing = False
        self._closed = False
        self._messages: list[str] = []
        self._said = SaidOnce()  # the warnings given since the last good write: each once
        self._lock = threading.Condition()
        self._thread: Any = None
        self.writes = 0
        _WRITERS.add(self)
        try:
            self.removed_temporaries = files.remove_temporaries(paths.autosave_path())
        except OSError:  # the folder cannot be made: the first save says so
            self.removed_temporaries = 0
        self._messages.extend(repair_at_start())

    def save(self, record: dict) -> None:
        """Hands over the newest record (checked here: a malformed one raises InvalidRecord)."""
        check_record(record)
        self._hand_over(record)

    def clear(self) -> None:
        """The ritual was abandoned: the autosave goes (after any save handed over before)."""
        self._hand_over(self.CLEAR)

    def finish(self, outcome: dict) -> None:
        """The ritual ended: its result (a stats.record_game outcome, with the ritual's id) is
        recorded, and only then the autosave goes, in one ordered step on the writer's thread: a
        kill at any instant leaves the autosave or the recorded result, never neither. A result
        is never replaced by a newer save: each one handed over is recorded."""
        from aleph_null_desktop.storage.stats import game_problem

        problem = game_problem(dict(outcome, date=outcome.get("date") or "now"))
        if problem:
            raise ValueError(f"not a game outcome: {problem}")
        self._hand_over(self.CLEAR, result=dict(outcome))

    def _hand_over(self, item: Any, result: dict | None = None) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("the autosave writer is closed")
            self._lock.wait_for(lambda: not self._busy(), timeout=self.wait)
            if result is not None:
                self._results.append(result)
            self._pending = item
            self._start()
            self._lock.notify_all()

    def _busy(self) -> bool:
        return self._writing or self._pending is not None or bool(self._results)

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Waits until everything handed over is on disk; False if that took longer than `timeout`."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._busy(), timeout=timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        done = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        return done

    def take_messages(self) -> list[Message]:
        with self._lock:
            messages, self._messages = self._messages, []
        return messages

    def _start(self) -> None:
        import threading

        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:  # closed, nothing left
                    return
                item, self._pending, self._writing = self._pending, None, True
                results, self._results = self._results, []
            messages = []
            for result in results:  # recorded (durably) before the autosave they end goes
                try:
                    messages += record_game(result)
                except Exception as e:
                    messages.append(later("The ritual's result could not be recorded ({error})", error=_error_text(e)))
            try:
                messages += clear_autosave() if item is self.CLEAR else save_autosave(item)
            except Exception as e:  # a bug must not kill the writer: the next save tries again
                messages.append(later("The game could not be autosaved ({error})", error=_error_text(e)))
            with self._lock:
                self._writing = False
                self.writes += 1
                self._messages += self._said.news(messages)  # a full disk is said once, not at every move
                self._lock.notify_all()


_WRITERS: "weakref.WeakSet[AutosaveWriter]" = weakref.WeakSet()  # reads of the autosave wait for these


def _flush_writers() -> None:
    import threading

    for writer in list(_WRITERS):
        if writer._thread is not threading.current_thread():  # the writer reading for itself
            writer.flush()


def record_game(outcome: dict) -> list[Message]:
    from aleph_null_desktop.storage.stats import record_game as record

    return record(outcome)
