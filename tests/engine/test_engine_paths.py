"""The fast paths of the engine keep the rules: checked once, copied exactly, shuffled the same."""

import random

import pytest
from engine_helpers import game

from aleph_null_desktop.engine import EndTurn, IllegalCommand, Summon, new_game
from aleph_null_desktop.engine.shuffle import shuffle
from aleph_null_desktop.engine.model import ZONES


def test_engine_shuffle_deals_exactly_as_random_shuffle():
    for seed in range(50):
        for n in (0, 1, 2, 7, 28, 40):
            a, b = list(range(n)), list(range(n))
            r1, r2 = random.Random(seed), random.Random(seed)
            r1.shuffle(a)
            shuffle(r2, b)
            assert a == b and r1.getstate() == r2.getstate()


def test_a_command_from_legal_commands_is_not_checked_twice(monkeypatch):
    g = new_game(seed=2)
    calls = []
    real = type(g)._refusal
    monkeypatch.setattr(type(g), "_refusal", lambda self, cmd: calls.append(cmd) or real(self, cmd))
    g.apply(g.legal_commands()[0])
    assert calls == []
    offered = g.legal_commands()[0]
    by_hand = type(offered)(**vars(offered))  # equal, but not the object legal_commands gave
    g.apply(by_hand)
    assert calls == [by_hand]


def test_a_legal_command_is_checked_again_once_the_state_changed():
    g = game(hand=["golem", "golem"], power=3, deck=["boline"])
    assert g.summon_cost(g.zone("hand")[0].uid) == 3
    first, second = [c for c in g.legal_commands() if isinstance(c, Summon)]
    g.power = 2  # a caller changes a public field after asking
    with pytest.raises(IllegalCommand, match="costs 3 power"):
        g.apply(first)
    g.power = 3
    first, second = [c for c in g.legal_commands() if isinstance(c, Summon)]
    g.apply(first)
    with pytest.raises(IllegalCommand):  # asked before the first summon: no longer payable
        g.apply(second)
    with pytest.raises(IllegalCommand):  # and the summoned card is no longer in the hand
        g.apply(first)


def test_clone_continues_the_same_random_future_without_reseeding():
    g = new_game(seed=12)
    c = g.clone()
    assert c._rng.getstate() == g._rng.getstate()
    for game_ in (g, c):
        while game_.outcome is None and game_.turn < 6:
            game_.apply(game_.legal_commands()[-1])
    assert [g.zone(z) for z in ZONES] == [c.zone(z) for z in ZONES]
