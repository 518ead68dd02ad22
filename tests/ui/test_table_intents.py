"""The table's intents on their own, without pygame or a window: what a click, a double click, a
number key, a drop or a pile means becomes the engine's command, a panel, or the engine's reason
why not — through the presenter and the table's verbs, recorded here instead of a scene."""

import subprocess
import sys

from aleph_null_desktop.engine import Activate, Choose, Game, Summon
from aleph_null_desktop.ui.table.view import TableVerbs
from aleph_null_desktop.ui.table.intents import TableIntents
from aleph_null_desktop.ui.table.presenter import TablePresenter


class Table:
    """What the intents ask of the table, recorded: commands, words, menus, piles, the book."""

    def __init__(self, scenario: dict) -> None:
        self.game = Game.from_scenario(scenario)
        self.submitted, self.said, self.menus, self.piles, self.books, self.tokens = [], [], [], [], [], 0
        self.verbs = TableVerbs(submit=self.submitted.append, say=lambda text, warn=False: self.said.append(text),
                                undo=lambda: None, end_turn=lambda: None, take_token=self.take_token,
                                request_hint=lambda: None, panel=lambda: None, open_panel=lambda panel: None,
                                close_stale_panel=lambda: None, judgement_now=lambda: None)
        self.intents = TableIntents(TablePresenter(self.game), self.verbs, open_menu=self.menus.append,
                                    open_pile=self.piles.append, open_book=lambda: self.books.append(True))

    def take_token(self) -> None:
        self.tokens += 1

    def uid(self, zone: str, card_id: str) -> int:
        return next(c.uid for c in self.game.zone(zone) if c.card_id == card_id)


def test_the_intents_need_no_pygame():
    code = ("import sys; import aleph_null_desktop.ui.table.intents; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_click_opens_the_menu_and_a_double_click_summons():
    table = Table({"hand": ["wealthy_tanist"], "deck": ["sylph"] * 4})
    tanist = table.uid("hand", "wealthy_tanist")
    table.intents.click_card(tanist, 1)
    assert table.menus == [tanist] and table.submitted == []
    table.intents.click_card(tanist, 2)
    assert table.submitted == [Summon(tanist)]


def test_the_default_move_is_the_only_legal_one_else_a_menu_else_the_engines_reason():
    table = Table({"play": ["bell", "salamander", "book_of_pacts", "grand_circle"], "power": 0,
                   "deck": ["sylph"] * 6})
    bell, salamander = table.uid("play", "bell"), table.uid("play", "salamander")
    book, circle = table.uid("play", "book_of_pacts"), table.uid("play", "grand_circle")
    table.intents.default_move(bell)  # one legal action: taken
    assert table.submitted == [Activate(bell, "ring")]
    table.intents.default_move(salamander)  # scrap or sacrifice: the player chooses
    assert table.menus == [salamander] and table.submitted == [Activate(bell, "ring")]
    table.intents.default_move(book)  # its action refused now: the engine's reason
    action = table.game.cards["book_of_pacts"].actions[0].id
    assert table.said == [table.game.explain(Activate(book, action))] and table.said[0]
    table.intents.default_move(circle)
    assert table.said[-1] == "Grand Circle has no actions."
    assert table.submitted == [Activate(bell, "ring")]


def test_a_drop_is_the_command_it_names_or_says_why_not():
    table = Table({"hand": ["wealthy_tanist"], "play": ["salamander"], "deck": ["sylph"] * 4})
    tanist, salamander = table.uid("hand", "wealthy_tanist"), table.uid("play", "salamander")
    table.intents.drop(tanist, "hand", "hand")  # back where it came from: nothing at all
    table.intents.drop(salamander, "play", None)
    assert table.submitted == [] and table.said == []
    table.intents.drop(tanist, "hand", "discard")
    assert table.submitted == [] and table.said == ["Drop Wealthy Tanist in the play area to summon it."]
    table.intents.drop(tanist, "hand", "play")
    table.intents.drop(salamander, "play", "discard")
    table.intents.drop(salamander, "play", "sacrifice")
    assert table.submitted == [Summon(tanist), Activate(salamander, "scrap"), Activate(salamander, "sacrifice")]


def test_while_a_decision_chooses_among_the_cards_a_click_chooses():
    table = Table({"play": ["boline", "salamander"], "hand": ["sylph", "gnome"], "power": 3, "deck": ["gnome"] * 6})
    table.game.apply(Activate(table.uid("play", "boline"), "cut"))
    table.intents.presenter.changed()
    targets = table.intents.presenter.target_options()
    chosen = next(iter(targets))
    table.intents.click_card(chosen, 1)
    assert table.submitted == [Choose(targets[chosen])] and table.menus == []
    other = table.uid("play", "salamander")  # Boline sacrifices a card of the hand, not one in play
    assert other not in targets
    table.intents.click_card(other, 2)
    assert table.submitted == [Choose(targets[chosen])]
    assert table.said == [table.game.pending.prompt + " (the cards you may choose glow)"]


def test_piles_tokens_and_the_grimoires_page():
    table = Table({"hand": ["sylph"], "deck": ["gnome"] * 3, "tokens": 0})
    table.intents.open_zone("tokens")
    assert table.tokens == 0 and table.said == ["There is no Magical Power token on the Grimoire."]
    table.intents.open_zone("deck")
    assert table.said[-1] == "The deck holds 3 cards, face down."
    table.intents.open_zone("sacrifice")
    table.intents.open_zone("grimoire")
    assert table.piles == ["sacrifice"] and table.books == [True]
    table.intents.drop_token("tokens")  # put back on the tokens: nothing taken
    assert table.tokens == 0
    table.intents.drop_token("play")
    assert table.tokens == 1
