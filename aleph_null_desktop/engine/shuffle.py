"""The engine's shuffle: exactly `random.Random.shuffle` (Fisher-Yates with `_randbelow` by
rejection from `getrandbits`), written out so it costs fewer calls, and so that a seed deals the
same cards whatever Python's `random` module does in later versions."""

from __future__ import annotations

import random


def shuffle(rng: random.Random, items: list) -> None:
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
