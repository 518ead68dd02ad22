"""autosave.py: the record on disk, and resuming it through the engine."""

from __future__ import annotations

import json
import os
import random
import sys

import pytest

from aleph_null_desktop.storage import autosave, paths
from aleph_null_desktop.storage.autosave import (
    InvalidRecord,
    clear_autosave,
    has_autosave,
    load_autosave,
    make_record,
    record_from_game,
    resume_game,
    save_autosave,
)

PACK = {"schema": 1, "cards": [{"id": "custom_imp", "name": {"en": "Imp ✶"}, "type": "spirit"}]}


def sample_record(**changes):
    record = {
        "version": 1,
        "seed": 12345,
        "circle": "master",
        "options": {"eternal_light": True},
        "cards": PACK,
        "commands": [{"kind": "summon", "uid": 4}, {"kind": "activate", "uid": 4, "action": "pact"},
                     {"kind": "choose", "index": 0}, {"kind": "take_token"}, {"kind": "end_turn"}],
    }
    record.update(changes)
    return record


# ---------------------------------------------------------------------------- the file


def test_round_trip(user_dirs, listing):
    record = sample_record()
    assert save_autosave(record) == []
    assert load_autosave() == (record, [])
    assert listing(user_dirs.data) == ["autosave.json"]
    text = (user_dirs.data / "autosave.json").read_text(encoding="utf-8")
    assert "\n" not in text.strip(), "compact: written after every command"


def test_saving_again_replaces_the_record():
    save_autosave(sample_record())
    save_autosave(sample_record(commands=[]))
    assert load_autosave()[0]["commands"] == []


def test_loaded_record_is_a_copy():
    record = sample_record()
    save_autosave(record)
    loaded, _ = load_autosave()
    loaded["commands"].append({"kind": "end_turn"})
    assert load_autosave()[0] == record


def test_optional_fields_are_filled_and_unknown_keys_kept():
    record = {"version": 1, "seed": 1, "circle": "adept", "commands": [], "started": "2026-11-23"}
    save_autosave(record)
    assert load_autosave() == ({**record, "options": {}, "cards": None}, [])


def test_make_record():
    assert make_record(7, "adept") == {"version": 1, "seed": 7, "circle": "adept", "options": {},
                                       "cards": None, "commands": []}
    with pytest.raises(InvalidRecord):
        make_record("7", "adept")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "changes, problem",
    [
        ({"seed": 1.5}, "its seed is a number, not a whole number"),
        ({"seed": True}, "its seed is true/false"),
        ({"circle": ""}, "its circle is text, not a name"),
        ({"options": []}, "its options are a list"),
        ({"cards": "base"}, "its card pack is text"),
        ({"commands": None}, "its commands are null, not a list"),
        ({"commands": [{"kind": "end_turn"}, "end_turn"]}, "command 2 is text, not an object"),
        ({"version": 2}, "newer version of the game"),
        ({"options": {"interference_pool": {"one": ["x"]}}}, "its interference pool is not a list of card ids"),
    ],
)
def test_malformed_records(changes, problem):
    record = sample_record(**changes)
    assert problem in str(autosave.record_problem(record))
    with pytest.raises(InvalidRecord):
        save_autosave(record)
    assert not has_autosave()
    paths.autosave_path().write_text(json.dumps(record))
    loaded, messages = load_autosave()
    assert loaded is None
    assert problem in str(messages[0]) and "there is no game to continue" in str(messages[0])


def test_unserialisable_record_is_refused():
    with pytest.raises(InvalidRecord):
        save_autosave(sample_record(options={"x": float("nan")}))
    assert not has_autosave()


def test_missing_version_is_refused_on_load():
    record = sample_record()
    del record["version"]
    paths.autosave_path().write_text(json.dumps(record))
    assert load_autosave()[0] is None


def test_clear_and_has_autosave():
    assert not has_autosave()
    assert clear_autosave() == []  # nothing to clear is fine
    save_autosave(sample_record())
    assert has_autosave()
    assert clear_autosave() == []
    assert not has_autosave()
    assert load_autosave() == (None, [])


def test_disk_failure_is_reported(monkeypatch):
    save_autosave(sample_record(seed=1))

    def no_space(src, dst):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", no_space)
        assert list(map(str, save_autosave(sample_record(seed=2)))) == ["The game could not be autosaved (the disk is full)"]
    assert load_autosave()[0]["seed"] == 1, "the previous autosave survives"


# ---------------------------------------------------------------------------- resume_game, engine-free


def test_resume_when_the_rules_cannot_load_keeps_the_save(monkeypatch):
    save_autosave(sample_record())
    monkeypatch.setitem(sys.modules, "aleph_null_desktop.engine", None)  # import now fails
    game, messages = resume_game(load_autosave()[0])
    assert game is None
    assert str(messages[0]).startswith("The saved game could not be resumed: the rules could not be loaded")
    assert has_autosave()


# ---------------------------------------------------------------------------- resume_game, real engine

engine = pytest.importorskip(
    "aleph_null_desktop.engine",
    reason="the engine (aleph_null_desktop.engine) is not written yet; resume_game needs it",
)


def play(game, moves: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(moves):
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal_commands()))
    return game


def first_card_record() -> dict:
    from aleph_null_desktop.resources import asset_path

    card = json.loads(asset_path("cards", "base.json").read_text(encoding="utf-8"))["cards"][0]
    return {**card, "name": {"en": "Renamed " + card["name"]["en"]}, "flavour": {"en": "custom"}}


@pytest.mark.parametrize("seed, circle", [(1, "adept"), (7, "magus"), (99, "prince")])
def test_resume_replays_to_the_same_game(seed, circle):
    game = play(engine.new_game(seed=seed, circle=circle), 12, seed)
    record = record_from_game(game)
    assert record["commands"] == [engine.command_to_dict(c) for c in game.history]
    save_autosave(record)
    resumed, messages = resume_game(load_autosave()[0])
    assert messages == []
    assert resumed.to_dict() == game.to_dict()
    assert has_autosave(), "a good save stays until the game ends"


def test_resume_mid_decision_and_after_undo():
    game = engine.new_game(seed=5, circle="grand_master")
    rng = random.Random(5)
    reached = False
    for _ in range(60):
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal_commands()))
        if game.can_undo and rng.random() < 0.3:
            game.undo()
        if game.pending is not None:
            reached = True
            break
    save_autosave(record_from_game(game))
    resumed, messages = resume_game(load_autosave()[0])
    assert messages == []
    assert resumed.to_dict() == game.to_dict()
    if reached:
        assert resumed.pending is not None


def test_resume_with_a_card_pack_and_options():
    game = play(engine.new_game(seed=3, circle="adept", cards=[first_card_record()], eternal_light=True), 8, 3)
    record = record_from_game(game)
    assert record["cards"] == {"schema": 1, "cards": [first_card_record()]}
    assert record["options"]["eternal_light"] is True
    save_autosave(record)
    resumed, messages = resume_game(load_autosave()[0])
    assert messages == []
    assert resumed.to_dict() == game.to_dict()
    assert resumed.options["eternal_light"] is True


def test_a_finished_game_resumes_finished():
    game = play(engine.new_game(seed=11, circle="adept"), 500, 11)
    assert game.outcome is not None
    resumed, _ = resume_game(record_from_game(game))
    assert resumed.outcome == game.outcome


@pytest.mark.parametrize(
    "changes, problem",
    [
        ({"commands": [{"kind": "choose", "index": 99}]}, "command 1 of 1 could not be replayed"),
        ({"commands": [{"kind": "end_turn"}, {"kind": "fly"}]}, "command 2 of 2 could not be replayed: not a command"),
        ({"commands": [{"kind": "summon", "uid": "x"}]}, "command 1 of 1 could not be replayed: bad summon command"),
        ({"circle": "emperor"}, "the game could not be set up"),
        ({"cards": {"schema": 1, "cards": [{"id": 5}]}}, "the game could not be set up"),
        ({"cards": {"no": "cards"}}, 'the game could not be set up: the card pack has no "cards" list'),
        ({"options": {"interference_pool": {"1": ["no_such_card"]}}}, "the game could not be set up"),
    ],
)
def test_a_save_that_cannot_be_replayed_is_set_aside(changes, problem, listing):
    record = make_record(4, "adept", commands=[])
    record.update(changes)
    save_autosave(record)
    game, messages = resume_game(load_autosave()[0])
    assert game is None
    assert len(messages) == 1
    assert str(messages[0]).startswith(f"autosave.json could not be resumed ({problem}")
    assert "it was set aside as autosave.json.corrupt-" in str(messages[0])
    assert str(messages[0]).endswith("and a new game must be started")
    assert not has_autosave()
    assert len([n for n in listing(paths.data_dir()) if n.startswith("autosave.json.corrupt-")]) == 1


def test_resume_of_a_malformed_record_without_a_file():
    game, messages = resume_game({"seed": "x"})
    assert game is None
    assert list(map(str, messages)) == ["The saved game could not be resumed (it has no format version); "
                        "a new game must be started"]


def test_a_failing_record_that_is_not_the_saved_one_leaves_the_save_alone():
    good = make_record(4, "adept")
    save_autosave(good)
    game, messages = resume_game({**good, "commands": [{"kind": "choose", "index": 99}]})
    assert game is None
    assert str(messages[0]).startswith("The saved game could not be resumed (command 1 of 1 could not be replayed")
    assert load_autosave() == (good, [])


def test_a_legal_looking_command_that_is_illegal_now():
    game = engine.new_game(seed=2, circle="adept")
    hand = game.zone("hand")
    record = record_from_game(game)
    # summon the same card twice: the second is illegal (it is no longer in hand)
    record["commands"] = [{"kind": "summon", "uid": hand[0].uid}] * 2
    save_autosave(record)
    resumed, messages = resume_game(record)
    assert resumed is None
    assert "could not be replayed" in str(messages[0])


def test_resume_a_ritual_with_custom_interference_cards():
    """A ritual set up with the editor's custom cards (each in place of a printed card) resumes with
    the same cards, set aside in the same order, even though the record holds no library."""
    from aleph_null_desktop.editor import custom_setup

    imp = {"id": "custom_ash_imp", "name": {"en": "Ash Imp"}, "type": "interference", "level": 1, "side": "hell",
           "cost": 1, "ongoing": [{"op": "hand_size", "amount": -1}],
           "actions": [{"id": "act1", "cost": [{"op": "pay", "amount": 2}], "effect": [{"op": "scrap_self"}]}]}
    records, pool = custom_setup([imp], ["custom_ash_imp"], "magus", 21, replaces={"custom_ash_imp": "rumjal"})
    game = play(engine.new_game(seed=21, circle="magus", cards=records, interference_pool=pool), 10, 21)
    record = record_from_game(game)
    assert record["cards"]["cards"][0]["id"] == "custom_ash_imp"
    assert record["options"]["interference_pool"] == {"1": pool[1]}
    save_autosave(record)
    resumed, messages = resume_game(load_autosave()[0])
    assert messages == []
    assert resumed.to_dict() == game.to_dict()
    assert resumed.cards["custom_ash_imp"].ongoing == ({"op": "hand_size", "amount": -1},)
    ids = [c.card_id for z in ("deck", "hand", "play", "discard", "sacrificed", "set_aside") for c in resumed.zone(z)]
    assert "custom_ash_imp" in ids and "rumjal" not in ids
