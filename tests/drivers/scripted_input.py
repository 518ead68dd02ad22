"""Plays the game as a person would, by posting real pygame mouse and keyboard events through the
app's own loop, one frame per step (the UI tests, bench/session.py): the smoke test's player, with
a double click and the uid of a card by its id."""

from __future__ import annotations

from aleph_null_desktop.ui.smoke_player import SmokePlayer


class ScriptedInput(SmokePlayer):
    def double_click(self, pos) -> None:
        self.click(pos, clicks=1)
        self.click(pos, clicks=2)

    def uid(self, zone: str, card_id: str) -> int:
        return next(c.uid for c in self.scene.game.zone(zone) if c.card_id == card_id)
