"""The hint's sentences: a line of moves cut short ends in its ellipsis, not in "…." (English
and German), and the move suggested is not said again as the line's first step."""

from __future__ import annotations

import re

import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.ai import hint as hint_module
from aleph_null_desktop.ai.hint import _LINE_LIMIT, _words, make_hint
from aleph_null_desktop.engine import new_game

DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)|…\s*\.|\.\s*…|[.…!?:]\s*[.:](?!\.)")


def _position():
    g = new_game(seed=3, circle="magus")
    assert len(g.legal_commands()) > 1
    return g


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("ending", ["end", "chance", "more"])
@pytest.mark.parametrize("length", [2, _LINE_LIMIT + 3])
def test_a_line_of_moves_reads_as_sentences(monkeypatch, language, ending, length):
    assert i18n.set_language(language) is None
    g = _position()
    cmd = make_hint(g.clone()).command
    first = _words(cmd, g)
    steps = [first] + [(f"Step {i}", f"step {i}") for i in range(1, length)]
    monkeypatch.setattr(hint_module, "_best_line", lambda search: (steps, ending, search.nodes[search.root].game))
    text = make_hint(g.clone()).text
    assert text.startswith(first[0]), text
    assert not DOUBLED.search(text), text
    assert first[1] not in text[len(first[0]):], text  # said once, not again as the line's first step
    assert "step 1" in text and ("…" in text) == (length - 1 > _LINE_LIMIT - 1), text
