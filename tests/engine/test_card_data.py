"""The card loader: one schema, validated, never half-loaded; card packs override by id."""

import copy
import json

import pytest

from aleph_null_desktop.engine import CardDataError, load_builtin_cards, new_game
from aleph_null_desktop.engine.cards import card_from_dict, load_cards_file
from aleph_null_desktop.engine.words.text import action_text, card_text_lines


def builtin_record(card_id):
    return copy.deepcopy(dict(load_builtin_cards()[card_id].data))


def test_every_builtin_card_round_trips_through_the_schema():
    for card in load_builtin_cards().values():
        assert card_from_dict(json.loads(json.dumps(card.data))) == card


@pytest.mark.parametrize("mutate,field", [
    (lambda r: r.pop("name"), "name"),
    (lambda r: r.update(type="wizard"), "type"),
    (lambda r: r.update(cost=-1), "cost"),
    (lambda r: r.update(cost="2"), "cost"),
    (lambda r: r["actions"][0]["effect"].append({"op": "explode"}), "actions[0].effect[1]"),
    (lambda r: r["actions"][0]["effect"][0].update(amount=True), "actions[0].effect[0].amount"),
    (lambda r: r["actions"][0].update(cost="scrap"), "actions[0].cost"),
    (lambda r: r.update(level=4), "level"),
    (lambda r: r.update(surprise=1), "surprise"),
    (lambda r: r["ongoing"].append({"op": "hand_size"}), "ongoing[0]"),
])
def test_a_broken_card_names_the_card_and_the_field(mutate, field):
    record = builtin_record("rumjal") if field == "level" else builtin_record("salamander")
    mutate(record)
    with pytest.raises(CardDataError) as err:
        card_from_dict(record)
    assert err.value.field_name == field
    assert record["id"] in str(err.value)


def test_a_broken_file_is_refused_whole_with_its_name(tmp_path):
    good = builtin_record("salamander")
    bad = builtin_record("gnome")
    bad["cost"] = "lots"
    path = tmp_path / "pack.json"
    path.write_text(json.dumps({"schema": 1, "cards": [good, bad]}))
    with pytest.raises(CardDataError, match=r"pack\.json.*'gnome'.*cost"):
        load_cards_file(path)
    path.write_text("{not json")
    with pytest.raises(CardDataError, match="pack.json"):
        load_cards_file(path)


def test_a_card_pack_overrides_a_builtin_card_by_id_and_travels_with_the_save():
    salamander = builtin_record("salamander")
    salamander["actions"][0]["effect"][0]["amount"] = 5
    g = new_game(seed=1, cards=[salamander])
    assert g.cards["salamander"].actions[0].effect[0]["amount"] == 5
    assert load_builtin_cards()["salamander"].actions[0].effect[0]["amount"] == 2
    from aleph_null_desktop.engine import Game

    assert Game.from_dict(g.to_dict()).cards["salamander"].actions[0].effect[0]["amount"] == 5


def test_a_custom_interference_can_be_set_aside_through_the_pool():
    custom = builtin_record("rumjal")
    custom.update(id="my_imp", name={"en": "My Imp"}, custom=True)
    g = new_game(seed=2, cards=[custom], interference_pool={1: ["my_imp", "sexton", "ill_omen"]})
    assert "my_imp" in [i.card_id for i in g.zone("set_aside")]


def test_card_text_reads_as_printed():
    cards = load_builtin_cards()
    assert action_text(cards["salamander"].actions[1]) == "sacrifice this → gain 3P"
    assert card_text_lines(cards["circle_of_protection"]) == [
        "sacrifice a Tanist you have in play → sacrifice an Interference card in play"]
    assert "† draw 2 cards" in card_text_lines(cards["silent_tanist"])


def test_a_card_pack_file_loads_as_override_records(tmp_path):
    from aleph_null_desktop.engine import load_card_pack

    gnome = builtin_record("gnome")
    gnome["cost"] = 0
    path = tmp_path / "printed.json"
    path.write_text(json.dumps({"schema": 1, "cards": [gnome]}))
    records = load_card_pack(path)
    g = new_game(seed=4, cards=records)
    assert g.cards["gnome"].cost == 0
    assert len(g.zone("deck")) + len(g.zone("hand")) == 28
