"""Every ritual ends, even with hostile custom cards.

Why it must: the hand size never drops below 1 (R4.1 ruling), so every turn's draw takes a card
from the deck or, the deck being empty, advances the Hour; the deck is refilled only when the Hour
advances, and there are at most seven Hours. Within a turn every command moves a card on (deck,
hand, play, discard pile, sacrifice pile: never back until the Hour advances) or is one of a few
bounded ones: a token (at most three a ritual), a choice (posed by the command before it), or an
action that moves no card, which each card may use once a turn. So the number of turns and of
commands in a turn are both bounded. The test plays random and greedy rituals with the hostile
cards the issue names (hand size -3 twice, costs at their limits, every op at its extreme) and
checks the stated bound: every ritual ends within MAX_COMMANDS commands.
"""

import random

import pytest

from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.ai.random_player import RandomPlayer
from aleph_null_desktop.engine import Activate, Game, new_game
from aleph_null_desktop.engine.cards import cardset_with, circles, load_builtin_cards

MAX_COMMANDS = 1500  # the stated bound; the longest ritual seen here is far shorter


def _card(cid, level, cost, **kw):
    return {"id": cid, "name": {"en": cid.replace("_", " ").title()}, "type": "interference", "level": level,
            "side": "hell", "cost": cost, "custom": True, **kw}


_TAKE_FIVE = {"op": "move", "move": "sacrifice", "from": ["hand", "play", "discard"], "count": 5, "up_to": False,
              "filter": {}}
HOSTILE = [
    _card("shrink_twice", 1, 0, ongoing=[{"op": "hand_size", "amount": -3}, {"op": "hand_size", "amount": -3}]),
    _card("shrink_dear", 1, 9, ongoing=[{"op": "hand_size", "amount": -3}]),
    _card("tax", 1, 9, ongoing=[{"op": "cost_modifier", "amount": 5, "filter": {}},
                                {"op": "power_modifier", "amount": -5, "filter": {}}]),
    _card("lock", 2, 0, ongoing=[{"op": "summon_limit", "count": 0}, {"op": "baphomet_blocked"},
                                 {"op": "no_sacrifice_from_discard"}, {"op": "prevent_dagger"},
                                 {"op": "hand_sacrificed_at_end"}]),
    _card("gift", 2, 0, ongoing=[{"op": "end_turn_shield", "amount": 5}, {"op": "hand_size", "amount": 3},
                                 {"op": "cost_modifier", "amount": -5, "filter": {}},
                                 {"op": "power_modifier", "amount": 5, "filter": {}}],
          on_summon=[{"op": "add_hour_vii"}, {"op": "draw", "count": 9}, {"op": "gain_power", "amount": 9},
                     {"op": "remove_damage", "amount": 3}],
          actions=[{"id": "well", "cost": [{"op": "pay", "amount": 0}], "effect": [{"op": "gain_power", "amount": 9}]},
                   {"id": "spring", "cost": [], "effect": [{"op": "search", "filter": {"types": ["key"]}}]}],
          dagger=[{"op": "search", "filter": {}}, {"op": "take_damage", "amount": 3}]),
    _card("pain", 3, 9, ongoing=[{"op": "hour_damage", "amount": 3}, {"op": "end_turn_damage_unless_sacrificed", "amount": 3},
                                 {"op": "end_turn_damage_unless_summoned", "amount": 3}]),
    _card("pit", 3, 0, actions=[{"id": "maw", "cost": [_TAKE_FIVE], "effect": [
        dict(_TAKE_FIVE, up_to=True, otherwise=[{"op": "take_damage", "amount": 3}])]}]),
    _card("drain", 3, 0, actions=[{"id": "sip", "cost": [{"op": "sacrifice_self"}],
                                   "effect": [{"op": "draw", "count": 9}, {"op": "take_damage", "amount": 3}]}],
          dagger=[{"op": "draw", "count": 9}]),
]
# every hostile card, and a slower set (the issue's: hand size -3 twice) that lets rituals run long
POOLS = {
    "all": {1: ["shrink_twice", "shrink_dear", "tax"], 2: ["lock", "gift"], 3: ["pain", "pit", "drain"]},
    "shrinking": {1: ["shrink_twice", "shrink_dear", "shrink_twice"], 2: ["lock", "gift"],
                  3: ["drain", "pit", "drain"]},
}


def _play(player, seed, circle, pool):
    g = new_game(seed=seed, circle=circle, cards=HOSTILE, interference_pool=POOLS[pool])
    rng = random.Random(seed)
    commands = 0
    while g.outcome is None and commands <= MAX_COMMANDS:
        g.apply(player.choose_command(g, rng))
        commands += 1
    return g, commands


@pytest.mark.parametrize("pool", sorted(POOLS))
@pytest.mark.parametrize("player", [RandomPlayer, GreedyPlayer], ids=["random", "greedy"])
def test_every_ritual_with_hostile_cards_ends_within_the_bound(player, pool):
    for circle in circles():
        for seed in range(4):
            g, commands = _play(player(), seed, circle, pool)
            assert g.outcome is not None, f"{circle} seed {seed}: no end after {commands} commands"
            assert commands <= MAX_COMMANDS


def test_r4_1_the_hand_size_never_drops_below_one():
    cards = cardset_with(HOSTILE)
    g = Game.from_scenario({"play": ["shrink_twice", "shrink_dear"], "deck": ["wax_candle"] * 3}, cards)
    assert g.hand_size == 1  # 5 - 3 - 3 - 3, floored
    g.apply(next(c for c in g.legal_commands() if c.describe() == "End the turn"))
    assert len(g.zone("hand")) == 1  # the turn still draws


def test_an_action_that_moves_no_card_is_used_once_a_turn():
    echo = _card("echo", 1, 0, actions=[{"id": "hum", "cost": [{"op": "pay", "amount": 0}],
                                         "effect": [{"op": "remove_damage", "amount": 1}]}])
    g = Game.from_scenario({"play": ["echo"], "deck": ["wax_candle"] * 12, "damage": 2}, cardset_with([echo]))
    hum = Activate(g.zone("play")[0].uid, "hum")
    g.apply(hum)
    assert g.damage == 1 and "once a turn" in g.explain(hum)
    assert hum not in g.legal_commands()
    g.apply(next(c for c in g.legal_commands() if c.describe() == "End the turn"))
    assert g.explain(hum) is None  # a new turn
    g.apply(hum)
    assert Game.from_dict(g.to_dict()).explain(hum) is not None  # a saved game keeps what was used
    g.undo()
    assert g.explain(hum) is None


def test_no_built_in_action_is_limited_to_once_a_turn():
    assert not [(c.id, a.id) for c in load_builtin_cards().values() for a in c.actions if a.once_a_turn]


def test_an_action_that_runs_something_down_is_not_limited():
    # this edition's ruling applies only where a turn could go on for ever (docs/card-packs.md):
    # paying power for good, or taking damage for good, runs out by itself
    mend = {"id": "mend", "cost": [{"op": "pay", "amount": 1}], "effect": [{"op": "remove_damage", "amount": 1}]}
    bleed = {"id": "bleed", "cost": [], "effect": [{"op": "take_damage", "amount": 1}]}
    trade = {"id": "trade", "cost": [{"op": "pay", "amount": 1}], "effect": [{"op": "gain_power", "amount": 1}]}
    sell = {"id": "sell", "cost": [], "effect": [{"op": "take_damage", "amount": 1}, {"op": "gain_power", "amount": 2}]}
    cure = {"id": "cure", "cost": [], "effect": [{"op": "take_damage", "amount": 1}, {"op": "remove_damage", "amount": 1}]}
    card = _card("spender", 1, 0, actions=[mend, bleed, trade, sell])
    limited = {a.id: a.once_a_turn for a in cardset_with([card])["spender"].actions}
    assert limited == {"mend": False, "bleed": False, "trade": True, "sell": True}
    assert cardset_with([_card("curer", 1, 0, actions=[cure])])["curer"].actions[0].once_a_turn
    g = Game.from_scenario({"play": ["spender"], "deck": ["wax_candle"] * 12, "damage": 2, "power": 3},
                           cardset_with([card]))
    uid = g.zone("play")[0].uid
    g.apply(Activate(uid, "mend"))
    g.apply(Activate(uid, "mend"))  # a second use in the same turn, paid again
    assert g.damage == 0 and g.power == 1
