"""Command line: play (default), simulate, print-cards, card-code, --smoke-test, --version."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys

from aleph_null_desktop import __version__
from aleph_null_desktop.ai.simulate import PLAYER_NAMES, compare, simulate
from aleph_null_desktop.engine.cards import circles


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="aleph-null", description="Aleph Null Desktop")
    parser.add_argument("--version", action="version", version=f"Aleph Null Desktop {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play a short scripted ritual headless, check a screenshot, exit")
    parser.add_argument("--screenshot", metavar="PATH", help="with --smoke-test: keep the screenshot (PNG) here")
    parser.add_argument("--windowed", action="store_true", help="start in a window even when the settings say fullscreen")
    from aleph_null_desktop.editor.card_cli import add_card_parsers

    commands = parser.add_subparsers(dest="command", metavar="{simulate,print-cards,card-code}")
    add_simulate_parser(commands)
    add_card_parsers(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()  # `simulate --jobs` from the frozen bundle
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any pygame import
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "command", None):
            return args.handler(args)
        if args.smoke_test:
            from aleph_null_desktop.ui.smoke import run_smoke_test

            return run_smoke_test(args.screenshot)
        from aleph_null_desktop.ui.app import run

        return run(windowed=args.windowed)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the last line of defence: say why, never a bare traceback
        print(f"Aleph Null stopped: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


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
    p.set_defaults(handler=run_simulate)
    return p


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
    summary = simulate(args.circle, args.player, args.games, args.seed, cards=cards,
                       jobs=max(1, args.jobs), progress=progress, setup=setup)
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


def simulate_main(argv: list[str] | None = None) -> int:
    """`aleph-null simulate …` alone: the subcommand's options without the word simulate."""
    parser = argparse.ArgumentParser(prog="aleph-null")
    add_simulate_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *(sys.argv[1:] if argv is None else argv)])
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
