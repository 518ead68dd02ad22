"""The statistics behind the balance figures: a win rate's interval and a paired comparison.

* `wilson(wins, games)`: the Wilson score interval of a win rate (95% by default).
* `mcnemar(b, c)`: the exact McNemar test on paired outcomes. Two players play the same deals;
  `b` counts the deals only the first won, `c` those only the second won (the concordant deals
  say nothing about which is stronger). Under "equally strong" each discordant deal is a fair
  coin, so the one-sided p-value that the first is stronger is P(X >= b) for X ~ Binomial(b + c, 1/2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def wilson(wins: int, games: int, z: float = 1.959964) -> list[float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)]


def binomial_tail(k: int, n: int) -> float:
    """P(X >= k) for X ~ Binomial(n, 1/2), exactly (integer arithmetic, then one division)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n


@dataclass(frozen=True)
class Paired:
    """Outcomes of two players on the same deals."""

    games: int
    both: int  # deals both won
    only_first: int  # b
    only_second: int  # c
    neither: int

    @property
    def p_first_stronger(self) -> float:
        """Exact one-sided McNemar p-value for "the first wins more often"."""
        return mcnemar(self.only_first, self.only_second)


def mcnemar(b: int, c: int) -> float:
    """Exact one-sided McNemar p-value that the first player is stronger (see the module doc)."""
    if b < 0 or c < 0:
        raise ValueError("discordant counts cannot be negative")
    return binomial_tail(b, b + c)


def paired(first: list[bool], second: list[bool]) -> Paired:
    """Counts the paired outcomes of two equally long lists of wins (deal by deal)."""
    if len(first) != len(second):
        raise ValueError(f"paired outcomes need the same deals: {len(first)} vs {len(second)}")
    pairs = list(zip(first, second))
    return Paired(len(pairs), sum(a and b for a, b in pairs), sum(a and not b for a, b in pairs),
                  sum(b and not a for a, b in pairs), sum(not a and not b for a, b in pairs))
