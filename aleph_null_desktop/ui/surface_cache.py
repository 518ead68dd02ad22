"""A bounded cache of drawn images: least recently used entries go once the bytes exceed a budget."""

from __future__ import annotations

import dataclasses

import pygame


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
    """A dict-like cache: `get` and `in` refresh an entry; adding one past `budget` bytes drops the
    least recently used entries (never the one just added)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._entries: dict = {}  # key -> (value, bytes); insertion order is recency
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __getitem__(self, key):
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def get(self, key, default=None):
        entry = self._entries.pop(key, None)
        if entry is None:
            return default
        self._entries[key] = entry
        return entry[0]

    def __setitem__(self, key, value) -> None:
        self.put(key, value)

    def put(self, key, value, nbytes: int | None = None) -> None:
        """Adds an entry; `nbytes` when part of the value is counted elsewhere (an image it was
        made from, kept only to check it is still the same)."""
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        size = surface_bytes(value) if nbytes is None else nbytes
        self._entries[key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget and len(self._entries) > 1:
            oldest = next(iter(self._entries))
            self.bytes -= self._entries.pop(oldest)[1]
            self.evictions += 1

    def values(self):
        return [value for value, _ in self._entries.values()]

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0
