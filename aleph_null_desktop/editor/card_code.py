"""Card codes: one card record as a short text to paste into a message, ``AN1-…``.

Version 1: ``AN1-`` then, in URL-safe base64 without padding, the record's compact JSON
compressed with raw deflate against a fixed dictionary of the schema's common words, followed by
the CRC-32 of those compressed bytes (4 bytes, big-endian). The dictionary is part of the
version: changing it means ``AN2``.

`decode` is a boundary like reading a file: the pasted text is checked (length, characters,
version, checksum) before anything is decompressed, the decompressed size is capped (no zip
bomb), and the JSON is parsed with the file readers' rules (no NaN, no huge numbers, depth
limit, every text through safe_text). It returns a record that is only *shaped* like a card; the
caller validates it as a card, as it does an imported file (Library.import_code).

Pure: no pygame, no I/O.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from aleph_null_desktop.i18n import _, ngettext
from aleph_null_desktop.safe_text import char_problem, json_text_problem, quote
from aleph_null_desktop.storage import files

VERSION = 1
PREFIX = f"AN{VERSION}-"
CODE_MAX = 4000  # characters of a code; a full custom card is about 300
RECORD_MAX = 16_000  # bytes of JSON a code may unpack to; a card record is about 1 KB
DEPTH_MAX = 16  # as a card file (editor.library.IMPORT_MAX_DEPTH)
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_VERSIONED = re.compile(r"AN(\d{1,4})-")
_MAIL_SPACES = re.compile(r"[ \t\r\n]+")
# Fixed for version 1 (never edit: codes already shared depend on every byte of it). Words later
# in it are cheaper to refer to, so the commonest come last.
_DICTIONARY = (
    '"special_cost":[{"op":"summon_baphomet"}]"optional":true"art":"'
    '{"op":"search","count":1,"filter":{"types":["key","demon","tanist","artifact","magical_power"]}}'
    '{"op":"cost_modifier","amount":-1}{"op":"hand_size","amount":-1}{"op":"power_modifier","amount":1}'
    '{"op":"end_turn_damage_unless_summoned","amount":1}{"op":"end_turn_damage_unless_sacrificed","amount":1}'
    '{"op":"take_damage","amount":1}{"op":"remove_damage","amount":1}{"op":"draw","amount":1}'
    '"otherwise":{"op":"take_damage","amount":1}"other":true"up_to":true"ids":["'
    '{"op":"move","from":"hand","to":"discard","count":1,"up_to":false,"filter":{"types":["'
    '"from":"play","to":"sacrificed""from":"deck""to":"hand"'
    '"type":"key""type":"demon""type":"tanist""type":"artifact""type":"magical_power"'
    '"icon":"imp"wolf"raven"eye"crown"moon"door"cross"choir"lamp"lantern"bell"candle"book"flame"'
    '"level":1,"side":"church""level":2,"side":"hell""level":3,"side":"'
    '{"op":"gain_power","amount":1}{"op":"sacrifice_self"}{"op":"pay","amount":2}'
    '"dagger":[],"on_summon":[],"flavour":{"en":"","de":""},"icon":"'
    '"custom":true}'
    '{"id":"custom_","name":{"en":"","de":""},"type":"interference","cost":0,"level":1,"side":"hell",'
    '"actions":[{"id":"act1","cost":[{"op":"pay","amount":1}],"effect":[{"op":"scrap_self"}]}],"ongoing":[],'
).encode("utf-8")


class CodeError(ValueError):
    """A code that cannot be used; the message says why, in the player's words."""


def _compressor():
    return zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _DICTIONARY)


def encode(record: dict) -> str:
    """The code of one card record (any JSON-safe dict: a custom card, a built-in one, a pack's)."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    packer = _compressor()
    body = packer.compress(text.encode("utf-8")) + packer.flush()
    payload = body + zlib.crc32(body).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")


def _cleaned(text: str) -> str:
    """The code as pasted, less the spaces and line breaks a mail program puts in (checked first:
    anything else that is not a printable character is refused, not dropped)."""
    if len(text) > CODE_MAX * 2:
        raise CodeError(_too_long(len(text)))
    kept = _MAIL_SPACES.sub("", text)
    bad = char_problem(kept)
    if bad:
        raise CodeError(_("it holds {what}").format(what=bad))
    if len(kept) > CODE_MAX:
        raise CodeError(_too_long(len(kept)))
    return kept


def _too_long(n: int) -> str:
    return ngettext("it is {n} character long; a card code is at most {most}",
                    "it is {n} characters long; a card code is at most {most}", n).format(n=n, most=CODE_MAX)


def _too_deep() -> str:
    return ngettext("its card is nested more than {n} level deep", "its card is nested more than {n} levels deep",
                    DEPTH_MAX).format(n=DEPTH_MAX)


def _payload(code: str) -> bytes:
    if not code:
        raise CodeError(_("nothing is pasted yet"))
    version = _VERSIONED.match(code)
    if not version:
        raise CodeError(_("it does not begin with {prefix}: it is not an Aleph Null card code").format(prefix=PREFIX))
    if int(version.group(1)) != VERSION:
        raise CodeError(_("it is a code of version {n}; this game reads version {ours} (a newer game made it?)").format(
            n=int(version.group(1)), ours=VERSION))
    body = code[version.end():]
    if not _ALPHABET.fullmatch(body):
        odd = next(ch for ch in body if not _ALPHABET.fullmatch(ch))
        raise CodeError(_("it holds {char}, which no card code has").format(char=quote(odd, 4)))
    try:
        payload = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise CodeError(_("it is cut short or mistyped (its length does not work out)")) from None
    if len(payload) < 6:
        raise CodeError(_("it is too short to hold a card"))
    data, check = payload[:-4], payload[-4:]
    if zlib.crc32(data).to_bytes(4, "big") != check:
        raise CodeError(_("its checksum does not match: a character is mistyped, or the code is cut short"))
    return data


def _unpack(data: bytes) -> str:
    unpacker = zlib.decompressobj(-15, zdict=_DICTIONARY)
    try:
        raw = unpacker.decompress(data, RECORD_MAX + 1)
    except zlib.error:
        raise CodeError(_("it cannot be unpacked (it was not made by this game)")) from None
    if len(raw) > RECORD_MAX or unpacker.unconsumed_tail:
        raise CodeError(ngettext("it unpacks to more than {most} byte; a card is far smaller",
                                 "it unpacks to more than {most} bytes; a card is far smaller", RECORD_MAX).format(
            most=RECORD_MAX))
    if not unpacker.eof or unpacker.unused_data:
        raise CodeError(_("it cannot be unpacked (it was not made by this game)"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError(_("it does not unpack to text")) from None


def _reject_constant(name: str) -> Any:
    raise CodeError(_("{name} is not allowed in JSON").format(name=name))


def decode(text: str) -> dict:
    """The record a pasted code holds, checked as text and as JSON (not yet as a card).
    Raises CodeError with the reason."""
    if not isinstance(text, str):
        raise CodeError(_("it is not text"))
    data = _payload(_cleaned(text))
    try:
        value = json.loads(_unpack(data), parse_constant=_reject_constant)
    except json.JSONDecodeError:
        raise CodeError(_("it does not unpack to a card record")) from None
    except RecursionError:
        raise CodeError(_too_deep()) from None
    except ValueError as err:
        if isinstance(err, CodeError):
            raise
        raise CodeError(_("it holds a number thousands of digits long")) from None
    if files._too_deep(value, DEPTH_MAX):
        raise CodeError(_too_deep())
    problem = json_text_problem(value)
    if problem:
        raise CodeError(str(problem))
    if not isinstance(value, dict):
        raise CodeError(_("it holds {what}, not a card").format(what=files.type_name(value)))
    return value


def problem(text: str) -> str | None:
    """Why a pasted text is not a usable code, or None (for a dialog that checks as one types)."""
    try:
        decode(text)
    except CodeError as err:
        return str(err)
    return None
