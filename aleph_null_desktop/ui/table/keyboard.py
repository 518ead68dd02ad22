"""The table's keys: the speech keys, H, F1, Ctrl+Z, Esc, Space, Enter (a pad's A), the log's keys,
Tab, F6 and the arrows over the focus's stops, and the number keys for the cards of the hand. Each
becomes an intent (TableIntents), a verb of the table (TableVerbs) or a move of the focus. A card
the focus reaches is lifted as if the mouse were on it (`lift`); a pad's A on a card of the hand
picks it up (`pick_up`), and Enter on a card opens its actions (`open_menu`): those three belong to
the table's controls, which hold what the mouse and the pad hold."""

from __future__ import annotations

from typing import Callable

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import prompts
from aleph_null_desktop.ui.grimoire import open_reference
from aleph_null_desktop.ui.grimoire.scene import book_art
from aleph_null_desktop.ui.table import spoken
from aleph_null_desktop.ui.table.focus import LOG
from aleph_null_desktop.ui.widgets.keyfocus import number_key
from aleph_null_desktop.ui.table.wording import without_rule_numbers

SPEECH_KEYS = {pygame.K_r: "repeat", pygame.K_a: "hand", pygame.K_s: "state", pygame.K_t: "text"}


class TableKeyboard:
    """`lift(uid)`: the card the focus is on is raised (None: none); `tip_shown()`: whether the
    mouse rests on a card long enough that its tip is read (F1 then opens the glossary)."""

    def __init__(self, app, presenter, *, focus, log, buttons, verbs, intents, lift: Callable[[int | None], None],
                 pick_up: Callable[[int], None], open_menu: Callable, tip_shown: Callable[[], bool]) -> None:
        self.app, self.presenter = app, presenter
        self.focus, self.log, self.buttons = focus, log, buttons
        self.verbs, self.intents = verbs, intents
        self.lift, self.pick_up, self.open_menu, self.tip_shown = lift, pick_up, open_menu, tip_shown

    @property
    def game(self):
        return self.presenter.game

    def glossary_page(self) -> str:
        return book_art(self.app.fonts).chapter_spread("glossary")

    def reference_page(self) -> str | None:
        """The spread F1 opens the Grimoire at now: the glossary while a card's tip is read, else
        the book's first (None; ui.grimoire.warmer draws it ahead)."""
        return self.glossary_page() if self.tip_shown() else None

    def key(self, event, beside_panel: bool = False) -> bool:
        """The table's keys; False for a key that means nothing here. `beside_panel`: a panel is
        open and did not want this key; then only the keys that do not act on the table (hint,
        rules, undo) apply."""
        key, mods, verbs = event.key, event.mod, self.verbs
        if key in SPEECH_KEYS and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.read_aloud(SPEECH_KEYS[key])
        elif key == pygame.K_h:
            verbs.request_hint()
        elif key == pygame.K_F1:  # the Grimoire's rules over the table (its glossary while a card is
            # read large); Esc or F1 comes back
            open_reference(self.app, self.reference_page())
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
            verbs.say(_("There is no redo: an undone move is made again by hand."))  # redo's key never undoes
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL:
            verbs.undo()
        elif beside_panel:
            return False
        elif key == pygame.K_ESCAPE:
            self.app.pause()
        elif key == pygame.K_SPACE:
            verbs.end_turn()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate_focus(pad=getattr(event, "gamepad", False))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.wheel(1 if key == pygame.K_PAGEUP else -1)
        elif key in (pygame.K_l, pygame.K_F7):  # the log: outlined; Up and Down scroll it (F7: a pad's Back)
            self.focus.set(LOG)
            self.lift(None)
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.focus.visible and self.focus.current() == LOG:
            self.log.wheel(1 if key == pygame.K_UP else -1)
        elif key == pygame.K_PAUSE:
            self.app.pause()
        elif self.focus.handle_key(event):
            stop = self.focus.current()
            self.lift(stop[1] if stop and stop[0] == "card" else None)
            self.app.speak(lambda: spoken.stop_words(self.focus, self.log.lines, stop), interrupt=True)
        elif number_key(event) is not None:
            hand = self.game.zone("hand")
            index = number_key(event)
            if index < len(hand):
                self.intents.default_move(hand[index].uid)
            else:
                verbs.say(_("There is no card {n} in your hand.").format(n=index + 1), warn=True)
        else:
            return False
        return True

    def read_aloud(self, what: str) -> None:
        """The speech keys: R the last line again, A the whole hand, S the table's state, T the
        focused card's whole text. Without speech they say where to turn it on."""
        app, game = self.app, self.game
        if not app.current_settings().speech:
            self.verbs.say(_("R, A, S and T read aloud when speech is on (Settings)."))
            return
        if what == "repeat":
            app.speak(app.speaker.last, interrupt=True)
        elif what == "hand":
            app.speak(spoken.hand_words(game), interrupt=True)
        elif what == "state":
            app.speak(spoken.state_words(game, self.presenter), interrupt=True)
        else:
            stop = self.focus.current()
            if stop and stop[0] == "card":
                card = game.cards[game.card(stop[1]).card_id]
                reason = self.presenter.unusable.get(stop[1])
                app.speak(spoken.sentences(spoken.rules_words(card), _("Not now: {reason}").format(
                    reason=without_rule_numbers(reason)) if reason else ""), interrupt=True)
            else:
                app.speak(_("Move the focus to a card first (Tab or the arrow keys)."), interrupt=True)

    def activate_focus(self, pad: bool = False) -> None:
        """Enter on the table: open (or choose) what the keyboard is on; a pad's A picks a card in
        the hand up (`pad`)."""
        stop = self.focus.current()
        if stop is None:
            self.focus.set(self.focus.stops()[0] if self.focus.stops() else None)
            self.verbs.say(_("The d-pad moves over the table, LB and RB from zone to zone; A opens what is outlined.")
                           if prompts.pad_in_use() else
                           _("Tab or the arrow keys move over the table; Enter opens what is outlined."))
            return
        kind, key = stop
        if kind == "none":
            self.intents.choose_none()
        elif kind == "card":
            targets = self.presenter.target_options()
            if targets is not None:
                self.intents.click_card(key, 1)
            elif pad and self.game.zone_of(key) == "hand":
                self.pick_up(key)
            else:
                self.open_menu(key, keyboard=True)
        elif kind == "button":
            self.intents.press_button(key, self.buttons[key])
        else:
            self.intents.open_zone(key)
