"""No turn goes on for ever, by construction (R7.7 ruling of this edition).

Within a turn every card moves only on: deck -> hand -> play -> discard pile -> sacrifice pile,
never back until the Hour advances (at most seven times a ritual). A scrap or a discard never
takes a card from the discard pile, where it would stay, so every move moves a card on. Every
command of a turn is then one of: a summon or an action that moves a card on (at most four moves
a card between two Hours), an action that moves no card (once a turn per card: R7.1 and the FAQ),
a token (at most three a ritual), a choice (posed by the command before it), or the end of the
turn. The tests below play random, greedy and expert rituals on every Circle with hostile custom
cards that offer exactly the loops this rules out (no-op moves, heals, power loops) and hold
every turn and every ritual to a stated bound.
"""

import random

import pytest

from aleph_null_desktop.ai.expert import ExpertPlayer
from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.ai.random_player import RandomPlayer
from aleph_null_desktop.editor.cardtest import CardTestSpec, play_pair
from aleph_null_desktop.engine import Activate, Game, new_game
from aleph_null_desktop.engine.cards import cardset_with, circles, load_builtin_cards

MAX_TURN_COMMANDS = 250  # the stated bound of one turn; the longest turn seen here is far shorter
MAX_RITUAL_COMMANDS = 1500  # as in test_every_ritual_ends


def _move(move, zones, count=1, up_to=False):
    return {"op": "move", "move": move, "from": zones, "count": count, "up_to": up_to, "filter": {}}


# the card: "scrap a card from your discard pile -> gain 0P", and its relatives
CHURN = {"id": "churn", "cost": [_move("scrap", ["discard"])], "effect": [{"op": "gain_power", "amount": 0}]}
NO_OP_MOVES = [  # (a card has at most four actions)
    CHURN,
    {"id": "toss", "cost": [_move("discard", ["discard"])], "effect": [{"op": "remove_damage", "amount": 1}]},
    {"id": "stir", "cost": [], "effect": [_move("scrap", ["hand", "discard"], 2, up_to=True)]},
    {"id": "mill", "cost": [_move("scrap", ["hand", "discard"])], "effect": [{"op": "gain_power", "amount": 2}]},
]
SPENDERS = [  # unlimited, as they run power or health down; and their limited twins that gain it back
    {"id": "mend", "cost": [{"op": "pay", "amount": 1}], "effect": [{"op": "remove_damage", "amount": 1}]},
    {"id": "bleed", "cost": [], "effect": [{"op": "take_damage", "amount": 1}]},
    {"id": "sell", "cost": [], "effect": [{"op": "take_damage", "amount": 1}, {"op": "gain_power", "amount": 2}]},
    {"id": "trade", "cost": [{"op": "pay", "amount": 1}], "effect": [{"op": "gain_power", "amount": 1}]},
]
HEALS_AND_POWER = [
    {"id": "heal", "cost": [{"op": "pay", "amount": 0}], "effect": [{"op": "remove_damage", "amount": 1}]},
    {"id": "well", "cost": [{"op": "pay", "amount": 1}], "effect": [{"op": "gain_power", "amount": 2}]},
    {"id": "free", "cost": [], "effect": [{"op": "gain_power", "amount": 0}]},
    CHURN,
]


def _interference(cid, level, actions):
    return {"id": cid, "name": {"en": cid.title()}, "type": "interference", "level": level, "side": "hell",
            "cost": 0, "custom": True, "actions": actions}


# printed cards of the main deck, overridden by a card pack to carry the loops from the first turn
LOOPING_DECK = [
    {"id": "wax_candle", "name": {"en": "Wax Candle"}, "type": "artifact", "cost": 0, "count": 3,
     "actions": NO_OP_MOVES},
    {"id": "sylph", "name": {"en": "Sylph"}, "type": "magical_power", "cost": 0, "actions": HEALS_AND_POWER},
]
LOOPING = LOOPING_DECK + [_interference(f"loop{level}_{n}", level,
                                        {1: HEALS_AND_POWER, 2: NO_OP_MOVES, 3: SPENDERS}[n])
                          for level in (1, 2, 3) for n in (1, 2, 3)]
POOL = {level: [f"loop{level}_{n}" for n in (1, 2, 3)] for level in (1, 2, 3)}


def _play(player, seed: int, circle: str) -> tuple[Game, int, int]:
    """Plays a ritual to its end or past the bounds; returns it, its commands and its longest turn."""
    g = new_game(seed=seed, circle=circle, cards=LOOPING, interference_pool=POOL)
    rng = random.Random(seed)
    commands = longest = in_turn = 0
    turn = g.turn
    while g.outcome is None and commands <= MAX_RITUAL_COMMANDS and in_turn <= MAX_TURN_COMMANDS:
        g.apply(player.choose_command(g, rng))
        commands += 1
        in_turn = 1 if g.turn != turn else in_turn + 1
        turn = g.turn
        longest = max(longest, in_turn)
    return g, commands, longest


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "expert": ExpertPlayer}


@pytest.mark.parametrize("circle", sorted(circles()))
@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_every_turn_and_every_ritual_with_looping_cards_ends_within_the_bounds(player, circle):
    for seed in range(1 if player == "expert" else 4):
        g, commands, longest = _play(PLAYERS[player](), seed, circle)
        assert longest <= MAX_TURN_COMMANDS, f"seed {seed}: a turn of more than {MAX_TURN_COMMANDS} commands"
        assert g.outcome is not None, f"seed {seed}: no end after {commands} commands"
        assert commands <= MAX_RITUAL_COMMANDS


def _scenario(**zones):
    return Game.from_scenario({"deck": ["wax_candle"] * 6, **zones}, cardset_with(LOOPING))


def test_r7_7_a_card_on_the_discard_pile_is_never_scrapped_or_discarded():
    g = _scenario(play=["wax_candle"], discard=["salamander", "sylph"])
    candle = g.zone("play")[0].uid
    for action in ("churn", "toss"):  # their only targets are on the discard pile
        cmd = Activate(candle, action)
        assert cmd not in g.legal_commands()
        assert g.explain(cmd) is not None
    assert g.move_targets(_move("scrap", ["discard"]), candle) == []
    assert g.move_targets(_move("discard", ["discard"]), candle) == []


def test_r7_7_a_scrap_from_hand_or_discard_offers_only_the_hand():
    g = _scenario(play=["wax_candle"], hand=["gnome"], discard=["salamander", "sylph"])
    g.apply(Activate(g.zone("play")[0].uid, "mill"))
    assert [o.uid for o in g.pending.options] == [i.uid for i in g.zone("hand")]


def test_r7_7_a_sacrifice_still_takes_cards_from_the_discard_pile():
    g = Game.from_scenario({"play": ["book_of_pacts"], "discard": ["salamander"], "power": 2,
                            "deck": ["wax_candle"] * 6})
    book = g.zone("play")[0].uid
    assert Activate(book, "pact") in g.legal_commands()
    g.apply(Activate(book, "pact"))
    assert [o.uid for o in g.pending.options] == [i.uid for i in g.zone("discard")]


def test_printed_cards_are_unaffected_none_scraps_or_discards_from_the_discard_pile():
    def moves(steps):
        for step in steps:
            if step["op"] == "move":
                yield step
                yield from moves(step.get("otherwise", []))

    offending = []
    for card in load_builtin_cards().values():
        steps = [*card.dagger, *card.on_summon, *card.special_cost]
        for action in card.actions:
            steps += [*action.cost, *action.effect]
        offending += [(card.id, s["move"]) for s in moves(steps) if s["move"] != "sacrifice" and "discard" in s["from"]]
    assert offending == []


def test_the_editors_card_test_with_the_expert_ends_with_the_churning_card():
    record = {"id": "churner", "name": {"en": "Churner"}, "type": "interference", "level": 1, "side": "hell",
              "cost": 0, "actions": [CHURN]}
    with_card, without = play_pair(CardTestSpec(record, replaces="ill_omen", circle="adept", player="expert",
                                                games=1), seed=5)  # seed 5 churned for ever before
    assert with_card["reason"] and without["reason"]  # both rituals reached an outcome
