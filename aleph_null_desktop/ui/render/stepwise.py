"""Work drawn a step at a time: a generator that yields between steps and returns its result."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def finish(steps: Generator[object, None, T]) -> T:
    """Takes every step left and returns what the work made."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
