"""A writer's warnings, each said once per cause until a save works again: a full or read-only
disk is told once, not at every move or every changed setting."""

from __future__ import annotations

import threading
from typing import Any


class SaidOnce:
    def __init__(self) -> None:
        self._said: set[str] = set()
        self._lock = threading.Lock()

    def news(self, messages: list[Any]) -> list[Any]:
        """The messages of one save not said since the last save that worked; none means it worked."""
        with self._lock:
            if not messages:
                self._said.clear()  # the disk took it: a new refusal is news again
                return []
            fresh = []
            for message in messages:
                if repr(message) not in self._said:
                    self._said.add(repr(message))
                    fresh.append(message)
            return fresh
