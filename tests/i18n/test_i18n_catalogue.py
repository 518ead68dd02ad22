"""The translation catalogues: complete, and the committed .mo is the compiled .po."""

from __future__ import annotations

import gettext

import pytest
from babel.messages.pofile import read_po

from aleph_null_desktop import i18n

LANGUAGES = [code for code in i18n.LANGUAGE_NAMES if code != i18n.SOURCE_LANGUAGE]


def _po(language):
    with open(i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as fh:
        return read_po(fh)


def _translated(message) -> bool:
    return all(message.string) if isinstance(message.string, tuple) else bool(message.string)


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_is_complete(language):
    messages = [m for m in _po(language) if m.id]
    assert messages
    assert [m.id for m in messages if m.fuzzy] == []
    assert [m.id for m in messages if not _translated(m)] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_matches_its_po(language):
    """The game reads the .mo; it must hold exactly the .po's messages (run tools/i18n.py compile)."""
    with open(i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo", "rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    expected = {}
    for m in _po(language):
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            for n, text in enumerate(m.string):
                expected[(m.id[0], n)] = text
        else:
            expected[m.id] = m.string
    assert {k: v for k, v in compiled._catalog.items() if k != ""} == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    """A translation uses only {names} its English text has: an unknown one would fail when the game
    formats it. (It may leave one out where its grammar has no use for it: an English article.)"""
    import re

    field = re.compile(r"\{[a-z_0-9]*\}")
    for m in _po(language):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        given = set().union(*(field.findall(i) for i in ids))
        for text in strings:
            assert set(field.findall(text)) <= given, (m.id, text)


def test_every_listed_language_has_a_catalogue():
    assert i18n.available_languages() == list(i18n.LANGUAGE_NAMES)


DOUBLED = __import__("re").compile(r"(?<!\.)\.\.(?!\.)|…\s*\.|\.\s*…|[!?]\s*\.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_doubled_full_stop(language):
    """No message, English or translated, holds ".." or "…." (an ellipsis and a full stop), ". …"
    or "!." (sentences that are put together are tested where they are made: tests/ai/test_hint_words)."""
    found = []
    for m in _po(language):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for text in ids + strings:
            if DOUBLED.search(text):
                found.append(text)
    assert found == []


def test_the_check_finds_a_doubled_full_stop():
    assert all(DOUBLED.search(t) for t in ("Weiter..", "Then a, …. Next", "Dann a, … .", "Fertig!."))
    assert not any(DOUBLED.search(t) for t in ("Export…", "Then {steps}, …", "Wait...", "Done.", "1.5 P."))
