"""The languages the Settings screen offers, and switching to one: one call into
`aleph_null_desktop.i18n` each (`available_languages`, `set_language`). Until a catalogue for a
language ships, that language is listed as coming, never as a choice that does nothing."""

from __future__ import annotations

from aleph_null_desktop import i18n

# every language the game is being written in, named in its own language
PLANNED = {"en": "English", "de": "Deutsch"}


def languages() -> list[tuple[str, str, bool]]:
    """(code, name, available) for every planned language."""
    names = dict(PLANNED, **getattr(i18n, "LANGUAGE_NAMES", {}))
    available = set(i18n.available_languages()) if hasattr(i18n, "available_languages") else {"en"}
    return [(code, name, code in available) for code, name in names.items()]


def apply_language(code: str) -> tuple[bool, str | None]:
    """Shows every later text in `code`. Returns (whether the language changed, None or a message
    for the player when `code` cannot be shown and English is used)."""
    before = i18n.current_language()
    if code == before:
        return False, None
    if hasattr(i18n, "set_language"):
        problem = i18n.set_language(code)
    else:
        problem = None if code == "en" else f"{PLANNED.get(code, code)} is not available yet; English is used"
    return i18n.current_language() != before, problem
