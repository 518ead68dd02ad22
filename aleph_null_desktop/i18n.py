"""Player-facing text goes through here: `_("text")`, `ngettext(one, many, n)`, and `N_("text")` to
mark a string for extraction where it is translated later, when shown.

Until a catalogue is installed every call returns the English text unchanged. The engine may call
these (a lookup in memory is not I/O); loading a catalogue from disk is the UI's and the CLI's job.
"""

from __future__ import annotations

import gettext as _gettext

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    return message


def install(translation: _gettext.NullTranslations, language: str) -> None:
    """Makes `translation` the catalogue every later `_` call reads."""
    global _translation, _language
    _translation = translation
    _language = language


def current_language() -> str:
    return _language
