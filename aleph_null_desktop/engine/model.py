"""Plain value types of the engine: card instances, decisions, outcomes, the illegal-command error."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

ZONES = ("deck", "hand", "play", "discard", "sacrificed", "set_aside")
RANKS = ((9, "Prince"), (6, "Grand Master"), (3, "Master"), (1, "Wizard"), (0, "Adept"))


class IllegalCommand(Exception):
    """A command that is not legal now; the message says why in words."""


class CardInstance(NamedTuple):
    """One physical card of a game: its uid (unique in the game) and which card it is."""

    uid: int
    card_id: str


class Option:
    """One answer of a Decision. `text` is said when shown (`label`: in the language of the moment)."""

    __slots__ = ("uid", "text")

    def __init__(self, uid: int | None, text) -> None:
        self.uid = uid  # None: the "none" option of an "up to" choice
        self.text = text

    @property
    def label(self) -> str:
        return str(self.text)

    def __eq__(self, other) -> bool:
        return isinstance(other, Option) and (self.uid, self.label) == (other.uid, other.label)

    def __hash__(self) -> int:
        return hash((self.uid, self.label))

    def __repr__(self) -> str:
        return f"Option({self.uid!r}, {self.label!r})"


class Decision:
    """A choice the player must make now; `Choose(i)` answers with option i (the card `uids[i]`,
    None for "none"). `text` (the prompt) and the options' texts are said when shown, so an open
    choice follows a language switch; they are worked out on first reading, by `words()` (the
    posing op's words, given what they read of the game as it was when the choice was posed)."""

    __slots__ = ("kind", "uids", "task", "_words", "_worded")

    def __init__(self, kind: str, uids, task: dict, words) -> None:
        self.kind = kind  # "target", "search", "order"
        self.uids: tuple = tuple(uids)
        self.task = task  # what resumes on Choose
        self._words = words  # () -> (prompt, option texts)
        self._worded: tuple | None = None

    def _said(self) -> tuple:
        worded = self._worded
        if worded is None:
            prompt, texts = self._words()
            worded = self._worded = (prompt, tuple(Option(u, t) for u, t in zip(self.uids, texts)))
        return worded

    @property
    def text(self):
        return self._said()[0]

    def said_text(self):
        """`text`, for a Deferred that says it when shown (the "decision" event's prompt)."""
        return self._said()[0]

    @property
    def options(self) -> tuple[Option, ...]:
        return self._said()[1]

    @property
    def prompt(self) -> str:
        return str(self.text)

    def __eq__(self, other) -> bool:
        return isinstance(other, Decision) and (self.kind, self.prompt, self.options) == (
            other.kind, other.prompt, other.options)

    def __hash__(self) -> int:
        return hash((self.kind, self.prompt))

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.prompt!r}, {self.options!r})"


@dataclass(frozen=True, eq=False)
class Outcome:
    """How the ritual ended. `text` is said when shown (`message`: in the language of the moment)."""

    won: bool
    reason: str  # "summoned", "damage", "key_sacrificed", "time", "cards_remain", "negative_score"
    text: object
    score: int | None = None
    rank: str | None = None
    breakdown: tuple[tuple[str, int], ...] = ()
    hour: int = 0

    @property
    def message(self) -> str:
        return str(self.text)

    def __eq__(self, other) -> bool:
        return isinstance(other, Outcome) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.won, self.reason, self.score))

    def to_dict(self) -> dict:
        return {"won": self.won, "reason": self.reason, "message": self.message, "score": self.score,
                "rank": self.rank, "breakdown": [list(b) for b in self.breakdown], "hour": self.hour}


def rank_for(score: int) -> str | None:
    """R11.3: the rank of the Grand Hierarchy for a score, None when negative (lost)."""
    for threshold, rank in RANKS:
        if score >= threshold:
            return rank
    return None
