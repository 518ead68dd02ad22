"""Undo, saves and command records."""

import json

import pytest
from engine_helpers import act, choose, end_turn, game, ids, summon, uid

from aleph_null_desktop.engine import (
    Activate, EndTurn, Game, IllegalCommand, Summon, TakeToken, command_from_dict, command_to_dict, new_game,
)

FILLER = ["wax_candle"] * 3 + ["incense", "bell", "boline", "besom", "golem"]


def test_undo_steps_back_over_each_command_until_the_last_reveal():
    g = game(hand=["salamander", "wax_candle"], deck=FILLER)
    start = g.to_dict()
    summon(g, "salamander")
    act(g, "salamander", "scrap")
    assert g.can_undo
    g.undo()
    assert ids(g, "play") == ["salamander"] and g.power == 0
    g.undo()
    assert g.to_dict() == start
    assert not g.can_undo
    with pytest.raises(IllegalCommand, match="Nothing to undo"):
        g.undo()


def test_undo_cannot_go_back_over_a_draw():
    g = game(play=["incense"], deck=FILLER)
    act(g, "incense", "fumigate")
    assert not g.can_undo


def test_undo_cannot_go_back_over_a_search_or_the_end_of_the_turn():
    g = game(play=["bell"], deck=["sylph", "wax_candle"])
    act(g, "bell", "ring")
    assert not g.can_undo  # the search revealed the deck
    g = game(deck=FILLER)
    end_turn(g)
    assert not g.can_undo


def test_undo_works_mid_decision():
    g = game(play=["besom"], discard=["bell", "incense"])
    act(g, "besom", "burn")
    choose(g, "bell")
    g.undo()
    assert g.pending is not None and g.pending.prompt.endswith("up to 2 cards from your discard pile")
    g.undo()
    assert g.pending is None and ids(g, "play") == ["besom"]


def test_undo_keeps_the_history_in_step():
    g = game(hand=["wax_candle"], tokens=1)
    summon(g, "wax_candle")
    g.apply(TakeToken())
    g.undo()
    assert g.history == [Summon(1)]


@pytest.mark.parametrize("cmd", [Summon(3), Activate(4, "burn"), EndTurn(), TakeToken()])
def test_commands_round_trip_through_dicts(cmd):
    assert command_from_dict(json.loads(json.dumps(command_to_dict(cmd)))) == cmd


@pytest.mark.parametrize("bad", [None, [], {"kind": "fly"}, {"kind": "summon"}, {"kind": "summon", "uid": "3"},
                                 {"kind": "activate", "uid": 1, "action": 5}, {"kind": "summon", "uid": True}])
def test_a_bad_command_record_is_refused(bad):
    with pytest.raises(ValueError):
        command_from_dict(bad)


def test_a_saved_game_restores_mid_decision_and_can_be_answered():
    g = game(play=["undine"], discard=["bell"])
    act(g, "undine", "sacrifice")
    restored = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert restored.pending.prompt == g.pending.prompt
    choose(restored, "bell")
    assert sorted(ids(restored, "sacrificed")) == ["bell", "undine"]


def test_a_save_of_another_version_is_refused():
    d = new_game(seed=1).to_dict()
    d["version"] = 99
    with pytest.raises(ValueError, match="version"):
        Game.from_dict(d)


def test_describe_names_the_card_and_the_action():
    g = game(play=["salamander"], hand=["gnome"])
    assert Activate(uid(g, "salamander"), "scrap").describe(g) == "Salamander: scrap this → gain 2P"
    assert Summon(uid(g, "gnome")).describe(g) == "Summon Gnome"
    assert EndTurn().describe() == "End the turn"


def test_every_event_describes_itself_in_words():
    import random

    seen = set()
    for seed in range(40):
        g = new_game(seed=seed, circle="prince")
        rng = random.Random(seed)
        while g.outcome is None:
            cmds = g.legal_commands()
            non_end = [c for c in cmds if not isinstance(c, EndTurn)]
            for event in g.apply(rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(cmds)):
                text = event.describe()
                assert text and text != event.kind and "{" not in text
                seen.add(event.kind)
    assert {"moved", "turn", "power", "damage", "game_over", "summoned", "activated", "decision"} <= seen


def test_the_engine_says_what_undo_cannot_step_back_over():
    g = game(hand=["wax_candle"], deck=FILLER)
    assert g.undo_stop == "start" and g.explain_undo() == "Nothing to undo yet: nothing has been done."
    summon(g, "wax_candle")
    assert g.undo_stop is None and g.explain_undo() is None
    end_turn(g)  # the draw
    assert g.undo_stop == "draw" and "since the draw" in g.explain_undo()
    with pytest.raises(IllegalCommand, match="since the draw"):
        g.undo()
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).undo_stop == "draw"  # a save replays to the same reason
    searched = game(play=["bell"], deck=["sylph", "wax_candle"])
    act(searched, "bell", "ring")
    assert searched.undo_stop == "search" and "since the search" in searched.explain_undo()
    fresh = new_game(seed=3)
    assert fresh.undo_stop == "draw"  # the first hand was drawn
    assert Game.from_dict(fresh.to_dict()).undo_stop == "draw"  # a save replays its commands: the reason follows
