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


def test_a_seed_deals_what_it_dealt_before_the_deal_prototype():
    """Every Circle, with and without Eternal Light: deck, hand and set-aside cards of seeds 0-39
    as the engine of main (860260a) dealt them, before new games dealt from a prototype."""
    import hashlib

    h = hashlib.sha256()
    for circle in ("adept", "magus", "master", "grand_master", "prince"):
        for seed in range(40):
            for light in (False, True):
                g = new_game(seed=seed, circle=circle, eternal_light=light)
                h.update(repr([[i.card_id for i in g.zone(z)] for z in ("deck", "hand", "set_aside")]).encode())
    assert h.hexdigest() == "3add12ce4892934885f4ce7131b57067f7587e4b6e380dbf26970fb6114809da"


def test_a_card_pack_action_is_its_own_not_a_memo_of_the_printed_card():
    from aleph_null_desktop.engine import Activate, Game
    from aleph_null_desktop.engine.cards import cardset_with

    record = {"id": "wax_candle", "name": "Wax Candle", "type": "magical_power", "cost": 0,
              "actions": [{"id": "burn", "cost": [{"op": "scrap_self"}], "effect": [{"op": "gain_power", "amount": 3}]}]}
    printed = game(play=["wax_candle"], deck=["boline"])
    pack = Game.from_scenario({"play": ["wax_candle"], "deck": ["boline"]}, cardset_with([record]))
    for g in (printed, pack, printed, pack):  # each set's memo, asked twice
        g = g.clone()
        g.apply(Activate(g.zone("play")[0].uid, "burn"))
        assert g.power == (3 if g.cards is pack.cards else 1)


def test_a_choice_read_later_says_what_it_said_when_posed():
    from aleph_null_desktop.engine import Activate, Choose

    def posed():
        g = game(play=["boline"], hand=["gnome", "sylph"], deck=["incense"] * 3)
        g.apply(Activate(g.zone("play")[0].uid, "cut"))
        return g

    now = posed()
    said = (now.pending.prompt, [o.label for o in now.pending.options])
    later_game = posed()
    decision = later_game.pending
    later_game.apply(Choose(0))  # the card chosen leaves the hand; the Hour and zones move on
    later_game.apply(EndTurn())
    assert (decision.prompt, [o.label for o in decision.options]) == said
    assert decision.uids == tuple(o.uid for o in now.pending.options)
