"""Every card of CARDS.md: each action, ongoing effect and † effect, and what it must not allow."""

import pytest
from engine_helpers import act, can, can_summon, choose, end_turn, game, ids, kinds, option_ids, summon, uid

from aleph_null_desktop.engine import Activate, EndTurn, Summon, load_builtin_cards

FILLER = ["wax_candle"] * 3 + ["incense", "bell", "boline", "besom", "golem"]
KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]


def action_ids(card_id):
    return [a.id for a in load_builtin_cards()[card_id].actions]


def test_every_card_of_cards_md_is_in_the_data_with_its_actions():
    expected = {
        "book_of_pacts": ["pact"], "wand_of_power": ["banish"], "grand_circle": [], "baphomet": [],
        "wealthy_tanist": ["tithe"], "learned_tanist": ["tithe"], "faithful_tanist": ["tithe"],
        "zealous_tanist": ["tithe"], "silent_tanist": ["tithe"], "wax_candle": ["burn"],
        "salamander": ["scrap", "sacrifice"], "sylph": ["scrap", "sacrifice"], "undine": ["scrap", "sacrifice"],
        "gnome": ["scrap", "sacrifice"], "circle_of_protection": ["ward"], "exorcised_water": ["asperge"],
        "boline": ["cut"], "vitriol": ["dissolve"], "chasuble": ["absolve"], "bell": ["ring"],
        "besom": ["sweep", "burn"], "incense": ["fumigate"], "pentacle": ["invoke"], "golem": ["unmake"],
        "sacrificial_lamb": ["offer"], "mandrake_root": ["uproot"], "ill_omen": ["dispel"],
        "church_bells": ["silence"], "sexton": ["bribe"], "rumjal": ["appease"], "akhtoi": ["appease"],
        "hymns_of_devotion": ["drown_out"], "father_domenico": ["defy"], "marchosias": ["appease"],
        "the_long_night": ["endure"], "sargatanas": ["appease"], "inquisitor": ["recant"],
        "astaroth": ["banish"], "eternal_light": ["shade"],
    }
    cards = load_builtin_cards()
    assert set(cards) == set(expected)
    for card_id, actions in expected.items():
        assert action_ids(card_id) == actions, card_id
    assert sum(1 for c in cards.values() if c.is_interference and not c.data.get("optional")) == 12
    for level in (1, 2, 3):
        assert len(cards.interference_ids(level)) == 4


@pytest.mark.parametrize("card_id,cost", [
    ("book_of_pacts", 3), ("circle_of_protection", 1), ("exorcised_water", 2), ("boline", 1), ("vitriol", 1),
    ("chasuble", 2), ("bell", 1), ("besom", 1), ("incense", 1), ("pentacle", 2), ("golem", 3),
    ("sacrificial_lamb", 1), ("mandrake_root", 1), ("gnome", 1), ("salamander", 0), ("sylph", 0),
    ("undine", 0), ("wax_candle", 0), ("wealthy_tanist", 0), ("silent_tanist", 0),
])
def test_summoning_costs(card_id, cost):
    g = game(hand=[card_id], power=cost)
    if cost:
        g2 = game(hand=[card_id], power=cost - 1)
        assert not can_summon(g2, card_id)
    summon(g, card_id)
    assert g.power == 0 and ids(g, "play") == [card_id]


# ----------------------------------------------------------------------------- Keys and BAPHOMET

def test_book_of_pacts_pays_2_to_sacrifice_a_card_from_the_discard_pile():
    g = game(play=["book_of_pacts"], discard=["bell", "incense"], power=2)
    act(g, "book_of_pacts", "pact")
    assert sorted(option_ids(g)) == ["bell", "incense"]
    choose(g, "incense")
    assert ids(g, "sacrificed") == ["incense"] and g.power == 0


def test_wand_of_power_special_cost_needs_a_tanist_in_play():
    g = game(hand=["wand_of_power"], play=["wax_candle"])
    assert "Tanist" in g.explain(Summon(uid(g, "wand_of_power")))
    g = game(hand=["wand_of_power"], play=["silent_tanist"], deck=FILLER)
    summon(g, "wand_of_power")
    choose(g, "silent_tanist")
    assert ids(g, "play") == ["wand_of_power"] and len(g.zone("hand")) == 2  # the † drew 2


def test_wand_of_power_banish_sacrifices_a_card_from_the_hand_not_baphomet():
    g = game(hand=["bell", "baphomet"], play=["wand_of_power"], power=2)
    act(g, "wand_of_power", "banish")
    assert option_ids(g) == ["bell"]
    choose(g, "bell")
    assert ids(g, "sacrificed") == ["bell"]


def test_grand_circle_special_cost_sacrifices_the_circle_of_protection_and_2_power():
    g = game(hand=["grand_circle"], play=["circle_of_protection"], power=1)
    assert "costs 2 power" in g.explain(Summon(uid(g, "grand_circle")))
    g = game(hand=["grand_circle"], power=2)
    assert "Circle of Protection" in g.explain(Summon(uid(g, "grand_circle")))
    g = game(hand=["grand_circle"], play=["circle_of_protection"], power=2)
    summon(g, "grand_circle")
    choose(g, "circle_of_protection")
    assert ids(g, "play") == ["grand_circle"] and ids(g, "sacrificed") == ["circle_of_protection"]
    assert g.power == 0


def test_grand_circle_sacrifices_the_hand_at_the_end_of_the_turn_baphomet_discarded_by_his_own_text():
    # R4.4 (the glossary: "the discarded cards must be sacrificed instead"); BAPHOMET's text: R1.4
    g = game(deck=FILLER, hand=["bell", "baphomet"], play=["grand_circle"])
    end_turn(g)
    assert ids(g, "sacrificed") == ["bell"]
    assert ids(g, "discard") == ["baphomet"]
    assert g.outcome is None


def test_grand_circle_sacrifices_a_key_left_in_the_hand_which_loses_the_ritual():
    # R4.4 with R10.2: Keys are not spared; two Keys lose once
    g = game(deck=FILLER, hand=["bell", "book_of_pacts", "wand_of_power"], play=["grand_circle"])
    events = end_turn(g)
    assert g.outcome is not None and not g.outcome.won and g.outcome.reason == "key_sacrificed"
    assert "book_of_pacts" in ids(g, "sacrificed")
    assert [e.kind for e in events].count("game_over") == 1


def test_baphomet_needs_the_three_keys_in_play():
    g = game(hand=["baphomet"], play=["book_of_pacts", "wand_of_power"])
    assert "three Keys" in g.explain(Summon(uid(g, "baphomet")))


def test_baphomet_cannot_be_sacrificed_he_is_discarded_instead():
    g = game(discard=["baphomet", "bell"], play=["besom"])
    act(g, "besom", "burn")
    assert option_ids(g) == ["bell", None]  # never a target (R7.7)
    g = game(deck=FILLER, hand=["baphomet"], play=["grand_circle"])
    end_turn(g)
    assert "baphomet" in ids(g, "discard")


# ----------------------------------------------------------------------------- Tanists

@pytest.mark.parametrize("tanist", ["wealthy_tanist", "learned_tanist", "faithful_tanist", "zealous_tanist",
                                    "silent_tanist"])
def test_every_tanist_is_free_and_tithes_for_1_power(tanist):
    g = game(hand=[tanist])
    summon(g, tanist)
    act(g, tanist, "tithe")
    assert g.power == 1 and ids(g, "discard") == [tanist]


def sacrifice_with_boline(g, card_id):
    act(g, "boline", "cut")
    return choose(g, card_id)


def test_wealthy_tanist_dagger_gains_3_power():
    g = game(hand=["wealthy_tanist"], play=["boline"])
    sacrifice_with_boline(g, "wealthy_tanist")
    assert g.power == 3


def test_learned_tanist_dagger_searches_for_an_artifact():
    g = game(hand=["learned_tanist"], play=["boline"], deck=["salamander", "golem", "book_of_pacts"])
    sacrifice_with_boline(g, "learned_tanist")
    assert g.pending.kind == "search" and option_ids(g) == ["golem"]
    choose(g, "golem")
    assert ids(g, "hand") == ["golem"]


def test_faithful_tanist_dagger_removes_1_damage():
    g = game(hand=["faithful_tanist"], play=["boline"], damage=2)
    sacrifice_with_boline(g, "faithful_tanist")
    assert g.damage == 1


def test_zealous_tanist_dagger_sacrifices_up_to_1_card_from_hand_or_discard():
    g = game(hand=["zealous_tanist", "bell"], play=["boline"], discard=["incense"])
    sacrifice_with_boline(g, "zealous_tanist")
    assert option_ids(g) == ["bell", "incense", "boline", None]  # the Boline was scrapped first
    choose(g, "incense")
    assert sorted(ids(g, "sacrificed")) == ["incense", "zealous_tanist"]


def test_silent_tanist_dagger_draws_2():
    g = game(hand=["silent_tanist"], play=["boline"], deck=FILLER)
    sacrifice_with_boline(g, "silent_tanist")
    assert len(g.zone("hand")) == 2


# ----------------------------------------------------------------------------- Candles and elementals

def test_wax_candle_burns_for_1_power_and_cannot_sacrifice_itself():
    g = game(play=["wax_candle"])
    assert action_ids("wax_candle") == ["burn"]
    act(g, "wax_candle", "burn")
    assert g.power == 1 and ids(g, "discard") == ["wax_candle"]


@pytest.mark.parametrize("card_id,scrap,sacrifice", [
    ("salamander", 2, 3), ("sylph", 1, 1), ("undine", 1, 1), ("gnome", 2, 3)])
def test_elementals_scrap_and_sacrifice_for_power(card_id, scrap, sacrifice):
    g = game(play=[card_id])
    act(g, card_id, "scrap")
    assert g.power == scrap and ids(g, "discard") == [card_id]
    g = game(play=[card_id], deck=FILLER)
    act(g, card_id, "sacrifice")
    if g.pending:
        choose(g, None)
    assert g.power == sacrifice and ids(g, "sacrificed") == [card_id]


def test_sylph_dagger_draws_1():
    g = game(play=["sylph"], deck=FILLER)
    act(g, "sylph", "sacrifice")
    assert len(g.zone("hand")) == 1


def test_undine_dagger_sacrifices_up_to_1_card_from_the_discard_pile():
    g = game(play=["undine"], discard=["bell"])
    act(g, "undine", "sacrifice")
    choose(g, "bell")
    assert sorted(ids(g, "sacrificed")) == ["bell", "undine"]


# ----------------------------------------------------------------------------- Artifacts

def test_circle_of_protection_sacrifices_a_tanist_to_sacrifice_an_interference_in_play():
    g = game(play=["circle_of_protection", "faithful_tanist", "sargatanas"])
    act(g, "circle_of_protection", "ward")
    choose(g, "faithful_tanist")
    choose(g, "sargatanas")
    assert sorted(ids(g, "sacrificed")) == ["faithful_tanist", "sargatanas"]
    assert ids(g, "play") == ["circle_of_protection"]  # it stays in play


def test_circle_of_protection_needs_both_a_tanist_and_an_interference():
    assert not can(game(play=["circle_of_protection", "rumjal"]), "circle_of_protection", "ward")
    assert not can(game(play=["circle_of_protection", "silent_tanist"]), "circle_of_protection", "ward")


def test_exorcised_water_sacrifices_itself_and_an_interference_in_play_or_discard():
    g = game(play=["exorcised_water", "rumjal"], discard=["astaroth", "bell"])
    act(g, "exorcised_water", "asperge")
    assert option_ids(g) == ["rumjal", "astaroth"]
    choose(g, "astaroth")
    assert sorted(ids(g, "sacrificed")) == ["astaroth", "exorcised_water"]


def test_boline_scraps_itself_to_sacrifice_a_card_from_hand_and_cannot_sacrifice_itself():
    assert action_ids("boline") == ["cut"]
    g = game(play=["boline"], hand=["bell"])
    act(g, "boline", "cut")
    choose(g, "bell")
    assert ids(g, "discard") == ["boline"] and ids(g, "sacrificed") == ["bell"]
    assert not can(game(play=["boline"]), "boline", "cut")  # no card in hand: no target


def test_vitriol_pays_1_to_sacrifice_itself_and_its_dagger_takes_an_artifact_or_interference():
    assert action_ids("vitriol") == ["dissolve"]  # no way to scrap itself
    g = game(play=["vitriol", "rumjal", "bell", "silent_tanist"], power=1)
    act(g, "vitriol", "dissolve")
    assert option_ids(g) == ["rumjal", "bell", None]
    choose(g, "rumjal")
    assert sorted(ids(g, "sacrificed")) == ["rumjal", "vitriol"]


def test_chasuble_shields_the_first_unspent_point_and_absolves_1_damage():
    assert action_ids("chasuble") == ["absolve"]  # no way to scrap itself
    g = game(deck=FILLER, play=["chasuble"], power=2)
    assert g.end_turn_preview() == 1
    end_turn(g)
    assert g.damage == 1
    act(g, "chasuble", "absolve")
    assert g.damage == 0 and ids(g, "sacrificed") == ["chasuble"]


def test_bell_searches_for_a_magical_power_card():
    g = game(play=["bell"], deck=["wax_candle", "sylph", "book_of_pacts"])
    act(g, "bell", "ring")
    assert option_ids(g) == ["sylph"]


def test_besom_sweeps_another_card_or_burns_for_up_to_2():
    g = game(play=["besom"], discard=["bell", "incense", "golem"])
    act(g, "besom", "burn")
    choose(g, "bell")
    assert option_ids(g) == ["incense", "golem", None]
    choose(g, "golem")
    assert sorted(ids(g, "sacrificed")) == ["bell", "besom", "golem"]
    assert not can(game(play=["besom"]), "besom", "sweep")  # needs another card in the discard pile


def test_incense_scraps_to_draw_2():
    g = game(play=["incense"], deck=FILLER)
    act(g, "incense", "fumigate")
    assert len(g.zone("hand")) == 2 and ids(g, "discard") == ["incense"]


def test_pentacle_searches_for_a_key_or_baphomet():
    g = game(play=["pentacle"], deck=["baphomet", "grand_circle", "bell"])
    act(g, "pentacle", "invoke")
    assert sorted(option_ids(g)) == ["baphomet", "grand_circle"]


def test_golem_adds_1_to_the_hand_size_and_unmakes_for_2():
    g = game(play=["golem"])
    assert g.hand_size == 6
    act(g, "golem", "unmake")
    assert g.power == 2 and g.hand_size == 5


def test_sacrificial_lamb_offers_itself_for_1_and_its_dagger_sacrifices_another_card_from_hand():
    g = game(play=["sacrificial_lamb"], hand=["bell", "incense"])
    act(g, "sacrificial_lamb", "offer")
    assert option_ids(g) == ["bell", "incense"]
    choose(g, "bell")
    assert g.power == 1 and sorted(ids(g, "sacrificed")) == ["bell", "sacrificial_lamb"]


def test_mandrake_root_uproots_for_1_power_and_a_card():
    g = game(play=["mandrake_root"], deck=FILLER)
    act(g, "mandrake_root", "uproot")
    assert g.power == 1 and len(g.zone("hand")) == 1 and ids(g, "sacrificed") == ["mandrake_root"]


# ----------------------------------------------------------------------------- Interference

def test_ill_omen_weakens_magical_power_cards_and_is_dispelled_by_sacrificing_one_from_hand():
    g = game(play=["ill_omen", "salamander", "wax_candle", "sylph"], hand=["gnome"], deck=FILLER)
    act(g, "salamander", "scrap")
    assert g.power == 1  # 2 - 1
    act(g, "wax_candle", "burn")  # an Artifact: unaffected
    assert g.power == 2
    act(g, "ill_omen", "dispel")
    choose(g, "gnome")
    assert "ill_omen" in ids(g, "discard") and "gnome" in ids(g, "sacrificed")


def test_ill_omen_never_drops_power_below_zero():
    g = game(play=["ill_omen", "sylph"], deck=FILLER)
    act(g, "sylph", "scrap")
    assert g.power == 0


def test_church_bells_shrink_the_hand_and_are_silenced_for_2():
    g = game(play=["church_bells"], deck=FILLER)
    end_turn(g)
    assert len(g.zone("hand")) == 4
    g = game(play=["church_bells"], power=2)
    act(g, "church_bells", "silence")
    assert ids(g, "discard") == ["church_bells"]


def test_the_sexton_allows_three_summons_a_turn_not_counting_interference():
    g = game(play=["sexton"], hand=["wax_candle", "wax_candle", "rumjal", "sylph", "salamander"], power=1)
    summon(g, "rumjal")
    summon(g, "wax_candle")
    summon(g, "wax_candle")
    summon(g, "sylph")
    assert "Only 3 summons" in g.explain(Summon(uid(g, "salamander", "hand")))
    g2 = game(play=["sexton"], power=1)
    act(g2, "sexton", "bribe")
    assert ids(g2, "discard") == ["sexton"]


def test_rumjal_costs_1_and_is_appeased_for_1():
    g = game(hand=["rumjal"])
    summon(g, "rumjal")
    assert g.damage == 1
    g = game(play=["rumjal"], power=1)
    act(g, "rumjal", "appease")
    assert ids(g, "discard") == ["rumjal"]


def test_akhtoi_makes_tanists_and_artifacts_cost_1_more():
    g = game(play=["akhtoi"], hand=["wealthy_tanist", "bell", "salamander", "book_of_pacts"], power=3)
    assert g.summon_cost(uid(g, "wealthy_tanist")) == 1
    assert g.summon_cost(uid(g, "bell")) == 2
    assert g.summon_cost(uid(g, "salamander")) == 0
    assert g.summon_cost(uid(g, "book_of_pacts")) == 3
    g = game(play=["akhtoi"], power=2)
    act(g, "akhtoi", "appease")
    assert ids(g, "discard") == ["akhtoi"]


def test_hymns_of_devotion_is_drowned_out_for_2():
    g = game(play=["hymns_of_devotion"], power=2)
    act(g, "hymns_of_devotion", "drown_out")
    assert ids(g, "discard") == ["hymns_of_devotion"]


def test_father_domenico_makes_keys_cost_1_more_special_costs_included():
    g = game(play=["father_domenico", "silent_tanist"], hand=["book_of_pacts", "wand_of_power"], power=3)
    assert g.summon_cost(uid(g, "book_of_pacts")) == 4
    assert g.summon_cost(uid(g, "wand_of_power")) == 1
    g = game(play=["father_domenico", "silent_tanist"], hand=["wand_of_power"], deck=FILLER)
    assert "costs 1 power" in g.explain(Summon(uid(g, "wand_of_power")))
    g = game(play=["father_domenico"], power=2)
    act(g, "father_domenico", "defy")
    assert ids(g, "discard") == ["father_domenico"]


def test_marchosias_takes_a_tanist_or_1_damage_when_summoned():
    g = game(hand=["marchosias", "silent_tanist"], play=["wealthy_tanist"], power=2, deck=FILLER)
    summon(g, "marchosias")
    assert option_ids(g) == ["silent_tanist", "wealthy_tanist", None]
    choose(g, "wealthy_tanist")
    assert g.damage == 0 and g.power == 3  # the Tanist's † still resolves
    g = game(hand=["marchosias"], play=["wealthy_tanist"], power=2)
    summon(g, "marchosias")
    choose(g, None)
    assert g.damage == 1
    g = game(hand=["marchosias"], power=2)  # no Tanist at all: the damage is taken
    summon(g, "marchosias")
    assert g.damage == 1 and g.pending is None


def test_the_long_night_adds_hour_vii_and_hurts_each_time_the_hour_advances():
    g = game(hand=["the_long_night"], deck=[], discard=FILLER, hour=6)
    events = summon(g, "the_long_night")
    assert g.last_hour == 7 and "hour_vii" in kinds(events)
    end_turn(g)
    assert g.hour == 7 and g.damage == 1 and g.outcome is None
    g = game(play=["the_long_night"], power=3)
    act(g, "the_long_night", "endure")
    assert ids(g, "discard") == ["the_long_night"]


def test_sargatanas_hurts_at_the_end_of_a_turn_without_a_sacrifice():
    g = game(play=["sargatanas"], deck=FILLER)
    assert g.end_turn_preview() == 1
    end_turn(g)
    assert g.damage == 1
    g = game(play=["sargatanas", "sacrificial_lamb"], hand=["bell"], deck=FILLER)
    act(g, "sacrificial_lamb", "offer")  # a sacrifice this turn, and 1P left unspent
    choose(g, "bell")
    assert g.end_turn_preview() == 1
    end_turn(g)
    assert g.damage == 1


def test_sargatanas_is_appeased_for_3():
    g = game(play=["sargatanas"], power=3)
    act(g, "sargatanas", "appease")
    assert ids(g, "discard") == ["sargatanas"]


def test_the_inquisitor_forbids_sacrifice_from_the_discard_pile_and_recants_for_two_tanists():
    g = game(play=["inquisitor", "book_of_pacts"], discard=["bell"], power=2)
    assert not can(g, "book_of_pacts", "pact")
    g = game(play=["inquisitor", "exorcised_water"], discard=["rumjal"])
    act(g, "exorcised_water", "asperge")
    assert option_ids(g) == ["inquisitor"]  # Rumjal in the discard pile is out of reach
    g = game(play=["inquisitor", "silent_tanist"])
    assert not can(g, "inquisitor", "recant")
    g = game(play=["inquisitor", "silent_tanist", "faithful_tanist"], deck=FILLER, damage=1)
    act(g, "inquisitor", "recant")
    choose(g, "silent_tanist")
    choose(g, "faithful_tanist")
    if g.pending and g.pending.kind == "order":
        choose(g, "faithful_tanist")
    assert "inquisitor" in ids(g, "sacrificed") and g.damage == 0 and len(g.zone("hand")) == 2


def test_the_inquisitor_blocks_page_rules_too():
    g = game(play=["inquisitor"], deck=[], discard=FILLER)
    end_turn(g)
    assert g.hour == 2 and g.pending is None


def test_astaroth_blocks_baphomet_and_is_banished_for_4():
    g = game(play=KEYS + ["astaroth"], hand=["baphomet"])
    assert "Astaroth" in g.explain(Summon(uid(g, "baphomet")))
    g = game(play=["astaroth"], power=4)
    act(g, "astaroth", "banish")
    assert ids(g, "sacrificed") == ["astaroth"]


def test_eternal_light_hurts_at_the_end_of_a_turn_without_a_summon_and_is_off_by_default():
    from aleph_null_desktop.engine import new_game

    g = game(play=["eternal_light"], deck=FILLER)
    end_turn(g)
    assert g.damage == 1
    g = game(play=["eternal_light"], hand=["wax_candle"], deck=FILLER)
    summon(g, "wax_candle")
    end_turn(g)
    assert g.damage == 0
    assert all("eternal_light" not in ids(new_game(seed=s, circle="prince"), "set_aside") for s in range(40))
    assert any("eternal_light" in ids(new_game(seed=s, circle="prince", eternal_light=True), "set_aside")
               for s in range(40))


@pytest.mark.parametrize("card_id", ["ill_omen", "church_bells", "sexton", "rumjal", "akhtoi",
                                     "hymns_of_devotion", "father_domenico", "marchosias", "the_long_night",
                                     "sargatanas", "astaroth", "eternal_light"])
def test_every_interference_has_a_way_to_leave_play(card_id):
    g = game(play=[card_id], hand=["sylph"], power=9)
    (action,) = load_builtin_cards()[card_id].actions
    act(g, card_id, action.id)
    if g.pending:
        choose(g, "sylph")
    assert card_id not in ids(g, "play")


def test_interference_drawn_must_be_summoned_before_ending_the_turn():
    g = game(deck=["rumjal"] + FILLER)
    end_turn(g)
    assert "rumjal" in ids(g, "hand")
    assert EndTurn() not in g.legal_commands()
    assert [c for c in g.legal_commands() if isinstance(c, Summon)] == [Summon(uid(g, "rumjal"))]
    assert not any(isinstance(c, Activate) for c in g.legal_commands())


def test_an_explicit_interference_pool_is_used_exactly_and_eternal_light_joins_only_levels_left_out():
    # R3.1 with the optional card: a caller's pool for a level (custom cards) is not extended
    from aleph_null_desktop.engine import new_game

    level2 = ["akhtoi", "marchosias"]
    for seed in range(30):
        g = new_game(seed=seed, circle="prince", eternal_light=True, interference_pool={2: level2})
        chosen = ids(g, "set_aside")
        assert sorted(c for c in chosen if load_builtin_cards()[c].level == 2) == sorted(level2)
    assert any("eternal_light" in ids(new_game(seed=s, circle="prince", eternal_light=True,
                                               interference_pool={3: ["the_long_night", "sargatanas",
                                                                      "astaroth"]}), "set_aside")
               for s in range(40))
