"""Each numbered rule of RULES.md, asserted as it is written there."""

import pytest
from engine_helpers import (
    act, can, can_summon, choose, end_turn, game, ids, kinds, option_ids, summon, take_token, uid,
)

from aleph_null_desktop.engine import (
    Activate, Choose, EndTurn, IllegalCommand, Summon, TakeToken, new_game,
)
from aleph_null_desktop.engine.cards import circles

FILLER = ["wax_candle"] * 3 + ["incense", "bell", "boline", "besom", "golem"]


# ----------------------------------------------------------------------------- R1, R3 setup

def test_r1_2_main_deck_has_28_cards_with_baphomet_and_three_keys():
    g = new_game(seed=1)
    everything = ids(g, "deck") + ids(g, "hand")
    assert len(everything) == 28
    assert everything.count("baphomet") == 1
    assert {"book_of_pacts", "wand_of_power", "grand_circle"} <= set(everything)
    assert not any(g.cards[c].is_interference for c in everything)


def test_r3_setup_hour_one_no_damage_power_or_tokens_and_a_hand_of_five():
    g = new_game(seed=3)
    assert (g.hour, g.damage, g.power, g.tokens) == (1, 0, 0, 0)
    assert len(g.zone("hand")) == 5 and len(g.zone("deck")) == 23
    assert g.turn == 1


@pytest.mark.parametrize("circle", list(circles()))
def test_r3_1_each_circle_sets_aside_its_interference_lowest_level_first(circle):
    g = new_game(seed=11, circle=circle)
    levels = [g.cards[c].level for c in ids(g, "set_aside")]
    wanted = circles()[circle].set_aside
    assert levels == sorted(levels)
    for level in (1, 2, 3):
        assert levels.count(level) == wanted.get(level, 0)


def test_r3_1_interference_is_drawn_at_random_within_a_level():
    seen = {tuple(ids(new_game(seed=s), "set_aside")) for s in range(30)}
    assert len(seen) > 1


def test_r3_same_seed_same_game_and_different_seed_different_deck():
    assert ids(new_game(seed=5), "deck") == ids(new_game(seed=5), "deck")
    assert ids(new_game(seed=5), "deck") != ids(new_game(seed=6), "deck")


# ----------------------------------------------------------------------------- R2 zones

def test_r2_4_a_scrapped_card_is_in_the_discard_pile_before_its_effect_resolves():
    g = game(play=["besom"], discard=["wax_candle"])
    act(g, "besom", "sweep")
    # Besom is already in the discard pile, and "another card" excludes it.
    assert "besom" in ids(g, "discard")
    assert option_ids(g) == ["wax_candle"]


def test_r2_3_a_sacrificed_card_is_out_of_the_game():
    g = game(play=["salamander"])
    act(g, "salamander", "sacrifice")
    assert ids(g, "sacrificed") == ["salamander"]
    assert not any(isinstance(c, Activate) for c in g.legal_commands())


# ----------------------------------------------------------------------------- R4 the turn

def test_r4_1_draw_up_to_the_hand_size_keeping_cards_already_in_hand():
    g = game(deck=FILLER, hand=["golem"], play=["golem"])  # Golem in play: hand size 6
    end_turn(g)
    assert len(g.zone("hand")) == 6


def test_r4_3_interference_in_hand_blocks_everything_but_power_and_its_summoning():
    g = game(hand=["rumjal", "incense"], play=["wax_candle", "chasuble"], tokens=1, damage=1)
    cmds = g.legal_commands()
    assert Summon(uid(g, "rumjal")) in cmds
    assert Summon(uid(g, "incense")) not in cmds
    assert Activate(uid(g, "wax_candle"), "burn") in cmds  # its own effect gains power
    assert Activate(uid(g, "chasuble"), "absolve") not in cmds  # removes damage: not allowed
    assert TakeToken() in cmds
    assert EndTurn() not in cmds
    assert "Rumjal" in g.explain(EndTurn())


def test_r4_3_a_power_gain_only_through_a_dagger_does_not_unlock_an_action():
    # Wealthy Tanist's tithe gains power itself; the Circle of Protection's ward only via a †.
    g = game(hand=["rumjal"], play=["wealthy_tanist", "circle_of_protection", "ill_omen"])
    assert can(g, "wealthy_tanist", "tithe")
    assert not can(g, "circle_of_protection", "ward")


def test_r4_3_after_the_interference_is_summoned_the_turn_goes_on_normally():
    g = game(hand=["sexton", "incense"], power=1)
    summon(g, "sexton")
    assert can_summon(g, "incense")
    assert EndTurn() in g.legal_commands()


def test_r4_4_end_of_turn_discards_the_hand_and_unspent_power_deals_damage():
    g = game(deck=FILLER, hand=["incense", "bell"], power=2, tokens=1)
    end_turn(g)
    assert {"incense", "bell"} <= set(ids(g, "discard"))
    assert g.damage == 2 and g.power == 0
    assert g.tokens == 1  # tokens stay


def test_r4_4_ruling_power_from_a_dagger_at_the_end_of_the_turn_is_unspent():
    g = game(deck=FILLER, hand=["wealthy_tanist"], play=["grand_circle"])
    end_turn(g)  # the Grand Circle sacrifices the hand: Wealthy Tanist's † gives 3P at the end
    assert g.outcome is not None and g.outcome.reason == "damage"


def test_r4_4_ruling_cards_drawn_by_a_dagger_at_the_end_stay_in_hand_for_the_next_draw():
    g = game(deck=["wax_candle"] * 8, hand=["silent_tanist"], play=["grand_circle"])
    end_turn(g)  # † draw 2 during the end; the next turn draws up to 5 only
    assert len(g.zone("hand")) == 5
    assert len(g.zone("deck")) == 3


# ----------------------------------------------------------------------------- R5 the Hour

def test_r5_1_an_empty_deck_advances_the_hour_and_the_draw_goes_on_from_the_new_deck():
    g = game(deck=["wax_candle", "incense"], discard=FILLER)
    end_turn(g)
    assert g.pending.prompt.startswith("Hour II")  # the page rule asks before the shuffle
    events = choose(g, None)
    assert g.hour == 2
    assert len(g.zone("hand")) == 5
    assert "hour" in kinds(events)


def test_r5_1_one_draw_instruction_advances_the_hour_at_most_once():
    g = game(deck=["wax_candle"], discard=["bell"])
    end_turn(g)  # draws 1, advances (new deck: bell), draws it, then comes up short
    events = choose(g, None)
    assert g.hour == 2
    assert ids(g, "hand") == ["wax_candle", "bell"]
    assert [e.data["missing"] for e in events if e.kind == "draw_short"] == [3]


def test_r5_2a_tokens_left_on_the_grimoire_deal_damage_and_stay():
    g = game(deck=[], discard=FILLER, tokens=2, hour=3)
    end_turn(g)
    assert g.hour == 4
    assert g.damage == 2
    assert g.tokens == 3  # two stayed, Hour IV adds one


def test_r5_2b_page_rule_of_hour_two_may_sacrifice_a_card_from_the_discard_pile():
    g = game(deck=[], discard=["wax_candle", "bell", "sylph", "besom", "golem"])
    end_turn(g)
    assert g.pending is not None and g.pending.kind == "target"
    assert None in option_ids(g)  # "may": it can be declined
    choose(g, "bell")
    assert "bell" in ids(g, "sacrificed")
    assert g.hour == 2


def test_r5_2b_hour_four_page_rule_sacrifices_only_interference():
    g = game(deck=[], discard=["wax_candle", "rumjal", "bell", "sylph", "besom"], hour=3)
    end_turn(g)
    assert option_ids(g) == ["rumjal", None]


def test_r5_2b_daggers_triggered_by_the_page_rule_resolve_after_the_page_turns():
    # Hour VI's page rule: you may sacrifice 1 card from the discard pile before the shuffle.
    g = game(deck=[], discard=["silent_tanist", "bell", "besom", "golem", "sylph", "incense"], hour=5)
    end_turn(g)
    events = choose(g, "silent_tanist")
    order = [e.kind for e in events if e.kind in ("hour", "dagger")]
    assert order == ["hour", "dagger"]
    assert g.hour == 6


def test_r5_2c_the_circle_adds_interference_to_the_discard_pile_before_the_shuffle():
    g = game(circle="adept", deck=[], discard=FILLER, hour=2, set_aside=["rumjal", "sexton", "ill_omen"])
    end_turn(g)  # entering Hour III: the Adept adds one card
    assert g.hour == 3
    assert ids(g, "set_aside") == ["sexton", "ill_omen"]
    assert "rumjal" in ids(g, "deck") + ids(g, "hand") + ids(g, "play")


def test_r5_2c_two_cards_arrive_at_once_where_the_circle_says_times_two():
    g = game(circle="adept", deck=[], discard=FILLER, hour=3, set_aside=["sexton", "ill_omen"])
    end_turn(g)
    assert g.hour == 4 and ids(g, "set_aside") == []


def test_r5_2f_hours_three_four_five_put_a_token_on_the_grimoire():
    for hour, expected in ((1, 0), (2, 1), (3, 1), (4, 1), (5, 0)):
        g = game(deck=[], discard=["wax_candle"] * 6, hour=hour)
        end_turn(g)
        if g.pending:  # page rules of II and VI
            choose(g, None)
        assert g.tokens == expected, hour


def test_r5_3_advancing_past_the_last_hour_loses():
    g = game(deck=[], discard=FILLER, hour=6)
    end_turn(g)
    assert g.outcome.reason == "time" and not g.outcome.won


def test_r5_4_a_search_that_empties_the_deck_advances_the_hour():
    g = game(deck=["salamander"], discard=["wax_candle"], play=["bell"], hour=2)
    act(g, "bell", "ring")
    choose(g, "salamander")
    assert g.hour == 3
    assert ids(g, "hand") == ["salamander"]


def test_r5_5_drawing_with_deck_and_discard_empty_still_advances_the_hour():
    g = game(hand=["wax_candle"], play=["golem"])
    g.apply(Summon(uid(g, "wax_candle")))
    end_turn(g)
    assert g.hour == 2
    assert g.zone("hand") == []


# ----------------------------------------------------------------------------- R6 summoning

def test_r6_1_only_cards_in_hand_can_be_summoned():
    g = game(play=["wax_candle"])
    with pytest.raises(IllegalCommand, match="not in your hand"):
        g.apply(Summon(uid(g, "wax_candle")))


def test_r6_2_the_cost_is_paid_in_power_and_refused_with_the_reason():
    g = game(hand=["gnome"])
    with pytest.raises(IllegalCommand, match="Gnome costs 1 power; you have 0"):
        summon(g, "gnome")
    g = game(hand=["gnome"], power=1)
    summon(g, "gnome")
    assert g.power == 0 and ids(g, "play") == ["gnome"]


def test_r6_2_ruling_the_card_enters_play_before_its_special_cost_and_the_cost_daggers_resolve():
    g = game(hand=["wand_of_power"], play=["wealthy_tanist"])
    summon(g, "wand_of_power")
    assert g.pending.kind == "target" and option_ids(g) == ["wealthy_tanist"]
    events = choose(g, "wealthy_tanist")
    assert "wand_of_power" in ids(g, "play")
    assert g.power == 3 and "dagger" in kinds(events)


def test_r6_3_interference_takes_the_power_there_is_and_damage_for_the_rest():
    g = game(hand=["astaroth"], power=1)
    summon(g, "astaroth")  # costs 3
    assert g.power == 0 and g.damage == 2


def test_r6_3_interference_summoning_is_always_allowed():
    g = game(hand=["akhtoi"])
    assert can_summon(g, "akhtoi")


def test_r6_4_no_limit_to_cards_in_play():
    g = game(hand=["wax_candle"] * 3 + ["wealthy_tanist", "faithful_tanist", "sylph"])
    for card_id in ["wax_candle"] * 3 + ["wealthy_tanist", "faithful_tanist", "sylph"]:
        summon(g, card_id)
    assert len(g.zone("play")) == 6


# ----------------------------------------------------------------------------- R7 actions

def test_r7_1_an_action_needs_its_whole_cost_and_a_target_for_its_effect():
    g = game(play=["book_of_pacts"], discard=["bell"], power=1)
    assert "costs 2 power; you have 1" in g.explain(Activate(uid(g, "book_of_pacts"), "pact"))
    g = game(play=["book_of_pacts"], power=2)
    assert "no target" in g.explain(Activate(uid(g, "book_of_pacts"), "pact"))


def test_r7_1_an_action_that_names_no_card_scraps_the_card_itself():
    g = game(play=["wax_candle"])
    act(g, "wax_candle", "burn")
    assert ids(g, "discard") == ["wax_candle"] and g.power == 1


def test_r7_2_a_card_without_such_an_action_cannot_be_scrapped_or_sacrificed():
    g = game(play=["wax_candle", "vitriol", "chasuble", "boline"])
    actions = {(g.card(c.uid).card_id, c.action) for c in g.legal_commands() if isinstance(c, Activate)}
    assert actions == {("wax_candle", "burn"), ("chasuble", "absolve"), ("boline", "cut")} or \
        actions == {("wax_candle", "burn"), ("chasuble", "absolve")}
    with pytest.raises(IllegalCommand, match="no action"):
        g.apply(Activate(uid(g, "wax_candle"), "sacrifice"))


def test_r7_3_an_ongoing_effect_holds_only_while_its_card_is_in_play():
    g = game(play=["golem"])
    assert g.hand_size == 6
    act(g, "golem", "unmake")
    assert g.hand_size == 5


def test_r7_4_a_dagger_resolves_from_any_zone():
    g = game(hand=["wealthy_tanist", "bell"], play=["boline"])
    act(g, "boline", "cut")
    choose(g, "wealthy_tanist")  # sacrificed from the hand
    assert g.power == 3
    g = game(discard=["wealthy_tanist"], play=["book_of_pacts"], power=2)
    act(g, "book_of_pacts", "pact")
    choose(g, "wealthy_tanist")  # from the discard pile
    assert g.power == 3


def test_r7_4_a_dagger_resolves_before_the_rest_of_the_effect_that_caused_it():
    g = game(play=["circle_of_protection", "wealthy_tanist", "rumjal"])
    act(g, "circle_of_protection", "ward")
    events = choose(g, "wealthy_tanist")
    assert g.power == 3  # the † resolved during the cost
    assert g.pending is not None and option_ids(g) == ["rumjal"]
    assert kinds(events).index("dagger") < kinds(events).index("decision")


def test_r7_4_the_player_orders_daggers_that_trigger_together():
    g = game(deck=FILLER, hand=["wealthy_tanist", "faithful_tanist"], play=["grand_circle"], damage=1)
    end_turn(g)
    assert g.pending.kind == "order"
    assert sorted(option_ids(g)) == ["faithful_tanist", "wealthy_tanist"]
    events = choose(g, "faithful_tanist")
    names = [e.data["name"] for e in events if e.kind == "dagger"]
    assert names == ["Faithful Tanist", "Wealthy Tanist"]


def test_r7_4_a_card_sacrificed_for_its_own_action_resolves_the_effect_and_its_dagger():
    g = game(deck=FILLER, play=["sylph"])
    act(g, "sylph", "sacrifice")
    assert g.power == 1 and len(g.zone("hand")) == 1


def test_r7_4_a_compulsory_dagger_with_a_legal_target_must_take_one():
    g = game(hand=["bell"], play=["sacrificial_lamb"])
    act(g, "sacrificial_lamb", "offer")
    assert option_ids(g) == ["bell"]  # no "none" option


def test_r7_4_hymns_of_devotion_prevents_daggers_as_they_would_resolve():
    g = game(play=["wealthy_tanist", "hymns_of_devotion", "circle_of_protection"])
    act(g, "circle_of_protection", "ward")
    events = choose(g, "wealthy_tanist")
    assert "dagger_prevented" in kinds(events) and g.power == 0
    choose(g, "hymns_of_devotion")
    assert "hymns_of_devotion" in ids(g, "sacrificed")


def test_r7_5_actions_may_be_used_on_a_card_just_summoned():
    g = game(hand=["salamander"])
    summon(g, "salamander")
    assert can(g, "salamander", "scrap")


def test_r7_6_a_search_takes_one_match_and_shuffles_the_deck():
    g = game(deck=["wax_candle", "salamander", "gnome", "bell"], play=["bell"])
    act(g, "bell", "ring")
    assert g.pending.kind == "search" and sorted(option_ids(g)) == ["gnome", "salamander"]
    events = choose(g, "gnome")
    assert ids(g, "hand") == ["gnome"] and "shuffled" in kinds(events)


def test_r7_6_a_search_without_a_match_takes_nothing_and_still_shuffles():
    g = game(deck=["wax_candle", "incense"], play=["bell"])
    events = act(g, "bell", "ring")
    assert g.pending is None and ids(g, "hand") == [] and "shuffled" in kinds(events)


def test_r7_6_searching_an_empty_deck_finds_nothing_and_advances_the_hour():
    g = game(deck=[], discard=["wax_candle"], play=["bell"], hour=2)
    events = act(g, "bell", "ring")
    assert g.hour == 3
    assert [e.data["found"] for e in events if e.kind == "search"] == [[]]


def test_r7_7_up_to_allows_zero_and_baphomet_is_never_a_target():
    g = game(hand=["baphomet", "bell"], play=["wand_of_power"], power=2)
    act(g, "wand_of_power", "banish")
    assert option_ids(g) == ["bell"]
    g = game(discard=["bell"], play=["undine"])
    act(g, "undine", "sacrifice")
    assert option_ids(g) == ["bell", None]
    choose(g, None)
    assert ids(g, "discard") == ["bell"]


def test_r7_8_sacrificing_a_key_is_legal_and_loses_at_once():
    g = game(hand=["book_of_pacts", "bell"], play=["wand_of_power"], power=2)
    act(g, "wand_of_power", "banish")
    choose(g, "book_of_pacts")
    assert g.outcome.reason == "key_sacrificed" and not g.outcome.won


# ----------------------------------------------------------------------------- R8 power

def test_r8_1_power_adds_up_across_actions_and_pays_a_later_cost():
    g = game(hand=["golem"], play=["wax_candle", "salamander"])
    act(g, "wax_candle", "burn")
    act(g, "salamander", "scrap")
    summon(g, "golem")
    assert g.power == 0 and "golem" in ids(g, "play")


def test_r8_3_taking_a_token_turns_it_into_virtual_power_that_can_hurt():
    g = game(deck=FILLER, hand=["gnome"], tokens=1)
    assert "take a token" in g.explain(Summon(uid(g, "gnome")))
    take_token(g)
    assert (g.tokens, g.power) == (0, 1)
    end_turn(g)
    assert g.damage == 1


# ----------------------------------------------------------------------------- R9 damage

def test_r9_2_the_third_damage_token_loses_at_once():
    g = game(deck=FILLER, power=3)
    end_turn(g)
    assert g.damage == 3 and g.outcome.reason == "damage"
    assert g.legal_commands() == []


def test_r9_3_removing_damage_returns_tokens_but_never_below_zero():
    g = game(play=["chasuble"], damage=1)
    act(g, "chasuble", "absolve")
    assert g.damage == 0
    g = game(play=["chasuble"])
    act(g, "chasuble", "absolve")
    assert g.damage == 0


# ----------------------------------------------------------------------------- R10, R11 the end

WINNING_PLAY = ["book_of_pacts", "wand_of_power", "grand_circle"]


def test_r10_4_and_r11_2_summoning_baphomet_ends_the_game_and_scores():
    g = game(hand=["baphomet"], play=WINNING_PLAY, hour=4)
    events = summon(g, "baphomet")
    assert g.outcome.won and g.outcome.score == 8 and g.outcome.rank == "Grand Master"
    assert kinds(events)[-1] == "game_over"
    assert sorted(ids(g, "sacrificed")) == sorted(WINNING_PLAY)


def test_r10_4_ruling_daggers_of_cards_his_summoning_sacrifices_do_not_resolve():
    g = game(hand=["baphomet"], play=WINNING_PLAY + ["wealthy_tanist"])
    events = summon(g, "baphomet")
    assert "dagger" not in kinds(events)


def test_r11_1_any_card_in_deck_hand_or_discard_loses_without_a_score():
    g = game(hand=["baphomet"], play=WINNING_PLAY, discard=["wax_candle"])
    summon(g, "baphomet")
    assert not g.outcome.won and g.outcome.reason == "cards_remain" and g.outcome.score is None


def test_r11_2_each_other_non_key_card_sacrificed_costs_a_point():
    g = game(hand=["baphomet"], play=WINNING_PLAY + ["wax_candle", "rumjal"], hour=6, damage=1)
    summon(g, "baphomet")
    # 1 + 0 hours - 2 cards + 2 supply
    assert g.outcome.score == 1 and g.outcome.rank == "Wizard"
    assert [p for _, p in g.outcome.breakdown] == [1, 0, -2, 2]


def test_r11_3_a_negative_score_loses():
    g = game(hand=["baphomet"], play=WINNING_PLAY + ["wax_candle"] * 3 + ["bell", "incense"], hour=6,
             damage=2)
    summon(g, "baphomet")
    assert g.outcome.score == 1 - 5 + 1 and not g.outcome.won and g.outcome.reason == "negative_score"


@pytest.mark.parametrize("score,rank", [(0, "Adept"), (1, "Wizard"), (2, "Wizard"), (3, "Master"),
                                        (5, "Master"), (6, "Grand Master"), (8, "Grand Master"),
                                        (9, "Prince"), (14, "Prince")])
def test_r11_3_ranks_of_the_grand_hierarchy(score, rank):
    from aleph_null_desktop.engine.model import rank_for

    assert rank_for(score) == rank


def test_r11_4_in_hour_seven_no_hours_remain():
    g = game(hand=["baphomet"], play=WINNING_PLAY, hour=7, last_hour=7)
    summon(g, "baphomet")
    assert g.outcome.score == 1 + 0 + 3


# ----------------------------------------------------------------------------- commands

def test_choose_is_only_legal_with_an_open_decision_and_blocks_everything_else():
    g = game(play=["undine"], discard=["bell"])
    with pytest.raises(IllegalCommand, match="nothing to choose"):
        g.apply(Choose(0))
    act(g, "undine", "sacrifice")
    assert g.legal_commands() == [Choose(0), Choose(1)]
    with pytest.raises(IllegalCommand, match="open choice"):
        g.apply(EndTurn())


def test_an_illegal_command_changes_nothing():
    g = new_game(seed=9)
    before = g.to_dict()
    with pytest.raises(IllegalCommand):
        g.apply(Activate(999, "burn"))
    assert g.to_dict() == before
