"""How the search values a draw: deals spread over the next card, the same deals for every
candidate (common random numbers), every queued draw searched within the budget, a tie-break both
a small and a large search share, and narrow whole lines first when a search is cut short."""

import random
from dataclasses import replace

from aleph_null_desktop.ai.expert import EXPERT, ExpertPlayer
from aleph_null_desktop.ai.search import SearchConfig, TurnSearch, Work, deals, spread
from aleph_null_desktop.engine import Activate, Game

DECK = ["wax_candle", "bell", "wax_candle", "gnome", "chasuble"]


def _position(deck=DECK, **more) -> Game:
    """Incense (draw 2) and Mandrake Root (draw 1) in play: two draws to choose from at the root."""
    scenario = {"play": ["incense", "mandrake_root", "silent_tanist"], "hand": ["golem"], "deck": deck,
                "discard": ["bell"], "power": 1}
    scenario.update(more)
    return Game.from_scenario(scenario)


def test_deals_take_each_card_of_a_small_deck_once():
    g = _position()
    plan = deals(g, [11, 12, 13, 14, 15, 16])
    assert [seed for seed, _top in plan] == [11, 12, 13, 14, 15]
    assert sorted(top for _seed, top in plan) == sorted(DECK)


def test_deals_spread_evenly_over_a_deck_larger_than_the_samples():
    deck = ["bell"] * 6 + ["gnome"] * 3 + ["chasuble"] * 3  # sorted: bell x6, chasuble x3, gnome x3
    plan = deals(_position(deck), [1, 2, 3, 4])
    assert [seed for seed, _top in plan] == [1, 2, 3, 4]
    assert [top for _seed, top in plan] == ["chasuble", "bell", "chasuble", "bell"]  # places 6, 1, 8, 4 of 12


def test_every_prefix_of_the_spread_is_spread_and_the_whole_covers_the_deck():
    for n in range(1, 80):
        order = spread(n)
        assert sorted(order) == list(range(n))
        for k in range(2, n + 1):
            places = sorted(order[:k])
            gaps = [b - a for a, b in zip([-1] + places, places + [n])]
            assert max(gaps) <= 3 * n / k + 1, (n, k, places)  # no stretch of the deck left far behind


def test_deals_are_prefix_stable_the_first_of_a_larger_search_are_the_smaller_ones():
    deck = ["bell"] * 6 + ["gnome"] * 5 + ["chasuble"] * 4 + ["wax_candle"] * 3 + ["golem"] * 2
    g = _position(deck)
    seeds = list(range(100, 160))
    for k in (1, 3, 6, 12, 20):
        assert deals(g, seeds[:k]) == deals(g, seeds)[:k]
    assert sorted(top for _seed, top in deals(g, seeds)) == sorted(deck)  # 60 seeds, 20 cards: each once


def test_a_tenfold_search_imagines_the_same_first_deals_as_the_hint():
    g = _position(deck=DECK * 3)
    small = TurnSearch(g, random.Random(7), replace(EXPERT, node_budget=200))
    large = TurnSearch(g, random.Random(7), replace(EXPERT, samples=EXPERT.samples * 10, node_budget=200))
    assert large.root == small.root  # the same base deal
    assert large.seeds[:len(small.seeds)] == small.seeds
    assert len(small.seeds) == 2 * EXPERT.samples
    first = deals(g, small.seeds, EXPERT.samples)
    assert len(first) == EXPERT.samples < len(g.zone("deck"))
    assert deals(g, large.seeds, large.cfg.samples)[:len(first)] == first


def test_a_deck_of_up_to_twice_the_samples_is_dealt_once_per_card():
    seeds = list(range(12))
    nine = ["bell"] * 4 + ["gnome"] * 3 + ["chasuble"] * 2
    plan = deals(_position(nine), seeds, 6)
    assert [seed for seed, _top in plan] == seeds[:9] and sorted(top for _s, top in plan) == sorted(nine)
    assert len(deals(_position(nine * 2), seeds, 6)) == 6  # 18 cards: six deals spread over them


def test_deals_depend_only_on_the_deck():
    a, b = _position(), _position(power=3, hand=["gnome", "bell"], discard=[])
    assert deals(a, [5, 6, 7]) == deals(b, [5, 6, 7])
    assert deals(_position(deck=[]), [5, 6]) == [(5, None), (6, None)]


def test_every_draw_at_the_root_is_valued_on_the_same_deals(monkeypatch):
    g = _position()
    dealt: list[tuple] = []
    real = Game.determinized

    def recording(self, rng, top=None):
        copy = real(self, rng, top)
        dealt.append(tuple(i.uid for i in copy.zone("deck")))
        return copy

    search_seed = random.Random(3)
    monkeypatch.setattr(Game, "determinized", recording)
    search = TurnSearch(g, search_seed, replace(EXPERT, chance_top=0))
    root_draws = [k for kind, k in search.nodes[search.root].children.values() if kind == "chance"]
    assert len(set(root_draws)) == 2  # Incense and Mandrake Root
    assert all(search.chances[k].value is not None for k in root_draws)
    per_draw = len(deals(g, search.seeds))
    assert per_draw == len(DECK)
    samples = dealt[1:]  # the first deal is the search's base copy
    assert len(samples) >= 2 * per_draw  # the root's draws first (then any draw on a best line)
    assert samples[:per_draw] == samples[per_draw:2 * per_draw]  # the same deals for both candidates
    assert sorted(g.card(deck[0]).card_id for deck in samples[:per_draw]) == sorted(DECK)


def test_a_larger_budget_searches_every_queued_draw_instead_of_digging_one():
    g = _position(deck=DECK * 2)
    cfg = replace(EXPERT, width=100, max_expansions=2500, samples=60, chance_top=40, sub_width=40,
                  sub_expansions=300, node_budget=30_000)
    search = TurnSearch(g, random.Random(1), cfg)
    root_draws = {k for kind, k in search.nodes[search.root].children.values() if kind == "chance"}
    assert root_draws and all(search.chances[k].value is not None for k in root_draws)
    assert search.work.nodes <= cfg.node_budget + 200


def test_work_shares_what_is_left_evenly():
    work = Work(1000)
    work.nodes = 400
    assert work.share(3) == 200 and Work(None).share(3) is None
    work.cap = 450
    assert not work.spent
    work.nodes = 450
    assert work.spent  # the cap stops the search under way before the budget does


def test_a_search_cut_short_still_has_a_whole_line():
    g = _position(deck=[])
    cfg = SearchConfig(width=40, max_expansions=300, node_budget=None)
    work = Work(40)
    search = TurnSearch(g, random.Random(2), cfg, chance=False, work=work, widening=True)
    key, depth = search.root, 0
    while True:  # follow the best line: it ends where ending the turn was scored (a whole line)
        node = search.nodes[key]
        assert node.expanded, f"the best line stops unexpanded at depth {depth}"
        best = max(node.children.values(), key=search.child_value, default=None)
        if best is None or search.child_value(best) <= node.end_value:
            break
        key, depth = best[1], depth + 1
    assert node.end_value > float("-inf")


def test_equal_values_are_broken_by_the_position_after_the_command_then_by_order():
    g = Game.from_scenario({"play": ["wax_candle", "wax_candle", "gnome"], "hand": [], "deck": ["bell"] * 6})
    player = ExpertPlayer(EXPERT)
    analysis = player.analyse(g, random.Random(4))
    legal = g.legal_commands()
    key = g.public_key()

    def rank(cmd):
        return (round(analysis.values.get(cmd, float("-inf")), 6), round(player.search.static_value(key, cmd), 6))

    best = max(rank(c) for c in legal)
    assert rank(analysis.choice) == best
    assert analysis.choice == next(c for c in legal if rank(c) == best)  # the first in legal order
    candles = [c for c in legal if isinstance(c, Activate) and g.card(c.uid).card_id == "wax_candle"]
    assert analysis.values[candles[0]] == analysis.values[candles[1]]  # two copies, one value
    again = ExpertPlayer(EXPERT).analyse(g, random.Random(4))
    assert again.choice == analysis.choice


def test_a_beam_with_budget_left_widens_until_it_has_looked_at_every_line():
    g = Game.from_scenario({"play": ["wax_candle", "gnome", "silent_tanist", "sylph"], "hand": ["golem", "bell"],
                            "deck": ["bell"] * 3, "power": 1})

    def search(width, budget=None):
        return TurnSearch(g, random.Random(5), SearchConfig(width=width, max_expansions=10_000, node_budget=budget),
                          chance=False)

    narrow, wide = search(1), search(10_000)
    one_pass = len(wide.nodes[wide.root].children) + 1  # a single pass of width 1: a handful of lines
    assert len(narrow.nodes) == len(wide.nodes) > 10 * one_pass
    assert set(narrow.nodes) == set(wide.nodes)
    assert narrow.nodes[narrow.root].value == wide.nodes[wide.root].value
    capped = search(1, budget=100)
    assert capped.work.nodes <= 100 + 20 and len(capped.nodes) < len(wide.nodes)  # the budget still bounds it


def test_every_first_commands_best_line_is_followed_to_where_it_was_scored():
    g = _position(deck=DECK * 2)
    search = TurnSearch(g, random.Random(6), SearchConfig(width=2, max_expansions=12, chance_top=0,
                                                          node_budget=20_000))
    assert not search.work.spent
    for child in search.nodes[search.root].children.values():
        assert search._line_end(child) is None
        kind, key = child
        while kind == "node" and not search.nodes[key].terminal:  # the line: expanded positions ...
            node = search.nodes[key]
            assert node.expanded
            best = max(node.children.values(), key=search.child_value, default=None)
            if best is None or search.child_value(best) <= node.end_value:
                break  # ... to where ending the turn was scored
            kind, key = best
        if kind == "chance":
            assert search.chances[key].value is not None  # ... or to a draw valued on its deals


def test_a_draw_not_searched_is_ranked_by_what_searching_its_kind_added_but_decided_on_its_estimate():
    g = _position(deck=DECK * 2)
    search = TurnSearch(g, random.Random(8), replace(EXPERT, chance_top=1, node_budget=1500))
    assert not search.hopeful
    unsearched = [k for k, ch in search.chances.items() if ch.value is None]
    searched = [ch for ch in search.chances.values() if ch.value is not None]
    assert unsearched and searched
    for k in unsearched:  # the values the choice is made on: the one-deal estimate
        assert search.child_value(("chance", k)) == search.provisional(k) == search.chances[k].estimate
    search.hopeful = True
    for k in unsearched:
        ch = search.chances[k]
        gains = sorted(search.gains.get(k[1]) or search.gains[None])
        assert search.provisional(k) == min(ch.hope + gains[len(gains) // 2], 5000.0)
    assert sorted(search.gains[None]) == sorted(ch.value - ch.hope for ch in searched)
