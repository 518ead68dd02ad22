"""Ritual codes: a short text that names a deal, so the same ritual can be played again or shared.

    AN1-MAGUS-7F3K-Q9X2                      the printed cards
    AN1-MAGUS-7F3K-Q9X2 pack:Printed%20texts  with a card pack (named by its name)
    AN1-ADEPT-0C4D-88ZK own:my_imp>ill_omen   with an own card (in place of a printed one)

`AN1` is the format; the Circle is a word; of the eight symbols (Crockford base 32) the first six
hold the deal (28 bits: the engine's seed) and the options (2 bits: Eternal Light), the last two
are checks: a Luhn mod 32 check over the six (any one mistyped or two swapped neighbours are caught)
plus a hash of the Circle and card set, and a hash of everything, so a mistyped code is refused
rather than dealing another ritual.
The deal itself is made by the engine's own generator (engine.deal_rng), the same everywhere.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

from aleph_null_desktop.i18n import _

VERSION = 1
DEAL_BITS = 28
DEAL_LIMIT = 1 << DEAL_BITS  # deals are 1 … DEAL_LIMIT - 1
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I, L, O, U
_READ_AS = {**{c: c for c in _ALPHABET}, "O": "0", "I": "1", "L": "1"}
_EXAMPLE = "AN1-MAGUS-7F3K-Q9X2"


class CodeError(ValueError):
    """A text that is not a usable ritual code; the message says why, in the player's language."""


def circle_word(circle_id: str) -> str:
    return circle_id.replace("_", "").upper()


def _circle_ids() -> list[str]:
    from aleph_null_desktop.engine.cards import circles

    return list(circles())


@dataclass(frozen=True)
class RitualCode:
    circle: str  # a Circle id ("magus")
    deal: int  # the engine's seed, 1 … DEAL_LIMIT - 1
    eternal_light: bool = False
    pack: str | None = None  # the card pack's name
    own: tuple[tuple[str, str | None], ...] = ()  # (own card id, the printed card it replaces or None)

    @property
    def printed_cards(self) -> bool:
        return self.pack is None and not self.own

    def _tail(self) -> list[str]:
        parts = [f"pack:{quote(self.pack, safe='')}"] if self.pack is not None else []
        for card_id, replaced in self.own:
            part = f"own:{quote(card_id, safe='')}"
            if replaced:
                part += f">{quote(replaced, safe='')}"
            parts.append(part)
        return parts

    def _data(self) -> list[int]:
        """The six symbols of the deal and options, as numbers 0…31."""
        bits = (self.deal << 2) | self._flags()
        return [(bits >> shift) & 31 for shift in range(25, -1, -5)]

    def _checks(self) -> tuple[int, int]:
        data = self._data()
        canonical = "|".join([f"AN{VERSION}", self.circle, *self._tail()])
        around = hashlib.sha256(canonical.encode("utf-8")).digest()[0] & 31
        whole = hashlib.sha256((canonical + "|" + ",".join(map(str, data))).encode("utf-8")).digest()[0] & 31
        return (_luhn32(data) + around) % 32, whole

    def _flags(self) -> int:
        return 1 if self.eternal_light else 0

    def __str__(self) -> str:
        if not 1 <= self.deal < DEAL_LIMIT:
            raise ValueError(f"deal {self.deal} is outside 1 … {DEAL_LIMIT - 1}")
        symbols = "".join(_ALPHABET[n] for n in (*self._data(), *self._checks()))
        core = f"AN{VERSION}-{circle_word(self.circle)}-{symbols[:4]}-{symbols[4:]}"
        return " ".join([core, *self._tail()])


_CORE = re.compile(r"AN(\d+)([A-Z]+)([0-9A-Z]{4})([0-9A-Z]{4})", re.IGNORECASE)  # typed without separators
_CORE_SEPARATED = re.compile(r"AN\s*(\d+)[\s-]+([A-Z]+)[\s-]+([0-9A-Z]{4})[\s-]*([0-9A-Z]{4})", re.IGNORECASE)


def parse(text: str) -> RitualCode:
    """The RitualCode a player typed or pasted (any case, with or without dashes; O read as 0,
    I and L as 1). Raises CodeError saying what is wrong."""
    if not isinstance(text, str) or len(text) > 2000:
        raise CodeError(_("That is not a ritual code: a ritual code looks like {example}.").format(example=_EXAMPLE))
    words = text.split()
    tail = [w for w in words if ":" in w]
    core = " ".join(w for w in words if ":" not in w)
    found = _CORE_SEPARATED.fullmatch(core) or (_CORE.fullmatch(core) if not re.search(r"[\s-]", core) else None)
    if not found:
        raise CodeError(_("That is not a ritual code: a ritual code looks like {example}.").format(example=_EXAMPLE))
    version, word, first, second = found.groups()
    if int(version) != VERSION:
        raise CodeError(_("This ritual code was made by another version of the game (format {version}); "
                          "this version reads format {supported}.").format(version=version, supported=VERSION))
    by_word = {circle_word(c): c for c in _circle_ids()}
    circle = by_word.get(word.upper())
    if circle is None:
        raise CodeError(_("This ritual code names an unknown Circle ({word}).").format(word=word.upper()))
    try:
        symbols = "".join(_READ_AS[c] for c in (first + second).upper())
    except KeyError:
        raise CodeError(_("This ritual code has a mistake in it: check it letter by letter.")) from None
    numbers = [_ALPHABET.index(c) for c in symbols]
    bits = 0
    for n in numbers[:6]:
        bits = (bits << 5) | n
    deal, flags = bits >> 2, bits & 3
    pack, own = None, []
    for part in tail:
        kind, _sep, value = part.partition(":")
        if kind.lower() == "pack" and value and pack is None:
            pack = unquote(value)
        elif kind.lower() == "own" and value:
            card_id, _sep, replaced = value.partition(">")
            own.append((unquote(card_id), unquote(replaced) or None))
        else:
            raise CodeError(_("This ritual code has a part it does not understand: {part}").format(part=part[:40]))
    code = RitualCode(circle, deal, bool(flags & 1), pack, tuple(own))
    if flags & 2 or deal == 0 or code._checks() != tuple(numbers[6:]):
        raise CodeError(_("This ritual code has a mistake in it: check it letter by letter."))
    return code


def _luhn32(numbers: list[int]) -> int:
    """The Luhn mod N check character (N = 32) of *numbers*: it changes with any one of them, and
    when two neighbours are swapped."""
    total, factor = 0, 2
    for n in reversed(numbers):
        addend = factor * n
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return (32 - total % 32) % 32


def new_deal(rng) -> int:
    """A fresh deal number for a new ritual (`rng`: a random.Random; which deal does not matter)."""
    return rng.randrange(1, DEAL_LIMIT)


CODE_OPTION = "ritual_code"  # Game.options: the code of a ritual with a card pack or own cards


def code_of_game(game) -> RitualCode | None:
    """The ritual code that deals *game* again, or None: a scenario, a ritual saved before codes
    (dealt by another generator, or a deal number out of range)."""
    from aleph_null_desktop.engine.deal_rng import DEFAULT_GENERATOR

    options = getattr(game, "options", None) or {}
    if options.get("generator") != DEFAULT_GENERATOR:
        return None
    text = options.get(CODE_OPTION)
    if isinstance(text, str):
        try:
            return parse(text)
        except CodeError:
            return None
    if options.get("card_pack") or options.get("interference_pool") or getattr(game.cards, "overrides", None):
        return None  # custom cards without a recorded code
    if not 1 <= game.seed < DEAL_LIMIT:
        return None
    return RitualCode(game.circle, game.seed, bool(options.get("eternal_light")))


def pack_code_name(pack) -> str:
    """How a code names a card pack (a cardpacks.Pack): its English name, else its first, else its file's."""
    names = dict(pack.names)
    return names.get("en") or next(iter(names.values()), "") or pack.id
