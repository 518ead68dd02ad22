"""While cards move, a board panel a command changed beside them (a pile, the damage track, the
hand's count, a button) shows as it was — its part as it was, look and painting — and is shown as it
is once they are still; the prompt bar and the zones never wait, nothing waits while a card is held,
and nothing waits longer than MAX_FRAMES; the panels held are shown one a frame (each is painted
again). The same frame drawn again shows the same parts."""

import pygame

from aleph_null_desktop.ui.render.layer import Part
from aleph_null_desktop.ui.table.panel_lag import MAX_FRAMES, PanelLag


def parts(**looks) -> list[Part]:
    return [Part(name.replace("_", ":"), pygame.Rect(0, 0, 10, 10), look, lambda surface: None)
            for name, look in looks.items()]


def looks(shown: list[Part]) -> dict:
    return {p.name: p.signature for p in shown}


def test_changed_panels_wait_while_cards_move_and_show_when_they_are_still():
    lag = PanelLag()
    assert looks(lag.follow(parts(discard=1, prompt="a", play=0, button_undo=False), moving=False)) == \
        {"discard": 1, "prompt": "a", "play": 0, "button:undo": False}
    command = parts(discard=2, prompt="b", play=1, button_undo=True)
    for _frame in range(3):  # (the second time: the frame drawn again, as a fresh paint does)
        shown = lag.follow(command, moving=True)
        assert looks(shown) == {"discard": 1, "prompt": "b", "play": 1, "button:undo": False}
        assert set(lag.held) == {"discard", "button:undo"}
    assert lag.seen(command) == shown
    lag.next_frame()
    landed = looks(lag.follow(command, moving=False))  # still: one panel a frame, in the board's order
    assert landed == {"discard": 2, "prompt": "b", "play": 1, "button:undo": False} and set(lag.held) == {"button:undo"}
    assert looks(lag.follow(command, moving=False)) == landed  # (the same frame drawn again)
    lag.next_frame()
    assert looks(lag.follow(command, moving=False)) == looks(command) and not lag.held


def test_a_card_taken_in_hand_shows_every_panel_at_once():
    lag = PanelLag()
    lag.follow(parts(deck=5, discard=1, damage=0), moving=False)
    lag.next_frame()
    lag.follow(parts(deck=4, discard=2, damage=1), moving=True)
    assert set(lag.held) == {"deck", "discard", "damage"}
    lag.next_frame()
    assert looks(lag.follow(parts(deck=4, discard=2, damage=1), moving=True, holding=True)) == \
        {"deck": 4, "discard": 2, "damage": 1} and not lag.held


def test_nothing_waits_while_a_card_is_held_nor_longer_than_max_frames():
    lag = PanelLag()
    lag.follow(parts(deck=5), moving=False)
    assert looks(lag.follow(parts(deck=4), moving=True, holding=True)) == {"deck": 4}
    shown = []
    for _frame in range(MAX_FRAMES + 3):
        shown.append(looks(lag.follow(parts(deck=3, discard=7, damage=2), moving=True)))
        assert looks(lag.follow(parts(deck=3, discard=7, damage=2), moving=True)) == shown[-1]  # (drawn again: a fresh paint)
        lag.next_frame()
    assert shown[0] == {"deck": 4, "discard": 7, "damage": 2}  # (discard, damage: new panels, shown as they are)
    assert shown[MAX_FRAMES - 1] == {"deck": 4, "discard": 7, "damage": 2} and shown[MAX_FRAMES]["deck"] == 3
    lag.follow(parts(deck=3, discard=7, damage=2), moving=False)
    lag.next_frame()
    changed = parts(deck=2, discard=6, damage=3)
    overdue = []
    for _frame in range(MAX_FRAMES + 3):  # the cards of a new command never land: one panel a frame once overdue
        overdue.append(looks(lag.follow(changed, moving=True)))
        lag.next_frame()
    assert overdue[MAX_FRAMES - 1] == {"deck": 3, "discard": 7, "damage": 2}
    assert overdue[MAX_FRAMES:] == [{"deck": 2, "discard": 7, "damage": 2}, {"deck": 2, "discard": 6, "damage": 2},
                                    {"deck": 2, "discard": 6, "damage": 3}]
    lag.forget()
    assert looks(lag.follow(parts(deck=2), moving=True)) == {"deck": 2}  # (painted whole: as it is)
