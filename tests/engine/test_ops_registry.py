"""The op registry (engine/ops.py): every op has every part, and everything derives from it."""

import random
import re

import pytest

from aleph_null_desktop.editor import vocabulary as voc
from aleph_null_desktop.engine import Summon, new_game
from aleph_null_desktop.engine.cards import (
    COST_OPS, EFFECT_OPS, ONGOING_OPS, cardset_with, load_builtin_cards, validate_effects,
)
from aleph_null_desktop.engine.game import _HANDLERS, Game
from aleph_null_desktop.engine.ops import OPS, SLOTS, ops_for, set_words, words_for
from aleph_null_desktop.engine.words.text import REFUSALS
from aleph_null_desktop import i18n

ROLES = {"gain", "pay", "draw", "search", "move", "heal", "hurt", "scrap_self", "sacrifice_self", "time",
         "baphomet", "ongoing"}
KINDS = {"int", "move", "zones", "bool", "filter", "steps"}


def _extreme_steps(op, slot):
    """The op's default step, and one step per int parameter at each end of its range."""
    base = op.default_step(slot)
    yield base
    for p in op.params_in(slot):
        if p.kind == "int":
            for value in (p.lo, p.hi):
                yield {**base, p.name: value}


def _card_names_but_baphomet():
    return {c.name for c in load_builtin_cards().values() if c.type != "demon"}


@pytest.mark.parametrize("name", list(OPS))
def test_every_op_has_every_part(name):
    op = OPS[name]
    assert op.name == name
    assert op.slots and set(op.slots) <= set(SLOTS)
    assert op.label.strip() and op.ai.role in ROLES
    for p in op.params:
        assert p.kind in KINDS and p.label.strip()
        assert p.lo <= p.hi
        assert set(p.slots) <= set(op.slots)
    if op.slots == ("ongoing",):
        assert op.handler is None and op.ai.role == "ongoing"
        assert hasattr(Game, op.applies), f"{name}: {op.applies} is not where the engine reads it"
    else:
        assert callable(op.handler) and _HANDLERS[name] is op.handler
    names = _card_names_but_baphomet()
    for slot in op.slots:
        for step in _extreme_steps(op, slot):
            validate_effects([step], slot, "probe")  # the defaults and extremes are valid
            words = words_for(step)
            assert isinstance(words, str) and words.strip() and "{" not in words
            assert not any(n in words for n in names), (name, words)  # no op names a card
            if slot == "ongoing":
                assert isinstance(op.ai.harm(step), float)
            else:
                assert isinstance(op.ai.amount(step), int)


def test_validation_menus_and_vocabularies_derive_from_the_registry():
    assert list(EFFECT_OPS) == list(ops_for("effect")) == [s.op for s in voc.menu("effect")]
    assert list(COST_OPS) == list(ops_for("cost")) == [s.op for s in voc.menu("cost")]
    assert list(ONGOING_OPS) == list(ops_for("ongoing")) == [s.op for s in voc.menu("ongoing")]
    for slot in ("effect", "cost", "ongoing"):
        for spec in voc.menu(slot):
            assert spec.label == OPS[spec.op].label
            for p in spec.params:
                reg = next(x for x in OPS[spec.op].params if x.name == p.name)
                assert (p.lo, p.hi, p.required) == (reg.lo, reg.hi, reg.required)


def test_an_op_outside_its_slots_is_refused():
    from aleph_null_desktop.engine.cards import CardDataError

    with pytest.raises(CardDataError, match="unknown ongoing op"):
        validate_effects([{"op": "gain_power", "amount": 1}], "ongoing", "ongoing")
    with pytest.raises(CardDataError, match="otherwise"):  # "or else" only follows an effect
        validate_effects([{**OPS["move"].default_step("cost"), "otherwise": []}], "cost", "cost")


def test_words_have_a_twin_in_another_language():
    set_words("xx", "gain_power", lambda s: f"+{s['amount']} Kraft")
    before = i18n.current_language()
    i18n.install(i18n._translation, "xx")
    try:
        assert words_for({"op": "gain_power", "amount": 2}) == "+2 Kraft"
        assert words_for({"op": "draw", "count": 2}) == "draw 2 cards"  # no twin: English
    finally:
        i18n.install(i18n._translation, before)
    assert words_for({"op": "gain_power", "amount": 2}) == "gain 2P"


def _custom(card_id, name, ongoing):
    return {"id": card_id, "name": {"en": name}, "type": "interference", "level": 1, "side": "hell",
            "cost": 0, "ongoing": ongoing, "custom": True}


def test_refusals_name_the_card_that_imposes_them_never_a_built_in_one():
    cards = cardset_with([_custom("warden", "The Warden", [{"op": "summon_limit", "count": 0}]),
                          _custom("gatekeeper", "Gatekeeper", [{"op": "baphomet_blocked"}])])
    g = Game.from_scenario({"play": ["warden"], "hand": ["wax_candle"], "power": 5}, cards)
    why = g.explain(Summon(g.zone("hand")[0].uid))
    assert "The Warden" in why and "Sexton" not in why
    g = Game.from_scenario({"play": ["gatekeeper", "book_of_pacts", "wand_of_power", "grand_circle"],
                            "hand": ["baphomet"]}, cards)
    why = g.explain(Summon(g.zone("hand")[0].uid))
    assert "Gatekeeper" in why and "Astaroth" not in why


RULE_NUMBER = re.compile(r"\(R\d")


def test_no_rule_numbers_in_what_the_engine_tells_the_player():
    assert not any(RULE_NUMBER.search(text) for text in REFUSALS.values())
    for seed in range(30):
        g = new_game(seed=seed, circle="master")
        rng = random.Random(seed)
        while g.outcome is None:
            for cmd in (Summon(i.uid) for i in g.zone("hand")):
                why = g.explain(cmd)
                assert why is None or not RULE_NUMBER.search(why), why
            events = g.apply(rng.choice(g.legal_commands()))
            for e in events:
                assert not RULE_NUMBER.search(e.describe()), e
        assert not RULE_NUMBER.search(g.outcome.message)


def test_ai_knowledge_derives_from_the_registry():
    from aleph_null_desktop.ai import knowledge

    card = cardset_with([_custom("shrink", "Shrink", [{"op": "hand_size", "amount": -3},
                                                      {"op": "hour_damage", "amount": 1}])])["shrink"]
    assert knowledge._harm_of(card) == OPS["hand_size"].ai.harm({"amount": -3}) + 12.0 == 36.0
    wealthy = load_builtin_cards()["wealthy_tanist"]
    profile = knowledge.action_profile(wealthy, wealthy.actions[0].id)
    assert profile.gain == sum(s["amount"] for s in wealthy.actions[0].effect if s["op"] == "gain_power")


def test_every_op_works_through_the_public_effect_api_only():
    """No handler, choice or resume in the registry reaches into Game's private state: what an op
    does is the registry entry, against the effect API (Game.move, sacrifice, pose, push, …)."""
    import inspect

    from aleph_null_desktop.engine import ops

    source = inspect.getsource(ops)
    assert not re.findall(r"\bgame\._\w+", source)
    for op in OPS.values():
        for part in (op.handler, op.choice_words, op.resume):
            if part is not None:
                assert part.__module__ == ops.__name__  # the op's whole behaviour is in the registry
    for name in ("move", "search"):  # an op that poses a choice says it and resumes it itself
        assert OPS[name].choice_words is not None and OPS[name].resume is not None


def test_ongoing_ops_are_hooks_the_kernel_calls_without_naming_them():
    """An ongoing op's behaviour is its hooks (engine.ops.HOOKS); Game calls the hooks of the
    cards in play at its moments and tests no op name: a new op is a registry entry."""
    import inspect

    from aleph_null_desktop.engine import cards, game
    from aleph_null_desktop.engine.ops import HOOKS

    for op in ops_for("ongoing").values():
        assert op.hooks and set(op.hooks) <= set(HOOKS), op.name
    for op in ops_for("special_cost").values():
        assert op.unpayable is not None or op.ai.role == "pay", op.name
    kernel = inspect.getsource(game)
    assert not set(HOOKS) & set(OPS), "a moment of the kernel is named like an op"
    for name in [*ops_for("ongoing"), "summon_baphomet"]:  # what each does is the registry's
        assert f'"{name}"' not in kernel, name
    assert not re.findall(r"\[\"op\"\]\s*(==|!=|in)", kernel + inspect.getsource(cards.ActionDef.__post_init__)
                          + inspect.getsource(cards.CardDef.__post_init__))


def _string_literals(path):
    import ast

    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


# a step's op compared with a literal name ('s["op"] == "pay"', '.get("op") in ("a", "b")') or the
# registry looked up by one ('OPS["move"]')
OP_NAME_TESTED = re.compile(r"""(\[\s*["']op["']\s*\]|\.get\(\s*["']op["']\s*\))\s*"""
                            r"""(==\s*["']|!=\s*["']|(not\s+)?in\s*[(\[{]\s*["'])|\bOPS\[\s*["']""")
# in a player program, also a step's op compared with anything: what it may know is the op's AI facts
OP_COMPARED = re.compile(r"""(\[\s*["']op["']\s*\]|\.get\(\s*["']op["']\s*\))\s*(==|!=|in\b|not\s+in\b)""")


def test_the_players_name_no_op_and_no_card():
    """What the AI knows of an op is the registry's `AiKnowledge`, of a card its data: no player
    program compares an op's name or holds a card id (a custom card is understood as well as a
    printed one, and a new op is one registry entry)."""
    from pathlib import Path

    import aleph_null_desktop.ai as ai

    card_ids = set(load_builtin_cards())
    files = sorted(Path(ai.__file__).parent.glob("*.py"))
    assert len(files) > 5
    for path in files:
        source = path.read_text(encoding="utf-8")
        assert not OP_NAME_TESTED.search(source), f"{path.name} tests an op by name"
        assert not OP_COMPARED.search(source), f"{path.name} compares an op"
        named = [(line, s) for line, s in _string_literals(path) if s in card_ids]
        assert not named, f"{path.name} names cards: {named}"


def test_no_op_name_is_tested_outside_the_registry():
    """Outside engine/ops.py no code asks "is this step that op?" of a literal name: the kernel, the
    words, the editor and the table read what an op is from its registry entry."""
    from pathlib import Path

    import aleph_null_desktop
    from aleph_null_desktop.engine import ops

    root = Path(aleph_null_desktop.__file__).parent
    registry = Path(ops.__file__).resolve()
    testing = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py"))
               if p.resolve() != registry and OP_NAME_TESTED.search(p.read_text(encoding="utf-8"))]
    assert not testing


def test_the_guards_against_names_would_see_them():
    """The patterns above catch the forms such a test takes, and not the registry's own questions."""
    for line in ('if e["op"] == "hand_size"', "s['op'] in ('pay', 'gain_power')", 'step.get("op") != "move"',
                 'OPS["move"].ai', 'e["op"] not in {"pay"}'):
        assert OP_NAME_TESTED.search(line) and (OP_COMPARED.search(line) or "OPS" in line), line
    assert OP_COMPARED.search('step["op"] == op') and not OP_NAME_TESTED.search('step["op"] == op')
    assert not OP_NAME_TESTED.search('OPS[step["op"]].ai.role == "move"')
    assert not OP_COMPARED.search('OPS[step["op"]].ai.role == "move"')
