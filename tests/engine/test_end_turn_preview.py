"""Game.end_turn_preview: everything ending the turn is sure to cost, from public information."""

from engine_helpers import choose, end_turn, game, summon

FILLER = ["wax_candle"] * 3 + ["incense", "bell", "boline", "besom", "golem"]


def test_preview_is_an_int_with_a_breakdown():
    g = game(power=2, hand=["incense"], deck=FILLER)
    p = g.end_turn_preview()
    assert p == 2 and int(p) == 2 and p.total == 2 and p + 1 == 3 and f"{p}" == "2"
    assert [part.kind for part in p.parts] == ["unspent_power"]
    assert p.summary() == "2 damage — 2 unspent power"
    assert not p.hour_advances and not p.loses


def test_r4_4_shield_reduces_unspent_power():
    g = game(power=2, play=["chasuble"], deck=FILLER)
    assert g.end_turn_preview() == 1  # R4.4 with the Chasuble's shield


def test_r5_2a_tokens_count_when_the_next_draw_must_empty_the_deck():
    g = game(tokens=2, hand=["incense"], deck=["bell", "boline"], discard=["besom"] * 0 + ["golem"])
    p = g.end_turn_preview()
    assert p.hour_advances  # 2 cards in the deck, a hand of 5 to draw (R5.1)
    assert p == 2 and [x.kind for x in p.parts] == ["hour_tokens"]
    assert "2 tokens as the Hour turns" in p.summary()
    before = g.damage
    end_turn(g)
    choose(g, None)  # Hour II's page: sacrifice up to one card from the discard pile; none
    assert g.hour == 2 and g.damage - before == 2  # the preview was exact


def test_no_hour_damage_when_the_deck_holds_a_full_hand():
    g = game(tokens=2, deck=FILLER)
    p = g.end_turn_preview()
    assert p == 0 and not p.hour_advances and p.summary() == "no damage"


def test_the_long_night_deals_damage_as_the_hour_turns():
    g = game(play=["the_long_night"], deck=["bell"], discard=FILLER)
    p = g.end_turn_preview()
    assert p == 1 and [x.kind for x in p.parts] == ["hour_damage"]
    assert "The Long Night" in p.parts[0].text
    end_turn(g)
    choose(g, None)
    assert g.damage == 1 and g.hour == 2


def test_r5_3_passing_the_last_hour_loses():
    g = game(hour=6, deck=["bell"], discard=FILLER)
    p = g.end_turn_preview()
    assert p.loses and p.summary().startswith("loses the ritual")
    end_turn(g)
    assert g.outcome is not None and g.outcome.reason == "time"


def test_third_damage_is_a_certain_loss():
    g = game(damage=2, power=1, deck=FILLER)
    assert g.end_turn_preview().loses


def test_end_of_turn_interference_is_named():
    g = game(play=["sargatanas"], deck=FILLER)
    p = g.end_turn_preview()
    assert p == 1 and p.parts[0].kind == "interference" and "Sargatanas" in p.parts[0].text


def test_r5_5_every_turn_costs_an_hour_is_public():
    many = game(hand=["incense"], deck=FILLER)
    assert not many.every_turn_costs_an_hour
    few = game(hand=["incense"], deck=["bell"], discard=["boline"], play=["golem"])
    assert few.hand_size == 6 and few.every_turn_costs_an_hour  # 3 cards left to draw, a hand of 6
    assert few.observe().every_turn_costs_an_hour
    summon_me = game(hand=["wax_candle"], deck=["bell", "boline", "besom", "incense"])
    assert not summon_me.every_turn_costs_an_hour  # 5 cards to draw, a hand of 5
    summon(summon_me, "wax_candle")
    assert summon_me.every_turn_costs_an_hour  # the candle left the hand for play


def test_daggers_at_the_end_of_the_turn_make_the_hour_uncertain():
    # Grand Circle: the hand is sacrificed; a † effect there could refill the deck
    g = game(tokens=1, play=["grand_circle"], hand=["sylph"], deck=["bell"])
    assert g.cards["sylph"].dagger
    assert not g.end_turn_preview().hour_advances


def test_preview_warns_when_the_grand_circle_would_sacrifice_a_key_in_hand():
    # R4.4 with R10.2: ending the turn sacrifices the hand, Keys included, and that loses
    g = game(play=["grand_circle"], hand=["book_of_pacts", "bell"], deck=FILLER)
    p = g.end_turn_preview()
    assert p.loses and p == 0
    assert [x.kind for x in p.parts] == ["key_sacrificed"]
    assert p.summary() == "loses the ritual — Book of Pacts, a Key, would be sacrificed with the hand"
    end_turn(g)
    assert g.outcome is not None and g.outcome.reason == "key_sacrificed"


def test_preview_does_not_warn_for_baphomet_in_hand_under_the_grand_circle():
    g = game(play=["grand_circle"], hand=["baphomet"], deck=FILLER)
    p = g.end_turn_preview()
    assert not p.loses and p.summary() == "no damage"
