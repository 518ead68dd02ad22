"""Where the cards drawn this frame cover the table wholly: the opaque body of each face.

A frame drawn only where things moved copies the board's cached picture back under what moved,
then draws the cards over it; under a card's body that copy would be painted over at once, so it
is left out. A face drawn at its own width (not scaled to an in-between size) is opaque but for its
four rounded corners (ui.render.card_renderer.corner_radius): its body is its rows between them."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.render.card_renderer import card_size, corner_radius

MARGIN = 1  # px kept out of a body on each side (where a fractional rect is blitted: its whole-pixel rect)


def opaque_bodies(steps, renderer) -> list[pygame.Rect]:
    """The bodies of the "card" drawing steps (ui.table.painting.card_looks) whose face is drawn
    at its own width, from the face cache, with nothing under it showing through."""
    bodies = []
    for step in steps:
        if step[0] != "card":
            continue
        _kind, _uid, card_id, base_width, in_play, rect, *_rest, stand_in, _region = step
        size = (round(rect[2]), round(rect[3]))
        if size != card_size(base_width) or stand_in is not None or not renderer.cached(card_id, base_width, in_play):
            continue  # (an in-between size, or a stand-in's face: its corners are not known here)
        inset = corner_radius(base_width) + MARGIN
        body = pygame.Rect(rect[0], rect[1], *size).inflate(-2 * MARGIN, -2 * inset)
        if body.w > 0 and body.h > 0:
            bodies.append(body)
    return bodies
