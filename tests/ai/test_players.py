"""The AI players: only legal commands, no peeking at the deck, greedy's manners, expert > greedy."""

import random

import pytest

from aleph_null_desktop.ai.evaluate import evaluate
from aleph_null_desktop.ai.expert import ExpertPlayer, light_expert
from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.ai.knowledge import answer_decision
from aleph_null_desktop.ai.random_player import RandomPlayer
from aleph_null_desktop.ai.search import SearchConfig
from aleph_null_desktop.ai.simulate import play_game
from aleph_null_desktop.engine import Activate, Choose, EndTurn, Game, Summon, new_game
from aleph_null_desktop.engine.cards import circles

CIRCLES = list(circles())


def play_checked(player, seed, circle, max_commands=None, on_command=None):
    """Plays a game, asserting that every command the player gives is legal."""
    g = new_game(seed=seed, circle=circle)
    rng = random.Random(seed)
    n = 0
    while g.outcome is None and (max_commands is None or n < max_commands):
        legal = g.legal_commands()
        cmd = player.choose_command(g, rng)
        assert cmd in legal, f"{player.name} chose {cmd} (not legal) in game {seed} on {circle}"
        if on_command:
            on_command(g, cmd)
        g.apply(cmd)
        n += 1
    return g


@pytest.mark.parametrize("circle", CIRCLES)
def test_random_and_greedy_give_only_legal_commands(circle):
    for seed in range(40):
        play_checked(RandomPlayer(), seed, circle)
    for seed in range(8):
        play_checked(GreedyPlayer(), seed, circle)


@pytest.mark.parametrize("circle", CIRCLES)
def test_expert_gives_only_legal_commands(circle):
    for seed in (3, 4):
        play_checked(light_expert(), seed, circle, max_commands=40)


def _is_key(g: Game, uid) -> bool:
    return uid is not None and g.cdef(uid).type == "key"


def _spends_power_harmlessly(g: Game, cmd) -> bool:
    """A legal command that uses up power and does not lose the game on the spot."""
    if isinstance(cmd, Summon):
        if g.summon_cost(cmd.uid) == 0:
            return False
    elif isinstance(cmd, Activate):
        action = g.cdef(cmd.uid).action(cmd.action)
        if not any(s["op"] == "pay" and s["amount"] > 0 for s in action.cost):
            return False
    else:
        return False
    c = g.clone()
    c.apply(cmd)
    for _ in range(20):
        if c.pending is None or c.outcome is not None:
            break
        c.apply(Choose(answer_decision(c)))
    return c.outcome is None or c.outcome.won


def test_greedy_keeps_the_keys_and_wastes_no_power_it_could_spend():
    def check(g, cmd):
        if isinstance(cmd, Choose) and g.pending.kind == "target":
            picked = g.pending.options[cmd.index].uid
            if _is_key(g, picked):
                assert all(_is_key(g, o.uid) for o in g.pending.options), "greedy gave up a Key"
        if isinstance(cmd, EndTurn) and g.power > 0:
            spends = [c for c in g.legal_commands() if _spends_power_harmlessly(g, c)]
            assert not spends, f"greedy ended the turn with {g.power} power unspent; it could {spends[0]}"

    for i, circle in enumerate(CIRCLES * 4):
        g = play_checked(GreedyPlayer(), 100 + i, circle, on_command=check)
        assert g.outcome.reason != "key_sacrificed"


def test_expert_beats_greedy_on_a_fixed_seed_set():
    # 16 fixed games on the Adept's Circle; the light expert (a sixth of the full budget) won 15 and
    # greedy 5 when this was last measured (the Grand Circle sacrificing Keys too). The full expert
    # and greedy on every Circle: docs/balance.md.
    seeds = range(7000, 7016)
    expert = sum(play_game(light_expert(), s, "adept").won for s in seeds)
    greedy = sum(play_game(GreedyPlayer(), s, "adept").won for s in seeds)
    assert expert >= 12 and expert >= greedy + 4, (expert, greedy)


def test_expert_does_not_walk_into_a_forced_key_sacrifice():
    # Magus, Hour III, from a real game (seed 11): Wand of Power's banish with only the Book of
    # Pacts and BAPHOMET (never a target) in hand must sacrifice the Book: lost (R10.2). The expert
    # once played that line (with each of these seeds) because its search ran out of budget before
    # it looked at the forced choice; the evaluation now knows such a position is lost.
    hand = ["church_bells", "book_of_pacts", "wax_candle", "hymns_of_devotion", "baphomet"]
    play = ["wealthy_tanist", "grand_circle", "wand_of_power", "faithful_tanist"]
    sacrificed = list(new_game(seed=0).cards.main_deck_ids())
    for card_id in hand + play:
        if card_id not in ("church_bells", "hymns_of_devotion"):
            sacrificed.remove(card_id)
    for seed in (0, 1, 3):
        g = Game.from_scenario(dict(circle="magus", hour=3, turn=6, tokens=1, hand=hand, play=play,
                                    sacrificed=sacrificed + ["rumjal"], set_aside=["akhtoi"]))
        rng = random.Random(seed)
        expert = ExpertPlayer()
        while g.outcome is None:
            cmd = expert.choose_command(g, rng)
            if cmd == EndTurn():
                break
            g.apply(cmd)
        assert g.outcome is None or g.outcome.reason != "key_sacrificed", f"seed {seed}: {g.outcome}"
        # the Book is kept: still in hand, or summoned into play (the preview now counts the token
        # that would cost damage as the Hour turns, so the expert takes it and summons the Book)
        assert "book_of_pacts" in [i.card_id for z in ("hand", "play") for i in g.zone(z)]


# ----------------------------------------------------------------------------- no peeking

def _reorder_hidden(g: Game, seed: int) -> Game:
    """The same position with another hidden deck order, other set-aside interference and another
    future for the game's own RNG (the engine's determinized copy)."""
    return g.determinized(random.Random(seed))


def _positions(circle: str, count: int):
    """Positions from a greedy game, taken every few commands."""
    g = new_game(seed=11, circle=circle)
    rng = random.Random(5)
    greedy = GreedyPlayer()
    n = 0
    while g.outcome is None and count:
        if n % 5 == 0 and len(g.zone("deck")) > 3 and len(g.legal_commands()) > 1:
            yield g.clone()
            count -= 1
        g.apply(greedy.choose_command(g, rng))
        n += 1


def test_determinized_copy_depends_only_on_what_the_player_sees():
    for g in _positions("master", 4):
        other = _reorder_hidden(g, 99)
        assert [i.card_id for i in g.zone("deck")] != [i.card_id for i in other.zone("deck")]
        a = g.determinized(random.Random(3))
        b = other.determinized(random.Random(3))
        assert [i.uid for i in a.zone("deck")] == [i.uid for i in b.zone("deck")]
        assert [i.card_id for i in a.zone("set_aside")] == [i.card_id for i in b.zone("set_aside")]
        assert g.public_key() == other.public_key()
        # the copy leaves the real game alone
        assert [i.uid for i in g.zone("deck")] != [i.uid for i in a.zone("deck")] or len(g.zone("deck")) < 2


@pytest.mark.parametrize("circle", ["adept", "prince"])
def test_expert_choice_does_not_change_with_the_hidden_deck_order(circle):
    for n, g in enumerate(_positions(circle, 4)):
        for salt in (1, 2):
            other = _reorder_hidden(g, 1000 * salt + n)
            a = light_expert().choose_command(g, random.Random(n))
            b = light_expert().choose_command(other, random.Random(n))
            assert a == b, f"the expert's choice changed with the hidden deck order: {a} vs {b}"


def test_expert_ignores_which_interference_waits_set_aside():
    g = new_game(seed=21, circle="grand_master")
    others = (g.determinized(random.Random(k)) for k in range(50))
    other = next(o for o in others if [i.card_id for i in o.zone("set_aside")] != [i.card_id for i in g.zone("set_aside")])
    a = light_expert().choose_command(g, random.Random(1))
    b = light_expert().choose_command(other, random.Random(1))
    assert a == b


def test_evaluation_does_not_depend_on_which_interference_waits_set_aside():
    # The search scores every line on a copy with set-aside interference of its own imagining; the
    # score read that very card's cost, so two searches of one position (another seed, or the hint
    # and a larger search) disagreed by up to 70 points on every line. Now: the level's unseen cards.
    checked = 0
    for circle in ("master", "prince"):
        for g in _positions(circle, 6):
            copies = [g.determinized(random.Random(k)) for k in range(16)]
            if len({tuple(i.card_id for i in c.zone("set_aside")) for c in copies}) < 2:
                continue
            checked += 1
            for mid_turn in (None, "optimistic", "pessimistic"):
                values = {round(evaluate(c, mid_turn=mid_turn), 9) for c in copies}
                assert len(values) == 1, (circle, mid_turn, values)
    assert checked >= 4


def _hopeless_summon_position() -> Game:
    """Prince, Hour V, two damage, a token on the Grimoire, the deck empty, eight cards in the
    discard pile. Summoning BAPHOMET now loses at once (cards remain); ending the turn loses too
    (the Hour advances with a token left: the third damage). Taking the token and spending it
    (Boline costs 1) and then ending the turn keeps the ritual alive."""
    keys = ["book_of_pacts", "wand_of_power", "grand_circle"]
    hand = ["baphomet", "boline", "wax_candle"]
    discard = ["sylph", "undine", "wealthy_tanist", "gnome", "besom", "incense", "pentacle", "golem"]
    used = set(keys + hand + discard)
    sacrificed = [c for c in new_game(seed=0).cards.main_deck_ids() if c not in used]
    return Game.from_scenario(dict(circle="prince", hour=5, turn=12, tokens=1, damage=2, hand=hand,
                                   play=keys, deck=[], discard=discard, sacrificed=sacrificed))


@pytest.mark.parametrize("config", [None, SearchConfig(node_budget=5)], ids=["full", "cut-short"])
def test_expert_never_summons_baphomet_into_a_certain_loss_while_a_line_lives(config):
    # A search cut short by its budget once valued every line here as lost in Hour V and, among
    # equal values, summoned BAPHOMET; a loss walked into is now worth less than any other.
    for seed in range(3):
        g = _hopeless_summon_position()
        expert = ExpertPlayer(config)
        rng = random.Random(seed)
        turn = g.turn
        while g.outcome is None and g.turn == turn:
            cmd = expert.choose_command(g, rng)
            assert not (isinstance(cmd, Summon) and g.cdef(cmd.uid).type == "demon"), f"seed {seed}"
            g.apply(cmd)
        if config is None:  # the full search finds the line that lives
            assert g.outcome is None and g.damage == 2


def test_a_loss_walked_into_is_worth_less_than_any_other():
    from aleph_null_desktop.ai.evaluate import LOSS, evaluate
    from aleph_null_desktop.engine.model import Outcome

    class _Ended:
        def __init__(self, reason, hour):
            self.outcome = Outcome(False, reason, "", None, None, (), hour)

    chosen = [evaluate(_Ended(r, 7)) for r in ("cards_remain", "negative_score", "key_sacrificed")]
    other = [evaluate(_Ended(r, 1)) for r in ("damage", "time")]
    assert max(chosen) < min(other) <= LOSS + 10
