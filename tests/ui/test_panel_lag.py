"""While cards move, a board panel a command changed beside them (a pile, the damage track, the
hand's count, a button) shows as it was — its part as it was, look and painting — and is shown as it
is once they are still; the prompt bar and the zones never wait, nothing waits while a card is held,
and nothing waits longer than MAX_FRAMES. The same frame drawn again shows the same parts."""

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
    assert looks(lag.follow(command, moving=False)) == looks(command) and not lag.held


def test_nothing_waits_while_a_card_is_held_nor_longer_than_max_frames():
    lag = PanelLag()
    lag.follow(parts(deck=5), moving=False)
    assert looks(lag.follow(parts(deck=4), moving=True, holding=True)) == {"deck": 4}
    shown = []
    for _frame in range(MAX_FRAMES + 1):
        shown.append(looks(lag.follow(parts(deck=3), moving=True)))
        assert looks(lag.follow(parts(deck=3), moving=True)) == shown[-1]  # (drawn again: a fresh paint)
        lag.next_frame()
    assert shown[0] == {"deck": 4} and shown[MAX_FRAMES - 1] == {"deck": 4} and shown[MAX_FRAMES] == {"deck": 3}
    lag.forget()
    assert looks(lag.follow(parts(deck=2), moving=True)) == {"deck": 2}  # (painted whole: as it is)
