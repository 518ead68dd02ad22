"""One interference-pool rule (R3.1): the setup and the hidden re-deal of a determinized copy
(what hints imagine) set aside from the same cards."""

import random

from aleph_null_desktop.engine import new_game

POOL = {2: ["akhtoi", "hymns_of_devotion", "father_domenico"]}  # a caller's exact level-2 pool


def test_r3_1_eternal_light_is_not_added_to_a_pool_the_caller_gave():
    for seed in range(20):
        g = new_game(seed=seed, circle="magus", eternal_light=True, interference_pool=POOL)
        level_2 = [i.card_id for i in g.zone("set_aside") if g.cards[i.card_id].level == 2]
        assert len(level_2) == 2 and set(level_2) <= set(POOL[2])


def test_r3_1_a_determinized_copy_deals_only_cards_the_setup_could_hold():
    g = new_game(seed=3, circle="magus", eternal_light=True, interference_pool=POOL)
    rng = random.Random(1)
    for _ in range(60):
        copy = g.determinized(rng)
        level_2 = [i.card_id for i in copy.zone("set_aside") if copy.cards[i.card_id].level == 2]
        assert set(level_2) <= set(POOL[2]), level_2


def test_r3_1_eternal_light_joins_the_printed_level_2_pool_when_chosen():
    seen = set()
    for seed in range(40):
        g = new_game(seed=seed, circle="magus", eternal_light=True)
        seen |= {i.card_id for i in g.zone("set_aside")}
    assert "eternal_light" in seen
