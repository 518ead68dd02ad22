"""Round trip: a card built through the editor's model plays in the engine as specified.

One scenario per effect kind the editor offers (every op of every menu): the card is built with
the editor's own menu helpers (default step, steppers, toggles), validated by the editor,
turned into its record, and played with Game.from_scenario(..., cards=builtin.with_overrides).
"""

from __future__ import annotations

import pytest

from aleph_null_desktop.editor import vocabulary as voc
from aleph_null_desktop.editor.draft import Action, CardDraft, validate
from aleph_null_desktop.engine import Activate, Choose, EndTurn, Game, Summon, load_builtin_cards

CID = "custom_test_card"
DECK = ["wax_candle"] * 8


def step(slot: str, op: str, **params) -> dict:
    """A step as the editor makes it: the menu's default, then each parameter set through the
    editor's helpers (steppers move by clicks from the default)."""
    s = voc.default_step(slot, op)
    spec = voc.spec_for(slot, op)
    for name, value in params.items():
        p = spec.param(name)
        assert p is not None, f"{op} has no parameter {name} in the editor"
        if p.kind == "stepper":
            while s[name] != value:
                before = s[name]
                s = voc.step_stepped(s, slot, name, 1 if value > s[name] else -1)
                assert s[name] != before, f"{name} cannot reach {value}"
        elif p.kind == "zones":
            for z in list(s["from"]):
                s = voc.toggle_zone(s, z)
            for z in value:
                s = voc.toggle_zone(s, z)
        elif p.kind == "filter":
            for t in list(s["filter"].get("types", [])):  # clear the menu's preset first
                s = voc.toggle_filter_type(s, t)
            assert s["filter"] == {}
            for t in value.get("types", []):
                s = voc.toggle_filter_type(s, t)
            if value.get("other"):
                s = voc.toggle_filter_other(s)
        else:
            s = voc.set_param(s, name, value)
    return s


def card(**fields) -> dict:
    draft = CardDraft(name="Test Card", **fields)
    check = validate(draft)
    assert check.ok, check.errors
    rec = draft.to_record(CID)
    assert rec["custom"] is True and rec["type"] == "interference"
    assert CardDraft.from_record(rec).to_record(CID) == rec  # the draft round trip
    return rec


def game(rec: dict | None, **scenario) -> Game:
    cards = load_builtin_cards().with_overrides([rec]) if rec else load_builtin_cards()
    if rec is None:  # the same position without the custom card
        scenario = {k: [c for c in v if c != CID] if isinstance(v, list) else v for k, v in scenario.items()}
    scenario.setdefault("deck", list(DECK))
    return Game.from_scenario(scenario, cards=cards)


def uid(g: Game, card_id: str, zone: str) -> int:
    return next(i.uid for i in g.zone(zone) if i.card_id == card_id)


def ids(g: Game, zone: str) -> list[str]:
    return [i.card_id for i in g.zone(zone)]


def use(g: Game, action: str = "act1") -> None:
    g.apply(Activate(uid(g, CID, "play"), action))


def action_card(effect: list[dict], cost: list[dict] | None = None, **extra) -> dict:
    return card(actions=[Action(cost if cost is not None else [step("cost", "pay", amount=1)], effect)], **extra)


# ----------------------------------------------------------------------------- the menus

def test_every_engine_op_is_offered():
    assert voc.UNOFFERED == {"effect": [], "cost": [], "ongoing": []}
    from aleph_null_desktop.engine.cards import COST_OPS, EFFECT_OPS, ONGOING_OPS

    assert [s.op for s in voc.menu("effect")] == list(EFFECT_OPS)
    assert [s.op for s in voc.menu("cost")] == list(COST_OPS)
    assert [s.op for s in voc.menu("ongoing")] == list(ONGOING_OPS)


def test_every_stepper_extreme_is_accepted_by_the_engine():
    for slot in ("effect", "cost", "ongoing"):
        for spec in voc.menu(slot):
            for p in spec.params:
                if p.kind != "stepper":
                    continue
                for value in (p.lo, p.hi):
                    s = voc.set_param(spec.default_step(), p.name, value)
                    kw = {"ongoing": [s]} if slot == "ongoing" else {}
                    acts = [Action([s] if slot == "cost" else [voc.default_step("cost", "pay")],
                                   [s] if slot == "effect" else [{"op": "scrap_self"}])]
                    draft = CardDraft(name="Probe", actions=acts, **kw)
                    assert validate(draft).ok, (spec.op, p.name, value, validate(draft).errors)
                s = voc.step_stepped(spec.default_step(), slot, p.name, 99)
                assert s[p.name] == p.hi


# ----------------------------------------------------------------------------- action effects

def test_gain_power():
    g = game(action_card([step("effect", "gain_power", amount=3)]), play=[CID], power=1)
    use(g)
    assert g.power == 3


def test_draw():
    g = game(action_card([step("effect", "draw", count=2)]), play=[CID], power=1)
    use(g)
    assert len(g.zone("hand")) == 2 and len(g.zone("deck")) == len(DECK) - 2


def test_search_with_a_type_filter():
    g = game(action_card([step("effect", "search", filter={"types": ["artifact"]})]), play=[CID], power=1,
             deck=["salamander", "boline", "sylph"])
    use(g)
    assert g.pending.kind == "search" and [o.label for o in g.pending.options] == ["Boline"]
    g.apply(Choose(0))
    assert ids(g, "hand") == ["boline"]


@pytest.mark.parametrize("kind,zone_after", [("sacrifice", "sacrificed"), ("scrap", "discard"),
                                             ("discard", "discard")])
def test_move_chosen_card(kind, zone_after):
    eff = step("effect", "move", move=kind, **{"from": ["hand"]}, count=1, filter={"types": ["artifact"]})
    g = game(action_card([eff]), play=[CID], power=1, hand=["salamander", "boline"])
    use(g)
    assert g.pending.kind == "target" and [o.label.split(" (")[0] for o in g.pending.options] == ["Boline"]
    g.apply(Choose(0))
    assert "boline" in ids(g, zone_after) and "salamander" in ids(g, "hand")


def test_move_up_to_with_or_else():
    eff = step("effect", "move", **{"from": ["hand", "play"]}, up_to=True, filter={"types": ["tanist"]},
               otherwise=[step("effect", "take_damage", amount=2)])
    g = game(action_card([eff]), play=[CID], power=1, hand=["faithful_tanist"])
    use(g)
    none = next(i for i, o in enumerate(g.pending.options) if o.uid is None)
    g.apply(Choose(none))
    assert g.damage == 2 and ids(g, "hand") == ["faithful_tanist"]


def test_move_other_filter_excludes_this_card():
    eff = step("effect", "move", **{"from": ["play"]}, filter={"other": True})
    g = game(action_card([eff], cost=[]), play=[CID, "salamander"])
    use(g)
    assert [o.label.split(" (")[0] for o in g.pending.options] == ["Salamander"]


def test_remove_damage():
    g = game(action_card([step("effect", "remove_damage", amount=2)]), play=[CID], power=1, damage=3)
    use(g)
    assert g.damage == 1


def test_take_damage():
    g = game(action_card([step("effect", "take_damage", amount=3)]), play=[CID], power=1)
    use(g)
    assert g.damage == 3


def test_scrap_self():
    g = game(action_card([step("effect", "scrap_self")]), play=[CID], power=1)
    use(g)
    assert ids(g, "discard") == [CID] and g.power == 0


def test_sacrifice_self():
    g = game(action_card([step("effect", "sacrifice_self")]), play=[CID], power=1)
    use(g)
    assert ids(g, "sacrificed") == [CID]


def test_add_hour_vii():
    g = game(action_card([step("effect", "add_hour_vii")]), play=[CID], power=1)
    assert g.last_hour == 6
    use(g)
    assert g.last_hour == 7


# ----------------------------------------------------------------------------- action costs

def test_cost_pay():
    g = game(action_card([step("effect", "draw")], cost=[step("cost", "pay", amount=3)]), play=[CID], power=2)
    assert g.explain(Activate(uid(g, CID, "play"), "act1"))  # 2P is not enough
    g = game(action_card([step("effect", "draw")], cost=[step("cost", "pay", amount=3)]), play=[CID], power=3)
    use(g)
    assert g.power == 0 and len(g.zone("hand")) == 1


def test_cost_scrap_self():
    g = game(action_card([step("effect", "gain_power", amount=2)], cost=[step("cost", "scrap_self")]),
             play=[CID])
    use(g)
    assert ids(g, "discard") == [CID] and g.power == 2


def test_cost_sacrifice_self():
    g = game(action_card([step("effect", "gain_power", amount=1)], cost=[step("cost", "sacrifice_self")]),
             play=[CID])
    use(g)
    assert ids(g, "sacrificed") == [CID] and g.power == 1


def test_cost_move_two_tanists():
    cost = step("cost", "move", **{"from": ["play"]}, count=2, filter={"types": ["tanist"]})
    rec = action_card([step("effect", "scrap_self")], cost=[cost])
    g = game(rec, play=[CID, "faithful_tanist"])
    assert g.explain(Activate(uid(g, CID, "play"), "act1"))  # one Tanist is not enough
    g = game(rec, play=[CID, "faithful_tanist", "silent_tanist"])
    use(g)
    while g.pending:  # two targets, then the order of their † effects
        g.apply(Choose(0))
    assert sorted(ids(g, "sacrificed")) == ["faithful_tanist", "silent_tanist"]
    assert CID in ids(g, "discard")


# ----------------------------------------------------------------------------- summoning, †

def test_summon_cost_and_on_summon_effect():
    rec = card(cost=2, on_summon=[step("on_summon", "take_damage", amount=1)])
    g = game(rec, hand=[CID], power=0)
    g.apply(Summon(uid(g, CID, "hand")))
    assert ids(g, "play") == [CID] and g.damage == 3  # 2 unpaid cost + 1


def test_interference_must_be_summoned_first():
    g = game(card(), hand=[CID, "salamander"])
    legal = g.legal_commands()
    assert Summon(uid(g, CID, "hand")) in legal and Summon(uid(g, "salamander", "hand")) not in legal


def test_dagger_effect():
    rec = card(actions=[Action([], [step("effect", "sacrifice_self")])],
               dagger=[step("dagger", "gain_power", amount=2)])
    g = game(rec, play=[CID])
    use(g)
    assert ids(g, "sacrificed") == [CID] and g.power == 2


def test_second_action():
    rec = card(actions=[Action([step("cost", "pay", amount=2)], [step("effect", "scrap_self")]),
                        Action([step("cost", "pay", amount=1)], [step("effect", "draw")])])
    g = game(rec, play=[CID], power=1)
    use(g, "act2")
    assert len(g.zone("hand")) == 1 and ids(g, "play") == [CID]


# ----------------------------------------------------------------------------- ongoing effects

def ongoing_card(op: str, **params) -> dict:
    return card(ongoing=[step("ongoing", op, **params)])


def test_power_modifier():
    rec = ongoing_card("power_modifier", filter={"types": ["magical_power"]}, amount=-1)
    for r, expected in ((rec, 1), (None, 2)):
        g = game(r, play=[CID, "salamander"])
        g.apply(Activate(uid(g, "salamander", "play"), "scrap"))
        assert g.power == expected


def test_hand_size():
    assert game(ongoing_card("hand_size", amount=-2), play=[CID]).hand_size == \
        game(None, play=[CID]).hand_size - 2


def test_summon_limit():
    rec = ongoing_card("summon_limit", count=1)
    g = game(rec, play=[CID], hand=["wax_candle", "wax_candle"])
    g.apply(Summon(g.zone("hand")[0].uid))
    assert g.explain(Summon(g.zone("hand")[0].uid))
    g = game(None, play=[CID], hand=["wax_candle", "wax_candle"])
    g.apply(Summon(g.zone("hand")[0].uid))
    assert g.explain(Summon(g.zone("hand")[0].uid)) is None


def test_cost_modifier():
    rec = ongoing_card("cost_modifier", filter={"types": ["artifact"]}, amount=2)
    g = game(rec, play=[CID], hand=["boline", "salamander"])
    assert g.summon_cost(uid(g, "boline", "hand")) == 3 and g.summon_cost(uid(g, "salamander", "hand")) == 0


def test_prevent_dagger():
    for r, hand in ((ongoing_card("prevent_dagger"), 0), (None, 1)):
        g = game(r, play=[CID, "sylph"])
        g.apply(Activate(uid(g, "sylph", "play"), "sacrifice"))  # † draw 1 card
        assert len(g.zone("hand")) == hand


def test_hand_sacrificed_at_end():
    g = game(ongoing_card("hand_sacrificed_at_end"), play=[CID], hand=["salamander"])
    g.apply(EndTurn())
    assert "salamander" in ids(g, "sacrificed")


def end_turn_damage(rec, **scenario) -> int:
    g = game(rec, play=[CID], **scenario)
    g.apply(EndTurn())
    return g.damage


def test_end_turn_shield():
    rec = ongoing_card("end_turn_shield", amount=2)
    assert end_turn_damage(rec, power=3) == 1 and end_turn_damage(None, power=3) == 3


def test_hour_damage():
    rec = ongoing_card("hour_damage", amount=2)
    kw = {"deck": [], "discard": list(DECK)}  # the draw at the end of the turn advances the Hour
    assert end_turn_damage(rec, **kw) == end_turn_damage(None, **kw) + 2


def test_end_turn_damage_unless_sacrificed():
    rec = ongoing_card("end_turn_damage_unless_sacrificed", amount=2)
    assert end_turn_damage(rec) == 2 and end_turn_damage(None) == 0


def test_end_turn_damage_unless_summoned():
    rec = ongoing_card("end_turn_damage_unless_summoned", amount=3)
    assert end_turn_damage(rec) == 3 and end_turn_damage(None) == 0


def test_no_sacrifice_from_discard():
    for r, legal in ((ongoing_card("no_sacrifice_from_discard"), False), (None, True)):
        g = game(r, play=[CID, "book_of_pacts"], discard=["salamander"], power=2)
        assert (g.explain(Activate(uid(g, "book_of_pacts", "play"), "pact")) is None) == legal


def test_baphomet_blocked():
    keys = ["book_of_pacts", "wand_of_power", "grand_circle"]
    for r, legal in ((ongoing_card("baphomet_blocked"), False), (None, True)):
        g = game(r, play=[CID] + keys, hand=["baphomet"])
        assert (g.explain(Summon(uid(g, "baphomet", "hand"))) is None) == legal


def test_every_offered_op_has_a_scenario_here():
    """A new op in the engine's vocabulary needs a scenario in this file."""
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    for slot in ("effect", "cost", "ongoing"):
        for spec in voc.menu(slot):
            assert f'"{spec.op}"' in source, f"no round-trip scenario uses {slot} op {spec.op}"
