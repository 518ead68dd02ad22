"""Card codes: every built-in and example-pack card round-trips exactly; hostile codes (cut short,
a wrong checksum, huge, zip bombs, control characters, cards the engine refuses) are refused with
a message and nothing is saved."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aleph_null_desktop.editor import CardDraft, Library, card_code
from aleph_null_desktop.editor.card_code import CODE_MAX, PREFIX, RECORD_MAX, CodeError, decode, encode
from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.safe_text import char_problem


def shipped_records() -> list[dict]:
    records = []
    for path in (asset_path("cards", "base.json"), asset_path("packs", "example.json")):
        records += json.loads(path.read_text(encoding="utf-8"))["cards"]
    return records


SHIPPED = shipped_records()
URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def forge(payload_json: bytes | str) -> str:
    """A code with a correct checksum around any bytes: what a hostile tool could make."""
    if isinstance(payload_json, str):
        payload_json = payload_json.encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, card_code._DICTIONARY)
    body = packer.compress(payload_json) + packer.flush()
    return PREFIX + base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode().rstrip("=")


def refusal(text) -> str:
    with pytest.raises(CodeError) as err:
        decode(text)
    message = str(err.value)
    assert message and char_problem(message) is None and len(message) < 400
    return message


@pytest.mark.parametrize("record", SHIPPED, ids=[r["id"] for r in SHIPPED])
def test_every_shipped_card_round_trips_exactly(record):
    code = encode(record)
    assert code.startswith(PREFIX) and set(code[len(PREFIX):]) <= URL_SAFE
    back = decode(code)
    assert back == record
    assert list(back) == list(record)  # the key order too: the JSON is the same text
    assert len(code) < 320  # compact: a message, not an attachment


def test_the_codes_are_short_on_average():
    lengths = [len(encode(r)) for r in SHIPPED]
    assert sum(lengths) / len(lengths) < 240


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=40)


@settings(max_examples=80, deadline=None)
@given(name=names, flavour=names, level=st.integers(1, 3), side=st.sampled_from(["church", "hell"]),
       cost=st.integers(0, 9), base=st.sampled_from(SHIPPED))
def test_any_card_record_round_trips(name, flavour, level, side, cost, base):
    record = dict(base, name={"en": name, "de": name[::-1]}, flavour={"de": flavour}, level=level, side=side, cost=cost)
    assert decode(encode(record)) == record


def test_a_code_survives_the_spaces_and_line_breaks_a_mail_adds():
    code = encode(SHIPPED[0])
    wrapped = "  " + "\n".join(code[i:i + 20] for i in range(0, len(code), 20)) + " \r\n"
    assert decode(wrapped) == SHIPPED[0]


def test_every_truncation_is_refused():
    code = encode(SHIPPED[5])
    for n in range(len(code)):
        refusal(code[:n])


def test_every_single_mistyped_character_is_refused():
    code = encode(SHIPPED[7])
    body_start = len(PREFIX)
    for i in range(body_start, len(code)):
        for other in ("A", "z", "_"):
            if code[i] != other:
                refusal(code[:i] + other + code[i + 1:])


def test_a_wrong_checksum_says_so():
    code = encode(SHIPPED[1])
    payload = bytearray(base64.urlsafe_b64decode(code[len(PREFIX):] + "=" * (-len(code) % 4)))
    payload[-1] ^= 1
    bad = PREFIX + base64.urlsafe_b64encode(bytes(payload)).decode().rstrip("=")
    assert "checksum" in refusal(bad)


def test_huge_codes_are_refused_before_decoding():
    assert "at most" in refusal(PREFIX + "A" * (CODE_MAX + 1))
    assert "at most" in refusal("A" * 10_000_000)


def test_a_zip_bomb_is_refused_without_unpacking_it_all():
    bomb = forge('{"name":"' + "x" * 2_000_000 + '"}')
    assert len(bomb) < CODE_MAX  # small to paste, huge when unpacked
    assert str(RECORD_MAX) in refusal(bomb)


@pytest.mark.parametrize("hostile", ["\x00", "\u202e", "\x1b[31m", "\ud800", "\u2028"])
def test_control_characters_in_the_pasted_text_are_refused(hostile):
    code = encode(SHIPPED[2])
    message = refusal(code[:10] + hostile + code[10:])
    assert hostile not in message


@pytest.mark.parametrize("field,text", [("name", "a\x00b"), ("flavour", "x\u202ey"), ("name", "\x1b[2J")])
def test_control_characters_inside_the_card_are_refused(field, text):
    record = dict(SHIPPED[-1], **{field: {"en": text}})
    message = refusal(forge(json.dumps(record)))
    assert "control" in message or "bidirectional" in message


@pytest.mark.parametrize("payload,words", [
    ('{"cost": NaN}', "NaN"), ('[1, 2]', "not a card"), ('"text"', "not a card"),
    ('{"n": ' + "9" * 5000 + "}", "digits"), ("[" * 40 + "]" * 40, "nested"), ("not json", "card record"),
])
def test_codes_that_are_not_card_records_are_refused(payload, words):
    assert words in refusal(forge(payload))


def test_other_versions_and_other_texts_are_refused_with_the_reason():
    assert "version 2" in refusal("AN2-" + encode(SHIPPED[0])[4:])
    assert "not an Aleph Null card code" in refusal("https://example.org/?card=1")
    assert "nothing is pasted" in refusal("   ")
    assert "no card code has" in refusal(PREFIX + "abc+def/")
    assert "not text" in refusal(b"AN1-abc")


# ---------------------------------------------------------------- pasting into the gallery
def test_a_pasted_code_adds_the_card_to_the_gallery(tmp_path):
    source = Library(tmp_path / "mine")
    (tmp_path / "mine").mkdir()
    source.load()
    record = source.save(CardDraft(name="Grave Warden", flavour="Keep off the grass."))
    friend = Library(tmp_path / "friend")
    (tmp_path / "friend").mkdir()
    friend.load()
    result = friend.import_code(encode(record))
    assert result.ok, result.message
    saved = friend.entries[result.ids[0]].record
    assert saved["name"] == {"en": "Grave Warden"} and saved["flavour"] == {"en": "Keep off the grass."}
    assert (tmp_path / "friend" / f"{result.ids[0]}.json").is_file()
    again = friend.import_code(encode(record))
    assert not again.ok and "already have a card called" in again.message


@pytest.mark.parametrize("make", [
    lambda rec: encode(rec)[:-3],  # cut short
    lambda rec: encode(dict(rec, name={"en": "a\x00b"})),  # a NUL in the name
    lambda rec: encode(dict(rec, actions=[{"id": "x", "cost": [], "effect": [{"op": "explode"}]}])),  # no such op
    lambda rec: encode(dict(rec, level=9)),  # out of range
    lambda rec: encode(dict(rec, type="demon")),  # the editor makes interference cards
    lambda rec: encode(dict(rec, name={"en": "N" * 300})),  # too long
    lambda rec: encode(next(r for r in SHIPPED if r["id"] == "baphomet")),  # a built-in card
])
def test_a_hostile_pasted_code_is_refused_and_nothing_is_saved(tmp_path, make):
    folder = tmp_path / "cards"
    folder.mkdir()
    lib = Library(folder)
    lib.load()
    record = CardDraft(name="Grave Warden").to_record("custom_grave_warden")
    result = lib.import_code(make(record))
    assert not result.ok
    assert "not imported" in result.message and "Nothing was changed" in result.message
    assert char_problem(result.message) is None and "\x00" not in result.message
    assert not lib.entries and list(folder.iterdir()) == []
