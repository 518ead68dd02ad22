"""The daily ritual: one deal and Circle per calendar date, the same for every player (worked out
from the date alone, no network), so players can compare their score of the day.

`daily_code(date)` is the ritual; the player's results live in storage.daily (one counted attempt
per date, replays are practice)."""

from __future__ import annotations

import hashlib
from datetime import date

from aleph_null_desktop.rituals.code import DEAL_LIMIT, RitualCode

# the Circles in a fixed order of their own: a Circle added to circles.json later changes no past day
DAILY_CIRCLES = ("adept", "magus", "master", "grand_master", "prince")
DAILY_OPTION = "daily"  # Game.options: the date (ISO) of a daily ritual
PRACTICE_OPTION = "practice"  # Game.options: True for a replay that does not count


def today() -> date:
    """The player's calendar date (local time): the daily ritual changes at their midnight."""
    return date.today()


def daily_code(day: date) -> RitualCode:
    digest = hashlib.sha256(f"aleph-null/daily/{day.isoformat()}".encode("ascii")).digest()
    circle = DAILY_CIRCLES[digest[0] % len(DAILY_CIRCLES)]
    deal = int.from_bytes(digest[1:5], "big") % (DEAL_LIMIT - 1) + 1
    return RitualCode(circle, deal)


def daily_summary(day: date) -> dict:
    """What `aleph-null daily --json` prints."""
    code = daily_code(day)
    return {"date": day.isoformat(), "circle": code.circle, "code": str(code)}


def add_daily_parser(subparsers) -> None:
    parser = subparsers.add_parser("daily", help="the daily ritual of a date: its Circle and ritual code")
    parser.add_argument("--date", metavar="YYYY-MM-DD", help="the date (default: today, local time)")
    parser.add_argument("--json", action="store_true", help='print {"date", "circle", "code"} as JSON')
    parser.set_defaults(handler=run_daily)


def run_daily(args) -> int:
    import json
    import sys

    try:
        day = date.fromisoformat(args.date) if args.date else date.today()
    except ValueError:
        print(f"aleph-null daily: --date must be a date like 2026-11-25, not {args.date!r}", file=sys.stderr)
        return 2
    summary = daily_summary(day)
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"The daily ritual of {summary['date']}: the Circle of the "
              f"{summary['circle'].replace('_', ' ').title()}, ritual code {summary['code']}")
    return 0
