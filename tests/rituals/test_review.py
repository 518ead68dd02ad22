"""The expert's review (issue 27): in a prepared ritual the expert plays but one move, a planted
blunder (ending the turn with power unspent, which costs damage, R5.2); the review finds that
move, says what the expert would have played and the win chance lost. The command line prints
it as JSON; the worker process reports progress and can be cancelled."""

from __future__ import annotations

import json
import random

import pytest

from aleph_null_desktop.ai.expert import ExpertPlayer
from aleph_null_desktop.ai.review import Cancelled, review_json, review_ritual
from aleph_null_desktop.ai.simulate import player_seed
from aleph_null_desktop.cli import main
from aleph_null_desktop.engine import EndTurn, new_game
from aleph_null_desktop.rituals.record import ritual_record
from aleph_null_desktop.storage.rituals import replay_ritual


def planted_ritual(seed: int = 1, circle: str = "adept") -> tuple[dict, int]:
    """The expert's ritual but for one move: in turn 3 or later, with power it would still spend,
    the turn is ended at once (unspent power is damage, R5.2). Returns (ritual file, the move's index)."""
    game, player, rng = new_game(seed=seed, circle=circle), ExpertPlayer(), random.Random(player_seed(seed))
    planted = None
    while game.outcome is None:
        cmd = player.choose_command(game, rng)
        if (planted is None and game.turn >= 3 and game.pending is None and cmd != EndTurn()
                and EndTurn() in game.legal_commands() and 1 <= game.power and game.damage + game.power < 3):
            planted, cmd = len(game.history), EndTurn()
        game.apply(cmd)
    assert planted is not None
    return json.loads(json.dumps(ritual_record(game))), planted


@pytest.fixture(scope="module")
def prepared():
    record, planted = planted_ritual()
    return record, planted, review_ritual(record)


def test_the_review_finds_the_planted_blunder(prepared):
    record, planted, review = prepared
    assert review.decisions > 20
    worst = review.mistakes[0]
    assert worst.step == planted and worst.played == EndTurn() and worst.better != EndTurn()
    assert 0.05 <= worst.win_chance_lost <= 1 and worst.interval[0] > 0
    out = review_json(review, record)
    first = out["mistakes"][0]
    assert set(first) >= {"turn", "hour", "played", "better", "win_chance_lost"}
    position = replay_ritual(record, planted)[0]
    assert first["played"] == "End the turn" and (first["turn"], first["hour"]) == (position.turn, position.hour)
    assert first["better"] and first["better"] != first["played"]


def test_the_same_ritual_gives_the_same_review(prepared):
    record, _planted, review = prepared
    again = review_ritual(record)
    assert [(m.step, m.win_chance_lost) for m in again.mistakes] == [(m.step, m.win_chance_lost) for m in review.mistakes]


def test_the_review_command(tmp_path, capsys, prepared):
    record, planted, review = prepared
    path = tmp_path / "planted.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decisions"] == review.decisions and out["mistakes"][0]["step"] == planted
    assert main(["review", str(tmp_path / "missing.json"), "--json"]) == 2


def test_progress_and_cancel(prepared):
    record, _planted, _review = prepared
    seen = []
    with pytest.raises(Cancelled):
        review_ritual(record, progress=lambda done, total: seen.append((done, total)),
                      cancelled=lambda: len(seen) >= 5)
    assert seen[:2] == [(1, seen[0][1]), (2, seen[0][1])] and len(seen) == 5


def test_a_ritual_that_does_not_replay_is_refused():
    record, _planted = planted_ritual()
    record["commands"][3] = {"kind": "summon", "uid": 999}
    with pytest.raises(ValueError):
        review_ritual(record)
