"""The table's keys on their own, without a window or a scene: each key is the intent or the verb
it names (recorded here instead of a table); beside an open panel only the keys that do not act on
the table apply."""

import types

import pygame

from aleph_null_desktop.engine import Game, Summon
from aleph_null_desktop.ui.table.intents import TableIntents
from aleph_null_desktop.ui.table.keyboard import TableKeyboard
from aleph_null_desktop.ui.table.presenter import TablePresenter
from aleph_null_desktop.ui.table.view import TableVerbs


class NoFocus:
    """A focus with no stops moved by these keys (Tab and the arrows are TableFocus's own tests)."""

    visible, target = False, None

    def handle_key(self, event) -> bool:
        return False

    def current(self):
        return None

    def set(self, stop) -> None:
        self.target, self.visible = stop, stop is not None


class Keys:
    def __init__(self, scenario: dict) -> None:
        self.game = Game.from_scenario(scenario)
        self.done = []  # what the table was asked, in order
        record = self.done.append
        verbs = TableVerbs(submit=record, say=lambda text, warn=False: record(("say", text)),
                           undo=lambda: record("undo"), end_turn=lambda: record("end turn"),
                           take_token=lambda: record("token"), request_hint=lambda: record("hint"),
                           panel=lambda: None, open_panel=lambda panel: None, close_stale_panel=lambda: None,
                           judgement_now=lambda: None)
        presenter = TablePresenter(self.game)
        intents = TableIntents(presenter, verbs, open_menu=lambda uid: record(("menu", uid)),
                               open_pile=lambda zone: record(("pile", zone)), open_book=lambda: record("book"))
        app = types.SimpleNamespace(pause=lambda: record("pause"), speak=lambda *a, **k: None,
                                    current_settings=lambda: types.SimpleNamespace(speech=False))
        self.keyboard = TableKeyboard(app, presenter, focus=NoFocus(), log=None, buttons={}, verbs=verbs,
                                      intents=intents, lift=lambda uid: None, pick_up=lambda uid: record(("pick", uid)),
                                      open_menu=lambda uid, keyboard=False: record(("menu", uid)),
                                      tip_shown=lambda: False)

    def press(self, key: int, mod: int = 0, beside_panel: bool = False) -> bool:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)
        return self.keyboard.key(event, beside_panel=beside_panel)


def test_a_number_key_makes_that_cards_move_or_says_there_is_none():
    keys = Keys({"hand": ["wealthy_tanist", "sylph"], "deck": ["gnome"] * 4})
    assert keys.press(pygame.K_2) and keys.press(pygame.K_KP1)
    assert keys.done == [Summon(keys.game.zone("hand")[1].uid), Summon(keys.game.zone("hand")[0].uid)]
    assert keys.press(pygame.K_9)
    assert keys.done[-1] == ("say", "There is no card 9 in your hand.")


def test_the_tables_keys_are_their_verbs():
    keys = Keys({"hand": ["sylph"], "deck": ["gnome"] * 4})
    for key, mod in ((pygame.K_SPACE, 0), (pygame.K_ESCAPE, 0), (pygame.K_h, 0), (pygame.K_z, pygame.KMOD_CTRL)):
        assert keys.press(key, mod)
    assert keys.done == ["end turn", "pause", "hint", "undo"]
    assert keys.press(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # redo's key never undoes
    assert keys.done[-1] == ("say", "There is no redo: an undone move is made again by hand.")
    assert keys.press(pygame.K_r)  # a speech key without speech says where to turn it on
    assert keys.done[-1] == ("say", "R, A, S and T read aloud when speech is on (Settings).")
    assert not keys.press(pygame.K_q) and len(keys.done) == 6  # a key that means nothing here


def test_beside_an_open_panel_only_the_keys_that_leave_the_table_alone_apply():
    keys = Keys({"hand": ["sylph"], "deck": ["gnome"] * 4})
    for key in (pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_1, pygame.K_RETURN):
        assert not keys.press(key, beside_panel=True)
    assert keys.done == []
    assert keys.press(pygame.K_h, beside_panel=True) and keys.press(pygame.K_z, pygame.KMOD_CTRL, beside_panel=True)
    assert keys.done == ["hint", "undo"]
