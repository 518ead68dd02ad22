"""The random player: uniform over the legal commands, decisions included (a baseline)."""

from __future__ import annotations

import random

from aleph_null_desktop.engine import Command, Game


class RandomPlayer:
    name = "random"

    def choose_command(self, game: Game, rng: random.Random) -> Command:
        return rng.choice(game.legal_commands())
