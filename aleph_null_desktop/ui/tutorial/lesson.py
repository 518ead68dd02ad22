"""The first ritual's script: a fixed deal on the Circle of the Adept, and its steps in order.

Each step names the move it waits for (`expect`), where the coach's arrow points (`point`) and
what the coach says. The deal is short but touches every idea of the game: summoning, scrapping
and sacrificing for power, the cost of ending a turn, the Grimoire's Hours and tokens,
interference, the Keys and BAPHOMET, and Judgement. It is played by the real engine; the lesson
only decides which of the legal moves it waits for.
"""

from __future__ import annotations

from dataclasses import dataclass

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.i18n import N_

CIRCLE = "adept"
KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]
# Hour V of VI, one token on the Grimoire, the three Keys already in play; the deck's top card
# first: Church Bells (interference) will be drawn by the Sylph, then BAPHOMET by the next turn
DEAL = {"circle": CIRCLE, "hour": 5, "tokens": 1, "play": KEYS,
        "hand": ["salamander", "sylph", "wax_candle"], "deck": ["church_bells", "baphomet"]}


@dataclass(frozen=True)
class Step:
    expect: tuple  # ("summon", card) | ("activate", card, action) | ("choose",) | ("token",) | ("end_turn",)
    point: tuple | None  # ("card", card id) | ("zone", layout name) | ("button", name) | None
    title: str
    text: str
    goal: str  # the move in a few words, for "not yet" messages

    def matches(self, game, cmd) -> bool:
        kind = self.expect[0]
        if kind == "summon":
            return isinstance(cmd, Summon) and game.card(cmd.uid).card_id == self.expect[1]
        if kind == "activate":
            return (isinstance(cmd, Activate) and game.card(cmd.uid).card_id == self.expect[1]
                    and cmd.action == self.expect[2])
        if kind == "choose":
            return isinstance(cmd, Choose)
        if kind == "token":
            return isinstance(cmd, TakeToken)
        return kind == "end_turn" and isinstance(cmd, EndTurn)


STEPS = (
    Step(("summon", "salamander"), ("card", "salamander"), N_("Summon"),
         N_("Welcome to your first ritual. Your goal: summon BAPHOMET before the last Hour passes. "
            "Cards are summoned from your hand into play; the number in a card's corner is its cost in "
            "virtual power. Salamander costs nothing: drag it into play (or click it and choose Summon)."),
         N_("summon Salamander")),
    Step(("activate", "salamander", "scrap"), ("card", "salamander"), N_("Scrap for power"),
         N_("Cards in play give power. Drag Salamander onto the discard pile to scrap it: it gives "
            "2 virtual power, the blue flame at the left."),
         N_("scrap Salamander onto the discard pile")),
    Step(("summon", "sylph"), ("card", "sylph"), N_("Summon again"),
         N_("Now summon the Sylph. Its red † line is an effect that happens when it is sacrificed."),
         N_("summon the Sylph")),
    Step(("activate", "sylph", "sacrifice"), ("card", "sylph"), N_("Sacrifice"),
         N_("Drag the Sylph onto the sacrifice pile. A sacrificed card is gone for good: that is how "
            "the deck thins to nothing. It gives 1 power, and its † effect draws a card."),
         N_("sacrifice the Sylph onto the sacrifice pile")),
    Step(("summon", "church_bells"), None, N_("Interference"),
         N_("The card drawn is interference, sent by the Church. Interference in your hand must be "
            "summoned before anything else. Church Bells costs nothing: press Enter or click Summon. "
            "In play it makes your hand one card smaller."),
         N_("summon Church Bells")),
    Step(("token",), ("zone", "tokens"), N_("The Grimoire's Hours and tokens"),
         N_("The Grimoire shows the Hour: V of VI. When a draw finds the deck too short, the Hour "
            "turns; past Hour VI the ritual is lost. A token left on the Grimoire when the Hour turns "
            "costs 1 damage. Take it now: click it for 1 power."),
         N_("take the token from the Grimoire")),
    Step(("activate", "book_of_pacts", "pact"), ("card", "book_of_pacts"), N_("The Keys"),
         N_("These three Keys (Book of Pacts, Wand of Power, Grand Circle) must all be in play to "
            "summon BAPHOMET, and then the deck, your hand and the discard pile must be empty. "
            "Click the Book of Pacts: pay 2 power to sacrifice Salamander from the discard pile."),
         N_("use the Book of Pacts")),
    Step(("choose",), None, N_("Choose"),
         N_("The discard pile is not on the table, so the choice opens here: click Salamander or "
            "press 1."),
         N_("choose Salamander")),
    Step(("summon", "wax_candle"), ("card", "wax_candle"), N_("One more card"),
         N_("One card is left in your hand. Summon the Wax Candle."),
         N_("summon the Wax Candle")),
    Step(("activate", "wax_candle", "burn"), ("card", "wax_candle"), N_("Scrap it"),
         N_("Scrap the Wax Candle onto the discard pile for 1 power."),
         N_("scrap the Wax Candle")),
    Step(("activate", "book_of_pacts", "pact"), ("card", "book_of_pacts"), N_("Empty the discard pile"),
         N_("The discard pile must be empty for BAPHOMET. Use the Book of Pacts once more."),
         N_("use the Book of Pacts")),
    Step(("choose",), None, N_("Choose"),
         N_("Choose the Wax Candle."),
         N_("choose the Wax Candle")),
    Step(("end_turn",), ("button", "end_turn"), N_("The cost of ending a turn"),
         N_("Power you have not spent when the turn ends becomes damage, and three damage lose the "
            "ritual. The End Turn button always says what ending now costs: here 1 damage. Nothing is "
            "left to spend it on, so end the turn (Space) and take it. Only one card is left to draw, "
            "fewer than your hand holds: the Hour turns to VI, the last."),
         N_("end the turn")),
    Step(("summon", "baphomet"), ("card", "baphomet"), N_("BAPHOMET"),
         N_("BAPHOMET is in your hand. The Keys are in play; the deck, your hand and the discard pile "
            "are empty. Summon him to end the ritual, and Judgement will count your score."),
         N_("summon BAPHOMET")),
)

FINISHED = (N_("Judgement"),
            N_("BAPHOMET is summoned. Judgement counts 1 for the summoning, 2 for each Hour left, 1 for "
               "each damage you did not take, and takes 1 for each other non-Key card he consumed."))
