"""Words the table builds from the engine's: rule numbers left out of what the player reads (the
Grimoire's rules reference cites them), and what a move *would* cost said before it is made."""

from __future__ import annotations

import re

from aleph_null_desktop.i18n import N_, _

_RULE_NUMBERS = re.compile(r"\s*\((?:R\d+(?:\.\d+)?[a-z]?(?:,\s*)?)+\)")

# why a move would lose, said before it is made (the engine's outcome message is in the past tense)
WOULD_LOSE = {
    "damage": N_("You would take the third damage, and three damage end the ritual."),
    "time": N_("The Hour would pass the last Hour before BAPHOMET is summoned."),
    "key_sacrificed": N_("A Key would be sacrificed; only BAPHOMET's summoning may take the Keys."),
    "cards_remain": N_("BAPHOMET would be summoned while cards remain in the deck, your hand or the "
                       "discard pile."),
    "negative_score": N_("The score would fall below zero."),
}


HOUR_WARNING = N_("Fewer cards are left to draw than your hand holds: from now on every turn costs an Hour.")


def without_rule_numbers(text: str) -> str:
    """'… must be summoned (R4.3).' → '… must be summoned.'"""
    return _RULE_NUMBERS.sub("", text or "")


def would_lose(outcome) -> str:
    """Why the move being considered would end the ritual, before anything has happened."""
    words = WOULD_LOSE.get(getattr(outcome, "reason", ""))
    return _(words) if words else without_rule_numbers(outcome.message)
