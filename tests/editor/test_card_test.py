"""Test a card by simulation: paired rituals with and without the card (same seeds, same other
interference), in a worker process with progress and Cancel; the editor's panel driven by real
events; a card made strong and one made weak show a difference; the command line plays editor
cards in their level's pool and refuses what it cannot place."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pygame
import pytest

from aleph_null_desktop.editor import Action, CardDraft
from aleph_null_desktop.editor import cardtest
from aleph_null_desktop.editor.cardtest import CardTest, CardTestSpec, paired_setups, play_pair, summarize_pairs
from aleph_null_desktop.ui.editor import cardtest_scene
from aleph_null_desktop.ui.editor.cardtest_scene import CardTestScene
from aleph_null_desktop.ui.editor.edit_scene import EditScene
from aleph_null_desktop.editor import Library

HARSH = CardDraft(name="Iron Warden", level=1, side="hell", cost=9, ongoing=[{"op": "hour_damage", "amount": 3}],
                  actions=[Action([{"op": "pay", "amount": 9}], [{"op": "scrap_self"}])])
KIND = CardDraft(name="Kind Spirit", level=1, side="church", cost=0, on_summon=[{"op": "gain_power", "amount": 3}],
                 actions=[Action([], [{"op": "scrap_self"}])])


def spec(draft: CardDraft, games: int = 30) -> CardTestSpec:
    return CardTestSpec(draft.to_record("custom_tested"), "church_bells", "adept", "greedy", games)


def test_the_pairs_differ_only_by_the_card():
    (cards, pool), (none, baseline) = paired_setups(spec(HARSH), seed=7)
    assert [c["id"] for c in cards] == ["custom_tested"] and none == []
    assert pool[1][0] == "custom_tested" and baseline[1] == ["church_bells"] + pool[1][1:]
    assert "church_bells" not in pool[1]


def test_the_summary_of_hand_made_pairs():
    won = {"won": True, "reason": "summoned", "score": 4}
    lost = {"won": False, "reason": "damage", "score": None}
    s = summarize_pairs([(won, lost)] * 3 + [(won, won)] + [(lost, lost)])
    assert s["with"]["win_rate"] == 0.8 and s["without"]["win_rate"] == 0.2
    assert s["difference"] == pytest.approx(0.6) and s["only_with_won"] == 3 and s["only_without_won"] == 0
    lo, hi = s["difference_ci95"]
    assert 0 < lo < 0.6 < hi <= 1.2
    assert s["without"]["losses_by_reason"]["damage"] == 4 and s["with"]["mean_score_of_wins"] == 4


def test_a_card_made_strong_and_one_made_weak_show_a_difference():
    harsh = summarize_pairs([play_pair(spec(HARSH), 1 + i) for i in range(30)])
    kind = summarize_pairs([play_pair(spec(KIND), 1 + i) for i in range(30)])
    assert harsh["difference_ci95"][1] < 0 and "harder" in cardtest.verdict(harsh)
    assert kind["difference"] > 0 and kind["only_without_won"] == 0
    assert harsh["with"]["losses_by_reason"]["damage"] > harsh["without"]["losses_by_reason"]["damage"]


def test_the_worker_process_runs_and_cancels():
    test = CardTest(spec(KIND, games=4))
    test.start()
    deadline = time.monotonic() + 60
    while test.state == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        test.poll()
    assert test.state == "done" and len(test.pairs) == 4 and test.progress == 1.0
    long = CardTest(spec(KIND, games=400))
    long.start()
    long.cancel()  # returns at once; the worker ends meanwhile
    long._process.join(5)
    assert long.state == "cancelled" and not long._process.is_alive() and len(long.pairs) < 400


def test_the_panel_runs_from_the_editor_with_progress_cancel_and_results(driver, monkeypatch):
    monkeypatch.setattr(cardtest_scene, "QUICK_GAMES", 6)
    library = Library()
    library.load()
    driver.app.stack.replace_all(EditScene(driver.app, library, HARSH.copy()))
    driver.frames()
    driver.key(pygame.K_t, pygame.KMOD_CTRL)
    panel = driver.scene
    assert isinstance(panel, CardTestScene) and panel.test.state == "running" and panel.games == 6
    assert panel.buttons["cancel"].label == "Cancel"
    driver.click(panel.buttons["cancel"].rect.center)  # Cancel stops the worker; the panel stays
    assert panel.test.state == "cancelled" and driver.scene is panel
    assert panel.buttons["cancel"].label == "Close"
    driver.key(pygame.K_RIGHT)  # the next printed card to replace: a new run
    assert panel.replaces == "church_bells" and panel.test.state == "running"
    deadline = time.monotonic() + 90
    while panel.test.state == "running" and time.monotonic() < deadline:
        driver.frames()
        time.sleep(0.02)
    assert panel.test.state == "done" and len(panel.test.pairs) == 6
    driver.frames(2)  # the results drawn
    assert not driver.app.error_text
    driver.click(panel.buttons["more"].rect.center)  # more games, on request
    assert panel.games == 24 and panel.test.state == "running"
    driver.click(panel.buttons["expert"].rect.center)  # the expert, on request: fewer rituals
    assert panel.player == "expert" and panel.games == cardtest.EXPERT_GAMES and panel.test.spec.player == "expert"
    driver.key(pygame.K_ESCAPE)  # cancels the run
    assert panel.test.state == "cancelled" and driver.scene is panel
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, EditScene)


def _simulate(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "aleph_null_desktop", "simulate", "--player", "greedy", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_command_line_plays_editor_cards_and_never_ignores_one(tmp_path):
    card = tmp_path / "iron.json"
    card.write_text(json.dumps({"schema": 1, "cards": [HARSH.to_record("custom_iron_warden")]}), encoding="utf-8")
    with_card = _simulate("--cards", str(card), "--games", "12", "--json")
    assert with_card.returncode == 0, with_card.stderr
    assert "custom_iron_warden is set aside in place of ill_omen" in with_card.stderr
    result = json.loads(with_card.stdout)
    assert result["custom_cards"] == [{"id": "custom_iron_warden", "replaces": "ill_omen"}]
    baseline = json.loads(_simulate("--games", "12", "--json").stdout)
    assert result["losses_by_reason"] != baseline["losses_by_reason"] or result["wins"] != baseline["wins"]
    chosen = _simulate("--cards", str(card), "--games", "2", "--replace", "sexton")
    assert chosen.returncode == 0 and "in place of sexton" in chosen.stderr
    wrong = _simulate("--cards", str(card), "--games", "2", "--replace", "astaroth")
    assert wrong.returncode == 2 and "level I" in wrong.stderr
    level3 = tmp_path / "l3.json"
    level3.write_text(json.dumps({"schema": 1, "cards": [CardDraft(name="High Warden", level=3).to_record(
        "custom_high")]}), encoding="utf-8")
    nowhere = _simulate("--cards", str(level3), "--games", "2", "--circle", "adept")
    assert nowhere.returncode == 2 and "--circle" in nowhere.stderr
