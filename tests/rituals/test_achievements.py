"""Achievements (issue 27): what each checks, on real ended rituals; their file is kept like the
statistics (repaired, or set aside when unusable)."""

from __future__ import annotations

import random

import pytest

from aleph_null_desktop.ai.simulate import make_player, player_seed
from aleph_null_desktop.engine import Game, new_game
from aleph_null_desktop.rituals.achievements import ACHIEVEMENTS, BY_ID, Context, newly_unlocked


def played(player_name: str, seed: int, circle: str = "adept") -> Game:
    game, player, rng = new_game(seed=seed, circle=circle), make_player(player_name), random.Random(player_seed(seed))
    while game.outcome is None:
        game.apply(player.choose_command(game, rng))
    return game


def ids(context, unlocked=()) -> set[str]:
    return {a.id for a in newly_unlocked(context, set(unlocked))}


def test_about_twenty_each_with_words():
    assert len(ACHIEVEMENTS) == 20 == len(BY_ID)
    assert all(a.title and a.text.endswith(".") for a in ACHIEVEMENTS)


def test_a_won_ritual_and_a_lost_one():
    won = played("expert", 2)
    assert won.outcome.won
    got = ids(Context(won, rituals=1, wins=1))
    assert {"first_ritual", "first_summoning", "win_adept"} <= got
    assert not got & {"win_magus", "own_card_win", "pack_win", "daily_played", "ten_wins", "long_night"}
    assert ("unscathed" in got) == (won.damage == 0) and ("before_midnight" in got) == (won.outcome.hour < 3)
    assert ids(Context(won, rituals=1, wins=1), got) == set()  # unlocked once
    lost = played("random", 2)
    assert not lost.outcome.won and ids(Context(lost, rituals=1)) == {"first_ritual"}


def test_the_goals_that_look_at_how_it_was_played():
    won = played("expert", 2)
    assert {"own_card_win", "pack_win", "daily_played", "daily_won"} <= ids(
        Context(won, own_cards=True, pack=True, daily=True, daily_streak=1))
    assert "daily_streak_7" in ids(Context(won, daily=True, daily_streak=7))
    assert "daily_streak_7" not in ids(Context(won, daily=True, daily_streak=6))
    assert {"ten_wins", "fifty_rituals"} <= ids(Context(won, rituals=50, wins=10))


def scenario_win(hour: int, play: list[str], damage: int = 0) -> Game:
    """BAPHOMET summoned from a prepared position (R9, R11)."""
    from aleph_null_desktop.engine import Summon

    keys = ["book_of_pacts", "wand_of_power", "grand_circle"]
    game = Game.from_scenario({"hour": hour, "damage": damage, "play": keys + play, "hand": ["baphomet"],
                               "power": 20})
    game.apply(Summon(next(c.uid for c in game.zone("hand") if c.card_id == "baphomet")))
    while game.pending is not None:
        game.apply(game.legal_commands()[0])
    assert game.outcome.won, game.outcome.message
    return game


def test_an_empty_altar_and_the_hours():
    clean = scenario_win(2, [])
    assert {"clean_summoning", "before_midnight", "prince_rank", "unscathed"} <= ids(Context(clean))
    crowded = scenario_win(4, ["salamander"], damage=1)
    got = ids(Context(crowded))
    assert not got & {"clean_summoning", "before_midnight", "unscathed", "prince_rank"}
    late = scenario_win(7, [])
    assert "long_night" in ids(Context(late)) and "before_midnight" not in ids(Context(late))


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from aleph_null_desktop.storage import paths

    return paths.data_dir()


def test_the_file_keeps_the_first_date_and_is_repaired(data_dir):
    from datetime import datetime

    from aleph_null_desktop.storage.achievements import load_achievements, unlock

    assert load_achievements(BY_ID) == ({}, [])
    assert unlock(["first_ritual"], BY_ID, datetime(2026, 11, 1)) == []
    assert unlock(["first_ritual", "unscathed"], BY_ID, datetime(2026, 11, 2)) == []
    assert load_achievements(BY_ID)[0] == {"first_ritual": "2026-11-01T00:00:00", "unscathed": "2026-11-02T00:00:00"}
    path = data_dir / "achievements.json"
    path.write_text('{"version": 1, "unlocked": {"first_ritual": "2026-11-01T00:00:00", "no_such": "2026-11-01",'
                    ' "unscathed": 5}}')
    unlocked, messages = load_achievements(BY_ID)
    assert unlocked == {"first_ritual": "2026-11-01T00:00:00"} and "2 achievements could not be read" in str(messages[0])
    assert load_achievements(BY_ID) == (unlocked, [])  # written back repaired
    path.write_text("[1, 2")
    unlocked, messages = load_achievements(BY_ID)
    assert unlocked == {} and messages and any(p.name.startswith("achievements.json.corrupt-") for p in data_dir.iterdir())
