"""Achievements: twenty goals of the game itself, checked when a ritual ends (never for the lesson
or a practice replay), kept in the player's data (storage.achievements).

`newly_unlocked(context, unlocked)` lists the ids a finished ritual unlocks; `Context` is what
they look at: the ritual (an engine Game with its outcome), how it was played (own cards, a card
pack, the daily ritual) and the player's totals after it (statistics and the daily streak)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from aleph_null_desktop.i18n import N_


@dataclass(frozen=True)
class Context:
    game: object  # engine Game, ended
    own_cards: bool = False  # the player's own interference cards were in the ritual
    pack: bool = False  # a card pack's cards were in it
    daily: bool = False  # the counted attempt of a daily ritual
    daily_streak: int = 0  # days in a row with a counted daily ritual, this one included
    rituals: int = 0  # rituals finished, this one included (statistics)
    wins: int = 0  # rituals won, this one included

    @property
    def won(self) -> bool:
        return bool(self.game.outcome and self.game.outcome.won)


def _sacrificed_besides(game) -> int:
    """R11.2: the non-Key cards other than BAPHOMET that his summoning sacrificed, worked back
    from the score (1 + 2 × Hours left to VI − those cards + damage tokens left in the supply)."""
    o = game.outcome
    return 1 + 2 * max(0, 6 - o.hour) + (3 - game.damage) - o.score


def _took_no_token(game) -> bool:
    return not any(type(cmd).__name__ == "TakeToken" for cmd in game.history)


@dataclass(frozen=True)
class Achievement:
    id: str
    title: str  # N_: translated when shown
    text: str
    check: Callable[[Context], bool]


def _won_in(circle: str) -> Callable[[Context], bool]:
    return lambda c: c.won and c.game.circle == circle


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first_ritual", N_("The first candle"), N_("Finish a ritual, won or lost."), lambda c: True),
    Achievement("first_summoning", N_("He answers"), N_("Summon BAPHOMET."), lambda c: c.won),
    Achievement("win_adept", N_("Adept no more"), N_("Win in the Circle of the Adept."), _won_in("adept")),
    Achievement("win_magus", N_("The Magus' robe"), N_("Win in the Circle of the Magus."), _won_in("magus")),
    Achievement("win_master", N_("Master of the Art"), N_("Win in the Circle of the Master."), _won_in("master")),
    Achievement("win_grand_master", N_("Grand Master"), N_("Win in the Circle of the Grand Master."),
                _won_in("grand_master")),
    Achievement("win_prince", N_("Prince of the Circle"), N_("Win in the Circle of the Prince."), _won_in("prince")),
    Achievement("clean_summoning", N_("An empty altar"),
                N_("Summon BAPHOMET with nothing but the Keys left in play for him to sacrifice."),
                lambda c: c.won and _sacrificed_besides(c.game) == 0),
    Achievement("unscathed", N_("Unscathed"), N_("Win without taking a single damage token."),
                lambda c: c.won and c.game.damage == 0),
    Achievement("before_midnight", N_("Before Midnight"), N_("Summon BAPHOMET before the Hour of Midnight (III)."),
                lambda c: c.won and c.game.outcome.hour < 3),
    Achievement("prince_rank", N_("A princely score"), N_("Win with the rank of Prince (a score of 9 or more)."),
                lambda c: c.won and c.game.outcome.rank == "Prince"),
    Achievement("long_night", N_("The longest night"), N_("Summon BAPHOMET in Hour VII, False Dawn."),
                lambda c: c.won and c.game.outcome.hour == 7),
    Achievement("no_tokens", N_("Self-reliant"), N_("Win without taking a Magical Power token from the Grimoire."),
                lambda c: c.won and _took_no_token(c.game)),
    Achievement("own_card_win", N_("By my own hand"), N_("Win a ritual with one of your own cards in it."),
                lambda c: c.won and c.own_cards),
    Achievement("pack_win", N_("Other texts"), N_("Win a ritual played with a card pack."),
                lambda c: c.won and c.pack),
    Achievement("daily_played", N_("Come back tomorrow"), N_("Play the daily ritual."), lambda c: c.daily),
    Achievement("daily_won", N_("The day's summoning"), N_("Win the daily ritual."), lambda c: c.daily and c.won),
    Achievement("daily_streak_7", N_("A week of nights"), N_("Play the daily ritual seven days in a row."),
                lambda c: c.daily and c.daily_streak >= 7),
    Achievement("ten_wins", N_("Ten summonings"), N_("Win ten rituals."), lambda c: c.wins >= 10),
    Achievement("fifty_rituals", N_("Fifty candles"), N_("Finish fifty rituals."), lambda c: c.rituals >= 50),
)
BY_ID = {a.id: a for a in ACHIEVEMENTS}


def newly_unlocked(context: Context, unlocked) -> list[Achievement]:
    """The achievements this ended ritual unlocks that were not unlocked before."""
    return [a for a in ACHIEVEMENTS if a.id not in unlocked and a.check(context)]
