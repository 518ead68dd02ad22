"""A corpus of broken and hostile card files, generated from code (nothing of it is committed):
truncated JSON, wrong encodings, NaN and 10^400 numbers, 100,000-deep nesting, 10 MB files,
path-traversal and built-in ids, unknown effects, bad shapes, and control, bidirectional and
surrogate characters in every text field and language.

``cases(good_record)`` yields ``(label, bytes)``; every case must be refused with a readable
message or accepted as a valid card by whatever loads it."""

from __future__ import annotations

import copy
import json
from typing import Iterator


def _dump(doc) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def _pack(record) -> dict:
    return {"schema": 1, "cards": [record]}


def _with(record: dict, path: tuple, value) -> dict:
    rec = copy.deepcopy(record)
    node = rec
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return rec


HOSTILE_CHARS = {
    "nul": "\x00", "escape": "\x1b[2J", "bell": "\x07", "delete": "\x7f", "rlo": "\u202e",
    "lri": "\u2066", "linesep": "\u2028", "c1": "\x85", "surrogate": "\ud800",
}
# names made only of characters that draw nothing (SDL_ttf: "Text has zero width"), issue 29
INVISIBLE_NAMES = {
    "zero-width spaces": "\u200b\u200b", "joiners": "\u200c\u200d", "word joiner": "\u2060\u2061\u2064",
    "bom": "\ufeff", "soft hyphen": "\u00ad", "mongolian separator": "\u180e", "grapheme joiner": "\u034f",
    "variation selectors": "\ufe0f\ufe00", "tag characters": "\U000e0041\U000e007f",
    "hangul filler": "\u3164", "combining mark": "\u0301",
}
TEXT_FIELDS = {
    "name.en": ("name", "en"), "name.de": ("name", "de"), "name.fr": ("name", "fr"),
    "flavour.en": ("flavour", "en"), "flavour.de": ("flavour", "de"), "icon": ("icon",),
    "side": ("side",), "type": ("type",), "action id": ("actions", 0, "id"),
    "op": ("actions", 0, "effect", 0, "op"),
}


def cases(good: dict) -> Iterator[tuple[str, bytes]]:
    good = copy.deepcopy(good)
    good.setdefault("name", {}).setdefault("de", "Grabwächter")
    good.setdefault("flavour", {"en": "It watches."})
    if not good["actions"][0]["effect"]:
        good["actions"][0]["effect"] = [{"op": "scrap_self"}]
    text = json.dumps(_pack(good), ensure_ascii=False, indent=1)
    raw = text.encode("utf-8")

    # truncated anywhere
    for i, cut in enumerate(range(1, len(raw), max(1, len(raw) // 20))):
        yield f"truncated at byte {cut}", raw[:cut]
    # wrong encodings
    yield "utf-16 with BOM", text.encode("utf-16")
    yield "utf-16-be", text.encode("utf-16-be")
    yield "utf-32", text.encode("utf-32")
    yield "latin-1", text.encode("latin-1", "replace")
    yield "cp1252 quotes", text.replace("It watches.", "“It” watches…").encode("cp1252")
    yield "utf-8 with BOM", b"\xef\xbb\xbf" + raw
    yield "invalid byte 0xff", raw[:30] + b"\xff\xfe" + raw[30:]
    yield "overlong utf-8", raw.replace(b"It watches.", b"It \xc0\xaf watches.")
    yield "lone surrogate escape", text.replace("It watches.", "\\ud800 watches.").encode()
    yield "gzip bytes", b"\x1f\x8b\x08\x00" + bytes(range(256))
    # numbers
    for field in ("cost", "level"):
        for literal in ("NaN", "Infinity", "-Infinity", "1e400", "1" + "0" * 400, "1" + "0" * 5000,
                        "-0", "1.5", "-1", "1e308"):
            yield f"{field} = {literal[:12]}", text.replace(f'"{field}": {good[field]}', f'"{field}": {literal}', 1).encode()
    yield "amount NaN", _dump(_pack(_with(good, ("actions", 0, "cost"), [{"op": "pay", "amount": float("nan")}])))\
        .replace(b"NaN", b"NaN")
    yield "amount 10^400", text.replace('"op": "pay"', '"op": "pay", "amount2": ' + "9" * 400, 1).encode()
    # nesting
    yield "100000-deep list", b"[" * 100_000 + b"]" * 100_000
    yield "100000-deep object", b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    yield "100000-deep unclosed", b"[" * 100_000
    yield "deep flavour", _dump(_pack(_with(good, ("flavour",), json.loads("[" * 500 + "]" * 500))))
    yield "deep filter", text.replace('"op": "scrap_self"', '"op": "scrap_self", "x": ' + "[" * 200 + "]" * 200, 1).encode()
    # size
    yield "10 MB of spaces", raw + b" " * 10_000_000
    yield "10 MB flavour", _dump(_pack(_with(good, ("flavour", "en"), "a" * 10_000_000)))
    yield "300 KB name", _dump(_pack(_with(good, ("name", "en"), "b" * 300_000)))
    yield "1000 cards", _dump({"schema": 1, "cards": [good] * 1000})
    # ids
    for cid in ("../../etc/passwd", "..\\..\\boot.ini", "/tmp/x", "custom_" + "a" * 100, "ill_omen", "baphomet",
                "CON", "custom_x.json", "", "custom_\x00x", "cust om", "custom_é"):
        yield f"id {cid[:20]!r}", _dump(_pack(_with(good, ("id",), cid)))
    # unknown effects and fields
    for label, path, value in (
            ("op nuke", ("actions", 0, "effect", 0, "op"), "nuke"),
            ("op number", ("actions", 0, "effect", 0, "op"), 7),
            ("op missing", ("actions", 0, "effect", 0), {}),
            ("unknown parameter", ("actions", 0, "effect", 0), {"op": "scrap_self", "boom": 1}),
            ("effect not a list", ("actions", 0, "effect"), {"op": "scrap_self"}),
            ("ongoing unknown", ("ongoing",), [{"op": "win_game"}]),
            ("dagger unknown", ("dagger",), [{"op": "delete_files", "path": "~"}]),
            ("otherwise unknown", ("on_summon",), [{"op": "move", "move": "scrap", "from": ["hand"], "count": 1,
                                                    "up_to": True, "filter": {}, "otherwise": [{"op": "nope"}]}]),
            ("unknown card field", ("script",), "import os"),
            ("type demon", ("type",), "demon"),
            ("level 4", ("level",), 4),
            ("side purgatory", ("side",), "purgatory"),
            ("cost string", ("cost",), "2"),
            ("cost true", ("cost",), True),
            ("nine actions", ("actions",), [good["actions"][0]] * 9),
    ):
        yield label, _dump(_pack(_with(good, path, value)))
    # shapes
    for label, doc in (("a list", [good]), ("a string", "card"), ("a number", 3), ("null", None),
                       ("cards an object", {"schema": 1, "cards": {}}), ("no cards", {"schema": 1, "cards": []}),
                       ("13 cards", {"schema": 1, "cards": [good] * 13}), ("schema 99", {"schema": 99, "cards": [good]}),
                       ("schema text", {"schema": "1", "cards": [good]}),
                       ("hostile pack key", {"schema": 1, "cards": [good], "\x00\x1b[2J": 1})):
        yield f"shape: {label}", _dump(doc)
    yield "empty file", b""
    yield "whitespace", b" \n\t "
    # hostile characters in every text field and language
    for field, path in TEXT_FIELDS.items():
        for char_name, ch in HOSTILE_CHARS.items():
            rec = copy.deepcopy(good)
            node = rec
            for step in path[:-1]:
                node = node.setdefault(step, {}) if isinstance(step, str) else node[step]
            base = node.get(path[-1], "x") if isinstance(node, dict) else node[path[-1]]
            node[path[-1]] = f"{base}{ch}{base}" if isinstance(base, str) else ch
            data = json.dumps(_pack(rec), ensure_ascii=True).encode()  # escapes: \u0000, \ud800
            yield f"{char_name} in {field}", data
    # limits in every language
    for lang in ("en", "de", "ja"):
        yield f"long name in {lang}", _dump(_pack(_with(good, ("name", lang), "Long" * 30)))
        yield f"long flavour in {lang}", _dump(_pack(_with(good, ("flavour", lang), "Long " * 90)))
    for label, invisible in INVISIBLE_NAMES.items():
        yield f"invisible name: {label}", _dump(_pack(_with(good, ("name", "en"), invisible)))
    yield "invisible name in de", _dump(_pack(_with(good, ("name", "de"), "\u200b")))
    yield "language key hostile", _dump(_pack(_with(good, ("name", "\x00"), "x")))
    yield "newline in name", _dump(_pack(_with(good, ("name", "en"), "Grave\nWarden")))
