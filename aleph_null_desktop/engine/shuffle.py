"""The engine's shuffle: Fisher-Yates, each index drawn by rejection from `getrandbits` (as
`random.Random.shuffle` does today), written out so it costs fewer calls, and so that with the
engine's own generator (engine.deal_rng) a seed deals the same cards whatever Python's `random`
module does in later versions."""

from __future__ import annotations


def shuffle(rng, items: list) -> None:
    """`rng`: anything with `getrandbits(k)` (deal_rng.SplitMix64, or random.Random for older saves)."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
