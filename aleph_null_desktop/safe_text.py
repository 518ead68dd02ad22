"""The one boundary for text that comes from files (card files, card packs, autosave, settings).

* ``char_problem(text)``: what makes a text unusable (a control character, a bidirectional
  override, a lone surrogate, a line separator), or None. Newline and tab are allowed where
  ``multiline`` is true (never in keys or names).
* ``json_text_problem(value)``: the first unusable text anywhere in a parsed JSON value, keys
  included, as a phrase naming where it is (iterative: any nesting depth).
* ``card_text_problem(record, name_max, flavour_max)``: a card's name and flavour, in every
  language: present where required, one line for names, within the limits.
* ``quote(text)``: hostile text made safe to show: escaped (``\\x00``, ``\\u202e``) and shortened.
* ``safe_message(text)``: a whole message made safe to show (same escaping, longer limit).
* ``drawable(text)``: a text any font can draw (unusable and invisible characters dropped,
  length capped).
* ``invisible(ch)`` / ``visible(text)``: zero-width and other invisible characters (U+200B,
  U+2060, U+FEFF, soft hyphen, variation selectors, tag characters, Hangul fillers…); a text is
  visible when it has at least one character that draws something. Names must be (``text_problem``
  with ``name=True``: invisible characters are refused in names, dropped when drawn elsewhere).

Pure: no pygame, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from aleph_null_desktop.i18n import _, ngettext

# explicit embeddings/overrides/isolates and the Arabic letter mark: they reorder the text
# around them, so a name could display as something else (U+202E "right-to-left override")
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c")
LINE_SEPARATORS = frozenset("\u2028\u2029\x85")
TEXT_MAX = 4000  # any one text in a data file; card fields have their own, smaller limits
DRAW_MAX = 2000  # characters handed to a font at once
QUOTE_MAX = 40
MESSAGE_MAX = 400
LANGUAGE = re.compile(r"[a-z]{2,3}([_-][A-Za-z0-9]{2,8})?")


# letters that draw nothing (Hangul fillers, the braille blank); besides them every format
# character (Cf: U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD, U+180E, tag characters…), the
# combining grapheme joiner and the variation selectors draw nothing either
INVISIBLE_LETTERS = frozenset("\u034f\u115f\u1160\u3164\uffa0\u2800\u180e")


_PRINTABLE_INVISIBLE = re.compile("[\u034f\u115f\u1160\u3164\uffa0\u2800\u180e\ufe00-\ufe0f\U000e0100-\U000e01ef]")


def invisible(ch: str) -> bool:
    """Whether *ch* draws nothing (and is not a space): a zero-width or other invisible character."""
    code = ord(ch)
    return (ch in INVISIBLE_LETTERS or unicodedata.category(ch) == "Cf"
            or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF)


def visible(text: str) -> bool:
    """Whether *text* has a character that draws something: a letter, digit, mark of punctuation
    or symbol that is not invisible (combining marks alone, spaces and format characters are not)."""
    return any(unicodedata.category(ch)[0] in "LNPS" and not invisible(ch) for ch in text)


def _bad(ch: str, multiline: bool) -> bool:
    if ch in "\n\t":
        return not multiline
    if ch in BIDI_CONTROLS or ch in LINE_SEPARATORS:
        return True
    category = unicodedata.category(ch)
    return category in ("Cc", "Cs") or ch in "\ufffe\uffff"


def char_problem(text: str, *, multiline: bool = False) -> str | None:
    """None when every character of *text* is usable, else a phrase naming the first bad one."""
    for ch in text:
        if _bad(ch, multiline):
            code = f"U+{ord(ch):04X}"
            if ch in BIDI_CONTROLS:
                return _("a bidirectional control character ({code})").format(code=code)
            if ch in "\n\t" or ch in LINE_SEPARATORS:
                return _("a line break ({code})").format(code=code)
            return _("a control character ({code})").format(code=code)
    return None


def text_problem(text: str, limit: int, *, multiline: bool = False, name: bool = False) -> str | None:
    """char_problem plus a length limit, in words. A *name* (shown as a title, told apart from
    others by how it looks) must also hold a visible character and no invisible one; an empty
    name is the caller's to judge (it may mean "no name in this language")."""
    if len(text) > limit:
        return ngettext("it is longer than {limit} character ({n})", "it is longer than {limit} characters ({n})",
                        limit).format(limit=limit, n=len(text))
    bad = char_problem(text, multiline=multiline)
    if bad:
        return _("it holds {what}").format(what=bad)
    if name and text:
        return invisible_problem(text)
    return None


def invisible_problem(text: str) -> str | None:
    """None when *text* shows what it holds: some visible character and no invisible one; else
    the phrase naming the problem ("it holds an invisible character (U+200B)")."""
    hidden = next((ch for ch in text if invisible(ch)), None)
    if hidden is not None:
        return _("it holds an invisible character ({code})").format(code=f"U+{ord(hidden):04X}")
    if not visible(text):
        return _("it has no visible character")
    return None


def _where(path: list) -> str:
    parts = []
    for step in path:
        parts.append(f"[{step}]" if isinstance(step, int) else ("." if parts else "") + quote(step, 24, marks=False))
    return "".join(parts) or _("the top")


def json_text_problem(value: Any, limit: int = TEXT_MAX) -> str | None:
    """The first unusable text in a parsed JSON value (keys: one line; values: newlines and tabs
    allowed), as "a text at cards[0].flavour.en holds a control character (U+0000)"; else None."""
    stack: list[tuple[Any, list]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            problem = text_problem(node, limit, multiline=True)
            if problem:
                return _("the text at {where}: {problem}").format(where=_where(path), problem=problem)
        elif isinstance(node, dict):
            for key, child in node.items():
                problem = text_problem(key, 200)
                if problem:
                    return _("a field name {key} at {where}: {problem}").format(
                        key=quote(key), where=_where(path), problem=problem)
                stack.append((child, path + [key]))
        elif isinstance(node, list):
            stack.extend((child, path + [i]) for i, child in reversed(list(enumerate(node))))
    return None


def card_text_problem(record: dict, *, name_max: int, flavour_max: int) -> tuple[str, str] | None:
    """(field, problem) for the first unusable name or flavour of a card record, every language
    checked alike; None when they are all usable. The record's other fields are the engine's."""
    for key, limit, multiline in (("name", name_max, False), ("flavour", flavour_max, True)):
        is_name = key == "name"
        texts = record.get(key)
        if texts is None:
            continue
        if isinstance(texts, str):
            texts = {"en": texts}
        if not isinstance(texts, dict):
            continue  # the engine says what is wrong with its shape
        for lang, text in texts.items():
            if not isinstance(lang, str) or not LANGUAGE.fullmatch(lang):
                return key, _("{lang} is not a language code like en or de").format(lang=quote(str(lang)))
            if not isinstance(text, str):
                continue
            problem = text_problem(text.strip(), limit, multiline=multiline, name=is_name)
            if problem:
                return key, _("in {lang}, {problem}").format(lang=lang, problem=problem)
    return None


def _escaped(text: str) -> str:
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch.isprintable() or ch == " " or unicodedata.category(ch) in ("Zs", "Mn", "Mc", "Me") \
                and ch not in BIDI_CONTROLS:
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def quote(text: Any, limit: int = QUOTE_MAX, *, marks: bool = True) -> str:
    """Text from a file, ready to be shown inside a message: every character that is not
    printable escaped, at most *limit* characters (then "…"), in quotation marks."""
    text = str(text)
    short = text[:limit]
    escaped = _escaped(short)
    if len(escaped) > limit + 10:
        escaped = escaped[:limit + 10]
    if len(text) > limit or len(escaped) < len(_escaped(short)):
        escaped += "…"
    # TRANSLATORS: quotation marks around a name or a text from a file
    return _("“{text}”").format(text=escaped) if marks else escaped


def safe_message(text: Any, limit: int = MESSAGE_MAX) -> str:
    """A message that may carry text from a file: escaped like quote(), newlines kept out, and
    at most *limit* characters."""
    text = _escaped(str(text)[:limit * 2])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def drawable(text: Any) -> str:
    """A text any font can draw without raising: NUL, lone surrogates and other control
    characters (except newline and tab) dropped, bidirectional controls and invisible characters
    (which SDL_ttf refuses alone: "Text has zero width") dropped, capped in length."""
    text = str(text)
    if len(text) > DRAW_MAX:
        text = text[:DRAW_MAX - 1] + "…"
    if text.isprintable() and not _PRINTABLE_INVISIBLE.search(text):  # (format characters are not printable)
        return text
    return "".join(ch for ch in text if not _bad(ch, True) and not invisible(ch))
