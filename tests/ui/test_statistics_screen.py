"""The Statistics screen with a prepared stats.json, through real events: the exact numbers per
Circle (read from the scene's model and found in the drawn text), rituals with a card pack or
custom cards counted apart, the last 50 scores in the chart, reset asked first, a damaged file
set aside with a message, and the way in from the title and from Judgement."""

from __future__ import annotations

import json

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.engine import EndTurn, new_game
from aleph_null_desktop.ui.scenes.confirm import ConfirmScene
from aleph_null_desktop.ui.scenes.judgement import JudgementScene
from aleph_null_desktop.ui.scenes.statistics import StatisticsScene


def win(circle, score, rank, hour, **more):
    return {"circle": circle, "won": True, "score": score, "rank": rank, "reason": "summoned", "hour": hour,
            "turns": 20, "date": "2026-11-20T10:00:00", **more}


def loss(circle, reason, hour, score=None, **more):
    return {"circle": circle, "won": False, "score": score, "rank": None, "reason": reason, "hour": hour,
            "turns": 15, "date": "2026-11-20T11:00:00", **more}


HISTORY = [
    win("adept", 3, "Master", 4), win("adept", 8, "Grand Master", 5), loss("adept", "damage", 2),
    win("adept", 1, "Wizard", 3), loss("adept", "negative_score", 6, score=-2), loss("adept", "time", 7),
    win("adept", 2, "Wizard", 4),
    loss("prince", "key_sacrificed", 3),
    win("magus", 5, "Master", 4, pack="Printed texts"),
]


def _prepare(user_dirs, history) -> None:
    user_dirs.data.mkdir(parents=True, exist_ok=True)
    (user_dirs.data / "stats.json").write_text(json.dumps({"version": 1, "history": history}), encoding="utf-8")


def _open(app, driver) -> StatisticsScene:
    app.persist = True
    app.show_title()
    driver.frames()
    driver.key(pygame.K_t)
    scene = driver.scene
    assert isinstance(scene, StatisticsScene)
    driver.frames()
    return scene


def test_the_numbers_of_a_prepared_file_exactly(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    scene = _open(app, driver)
    adept = scene.model.row("adept")
    assert adept.cells() == ["Circle of the Adept", "7", "4", "57%", "8 · Grand Master", "1 / 2", "4.4"]
    assert dict(adept.losses) == {"the third damage token": 1, "a Key sacrificed": 0, "the last Hour passed": 1,
                                  "cards left at the summoning": 0, "a negative score": 1}
    assert dict(adept.ranks) == {"Adept": 0, "Wizard": 2, "Master": 1, "Grand Master": 1, "Prince": 0}
    assert scene.model.row("prince").cells() == ["Circle of the Prince", "1", "0", "0%", "—", "0 / 0", "—"]
    assert scene.model.row("magus").cells() == ["Circle of the Magus", "0", "0", "—", "—", "0 / 0", "—"]
    own = scene.model.row("magus+own")
    assert own.cells() == ["Circle of the Magus, own cards or a pack", "1", "1", "100%", "5 · Master", "1 / 1",
                           "4.0"]
    for text in ("57%", "8 · Grand Master", "1 / 2", "4.4", "100%", "Circle of the Magus, own cards or a pack",
                 "the third damage token"):
        assert text in scene.drawn, text
    assert [p.score for p in scene.model.points] == [3, 8, None, 1, -2, None, 2, None, 5]
    assert scene.model.played == 9


def test_choosing_a_row_shows_its_endings(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    scene = _open(app, driver)
    assert scene.model.rows[scene.selected].key == "adept"
    n = next(i for i, r in enumerate(scene.model.rows) if r.key == "prince")
    driver.click(scene.row_rect(n).center)
    assert scene.model.rows[scene.selected].key == "prince"
    driver.frames()
    assert "Circle of the Prince" in scene.drawn and dict(scene.model.rows[n].losses)["a Key sacrificed"] == 1


def test_the_chart_holds_the_last_50_rituals(app, driver, user_dirs):
    history = [win("master", n % 11, "Master", 4) for n in range(60)]
    _prepare(user_dirs, history)
    scene = _open(app, driver)
    assert [p.number for p in scene.model.points] == list(range(1, 51))
    assert [p.score for p in scene.model.points] == [n % 11 for n in range(10, 60)]
    assert "Scores of the last 50 rituals" in scene.drawn and "50" in scene.drawn and "score" in scene.drawn
    assert scene.model.row("master").played == 60  # the totals count every ritual, not only the chart's


def test_empty_statistics(app, driver, user_dirs):
    scene = _open(app, driver)
    assert scene.model.played == 0 and scene.model.points == []
    assert "No rituals recorded yet." in scene.drawn
    assert not scene.reset_button.enabled


def test_reset_asks_first(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    scene = _open(app, driver)
    driver.click(scene.reset_button.rect.center)
    ask = driver.scene
    assert isinstance(ask, ConfirmScene) and "All 9 rituals" in ask.text
    driver.key(pygame.K_ESCAPE)  # Keep them
    assert driver.scene is scene and scene.model.played == 9
    driver.key(pygame.K_r)
    driver.click(driver.scene.yes_button.rect.center)
    assert driver.scene is scene and scene.model.played == 0
    assert storage.load_stats()[0]["history"] == []


def test_a_damaged_file_is_set_aside_with_a_message(app, driver, user_dirs):
    user_dirs.data.mkdir(parents=True)
    (user_dirs.data / "stats.json").write_text("{ not json", encoding="utf-8")
    scene = _open(app, driver)
    assert scene.model.played == 0
    assert "stats.json" in app.error_text and "set aside" in app.error_text
    assert [p for p in user_dirs.data.iterdir() if p.name.startswith("stats.json.corrupt-")]
    app.error_text = ""


def test_from_judgement_and_back(app, driver, user_dirs):
    _prepare(user_dirs, HISTORY)
    app.persist = True
    game = new_game(seed=3, circle="adept")
    while game.outcome is None:
        legal = game.legal_commands()
        game.apply(EndTurn() if EndTurn() in legal else legal[0])
    app.show_judgement(game, "adept")
    driver.frames()
    judgement = driver.scene
    statistics = next(b for b in judgement.buttons if b.label == "Statistics")
    driver.click(statistics.rect.center)
    assert isinstance(driver.scene, StatisticsScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is judgement and isinstance(judgement, JudgementScene)
    driver.key(pygame.K_t)
    assert isinstance(driver.scene, StatisticsScene)


def test_in_german_the_chart_keeps_its_words_inside_and_decimals_have_a_comma(app, driver, user_dirs):
    from aleph_null_desktop import i18n

    _prepare(user_dirs, HISTORY)
    assert i18n.set_language("de") is None
    drawn = []
    scene = _open(app, driver)
    original = scene._text

    def text(surface, font, words, colour, pos, anchor="topleft"):
        rect = original(surface, font, words, colour, pos, anchor)
        drawn.append((words, rect))
        return rect

    scene._text = text
    scene.still.release()  # painted whole again (else the frame shows the picture kept)
    driver.frames()
    assert scene.model.row("adept").cells()[-1] == "4,4"
    labels = {words: rect for words, rect in drawn if words in ("keine Wertung", "Wertung")}
    assert set(labels) == {"keine Wertung", "Wertung"}, [w for w, _r in drawn]
    for words, rect in labels.items():  # inside the chart's frame, not across its left edge
        assert scene.chart.inflate(-4, -4).contains(rect), (words, rect, scene.chart)
    from aleph_null_desktop.ui.scenes.statistics import COLUMNS

    heads = {words: rect.h for words, rect in drawn if words in {i18n._(w) for _share, w in COLUMNS}}
    assert len(heads) == len(COLUMNS) and len(set(heads.values())) == 1, heads  # none squeezed smaller
