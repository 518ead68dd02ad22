"""The expert: a search over this turn's commands that never peeks at the deck.

At a new position the expert runs a `search.TurnSearch`: a beam search of every line of play to
the end of the turn, on a copy of the game whose hidden cards are re-dealt from the expert's own
random generator; where a line draws a card, the value is the mean over several such deals
(determinization). Every line ends in `evaluate`'s score of the position after the end of the
turn. The command that starts the best line is played; between lines of equal value, the one
whose first command leaves the better position as the search scored it, then the first command in
`legal_commands` order (a rule that does not depend on the search's size).

The search is kept: while the position is one it went through (nothing revealed since), the next
command is read from it without searching again; a draw or an arriving interference card starts
a fresh search. All budgets are node counts (no clock is read), so a game replays exactly for a
seed on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from aleph_null_desktop.ai.evaluate import DEFAULT, Weights
from aleph_null_desktop.ai.knowledge import answer_decision, option_score
from aleph_null_desktop.ai.search import SearchConfig, TurnSearch
from aleph_null_desktop.engine import Choose, Command, EndTurn, Game


@dataclass
class Analysis:
    """What the expert thought: each legal command's value, the choice, and whether it searched."""

    values: dict[Command, float]
    choice: Command
    fresh: bool


NODE_BUDGET = 2800  # search nodes per search (the hint's budget too): ~0.45 s of CPU at most
EXPERT = SearchConfig(node_budget=NODE_BUDGET)


class ExpertPlayer:
    name = "expert"

    def __init__(self, config: SearchConfig | None = None, weights: Weights = DEFAULT):
        self.config = config or EXPERT
        self.weights = weights
        self.search: TurnSearch | None = None
        self.searches = 0

    def choose_command(self, game: Game, rng: random.Random) -> Command:
        return self.analyse(game, rng).choice

    def analyse(self, game: Game, rng: random.Random) -> Analysis:
        legal = game.legal_commands()
        if len(legal) == 1:
            return Analysis({legal[0]: 0.0}, legal[0], False)
        key = game.public_key()
        values = self.search.command_values(key) if self.search is not None else None
        fresh = values is None
        if fresh:
            self.search = TurnSearch(game, rng, self._config_for(game), self.weights)
            self.searches += 1
            values = self.search.command_values(key) or {}
        values = {c: v for c, v in values.items() if c in legal}
        if not values:
            choice = Choose(answer_decision(game)) if game.pending is not None else EndTurn()
            return Analysis({}, choice if choice in legal else legal[0], fresh)
        order = {c: -i for i, c in enumerate(legal)}
        choice = max(legal, key=lambda c: (round(values.get(c, float("-inf")), 6), self._tiebreak(game, key, c),
                                           order[c]))
        return Analysis(values, choice, fresh)

    def _config_for(self, game: Game) -> SearchConfig:
        return self.config

    def _tiebreak(self, game: Game, key: tuple, cmd: Command) -> tuple[float, float]:
        """Between commands of equal value: the better position right after the command, as the
        search scored it (ending the turn: its end-of-turn score), then the better option."""
        static = self.search.static_value(key, cmd) if self.search is not None else None
        option = option_score(game, cmd.index) if isinstance(cmd, Choose) and game.pending is not None else 0.0
        return (float("-inf") if static is None else round(static, 6)), option


LIGHT = SearchConfig(width=5, max_expansions=40, samples=3, chance_top=2, sub_width=3, sub_expansions=12)


def light_expert() -> ExpertPlayer:
    """A much cheaper expert (about a sixth of the nodes; still well above greedy): for tests and
    quick looks."""
    return ExpertPlayer(LIGHT)
