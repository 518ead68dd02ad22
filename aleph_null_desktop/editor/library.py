"""The player's custom cards on disk: ``<data dir>/custom_cards/<id>.json``, one card pack per
file (``{"schema": 1, "cards": [record]}``, the format of ``assets/cards/base.json``).

Every write is atomic (storage.files.write_json_atomic). A file in the folder that cannot be
used is set aside as ``*.corrupt-<time>`` with a message and the other cards still load.
Import reads a file with hard limits (size checked before reading, depth-limited parse,
RecursionError caught, every record through the engine's validator and the editor's checks)
and changes nothing unless every card in it is good.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath
from typing import Any

from aleph_null_desktop.editor import card_code
from aleph_null_desktop.editor.draft import (
    FLAVOUR_MAX, NAME_MAX, CardDraft, _fold, _record_texts, unique_id, validate,
)
from aleph_null_desktop.engine.cards import SCHEMA_VERSION, CardDataError, card_from_dict, load_builtin_cards
from aleph_null_desktop.i18n import _, current_language, localized, ngettext
from aleph_null_desktop.safe_text import card_text_problem, quote, safe_message
from aleph_null_desktop.storage import files, paths
from aleph_null_desktop.storage.os_reason import PATH_ERRORS, reason

IMPORT_MAX_BYTES = 256_000  # a card is about 1 KB; a pack of a dozen, well under this
IMPORT_MAX_DEPTH = 16  # a card record is 6 levels deep at most
IMPORT_MAX_CARDS = 12
_SAFE_ID = re.compile(r"custom_[a-z0-9_]{1,52}")


def export_path(text: str, suffix: str = ".json") -> tuple[Path | None, str | None]:
    """(the file an export to the typed *text* writes: ``~`` expanded, *suffix* added, None), or
    (None, why it cannot be written there). Never raises: the export dialog checks every keystroke."""
    text = text.strip()
    if not text:
        return None, _("give a file name")
    try:
        path = Path(os.path.expanduser(text))
        if path.name in ("", ".", "..") or text.endswith(("/", os.sep)) or path.is_dir():
            return None, _("that is a folder; add a file name")
        if path.suffix.lower() != suffix:
            path = path.with_name(path.name + suffix)
        if PureWindowsPath(path.name).is_reserved():  # CON, NUL, COM1…: the card could not go to Windows
            return None, _("{name} is a name Windows keeps for itself; choose another").format(
                name=quote(path.name, 40))
        if path.is_dir():
            return None, _("that is a folder; add a file name")
        if not path.parent.is_dir():
            return None, _("the folder {folder} does not exist").format(folder=quote(str(path.parent), 120))
    except PATH_ERRORS as err:
        return None, _("that name cannot be used ({why})").format(why=reason(err))
    return path, None


class EditorError(Exception):
    """Something the player asked for could not be done; the message says why, in words."""


@dataclass
class Entry:
    record: dict
    path: Path

    @property
    def id(self) -> str:
        return self.record["id"]

    @property
    def name(self) -> str:
        """The name in the language of the moment, else in another (as the table shows it)."""
        n = self.record.get("name", {})
        return localized(n, self.id) if isinstance(n, dict) else str(n)

    def names(self) -> list[str]:
        """The names in every language."""
        return _record_texts(self.record.get("name"))


@dataclass
class ImportResult:
    ok: bool
    message: str
    ids: list[str] = field(default_factory=list)


def _pack(records: list[dict]) -> dict:
    return {"schema": SCHEMA_VERSION, "cards": records}


def parse_pack(doc: Any) -> tuple[list[dict] | None, str | None]:
    """The card records of a parsed file: a card pack ``{"schema", "cards"}`` or one bare card
    record. Returns (records, None) or (None, problem). Only the shape is checked here."""
    if isinstance(doc, dict) and "cards" in doc:
        version = files.version_problem(doc, SCHEMA_VERSION, key="schema")
        if version:
            return None, version
        unknown = sorted(k for k in doc if k not in ("schema", "cards"))
        if unknown:
            return None, _("it has an unknown field {name}").format(name=quote(unknown[0]))
        records = doc["cards"]
        if not isinstance(records, list):
            return None, _("its cards are {what}, not a list").format(what=files.type_name(records))
        if not records:
            return None, _("it holds no cards")
    elif isinstance(doc, dict):
        records = [doc]
    else:
        return None, _("it holds {what}, not a card").format(what=files.type_name(doc))
    if len(records) > IMPORT_MAX_CARDS:
        return None, ngettext("it holds {n} card; at most {most} at a time", "it holds {n} cards; at most {most} at a time",
                              len(records)).format(n=len(records), most=IMPORT_MAX_CARDS)
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            return None, _("card {n} is {what}, not a card").format(n=i + 1, what=files.type_name(rec))
    return records, None


def read_limited(path: Path) -> tuple[Any, str | None]:
    """A JSON file read with the import limits; never raises."""
    try:
        path = Path(path)
        if not path.exists():
            return None, _("there is no such file")
        if path.is_dir():
            return None, _("it is a folder, not a file")
        if not path.is_file():
            return None, _("it is not an ordinary file")
        size = path.stat().st_size  # before reading a single byte
        if size > IMPORT_MAX_BYTES:
            return None, _("it is {size}; a card file is at most {most}").format(
                size=files._size_text(size), most=files._size_text(IMPORT_MAX_BYTES))
        value, problem = files.read_json(path, max_bytes=IMPORT_MAX_BYTES, max_depth=IMPORT_MAX_DEPTH)
        return value, problem
    except RecursionError:
        return None, ngettext("it is nested more than {n} level deep", "it is nested more than {n} levels deep",
                              IMPORT_MAX_DEPTH).format(n=IMPORT_MAX_DEPTH)
    except PATH_ERRORS as err:
        return None, _("it could not be read ({why})").format(why=reason(err))


def _engine_problem(rec: dict) -> str | None:
    try:
        card = card_from_dict(rec)
    except CardDataError as err:
        return safe_message(err)
    except (RecursionError, TypeError, ValueError, KeyError, AttributeError) as err:
        return _("it cannot be read as a card ({what})").format(what=type(err).__name__)
    texts = card_text_problem(rec, name_max=NAME_MAX, flavour_max=FLAVOUR_MAX)
    if texts:
        return _("its {field}: {problem}").format(field=texts[0], problem=texts[1])
    if not card.is_interference:
        return _("{name} is a card of the type {kind}; the editor makes interference cards").format(
            name=quote(card.name, NAME_MAX), kind=card.type_name)
    return None


class Library:
    """The custom cards, by id. `load()` reads the folder; every change is written at once."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = Path(folder) if folder else None
        self.entries: dict[str, Entry] = {}
        self.messages: list[str] = []
        self.read_only: str | None = None  # why nothing can be saved (an unwritable data folder)

    @property
    def folder(self) -> Path:
        """The cards folder, created if missing; where it would be when it cannot be created."""
        if self._folder:
            return self._folder
        try:
            return paths.custom_cards_dir()
        except OSError:
            return paths.custom_cards_dir(create=False)

    # ------------------------------------------------------------------ reading
    def load(self) -> list[str]:
        """Reads every card file; returns (and keeps) the messages about files set aside."""
        self.entries, self.messages, self.read_only = {}, [], None
        try:
            folder = self._folder or paths.custom_cards_dir()
            names = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
        except OSError as err:
            where = getattr(err, "filename", None) or _("the data folder")
            self.read_only = _("the folder {where} cannot be written ({why})").format(
                where=safe_message(where, 120), why=reason(err))
            self.messages.append(_("Your cards cannot be saved: {why}. The gallery is read-only until "
                                   "the folder can be written.").format(why=self.read_only))
            return self.messages
        if not os.access(folder, os.W_OK):
            self.read_only = _("the folder {where} cannot be written").format(where=safe_message(folder, 120))
            self.messages.append(_("Your cards cannot be saved: {why}. The gallery is read-only until "
                                   "the folder can be written.").format(why=self.read_only))
        builtin = load_builtin_cards()
        for path in names:
            doc, problem = read_limited(path)
            records = None
            if problem is None:
                records, problem = parse_pack(doc)
            if problem is None and any(rec.get("id") in builtin or rec.get("type") != "interference"
                                       for rec in records):
                # a card pack (e.g. the printed texts) that overrides built-in cards: not the
                # editor's to show or change, and certainly not to set aside
                self.messages.append(_("{name} is a card pack that changes built-in cards; load it with "
                                       "“Card packs…” in the gallery. The editor leaves it as it is.").format(
                    name=quote(path.name, 80)))
                continue
            if problem is None:
                for rec in records:
                    problem = _engine_problem(rec)
                    if problem:
                        break
            if problem:
                if self.read_only:
                    self.messages.append(_("{name} could not be read ({problem}).").format(
                        name=quote(path.name, 80), problem=problem))
                else:
                    self.messages.append(str(files.set_aside(path, problem, _("your other cards are loaded"))))
                continue
            if any(rec["id"] in self.entries for rec in records):
                self.messages.append(_("{name} repeats a card id already loaded; it was skipped.").format(
                    name=quote(path.name, 80)))
                continue
            for rec in records:
                rec = dict(rec, custom=True)
                self.entries[rec["id"]] = Entry(rec, path)
        return self.messages

    def records(self) -> list[dict]:
        return [e.record for e in self.sorted()]

    def sorted(self) -> list[Entry]:
        return sorted(self.entries.values(), key=lambda e: (_fold(e.name), e.id))

    def draft(self, card_id: str) -> CardDraft:
        return CardDraft.from_record(self.entries[card_id].record)

    def others(self, card_id: str | None) -> list[dict]:
        return [e.record for cid, e in self.entries.items() if cid != card_id]

    def _taken(self, card_id: str | None = None) -> set[str]:
        return set(load_builtin_cards()) | {cid for cid in self.entries if cid != card_id}

    # ------------------------------------------------------------------ writing
    def _write(self, path: Path, records: list[dict]) -> None:
        if self.read_only:
            raise EditorError(_("The card could not be saved: {why}.").format(why=self.read_only))
        try:
            files.write_json_atomic(path, _pack(records))
        except (OSError, TypeError, ValueError) as err:
            raise EditorError(_("The card could not be saved: {why}.").format(why=reason(err))) from None

    def _detach(self, entry: Entry) -> None:
        """Takes a card out of its file: deletes the file, or rewrites a pack without it."""
        rest = [e.record for e in self.entries.values() if e.path == entry.path and e.id != entry.id]
        try:
            if rest:
                files.write_json_atomic(entry.path, _pack(rest))
            else:
                entry.path.unlink(missing_ok=True)
        except OSError as err:
            raise EditorError(_("{file} could not be changed ({why})").format(file=entry.path.name, why=reason(err))) from None

    def save(self, draft: CardDraft) -> dict:
        """Validates and writes the draft; gives it its id (from the name). Returns the record."""
        result = validate(draft, self.others(draft.id))
        if not result.ok:
            raise EditorError(_("The card cannot be saved yet: {why}").format(why=result.summary()))
        old = self.entries.get(draft.id) if draft.id else None
        new_id = unique_id(draft.id_name, self._taken(draft.id), current=draft.id if old else None)
        record = draft.to_record(new_id)
        path = self.folder / f"{new_id}.json"
        self._write(path, [record])
        if old is not None and (old.path != path):
            self._detach(old)
        if old is not None:
            del self.entries[old.id]
        self.entries[new_id] = Entry(record, path)
        draft.id = new_id
        return record

    def delete(self, card_id: str) -> None:
        entry = self.entries.get(card_id)
        if entry is None:
            raise EditorError(_("That card is not in your gallery any more."))
        self._detach(entry)
        del self.entries[card_id]

    def free_name(self, name: str, exclude: str | None = None) -> str:
        """`name`, or 'name (2)', 'name (3)'… so that no custom or built-in card has it."""
        from aleph_null_desktop.editor.draft import builtin_names

        used = set(builtin_names()) | {_fold(n) for cid, e in self.entries.items() if cid != exclude for n in e.names()}
        if _fold(name) not in used:
            return name
        n = 2
        while True:
            suffix = f" ({n})"
            trial = name[:NAME_MAX - len(suffix)].rstrip() + suffix
            if _fold(trial) not in used:
                return trial
            n += 1

    def duplicate(self, card_id: str) -> str:
        draft = self.draft(card_id)
        draft.id = None
        for language, name in draft.names().items():
            draft.set_name(language, self.free_name(name))
        self.save(draft)
        return draft.id

    def rename(self, card_id: str, new_name: str) -> str:
        """Renames the card in the language of the moment (its other names stay)."""
        draft = self.draft(card_id)
        draft.set_name(current_language(), new_name)
        self.save(draft)
        return draft.id

    # ------------------------------------------------------------------ export / import
    def export(self, card_id: str, path: Path | str) -> Path:
        entry = self.entries.get(card_id)
        if entry is None:
            raise EditorError(_("That card is not in your gallery any more."))
        path, problem = export_path(str(path))
        if problem:
            raise EditorError(_("The card could not be exported: {why}.").format(why=problem))
        try:
            files.write_json_atomic(path, _pack([entry.record]))
        except (OSError, TypeError, ValueError) as err:
            raise EditorError(_("The card could not be exported: {why}.").format(why=reason(err))) from None
        return path

    def import_file(self, path: Path | str) -> ImportResult:
        """Adds the cards of a file to the gallery, or refuses it whole with a message.
        Never raises."""
        try:
            return self._import(Path(path))
        except EditorError as err:
            return ImportResult(False, str(err))
        except Exception as err:  # the last guard: a hostile file never takes the editor down
            return ImportResult(False, _("{file} was not imported: it cannot be read ({what})").format(
                file=quote(Path(str(path)).name, 60), what=type(err).__name__))

    def import_code(self, code: str) -> ImportResult:
        """Adds the card of a pasted card code (editor.card_code), checked as an imported file's
        card is, or refuses it with a message and changes nothing. Never raises."""
        label = _("The card code")
        try:
            record = card_code.decode(code)
            return self._import_records([record], label)
        except card_code.CodeError as err:
            return ImportResult(False, _("{file} was not imported: {why}. Nothing was changed.").format(
                file=label, why=err))
        except EditorError as err:
            return ImportResult(False, str(err))
        except Exception as err:  # the last guard, as for a file
            return ImportResult(False, _("{file} was not imported: it cannot be read ({what})").format(
                file=label, what=type(err).__name__))

    def _import(self, path: Path) -> ImportResult:
        label = quote(path.name or str(path), 60)
        doc, problem = read_limited(path)
        records = None
        if problem is None:
            records, problem = parse_pack(doc)
        if problem:
            return ImportResult(False, _("{file} was not imported: {why}. Nothing was changed.").format(
                file=label, why=problem))
        return self._import_records(records, label)

    def _import_records(self, records: list[dict], label: str) -> ImportResult:
        """Validates every record (engine, texts, the editor's checks) and writes them all, or
        none: the common end of importing a file and pasting a code."""
        taken = self._taken()
        others = self.records()
        drafts: list[tuple[CardDraft, str]] = []
        for i, rec in enumerate(records):
            which = _("card {n}").format(n=i + 1) if len(records) > 1 else _("the card")
            problem = _engine_problem(rec)
            if problem:
                return ImportResult(False, _("{file} was not imported: {which}: {why}. Nothing was changed.").format(
                    file=label, which=which, why=problem))
            draft = CardDraft.from_record(rec)
            cid = rec["id"] if _SAFE_ID.fullmatch(rec["id"]) and rec["id"] not in taken else \
                unique_id(draft.id_name, taken)
            draft.id = cid
            check = validate(draft, others)
            if not check.ok:
                key, text = next(iter(check.errors.items()))
                mine = {_fold(n) for o in others for n in _record_texts(o.get("name"))}
                if key == "name" and any(_fold(n) in mine for n in draft.names().values()):
                    text = _("you already have a card called {name}").format(name=quote(draft.shown_name, NAME_MAX))
                return ImportResult(False, _("{file} was not imported: {which}: {why}. Nothing was changed.").format(
                    file=label, which=which, why=text))
            taken.add(cid)
            others.append(draft.to_record(cid))
            drafts.append((draft, cid))
        written: list[Path] = []
        try:
            for draft, cid in drafts:
                target = self.folder / f"{cid}.json"
                self._write(target, [draft.to_record(cid)])
                written.append(target)
        except EditorError as err:
            for p in written:  # all or nothing
                p.unlink(missing_ok=True)
            return ImportResult(False, _("{file} was not imported: {why}").format(file=label, why=err))
        for (draft, cid), target in zip(drafts, written):
            self.entries[cid] = Entry(draft.to_record(cid), target)
        names = ", ".join(quote(d.shown_name, NAME_MAX) for d, _cid in drafts)
        return ImportResult(True, _("Imported {names}.").format(names=names), [cid for _d, cid in drafts])
