"""The rules of Aleph Null: pure Python, no pygame, no I/O beyond reading the card data.

    g = new_game(seed=7, circle="adept")
    g.legal_commands(); g.apply(cmd) -> [Event]; g.pending; g.outcome; g.undo()
    g.observe() -> Observation; g.public_key(); g.determinized(rng)   (what a player may see)
    g.end_turn_preview() -> EndTurnPreview (an int with .total, .parts, .summary())
"""

from aleph_null_desktop.engine.cards import CardDataError, CardDef, CardSet, load_builtin_cards, load_card_pack
from aleph_null_desktop.engine.commands import (
    Activate, Choose, Command, EndTurn, Summon, TakeToken, command_from_dict, command_to_dict,
)
from aleph_null_desktop.engine.events import Event
from aleph_null_desktop.engine.game import Game, new_game
from aleph_null_desktop.engine.model import CardInstance, Decision, IllegalCommand, Option, Outcome
from aleph_null_desktop.engine.observation import Observation
from aleph_null_desktop.engine.preview import EndTurnPreview, PreviewPart

__all__ = [
    "Activate", "CardDataError", "CardDef", "CardInstance", "CardSet", "Choose", "Command", "Decision",
    "EndTurn", "EndTurnPreview", "Event", "Game", "IllegalCommand", "Observation", "Option", "Outcome",
    "PreviewPart", "Summon", "TakeToken",
    "command_from_dict", "command_to_dict", "load_builtin_cards", "load_card_pack", "new_game",
]
