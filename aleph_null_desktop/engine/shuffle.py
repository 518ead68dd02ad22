"""The engine's shuffle. With the engine's own generator (engine.deal_rng) a seed deals the same
cards whatever Python's `random` module does in later versions; a ritual saved before it is
shuffled as it was: Fisher-Yates with each index drawn by rejection from `getrandbits`, exactly
`random.Random.shuffle`, written out so it costs fewer calls."""

from __future__ import annotations

from aleph_null_desktop.engine.deal_rng import Shake128Counter


def shuffle(rng, items: list) -> None:
    """`rng`: a deal_rng.Shake128Counter, or random.Random for older saves."""
    if type(rng) is Shake128Counter:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def skip_shuffle(rng, n: int) -> None:
    """Moves `rng` on exactly as shuffling `n` items would, for a shuffle nobody looks at."""
    if type(rng) is Shake128Counter:
        rng.skip_shuffle(n)
    else:
        shuffle(rng, list(range(n)))
