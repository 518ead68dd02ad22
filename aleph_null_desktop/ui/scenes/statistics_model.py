"""What the Statistics screen shows, in words and numbers, built from stats.json's contents
(storage.stats): one row per Circle (and one per Circle played with custom cards or a card pack,
counted apart), the endings and ranks of the chosen row, and the scores of the last 50 rituals.
Pure data: the scene draws it, tests read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aleph_null_desktop.i18n import N_, _, decimal
from aleph_null_desktop.storage.stats import OWN_CARDS, summary

CHART_RITUALS = 50
RANKS = ("Adept", "Wizard", "Master", "Grand Master", "Prince")
# how a ritual was lost, in the player's words (the engine's reason codes)
LOSS_WORDS = {
    "damage": N_("the third damage token"),
    "key_sacrificed": N_("a Key sacrificed"),
    "time": N_("the last Hour passed"),
    "cards_remain": N_("cards left at the summoning"),
    "negative_score": N_("a negative score"),
}
# endings listed only once they happened
RARE_LOSS_WORDS = {"abandoned": N_("abandoned for a new ritual"), "unknown": N_("not recorded")}
NONE = "—"


@dataclass
class Row:
    key: str  # "adept", or "adept+own"
    name: str
    played: int = 0
    won: int = 0
    win_percent: str = NONE
    best: str = NONE  # "8 · Grand Master"
    streak: str = "0 / 0"  # current / best winning streak
    average_hour: str = NONE  # "4.3"
    losses: list[tuple[str, int]] = field(default_factory=list)  # (words, count), every way to lose
    ranks: list[tuple[str, int]] = field(default_factory=list)  # (rank, count), every rank

    def cells(self) -> list[str]:
        return [self.name, str(self.played), str(self.won), self.win_percent, self.best, self.streak,
                self.average_hour]


@dataclass
class ScorePoint:
    number: int  # 1 = the oldest of the rituals shown
    circle: str
    won: bool
    score: int | None  # None: lost without a score


@dataclass
class StatisticsModel:
    rows: list[Row]
    points: list[ScorePoint]
    played: int

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)


def build(stats: dict[str, Any], circles: dict) -> StatisticsModel:
    """The model of `stats` (as storage.load_stats returns it); `circles`: id -> Circle, in order."""
    groups = summary(stats)
    rows = []
    for own in (False, True):
        for circle_id, circle in circles.items():
            key = circle_id + (OWN_CARDS if own else "")
            if own and key not in groups:
                continue  # own-card rows only for Circles played that way
            name = circle.name if not own else _("{circle}, own cards or a pack").format(circle=circle.name)
            rows.append(_row(key, name, groups.get(key)))
    known = {r.key for r in rows}
    for key, data in groups.items():  # a Circle this game no longer has: still counted, by its id
        if key not in known:
            rows.append(_row(key, key, data))
    history = stats.get("history", [])[-CHART_RITUALS:]
    points = [ScorePoint(n + 1, g["circle"], g["won"], g.get("score")) for n, g in enumerate(history)]
    return StatisticsModel(rows, points, sum(r.played for r in rows))


def _row(key: str, name: str, data: dict | None) -> Row:
    row = Row(key, name)
    reasons = dict((data or {}).get("losses_by_reason", {}))
    ranks = (data or {}).get("ranks", {})
    row.losses = [(_(words), reasons.pop(code, 0)) for code, words in LOSS_WORDS.items()]
    row.losses += [(_(RARE_LOSS_WORDS[code]) if code in RARE_LOSS_WORDS else code, n) for code, n in reasons.items()]
    row.ranks = [(_(rank), ranks.get(rank, 0)) for rank in RANKS]
    if not data or not data["played"]:
        return row
    row.played, row.won = data["played"], data["won"]
    row.win_percent = f"{round(100 * data['win_rate'])}%"
    if data["best_score"] is not None:
        row.best = str(data["best_score"]) + (f" · {_(data['best_rank'])}" if data.get("best_rank") else "")
    row.streak = f"{data['current_streak']} / {data['best_streak']}"
    if data.get("average_summon_hour") is not None:
        row.average_hour = decimal(data['average_summon_hour'], 1)  # 4.4, in German 4,4
    return row
