"""The worked examples of the published rulebook, as tests."""

from engine_helpers import act, end_turn, game, summon

FILLER = ["wax_candle"] * 3 + ["incense", "bell", "boline", "besom", "golem"]


def test_salamander_sacrificed_for_3_with_2_spent_deals_1_damage_at_the_end_of_the_turn():
    # Rulebook, Magical Power: "if you sacrifice it, you generate 3 Magical Power instead";
    # unspent virtual power deals 1 damage each at the end of the turn (R4.4).
    g = game(play=["salamander"], hand=["exorcised_water"], deck=FILLER)
    act(g, "salamander", "sacrifice")
    assert g.power == 3
    summon(g, "exorcised_water")  # costs 2
    assert g.power == 1
    assert g.end_turn_preview() == 1
    end_turn(g)
    assert g.damage == 1 and g.power == 0


def test_salamander_scrapped_generates_2():
    g = game(play=["salamander"])
    act(g, "salamander", "scrap")
    assert g.power == 2


def test_baphomet_in_hour_four_scores_one_plus_two_plus_two_for_the_hours():
    # Rulebook, Final Scoring: "summoning Baphomet during Hour IV would score 1+2+2=5 points";
    # with nothing else in play and no damage, the supply adds 3 (R11.2): 8.
    g = game(hand=["baphomet"], play=["book_of_pacts", "wand_of_power", "grand_circle"], hour=4)
    summon(g, "baphomet")
    breakdown = dict((label.split(":")[0], pts) for label, pts in g.outcome.breakdown)
    assert breakdown["BAPHOMET is summoned"] + breakdown["Hours remaining after Hour IV"] == 5
    assert g.outcome.score == 8 and g.outcome.won


def test_akhtoi_has_a_cost_that_must_be_generated_before_summoning():
    # Rulebook: "If you cannot pay the associated cost (e.g. Akhtoi), you must use your cards in
    # play in order to generate the necessary Magical Power."
    g = game(hand=["akhtoi"], play=["wax_candle"])
    act(g, "wax_candle", "burn")
    summon(g, "akhtoi")
    assert g.power == 0 and g.damage == 0
