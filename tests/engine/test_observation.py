"""The public observation API: what a player may see, and determinized copies for search."""

import random

import pytest
from engine_helpers import game

from aleph_null_desktop.engine import Summon, new_game


def _with_hidden_reordered(g, seed):
    """The same position with another deck order, reached only through public API: a determinized
    copy is a legal way to get one."""
    return g.determinized(random.Random(seed))


def test_observation_shows_open_zones_and_the_deck_as_a_multiset_only():
    g = new_game(seed=4, circle="master")
    obs = g.observe()
    assert obs.hand == tuple(g.zone("hand")) and obs.play == ()
    assert obs.deck_size == len(g.zone("deck")) == 23
    assert obs.deck_cards == tuple(sorted(i.card_id for i in g.zone("deck")))
    # R3.1: the set-aside pile shows its levels only, lowest first
    assert list(obs.set_aside_levels) == sorted(obs.set_aside_levels)
    assert len(obs.set_aside_levels) == len(g.zone("set_aside"))
    assert (obs.hour, obs.damage, obs.power, obs.tokens, obs.turn) == (1, 0, 0, 0, 1)
    assert obs.zone("hand") == obs.hand


def test_positions_that_differ_only_in_hidden_order_look_the_same():
    g = new_game(seed=5, circle="master")
    other = _with_hidden_reordered(g, 1)
    assert [i.uid for i in g.zone("deck")] != [i.uid for i in other.zone("deck")]
    assert g.public_key() == other.public_key() == g.observe().key


def test_identical_copies_of_a_card_make_the_same_key():
    # two Wax Candles: which one is in hand and which in play is invisible to the key
    a = game(hand=["wax_candle", "wax_candle", "incense"], deck=["bell"])
    b = a.clone()
    first, second = (i.uid for i in a.zone("hand")[:2])
    a.apply(Summon(first))
    b.apply(Summon(second))
    assert a.zone("play")[0].uid != b.zone("play")[0].uid
    assert a.public_key() == b.public_key()


def test_determinized_copy_depends_only_on_what_the_player_sees():
    g = new_game(seed=8, circle="prince")
    other = _with_hidden_reordered(g, 77)
    a = g.determinized(random.Random(3))
    b = other.determinized(random.Random(3))
    assert [i.uid for i in a.zone("deck")] == [i.uid for i in b.zone("deck")]
    assert [i.card_id for i in a.zone("set_aside")] == [i.card_id for i in b.zone("set_aside")]
    assert a.public_key() == g.public_key()
    assert a.observe().set_aside_levels == g.observe().set_aside_levels


def test_determinized_copy_leaves_the_game_alone_and_varies_with_the_generator():
    g = new_game(seed=9, circle="prince")
    before = g.to_dict()
    decks = {tuple(i.uid for i in g.determinized(random.Random(s)).zone("deck")) for s in range(6)}
    assert len(decks) > 1
    assert g.to_dict() == before
    # set-aside identities are re-dealt from the unseen cards of each level
    seen = {i.card_id for z in ("deck", "hand", "play", "discard", "sacrificed") for i in g.zone(z)}
    for s in range(6):
        for inst in g.determinized(random.Random(s)).zone("set_aside"):
            assert inst.card_id not in seen and g.cards[inst.card_id].is_interference


def test_determinized_copy_plays_on_without_touching_the_original():
    g = new_game(seed=10)
    c = g.determinized(random.Random(1))
    while c.outcome is None and c.turn < 4:
        c.apply(c.legal_commands()[-1])
    assert g.turn == 1 and c.turn >= 2


def test_public_turn_flags():
    g = game(hand=["wax_candle", "church_bells"], deck=["bell"] * 0 + ["incense"])
    assert (g.summons_this_turn, g.summoned_any, g.sacrificed_this_turn) == (0, False, False)
    from engine_helpers import summon

    summon(g, "church_bells")  # interference: summoned, not counted against a limit
    assert (g.summons_this_turn, g.summoned_any) == (0, True)
    assert g.zone_size("play") == 1


def test_determinized_copy_can_deal_a_chosen_card_on_top():
    g = new_game(seed=9, circle="prince")
    deck = sorted(i.card_id for i in g.zone("deck"))
    for card_id in set(deck):
        c = g.determinized(random.Random(4), top=card_id)
        assert c.zone("deck")[0].card_id == card_id
        assert sorted(i.card_id for i in c.zone("deck")) == deck  # the same cards, another order
        assert c.public_key() == g.public_key()
    plain = [i.uid for i in g.determinized(random.Random(4)).zone("deck")]
    moved = [i.uid for i in g.determinized(random.Random(4), top=deck[0]).zone("deck")]
    first = next(u for u in plain if g.card(u).card_id == deck[0])
    assert moved == [first] + [u for u in plain if u != first]  # only that card moves up
    with pytest.raises(ValueError):
        g.determinized(random.Random(4), top="no_such_card")
