"""The engine's random numbers, the same on every machine, OS and Python version (the standard
library promises a stable sequence only for `random.random()`, not for `getrandbits` or
`shuffle`): SHAKE-128 (hashlib, guaranteed everywhere) of a 64-bit counter.

A shuffle takes one SHAKE-128 output of 4 bytes a card (little-endian 32-bit words w) and runs
Fisher-Yates with j = w·(i+1) >> 32 (bias below 40/2³², nothing a deal can show), then moves the
counter on by one: one call into C a shuffle, about as fast as random.Random.shuffle. A seed
starts the counter at SplitMix64's mix of it, so nearby seeds use far-apart counters.

Rituals saved before this generator existed were dealt by `random.Random` (MT19937); they carry
no "generator" option and are resumed with it (`GENERATORS["mt19937"]`)."""

from __future__ import annotations

import hashlib
import random
import struct

_MASK = (1 << 64) - 1
DEFAULT_GENERATOR = "shake128"


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a seed spread over 64 bits."""
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_UNPACKERS: dict[int, object] = {}  # n -> the unpacking of n little-endian 32-bit words


class Shake128Counter:
    """`shuffle(items)`, `getrandbits(k)` (1 <= k <= 64), `getstate()`/`setstate()` (one integer,
    JSON-safe) and `seed(n)`: all the engine asks of a generator."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        self.seed(seed)

    def seed(self, n: int) -> None:
        self._state = _mix(int(n) & _MASK)

    def _block(self, size: int) -> bytes:
        data = hashlib.shake_128(self._state.to_bytes(8, "little")).digest(size)
        self._state = (self._state + 1) & _MASK
        return data

    def shuffle(self, items: list) -> None:
        n = len(items)
        if n < 2:
            return
        unpack = _UNPACKERS.get(n)
        if unpack is None:
            unpack = _UNPACKERS[n] = struct.Struct(f"<{n}I").unpack
        words = unpack(self._block(4 * n))
        for i in range(n - 1, 0, -1):
            j = (words[i] * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]

    def skip_shuffle(self, n: int) -> None:
        """Moves on as `shuffle` of `n` items does, without the work."""
        if n >= 2:
            self._state = (self._state + 1) & _MASK

    def getrandbits(self, k: int) -> int:
        if not 1 <= k <= 64:
            raise ValueError(f"getrandbits({k}): 1 to 64 bits")
        return int.from_bytes(self._block(8), "little") >> (64 - k)

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        self._state = int(state) & _MASK


GENERATORS = {"shake128": Shake128Counter, "mt19937": random.Random}


def make_generator(name: str, seed: int):
    if name not in GENERATORS:
        raise ValueError(f"unknown random generator {name!r}; known: {', '.join(GENERATORS)}")
    return GENERATORS[name](seed)
