"""Every damaged file, for every document the game reads: defaults, a message, the file set aside,
nothing raised, and the next load is clean."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from aleph_null_desktop.storage import autosave, paths, settings, stats


@dataclass
class Document:
    name: str
    path: Callable[[], Any]
    load: Callable[[], tuple[Any, list[str]]]
    default: Any
    valid: dict  # a good file of this kind
    wrong_fields: dict  # readable JSON object whose fields have the wrong types
    consequence: str


DOCS = [
    Document(
        "settings.json", paths.settings_path, settings.load_settings, settings.Settings(),
        {"version": 1, "music_volume": 0.5},
        {"version": 1, "music_volume": "loud", "sfx_volume": [1], "muted": "no",
         "fullscreen": 1, "animation_speed": None, "show_hints": {}, "confirm_losing_moves": 0,
         "language": 7},
        "defaults are used",
    ),
    Document(
        "autosave.json", paths.autosave_path, autosave.load_autosave, None,
        {"version": 1, "seed": 7, "circle": "adept", "options": {}, "cards": None, "commands": []},
        {"version": 1, "seed": "seven", "circle": ["adept"], "options": [], "cards": 3,
         "commands": {"kind": "end_turn"}},
        "there is no game to continue",
    ),
    Document(
        "stats.json", paths.stats_path, stats.load_stats, stats.empty_stats(),
        {"version": 1, "totals": {}, "history": []},
        {"version": 1, "totals": [], "history": "many"},
        "statistics start empty",
    ),
]

TEN_MB = b'{"x": "' + b"a" * 10_000_000 + b'"}'
DEEP = b'{"a": ' * 1000 + b"1" + b"}" * 1000

CASES: dict[str, Callable[[Document], bytes]] = {
    "truncated": lambda d: json.dumps(d.valid, indent=1).encode()[:-3],
    "wrong top-level type": lambda d: b"[1, 2, 3]",
    "top-level string": lambda d: b'"settings"',
    "top-level null": lambda d: b"null",
    "wrong field types": lambda d: json.dumps(d.wrong_fields).encode(),
    "newer version": lambda d: json.dumps({**d.valid, "version": 99}).encode(),
    "version is text": lambda d: json.dumps({**d.valid, "version": "1"}).encode(),
    "10 MB": lambda d: TEN_MB,
    "1000-deep nesting": lambda d: DEEP,
    "1000-deep list": lambda d: b"[" * 1000 + b"]" * 1000,
    "invalid UTF-8": lambda d: b'{"language": "\xc3\x28"}',
    "empty": lambda d: b"",
    "NaN": lambda d: b'{"version": 1, "music_volume": NaN}',
    "binary junk": lambda d: bytes(range(256)) * 4,
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_damaged_file_gives_defaults_message_and_is_set_aside(doc, case, listing):
    path = doc.path()
    content = CASES[case](doc)
    path.write_bytes(content)

    value, messages = doc.load()  # must not raise

    assert value == doc.default
    assert messages, "the player is told"
    copies = [n for n in listing(path.parent) if n.startswith(doc.name + ".corrupt-")]
    assert len(copies) == 1
    assert (path.parent / copies[0]).read_bytes() == content, "the original bytes are kept"
    text = " ".join(map(str, messages))
    assert f"it was set aside as {copies[0]}" in text
    assert doc.name in text
    if doc.name != "settings.json" or case != "wrong field types":
        assert text.endswith(doc.consequence)
        assert not path.exists()
    else:  # settings repair field by field: the repaired file is written back
        assert json.loads(path.read_text())["music_volume"] == 0.7

    assert doc.load() == (doc.default, []), "the next start is clean"


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_newer_version_message_says_so(doc):
    doc.path().write_text(json.dumps({**doc.valid, "version": 3}))
    _, messages = doc.load()
    assert f"{doc.name} could not be read (it was written by a newer version of the game: format 3, " \
           f"this version reads format 1); it was set aside as {doc.name}.corrupt-" in str(messages[0])


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_truncated_message_names_the_line(doc):
    doc.path().write_text('{\n "version": 1,\n "a": [1, 2\n')
    _, messages = doc.load()
    assert str(messages[0]).startswith(f"{doc.name} could not be read (line 4, column 1: a comma is missing)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_missing_file_is_not_a_problem(doc, listing):
    assert doc.load() == (doc.default, [])
    assert listing(doc.path().parent) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_valid_file_is_left_alone(doc):
    doc.path().write_text(json.dumps(doc.valid))
    value, messages = doc.load()
    assert messages == []
    assert json.loads(doc.path().read_text()) == doc.valid
