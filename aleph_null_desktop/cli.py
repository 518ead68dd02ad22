"""Command line: play (default), simulate, print-cards, card-code, --smoke-test, --version."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

from aleph_null_desktop import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="aleph-null", description="Aleph Null Desktop")
    parser.add_argument("--version", action="version", version=f"Aleph Null Desktop {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play a short scripted ritual headless, check a screenshot, exit")
    parser.add_argument("--screenshot", metavar="PATH", help="with --smoke-test: keep the screenshot (PNG) here")
    parser.add_argument("--windowed", action="store_true", help="start in a window even when the settings say fullscreen")
    from aleph_null_desktop.ai.simulate import add_simulate_parser

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


if __name__ == "__main__":
    sys.exit(main())
