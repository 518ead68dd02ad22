"""Recorded rituals (issue 27): a finished ritual kept as a versioned file replays to exactly the
final state and score of the real one (random and expert players); the folder stays bounded;
damaged files are set aside; export/import; `simulate --record DIR`."""

from __future__ import annotations

import json
import random

import pytest

from aleph_null_desktop.ai.simulate import make_player, player_seed
from aleph_null_desktop.cli import main
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.rituals.record import RITUAL_FORMAT, ritual_record


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def played(player_name: str, seed: int, circle: str):
    game, player, rng = new_game(seed=seed, circle=circle), make_player(player_name), random.Random(player_seed(seed))
    while game.outcome is None:
        game.apply(player.choose_command(game, rng))
    return game


def replays_exactly(game) -> None:
    from aleph_null_desktop.storage.rituals import replay_ritual, ritual_problem

    record = json.loads(json.dumps(ritual_record(game)))  # as it is on disk
    assert ritual_problem(record) is None and record["format"] == RITUAL_FORMAT
    again, problem = replay_ritual(record)
    assert problem is None
    assert again.to_dict() == game.to_dict()  # every zone, the Hour, damage, power, the generator
    assert again.outcome.score == game.outcome.score == record["result"]["score"]
    assert again.outcome.won == record["result"]["won"] and again.outcome.reason == record["result"]["reason"]


@pytest.mark.parametrize("seed", range(1, 25))
def test_a_random_ritual_replays_to_its_end(seed):
    replays_exactly(played("random", seed * 7919, ["adept", "magus", "master", "grand_master", "prince"][seed % 5]))


@pytest.mark.parametrize("seed, circle", [(3, "adept"), (11, "master"), (29, "prince")])
def test_an_expert_ritual_replays_to_its_end(seed, circle):
    game = played("expert", seed, circle)
    replays_exactly(game)


def test_a_ritual_with_a_card_pack_and_its_code_replays():
    from aleph_null_desktop.cardpacks import PackShelf, mark_game
    from aleph_null_desktop.rituals.code import CODE_OPTION, RitualCode
    from aleph_null_desktop.ui.editor.packs_scene import example_pack_path

    shelf = PackShelf()
    shelf.add(example_pack_path())
    shelf.load()
    pack = next(iter(shelf.packs.values()))
    game = new_game(seed=404, circle="magus", cards=list(pack.records))
    mark_game(game, pack)
    game.options[CODE_OPTION] = str(RitualCode("magus", 404, pack=pack.name))
    rng = random.Random(4)
    while game.outcome is None:
        game.apply(rng.choice(game.legal_commands()))
    replays_exactly(game)
    assert ritual_record(game)["code"] == game.options[CODE_OPTION]


def test_the_folder_keeps_the_newest_within_its_bounds(monkeypatch):
    from datetime import datetime, timedelta

    from aleph_null_desktop.storage import rituals

    start = datetime(2026, 11, 1, 12, 0, 0)
    game = played("random", 5, "adept")
    for i in range(7):
        path, messages = rituals.save_ritual(ritual_record(game, ended=start + timedelta(minutes=i)))
        assert messages == [] and path.exists()
    entries, messages = rituals.list_rituals()
    assert messages == [] and len(entries) == 7 and entries[0].ended == "2026-11-01T12:06:00"  # newest first
    assert rituals.prune(max_files=4) == []
    assert [e.ended[-5:] for e in rituals.list_rituals()[0]] == ["06:00", "05:00", "04:00", "03:00"]
    size = entries[0].path.stat().st_size
    assert rituals.prune(max_bytes=2 * size + 1) == []
    assert len(rituals.list_rituals()[0]) == 2


def test_a_damaged_ritual_file_is_set_aside_and_the_rest_kept():
    from aleph_null_desktop.storage import rituals

    good, _messages = rituals.save_ritual(ritual_record(played("random", 8, "adept")))
    (good.parent / "20260101-000000-adept.json").write_text('{"format": "aleph-null-ritual", "version": 1')
    (good.parent / "20260102-000000-adept.json").write_text(json.dumps({"format": "something else"}))
    entries, messages = rituals.list_rituals()
    assert [e.path for e in entries] == [good] and len(messages) == 2
    assert len(list(good.parent.glob("*.corrupt-*"))) == 2


def test_export_and_import(tmp_path):
    from aleph_null_desktop.storage import rituals

    game = played("random", 12, "master")
    path, _messages = rituals.save_ritual(ritual_record(game))
    out = tmp_path / "shared" / "my ritual.json"
    assert rituals.export_ritual(path, out) == [] and json.loads(out.read_text()) == json.loads(path.read_text())
    path.unlink()
    imported, messages = rituals.import_ritual(out)
    assert messages == [] and rituals.replay_ritual(rituals.load_ritual(imported)[0])[0].to_dict() == game.to_dict()
    forged = json.loads(out.read_text())
    forged["result"]["score"] = (forged["result"]["score"] or 0) + 50
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    assert rituals.import_ritual(tmp_path / "forged.json")[0] is None
    forged["commands"] = forged["commands"][:3] + [{"kind": "summon", "uid": 999}]
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    imported, messages = rituals.import_ritual(tmp_path / "forged.json")
    assert imported is None and "could not be replayed" in str(messages[0])
    assert rituals.import_ritual(tmp_path / "nothing.json")[0] is None


def test_simulate_records_every_game(tmp_path, capsys):
    from aleph_null_desktop.storage.rituals import load_ritual, replay_ritual

    folder = tmp_path / "recorded"
    assert main(["simulate", "--player", "greedy", "--circle", "magus", "--games", "3", "--seed", "40",
                 "--record", str(folder), "--json", "--records"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert sorted(p.name for p in folder.iterdir()) == ["magus-40.json", "magus-41.json", "magus-42.json"]
    for rec in summary["records"]:
        record, problem = load_ritual(folder / f"magus-{rec['seed']}.json")
        game, problem = replay_ritual(record)
        assert problem is None and game.outcome.won == rec["won"] and game.outcome.score == rec["score"]
