"""Plays complete games with a player and sums them up: the simulator behind `aleph-null simulate`.

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

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterable

from aleph_null_desktop.ai.stats import paired, wilson
from aleph_null_desktop.engine import CardDataError, Game, new_game
from aleph_null_desktop.engine import load_card_pack as engine_load_card_pack
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
              interference_pool: dict[int, list[str]] | None = None, record_dir: str | None = None) -> GameRecord:
    """One complete game of `player` (an object with choose_command) from `new_game(seed)`;
    with `record_dir`, kept there as a ritual file (rituals.record) named <circle>-<seed>.json."""
    game: Game = new_game(seed=seed, circle=circle, cards=cards, interference_pool=interference_pool)
    rng = random.Random(player_seed(seed))
    commands = 0
    while game.outcome is None:
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not end after {MAX_COMMANDS} commands")
        game.apply(player.choose_command(game, rng))
        commands += 1
    o = game.outcome
    if record_dir is not None:
        from aleph_null_desktop.rituals.record import ritual_record
        from aleph_null_desktop.storage.files import write_json_atomic

        write_json_atomic(Path(record_dir) / f"{circle}-{seed}.json", ritual_record(game), pretty=False)
    return GameRecord(seed, o.won, o.reason, o.score, o.rank, o.hour, commands)


def _play_one(job: tuple) -> GameRecord:
    player_name, seed, circle, cards, pool, record_dir = job
    return play_game(make_player(player_name), seed, circle, cards, pool, record_dir)


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
             setup: Callable[[int], tuple[list[dict], dict | None]] | None = None,
             record_dir: str | None = None) -> dict:
    """Plays `games` games (seeds seed … seed+games-1) and returns the summary (see `summarize`).
    `setup(seed) -> (cards, interference_pool)`: per-game cards, e.g. editor cards set aside in
    place of printed ones (editor.cardtest.custom_plan); it replaces `cards`."""
    if circle not in circles():
        raise ValueError(f"unknown Circle {circle!r}; known: {', '.join(circles())}")
    if player not in PLAYER_NAMES:
        raise ValueError(f"unknown player {player!r}; known: {', '.join(PLAYER_NAMES)}")
    jobs_list = [(player, seed + i, circle, *(setup(seed + i) if setup else (cards, None)), record_dir)
                 for i in range(games)]
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


# ----------------------------------------------------------------------------- command line

def add_simulate_parser(subparsers) -> argparse.ArgumentParser:
    """Adds the `simulate` subcommand to an argparse subparsers object."""
    p = subparsers.add_parser("simulate", help="play many games with an AI player and report win rates",
                              description="Play complete games with an AI player and report the results.")
    p.add_argument("--circle", default="adept", choices=list(circles()), help="difficulty (default adept)")
    p.add_argument("--player", default="expert", choices=PLAYER_NAMES, help="who plays (default expert)")
    p.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i (default 1)")
    p.add_argument("--cards", metavar="FILE", help="a card pack (JSON) whose cards override built-in cards by id; "
                   "editor cards (\"custom\": true) are set aside in place of a printed card of their level")
    p.add_argument("--replace", metavar="ID", action="append",
                   help="the printed card an editor card replaces (ID, or CARD_ID=ID; repeat for more cards)")
    p.add_argument("--jobs", type=int, default=1, help="processes to play in parallel (default 1)")
    p.add_argument("--compare", metavar="PLAYER", choices=PLAYER_NAMES,
                   help="also play the same deals with PLAYER and compare (exact McNemar test)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--records", action="store_true", help="with --json: include every game's record")
    p.add_argument("--record", metavar="DIR", help="keep every game as a ritual file in DIR (<circle>-<seed>.json)")
    p.set_defaults(handler=run_simulate)
    return p


def load_card_pack(path: str) -> list[dict]:
    """The validated card records of a card pack file (the engine's format); CardDataError if bad."""
    return engine_load_card_pack(Path(path))


def _format(summary: dict, cards: str | None) -> str:
    lo, hi = summary["win_rate_ci95"]
    lines = [
        f"{summary['player']} on {summary['circle']}: {summary['wins']} of {summary['games']} won "
        f"({100 * summary['win_rate']:.1f}%, 95% interval {100 * lo:.1f}–{100 * hi:.1f}%)"
        + (f" with cards from {cards}" if cards else ""),
    ]
    if summary["wins"]:
        ranks = ", ".join(f"{k} {v}" for k, v in summary["rank_counts"].items() if v)
        lines.append(f"  wins: mean score {summary['mean_score_of_wins']:.2f}, mean Hour "
                     f"{summary['mean_hour_of_baphomet']:.2f}, median rank {summary['median_rank_of_wins']}; {ranks}")
    losses = ", ".join(f"{k} {v}" for k, v in summary["losses_by_reason"].items() if v)
    if losses:
        lines.append(f"  losses: {losses}")
    lines.append(f"  {summary['seconds']:.1f} s")
    other = summary.get("compare")
    if other:
        lo, hi = other["win_rate_ci95"]
        lines.append(f"{other['player']} on the same deals: {other['wins']} of {summary['games']} won "
                     f"({100 * other['win_rate']:.1f}%, 95% interval {100 * lo:.1f}–{100 * hi:.1f}%)")
        lines.append(f"  paired: both won {other['both_won']}, only {summary['player']} {other['only_first_won']}, "
                     f"only {other['player']} {other['only_second_won']}, neither {other['neither_won']}; "
                     f"exact McNemar one-sided p = {other['mcnemar_p_first_stronger']:.3g} "
                     f"({summary['player']} stronger)")
    return "\n".join(lines)


def run_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    cards, setup, placed = None, None, {}
    if args.replace and not args.cards:
        print("simulate: --replace needs --cards", file=sys.stderr)
        return 2
    if args.cards:
        from aleph_null_desktop.editor.cardtest import custom_plan, load_for_simulation

        try:
            pack, custom = load_for_simulation(args.cards)
            if custom:
                placed, setup = custom_plan(custom, args.circle, args.replace, pack)
            elif args.replace:
                raise ValueError("--replace: the file holds no editor card (\"custom\": true)")
        except ValueError as err:
            print(f"simulate: {err}", file=sys.stderr)
            return 2
        cards = pack or None
        for cid, printed in placed.items():
            print(f"simulate: editor card {cid} is set aside in place of {printed}", file=sys.stderr)
    progress = None
    if not args.json and sys.stderr.isatty():
        def progress(done: int, total: int) -> None:
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)
    if args.record:
        try:
            Path(args.record).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(f"simulate: --record {args.record}: {err.strerror or err}", file=sys.stderr)
            return 2
    summary = simulate(args.circle, args.player, args.games, args.seed, cards=cards,
                       jobs=max(1, args.jobs), progress=progress, setup=setup, record_dir=args.record)
    if args.compare:
        other = simulate(args.circle, args.compare, args.games, args.seed, cards=cards,
                         jobs=max(1, args.jobs), progress=progress, setup=setup)
        summary["compare"] = compare(summary, other)
    if args.cards:
        summary["cards"] = args.cards
        if placed:
            summary["custom_cards"] = [{"id": cid, "replaces": printed} for cid, printed in placed.items()]
    if not getattr(args, "records", False):
        summary.pop("records")
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(_format(summary, args.cards))
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m aleph_null_desktop.ai.simulate …` (the same options as the subcommand)."""
    parser = argparse.ArgumentParser(prog="aleph-null")
    add_simulate_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *(sys.argv[1:] if argv is None else argv)])
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
