"""Ritual codes (issue 27): a code names a Circle, a deal and a card set; the same code deals the
same ritual on every machine (the engine's own generator, golden values below)."""

from __future__ import annotations

import hashlib
import random
import struct

import pytest

from aleph_null_desktop.engine import new_game
from aleph_null_desktop.engine.deal_rng import Shake128Counter
from aleph_null_desktop.rituals.code import DEAL_LIMIT, CodeError, RitualCode, code_of_game, parse


def ids(game, zone):
    return [c.card_id for c in game.zone(zone)]


def test_the_generator_is_shake128_of_a_counter():
    # its outputs follow from hashlib's SHAKE-128 (FIPS 202) of the counter, 8 bytes little-endian
    rng = Shake128Counter()
    rng.setstate(0)
    assert rng.getrandbits(64) == int.from_bytes(hashlib.shake_128(bytes(8)).digest(8), "little")
    assert rng.getstate() == 1
    assert rng.getrandbits(64) == 0xF501C98FFDAAD99F  # golden: SHAKE-128 of the counter 1
    rng.setstate(0)
    items = list(range(5))
    rng.shuffle(items)
    words = struct.unpack("<5I", hashlib.shake_128(bytes(8)).digest(20))
    expected = list(range(5))
    for i in range(4, 0, -1):  # Fisher-Yates, j = w * (i + 1) >> 32
        j = (words[i] * (i + 1)) >> 32
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


def test_a_code_deals_the_golden_ritual():
    # R3.1, R3.2: these exact cards, whatever the Python version, OS or machine
    code = parse("AN1-MAGUS-00F2-80YG")
    assert code == RitualCode("magus", 123456)
    game = new_game(seed=code.deal, circle=code.circle)
    assert ids(game, "hand") == ["wax_candle", "faithful_tanist", "sylph", "vitriol", "circle_of_protection"]
    assert ids(game, "deck")[:6] == ["bell", "zealous_tanist", "grand_circle", "undine", "pentacle", "gnome"]
    assert ids(game, "set_aside") == ["church_bells", "rumjal", "marchosias", "father_domenico"]
    assert str(code_of_game(game)) == "AN1-MAGUS-00F2-80YG"


def test_golden_codes():
    assert str(RitualCode("adept", 1)) == "AN1-ADEPT-0000-04B9"
    assert str(RitualCode("magus", DEAL_LIMIT - 1)) == "AN1-MAGUS-ZZZZ-ZW5G"
    assert str(RitualCode("grand_master", 123456, True, "Printed texts", (("my_imp", "ill_omen"),))) == \
        "AN1-GRANDMASTER-00F2-813E pack:Printed%20texts own:my_imp>ill_omen"


def test_codes_round_trip():
    rng = random.Random(27)
    for _ in range(500):
        code = RitualCode(rng.choice(["adept", "magus", "master", "grand_master", "prince"]),
                          rng.randrange(1, DEAL_LIMIT), rng.random() < 0.3,
                          rng.choice([None, "Printed texts", "Über+Pack/2"]),
                          tuple((f"own_{i}", rng.choice([None, "ill_omen"])) for i in range(rng.randrange(3))))
        assert parse(str(code)) == code


def test_a_code_is_read_as_typed():
    code = RitualCode("magus", 123456)
    assert parse("an1 magus 00f2 80yg") == code
    assert parse("  AN1MAGUS00F280YG ") == code
    assert parse("AN1-MAGUS-O0F2-8OYG") == code  # O is read as 0


def test_every_single_mistyped_symbol_is_refused():
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    symbols = "00F280YG"
    for i, right in enumerate(symbols):
        for wrong in alphabet.replace(right, ""):
            typed = symbols[:i] + wrong + symbols[i + 1:]
            with pytest.raises(CodeError, match="mistake"):
                parse(f"AN1-MAGUS-{typed[:4]}-{typed[4:]}")


@pytest.mark.parametrize("text, words", [
    ("", "not a ritual code"), ("hello", "not a ritual code"), ("AN1-MAGUS-00F2", "not a ritual code"),
    ("AN2-MAGUS-00F2-80YG", "another version"), ("AN1-POPE-00F2-80YG", "unknown Circle"),
    ("AN1-ADEPT-00F2-80YG", "mistake"), ("AN1-MAGUS-00F2-80YG pack:Other", "mistake"),
    ("AN1-MAGUS-00F2-80YG colour:red", "does not understand"), ("x" * 5000, "not a ritual code"),
])
def test_what_is_wrong_with_a_code_is_said(text, words):
    with pytest.raises(CodeError, match=words):
        parse(text)


def test_the_same_code_deals_the_same_ritual_twice():
    for deal in (1, 77, 9_999_999, DEAL_LIMIT - 1):
        a, b = new_game(seed=deal, circle="prince"), new_game(seed=deal, circle="prince")
        assert a.to_dict() == b.to_dict()


def test_rituals_without_a_code():
    from aleph_null_desktop.engine import Game

    assert code_of_game(Game.from_scenario({"hand": ["gnome"]})) is None  # a scenario
    assert code_of_game(new_game(seed=7, generator="mt19937")) is None  # dealt before codes
    assert code_of_game(new_game(seed=DEAL_LIMIT + 5)) is None
    assert code_of_game(None) is None
    assert str(code_of_game(new_game(seed=5, eternal_light=True))) == str(RitualCode("adept", 5, True))


def test_a_game_saved_before_the_generator_resumes_as_it_was_dealt():
    # an autosave written by the game before ritual codes: no "generator" option, dealt by random.Random
    from aleph_null_desktop.storage.autosave import record_from_game, resume_game

    old = new_game(seed=7, circle="prince", generator="mt19937")
    assert ids(old, "hand") == ["learned_tanist", "vitriol", "undine", "silent_tanist", "wealthy_tanist"]  # as at 085d5ce
    rng = random.Random(3)
    while old.outcome is None and len(old.history) < 40:
        old.apply(rng.choice(old.legal_commands()))
    record = record_from_game(old)
    del record["options"]["generator"]
    resumed, messages = resume_game(record)
    assert messages == [] and resumed.to_dict() == old.to_dict()


def test_clones_and_saves_keep_the_generator():
    from aleph_null_desktop.engine import Game

    for generator in ("shake128", "mt19937"):
        g = new_game(seed=99, circle="master", generator=generator)
        again = Game.from_dict(g.to_dict())
        copy = g.clone()
        rng = random.Random(1)
        while g.outcome is None:
            cmd = rng.choice(g.legal_commands())
            g.apply(cmd), again.apply(cmd), copy.apply(cmd)
        assert again.to_dict() == g.to_dict() == copy.to_dict()
