"""What the table shows about the position, asked of the engine once per game version: the legal
commands, the cards that cannot be used now and why, where a held card may land, the cards a
decision chooses among, End Turn's state, cost and explanation, Undo's state and the reasons
greyed buttons give. No pygame and no rule: every answer is the engine's (`legal_commands`,
`explain`, `end_turn_preview`); the table's panels and helpers read it, and the gestures turn input
into one of its commands. Words are made in the language of the moment when read."""

from __future__ import annotations

from aleph_null_desktop.engine import Activate, EndTurn, Summon
from aleph_null_desktop.i18n import N_, _, current_language
from aleph_null_desktop.ui.table.gestures import PILE_OPS, drop_command, self_move_actions
from aleph_null_desktop.ui.table.wording import HOUR_WARNING, without_rule_numbers

# the greyed Undo button's second line, by what undo cannot step back over (Game.undo_stop)
UNDO_DETAILS = {"draw": N_("cards drawn"), "shuffle": N_("deck shuffled"),
                "search": N_("deck searched"), "start": N_("nothing yet"),
                "revealed": N_("cards revealed")}


class TablePresenter:
    def __init__(self, game) -> None:
        self.game = game
        self.version = 0  # counts commands and undos: a hint or panel made for an older position is dropped
        self._key = None
        self._facts: dict = {}

    def changed(self) -> None:
        """A command was applied or undone: everything is asked of the engine again when read."""
        self.version += 1

    def key(self) -> tuple:
        """What identifies the position shown: it changes with every command, undo and decision."""
        self._fresh()
        return self._key

    def _fresh(self) -> dict:
        game = self.game
        key = (id(game), self.version, len(game.history), game.pending is None, game.outcome is None,
               current_language())  # the reasons are words: said again after a switch
        if key != self._key:
            self._key = key
            legal = frozenset(game.legal_commands())
            end_reason = game.explain(EndTurn())
            self._facts = {"legal": legal, "end_reason": end_reason,
                           "end_preview": None if end_reason else game.end_turn_preview(),
                           "unusable": _unusable(game, legal), "drops": {}}
        return self._facts

    # ------------------------------------------------------------------ the position
    @property
    def legal(self) -> frozenset:
        """Every command the engine allows now."""
        return self._fresh()["legal"]

    @property
    def unusable(self) -> dict[int, str]:
        """uid -> the engine's reason, for each card of the hand that cannot be summoned now and
        each card in play whose actions all are refused now (cards without actions are not)."""
        return self._fresh()["unusable"]

    def can_undo(self) -> bool:
        return self.game.outcome is None and self.game.can_undo

    def undo_detail(self) -> str:
        """The greyed Undo button's short reason (the engine's full words: disabled_reason)."""
        if self.game.outcome is not None or self.game.can_undo:
            return ""
        return _(UNDO_DETAILS.get(self.game.undo_stop, UNDO_DETAILS["revealed"]))

    def target_options(self) -> dict[int, int] | None:
        """uid -> option index when the pending decision chooses among cards on the table."""
        pending = self.game.pending
        if pending is None or pending.kind not in ("target",):
            return None
        cards = [(i, o.uid) for i, o in enumerate(pending.options) if o.uid is not None]
        if not cards or any(self.game.zone_of(uid) not in ("hand", "play") for _name, uid in cards):
            return None
        return {uid: i for i, uid in cards}

    def has_none_option(self) -> bool:
        pending = self.game.pending
        return pending is not None and any(o.uid is None for o in pending.options)

    def none_offered(self) -> bool:
        """A choice among cards on the table that may be declined: "Choose none" is shown."""
        return self.game.pending is not None and self.target_options() is not None and self.has_none_option()

    def drop_zones(self, uid: int, source: str) -> dict[str, bool]:
        """Each zone the card held from `source` may land on, and whether the engine allows it."""
        facts = self._fresh()
        known = facts["drops"].get((uid, source))
        if known is None:
            game = self.game
            legal = facts["legal"]
            if source == "hand":
                known = {"play": Summon(uid) in legal}
            else:
                carddef = game.cards[game.card(uid).card_id]
                known = {pile: drop_command(game, uid, source, pile)[0] in legal
                         for pile, (op, _verb) in PILE_OPS.items() if self_move_actions(carddef, op)}
            facts["drops"][(uid, source)] = known
        return known

    # ------------------------------------------------------------------ End Turn
    @property
    def end_reason(self) -> str | None:
        """Why the turn cannot end now (a decision is open, the ritual is over), or None."""
        return self._fresh()["end_reason"]

    @property
    def end_cost(self) -> int:
        """The damage ending the turn now is sure to cost (0 while it cannot end)."""
        preview = self._fresh()["end_preview"]
        return preview.total if preview is not None else 0

    def end_turn_detail(self) -> str:
        """The End Turn button's second line: what ending now costs, part by part, and whether the
        Hour turns ("" while the turn cannot end)."""
        preview = self._fresh()["end_preview"]
        if preview is None:
            return ""
        text = _("Ending now: {summary}").format(summary=preview.summary())
        if preview.hour_advances and not any(p.kind in ("hour_tokens", "hour_damage", "last_hour")
                                             for p in preview.parts):
            text += _("; the Hour turns")
        return text

    def loses(self, cmd) -> bool:
        """Whether the command would lose the ritual at once (tried on a copy of the game)."""
        trial = self.game.clone()
        trial.apply(cmd)
        return trial.outcome is not None and not trial.outcome.won

    def hour_warning(self) -> str:
        """Said before it happens: from now on every turn's draw turns the Hour."""
        if self.game.outcome is None and self.game.every_turn_costs_an_hour:
            return _(HOUR_WARNING)
        return ""

    def focus_words(self, stop, pad: bool = False) -> tuple[str, str]:
        """(what the keyboard's focus is on, what Enter (a pad's A) does there): the compact label
        beside the focus ring. ("", "") where the stop says it itself (a button, "Choose none")."""
        kind, key = stop
        enter = "A" if pad else _("Enter")
        if kind == "card":
            game = self.game
            name = game.cards[game.card(key).card_id].name
            targets = self.target_options()
            if targets is not None:
                does = _("choose it") if key in targets else _("not to be chosen")
            elif pad and game.zone_of(key) == "hand":
                does = _("pick up")
            elif key in self.unusable:
                does = _("why not now")
            elif game.zone_of(key) == "hand":
                does = _("summon")
            else:
                does = _("its actions") if game.cards[game.card(key).card_id].actions else _("no actions")
            return name, f"{enter}: {does}" + ("" if pad else "  ·  " + _("Alt: read it"))
        if kind == "zone":
            does = {"tokens": _("take a token"), "grimoire": _("open the Grimoire"), "deck": _("count the cards"),
                    "discard": _("look"), "sacrifice": _("look"), "set_aside": _("look")}.get(key)
            if key == "log":
                return "", _("Up and Down: scroll")
            return ("", f"{enter}: {does}") if does else ("", "")
        return "", ""

    def disabled_reason(self, name: str) -> str:
        """Why a greyed table button does nothing, in words (shown on hover and on Enter)."""
        if self.game.outcome is not None:
            return _("The ritual is over.")
        if name == "undo":
            return self.game.explain_undo() or ""
        if name == "end_turn":
            return without_rule_numbers(self.end_reason or "")
        return ""


def _unusable(game, legal) -> dict[int, str]:
    reasons = {}
    for inst in game.zone("hand"):
        if Summon(inst.uid) not in legal:
            reasons[inst.uid] = game.explain(Summon(inst.uid)) or ""
    for inst in game.zone("play"):
        actions = game.cards[inst.card_id].actions
        if actions and not any(Activate(inst.uid, a.id) in legal for a in actions):
            reasons[inst.uid] = game.explain(Activate(inst.uid, actions[0].id)) or ""
    return reasons
