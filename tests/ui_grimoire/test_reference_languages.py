"""The Grimoire's reference in every language: the same chapters and entries as the English one."""

from __future__ import annotations

import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.ui.grimoire.content import load_reference, paginate

OTHER_LANGUAGES = [code for code in i18n.LANGUAGE_NAMES if code != i18n.SOURCE_LANGUAGE]


def _shape(doc):
    return ([(ch["id"], [next(iter(b)) for b in ch["blocks"]], [b["ref"] for b in ch["blocks"] if "ref" in b])
             for ch in doc["chapters"]], len(doc["glossary"]), len(doc["faq"]))


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_translation_has_the_english_chapters_blocks_and_entries(language):
    english, other = load_reference("en"), load_reference(language)
    assert other is not english
    assert _shape(other) == _shape(english)
    english_texts = {b[k] for ch in english["chapters"] for b in ch["blocks"] for k in b if k != "ref"}
    assert not english_texts & {b[k] for ch in other["chapters"] for b in ch["blocks"] for k in b if k != "ref"}


def test_pages_follow_the_current_language(game_window):
    from aleph_null_desktop.ui.render.fonts import Fonts

    fonts = Fonts()
    english = paginate(fonts, (700, 780))
    i18n.set_language("de")
    german = paginate(fonts, (700, 780))
    assert german.chapter_title["goal"] == "Das Ritual und sein Ziel"
    assert german.chapter_title["glossary"] == "Glossar"
    assert english.chapter_title["goal"] == "The Ritual and its Goal"
    assert any("Ablagestapel" in line.text for page in german.pages for line in page.lines)
