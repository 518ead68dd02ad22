"""A card face blitted as what it is: an opaque body between rounded corners.

A face is drawn with per-pixel alpha, yet only its four corner squares are not wholly opaque
(card_renderer.corner_radius). Blending every pixel costs about three times a plain copy, and the
table blits a dozen faces a frame while its cards move. So a face's pixels live in an opaque
picture of the screen's format, and the face is a second Surface over the same pixels, with
per-pixel alpha (pygame.image.frombuffer: nothing is copied, the face keeps the picture alive).
`blit` copies the rows between the corners from the opaque picture and blends only the rows of the
corners: pixel for pixel what blitting the face does, over any background."""

from __future__ import annotations

import weakref

import pygame

ALIASED_MASKS = (0xFF0000, 0xFF00, 0xFF)  # an opaque picture whose pixels read as "BGRA" bytes with the alpha on top

_bodies: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # face -> (its opaque picture, its corners' side)


def new_face(size: tuple[int, int], corner: int) -> pygame.Surface:
    """A clear Surface with per-pixel alpha for a face `size` whose pixels outside its four corner
    squares of side `corner` will all be opaque; over an opaque picture when the screen's format
    allows it (else a plain one, blitted as any)."""
    display = pygame.display.get_surface()
    body = pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size, 0, 32)
    if body.get_bytesize() != 4 or body.get_masks()[:3] != ALIASED_MASKS or body.get_pitch() != 4 * size[0]:
        return pygame.Surface(size, pygame.SRCALPHA)
    face = pygame.image.frombuffer(body.get_view("1"), size, "BGRA")
    if face.get_masks() != (*ALIASED_MASKS, 0xFF000000):  # (bytes in another order: a big-endian machine)
        return pygame.Surface(size, pygame.SRCALPHA)
    face.fill((0, 0, 0, 0))
    _bodies[face] = (body, corner)
    return face


def has_body(face: pygame.Surface) -> bool:
    return face in _bodies


def blit(surface: pygame.Surface, face: pygame.Surface, pos) -> None:
    """`surface.blit(face, pos)`, its opaque rows copied (`pos` as blit takes it: a point or a rect)."""
    entry = _bodies.get(face)
    if entry is None:
        surface.blit(face, pos)
        return
    body, corner = entry
    x, y = int(pos[0]), int(pos[1])  # (blit truncates a fractional position the same way)
    w, h = face.get_size()
    if h <= 2 * corner:
        surface.blit(face, (x, y))
        return
    surface.blit(face, (x, y), (0, 0, w, corner))
    surface.blit(body, (x, y + corner), (0, corner, w, h - 2 * corner))
    surface.blit(face, (x, y + h - corner), (0, h - corner, w, corner))
