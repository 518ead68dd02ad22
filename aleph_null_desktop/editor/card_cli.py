"""The command line's card tools: `print-cards` (print-and-play PDF sheets) and `card-code`
(a card's code, or the card of a code). Their words are English, like every command's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from aleph_null_desktop.cardpacks import CARD_FLAVOUR_MAX, CARD_NAME_MAX, PACK_MAX_BYTES, PACK_MAX_CARDS, PACK_MAX_DEPTH
from aleph_null_desktop.editor import card_code
from aleph_null_desktop.editor.library import export_path
from aleph_null_desktop.editor.print_layout import PAPERS, pages
from aleph_null_desktop.engine.cards import CardDataError, card_from_dict
from aleph_null_desktop.safe_text import card_text_problem, quote, safe_message
from aleph_null_desktop.storage import files
from aleph_null_desktop.storage.os_reason import PATH_ERRORS, reason


def card_problem(record) -> str | None:
    """Why a record is not a card the game can draw (the engine's check and the text boundary)."""
    try:
        card = card_from_dict(record)
    except CardDataError as err:
        return safe_message(err, 240)
    except (RecursionError, TypeError, ValueError, KeyError, AttributeError) as err:
        return f"it cannot be read as a card ({type(err).__name__})"
    texts = card_text_problem(record, name_max=CARD_NAME_MAX, flavour_max=CARD_FLAVOUR_MAX)
    if texts:
        return f"{quote(card.id)}: its {texts[0]}: {texts[1]}"
    return None


def read_cards(path: Path | str) -> tuple[list[dict] | None, str | None]:
    """The card records of a card file: a card pack or custom cards ({"cards": [...]}) or one
    bare record, with a card pack's limits; (None, why) if it cannot be used. Never raises."""
    try:
        path = Path(path)
        if not path.is_file():
            return None, "there is no such file" if not path.exists() else "it is not a file"
        if path.stat().st_size > PACK_MAX_BYTES:
            return None, f"it is larger than {PACK_MAX_BYTES // 1000} KB"
        doc, problem = files.read_json(path, max_bytes=PACK_MAX_BYTES, max_depth=PACK_MAX_DEPTH)
    except RecursionError:
        return None, f"it is nested more than {PACK_MAX_DEPTH} levels deep"
    except PATH_ERRORS as err:
        return None, f"it could not be read ({reason(err)})"
    if problem:
        return None, str(problem)
    records = doc.get("cards") if isinstance(doc, dict) and "cards" in doc else [doc]
    if not isinstance(records, list) or not records:
        return None, "it holds no cards"
    if len(records) > PACK_MAX_CARDS:
        return None, f"it holds {len(records)} cards; at most {PACK_MAX_CARDS}"
    for i, record in enumerate(records):
        problem = card_problem(record)
        if problem:
            return None, f"card {i + 1}: {problem}"
    return records, None


def _fail(message: str) -> int:
    print(f"aleph-null: {message}", file=sys.stderr)
    return 2


def run_card_code(args) -> int:
    if args.decode is not None:
        try:
            record = card_code.decode(args.decode)
        except card_code.CodeError as err:
            return _fail(f"the code was refused: {err}")
        problem = card_problem(record)
        if problem:
            return _fail(f"the code was refused: {problem}")
        print(json.dumps(record, ensure_ascii=False, indent=1))
        return 0
    if not args.file:
        return _fail("give a card FILE, or --decode CODE")
    records, problem = read_cards(args.file)
    if problem:
        return _fail(f"{quote(args.file, 80)} cannot be used: {problem}")
    for record in records:
        print(card_code.encode(record))
    return 0


def run_print_cards(args) -> int:
    records, problem = read_cards(args.file)
    if problem:
        return _fail(f"{quote(args.file, 80)} cannot be used: {problem}")
    out, problem = export_path(args.out, ".pdf")
    if problem:
        return _fail(f"the PDF cannot be written there: {problem}")
    import pygame

    from aleph_null_desktop import i18n
    from aleph_null_desktop.ui.render.card_print import write_pdf

    pygame.font.init()
    i18n.set_language(args.language)  # the cards' words; this command's own stay English
    failed = None
    try:
        write_pdf(records, out, paper=args.paper, backs=args.backs, title=Path(args.file).stem)
    except OSError as err:
        failed = err
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    if failed is not None:
        return _fail(f"the PDF could not be written ({reason(failed)})")
    sheets = pages(len(records)) * (2 if args.backs else 1)
    print(f"{out}: {len(records)} card(s) on {sheets} page(s), {args.paper}")
    return 0


def add_card_parsers(subparsers) -> None:
    p = subparsers.add_parser("print-cards", help="print-and-play PDF sheets of the cards in a card file",
                              description="Write print-and-play sheets: the cards at true size (63 x 88 mm), "
                                          "drawn at 300 ppi, 3 mm bleed and crop marks, nine a page.")
    p.add_argument("file", metavar="FILE", help="a card file: custom cards, a card pack, or one card record (JSON)")
    p.add_argument("--out", required=True, metavar="X.pdf", help="the PDF to write")
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size (default a4)")
    p.add_argument("--backs", action="store_true",
                   help="after each page of faces a page of backs, mirrored for printing on both sides")
    from aleph_null_desktop.i18n import LANGUAGE_NAMES

    p.add_argument("--language", choices=sorted(LANGUAGE_NAMES), default="en", help="the cards' language (default en)")
    p.set_defaults(handler=run_print_cards)
    c = subparsers.add_parser("card-code", help="a short code for each card in a card file, or the card of a code",
                              description="Print one card code a line for the cards in FILE, or with --decode "
                                          "the card a code holds, as JSON.")
    c.add_argument("file", metavar="FILE", nargs="?", help="a card file (custom cards, a card pack, one record)")
    c.add_argument("--decode", metavar="CODE", help="print the card of this code as JSON")
    c.set_defaults(handler=run_card_code)

