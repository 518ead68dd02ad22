"""What every player shares: the interface, and small readings of a position in card terms."""

from __future__ import annotations

import random
from typing import Protocol

from aleph_null_desktop.engine import Command, Game


class Player(Protocol):
    """A player chooses one legal command for the position; `rng` is its only source of chance."""

    name: str

    def choose_command(self, game: Game, rng: random.Random) -> Command: ...


def describe(game: Game, cmd: Command) -> str:
    return cmd.describe(game)
