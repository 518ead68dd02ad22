"""What every player shares: the interface, and small readings of a position in card terms."""

from __future__ import annotations

import random
from typing import Protocol

from aleph_null_desktop.engine import Activate, Command, Game, Summon


class Player(Protocol):
    """A player chooses one legal command for the position; `rng` is its only source of chance."""

    name: str

    def choose_command(self, game: Game, rng: random.Random) -> Command: ...


def card_id_of(game: Game, uid: int | None) -> str | None:
    return None if uid is None else game.card(uid).card_id


def ids_in(game: Game, zone: str) -> list[str]:
    return [i.card_id for i in game.zone(zone)]


def keys_in_play(game: Game) -> list[str]:
    return [i.card_id for i in game.zone("play") if game.cards[i.card_id].type == "key"]


def command_card(game: Game, cmd: Command) -> str | None:
    """The card id a Summon or Activate names (None for the others)."""
    if isinstance(cmd, (Summon, Activate)):
        return game.card(cmd.uid).card_id
    return None


def describe(game: Game, cmd: Command) -> str:
    return cmd.describe(game)
