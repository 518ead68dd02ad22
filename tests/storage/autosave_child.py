"""Run by test_autosave_writer.py: plays random rituals as fast as it can, saving after every
move through the AutosaveWriter, and prints `<seed> <moves>` once each save has been handed over (`<seed> finished` once a finished
ritual's result is handed over to be recorded and its autosave removed).
The test kills it (SIGKILL) at a random moment."""

import random
import sys

from aleph_null_desktop import storage
from aleph_null_desktop.engine import new_game


def main(rng_seed: int) -> None:
    # No cap on the wait: what is under test is the order of writes, not how fast a loaded machine's
    # disk is (the game caps the wait so a slow disk never freezes a frame).
    writer = storage.AutosaveWriter(wait=60)
    print("ready", writer.removed_temporaries, flush=True)
    rng = random.Random(rng_seed)
    while True:
        seed = rng.randrange(1, 2**31)
        game = new_game(seed=seed, circle=rng.choice(["adept", "magus"]))
        storage.ritual_id(game)
        while game.outcome is None:
            game.apply(rng.choice(game.legal_commands()))
            if game.outcome is None:
                writer.save(storage.record_from_game(game))
                print(seed, len(game.history), flush=True)
        o = game.outcome
        writer.finish({"circle": game.circle, "won": o.won, "score": o.score, "rank": o.rank, "reason": o.reason,
                       "hour": game.hour, "turns": game.turn, "ritual": storage.ritual_id(game)})
        print(seed, "finished", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
