"""`wrap` finds each line from a guess of where it ends and two or three measures of whole lines
(ui.render.text._wrap_by_lines): it must break every text exactly where measuring word by word
breaks it, for the rules reference, the cards' words and any words at all."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.ui.grimoire.content import _blocks, load_reference
from aleph_null_desktop.ui.render import text
from aleph_null_desktop.ui.render.fonts import Fonts

FONTS = None


def _fonts() -> Fonts:
    global FONTS
    if FONTS is None:
        FONTS = Fonts()
    return FONTS


def _both(font, paragraph: str, width: int):
    words = paragraph.split(" ")
    return text._wrap_by_lines(font, words, width), text._wrap_word_by_word(font, words, width)


def test_the_reference_and_the_cards_break_where_word_by_word_breaks_them(game_window):
    texts = [block[4] for block in _blocks(load_reference())]
    texts += [card.text for card in load_builtin_cards().values() if getattr(card, "text", "")]
    rng = random.Random(5)
    checked = 0
    for role, size in (("body", 20), ("italic", 16), ("title", 26)):
        font = _fonts().get(role, size)
        for paragraph in (p for t in texts for p in t.split("\n") if p and "" not in p.split(" ")):
            width = rng.choice((60, 180, 320, rng.randint(20, 900)))
            by_lines, by_words = _both(font, paragraph, width)
            assert by_lines == by_words, (role, size, width, paragraph)
            checked += 1
    assert checked > 300


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.text(alphabet="aAiIlmMwWVTf.,;’—-ßüÄ0123456789", min_size=1, max_size=14), min_size=1, max_size=40),
       width=st.integers(min_value=1, max_value=700), size=st.sampled_from((12, 19, 31)))
def test_any_words_break_where_word_by_word_breaks_them(game_window, words, width, size):
    font = _fonts().get("body", size)
    by_lines, by_words = _both(font, " ".join(words), width)
    assert by_lines == by_words


def test_a_paragraph_with_doubled_spaces_is_wrapped_word_by_word(game_window):
    font = _fonts().get("body", 20)
    for paragraph in ("one  two   three", " lead and trail ", "a  b c  d e  f g h i j k"):
        for width in (1, 40, 10_000):
            assert text._wrap(font, paragraph, width) == text._wrap_word_by_word(font, paragraph.split(" "), width)
    assert text._wrap(font, "one  two", 10_000) == ["one  two"]
