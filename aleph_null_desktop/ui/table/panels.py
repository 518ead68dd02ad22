"""The always-visible parts of the table: the Grimoire (Hour and tokens), power, damage, the piles,
the set-aside interference, the keys, the prompt bar and the End Turn button. Each is drawn into
its layout rectangle, the same rectangle the mouse is tested against."""

from __future__ import annotations

import math

import pygame

from aleph_null_desktop.engine.cards import ROMAN, circles, hour_pages
from aleph_null_desktop.i18n import N_, _, ngettext
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font, wrap

KEYS_HELP = (
    (N_("Drag"), N_("hand card → play: summon")),
    (N_("Drag"), N_("card in play → pile: scrap / sacrifice")),
    (N_("Click"), N_("a card: its actions")),
    (N_("Double-click"), N_("a card's only move")),
    (N_("Right-click / Alt"), N_("read a card large")),
    (N_("Space"), N_("end turn · Tab, arrows, Enter: by keys")),
    (N_("Ctrl+Z"), N_("undo · H hint · Esc menu · F11")),
)
PAD_HELP = (  # the same panel while a game controller is in use (ui.gamepad)
    (N_("D-pad / stick"), N_("move the outline")),
    (N_("A"), N_("pick up, drop, open, choose")),
    (N_("B"), N_("back · Start: the menu")),
    (N_("LB / RB"), N_("hand, play, piles, buttons")),
    (N_("X"), N_("hint · Y: the Grimoire")),
    (N_("Select"), N_("the log (up and down scroll it)")),
)


def panel(surface: pygame.Surface, rect: pygame.Rect, glow: float = 0.0, edge=theme.PANEL_EDGE) -> None:
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
    if glow > 0:
        colour = [round(a + (b - a) * glow) for a, b in zip(edge, theme.CANDLE)]
        pygame.draw.rect(surface, colour, rect, 2 + round(3 * glow), border_radius=10)
    else:
        pygame.draw.rect(surface, edge, rect, 2, border_radius=10)


def draw_grimoire(surface, fonts, rect, tokens_rect, game, token_pulse: float, token_hot: bool) -> None:
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=10)
    pygame.draw.rect(surface, theme.GOLD, rect, 3, border_radius=10)
    page = hour_pages().get(game.hour)
    header = _("GRIMOIRE VERUM")
    blit_text(surface, fit_font(fonts, "title", header, rect.w - 16, 17, 8), header, theme.INK_SOFT,
              (rect.centerx, rect.y + 10), "midtop")
    hour = _("Hour {hour}").format(hour=ROMAN.get(game.hour, game.hour))
    blit_text(surface, fit_font(fonts, "title", hour, rect.w - 16, 52, 8), hour, theme.INK,
              (rect.centerx, rect.y + 30), "midtop")
    name = page.name if page else ""
    font = fit_font(fonts, "italic", name, rect.w - 20, 22)
    blit_text(surface, font, name, theme.INK_SOFT, (rect.centerx, rect.y + 98), "midtop")
    blit_text(surface, fonts.get("body", 17), _("last Hour: {hour}").format(hour=ROMAN.get(game.last_hour, game.last_hour)),
              theme.INK_SOFT, (rect.centerx, rect.y + 128), "midtop")
    # tokens on the Grimoire: discs with the token icon, and the number in words
    colour = theme.CANDLE if token_hot and game.tokens else theme.INK_SOFT
    pygame.draw.rect(surface, theme.PARCHMENT_DARK, tokens_rect, border_radius=8)
    pygame.draw.rect(surface, colour, tokens_rect, 2 + round(3 * token_pulse), border_radius=8)
    for centre in token_slots(tokens_rect, game.tokens):
        disc = pygame.Rect(0, 0, 50, 50)
        disc.center = centre
        pygame.draw.circle(surface, theme.POWER, disc.center, 24)
        draw_icon(surface, "token", disc.inflate(-8, -8), theme.INK)
    words = token_words(game)
    x = tokens_rect.x + 12 + game.tokens * 52
    box = pygame.Rect(x, tokens_rect.y + 8, tokens_rect.right - x - 6, tokens_rect.h - 14)
    size = 16
    font = fonts.get("body", size)
    while size > 8 and len(wrap(font, words, box.w)) * font.get_linesize() > box.h:
        size -= 1  # the words in the tray at any UI scale and in any language
        font = fonts.get("body", size)
    blit_wrapped(surface, font, words, theme.INK, box)


def token_slots(tokens_rect: pygame.Rect, count: int) -> list[tuple[int, int]]:
    """The centres of the token discs on the Grimoire's tray."""
    return [(tokens_rect.x + 35 + i * 52, tokens_rect.y + 35) for i in range(count)]


def token_words(game) -> str:
    """The tokens on the Grimoire in words; "click to take" only while one may be taken."""
    if not game.tokens:
        return _("no tokens")
    if game.outcome is not None:
        return ngettext("{n} token", "{n} tokens", game.tokens).format(n=game.tokens)
    return ngettext("{n} token: click to take", "{n} tokens: click to take", game.tokens).format(n=game.tokens)


def draw_counter(surface, fonts, rect, icon: str, value: str, label: str, colour, pulse: float) -> None:
    panel(surface, rect, pulse)
    draw_icon(surface, icon, pygame.Rect(rect.x + 10, rect.y + 8, 34, 34), colour)
    if value:  # "": the caller draws the value itself (the table's power ticks)
        blit_text(surface, counter_value_font(fonts, rect, label, 34), value, theme.TEXT, (rect.x + 54, rect.y + 2))
    font = fitted(fonts, "body", label, rect.w - 16, 16)
    blit_text(surface, font, label, theme.TEXT_DIM, (rect.x + 10, rect.bottom - 6 - font.get_linesize()))


def counter_value_font(fonts, rect, label: str, size: int):
    """The bold figure of a counter at `size`, or smaller: its digits end above the label's line."""
    room = rect.h - 8 - fitted(fonts, "body", label, rect.w - 16, 16).get_linesize()
    font = fonts.get("bold", size)
    while size > 12 and font.get_ascent() + 2 > room:
        size -= 1
        font = fonts.get("bold", size)
    return font


def fitted(fonts, role: str, text: str, width: int, size: int):
    """The font of the role, at most `size`, in which `text` fits the width, but never smaller
    than the table's smallest words (TEXT_MIN px on the screen, whatever the UI scale)."""
    return fit_font(fonts, role, text, width, size, min(size, math.ceil(TEXT_MIN / style.current().ui_scale)))


def draw_damage(surface, fonts, rect, damage: int, pulse: float) -> None:
    panel(surface, rect, pulse, edge=theme.BLOOD if damage else theme.PANEL_EDGE)
    for i in range(3):
        slot = pygame.Rect(rect.x + 10 + i * 30, rect.y + 10, 28, 28)
        if i < damage:
            draw_icon(surface, "damage", slot, theme.WARN)
        else:
            pygame.draw.circle(surface, theme.TEXT_DIM, slot.center, 10, 2)
    count = f"{damage}/3"  # beside the three tokens at every UI scale
    blit_text(surface, fit_font(fonts, "bold", count, rect.w - 112, 26, 12), count, theme.TEXT,
              (rect.right - 10, rect.y + 6), "topright")
    label = _("damage (3 loses)") if damage < 2 else _("damage: next loses")
    font = fit_font(fonts, "body", label, rect.w - 16, 16, 8)  # never past the panel's edge
    blit_text(surface, font, label, theme.WARN if damage >= 2 else theme.TEXT_DIM,
              (rect.x + 10, rect.bottom - 6 - font.get_linesize()))


PILE_TITLE_H = 26
PILE_TITLE_SPILL = 8  # a pile's title may be this much wider than its zone (half of the gap to the next one)


PILE_TITLES = (N_("Deck"), N_("Discard"), N_("Sacrificed"), N_("Set aside"))


def pile_title_font(fonts, width: int):
    """One size for the four piles' titles: the largest at which the longest fits its zone."""
    return min((fitted(fonts, "title", _(title), width + PILE_TITLE_SPILL, 17) for title in PILE_TITLES),
               key=lambda font: font.point_size)


def pile_card_rect(rect: pygame.Rect) -> pygame.Rect:
    """Where a pile's top card lies inside the pile's zone, below its title."""
    w = min(rect.w, int((rect.h - PILE_TITLE_H) / theme.CARD_RATIO))
    card = pygame.Rect(0, 0, w, round(w * theme.CARD_RATIO))
    card.midbottom = rect.midbottom
    return card


BADGE_W, BADGE_H, BADGE_LIFT = 50, 30, 5


def pile_badge_rect(card: pygame.Rect, face_up: bool) -> pygame.Rect:
    """The count badge on a pile's top card: at the foot of a face-up card, where its faces keep
    no words (`pile_foot`), at the head of a face-down one, clear of the back's pentacle and its
    "ALEPH NULL"."""
    badge = pygame.Rect(0, 0, BADGE_W, BADGE_H)
    if face_up:
        badge.midbottom = (card.centerx, card.bottom - BADGE_LIFT)
    else:
        badge.midtop = (card.centerx, card.top + 8)
    return badge


def keep_pile_feet_clear(renderer, rects):
    """The renderer, its faces at a pile's width leaving room at their foot for the count badge."""
    card = pile_card_rect(rects["discard"])
    renderer.keep_foot_clear(card.w, pile_foot(card))
    return renderer


def pile_foot(card: pygame.Rect) -> int:
    """Pixels at the foot of a pile's face (inside its frame) that the badge covers, and a gap."""
    frame = round(7 * card.w / 200)
    return BADGE_H + BADGE_LIFT + 3 - frame


def draw_pile(surface, fonts, renderer, rect, title: str, cards, face_up: bool, glow: float,
              hint: str) -> None:
    """A pile: its top card (or back), the title and the count, and what a click does."""
    card = pile_card_rect(rect)
    blit_text(surface, pile_title_font(fonts, rect.w), title, theme.TEXT, (rect.centerx, rect.y), "midtop")
    if cards:
        if len(cards) > 1:  # the edge of the cards beneath
            pygame.draw.rect(surface, theme.INK, card.move(4, 4), border_radius=8)
            pygame.draw.rect(surface, theme.PANEL_EDGE, card.move(4, 4), 1, border_radius=8)
        image = renderer.face(cards[-1].card_id, card.w) if face_up else renderer.back(card.w)
        surface.blit(image, card)
    else:
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 2, border_radius=8)
        blit_text(surface, fonts.get("italic", 18), _("empty"), theme.TEXT_DIM, card.center, "center")
    badge = pile_badge_rect(card, face_up)
    pygame.draw.rect(surface, theme.INK, badge, border_radius=10)
    pygame.draw.rect(surface, theme.GOLD, badge, 2, border_radius=10)
    blit_text(surface, fonts.get("bold", 22), str(len(cards)), theme.PARCHMENT, badge.center, "center")
    if glow:
        pygame.draw.rect(surface, theme.GLOW_LEGAL, rect.inflate(10, 10), 4, border_radius=12)
    if hint:
        blit_text(surface, fitted(fonts, "italic", hint, rect.w + 16, HINT_SIZE), hint, theme.TEXT_DIM,
                  (rect.centerx, rect.bottom + 2), "midtop")


SET_ASIDE_CAPTION_H = 38  # the caption lives in the gap under the pile, above the keys panel
TEXT_MIN = 16  # px at the 1920×1080 layout (14 px at the default window): the table's smallest words
HINT_SIZE = TEXT_MIN  # "click to look" under a pile


def set_aside_caption(game, circle_id: str) -> list[str]:
    """Up to two short lines: the levels waiting ("levels 2×I, II": the pile's title already says
    they are interference) and when the next arrives."""
    cards = game.zone("set_aside")
    if not cards:
        return [_("no interference left")]
    counts: dict[int, int] = {}
    for c in cards:
        level = game.cards[c.card_id].level
        counts[level] = counts.get(level, 0) + 1
    # levels in roman numerals, as the cards and the Grimoire give them
    levels = ", ".join(f"{n}×{ROMAN.get(lvl, lvl)}" if n > 1 else str(ROMAN.get(lvl, lvl))
                       for lvl, n in sorted(counts.items()))
    arrivals = circles()[circle_id].arrivals if circle_id in circles() else {}
    upcoming = [h for h in sorted(arrivals) if h > game.hour]
    lines = [ngettext("level {levels}", "levels {levels}", len(counts)).format(levels=levels)]
    if upcoming:
        lines.append(_("next at Hour {hour}").format(hour=ROMAN[upcoming[0]]))
    return lines


def set_aside_caption_area(rect: pygame.Rect) -> pygame.Rect:
    """Where the set-aside pile's caption may draw: under the pile, a little wider than it."""
    return pygame.Rect(rect.x - 6, rect.bottom + 1, rect.w + 12, SET_ASIDE_CAPTION_H)


def draw_set_aside(surface, fonts, renderer, rect, game, circle_id: str) -> pygame.Rect:
    """The set-aside pile, face down, and its caption under it; returns the caption's rectangle."""
    draw_pile(surface, fonts, renderer, rect, _("Set aside"), game.zone("set_aside"), False, 0, "")
    lines = set_aside_caption(game, circle_id)
    area = set_aside_caption_area(rect)
    if len(lines) == 1:  # a long single line ("keine Beeinträchtigung mehr") may take both lines
        two = _balanced(fonts.get("italic", TEXT_MIN), lines[0], area.w)
        lines = two if len(two) == 2 else lines
    line_h = area.h // max(1, len(lines))
    drawn = pygame.Rect(area.centerx, area.y, 0, 0)
    for i, line in enumerate(lines):  # each line fitted to the width: never wrapped onto a third
        size = TEXT_MIN  # smaller only where the player's UI scale leaves no room
        while size > 10 and (fonts.get("italic", size).size(line)[0] > area.w or
                             fonts.get("italic", size).get_linesize() > line_h):
            size -= 1
        font = fonts.get("italic", size)
        image = blit_text(surface, font, line, theme.TEXT_DIM, (area.centerx, area.y + i * line_h), "midtop")
        drawn.union_ip(image)
    return drawn


def keys_rows(fonts, width: int, size: int) -> list[tuple[str, list[str]]]:
    """The keys panel's rows at a size: each key with its words, wrapped under themselves (a
    hanging indent after the key) where they are wider than the panel."""
    key_font, text_font = fonts.get("bold", size), fonts.get("body", size)
    rows = []
    from aleph_null_desktop.ui.widgets.button import keyboard_name

    pad = prompts.pad_in_use()
    for key, what in (PAD_HELP if pad else KEYS_HELP):
        if pad:
            name = " / ".join(prompts.pad_name(_(k)) for k in key.split(" / "))
        else:  # a key the player moved (Settings → Keys) is named as moved
            moved = prompts.moved_key(key)
            name = keyboard_name(moved) if moved else _(key)
        words = _(what) if not pad else _(what).replace("Start", prompts.pad_name("Start"))
        indent = key_font.size(name)[0] + 8
        rows.append((name, _key_words(text_font, words, width - indent)))
    return rows


def _key_words(font, text: str, width: int) -> list[str]:
    """A key's words in lines: a line for each "·" part when that takes no more lines than
    wrapping the whole, each part's lines balanced (no word left alone on the last)."""
    whole = _balanced(font, text, width)
    if len(whole) == 1:
        return whole
    parts = [line for part in text.split(" · ") for line in _balanced(font, part, width)]
    return parts if len(parts) <= len(whole) else whole


def _balanced(font, text: str, width: int) -> list[str]:
    """`wrap`, into as few lines, in the narrowest width that needs no more of them."""
    lines = wrap(font, text, width)
    low, high = 1, width
    while low < high:
        mid = (low + high) // 2
        if len(wrap(font, text, mid)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    return wrap(font, text, high)


def draw_keys(surface, fonts, rect) -> pygame.Rect:
    """The keys and what they do, as large as the panel allows (16 px at the player's default UI
    scale); returns the rectangle the words cover."""
    panel(surface, rect)
    inner = rect.inflate(-24, -12)
    for size in range(TEXT_MIN, 8, -1):
        rows = keys_rows(fonts, inner.w, size)
        key_font, text_font = fonts.get("bold", size), fonts.get("body", size)
        line_h = text_font.get_linesize()
        lines = sum(len(what) for _key, what in rows)
        widest = max(key_font.size(key)[0] + 8 + max(text_font.size(line)[0] for line in what)
                     for key, what in rows)
        if lines * line_h <= inner.h and widest <= inner.w:
            break
    gap = max(0, min(6, (inner.h - lines * line_h) // max(1, len(rows) - 1)))
    y = inner.y + max(0, inner.h - lines * line_h - gap * (len(rows) - 1)) // 2
    drawn = pygame.Rect(inner.x, y, 0, 0)
    for key, what in rows:
        k = blit_text(surface, key_font, key, theme.GOLD, (inner.x, y))
        drawn.union_ip(k)
        for line in what:
            drawn.union_ip(blit_text(surface, text_font, line, theme.TEXT_DIM, (k.right + 8, y)))
            y += line_h
        y += gap
    return drawn


def draw_prompt(surface, fonts, rect, text: str, warn: bool, question: bool, reserve: int = 0) -> None:
    """The bar between play and hand: a question, a warning or a hint. `reserve`: room kept free at
    the right (for a "Choose none" button). Long text goes onto two smaller lines, never past the bar."""
    if not text:
        return
    colour = theme.WARN if warn else (theme.GOLD if question else theme.TEXT)
    if question or warn:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=10)
    icon = "damage" if warn else ("eye" if question else "")
    x = rect.x + 16
    if icon:
        draw_icon(surface, icon, pygame.Rect(x, rect.y + 12, 32, 32), colour)
        x += 44
    width = rect.right - x - 12 - reserve
    font = fit_font(fonts, "body", text, width, 24, 17)
    if font.size(text)[0] <= width:
        blit_text(surface, font, text, colour, (x, rect.centery), "midleft")
        return
    for size in range(17, 12, -1):  # two lines
        font = fonts.get("body", size)
        lines = wrap(font, text, width)
        if len(lines) <= 2 and 2 * font.get_linesize() <= rect.h - 4:
            break
    lines = wrap(font, text, width)
    if len(lines) > 2:
        lines = lines[:2]
        while lines[1] and font.size(lines[1] + "…")[0] > width:
            lines[1] = lines[1][:-1]
        lines[1] = lines[1].rstrip() + "…"
    y = rect.centery - len(lines) * font.get_linesize() // 2
    for line in lines:
        blit_text(surface, font, line, colour, (x, y))
        y += font.get_linesize()
