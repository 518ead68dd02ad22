"""stats.py: recording games and the per-Circle summary."""

from __future__ import annotations

import json

import pytest

from aleph_null_desktop.storage import paths, stats
from aleph_null_desktop.storage.stats import load_stats, record_game, summary


def game(circle="adept", won=True, score=5, rank="Master", reason="summoned", hour=4, turns=20,
         date="2026-11-23T10:00:00", pack=None, custom=None):
    return {"circle": circle, "won": won, "score": score, "rank": rank, "reason": reason,
            "hour": hour, "turns": turns, "date": date, "pack": pack, "custom": custom}


def loss(circle="adept", reason="damage", score=None):
    return game(circle, won=False, score=score, rank=None, reason=reason)


def test_summary_numbers():
    sequence = [
        game(score=3, rank="Master"),
        game(score=8, rank="Grand Master"),
        loss(reason="damage"),
        game(score=1, rank="Wizard"),
        game(score=0, rank="Adept"),
        game(score=6, rank="Grand Master"),
        loss(reason="key_sacrificed", score=-2),
        loss(reason="damage"),
        game(score=2, rank="Wizard"),
        game(circle="prince", score=9, rank="Prince"),
        loss(circle="prince", reason=None),
    ]
    for g in sequence:
        assert record_game(g) == []
    stats_doc, messages = load_stats()
    assert messages == []
    s = summary(stats_doc)
    assert list(s) == ["adept", "prince"]
    assert s["adept"] == {
        "played": 9,
        "won": 6,
        "lost": 3,
        "win_rate": pytest.approx(6 / 9),
        "best_score": 8,
        "best_rank": "Grand Master",
        "average_summon_hour": 4.0,
        "current_streak": 1,
        "best_streak": 3,
        "ranks": {"Master": 1, "Grand Master": 2, "Wizard": 2, "Adept": 1},
        "losses_by_reason": {"damage": 2, "key_sacrificed": 1},
    }
    assert s["prince"] == {
        "played": 2, "won": 1, "lost": 1, "win_rate": 0.5, "best_score": 9, "best_rank": "Prince",
        "average_summon_hour": 4.0, "current_streak": 0, "best_streak": 1, "ranks": {"Prince": 1},
        "losses_by_reason": {"unknown": 1},
    }


def test_the_average_hour_counts_every_summoning_and_only_those():
    for g in (game(hour=3), game(hour=5), loss(reason="negative_score", score=-1) | {"hour": 4},
              loss(reason="cards_remain") | {"hour": 6}, loss(reason="damage") | {"hour": 2},
              loss(reason="time") | {"hour": 7}):
        assert record_game(g) == []
    assert summary(load_stats()[0])["adept"]["average_summon_hour"] == pytest.approx((3 + 5 + 4 + 6) / 4)


def test_rituals_with_a_pack_or_custom_cards_are_counted_apart():
    for g in (game(), game(pack="Printed texts"), game(custom=True), loss(), game(custom=False)):
        assert record_game(g) == []
    s = summary(load_stats()[0])
    assert (s["adept"]["played"], s["adept"]["won"]) == (3, 2)
    assert (s["adept+own"]["played"], s["adept+own"]["won"]) == (2, 2)


def test_totals_from_before_the_average_hour_load_quietly():
    old = {"played": 2, "won": 1, "best_score": 4, "current_streak": 0, "best_streak": 1,
           "ranks": {"Master": 1}, "losses_by_reason": {"damage": 1}}
    paths.stats_path().write_text(json.dumps({"version": 1, "totals": {"adept": old}, "history": []}))
    loaded, messages = load_stats()
    assert messages == []
    s = summary(loaded)["adept"]
    assert (s["played"], s["best_score"], s["best_rank"], s["average_summon_hour"]) == (2, 4, None, None)


def test_reset_forgets_every_ritual():
    record_game(game())
    assert stats.reset_stats() == []
    assert load_stats() == (stats.empty_stats(), [])


def test_only_losses():
    record_game(loss(score=-3))
    s = summary(load_stats()[0])["adept"]
    assert (s["played"], s["won"], s["win_rate"], s["best_score"], s["best_streak"]) == (1, 0, 0.0, None, 0)


def test_empty_summary():
    assert summary(load_stats()[0]) == {}


def test_file_layout_and_history(user_dirs):
    record_game(game(score=4))
    doc = json.loads((user_dirs.data / "stats.json").read_text())
    assert doc["version"] == 1
    assert doc["history"] == [game(score=4)]
    assert doc["totals"]["adept"]["played"] == 1


def test_history_is_bounded_but_totals_are_not(monkeypatch):
    monkeypatch.setattr(stats, "MAX_HISTORY", 5)
    for i in range(12):
        record_game(game(score=i, turns=i))
    doc, _ = load_stats()
    assert [g["turns"] for g in doc["history"]] == [7, 8, 9, 10, 11]
    s = summary(doc)["adept"]
    assert (s["played"], s["won"], s["best_score"], s["best_streak"]) == (12, 12, 11, 12)


def test_the_card_pack_is_kept_with_the_game():
    record_game(game(pack="My printed texts"))
    assert load_stats()[0]["history"][0]["pack"] == "My printed texts"


def test_default_date_and_extra_keys_dropped():
    out = game()
    del out["date"]
    record_game({**out, "debug": [1, 2]})
    entry = load_stats()[0]["history"][0]
    assert set(entry) == set(stats.GAME_FIELDS) - {"ritual"}  # the ritual's id only when it has one
    assert entry["date"][:2] == "20" and "T" in entry["date"]


@pytest.mark.parametrize(
    "bad",
    [
        {**game(), "won": "yes"},
        {**game(), "circle": ""},
        {**game(), "score": 2.5},
        {**game(), "turns": -1},
        {**game(), "rank": 3},
        "a game",
    ],
)
def test_malformed_outcome_is_a_programming_error(bad):
    with pytest.raises((ValueError, TypeError)):
        record_game(bad)
    assert load_stats() == (stats.empty_stats(), [])


def test_bad_history_entries_are_left_out_and_the_file_set_aside(listing):
    good = [game(score=2), loss()]
    doc = {"version": 1, "history": [good[0], {"circle": 5}, "junk", good[1]]}
    paths.stats_path().write_text(json.dumps(doc))
    loaded, messages = load_stats()
    assert loaded["history"] == good
    assert summary(loaded)["adept"]["played"] == 2
    assert len(messages) == 1
    assert str(messages[0]).startswith("stats.json was partly damaged (2 games of the history could not "
                                  "be read and were left out); ")
    assert str(messages[0]).endswith("and the rest of the statistics were kept")
    assert len([n for n in listing(paths.data_dir()) if ".corrupt-" in n]) == 1
    assert load_stats() == (loaded, []), "the repaired file was saved"


def test_totals_that_do_not_add_up_are_rebuilt_from_history():
    history = [game(score=2), game(score=7), loss()]
    doc = {"version": 1, "history": history,
           "totals": {"adept": {"played": 1, "won": 5, "best_score": 2, "current_streak": 0,
                                "best_streak": 0, "ranks": {}, "losses_by_reason": {}}}}
    paths.stats_path().write_text(json.dumps(doc))
    loaded, messages = load_stats()
    s = summary(loaded)["adept"]
    assert (s["played"], s["won"], s["best_score"], s["best_streak"]) == (3, 2, 7, 2)
    assert "the totals did not add up and were counted again from the last 3 games" in str(messages[0])


def test_history_only_file_is_counted_quietly():
    paths.stats_path().write_text(json.dumps({"history": [game(score=3), loss()]}))
    loaded, messages = load_stats()
    assert messages == []
    assert summary(loaded)["adept"]["played"] == 2


def test_recording_onto_a_corrupt_file_reports_and_starts_again(listing):
    paths.stats_path().write_text("{oops")
    messages = record_game(game(score=6))
    assert len(messages) == 1 and "stats.json could not be read" in str(messages[0])
    assert summary(load_stats()[0])["adept"]["played"] == 1
    assert len([n for n in listing(paths.data_dir()) if ".corrupt-" in n]) == 1


@pytest.mark.parametrize("totals", [{}, {"played": "x"}, {"played": 1, "won": None}, {"summoned": 2},
                                    {"played": 1.5, "won": 0, "summoned": 0, "summon_hours": 0}])
def test_totals_of_the_wrong_shape_are_counted_again_and_a_ritual_still_records(totals, listing):
    # issue 29: {"adept": {}} raised KeyError in Statistics and in record_game, losing every result
    history = [game(score=4), loss()]
    paths.stats_path().write_text(json.dumps({"version": 1, "totals": {"adept": totals}, "history": history}))
    loaded, messages = load_stats()
    assert summary(loaded)["adept"]["played"] == 2
    assert "the totals did not add up" in str(messages[0])
    assert len([n for n in listing(paths.data_dir()) if ".corrupt-" in n]) == 1
    assert record_game(game(score=9)) == []
    assert summary(load_stats()[0])["adept"]["played"] == 3


def test_a_ritual_is_recorded_once_however_often_its_end_is_handed_over():
    # issue 29: killed after recording, before its autosave went, the last move is played again
    assert record_game(game(score=3) | {"ritual": "r1"}) == []
    assert record_game(game(score=3) | {"ritual": "r1"}) == []
    assert record_game(game(score=5) | {"ritual": "r2"}) == []
    loaded = load_stats()[0]
    assert [g["ritual"] for g in loaded["history"]] == ["r1", "r2"] and summary(loaded)["adept"]["played"] == 2
    assert stats.recorded("r1") and not stats.recorded("r3")
