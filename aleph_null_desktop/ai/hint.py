"""Hints for the table's Hint button: the expert's next command and why, in words.

    cmd, text = hint(game)

The hint never looks at the hidden order of the deck (it searches determinized copies) and
depends only on what the player can see. Its work is counted in search nodes, never in seconds
(`HINT_CONFIG.node_budget`: when it is spent the beam stops growing, and draws not yet sampled are
valued by the samples done so far, the most promising first), and its random numbers are seeded
by the position: the same position always gets the same hint, on an idle or a loaded machine.
`bench/hint.py` measures what that budget costs (target: p95 <= 0.5 s of CPU on one core).
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field

from aleph_null_desktop.ai.evaluate import LOSS, WIN
from aleph_null_desktop.ai.expert import EXPERT, ExpertPlayer
from aleph_null_desktop.ai.search import NEG, SearchConfig, TurnSearch
from aleph_null_desktop.engine import Activate, Choose, Command, EndTurn, Game, Summon
from aleph_null_desktop.i18n import _, ngettext

HINT_CONFIG = EXPERT  # the hint is the expert's own choice
_LINE_LIMIT = 6


@dataclass
class Hint:
    command: Command
    text: str
    line: list[Command]  # the rest of the best line this turn, starting with `command`
    value: float
    values: dict[Command, float] = field(default_factory=dict)  # each legal command's, as the search saw it


def position_seed(game: Game) -> int:
    """The hint's random numbers for a position: what the player sees, nothing else."""
    return zlib.crc32(repr(game.public_key()).encode("utf-8"))


def _best_line(search: TurnSearch) -> tuple[list[tuple[str, str]], str, Game]:
    """The best line from the root (each command in words, alone and inside a sentence), how it
    ends ("end", "chance", "win", "lose", "more"), and the last position of it the search saw."""
    words: list[tuple[str, str]] = []
    key = search.root
    g = search.nodes[key].game
    for _step in range(4 * _LINE_LIMIT):
        node = search.nodes.get(key)
        if node is None or not node.expanded:
            return words, "more", g
        best_cmd, best_child, best = None, None, node.end_value
        for cmd, child in node.children.items():
            v = search.child_value(child)
            if v > best:
                best_cmd, best_child, best = cmd, child, v
        if best_cmd is None:
            return words, ("end" if node.end_value > NEG else "more"), g
        if not isinstance(best_cmd, Choose) or len(words) < _LINE_LIMIT:
            words.append(_words(best_cmd, g))
        if best_child[0] == "chance":
            return words, "chance", g
        key = best_child[1]
        node = search.nodes[key]
        g = node.game
        if node.terminal:
            return words, "win" if node.value >= WIN else "lose", g
    return words, "more", g


def _keys(game: Game) -> set[str]:
    return {i.card_id for i in game.zone("play") if game.cards[i.card_id].type == "key"}


def _and(parts: list[str]) -> str:
    """"a, b and c" in the player's language."""
    if len(parts) < 2:
        return "".join(parts)
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


def _effect_words(before: Game, after: Game) -> str:
    parts = []
    thinned = len(after.zone("sacrificed")) - len(before.zone("sacrificed"))
    if thinned > 0:
        parts.append(ngettext("sacrifices {n} card", "sacrifices {n} cards", thinned).format(n=thinned))
    new_keys = [after.cards[k].name for k in sorted(_keys(after) - _keys(before))]
    if new_keys:
        parts.append(_("brings {keys} into play").format(keys=_and(new_keys)))
    damage = after.damage + after.end_turn_preview() - before.damage
    parts.append(_("costs {n} damage").format(n=damage) if damage > 0 else _("takes no damage"))
    return _and(parts)


def _words(cmd: Command, game: Game) -> tuple[str, str]:
    """The command in words, and as it is said inside a sentence: 'Summon Bell' -> 'summon Bell';
    a card's name keeps its capital where the words begin with it ('Glocke beschwören')."""
    text = cmd.describe(game)
    name = game.cards[game.card(cmd.uid).card_id].name if isinstance(cmd, (Summon, Activate)) else ""
    return text, text if name and text.startswith(name) else text[:1].lower() + text[1:]


def _full_stop(sentence: str) -> str:
    """The sentence with a full stop, unless it already ends in one (or in "…", "!", "?")."""
    return sentence if sentence.rstrip().endswith((".", "…", "!", "?")) else sentence + "."


def _then(steps: list[tuple[str, str]]) -> str:
    return _(", then ").join(inside for _alone, inside in steps)


def make_hint(game: Game, config: SearchConfig = HINT_CONFIG, seed: int | None = None) -> Hint:
    """The expert's suggestion for the position, with its reasons in a sentence or two. `seed`:
    the search's random numbers (default: the position's own, so a position always gets one hint)."""
    legal = game.legal_commands()
    if not legal:
        raise ValueError("the ritual is over: there is nothing to suggest")
    player = ExpertPlayer(config)
    analysis = player.analyse(game, random.Random(position_seed(game) if seed is None else seed))
    cmd = analysis.choice
    value = analysis.values.get(cmd, 0.0)
    first = cmd.describe(game)
    if len(legal) == 1:
        why = _("it is the only thing you can do now")
        if isinstance(cmd, Summon) and game.cdef(cmd.uid).is_interference:
            why = _("interference in your hand must be summoned before anything else")
        return Hint(cmd, _("{move}: {why}.").format(move=first, why=why), [cmd], value, analysis.values)
    search = player.search
    line, ending, last = [], "more", game
    if search is not None and search.root == game.public_key():
        line, ending, last = _best_line(search)
    if value >= WIN:
        if line:
            text = _("{move}. This turn BAPHOMET can be summoned: {line}.").format(move=first, line=_then(line))
        else:
            text = _("{move}. This turn BAPHOMET can be summoned.").format(move=first)
        return Hint(cmd, text, [cmd], value, analysis.values)
    if value <= LOSS + 1000:
        return Hint(cmd, _("{move}. Every line looks lost now; this one holds out longest.").format(move=first),
                    [cmd], value, analysis.values)
    text = _full_stop(first)
    rest = line[1:] if line and line[0][0] == first else line  # the move itself is not said twice
    if rest:
        steps, more = _then(rest[:_LINE_LIMIT - 1]), len(rest) > _LINE_LIMIT - 1
        if ending == "chance":
            then = _("Then {steps}, …, and see what comes.") if more else _("Then {steps}, and see what comes.")
        else:  # a line cut short ends in its ellipsis, not in "…."
            then = _("Then {steps}, …") if more else _("Then {steps}.")
        text += " " + then.format(steps=steps)
    elif ending == "chance":
        text += " " + _("Then see what comes.")
    if ending in ("end", "more") and line:
        text += " " + _("This turn's plan {effect}.").format(effect=_effect_words(game, last))
    if isinstance(cmd, EndTurn):
        preview = game.end_turn_preview()
        text += " " + (_("Ending now costs {n} damage.").format(n=preview) if preview
                       else _("Ending now costs no damage."))
    elif isinstance(cmd, Choose) and game.pending is not None:
        text = f"{first} ({game.pending.prompt})"
    return Hint(cmd, text, [cmd], value, analysis.values)


def hint(game: Game) -> tuple[Command, str]:
    """(the suggested command, an explanation in words) for the UI's Hint button."""
    h = make_hint(game)
    return h.command, h.text
