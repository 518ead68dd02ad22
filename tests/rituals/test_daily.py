"""The daily ritual (issue 27): one deal and Circle per date, the same for everyone; one counted
attempt per date, replays are practice; best, streak and history kept in daily.json."""

from __future__ import annotations

import json
from datetime import date

import pytest

from aleph_null_desktop.cli import main
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.rituals.code import parse
from aleph_null_desktop.rituals.daily import daily_code, daily_summary


def test_the_daily_ritual_of_a_date_is_fixed():
    # golden values: every player, every machine, every day these stay the same
    assert daily_summary(date(2026, 11, 25)) == {"date": "2026-11-25", "circle": "adept", "code": "AN1-ADEPT-MYF6-MR20"}
    assert daily_summary(date(2026, 12, 2)) == {"date": "2026-12-02", "circle": "grand_master",
                                                "code": "AN1-GRANDMASTER-D1S9-1MJ6"}
    assert str(daily_code(date(2026, 1, 1))) == "AN1-MASTER-3G16-A8TE"
    code = parse("AN1-ADEPT-MYF6-MR20")
    hand = [c.card_id for c in new_game(seed=code.deal, circle=code.circle).zone("hand")]
    assert hand == [c.card_id for c in new_game(seed=daily_code(date(2026, 11, 25)).deal).zone("hand")]


def test_every_circle_comes_up_and_days_differ():
    codes = [daily_code(date.fromordinal(date(2026, 1, 1).toordinal() + i)) for i in range(365)]
    assert {c.circle for c in codes} == {"adept", "magus", "master", "grand_master", "prince"}
    assert len({c.deal for c in codes}) == 365


def test_the_daily_command(capsys):
    assert main(["daily", "--date", "2026-12-02", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"date": "2026-12-02", "circle": "grand_master",
                                                   "code": "AN1-GRANDMASTER-D1S9-1MJ6"}
    assert main(["daily", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == daily_summary(date.today())
    assert main(["daily", "--date", "2026-02-30"]) == 2
    assert "--date must be a date" in capsys.readouterr().err


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from aleph_null_desktop.storage import paths

    return paths.data_dir()


def test_one_counted_attempt_a_day_and_the_standing(data_dir):
    from aleph_null_desktop.storage.daily import load_daily, record_result, start_attempt, summary

    days = [date(2026, 11, d) for d in (20, 22, 23, 24)]
    for day in days:
        assert start_attempt(day, str(daily_code(day))) == (True, [])
        assert start_attempt(day, str(daily_code(day))) == (False, [])  # the second start is practice
    assert record_result(days[1], True, 17, "Adept") == []
    assert record_result(days[1], False, None, None) == []  # a day already judged keeps its result
    assert record_result(days[2], True, 23, "Magus") == []
    daily, messages = load_daily()
    assert messages == [] and daily["days"]["2026-11-22"]["score"] == 17
    standing = summary(daily, date(2026, 11, 24))
    assert standing["played"] == 4 and standing["won"] == 2 and standing["best"] == {"date": "2026-11-23", "score": 23}
    assert standing["streak"] == 3  # 22, 23, 24 (the 21st was missed)
    assert summary(daily, date(2026, 11, 25))["streak"] == 3  # today not yet played: the streak holds
    assert summary(daily, date(2026, 11, 26))["streak"] == 0
    assert [h["date"] for h in standing["history"]] == ["2026-11-24", "2026-11-23", "2026-11-22", "2026-11-20"]


def test_a_damaged_daily_file_is_repaired_or_set_aside(data_dir):
    from aleph_null_desktop.storage.daily import load_daily

    path = data_dir / "daily.json"
    path.write_text('{"version": 1, "days": {"2026-11-20": {"code": "x", "started": "t", "won": true, '
                    '"score": 5, "rank": "Adept"}, "yesterday": {}, "2026-11-21": {"won": "maybe"}}}')
    daily, messages = load_daily()
    assert list(daily["days"]) == ["2026-11-20"] and "2 days could not be read" in str(messages[0])
    assert any(p.name.startswith("daily.json.corrupt-") for p in data_dir.iterdir())
    path.write_text("{not json")
    daily, messages = load_daily()
    assert daily["days"] == {} and messages and "daily.json" in str(messages[0])
