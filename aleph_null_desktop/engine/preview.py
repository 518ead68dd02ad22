"""What ending the turn now is sure to cost, worked out from public information only.

`Game.end_turn_preview()` returns an `EndTurnPreview`: an `int` (the total damage, so
`int(preview)`, `preview == 1`, `preview + 2` and `f"{preview}"` keep working) that also carries

* `.total`  — the same number as a plain int;
* `.parts`  — a tuple of `PreviewPart(kind, amount, text)`, in the order they happen:
    "unspent_power"   unspent virtual power less end-of-turn shields (R4.4);
    "interference"    an end-of-turn interference effect (its card named in `text`);
    "hour_tokens"     tokens left on the Grimoire as the Hour turns (R5.2a);
    "hour_damage"     an effect that deals damage each time the Hour advances (The Long Night);
    "key_sacrificed"  amount 0: the Grand Circle would sacrifice a Key left in the hand, which loses
                      the ritual (R4.4, R10.2);
    "last_hour"       amount 0: the Hour would pass the last Hour, which loses the ritual (R5.3);
* `.hour_advances` — True when the next turn's draw will certainly empty the deck (R5.1, R5.5);
* `.loses`  — True when ending now certainly loses (third damage, a Key sacrificed, or past the
  last Hour);
* `.summary()` — "2 damage — 1 unspent power, 1 token as the Hour turns", or "no damage".

† effects that might resolve at the end of the turn (hand cards sacrificed by the Grand Circle)
are not counted, and while one might, the Hour's advance is not counted either (a † effect could
change the deck): the preview never counts damage that is not certain.
"""

from __future__ import annotations

from dataclasses import dataclass

from aleph_null_desktop.i18n import _, ngettext

LOSING_PARTS = ("key_sacrificed", "last_hour")  # parts that lose the ritual whatever the damage


@dataclass(frozen=True)
class PreviewPart:
    kind: str
    amount: int
    text: str


class EndTurnPreview(int):
    """The total damage as an int, with its breakdown (see the module docstring)."""

    parts: tuple[PreviewPart, ...]
    hour_advances: bool
    loses: bool

    def __new__(cls, parts: tuple[PreviewPart, ...], *, hour_advances: bool, loses: bool):
        obj = super().__new__(cls, sum(p.amount for p in parts))
        obj.parts = tuple(parts)
        obj.hour_advances = hour_advances
        obj.loses = loses
        return obj

    @property
    def total(self) -> int:
        return int(self)

    def summary(self) -> str:
        if self.loses and any(p.kind in LOSING_PARTS for p in self.parts):
            head = _("loses the ritual")
        elif self.total:
            head = ngettext("{n} damage", "{n} damage", self.total).format(n=self.total)
        else:
            return _("no damage")
        details = [p.text for p in self.parts]
        return f"{head} — {', '.join(details)}" if details else head

    def __str__(self) -> str:
        return str(int(self))

    def __format__(self, spec: str) -> str:
        return format(int(self), spec)

    def __repr__(self) -> str:
        return f"EndTurnPreview(total={self.total}, parts={self.parts!r}, loses={self.loses})"


def unspent_power_part(amount: int) -> PreviewPart:
    return PreviewPart("unspent_power", amount,
                       ngettext("{n} unspent power", "{n} unspent power", amount).format(n=amount))


def interference_part(amount: int, card_name: str) -> PreviewPart:
    return PreviewPart("interference", amount, _("{n} from {card}").format(n=amount, card=card_name))


def hour_tokens_part(amount: int) -> PreviewPart:
    return PreviewPart("hour_tokens", amount,
                       ngettext("{n} token as the Hour turns", "{n} tokens as the Hour turns",
                                amount).format(n=amount))


def hour_damage_part(amount: int, card_name: str) -> PreviewPart:
    return PreviewPart("hour_damage", amount,
                       _("{n} from {card} as the Hour turns").format(n=amount, card=card_name))


def key_sacrificed_part(card_name: str) -> PreviewPart:
    return PreviewPart("key_sacrificed", 0, _("{card}, a Key, would be sacrificed with the hand").format(card=card_name))


def last_hour_part() -> PreviewPart:
    return PreviewPart("last_hour", 0, _("the Hour would pass the last Hour"))
