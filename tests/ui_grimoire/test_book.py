"""The book model: which spread shows in each phase of a ritual (pure functions)."""

from types import SimpleNamespace

import pytest
from hypothesis import given, strategies as st

from aleph_null_desktop.engine import new_game
from aleph_null_desktop.ui.grimoire import book


def test_page_for_each_phase():
    assert book.page_for_phase("closed") == "cover"
    assert book.page_for_phase("choose_circle") == "circles"
    assert book.page_for_phase("playing", 1) == "hour1"
    assert book.page_for_phase("playing", 6) == "hour6"
    assert book.page_for_phase("playing", 7) == "hour7"
    assert book.page_for_phase("judgement") == "hierarchy"
    assert book.page_for_phase("reference") == "contents"
    with pytest.raises(ValueError):
        book.page_for_phase("playing")
    with pytest.raises(ValueError):
        book.page_for_phase("dancing")


def test_page_index_follows_the_ritual_order():
    assert book.ritual_pages() == ["cover", "circles", "hour1", "hour2", "hour3", "hour4", "hour5",
                                   "hour6", "hierarchy"]
    assert book.page_index("closed") == 0
    assert book.page_index("choose_circle") == 1
    assert book.page_index("playing", 1) == 2  # R3.3: the book opens at Hour I after the Circle
    assert book.page_index("playing", 6) == 7
    assert book.page_index("judgement") == 8
    assert book.page_index("playing", 7, last_hour=7) == 8  # The Long Night inserts Hour VII
    assert book.page_index("judgement", last_hour=7) == 9


@given(st.integers(1, 6), st.integers(1, 6))
def test_later_hours_are_later_pages(a, b):
    ia, ib = book.page_index("playing", a), book.page_index("playing", b)
    assert (ia < ib) == (a < b) and (ia == ib) == (a == b)
    assert book.page_index("choose_circle") < ia < book.page_index("judgement")


def test_phase_of_a_real_game_and_of_a_finished_one():
    assert book.page_for_game(None) == "circles"
    game = new_game(seed=5, circle="magus")
    assert book.phase_of_game(game) == ("playing", 1)
    assert book.page_for_game(game) == "hour1"
    over = SimpleNamespace(hour=4, last_hour=6, outcome=SimpleNamespace(won=True, rank="Master"))
    assert book.page_for_game(over) == "hierarchy"


@pytest.mark.parametrize("score,rank", [(None, None), (-1, None), (0, "Adept"), (1, "Wizard"), (2, "Wizard"),
                                        (3, "Master"), (5, "Master"), (6, "Grand Master"), (8, "Grand Master"),
                                        (9, "Prince"), (14, "Prince")])
def test_rank_of_the_grand_hierarchy(score, rank):
    assert book.rank_for_score(score) == rank  # R11.3


def test_turn_direction():
    order = book.ritual_pages()
    assert book.turn_between(order, "circles", "hour1").forward
    assert not book.turn_between(order, "circles", "cover").forward
