"""Plain value types of the engine: card instances, decisions, outcomes, the illegal-command error."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

ZONES = ("deck", "hand", "play", "discard", "sacrificed", "set_aside")
RANKS = ((9, "Prince"), (6, "Grand Master"), (3, "Master"), (1, "Wizard"), (0, "Adept"))


class IllegalCommand(Exception):
    """A command that is not legal now; the message says why in words."""


class CardInstance(NamedTuple):
    """One physical card of a game: its uid (unique in the game) and which card it is."""

    uid: int
    card_id: str


@dataclass(frozen=True)
class Option:
    uid: int | None  # None: the "none" option of an "up to" choice
    label: str


@dataclass(frozen=True)
class Decision:
    """A choice the player must make now; `Choose(i)` answers with option i."""

    kind: str  # "target", "search", "order"
    prompt: str
    options: tuple[Option, ...]
    task: dict = field(repr=False, compare=False, default_factory=dict)  # what resumes on Choose

    def to_dict(self) -> dict:
        return {"kind": self.kind, "prompt": self.prompt,
                "options": [[o.uid, o.label] for o in self.options], "task": self.task}

    @classmethod
    def from_dict(cls, d: dict) -> "Decision":
        return cls(d["kind"], d["prompt"], tuple(Option(u, lab) for u, lab in d["options"]), d["task"])


@dataclass(frozen=True)
class Outcome:
    won: bool
    reason: str  # "summoned", "damage", "key_sacrificed", "time", "cards_remain", "negative_score"
    message: str
    score: int | None = None
    rank: str | None = None
    breakdown: tuple[tuple[str, int], ...] = ()
    hour: int = 0

    def to_dict(self) -> dict:
        return {"won": self.won, "reason": self.reason, "message": self.message, "score": self.score,
                "rank": self.rank, "breakdown": [list(b) for b in self.breakdown], "hour": self.hour}

    @classmethod
    def from_dict(cls, d: dict) -> "Outcome":
        return cls(d["won"], d["reason"], d["message"], d["score"], d["rank"],
                   tuple((label, pts) for label, pts in d["breakdown"]), d["hour"])


def rank_for(score: int) -> str | None:
    """R11.3: the rank of the Grand Hierarchy for a score, None when negative (lost)."""
    for threshold, rank in RANKS:
        if score >= threshold:
            return rank
    return None
