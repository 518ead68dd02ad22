"""A card read up close on hover: its face large (every word at a readable size), why it cannot
be used now (the engine's words), and the game's terms it uses, from the Grimoire's glossary."""

from __future__ import annotations

import re
from functools import cache

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


def draw_card_tip(surface: pygame.Surface, fonts, renderer, card, anchor: pygame.FRect,
                  reason: str | None) -> pygame.Rect:
    """Beside `anchor` (the hovered card): the face at PREVIEW_W, the reason it cannot be used,
    the terms it uses and where to read more. Returns the area drawn."""
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
    box = pygame.Rect(0, 0, PREVIEW_W + 16 + PANEL_W, max(face.get_height(), text_h) + 16)
    screen = surface.get_rect()
    box.midbottom = (round(anchor.centerx), round(anchor.top) - 12)
    if box.top < 8:  # no room above (a card in play): beside it
        box.midleft = (round(anchor.right) + 12, round(anchor.centery))
        if box.right > screen.right - 8:
            box.midright = (round(anchor.left) - 12, round(anchor.centery))
    box.clamp_ip(screen)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
    pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=12)
    surface.blit(face, (box.x + 8, box.y + 8))
    x, y = box.x + PREVIEW_W + 20, box.y + 14
    for font, line, colour in blocks:
        surface.blit(render(font, line, colour), (x, y))
        y += font.get_linesize()
    return box
