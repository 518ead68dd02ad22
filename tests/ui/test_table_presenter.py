"""The table's presenter: what the table shows about a position, from the engine's own answers,
asked once per game version, with no pygame. Its words follow the language of the moment."""

import subprocess
import sys

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Game, Summon
from aleph_null_desktop.i18n import set_language
from aleph_null_desktop.ui.table.presenter import TablePresenter


def test_the_presenter_needs_no_pygame():
    code = ("import sys; import aleph_null_desktop.ui.table.presenter; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_it_asks_the_engine_once_per_game_version(monkeypatch):
    game = Game.from_scenario({"hand": ["wealthy_tanist", "gnome"], "deck": ["sylph"] * 6})
    presenter = TablePresenter(game)
    asked = []
    legal_commands = Game.legal_commands  # a Game has slots: its methods are patched on the class
    monkeypatch.setattr(Game, "legal_commands", lambda self: (asked.append(1), legal_commands(self))[1])
    for _ in range(5):
        assert Summon(game.zone("hand")[0].uid) in presenter.legal
        presenter.unusable, presenter.end_reason, presenter.end_cost, presenter.drop_zones(
            game.zone("hand")[1].uid, "hand")
    assert len(asked) == 1
    game.apply(Summon(game.zone("hand")[0].uid))
    presenter.changed()
    assert Summon(game.zone("hand")[0].uid) not in presenter.legal  # the Gnome: no power left
    assert len(asked) == 2


def test_unusable_cards_and_drop_zones_are_the_engines_answers():  # R4.2: a card costs its power
    game = Game.from_scenario({"hand": ["wealthy_tanist", "gnome"], "play": ["salamander", "bell"],
                               "deck": ["sylph"] * 6})
    presenter = TablePresenter(game)
    tanist, gnome = (c.uid for c in game.zone("hand"))
    salamander = game.zone("play")[0].uid
    assert presenter.unusable == {gnome: game.explain(Summon(gnome))} and presenter.unusable[gnome]
    assert presenter.drop_zones(tanist, "hand") == {"play": True}
    assert presenter.drop_zones(gnome, "hand") == {"play": False}
    assert presenter.drop_zones(salamander, "play") == {"discard": True, "sacrifice": True}
    assert Activate(salamander, "scrap") in presenter.legal


def test_a_decision_among_cards_on_the_table_is_offered_as_targets():
    game = Game.from_scenario({"play": ["boline"], "hand": ["sylph"], "power": 3, "deck": ["gnome"] * 6})
    presenter = TablePresenter(game)
    assert presenter.target_options() is None and presenter.end_reason is None
    game.apply(Activate(game.zone("play")[0].uid, "cut"))
    presenter.changed()
    targets = presenter.target_options()
    assert targets and set(targets) <= {c.uid for c in game.zone("hand")} | {c.uid for c in game.zone("play")}
    assert all(Choose(i) in presenter.legal for i in targets.values())
    assert presenter.end_reason == game.explain(EndTurn()) and presenter.end_reason
    assert presenter.disabled_reason("end_turn") and "(R" not in presenter.disabled_reason("end_turn")
    assert presenter.end_cost == 0 and presenter.end_turn_detail() == ""


def test_end_turn_words_follow_the_language():  # R5.2: unspent power costs damage at the end of a turn
    game = Game.from_scenario({"power": 1, "hand": ["sylph"], "deck": ["wax_candle"] * 6})
    presenter = TablePresenter(game)
    assert presenter.end_cost == game.end_turn_preview().total == 1
    english = presenter.end_turn_detail()
    try:
        set_language("de")
        german = presenter.end_turn_detail()
    finally:
        set_language("en")
    assert english.startswith("Ending now:") and german != english and "Ending" not in german
