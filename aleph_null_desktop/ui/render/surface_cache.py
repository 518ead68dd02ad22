"""A bounded cache of drawn images (or fonts): least recently used entries go once the bytes
exceed the budget ui.render.caches declares for the cache's name."""

from __future__ import annotations

import dataclasses

import pygame

from aleph_null_desktop.ui.render import caches


def surface_bytes(value) -> int:
    """Pixel bytes of every Surface in a value (a Surface, a tuple or list of them, a dataclass)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sum(surface_bytes(getattr(value, f.name)) for f in dataclasses.fields(value))
    return 0


class SurfaceCache:
    """A dict-like cache: `get` and `in` refresh an entry; adding one past the budget drops the
    least recently used entries, so `bytes` never exceeds `budget` (an entry larger than the
    whole budget is not kept at all: its user draws it again when it needs it). `name` is one of ui.render.caches.BUDGETS;
    `budget` overrides its bytes (tests); `on_evict(key, value)` hears of each entry the budget drops."""

    def __init__(self, name: str, budget: int | None = None, on_evict=None) -> None:
        self.name = name
        self.on_evict = on_evict  # told (key, value) of each entry the budget lets go
        self.budget = caches.budget(name) if budget is None else budget
        self.bytes = 0
        self._entries: dict = {}  # key -> (value, bytes); insertion order is recency
        self.evictions = 0
        caches.register(self)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __getitem__(self, key):
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def peek(self, key) -> bool:
        """Whether the key is cached, without counting as a use."""
        return key in self._entries

    def get(self, key, default=None):
        entry = self._entries.pop(key, None)
        if entry is None:
            return default
        self._entries[key] = entry
        return entry[0]

    def __setitem__(self, key, value) -> None:
        self.put(key, value)

    def put(self, key, value, nbytes: int | None = None) -> None:
        """Adds an entry; `nbytes` when its cost is not its Surfaces' pixels (a font), or when part
        of the value is counted elsewhere (an image it was made from, kept only to check it is
        still the same)."""
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        size = surface_bytes(value) if nbytes is None else nbytes
        if size > self.budget:
            self.evictions += 1
            return
        self._entries[key] = (value, size)
        self.bytes += size
        self._evict_down_to(self.budget)

    def make_room(self, nbytes: int) -> None:
        """Drops the least recently used entries until `nbytes` more fit in the budget (before a
        large entry is drawn: what it replaces is let go first, and `on_evict` may lend its images)."""
        self._evict_down_to(max(0, self.budget - nbytes))

    def _evict_down_to(self, limit: int) -> None:
        while self.bytes > limit and self._entries:
            oldest = next(iter(self._entries))
            value, size = self._entries.pop(oldest)
            self.bytes -= size
            self.evictions += 1
            if self.on_evict is not None:
                self.on_evict(oldest, value)

    def discard_where(self, unwanted) -> None:
        """Drops every entry whose key `unwanted(key)` is true."""
        for key in [key for key in self._entries if unwanted(key)]:
            self.bytes -= self._entries.pop(key)[1]

    def nbytes(self) -> int:
        return self.bytes

    def keys(self) -> list:
        """The keys, least recently used first (without counting as a use)."""
        return list(self._entries)

    def values(self):
        return [value for value, _ in self._entries.values()]

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0
