"""Cached layers: whole-screen pictures redrawn only when (and where) what they show has changed."""

from __future__ import annotations

from collections import Counter
from typing import Callable, Hashable, NamedTuple

import pygame


def screen_picture(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque picture in the screen's own pixel format (made so at once: a converted copy
    of a plain one would be a second 8 MB at 1080p, allocated and copied)."""
    display = pygame.display.get_surface()
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


class CachedLayer:
    """`blit(target, signature, paint)`: paints into its own surface when `signature` differs from
    the last one (the game, the layout, the settings, a hover…), then blits that surface."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.signature: Hashable = object()
        self.redraws = 0  # how often it was painted (the bench and tests watch it)

    def invalidate(self) -> None:
        self.signature = object()

    def blit(self, target: pygame.Surface, signature: Hashable, paint: Callable[[pygame.Surface], None]) -> None:
        if self.surface is None or self.surface.get_size() != target.get_size():
            self.surface = screen_picture(target.get_size())
            self.invalidate()
        if signature != self.signature:
            self.signature = signature
            self.redraws += 1
            paint(self.surface)
        target.blit(self.surface, (0, 0))


class Part(NamedTuple):
    """One panel of a `PanelLayer`: `paint` draws it, only ever inside `region`; `signature` is
    everything it shows (when it is the same as last frame, so is the panel)."""

    name: str
    region: pygame.Rect
    signature: Hashable
    paint: Callable[[pygame.Surface], None]


class PanelLayer:
    """A whole-screen picture made of parts over a background. `blit(target, signature, parts,
    background)` paints the whole picture when `signature` (the settings, the language, the look)
    differs from last time; else it paints again only where a part changed (its signature), moved
    or went: the background under such a region, then every part that reaches into it (in order,
    clipped to it, so a neighbour's edge is never lost)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.signature: Hashable = object()
        self.shown: dict[str, Hashable] = {}
        self.regions: dict[str, pygame.Rect] = {}  # where each part painted last
        self.redraws = 0  # frames in which anything of it was painted (the bench and tests watch it)
        self.changed: Counter[str] = Counter()  # parts painted because what they show changed
        self.painted: Counter[str] = Counter()  # parts painted at all (changed, or beside a change)
        self.hidden: list[pygame.Rect] = []  # regions out of date, left while a panel hid them (`update`)
        self._last: tuple = ((), None)  # (the parts, the background) of the last update

    def invalidate(self) -> None:
        self.signature = object()

    def release(self) -> None:
        """Lets the picture go (while nothing shows it); the next `update` paints it whole again."""
        self.surface = None
        self.shown, self.regions = {}, {}
        self.hidden, self._last = [], ((), None)
        self.invalidate()

    def update(self, size: tuple[int, int], signature: Hashable, parts: list[Part],
               background: pygame.Surface, dirty: list[pygame.Rect] = (),
               hide: pygame.Rect | None = None) -> list[pygame.Rect]:
        """Brings the picture up to date; `dirty`: regions to paint again whatever changed (where
        the background changed). `hide`: where an opaque panel hides the picture: what changed
        there is left (in `hidden`) for `paint_hidden` or a later update. Returns the regions painted."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = screen_picture(size)
            self.invalidate()
        surface = self.surface
        laid: set[str] = set()
        if signature != self.signature:
            self.signature = signature
            dirty = [surface.get_rect()]
            self.changed.update(p.name for p in parts)
        else:
            changed = [p for p in parts if self.shown.get(p.name, self) != p.signature]
            gone = [self.regions[name] for name in self.regions.keys() - {p.name for p in parts}]
            dirty = [*dirty, *gone, *(self.regions[p.name] for p in changed if p.name in self.regions)]
            if hide is None:
                laid = self._laid(parts, [p for p in changed if p.name not in self.regions], changed,
                                  [*dirty, *self.hidden])
            dirty = merged([*dirty, *(p.region for p in changed if p.name not in laid)])
            self.changed.update(p.name for p in changed)
        self.shown = {p.name: p.signature for p in parts}
        self.regions = {p.name: p.region for p in parts}
        self._last = (parts, background)
        if self.hidden:
            dirty, self.hidden = merged([*dirty, *self.hidden]), []
        if hide is not None:
            self.hidden = [region.clip(hide) for region in dirty if region.colliderect(hide)]
            dirty = [band for region in dirty for band in around(region, hide)]
        laid = [p for p in parts if p.name in laid]
        if not dirty and not laid:
            return []
        self.redraws += 1
        self._paint(dirty, parts, background)
        for part in laid:  # over the picture as it is: under them it is the fresh paint of the others
            surface.set_clip(part.region)
            part.paint(surface)
            self.painted[part.name] += 1
        surface.set_clip(None)
        return [*dirty, *(p.region for p in laid)]

    @staticmethod
    def _laid(parts: list[Part], new: list[Part], changed: list[Part], dirty: list[pygame.Rect]) -> set[str]:
        """The names of the `new` parts (not in the picture: a card come to rest) that may be painted
        alone over the picture as it is: none of the regions painted again (`dirty`, those of the
        other `changed` parts) reaches into theirs, nor a part after them that is not laid too."""
        regions = [p.region for p in parts]
        laid = {p.name for p in new}
        while True:
            keep = set()
            again = [*dirty, *(p.region for p in changed if p.name not in laid)]
            for i, part in enumerate(parts):
                if part.name in laid and part.region.collidelist(again) < 0 and all(
                        parts[j].name in laid for j in part.region.collidelistall(regions) if j > i):
                    keep.add(part.name)
            if keep == laid:
                return laid
            laid = keep

    def paint_hidden(self, more: Callable[[], bool]) -> list[pygame.Rect]:
        """Paints the regions left under a panel (`hidden`) one at a time while `more()` says the
        frame has time for another. Returns the regions painted."""
        painted = []
        parts, background = self._last
        while self.hidden and self.surface is not None and more():
            region = self.hidden.pop(0)
            self._paint([region], parts, background)
            painted.append(region)
        return painted

    def _paint(self, regions: list[pygame.Rect], parts: list[Part], background: pygame.Surface) -> None:
        surface = self.surface
        for region in regions:
            surface.set_clip(region)
            surface.blit(background, region, region)
            for part in parts:
                if part.region.colliderect(region):
                    part.paint(surface)
                    self.painted[part.name] += 1
        surface.set_clip(None)

    def blit(self, target: pygame.Surface, signature: Hashable, parts: list[Part],
             background: pygame.Surface, dirty: list[pygame.Rect] = ()) -> None:
        self.update(target.get_size(), signature, parts, background, dirty)
        target.blit(self.surface, (0, 0))


def untouched(groups: dict[str, list[pygame.Rect]], changed: set[str], restored: list[pygame.Rect]) -> set[str]:
    """The names of `groups` (each regions drawn over a cached picture every frame) that may be left
    on the screen as they are: not `changed`, and touching neither a region `restored` from the
    picture nor a group drawn again (which is restored first)."""
    again = set(changed)
    touched = list(restored) + [rect for name in again for rect in groups[name]]
    grew = True
    while grew:
        grew = False
        for name, rects in groups.items():
            if name not in again and any(rect.collidelist(touched) >= 0 for rect in rects):
                again.add(name)
                touched += rects
                grew = True
    return set(groups) - again


WASTE = 0.08  # two overlapping regions become the rectangle around them when it is at most this much larger than they are


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles, two that overlap joined into the rectangle around them when it covers
    little more than they do (until no two join): those left may overlap (copied or painted
    twice there, which is cheaper than the screen between them)."""
    def worth_joining(rect: pygame.Rect, other: pygame.Rect) -> bool:
        box, both = rect.union(other), rect.clip(other)
        return box.w * box.h <= (rect.w * rect.h + other.w * other.h - both.w * both.h) * (1 + WASTE)

    return _joined(rects, worth_joining)


def covering(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles, those that overlap joined into one (until none overlap): for what may be
    laid only once on each pixel (a translucent veil)."""
    return _joined(rects, lambda rect, other: True)


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The area the rectangles cover, as rectangles that do not overlap (for what may be laid only
    once on each pixel, as `covering`, without the screen between them): those that overlap much
    are joined first (`merged`), then each keeps only what those before it leave."""
    out: list[pygame.Rect] = []
    for rect in merged(rects):
        pieces = [rect]
        for i in rect.collidelistall(out):
            pieces = [band for piece in pieces for band in around(piece, out[i])]
        out += pieces
    return out


def _joined(rects: list[pygame.Rect], join) -> list[pygame.Rect]:
    """The rectangles, each two that overlap and `join(a, b)` replaced by the rectangle around them,
    until no two more join."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        joined = True
        while joined:
            joined = False
            for i in rect.collidelistall(out):  # (in order: the first that joins)
                if join(rect, out[i]):
                    rect = rect.union(out.pop(i))
                    joined = True
                    break
        out.append(rect)
    return out


def around(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`rect` but `hole`, in up to four bands (empty ones left out)."""
    rect = pygame.Rect(rect)
    if not rect.colliderect(hole):
        return [rect]
    hole = hole.clip(rect)
    bands = [pygame.Rect(rect.x, rect.y, rect.w, hole.top - rect.y),
             pygame.Rect(rect.x, hole.bottom, rect.w, rect.bottom - hole.bottom),
             pygame.Rect(rect.x, hole.top, hole.left - rect.x, hole.h),
             pygame.Rect(hole.right, hole.top, rect.right - hole.right, hole.h)]
    return [band for band in bands if band.w > 0 and band.h > 0]


def outside(rects: list[pygame.Rect], holes: list[pygame.Rect]) -> list[pygame.Rect]:
    """What of `rects` lies outside every one of `holes`, in bands (none empty)."""
    pieces = [pygame.Rect(rect) for rect in rects]
    for hole in holes:
        hit = hole.collidelistall(pieces)
        if hit:
            cut = [pieces[i] for i in hit]
            for i in reversed(hit):
                del pieces[i]
            pieces += [band for piece in cut for band in around(piece, hole)]
    return pieces


def paint_within(surface: pygame.Surface, rects: list[pygame.Rect], area: pygame.Rect,
                 paint: Callable[[pygame.Surface], object]) -> None:
    """`paint(surface)` clipped to each of `rects` that reaches `area` (what it paints lies there),
    within the surface's own clip."""
    clip = surface.get_clip()
    for rect in rects:
        if rect.colliderect(area):
            surface.set_clip(rect.clip(clip))
            paint(surface)
    surface.set_clip(clip)
