"""The simulator's summary (fields, determinism, the command line) and the hint."""

import json
import random
import time
from dataclasses import replace

import pytest

from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.ai.hint import HINT_CONFIG, hint, make_hint
from aleph_null_desktop.ai.search import TurnSearch
from aleph_null_desktop.ai.simulate import GameRecord, compare, simulate, summarize
from aleph_null_desktop.cli import add_simulate_parser, run_simulate
from aleph_null_desktop.cli import simulate_main as main
from aleph_null_desktop.engine import new_game

FIELDS = {"games", "wins", "win_rate", "win_rate_ci95", "mean_score_of_wins", "rank_counts",
          "mean_hour_of_baphomet", "losses_by_reason"}


def test_summary_has_the_documented_fields_and_is_deterministic_by_seed():
    a = simulate("magus", "greedy", 6, seed=40)
    b = simulate("magus", "greedy", 6, seed=40)
    assert FIELDS <= set(a)
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    assert a["games"] == 6 and [r["seed"] for r in a["records"]] == list(range(40, 46))
    lo, hi = a["win_rate_ci95"]
    assert 0.0 <= lo <= a["win_rate"] <= hi <= 1.0
    assert set(a["rank_counts"]) == {"Adept", "Wizard", "Master", "Grand Master", "Prince"}
    assert sum(a["rank_counts"].values()) == a["wins"]
    assert sum(a["losses_by_reason"].values()) == a["games"] - a["wins"]


def test_parallel_processes_give_the_same_summary():
    one = simulate("adept", "random", 8, seed=3, jobs=1)
    two = simulate("adept", "random", 8, seed=3, jobs=2)
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_summary_of_wins():
    recs = [GameRecord(1, True, "summoned", 8, "Grand Master", 4, 50),
            GameRecord(2, True, "summoned", 3, "Master", 5, 60),
            GameRecord(3, False, "time", None, None, 6, 70)]
    s = summarize(recs)
    assert s["wins"] == 2 and s["mean_score_of_wins"] == 5.5 and s["mean_hour_of_baphomet"] == 4.5
    assert s["rank_counts"]["Master"] == 1 and s["losses_by_reason"]["time"] == 1
    assert s["median_rank_of_wins"] == "Master"


def test_compare_pairs_the_same_deals(capsys):
    assert main(["--circle", "adept", "--player", "greedy", "--compare", "random", "--games", "6",
                 "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    other = out["compare"]
    assert other["player"] == "random" and other["wins"] == 0  # random never wins
    assert other["only_first_won"] == out["wins"] and other["both_won"] == 0
    assert other["both_won"] + other["only_first_won"] + other["only_second_won"] + other["neither_won"] == 6
    assert other["mcnemar_p_first_stronger"] == pytest.approx(0.5 ** out["wins"])
    assert main(["--circle", "adept", "--player", "greedy", "--compare", "random", "--games", "2"]) == 0
    assert "McNemar" in capsys.readouterr().out
    with pytest.raises(ValueError):
        compare(simulate("adept", "random", 2, seed=1), simulate("adept", "random", 2, seed=5))


def test_command_line_prints_json(capsys, tmp_path):
    assert main(["--circle", "adept", "--player", "random", "--games", "5", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert FIELDS <= set(out) and out["games"] == 5 and "records" not in out
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps({"cards": [{"id": "gnome", "name": "Gnome", "type": "magical_power", "cost": 0,
                                           "actions": [{"id": "scrap", "cost": [{"op": "scrap_self"}],
                                                        "effect": [{"op": "gain_power", "amount": 2}]}]}]}))
    assert main(["--player", "random", "--games", "3", "--cards", str(pack), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"] == str(pack)
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": [{"id": "gnome"}]}')
    assert main(["--player", "random", "--games", "3", "--cards", str(bad)]) == 2
    assert "gnome" in capsys.readouterr().err


def test_the_parser_can_live_under_the_games_own_command_line():
    import argparse

    parser = argparse.ArgumentParser(prog="aleph-null")
    add_simulate_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", "--player", "greedy", "--games", "2", "--json"])
    assert args.handler is run_simulate and args.circle == "adept" and args.jobs == 1


@pytest.mark.parametrize("seed,circle", [(1, "adept"), (2, "prince")])
def test_hint_suggests_a_legal_command_with_reasons(seed, circle):
    g = new_game(seed=seed, circle=circle)
    for _ in range(3):
        cmd, text = hint(g)
        assert cmd in g.legal_commands()
        assert isinstance(text, str) and len(text) > 10
        g.apply(cmd)


class _RacingClock:
    """Every clock of the `time` module, running 10 s per reading: a machine under heavy load."""

    def __init__(self, monkeypatch):
        self.now = 0.0
        for name in ("perf_counter", "monotonic", "time", "process_time", "thread_time"):
            monkeypatch.setattr(time, name, self.tick)

    def tick(self) -> float:
        self.now += 10.0
        return self.now


def _midgame_positions():
    """Hour II-IV positions with a real choice, from greedy games on two Circles."""
    out = []
    for seed, circle in ((3, "magus"), (5, "prince")):
        g = new_game(seed=seed, circle=circle)
        rng = random.Random(seed)
        while g.outcome is None and len(out) < 3 * (1 + (circle == "prince")):
            if 2 <= g.hour <= 4 and len(g.legal_commands()) > 2 and g.pending is None:
                out.append(g.clone())
                for _ in range(4):  # spread them out
                    if g.outcome is None:
                        g.apply(GreedyPlayer().choose_command(g, rng))
                continue
            g.apply(GreedyPlayer().choose_command(g, rng))
    return out


def test_hint_is_the_same_on_an_idle_and_a_loaded_machine(monkeypatch):
    positions = _midgame_positions()
    assert len(positions) >= 4
    idle = [make_hint(g) for g in positions]
    _RacingClock(monkeypatch)
    loaded = [make_hint(g.clone()) for g in positions]
    assert [h.command for h in loaded] == [h.command for h in idle]
    assert [h.text for h in loaded] == [h.text for h in idle]


def test_hint_search_stops_at_its_node_budget():
    g = _midgame_positions()[0]
    small = replace(HINT_CONFIG, node_budget=200)
    search = TurnSearch(g, random.Random(1), small)
    assert 200 <= search.work.nodes < 200 + 60  # one expansion past the budget at most
    unbounded = TurnSearch(g, random.Random(1), replace(HINT_CONFIG, node_budget=None))
    assert unbounded.work.nodes > search.work.nodes
    assert make_hint(g, small).command in g.legal_commands()

