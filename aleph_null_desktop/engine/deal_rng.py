"""The engine's random numbers: SplitMix64, written out in integer arithmetic, so that a seed
deals the same cards on every machine, OS and Python version (the standard library promises a
stable sequence only for `random.random()`, not for `getrandbits` or `shuffle`).

Rituals saved before this generator existed were dealt by `random.Random` (MT19937); they carry
no "generator" option and are resumed with it (`GENERATORS["mt19937"]`)."""

from __future__ import annotations

import random

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
DEFAULT_GENERATOR = "splitmix64"


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class SplitMix64:
    """`getrandbits(k)` for 1 <= k <= 64 (the top k bits of the next output), `getstate()`/
    `setstate()` (one integer, JSON-safe) and `seed(n)`: all the engine asks of a generator."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        self.seed(seed)

    def seed(self, n: int) -> None:
        self._state = _mix(int(n) & _MASK)  # nearby seeds start far apart

    def getrandbits(self, k: int) -> int:
        if not 1 <= k <= 64:
            raise ValueError(f"getrandbits({k}): 1 to 64 bits")
        self._state = s = (self._state + _GAMMA) & _MASK
        return _mix(s) >> (64 - k)

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        self._state = int(state) & _MASK


GENERATORS = {"splitmix64": SplitMix64, "mt19937": random.Random}


def make_generator(name: str, seed: int):
    if name not in GENERATORS:
        raise ValueError(f"unknown random generator {name!r}; known: {', '.join(GENERATORS)}")
    return GENERATORS[name](seed)
