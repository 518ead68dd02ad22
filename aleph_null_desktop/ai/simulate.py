"""Plays complete games with a player and sums them up: the simulator behind `aleph-null simulate`
(its command line is in `aleph_null_desktop.cli`).

    aleph-null simulate --circle adept --player expert --games 200 --seed 1 [--cards FILE] [--jobs N] --json
    aleph-null simulate --circle prince --player expert --compare greedy --games 200 --seed 1

`--compare OTHER` plays the same deals with a second player and adds the paired comparison: the
deals both won, only one won, neither won, and the exact one-sided McNemar p-value that the first
player is stronger (`stats.mcnemar`).

Game i is `new_game(seed=seed + i, circle=...)`, played by a fresh player whose random numbers
come from `player_seed(seed + i)`: the summary is the same for a seed however many processes
(`--jobs`) share the work.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Callable, Iterable

from aleph_null_desktop.ai.stats import paired, wilson
from aleph_null_desktop.engine import Game, new_game
from aleph_null_desktop.engine.cards import circles
from aleph_null_desktop.engine.model import RANKS

RANK_ORDER = [name for _, name in sorted(RANKS)]  # Adept … Prince
LOSS_REASONS = ("damage", "key_sacrificed", "time", "cards_remain", "negative_score")
PLAYER_NAMES = ("random", "greedy", "expert")
MAX_COMMANDS = 5000  # a guard against a player that never ends a game


def make_player(name: str):
    """A fresh player by name: random, greedy or expert."""
    if name == "random":
        from aleph_null_desktop.ai.random_player import RandomPlayer

        return RandomPlayer()
    if name == "greedy":
        from aleph_null_desktop.ai.greedy import GreedyPlayer

        return GreedyPlayer()
    if name == "expert":
        from aleph_null_desktop.ai.expert import ExpertPlayer

        return ExpertPlayer()
    raise ValueError(f"unknown player {name!r}; known: {', '.join(PLAYER_NAMES)}")


def player_seed(game_seed: int) -> int:
    return 1_000_003 * game_seed + 7


@dataclass
class GameRecord:
    seed: int
    won: bool
    reason: str
    score: int | None
    rank: str | None
    hour: int
    commands: int


def play_game(player, seed: int, circle: str, cards: list[dict] | None = None,
              interference_pool: dict[int, list[str]] | None = None) -> GameRecord:
    """One complete game of `player` (an object with choose_command) from `new_game(seed)`."""
    game: Game = new_game(seed=seed, circle=circle, cards=cards, interference_pool=interference_pool)
    rng = random.Random(player_seed(seed))
    commands = 0
    while game.outcome is None:
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not end after {MAX_COMMANDS} commands")
        game.apply(player.choose_command(game, rng))
        commands += 1
    o = game.outcome
    return GameRecord(seed, o.won, o.reason, o.score, o.rank, o.hour, commands)


def _play_one(job: tuple) -> GameRecord:
    player_name, seed, circle, cards, pool = job
    return play_game(make_player(player_name), seed, circle, cards, pool)


def summarize(records: Iterable[GameRecord]) -> dict:
    records = list(records)
    games = len(records)
    wins = [r for r in records if r.won]
    rank_counts = {name: 0 for name in RANK_ORDER}
    for r in wins:
        rank_counts[r.rank] = rank_counts.get(r.rank, 0) + 1
    losses = {reason: 0 for reason in LOSS_REASONS}
    for r in records:
        if not r.won:
            losses[r.reason] = losses.get(r.reason, 0) + 1
    median_rank = None
    if wins:
        ordered = sorted(RANK_ORDER.index(r.rank) for r in wins)
        median_rank = RANK_ORDER[ordered[(len(ordered) - 1) // 2]]  # the lower median
    return {
        "games": games,
        "wins": len(wins),
        "win_rate": len(wins) / games if games else 0.0,
        "win_rate_ci95": wilson(len(wins), games),
        "mean_score_of_wins": statistics.fmean(r.score for r in wins) if wins else None,
        "median_rank_of_wins": median_rank,
        "rank_counts": rank_counts,
        "mean_hour_of_baphomet": statistics.fmean(r.hour for r in wins) if wins else None,
        "losses_by_reason": losses,
        "mean_commands": statistics.fmean(r.commands for r in records) if records else 0.0,
    }


def simulate(circle: str, player: str, games: int, seed: int, *, cards: list[dict] | None = None,
             jobs: int = 1, progress: Callable[[int, int], None] | None = None,
             setup: Callable[[int], tuple[list[dict], dict | None]] | None = None) -> dict:
    """Plays `games` games (seeds seed … seed+games-1) and returns the summary (see `summarize`).
    `setup(seed) -> (cards, interference_pool)`: per-game cards, e.g. editor cards set aside in
    place of printed ones (editor.cardtest.custom_plan); it replaces `cards`."""
    if circle not in circles():
        raise ValueError(f"unknown Circle {circle!r}; known: {', '.join(circles())}")
    if player not in PLAYER_NAMES:
        raise ValueError(f"unknown player {player!r}; known: {', '.join(PLAYER_NAMES)}")
    jobs_list = [(player, seed + i, circle, *(setup(seed + i) if setup else (cards, None))) for i in range(games)]
    start = time.perf_counter()
    records: list[GameRecord] = []
    if jobs > 1 and games > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(jobs, games)) as pool:
            for rec in pool.imap_unordered(_play_one, jobs_list, chunksize=max(1, games // (jobs * 8))):
                records.append(rec)
                if progress:
                    progress(len(records), games)
    else:
        for job in jobs_list:
            records.append(_play_one(job))
            if progress:
                progress(len(records), games)
    records.sort(key=lambda r: r.seed)
    summary = {"circle": circle, "player": player, "seed": seed}
    summary.update(summarize(records))
    summary["seconds"] = round(time.perf_counter() - start, 2)
    summary["records"] = [asdict(r) for r in records]
    return summary


def compare(first: dict, second: dict) -> dict:
    """The paired comparison of two `simulate` summaries (with records) of the same deals."""
    if [r["seed"] for r in first["records"]] != [r["seed"] for r in second["records"]]:
        raise ValueError("a paired comparison needs the same seeds for both players")
    p = paired([r["won"] for r in first["records"]], [r["won"] for r in second["records"]])
    return {"player": second["player"], "wins": second["wins"], "win_rate": second["win_rate"],
            "win_rate_ci95": second["win_rate_ci95"], "losses_by_reason": second["losses_by_reason"],
            "both_won": p.both, "only_first_won": p.only_first, "only_second_won": p.only_second,
            "neither_won": p.neither, "mcnemar_p_first_stronger": p.p_first_stronger,
            "seconds": second["seconds"]}
