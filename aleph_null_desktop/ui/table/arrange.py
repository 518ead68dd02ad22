"""Where each card of the hand and of play sits inside its zone rectangle."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import style, theme

HAND_CARD_W = 240  # wide enough for every card's words at 16 px (card_renderer.MIN_TEXT)
PLAY_CARD_W = 240
GAP = 10
PLAY_TITLE_ROOM = 22  # the play zone's title ("In play") at its top left stays clear of the cards
PLAY_WORDS_W = 156  # cards in play at least this wide keep their rules words (every printed card, both languages: the text form, card_renderer)
PLAY_ROWS_KEPT = 2  # the play zone never gets so low that two rows of such cards no longer fit
SQUEEZE = 0.12  # of a card in play's width, at most, under its right neighbour when a row holds one card more
HOVER_LIFT = 26  # the card under the mouse rises out of the hand this much


def _card_h(width: float) -> float:
    return round(width * theme.CARD_RATIO)


HAND_SIDE_BY_SIDE = 3  # hands of up to this many cards lie side by side at the largest size (more: as wide as the zone lets them)


def hand_card_width(area_w: float) -> int:
    """The largest a hand card grows at the UI scale: its size at the scale, no wider than lets a
    hand of HAND_SIDE_BY_SIDE cards lie side by side (never below the size at 100 %)."""
    room = int((area_w - (HAND_SIDE_BY_SIDE - 1) * GAP) // HAND_SIDE_BY_SIDE)
    return max(min(HAND_CARD_W, style.scaled(HAND_CARD_W)), min(style.scaled(HAND_CARD_W), room))


def hand_title_room() -> int:
    """Above the hand's cards: its title ("Hand (5 of 5)") and room for a ring around one card."""
    return 14 + style.scaled(22)


def hand_zone_height(area_w: float) -> int:
    """How tall the hand's zone must be for its largest cards at the UI scale, under its title."""
    return hand_title_room() + _card_h(hand_card_width(area_w)) + 2


def fitted_to_scale(layout):
    """The table's layout at the UI scale: the hand's zone as tall as its cards, as far as the play
    zone above keeps PLAY_ROWS_KEPT rows of cards that keep their words (PLAY_WORDS_W)."""
    play = layout.rect("play")
    spare = play.h - (PLAY_ROWS_KEPT * _card_h(PLAY_WORDS_W) + (PLAY_ROWS_KEPT + 1) * GAP + PLAY_TITLE_ROOM)
    hand = layout.rect("hand")
    return layout.with_hand_height(min(hand_zone_height(hand.w), hand.h + max(0, spare)))


def zone_rects(layout) -> dict[str, pygame.Rect]:
    """The layout's zones as pygame rectangles (`app.layout`: at the UI scale)."""
    return {name: pygame.Rect(round(z.rect.x), round(z.rect.y), round(z.rect.w), round(z.rect.h))
            for name, z in layout.zones.items()}


def hand_slots(area: pygame.Rect, count: int, card_w: int | None = None) -> list[pygame.FRect]:
    """One row, centred; cards overlap when the row is too wide for the zone. Cards are as wide
    as the UI scale makes them (`hand_card_width`): smaller for a hand that would not lie side by
    side at that size, and no taller than the zone holds."""
    if count == 0:
        return []
    if card_w is None:
        room = (area.w - (count - 1) * GAP) // count
        tall = int((area.h - hand_title_room() + 6) / theme.CARD_RATIO)
        card_w = min(max(min(HAND_CARD_W, style.scaled(HAND_CARD_W)), min(hand_card_width(area.w), room)),
                     max(tall, min(HAND_CARD_W, style.scaled(HAND_CARD_W))))
    h = _card_h(card_w)
    step = card_w + GAP
    if count > 1 and count * card_w + (count - 1) * GAP > area.w:
        step = (area.w - card_w) / (count - 1)
    width = card_w + step * (count - 1)
    x0 = area.centerx - width / 2
    y = min(max(area.y + (area.h - h) / 2 + 10, area.y + hand_title_room()), area.bottom - h + 6)
    return [pygame.FRect(x0 + i * step, y, card_w, h) for i in range(count)]


TIGHT_GAP = 4  # between cards in play when that lets them be larger in a crowded play zone


def _grid_width(inner: pygame.Rect, count: int, card_w: int, gap: int) -> int:
    """The largest card width, from `card_w` down in 2 px steps, at which `count` cards fit the
    area in rows `gap` apart (90 px at least)."""
    w = card_w
    while w > 90:
        cols = max(1, int((inner.w + gap) // (w + gap)))
        rows = -(-count // cols)
        if rows * _card_h(w) + (rows - 1) * gap <= inner.h:
            break
        w -= 2
    return w


def play_slots(area: pygame.Rect, count: int, card_w: int | None = None, title_room: int = 0) -> list[pygame.FRect]:
    """A grid of rows, shrinking the cards (from their size at the UI scale) until everything
    fits inside the zone, below `title_room` pixels kept free at its top. The cards in play (no
    `card_w` given) are never narrower than PLAY_WORDS_W, where they keep their words: a crowded
    zone then lets each card lie a little over its left neighbour's margin (SQUEEZE), or each row
    over the foot of the row above, where a card's text form has its words at its top."""
    if count == 0:
        return []
    in_play = card_w is None
    card_w = style.scaled(PLAY_CARD_W) if card_w is None else card_w
    inner = area.inflate(-2 * GAP, -2 * GAP)
    inner.y, inner.h = inner.y + title_room, inner.h - title_room
    w, gap = _grid_width(inner, count, card_w, GAP), GAP
    if w < PLAY_WORDS_W:  # crowded: closer together when that makes the cards larger (to keep their words)
        w, gap = max((w, gap), (_grid_width(inner, count, card_w, TIGHT_GAP), TIGHT_GAP))
    if w < PLAY_WORDS_W and in_play and inner.w >= PLAY_WORDS_W and inner.h >= _card_h(PLAY_WORDS_W):
        return _overlapping_slots(inner, count, PLAY_WORDS_W, TIGHT_GAP)
    h = _card_h(w)
    cols = max(1, int((inner.w + gap) // (w + gap)))
    return _rows(inner, count, w, cols, w + gap, h + gap)


def _rows(inner: pygame.Rect, count: int, w: float, cols: int, step_x: float, step_y: float,
          columns: bool = False) -> list[pygame.FRect]:
    """`count` cards `w` wide in rows of `cols`, each row centred (`columns`: the last row, too,
    in the columns of the full rows above), `step_x` and `step_y` apart."""
    h = _card_h(w)
    slots = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = cols if columns else min(cols, count - row * cols)
        x0 = inner.centerx - (w + step_x * (in_row - 1)) / 2
        slots.append(pygame.FRect(x0 + col * step_x, inner.y + row * step_y, w, h))
    return slots


def _overlapping_slots(inner: pygame.Rect, count: int, w: int, gap: int) -> list[pygame.FRect]:
    """More cards than fit side by side at width `w`: as many rows as fit, a card lying over its
    left neighbour's margin (no more than SQUEEZE of it) when that holds them all; otherwise rows
    as full as fit so, each over the foot of the row above, evenly down the zone (later cards are
    drawn over earlier ones)."""
    h = _card_h(w)
    cols = max(1, int((inner.w + gap) // (w + gap)))
    rows = max(1, int((inner.h + gap) // (h + gap)))
    per_row = -(-count // rows)
    step_x = (inner.w - w) / (per_row - 1) if per_row > 1 else w + gap
    if step_x >= w * (1 - SQUEEZE):
        return _rows(inner, count, w, per_row, min(step_x, w + gap), h + gap)
    cols = max(cols, int((inner.w - w) // (w * (1 - SQUEEZE))) + 1)
    step_x = min(w + gap, (inner.w - w) / (cols - 1)) if cols > 1 else w + gap
    rows = -(-count // cols)
    step_y = (inner.h - h) / (rows - 1) if rows > 1 else h + gap
    return _rows(inner, count, w, cols, step_x, min(step_y, h + gap), columns=True)
