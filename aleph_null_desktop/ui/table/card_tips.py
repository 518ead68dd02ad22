"""A card read up close on hover: its face large (every word at a readable size), why it cannot
be used now (the engine's words), and the game's terms it uses, from the Grimoire's glossary."""

from __future__ import annotations

import re
from functools import cache, lru_cache

import pygame

from aleph_null_desktop.engine.words.text import card_text_lines
from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.grimoire.content import load_reference
from aleph_null_desktop.ui.render.text import render, wrap

PREVIEW_W = 300
PANEL_W = 380
HOVER_SECONDS = 0.35  # the mouse rests this long on a card before it is shown large
MAX_TERMS = 4
# glossary term (as in the English rules.json) -> what marks it in a card's English text
TERMS = (
    ("Key", r"\bkeys?\b"), ("Tanist", r"\btanists?\b"), ("Interference", r"\binterference\b"),
    ("Magical Power", r"\b\d+P\b|\bpower\b|magical power"), ("Scrap", r"\bscrap"),
    ("Sacrifice", r"\bsacrific"), ("† (dagger)", "†"), ("Token", r"\btokens?\b"),
    ("Search", r"\bsearch"), ("Advance the Hour", r"\bhour\b"), ("Damage", r"\bdamage\b"),
    ("Discard", r"\bdiscard"),
)


@cache
def _term_index() -> dict[str, int]:
    return {entry["term"]: i for i, entry in enumerate(load_reference("en")["glossary"])}


def card_terms(card) -> list[tuple[str, str]]:
    """(term, definition) in the player's language for the game's words this card uses."""
    with_english = " ".join([card.type_name, *card_text_lines(card)])
    glossary = load_reference()["glossary"]
    found = []
    for term, pattern in TERMS:
        index = _term_index().get(term)
        if index is None or index >= len(glossary) or not re.search(pattern, with_english, re.IGNORECASE):
            continue
        found.append((glossary[index]["term"], glossary[index]["text"]))
        if len(found) == MAX_TERMS:
            break
    if card.type == "artifact":
        found.insert(0, (_("Artifact"), _("A tool of the ritual: it stays in play and is used through its "
                                          "actions, usually by scrapping or sacrificing it.")))
    return found[:MAX_TERMS]


TIP_GAP = 12  # between the tip and its card, and the window's edge
TIP_STEP = 16  # the tip slides along its card's sides in steps of this many pixels


def tip_spot(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect, avoid=()) -> pygame.Rect:
    """Where a tip of `size` goes: above its card, centred, when it may; otherwise the nearest
    place beside, above or below the card (sliding along that side) that stays in the window and
    covers neither the card nor any of `avoid`. If there is none, the place that covers the least
    of them."""
    return pygame.Rect(_tip_spot(tuple(size), tuple(anchor), tuple(screen), tuple(tuple(r) for r in avoid if r)))


@lru_cache(maxsize=64)  # a tip stays put while its card is read: found once
def _tip_spot(size: tuple, anchor: tuple, screen: tuple, avoid: tuple) -> tuple:
    w, h = size
    inside = pygame.Rect(screen).inflate(-2 * TIP_GAP, -2 * TIP_GAP)
    a = pygame.Rect(anchor)
    avoid = [pygame.Rect(r) for r in avoid]
    preferred = (a.centerx - w // 2, a.top - TIP_GAP - h)
    spots = []
    for x in range(a.left - w, a.right + 1, TIP_STEP):  # above (higher and higher) or below
        spots += [(x, y) for y in range(a.top - TIP_GAP - h, inside.top - TIP_STEP, -TIP_STEP)]
        spots += [(x, y) for y in range(a.bottom + TIP_GAP, inside.bottom - h + TIP_STEP, TIP_STEP)]
    for y in range(a.top - h, a.bottom + 1, TIP_STEP):  # right or left (further and further)
        spots += [(x, y) for x in range(a.right + TIP_GAP, inside.right - w + TIP_STEP, TIP_STEP)]
        spots += [(x, y) for x in range(a.left - TIP_GAP - w, inside.left - TIP_STEP, -TIP_STEP)]
    boxes = sorted((pygame.Rect(x, y, w, h).clamp(inside) for x, y in spots),
                   key=lambda box: (box.x - preferred[0]) ** 2 + (box.y - preferred[1]) ** 2)
    if not boxes:  # (no side has room for it at all)
        return tuple(pygame.Rect(preferred, size).clamp(inside))
    covers = (a, *avoid)
    for box in boxes:  # the nearest that covers nothing
        if box.collidelist(covers) < 0:
            return tuple(box)
    return tuple(min(boxes, key=lambda box: sum(_overlap(box, r) for r in covers)))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


def draw_card_tip(surface: pygame.Surface, fonts, renderer, card, anchor: pygame.FRect,
                  reason: str | None, avoid=()) -> pygame.Rect:
    """Beside `anchor` (the hovered card), clear of the `avoid` areas (the log, the prompt bar, a
    banner): the face at PREVIEW_W, the reason it cannot be used, the terms it uses and where to
    read more. Returns the area drawn."""
    face = renderer.face(card.id, PREVIEW_W)
    body, bold = fonts.get("body", 18), fonts.get("bold", 18)
    inner_w = PANEL_W - 24
    blocks: list[tuple[pygame.font.Font, str, tuple]] = []
    if reason:
        blocks += [(bold, _("Not now:"), theme.WARN)] + [(body, line, theme.TEXT) for line in wrap(body, reason, inner_w)]
    for term, text in card_terms(card):
        blocks.append((bold, term, theme.GOLD))
        blocks += [(body, line, theme.TEXT) for line in wrap(body, text, inner_w)]
    blocks.append((fonts.get("italic", 17), _("F1: the Grimoire's glossary"), theme.TEXT_DIM))
    text_h = sum(font.get_linesize() for font, _line, _c in blocks) + 20
    size = (PREVIEW_W + 16 + PANEL_W, max(face.get_height(), text_h) + 16)
    box = tip_spot(size, pygame.Rect(anchor), surface.get_rect(), avoid)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
    pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=12)
    surface.blit(face, (box.x + 8, box.y + 8))
    x, y = box.x + PREVIEW_W + 20, box.y + 14
    for font, line, colour in blocks:
        surface.blit(render(font, line, colour), (x, y))
        y += font.get_linesize()
    return box
