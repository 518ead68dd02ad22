"""One input, one question and one move (issue 25): the table submits the command object that
legal_commands offered, so the engine works out what is legal once for the position the player
acted on and carries the move out once, even when it first makes sure the move does not lose."""

import pygame
import pytest

from aleph_null_desktop.engine import Activate, Choose, Game, Summon, TakeToken
from aleph_null_desktop.ui.table.overlays import ConfirmDialog, InterferenceSpotlight


@pytest.fixture
def engine_work(monkeypatch):
    """Counts, for the position an input acts on, the engine's legality work (legal_commands
    worked out, one command checked) and the commands it carries out, on the game or a copy."""
    counts = {"legal": 0, "check": 0, "perform": 0}
    watched: dict = {}

    def counting(method: str, key: str) -> None:
        original = getattr(Game, method)

        def counted(self, *args, **kwargs):
            if watched.get("position") == len(self.history):
                counts[key] += 1
            return original(self, *args, **kwargs)

        monkeypatch.setattr(Game, method, counted)

    counting("_legal_now", "legal")
    counting("_refusal", "check")
    counting("_perform", "perform")

    def watch(game) -> dict:
        """From now on, count what is asked and done at this game's present position."""
        counts.update(legal=0, check=0, perform=0)
        watched["position"] = len(game.history)
        return counts

    return watch


def test_a_drop_on_play_asks_once_and_summons_once(table, driver, engine_work):
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.hold(driver.card_centre(uid), driver.zone_centre("play"))  # the table shows where it may land
    assert scene.app.current_settings().confirm_losing_moves  # the move is first tried for a loss
    counts = engine_work(scene.game)
    driver.release(driver.zone_centre("play"))
    assert scene.applied == [Summon(uid)]
    assert counts["legal"] + counts["check"] <= 1 and counts["perform"] == 1, counts


def test_a_drop_on_the_discard_pile_asks_once_and_scraps_once(table, driver, engine_work):
    scene = table({"play": ["salamander"]})
    uid = driver.uid("play", "salamander")
    driver.hold(driver.card_centre(uid), driver.zone_centre("discard"))
    counts = engine_work(scene.game)
    driver.release(driver.zone_centre("discard"))
    assert scene.applied == [Activate(uid, "scrap")]
    assert counts["legal"] + counts["check"] <= 1 and counts["perform"] == 1, counts


def test_a_click_on_the_tokens_and_on_a_target_ask_once_each(table, driver, engine_work):
    scene = table({"tokens": 2, "play": ["boline"], "hand": ["wax_candle", "sylph"], "deck": ["incense"]})
    counts = engine_work(scene.game)
    driver.click(driver.zone_centre("tokens"))
    assert scene.applied == [TakeToken()]
    assert counts["legal"] + counts["check"] <= 1 and counts["perform"] == 1, counts
    boline, sylph = driver.uid("play", "boline"), driver.uid("hand", "sylph")
    driver.drag(driver.card_centre(boline), driver.zone_centre("discard"))  # cut: scrap this → a target
    targets = scene.presenter.target_options()
    counts = engine_work(scene.game)
    driver.click(driver.card_centre(sylph))
    assert scene.applied[-1] == Choose(targets[sylph])
    assert counts["legal"] + counts["check"] <= 1 and counts["perform"] == 1, counts


def test_a_refused_drop_asks_and_carries_nothing_out(table, driver, engine_work):
    scene = table({"hand": ["gnome"], "power": 0})
    uid = driver.uid("hand", "gnome")
    driver.hold(driver.card_centre(uid), driver.zone_centre("play"))
    counts = engine_work(scene.game)
    driver.release(driver.zone_centre("play"))
    assert scene.applied == [] and scene.message == scene.game.explain(Summon(uid))
    assert counts["perform"] == 0 and counts["legal"] <= 1, counts


def test_a_losing_move_is_tried_once_then_carried_out_once_when_confirmed(table, driver, engine_work):
    scene = table({"hand": ["rumjal"], "damage": 2, "power": 0, "deck": ["sylph"]})
    uid = driver.uid("hand", "rumjal")
    before = scene.game.to_dict()
    assert isinstance(scene.modal, InterferenceSpotlight)  # the interference drawn is shown large
    counts = engine_work(scene.game)
    driver.key(pygame.K_RETURN)  # summon it: its unpaid cost would be the third damage
    assert isinstance(scene.modal, ConfirmDialog) and scene.applied == []
    assert scene.game.to_dict() == before  # tried on a copy, and the copy was dropped
    assert counts["legal"] + counts["check"] <= 1 and counts["perform"] == 1, counts
    counts = engine_work(scene.game)
    driver.key(pygame.K_RETURN)  # "Do it"
    assert scene.applied == [Summon(uid)] and scene.game.outcome is not None and not scene.game.outcome.won
    assert counts["legal"] + counts["check"] <= 1 and counts["perform"] == 1, counts
