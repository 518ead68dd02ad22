"""Card data and the engine's refusals in words: what the card renderer prints, what the editor
previews, and why a command is not legal. The words of each op live in the op registry
(engine.ops); this module puts them together."""

from __future__ import annotations

from aleph_null_desktop.engine.cards import CardDef
from aleph_null_desktop.engine.ops import OPS, steps_words, words_for
from aleph_null_desktop.engine.words.phrases import filter_phrase, zone_label  # noqa: F401  (re-exported)
from aleph_null_desktop.i18n import N_, _


def step_text(step: dict) -> str:
    return words_for(step)


def steps_text(steps) -> str:
    return steps_words(steps)


def ongoing_text(effect: dict) -> str:
    return words_for(effect)


def action_text(action) -> str:
    """'scrap this → gain 2P' for an ActionDef or an action dict."""
    cost = action.cost if hasattr(action, "cost") else action.get("cost", [])
    effect = action.effect if hasattr(action, "effect") else action.get("effect", [])
    return f"{steps_text(cost)} → {steps_text(effect)}"


def card_short_lines(card: CardDef) -> list[str] | None:
    """A shorter form of a card's rules for a face too small for them all (BAPHOMET in the hand),
    or None when the card has none; the large view shows the full text."""
    if any(OPS[s["op"]].ai.role == "baphomet" for s in card.special_cost):
        return [_("Special cost: the three Keys in play; every card in play is sacrificed."),
                _("−1 point for each other non-Key card. Ends the game.")]
    return None


def card_play_lines(card: CardDef) -> list[str] | None:
    """A card's rules as they still matter once it is in play: its special cost and what it did
    when summoned are spent (the large view shows them); None when nothing is left out."""
    return _rules_lines(card, spent=True) if card.special_cost or card.on_summon else None


def card_text_lines(card: CardDef) -> list[str]:
    """Every rules line of a card, in printed order."""
    return _rules_lines(card)


def _rules_lines(card: CardDef, spent: bool = False) -> list[str]:
    lines = []
    if card.special_cost and not spent:
        lines.append(_("Special cost: {steps}").format(steps=steps_text(card.special_cost)))
        if any(OPS[s["op"]].ai.role == "baphomet" for s in card.special_cost):
            lines.append(_("Each other non-Key card his summoning sacrifices costs 1 point."))
            lines.append(_("Summoning him ends the game. He cannot be sacrificed."))
    if card.on_summon and not spent:
        lines.append(_("When summoned: {steps}").format(steps=steps_text(card.on_summon)))
    for effect in card.ongoing:
        words = ongoing_text(effect)
        lines.append(words[:1].upper() + words[1:] + ".")
    for action in card.actions:
        lines.append(action_text(action))
    if card.dagger:
        lines.append("† " + steps_text(card.dagger))
    return lines


# ----------------------------------------------------------------------------- refusals

REFUSALS = {
    "over": N_("The ritual is over."),
    "nothing_to_choose": N_("There is nothing to choose now."),
    "no_option": N_("There is no option {n}; there are {count}."),
    "choose_first": N_("First make the open choice: {prompt}"),
    "no_token": N_("There is no Magical Power token on the Grimoire."),
    "interference_first": N_("Summon {card} first: interference in your hand must be summoned before "
                             "anything else."),
    "interference_first_action": N_("Summon {card} first: until then only actions that gain Magical "
                                    "Power may be used."),
    "no_card": N_("There is no card #{uid}."),
    "not_in_hand": N_("{card} is not in your hand."),
    "not_in_play": N_("{card} is not in play."),
    "no_action": N_("{card} has no action '{action}'."),
    "keys_missing": N_("BAPHOMET needs the three Keys in play; you have {keys}."),
    "special_cost": N_("{card} cannot be summoned: its special cost is to {step}, and there is none."),
    "short": N_("{what} costs {cost} power; you have {power}."),
    "short_take_token": N_("{what} costs {cost} power; you have {power} (take a token from the Grimoire first)."),
    "cost_target": N_("{card} ({action}) needs you to {step}, and there is none."),
    "no_target": N_("{card} ({action}) has no target: {step}."),
    "once_a_turn": N_("{card} ({action}) has been used this turn: an action that moves no card and spends "
                      "nothing for good (power paid, damage taken) can be used once a turn."),
    "unknown": N_("Unknown command {cmd}."),
    "nothing_to_undo": N_("Nothing to undo: cards have been revealed since (a draw, shuffle or search)."),
    "undo_after_draw": N_("Nothing to undo since the draw: cards once drawn are seen, and undo never takes "
                          "back what you have seen. Undo works again after your next move."),
    "undo_after_shuffle": N_("Nothing to undo since the shuffle: the new order of the deck cannot be taken "
                             "back. Undo works again after your next move."),
    "undo_after_search": N_("Nothing to undo since the search: you have seen the deck, and undo never takes "
                            "back what you have seen. Undo works again after your next move."),
    "undo_at_start": N_("Nothing to undo yet: nothing has been done."),
}
# Game.undo_stop (what undo cannot step back over) -> its refusal
UNDO_REFUSALS = {"draw": "undo_after_draw", "shuffle": "undo_after_shuffle", "search": "undo_after_search",
                 "start": "undo_at_start"}


def refusal_text(code: str, **args) -> str:
    """The words of a refusal of REFUSALS (an ongoing op's own refusal is its registry entry's)."""
    return _(REFUSALS[code]).format(**args)


def refusal_words(game, r: tuple) -> str:
    """A refusal of the game (`Game._refusal`: a code and its values) in words."""
    code = r[0]
    if code in ("interference_first", "interference_first_action"):
        return refusal_text(code, card=game.name_of(r[1]))
    if code == "no_option":
        return refusal_text(code, n=r[1], count=r[2])
    if code == "choose_first":
        return refusal_text(code, prompt=game.pending.prompt)
    if code in ("no_card",):
        return refusal_text(code, uid=r[1])
    if code in ("not_in_hand", "not_in_play"):
        return refusal_text(code, card=game.name_of(r[1]))
    if code == "no_action":
        return refusal_text(code, card=game.name_of(r[1]), action=r[2])
    if code == "ongoing":  # an ongoing effect forbids it: (code, its op, its card, the op's values)
        return OPS[r[1]].refusal(card=game.name_of(r[2]), **r[3])
    if code == "keys_missing":
        return refusal_text(code, keys=r[1])
    if code == "special_cost":
        return refusal_text(code, card=game.name_of(r[1]), step=step_text(r[2]))
    if code == "once_a_turn":
        return refusal_text(code, card=game.name_of(r[1]), action=r[2])
    if code in ("cost_target", "no_target"):
        return refusal_text(code, card=game.name_of(r[1]), action=r[2], step=step_text(r[3]))
    if code == "short":
        uid, action_id, cost = r[1], r[2], r[3]
        what = game.name_of(uid) if action_id is None else _("{card} ({action})").format(card=game.name_of(uid), action=action_id)
        token = game.tokens and game.power + game.tokens >= cost
        return refusal_text("short_take_token" if token else "short", what=what, cost=cost, power=game.power)
    if code == "unknown":
        return refusal_text(code, cmd=repr(r[1]))
    return refusal_text(code)
