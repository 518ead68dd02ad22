"""Card packs: a file of card records that replace the built-in cards of the same id (the printed
texts a player owns, a friend's set) — the format of ``assets/cards/base.json``, plus a name::

    {"schema": 1, "name": {"en": "My printed texts", "de": "Meine gedruckten Texte"},
     "description": {"en": "…", "de": "…"}, "cards": [record, ...]}

The name and the description are a text or, like a card's name, ``{language: text}``: the game
shows the player's language, else English, else any other (``i18n.localized``).

``read_pack(path)`` checks a pack completely before anything uses it: at most 1 MB (the size is
looked at before reading), nesting depth limited (no RecursionError), every text through
safe_text, every record through the engine's card validator, ids unique, the main deck still 28
cards, and every Circle still playable (enough interference of each level, and a ritual of it can
be set up). ``PackShelf`` keeps the good packs in ``<data dir>/card_packs/``: a loaded pack is
copied there, a file the player puts there by hand is read too, and one that fails is listed with
its reason and left alone. The docs: docs/card-packs.md, docs/card-pack.schema.json.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aleph_null_desktop.engine.cards import (
    MAIN_DECK_SIZE, ROMAN, SCHEMA_VERSION, CardDataError, card_from_dict, cardset_with, circles,
    load_builtin_cards,
)
from aleph_null_desktop.i18n import _, localized, ngettext
from aleph_null_desktop.safe_text import LANGUAGE, card_text_problem, quote, safe_message, text_problem
from aleph_null_desktop.storage import files, paths
from aleph_null_desktop.storage.os_reason import PATH_ERRORS, reason

log = logging.getLogger(__name__)

PACK_MAX_BYTES = 1_000_000
PACK_MAX_DEPTH = 16  # a card record is 6 levels deep at most; a pack adds 2
PACK_MAX_CARDS = 200
PACK_NAME_MAX = 60
CARD_NAME_MAX = 60  # printed names run longer than the editor's 40
CARD_FLAVOUR_MAX = 400
PACK_KEYS = ("schema", "name", "author", "description", "cards")


@dataclass(frozen=True)
class Pack:
    id: str  # the file's stem in the packs folder
    names: dict[str, str] = field(compare=False)  # {language: name}, one language at least
    records: tuple[dict, ...]
    path: Path
    descriptions: dict[str, str] = field(default_factory=dict, compare=False)  # {language: text}, may be {}
    author: str = ""

    @property
    def name(self) -> str:
        """The name in the player's language (else English, else any)."""
        return localized(self.names, self.id)

    @property
    def description(self) -> str:
        """The description in the player's language (else English, else any); "" if it has none."""
        return localized(self.descriptions)

    @property
    def summary(self) -> str:
        builtin = load_builtin_cards()
        changed = sum(1 for r in self.records if r["id"] in builtin)
        added = len(self.records) - changed
        parts = [ngettext("{n} card changed", "{n} cards changed", changed).format(n=changed)]
        if added:
            parts.append(_("{n} added").format(n=added))
        return ", ".join(parts)


@dataclass(frozen=True)
class Refused:
    """A file in the packs folder that cannot be used, and why."""
    id: str
    path: Path
    reason: str


@dataclass(frozen=True)
class PackDoc:
    """A checked pack document: its texts per language and its card records."""
    names: dict[str, str]
    records: list[dict]
    descriptions: dict[str, str]
    author: str = ""

    @property
    def name(self) -> str:
        return localized(self.names)


def _texts(doc: dict, key: str, limit: int, multiline: bool) -> tuple[dict[str, str] | None, str | None]:
    """The pack's `key` ("name", "description") as {language: text}: a plain text is English;
    every language checked; empty texts dropped. ({}, None) when it is missing."""
    value = doc.get(key)
    if value is None:
        return {}, None
    if isinstance(value, str):
        value = {"en": value}
    what = _("its name") if key == "name" else _("its description")
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        return None, _("{what} should be a text, or an object of texts by language like "
                       "{{\"en\": …, \"de\": …}}").format(what=what)
    texts = {}
    for lang, text in value.items():
        if not LANGUAGE.fullmatch(lang):
            return None, _("{what}: {lang} is not a language code like en or de").format(what=what, lang=quote(lang))
        problem = text_problem(text.strip(), limit, multiline=multiline, name=key == "name")
        if problem:
            return None, _("{what} in {lang}: {problem}").format(what=what, lang=lang, problem=problem)
        if text.strip():
            texts[lang] = text.strip()
    return texts, None


def check_pack_doc(doc: Any, fallback_name: str = "card pack") -> tuple[tuple[str, list[dict]] | None, str | None]:
    """((name, records), None) for a parsed pack document that is safe to play, else (None, problem);
    the name in the player's language (`check_pack` keeps every language)."""
    result, problem = check_pack(doc, fallback_name)
    return ((result.name, result.records), None) if result else (None, problem)


def check_pack(doc: Any, fallback_name: str = "card pack") -> tuple[PackDoc | None, str | None]:
    """(PackDoc, None) for a parsed pack document that is safe to play, else (None, problem)."""
    if not isinstance(doc, dict):
        return None, _("it holds {what}, not a card pack").format(what=files.type_name(doc))
    unknown = [k for k in doc if k not in PACK_KEYS]
    if unknown:
        return None, _("it has an unknown field {name}").format(name=quote(unknown[0]))
    version = files.version_problem(doc, SCHEMA_VERSION, key="schema")
    if version:
        return None, version
    names, problem = _texts(doc, "name", PACK_NAME_MAX, multiline=False)
    if problem:
        return None, problem
    if not names:
        if "name" in doc:
            return None, _("its name is empty in every language")
        names = {"en": fallback_name}
    descriptions, problem = _texts(doc, "description", 400, multiline=True)
    if problem:
        return None, problem
    if "author" in doc and (not isinstance(doc["author"], str) or text_problem(doc["author"], 400, multiline=True)):
        return None, _("its {field} should be a text of at most 400 characters").format(field="author")
    records = doc.get("cards")
    if not isinstance(records, list):
        return None, _("its cards are {what}, not a list").format(what=files.type_name(records))
    if not records:
        return None, _("it holds no cards")
    if len(records) > PACK_MAX_CARDS:
        return None, ngettext("it holds {n} card; a pack has at most {most}", "it holds {n} cards; a pack has at most {most}",
                              len(records)).format(n=len(records), most=PACK_MAX_CARDS)
    seen: set[str] = set()
    for i, rec in enumerate(records):
        which = _("card {n}").format(n=i + 1)
        try:
            card = card_from_dict(rec)
        except CardDataError as err:
            return None, f"{which}: {safe_message(err, 240)}"
        except (RecursionError, TypeError, ValueError, KeyError, AttributeError) as err:
            return None, _("{which} cannot be read as a card ({what})").format(which=which, what=type(err).__name__)
        texts = card_text_problem(rec, name_max=CARD_NAME_MAX, flavour_max=CARD_FLAVOUR_MAX)
        if texts:
            return None, f"{which} ({quote(card.id)}): {texts[0]}: {texts[1]}"
        if rec.get("custom"):
            return None, _("{which} ({id}) is marked custom: editor cards belong in the gallery, not in "
                           "a pack").format(which=which, id=quote(card.id))
        if card.id in seen:
            return None, _("the card id {id} appears twice").format(id=quote(card.id))
        seen.add(card.id)
    problem = playable_problem(records)
    if problem:
        return None, problem
    return PackDoc(names, [dict(r) for r in records], descriptions, doc.get("author", "").strip()), None


def playable_problem(records: list[dict]) -> str | None:
    """None when every Circle can still be played with these overrides, else why not."""
    try:
        cards = cardset_with(records)
    except CardDataError as err:
        return safe_message(err, 240)
    main = len(cards.main_deck_ids())
    if main != MAIN_DECK_SIZE:
        return ngettext("with this pack the main deck has {n} card; it must have {size}",
                        "with this pack the main deck has {n} cards; it must have {size}", main).format(
            n=main, size=MAIN_DECK_SIZE)
    from aleph_null_desktop.engine import new_game

    for circle in circles().values():
        for level, wanted in sorted(circle.set_aside.items()):
            have = len(cards.interference_ids(level))
            if have < wanted:
                return ngettext("the {circle} sets aside {wanted} level-{level} interference card, but with this "
                                "pack there are only {have}",
                                "the {circle} sets aside {wanted} level-{level} interference cards, but with this "
                                "pack there are only {have}", wanted).format(circle=circle.name, wanted=wanted,
                                                                            level=ROMAN[level], have=have)
        try:
            new_game(seed=1, circle=circle.id, cards=cards)
        except Exception as err:  # the engine's own word on whether the ritual can begin
            return _("a ritual of the {circle} cannot be set up with this pack ({why})").format(
                circle=circle.name, why=safe_message(err, 160))
    return None


def read_pack(path: Path | str) -> tuple[tuple[str, list[dict]] | None, str | None]:
    """((name, records), None) for a usable pack file, else (None, problem). Never raises."""
    result, problem = read_pack_doc(path)
    return ((result.name, result.records), None) if result else (None, problem)


def read_pack_doc(path: Path | str) -> tuple[PackDoc | None, str | None]:
    """(PackDoc, None) for a usable pack file, else (None, problem). Never raises."""
    result, _raw, problem = read_pack_file(path)
    return result, problem


def read_pack_file(path: Path | str) -> tuple[PackDoc | None, bytes | None, str | None]:
    """(PackDoc, the file's bytes, None) for a usable pack file, else (None, None, problem). The
    file is read once (files.read_file_bytes: never waiting on a FIFO, size-capped while read):
    the bytes returned are the ones checked. Never raises."""
    try:
        path = Path(path)
        try:
            raw, problem = files.read_file_bytes(path, PACK_MAX_BYTES)
        except FileNotFoundError:
            return None, None, _("there is no such file")
        if problem is None:
            doc, problem = files.parse_json(raw, max_depth=PACK_MAX_DEPTH, deep=False)
        if problem is None:  # too many cards is seen at once; the walks over every value come after
            cards = doc.get("cards") if isinstance(doc, dict) else None
            if isinstance(cards, list) and len(cards) > PACK_MAX_CARDS:
                problem = ngettext("it holds {n} card; a pack has at most {most}",
                                   "it holds {n} cards; a pack has at most {most}", len(cards)).format(
                    n=len(cards), most=PACK_MAX_CARDS)
        if problem is None:
            problem = files.deep_problem(doc, PACK_MAX_DEPTH)
        if problem:
            return None, None, str(problem)
        result, problem = check_pack(doc, fallback_name=path.stem[:PACK_NAME_MAX])
        return (result, raw, None) if result else (None, None, problem)
    except RecursionError:
        return None, None, ngettext("it is nested more than {n} level deep", "it is nested more than {n} levels deep",
                                    PACK_MAX_DEPTH).format(n=PACK_MAX_DEPTH)
    except PATH_ERRORS as err:
        return None, None, _("it could not be read ({why})").format(why=reason(err))


# what scan_pack read, by file: ((size, mtime, inode, device, language), PackDoc or None, problem)
_scanned: dict[str, tuple[tuple, PackDoc | None, str | None]] = {}
_scanned_lock = threading.Lock()


def _file_key(path: Path) -> tuple | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    from aleph_null_desktop.i18n import current_language  # a refusal's words are in that language

    return info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev, current_language()


def scan_pack(path: Path) -> tuple[PackDoc | None, str | None]:
    """read_pack_doc, remembered by the file's size and modification time: a pack file that has not
    changed since it was read is not read and checked again (ten 1 MB packs took seconds)."""
    key = _file_key(path)
    with _scanned_lock:
        hit = _scanned.get(str(path))
    if key is not None and hit is not None and hit[0] == key:
        return hit[1], hit[2]
    result, problem = read_pack_doc(path)
    if key is not None and _file_key(path) == key:  # unchanged while it was read
        with _scanned_lock:
            _scanned[str(path)] = (key, result, problem)
    return result, problem


def is_remembered(path: Path) -> bool:
    """Whether scan_pack would answer for this file without reading it."""
    key = _file_key(path)
    with _scanned_lock:
        hit = _scanned.get(str(path))
    return key is not None and hit is not None and hit[0] == key


def remember(path: Path, result: PackDoc) -> None:
    """A pack just written whole (PackShelf.add): scan_pack knows it without reading it."""
    key = _file_key(path)
    if key is not None:
        with _scanned_lock:
            _scanned[str(path)] = (key, result, None)


def shown_names(packs) -> dict[str, str]:
    """{pack id: the name to show}: its name in the player's language, with the file's id after it
    where two packs read alike (case and spacing aside), so that every shown name is distinct."""
    def fold(name: str) -> str:
        return " ".join(name.casefold().split())

    counts: dict[str, int] = {}
    for pack in packs:
        counts[fold(pack.name)] = counts.get(fold(pack.name), 0) + 1
    return {p.id: p.name if counts[fold(p.name)] == 1 else f"{p.name} ({p.id})" for p in packs}


def _pack(pack_id: str, doc: PackDoc, path: Path) -> Pack:
    return Pack(pack_id, dict(doc.names), tuple(doc.records), path, dict(doc.descriptions), doc.author)


def _file_id(name: str) -> str:
    return re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")[:40] or "pack"


class PackShelf:
    """The packs in ``<data dir>/card_packs/``. ``load()`` reads them; ``add(path)`` loads a pack
    from anywhere into the folder (all or nothing); ``remove(id)`` deletes the folder's copy."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = Path(folder) if folder else None
        self.packs: dict[str, Pack] = {}
        self.refused: list[Refused] = []
        self.read_only: str | None = None
        self.loading = False  # start_loading is reading the folder on a thread
        self._loaded: tuple | None = None  # what it read, until take_loaded() puts it on the shelf
        self.adding = False  # start_adding is checking and copying a pack on a thread
        self._added: tuple | None = None  # its (pack, message), until take_added() shelves the pack
        self._messages: list[str] = []

    @property
    def folder(self) -> Path:
        if self._folder:
            return self._folder
        try:
            return paths.card_packs_dir()
        except OSError:
            return paths.card_packs_dir(create=False)

    def load(self) -> list[str]:
        """Reads every pack file of the folder (a file unchanged since it was last read is not read
        again: `scan_pack`); returns messages (a folder that cannot be read)."""
        self._apply(self._scan())
        return self._take_messages()

    def start_loading(self) -> None:
        """`load`, off the frame loop: done at once when every file of the folder is remembered
        unchanged, else on a thread (`loading` until then); `take_loaded()` gives its messages."""
        names = self._names()
        if names is not None and not all(is_remembered(path) for path in names):
            self.loading = True
            threading.Thread(target=self._load_on_thread, name="card packs", daemon=True).start()
        else:
            self._loaded = self._scan()

    def take_loaded(self) -> list[str] | None:
        """The messages of a finished `start_loading` (its packs now on the shelf), or None while
        it is still reading (or nothing was started)."""
        result, self._loaded = self._loaded, None
        if result is None:
            return None
        self._apply(result)
        self.loading = False
        return self._take_messages()

    def _load_on_thread(self) -> None:
        try:
            result = self._scan()
        except Exception as exc:  # a bug must not leave the book waiting for ever
            log.exception("card packs not read")
            result = ({}, [], None, [_("Card packs could not be read ({why}).").format(why=reason(exc))])
        self._loaded = result

    def _names(self) -> list[Path] | None:
        try:
            folder = self._folder or paths.card_packs_dir()
            folder.mkdir(parents=True, exist_ok=True)
            return sorted(p for p in folder.iterdir() if p.suffix.lower() == ".json")
        except OSError:
            return None

    def _scan(self) -> tuple[dict, list, str | None, list[str]]:
        """(packs, refused, read_only, messages) of the folder as it is now; changes nothing."""
        packs: dict[str, Pack] = {}
        refused: list[Refused] = []
        try:
            folder = self._folder or paths.card_packs_dir()
            folder.mkdir(parents=True, exist_ok=True)
            names = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".json")
        except OSError as err:
            read_only = _("the folder {where} cannot be used ({why})").format(
                where=safe_message(getattr(err, "filename", None) or self.folder, 120),
                why=reason(err))
            return packs, refused, read_only, [_("Card packs cannot be kept: {why}.").format(why=read_only)]
        for path in names:
            pack_id = path.stem
            result, problem = scan_pack(path)
            if problem:
                refused.append(Refused(pack_id, path, problem))
                continue
            packs[pack_id] = _pack(pack_id, result, path)
        return packs, refused, None, []

    def _apply(self, result) -> None:
        self.packs, self.refused, self.read_only, self._messages = result

    def _take_messages(self) -> list[str]:
        messages, self._messages = list(self._messages), []
        return messages

    def by_name(self, name: str | None) -> Pack | None:
        """The pack of that name in the player's language, or None."""
        return next((p for p in self.packs.values() if p.name == name), None)

    def same_name(self, names: dict[str, str]) -> Pack | None:
        """A pack that has one of these names in the same language (the same pack, or a clash)."""
        return next((p for p in self.packs.values()
                     if any(p.names.get(lang) == text for lang, text in names.items())), None)

    def add(self, source: Path | str) -> tuple[Pack | None, str]:
        """Checks the file at *source* and copies it into the folder; (pack, message). Nothing is
        written unless the whole pack is good. Never raises."""
        pack, message = self.copy_in(source)
        if pack is not None:
            self.packs[pack.id] = pack
        return pack, message

    def start_adding(self, source: Path | str) -> None:
        """`add`, off the frame loop (`adding` until `take_added()` gives its answer): a large pack
        is read and checked on a thread."""
        self.adding = True
        threading.Thread(target=self._add_on_thread, args=(source,), name="card pack", daemon=True).start()

    def take_added(self) -> tuple[Pack | None, str] | None:
        """(pack, message) of a finished `start_adding`, its pack now on the shelf; None while it
        is still reading (or nothing was started)."""
        result, self._added = self._added, None
        if result is None:
            return None
        pack, message = result
        if pack is not None:
            self.packs[pack.id] = pack
        self.adding = False
        return pack, message

    def _add_on_thread(self, source: Path | str) -> None:
        try:
            result = self.copy_in(source)
        except Exception as exc:  # a bug must not leave the screen waiting for ever
            log.exception("card pack not added")
            result = (None, _("Card packs could not be read ({why}).").format(why=reason(exc)))
        self._added = result

    def copy_in(self, source: Path | str) -> tuple[Pack | None, str]:
        """`add` without putting the pack on the shelf: it only reads the shelf, so it may run on a
        thread while the frame loop draws the shelf."""
        given = str(source).strip()
        source = Path(given)
        label = quote(given, 160)  # the whole path as given: a stray letter or folder is the cause to see
        try:
            return self._add(source.expanduser(), label)
        except PATH_ERRORS as err:  # ~someone unknown, a path the system refuses
            return None, _("{file} was not loaded: {why}.").format(file=label, why=reason(err))

    def _add(self, source: Path, label: str) -> tuple[Pack | None, str]:
        result, data, problem = read_pack_file(source)  # the bytes checked are the bytes stored
        if problem:
            return None, _("{file} was not loaded: {problem}. Nothing was changed.").format(file=label, problem=problem)
        same = self.same_name(result.names)
        name = same.name if same is not None else result.name
        if same is not None and same.path.resolve() != source.resolve():
            kept, _problem = files.read_file_bytes(same.path, PACK_MAX_BYTES) if same.path.exists() else (None, None)
            if kept == data:
                return same, _("{name} is already among your card packs.").format(name=quote(name, 60))
        if same is not None and same.path.resolve() == source.resolve():
            return same, _("{name} is already among your card packs.").format(name=quote(name, 60))
        if same is not None:
            return None, _("{file} was not loaded: you already have a pack called {name}; rename one of "
                           "them. Nothing was changed.").format(file=label, name=quote(name, 60))
        if self.read_only:
            return None, _("{file} was not loaded: {why}.").format(file=label, why=self.read_only)
        base = _file_id(result.names.get("en") or name)
        pack_id, n = base, 2
        while (self.folder / f"{pack_id}.json").exists():
            pack_id, n = f"{base}_{n}", n + 1
        target = self.folder / f"{pack_id}.json"
        try:
            files.write_bytes_atomic(target, data)
        except OSError as err:
            return None, _("{file} was not loaded: it could not be copied into {folder} ({why}).").format(
                file=label, folder=safe_message(self.folder, 120), why=reason(err))
        remember(target, result)
        pack = _pack(pack_id, result, target)
        return pack, _("Loaded the card pack {name} ({summary}).").format(name=quote(name, 60), summary=pack.summary)

    def remove(self, pack_id: str) -> str:
        pack = self.packs.get(pack_id)
        refused = next((r for r in self.refused if r.id == pack_id), None)
        path = pack.path if pack else refused.path if refused else None
        if path is None:
            return _("That pack is not there any more.")
        try:
            path.unlink(missing_ok=True)
        except OSError as err:
            return _("{file} could not be removed ({why}).").format(file=quote(path.name, 60), why=reason(err))
        self.packs.pop(pack_id, None)
        self.refused = [r for r in self.refused if r.id != pack_id]
        return _("Removed {name} from your card packs.").format(name=quote(pack.name if pack else path.name, 60))


GAME_OPTION = "card_pack"  # the pack's names in Game.options: they travel with the autosave


def mark_game(game, pack: Pack | None) -> None:
    """Names the ritual's card pack on the game, for the log, Judgement, statistics and Continue:
    its name as a text, or {language: name} when it has more than one language."""
    if pack is not None:
        game.options[GAME_OPTION] = dict(pack.names) if len(pack.names) > 1 else pack.name


def pack_name(game) -> str | None:
    """The name of the card pack a ritual was played with, in the player's language, or None (the
    printed cards). An autosave of an older version holds the name as a text."""
    return option_name(getattr(game, "options", {}).get(GAME_OPTION))


def option_name(value) -> str | None:
    """The name kept in Game.options (a text, or {language: name}) in the player's language."""
    if isinstance(value, dict):
        value = localized({k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)})
    return value if isinstance(value, str) and value else None
