"""Player-facing text goes through here: `_("text")`, `ngettext(one, many, n)`, and `N_("text")` to
mark a string for extraction where it is translated later, when shown. `later("text {x}", x=…)` and
`nlater(one, many, n, …)` keep a sentence with its parameters as a `Message`, translated each time
it is shown (`str(message)`): for messages made before the player's language is known (a repaired
settings file at start-up) or shown again after a switch (notices, warnings).

Until a catalogue is installed every call returns the English text unchanged. The engine may call
these (a lookup in memory is not I/O); loading a catalogue from disk is the UI's and the CLI's job
(`set_language`). Catalogues are gettext files: `locale/<code>/LC_MESSAGES/aleph_null.po` beside
this module, compiled to `.mo` by `python tools/i18n.py compile` (docs/i18n.md).
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Mapping
from pathlib import Path

DOMAIN = "aleph_null"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
# every language the game can show, named in that language (the Settings control lists these)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_listeners: list[Callable[[str], None]] = []


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    return message


class Message:
    """A sentence for the player: its English text (the catalogue's id) and parameters, rendered
    in the language of the moment by `str()`. A parameter may be a Message itself (a reason inside
    a sentence); other parameters are formatted as they are."""

    __slots__ = ("msgid", "params", "plural", "count")

    def __init__(self, msgid: str, params: Mapping | None = None, plural: str | None = None,
                 count: int = 1) -> None:
        self.msgid, self.params, self.plural, self.count = msgid, dict(params or {}), plural, count

    def __str__(self) -> str:
        text = (_translation.ngettext(self.msgid, self.plural, self.count) if self.plural
                else _translation.gettext(self.msgid))
        if not self.params:
            return text
        return text.format(**{k: str(v) if isinstance(v, LAZY) else v for k, v in self.params.items()})

    def _key(self) -> tuple:
        return (self.msgid, self.plural, self.count, tuple(sorted((k, str(v)) for k, v in self.params.items())))

    def __eq__(self, other) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.params!r})"


class Joined:
    """Several texts (Messages or plain) shown as one, joined by `sep` when rendered."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts, sep: str = " ") -> None:
        self.parts, self.sep = tuple(parts), sep

    def __str__(self) -> str:
        return self.sep.join(str(part) for part in self.parts)

    def __eq__(self, other) -> bool:
        return isinstance(other, Joined) and (self.parts, self.sep) == (other.parts, other.sep)

    def __hash__(self) -> int:
        return hash((self.parts, self.sep))

    def __bool__(self) -> bool:
        return any(str(part) for part in self.parts)

    def __repr__(self) -> str:
        return f"Joined({self.parts!r}, {self.sep!r})"


class Deferred:
    """A text worked out each time it is shown: `str(Deferred(event.describe))` is the event in
    the language of the moment (the log keeps these, so a switch re-renders what it said)."""

    __slots__ = ("render",)

    def __init__(self, render: Callable[[], str]) -> None:
        self.render = render

    def __str__(self) -> str:
        return str(self.render())

    def __repr__(self) -> str:
        return f"Deferred({self.render!r})"


LAZY = (Message, Joined, Deferred)  # texts rendered when shown; anything else is shown as it is


def later(msgid: str, **params) -> Message:
    """`_(msgid).format(**params)`, done each time the message is shown, not now."""
    return Message(msgid, params)


def nlater(singular: str, plural: str, n: int, **params) -> Message:
    """`ngettext(singular, plural, n).format(n=n, **params)`, done each time the message is shown."""
    return Message(singular, {"n": n, **params}, plural, n)


def install(translation: _gettext.NullTranslations, language: str) -> None:
    """Makes `translation` the catalogue every later `_` call reads."""
    global _translation, _language
    _translation = translation
    _language = language


def current_language() -> str:
    return _language


def available_languages() -> list[str]:
    """English and every language whose compiled catalogue is present."""
    return [code for code in LANGUAGE_NAMES
            if code == SOURCE_LANGUAGE or (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()]


def load_catalogue(language: str) -> _gettext.NullTranslations:
    """The compiled catalogue of `language`; raises OSError if it is missing or unreadable."""
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with open(path, "rb") as fh:
        try:
            return _gettext.GNUTranslations(fh)
        except Exception as exc:  # a damaged .mo: struct/Unicode errors become one kind
            raise OSError(f"{path.name} for {language!r} is damaged ({exc})") from exc


def set_language(language: str) -> Message | None:
    """Switches every later text to `language` at once. Returns None, or a message for the player
    when the catalogue cannot be used (then English is shown)."""
    code = language if language in LANGUAGE_NAMES else SOURCE_LANGUAGE
    problem = None if code == language else later("No texts for language {code}; English is used",
                                                   code=repr(language))
    try:
        translation = load_catalogue(code)
    except OSError as exc:
        translation, code = _gettext.NullTranslations(), SOURCE_LANGUAGE
        problem = later("The {language} texts could not be read ({why}); English is used",
                        language=LANGUAGE_NAMES.get(language, language), why=str(exc))
    changed = code != _language
    install(translation, code)
    if changed:
        for listener in list(_listeners):
            listener(code)
    return problem


def on_language_change(listener: Callable[[str], None]) -> None:
    """`listener(code)` runs after every switch: for caches of text laid out in the old language."""
    if listener not in _listeners:
        _listeners.append(listener)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language to start in when the player has not chosen one: the system's (`de_AT.UTF-8`
    -> "de") if the game has it, else English."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            candidates.extend(env[var].split(":"))
            break
    if not candidates and environ is None:
        import locale

        try:
            candidates.append(locale.getlocale()[0] or "")  # Windows and macOS set no variables
        except ValueError:
            pass
    for value in candidates:
        code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in ("c", "posix", ""):
            continue
        if code in LANGUAGE_NAMES:
            return code
        if value.lower().startswith("german"):  # Windows names it in words: German_Germany.1252
            return "de"
    return SOURCE_LANGUAGE


def localized(texts: Mapping[str, str], fallback: str = "", language: str | None = None) -> str:
    """The text of a {language: text} map in the current language (or `language`), else the
    English one, else any."""
    for code in (language or _language, SOURCE_LANGUAGE):
        if texts.get(code):
            return texts[code]
    return next((t for t in texts.values() if t), fallback)


DECIMAL_MARKS = {"de": ","}


def decimal(value: float, places: int, *, signed: bool = False) -> str:
    """A number with decimals as the language of the moment writes it (1.50, in German 1,50)."""
    text = f"{value:{'+' if signed else ''}.{places}f}"
    return text.replace(".", DECIMAL_MARKS.get(_language, "."))
