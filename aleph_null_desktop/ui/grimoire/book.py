"""The Grimoire as data: which spread shows in which phase of a ritual (pure functions, no pygame).

A spread is the two facing pages the reader sees; it has a string id:

  "cover"                 the closed book (the cover alone, on the right)
  "circles"               choose a Circle (difficulty)
  "hour1" … "hour7"       the Hour pages (hour7, False Dawn, only once The Long Night added it)
  "hierarchy"             Judgement: the score and the rank of the Grand Hierarchy
  "contents"              the reference part starts here
  "rules-1" …, "glossary-1" …, "faq-1" …   paginated reference text (see content.py)

The ritual order is what a game walks through; the reference order is what the reader leafs
through from the contents page. Both are plain lists, so a page index is a list index.
"""

from __future__ import annotations

from dataclasses import dataclass

from aleph_null_desktop.i18n import N_

PHASES = ("closed", "choose_circle", "playing", "judgement", "reference")

#: (lowest score, rank) of the Grand Hierarchy (R11.3), highest first when searching
HIERARCHY = ((0, N_("Adept")), (1, N_("Wizard")), (3, N_("Master")), (6, N_("Grand Master")), (9, N_("Prince")))
HIERARCHY_SPANS = {"Adept": "0", "Wizard": "1–2", "Master": "3–5", "Grand Master": "6–8", "Prince": "9+"}


def short_circle_name(name: str) -> str:
    """'Adept' for 'Circle of the Adept', 'Lehrlinge' for 'Zirkel der Lehrlinge': where space is short."""
    for prefix in ("Circle of the ", "Zirkel der "):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def rank_for_score(score: int | None) -> str | None:
    """The Grand Hierarchy's rank for a final score; None for no score or a negative one."""
    if score is None or score < 0:
        return None
    rank = HIERARCHY[0][1]
    for lowest, name in HIERARCHY:
        if score >= lowest:
            rank = name
    return rank


def hour_page_id(hour: int) -> str:
    return f"hour{int(hour)}"


def hour_of(page_id: str) -> int | None:
    """7 for "hour7"; None for any spread that is not an Hour."""
    if page_id.startswith("hour") and page_id[4:].isdigit():
        return int(page_id[4:])
    return None


def ritual_pages(last_hour: int = 6) -> list[str]:
    """The spreads of a ritual in order: Cover, Circle, Hours I… last, Hierarchy."""
    return ["cover", "circles"] + [hour_page_id(h) for h in range(1, max(1, last_hour) + 1)] + ["hierarchy"]


def page_for_phase(phase: str, hour: int | None = None) -> str:
    """The spread the book shows in a phase of the game (R3.3, R5.2e, R11)."""
    if phase == "closed":
        return "cover"
    if phase == "choose_circle":
        return "circles"
    if phase == "playing":
        if not hour or hour < 1:
            raise ValueError("the playing phase needs the current Hour (1 or more)")
        return hour_page_id(hour)
    if phase == "judgement":
        return "hierarchy"
    if phase == "reference":
        return "contents"
    raise ValueError(f"unknown phase {phase!r}; one of {', '.join(PHASES)}")


def page_index(phase: str, hour: int | None = None, last_hour: int = 6) -> int:
    """Where that spread is in the ritual order (reference: 0, the first spread of its own part)."""
    page = page_for_phase(phase, hour)
    if phase == "reference":
        return 0
    pages = ritual_pages(max(last_hour, hour or 0))
    return pages.index(page)


def phase_of_game(game) -> tuple[str, int | None]:
    """The phase of an engine Game (or None: no game yet): read-only, never changes it."""
    if game is None:
        return "choose_circle", None
    if getattr(game, "outcome", None) is not None:
        return "judgement", game.hour
    return "playing", game.hour


def page_for_game(game) -> str:
    return page_for_phase(*phase_of_game(game))


@dataclass(frozen=True)
class Turn:
    """One page turn the book must show: from a spread to another, forward or back."""
    start: str
    end: str
    forward: bool


def turn_between(order: list[str], start: str, end: str) -> Turn:
    """Direction from the spreads' places in `order` (unknown spreads turn forward)."""
    try:
        forward = order.index(end) >= order.index(start)
    except ValueError:
        forward = True
    return Turn(start, end, forward)
