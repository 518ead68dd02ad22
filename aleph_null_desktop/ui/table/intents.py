"""What a gesture on the table means: a click or double click on a card, a number key, a card
dropped on a zone, a pile or button pressed, "Choose none" — each becomes one engine command, a
panel, or the engine's reason why not. No pygame and no rule: the presenter (and through it the
engine) answers what is legal; the table's controls only say which intent the player's input was."""

from __future__ import annotations

from typing import Callable

from aleph_null_desktop.engine import Activate, Choose, Summon
from aleph_null_desktop.i18n import _, ngettext
from aleph_null_desktop.ui.table.gestures import drop_command


class TableIntents:
    """`verbs`: the table's TableVerbs (submit, say, take_token, …); `open_menu(uid)` opens a card's
    actions, `open_pile(zone)` a pile's cards, `open_book()` the Grimoire at the table's page."""

    def __init__(self, presenter, verbs, *, open_menu: Callable[[int], None], open_pile: Callable[[str], None],
                 open_book: Callable[[], None]) -> None:
        self.presenter, self.verbs = presenter, verbs
        self.open_menu, self.open_pile, self.open_book = open_menu, open_pile, open_book

    @property
    def game(self):
        return self.presenter.game

    def click_card(self, uid: int, clicks: int) -> None:
        """A click on a card opens its actions, a double click makes its move; while a decision
        chooses among the cards on the table, a click chooses."""
        targets = self.presenter.target_options()
        if targets is not None:
            if uid in targets:
                self.verbs.submit(Choose(targets[uid]))
            else:
                self.verbs.say(self.game.pending.prompt + " " + _("(the cards you may choose glow)"), warn=True)
            return
        if clicks >= 2:
            self.default_move(uid)
        else:
            self.open_menu(uid)

    def default_move(self, uid: int) -> None:
        """Double-click or a number key: the card's only legal move; a menu when there are several."""
        game, submit, say = self.game, self.verbs.submit, self.verbs.say
        targets = self.presenter.target_options()
        if targets is not None:
            if uid in targets:
                submit(Choose(targets[uid]))
            else:
                say(game.pending.prompt, warn=True)
            return
        if game.zone_of(uid) == "hand":
            submit(Summon(uid))
            return
        moves = [c for c in game.legal_commands() if getattr(c, "uid", None) == uid]
        if len(moves) == 1:
            submit(moves[0])
        elif moves:
            self.open_menu(uid)
        else:
            carddef = game.cards[game.card(uid).card_id]
            if not carddef.actions:
                say(_("{name} has no actions.").format(name=carddef.name), warn=True)
            else:
                say(game.explain(Activate(uid, carddef.actions[0].id)) or "", warn=True)

    def choose_none(self) -> None:
        """The "Choose none" button of a decision among the cards on the table."""
        pending = self.game.pending
        if pending is None:
            return
        index = next((i for i, o in enumerate(pending.options) if o.uid is None), None)
        if index is not None:
            self.verbs.submit(Choose(index))

    def open_zone(self, zone: str) -> None:
        """A click or Enter on a pile, the tokens or the Grimoire's page."""
        if zone == "tokens":
            if self.game.tokens:
                self.verbs.take_token()
            else:
                self.verbs.say(_("There is no Magical Power token on the Grimoire."), warn=True)
        elif zone == "grimoire":
            self.open_book()
        elif zone == "deck":
            n = len(self.game.zone("deck"))
            self.verbs.say(ngettext("The deck holds {n} card, face down.", "The deck holds {n} cards, face down.",
                                    n).format(n=n))
        elif zone in ("discard", "sacrifice", "set_aside"):
            self.open_pile(zone)

    def press_button(self, name: str, button) -> None:
        """A button clicked or pressed with Enter: its own callback asks the engine; a greyed one
        says why it is greyed."""
        if not button.click():
            self.verbs.say(self.presenter.disabled_reason(name), warn=True)

    def drop(self, uid: int, source: str, target: str | None) -> None:
        """A card let go over `target` (None: over no zone): its command, or why it means nothing."""
        cmd, reason = drop_command(self.game, uid, source, target)
        if cmd is not None:
            self.verbs.submit(cmd)
        elif reason:
            self.verbs.say(reason, warn=True)

    def drop_token(self, target: str | None) -> None:
        """A token dragged off the Grimoire is taken, wherever it lands but back on the tokens."""
        if target not in ("tokens", "grimoire"):
            self.verbs.take_token()
