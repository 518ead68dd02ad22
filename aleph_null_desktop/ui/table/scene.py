"""The table: draws the game from the engine's state and turns gestures into commands.

Every gesture becomes one engine command (Summon, Activate, Choose, TakeToken, EndTurn). The
table asks the engine whether it is legal (`explain`) and shows the answer; it never decides a
rule itself. Moves are animated from the engine's `moved` events; the state is already ahead, so
input is never blocked by an animation.
"""

from __future__ import annotations

import time

import pygame

from aleph_null_desktop.engine import Activate, Choose, EndTurn, IllegalCommand, Summon, TakeToken
from aleph_null_desktop.engine.cards import ROMAN, circles
from aleph_null_desktop.i18n import N_, Deferred, _, current_language, later, ngettext
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.grimoire import TableGrimoire, open_reference, table_page_rect
from aleph_null_desktop.ui.grimoire.scene import book_art
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.layer import PanelLayer, Part, merged
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, hand_slots, play_slots
from aleph_null_desktop.ui.table.card_tips import HOVER_SECONDS, draw_card_tip
from aleph_null_desktop.ui.table.face_warmer import BIG_W, FaceWarmer
from aleph_null_desktop.ui.table.focus import TableFocus, number_key
from aleph_null_desktop.ui.table.gestures import drop_command
from aleph_null_desktop.ui.table.hints import HintKeeper
from aleph_null_desktop.ui.table.log_panel import LogPanel, event_lines, replayed_lines
from aleph_null_desktop.ui.table.motion import TableMotion
from aleph_null_desktop.ui.table.presenter import TablePresenter
from aleph_null_desktop.ui.table.overlays import (
    ActionMenu, ChoicePicker, ConfirmDialog, InterferenceSpotlight, PileViewer,
)
from aleph_null_desktop.ui.table.wording import HOUR_WARNING, without_rule_numbers, would_lose
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, render, wrap
from aleph_null_desktop.ui.render.tween import CardSprite, Pulse
from aleph_null_desktop.ui.render.veil import darken_around
from aleph_null_desktop.ui.widgets.button import Button

# engine zone -> layout rectangle where its cards rest
PILE_RECT = {"deck": "deck", "discard": "discard", "sacrificed": "sacrifice", "set_aside": "set_aside",
             "hand": "hand", "play": "play"}
DRAG_THRESHOLD = 6
HOVER_LIFT = 26
JUDGEMENT_DELAY = 1.4
MESSAGE_SECONDS = 5.0
HINT_POLL_SECONDS = 0.05  # while the AI thinks of a hint, the table looks this often whether it is done


class TableScene(Scene):
    counts = True  # autosaved and counted in the statistics (a lesson is not)
    def __init__(self, app, game, circle_id: str) -> None:
        super().__init__(app)
        self.game = game
        self.circle_id = circle_id
        self.rects = {name: pygame.Rect(round(z.rect.x), round(z.rect.y), round(z.rect.w), round(z.rect.h))
                      for name, z in app.layout.zones.items()}
        self.renderer = CardRenderer(game.cards, app.fonts)
        self.warmer = FaceWarmer(self.renderer)
        self.background = panels.draw_background(theme.LOGICAL_SIZE)
        self.board = PanelLayer()  # everything under the cards, each panel redrawn only when it changes
        self.still = PanelLayer()  # the board and the cards lying still in their slots
        self._over_last = None  # (screen, where things were drawn over `still` last frame) when known
        self.presenter = self.make_presenter(game)
        self.motions: list[tuple[int, str, str]] = []  # (uid, from, to) of every card motion started
        self.log = LogPanel()
        self.sprites: dict[int, CardSprite] = {}
        self.ghosts: list[tuple[CardSprite, str]] = []  # cards flying to a pile
        self.last_zone: dict[int, str] = {}
        self.modal = None
        self.press = None  # what the left button went down on: {"uid"|"token", "pos", "clicks"}
        self.press_owner = None  # the panel (or None: the table) the left button went down on
        self.focus = TableFocus(self)
        self.drag = None  # {"uid"|"token", "source", "offset", "pos"}
        self.mouse = (0, 0)
        self.hover_uid: int | None = None
        self.big_uid: int | None = None
        self.alt_held = False
        self.message = ""
        self.message_warn = False
        self.message_time = 0.0
        self.hover_time, self._hover_seen = 0.0, None  # how long the mouse has rested on hover_uid
        self.motion = TableMotion(game)  # ticking numbers, shakes, tokens, the Hour's banner, the circle
        self._shown = None  # the signature of the picture on the screen, when it may be left as it is
        self._under: tuple = (None, None)  # (signature, picture) of the table under an open panel
        self._under_last = None  # the table's signature under the panel last frame
        self.pulses = {name: Pulse() for name in ("power", "damage", "tokens", "deck")}
        self.grimoire = TableGrimoire(app, table_page_rect(self.rects["grimoire"], self.rects["tokens"]),
                                      game, circle_id)  # turns its page on "hour" and "game_over"
        self.judgement_timer: float | None = None
        self.applied: list = []  # every command the engine accepted, in order
        self.hints = HintKeeper(self)
        self.spotlit: set[int] = set()
        self._tints = SurfaceCache("table_tints")  # glows and veils by size (a card in motion: many)
        self.buttons = {
            "end_turn": Button(self.rects["end_turn"], "", on_click=self.end_turn_gesture, key_hint="Space"),
            "undo": Button(self.rects["undo"], "", on_click=self.undo, key_hint="Ctrl+Z"),
            "menu": Button(self.rects["menu"], "", on_click=self.app.pause, key_hint="Esc"),
            "hint": Button(self.rects.get("hint", pygame.Rect(1612, 672, 284, 56)), "",
                           on_click=self.hints.request, key_hint="H"),
        }
        self.none_button = Button(pygame.Rect(0, 0, 250, 44), "", on_click=self._choose_none)
        self._name_buttons()
        circle = circles().get(circle_id)
        circle_name = Deferred(lambda: circle.name) if circle else circle_id
        if game.history:  # a resumed ritual (Continue): its log as it was, from its moves
            self.log.add(later("A new ritual in the {circle}.", circle=circle_name))
            for line in replayed_lines(game) or []:
                self.log.add(line)
            self.log.add(later("Continued in Hour {hour}.", hour=ROMAN.get(game.hour, game.hour)))
        else:
            self.log.add(later("A new ritual in the {circle}.", circle=circle_name))
        for line in app.take_unlogged_notices():  # the audio status and storage messages at startup
            self.log.add(line)
        self.hour_warned = False
        self._refresh_sprites({}, instant=False)
        self._sync_prompts()
        self._warn_of_the_hours()
        app.hour_music(game.hour)

    @staticmethod
    def make_presenter(game) -> TablePresenter:
        return TablePresenter(game)

    # ------------------------------------------------------------------ commands
    def submit(self, cmd, *, confirmed: bool = False) -> bool:
        """Sends one command to the engine; says why when it is refused. Moves that lose the game
        at once (R7.8) are tried on a copy first and need the player's confirmation."""
        reason = self.game.explain(cmd)
        if reason:
            self.say(reason, warn=True)
            return False
        if not confirmed and self.app.current_settings().confirm_losing_moves:
            loss = self._loss_if(cmd)
            if loss:
                self.modal = ConfirmDialog(self, _("This would end the ritual"),
                                           _("{loss} Do it anyway?").format(loss=loss),
                                           _("Do it"), lambda: self.submit(cmd, confirmed=True),
                                           no=_("No, go back"))
                return False
        try:
            events = self.game.apply(cmd)
        except IllegalCommand as exc:
            self.say(str(exc), warn=True)
            return False
        self.applied.append(cmd)
        self.presenter.changed()
        self.say("")
        self._after(events)
        if self.counts:
            self.app.game_changed(self.game, self.circle_id)
        return True

    def _loss_if(self, cmd) -> str | None:
        trial = self.game.clone()
        trial.apply(cmd)
        outcome = trial.outcome
        if outcome is not None and not outcome.won:
            return would_lose(outcome)
        return None

    def _after(self, events) -> None:
        self.fast_forward()  # what is still moving from the last command lands at once
        speed = self.speed
        moves = {}
        sounds = []
        consumed = [e.data["uid"] for e in events if e.kind == "moved" and e.data.get("why") == "baphomet"]
        for line in event_lines(events, self.game.cards):
            self.log.add(line)
        for event in events:
            kind, data = event.kind, event.data
            if kind == "moved":
                moves[data["uid"]] = data["from"]
                sounds.append("sacrifice" if data["to"] == "sacrificed" else "card_move")
                if data["from"] not in ("hand", "play") and data["to"] not in ("hand", "play"):
                    self._fly_between(data["uid"], data["from"], data["to"], face_up=data["to"] != "deck")
            elif kind in ("power", "damage") and data.get("delta"):
                self.pulses[kind].strike(speed)
                getattr(self.motion, kind).set(data["total"], speed)
                if kind == "damage" and data["delta"] > 0:
                    self.motion.damage_shake.strike(speed)
                    sounds.append("damage")
            elif kind == "token":
                self.pulses["tokens"].strike(speed)
                if data["delta"] > 0:  # tokens arrive from the turning page
                    self.motion.token_flights(data["delta"], self.grimoire.rect.center,
                                              panels.token_slots(self.rects["tokens"], data["total"]), speed)
                sounds.append("token")
            elif kind == "shuffled":
                self.pulses["deck"].strike(speed)
                for i, uid in enumerate(data.get("uids", ())):  # the discard pile gathered into the deck
                    if self.last_zone.get(uid) == "discard":
                        self._fly_between(uid, "discard", "deck", face_up=False, delay=min(0.4, 0.03 * i))
                sounds.append("shuffle")
            elif kind == "hour":
                self.motion.hour(_("Hour {roman} — {name}").format(roman=data.get("roman", data["hour"]),
                                                                    name=data["name"]), speed)
                sounds.append("page_turn")
                self.app.hour_music(data["hour"])
            elif kind == "game_over":
                moment = self.motion.summoning(self.rects["play"].center, speed) if consumed else 0.0
                self.judgement_timer = max(JUDGEMENT_DELAY, moment + 0.4)
        for name in dict.fromkeys(sounds):  # each kind of sound once per command
            self.app.sound(name)
        self.grimoire.on_events(events, self.game)
        self._refresh_sprites(moves, into_circle=consumed)
        self._sync_prompts()
        self._warn_of_the_hours()

    def _warn_of_the_hours(self) -> None:
        """The first time every turn costs an Hour, the log and the prompt bar say so."""
        warning = self.presenter.hour_warning()
        if warning and not self.hour_warned:
            self.log.add(later(HOUR_WARNING))
            self.say(warning, warn=True)
        self.hour_warned = bool(warning)

    def undo(self) -> None:
        if not self.presenter.can_undo():
            self.say(self.presenter.disabled_reason("undo"), warn=True)
            return
        self.game.undo()
        self.fast_forward()
        self.motion.sync(self.game)
        self.presenter.changed()
        self.grimoire.sync(self.game)
        if self.counts:
            self.app.game_changed(self.game, self.circle_id)
        self.log.add(later("Undone."))
        self.modal = None
        self.say(_("Undone."))
        self._refresh_sprites({})
        self._sync_prompts()

    def end_turn_gesture(self) -> None:
        cmd = EndTurn()
        reason = self.game.explain(cmd)
        if reason:
            self.say(reason, warn=True)
            return
        preview = self.game.end_turn_preview()
        if preview.total and not self._loss_if(cmd):
            self.modal = ConfirmDialog(
                self, _("End the turn?"),
                _("Ending now costs {summary}; you would have {total} of 3 damage.").format(
                    summary=preview.summary(), total=self.game.damage + preview.total),
                _("End turn: take {n} damage").format(n=preview.total), lambda: self.submit(cmd))
            return
        self.submit(cmd)

    def take_token(self) -> None:
        self.submit(TakeToken())

    def default_move(self, uid: int) -> None:
        """Double-click or a number key: the card's only legal move; a menu when there are several."""
        zone = self.game.zone_of(uid)
        name = self.game.cards[self.game.card(uid).card_id].name
        targets = self.presenter.target_options()
        if targets is not None:
            if uid in targets:
                self.submit(Choose(targets[uid]))
            else:
                self.say(self.game.pending.prompt, warn=True)
            return
        if zone == "hand":
            self.submit(Summon(uid))
            return
        moves = [c for c in self.game.legal_commands() if getattr(c, "uid", None) == uid]
        if len(moves) == 1:
            self.submit(moves[0])
        elif moves:
            self.open_menu(uid)
        else:
            actions = self.game.cards[self.game.card(uid).card_id].actions
            if not actions:
                self.say(_("{name} has no actions.").format(name=name), warn=True)
            else:
                self.say(self.game.explain(Activate(uid, actions[0].id)) or "", warn=True)

    def open_menu(self, uid: int, keyboard: bool = False) -> None:
        sprite = self.sprites.get(uid)
        anchor = sprite.rect if sprite else pygame.FRect(self.rects["play"].center, (1, 1))
        self.modal = ActionMenu(self, uid, anchor, keyboard=keyboard)

    def _choose_none(self) -> None:
        pending = self.game.pending
        if pending is None:
            return
        index = next((i for i, o in enumerate(pending.options) if o.uid is None), None)
        if index is not None:
            self.submit(Choose(index))

    def say(self, text: str, warn: bool = False) -> None:
        self.message, self.message_warn, self.message_time = without_rule_numbers(text), warn, MESSAGE_SECONDS

    # ------------------------------------------------------------------ decisions
    def _sync_prompts(self) -> None:
        """Opens the picker for a decision off the table, or the spotlight for new interference."""
        if self.game.outcome is not None or self.modal is not None:
            return
        pending = self.game.pending
        if pending is not None:
            if self.presenter.target_options() is None:
                self.modal = ChoicePicker(self, pending)
            return
        for inst in self.game.zone("hand"):
            carddef = self.game.cards[inst.card_id]
            if carddef.is_interference and inst.uid not in self.spotlit:
                self.spotlit.add(inst.uid)
                self.modal = InterferenceSpotlight(self, inst.uid)
                return

    # ------------------------------------------------------------------ sprites
    def _pile_rect(self, zone: str, size) -> pygame.FRect:
        rect = pygame.FRect((0, 0), size)
        name = PILE_RECT.get(zone, "deck")
        area = self.rects[name]
        rect.center = area.center if name in ("hand", "play") else panels.pile_card_rect(area).center
        return rect

    def _slots(self) -> dict[int, pygame.FRect]:
        hand, play = self.game.zone("hand"), self.game.zone("play")
        slots = dict(zip((c.uid for c in hand), hand_slots(self.rects["hand"], len(hand))))
        slots.update(zip((c.uid for c in play), play_slots(self.rects["play"], len(play), title_room=PLAY_TITLE_ROOM)))
        return slots

    def _name_buttons(self) -> None:
        """The buttons' words in the current language (again after a switch)."""
        for name, label in (("end_turn", _("End turn")), ("undo", _("Undo")), ("menu", _("Menu")),
                            ("hint", _("Hint"))):
            self.buttons[name].label = label
        self.none_button.label = _("Choose none")

    def restyle(self) -> None:
        """Settings changed the look or the language: the background again, the buttons' words,
        and every card in its slot at the new size."""
        self._name_buttons()
        self.background = panels.draw_background(theme.LOGICAL_SIZE)
        self.grimoire.restyle()
        self.board.invalidate()
        self.still.invalidate()
        self._over_last = None
        self._shown = None
        self._under = (None, None)
        self._refresh_sprites({}, instant=True)

    def on_cover(self) -> None:
        """Another scene hides the table (the Grimoire, settings, statistics, the pause menu): its
        screen-sized pictures go, and are painted again on the first frame it shows."""
        self.board.release()
        self.still.release()
        self._under = (None, None)
        self._under_last = None
        self.on_uncover()

    def on_uncover(self) -> None:
        """The screen holds what another scene drew: the next frame paints the table whole."""
        self._over_last = None
        self._shown = None

    def add_to_log(self, text) -> bool:
        self.log.add(text)
        return True

    @property
    def speed(self) -> float:
        """The player's animation speed (settings): 1 normal, 2 fast, 0 instant (nothing moves)."""
        return float(self.app.animation_speed)

    def fast_forward(self) -> None:
        """Every running motion jumps to its end: a new command never waits for the last one's."""
        for sprite in self.sprites.values():
            sprite.finish()
        self.ghosts.clear()
        self.motion.finish()

    def _refresh_sprites(self, moves: dict[int, str], instant: bool = False, into_circle=()) -> None:
        """Cards of the hand and play glide to their slots; a card that changed zone travels from
        where it was (a pile, the set-aside interference) and every such journey is a motion. The
        cards BAPHOMET's summoning consumes (`into_circle`) are drawn one by one into his circle."""
        speed = 0.0 if instant else self.speed
        slots = self._slots()
        arrivals = 0
        for uid, slot in slots.items():
            sprite = self.sprites.get(uid)
            origin = moves.get(uid) or self.last_zone.get(uid, "deck")
            if sprite is None:
                start = (pygame.FRect(self._pile_rect(origin, self._pile_card_size()))
                         if origin not in ("hand", "play") else pygame.FRect(slot))
                sprite = CardSprite(uid, start)
                self.sprites[uid] = sprite
            delay = 0.07 * arrivals if uid in moves else 0.0
            if sprite.move_to(slot, speed=speed, delay=delay) and uid in moves:
                self.motions.append((uid, origin, self.game.zone_of(uid)))
                arrivals += 1
        circle = list(into_circle)
        for uid in [u for u in self.sprites if u not in slots]:
            sprite = self.sprites.pop(uid)
            destination = self.game.zone_of(uid)
            target, delay, seconds = self._pile_rect(destination, self._pile_card_size()), 0.0, None
            if uid in circle:
                target = pygame.FRect(0, 0, 24, 34)
                target.center = self.rects["play"].center
                delay, seconds = 0.15 + 0.6 * circle.index(uid) / max(1, len(circle) - 1), 0.5
            if sprite.move_to(target, speed=speed, delay=delay, seconds=seconds):
                self.ghosts.append((sprite, self.game.card(uid).card_id))
                self.motions.append((uid, self.last_zone.get(uid, moves.get(uid, "play")), destination))
        self.last_zone = {c.uid: z for z in ("deck", "hand", "play", "discard", "sacrificed", "set_aside")
                          for c in self.game.zone(z)}
        self._let_go_of_moved_card()

    def _put_back_held_card(self) -> None:
        """The card (or token) in the air goes back where it was picked up; the release, if it ever
        comes, belongs to nothing."""
        drag = self.drag
        sprite = self.sprites.get(drag["uid"]) if drag and "uid" in drag else None
        if sprite is not None:
            sprite.jump_from(self._drag_rect(drag, sprite))
        self.press = self.drag = None
        self.press_owner = "closed"

    def _let_go_of_moved_card(self) -> None:
        """A card held by the mouse that a key command moved (Space, Ctrl+Z, a number key) is let go."""
        grip = self.drag or self.press
        if grip and "uid" in grip and (grip["uid"] not in self.sprites or
                                       self.game.zone_of(grip["uid"]) != grip.get("source", grip.get("zone"))):
            self.drag = self.press = None

    def _pile_card_size(self) -> tuple[int, int]:
        return panels.pile_card_rect(self.rects["deck"]).size

    def _fly_between(self, uid: int, source: str, destination: str, face_up: bool = True,
                     delay: float = 0.0) -> None:
        """A card travelling from one pile to another (interference arriving, a reshuffle)."""
        sprite = CardSprite(uid, self._pile_rect(source, self._pile_card_size()))
        if sprite.move_to(self._pile_rect(destination, self._pile_card_size()), speed=self.speed, delay=delay):
            self.ghosts.append((sprite, self.game.card(uid).card_id if face_up else None))
            self.motions.append((uid, source, destination))

    def card_at(self, pos) -> int | None:
        """The topmost card of the hand or of play under the point."""
        hovered = self.hover_uid
        order = [c.uid for c in self.game.zone("play")] + [c.uid for c in self.game.zone("hand")]
        if hovered in order:  # the lifted card is drawn on top
            order.remove(hovered)
            order.append(hovered)
        for uid in reversed(order):
            sprite = self.sprites.get(uid)
            if sprite is None:
                continue
            rect = pygame.FRect(sprite.target)
            if uid == hovered:
                rect.h += HOVER_LIFT
                rect.y -= HOVER_LIFT
            if rect.collidepoint(pos):
                return uid
        return None

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        """One input, one effect. Precedence: the card read large (any click or Esc closes it),
        then the open panel (menu, picker, question, spotlight, pile), then the table. A click
        counts only where it was pressed: a release after the panel under it changed is dropped."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LALT, pygame.K_RALT):
            self.alt_held = event.type == pygame.KEYDOWN
            return True
        if (self.press or self.drag) and (event.type == pygame.WINDOWFOCUSLOST or (
                event.type == pygame.MOUSEMOTION and not getattr(event, "buttons", (1,))[0])):
            self._put_back_held_card()  # the button went up where the window could not see it
            if event.type != pygame.MOUSEMOTION:
                return True
        if self.big_uid is not None and (event.type == pygame.MOUSEBUTTONDOWN or
                                         (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.big_uid = None
            self.press_owner = "closed"  # the release of this click belongs to nothing
            self._motion(getattr(event, "pos", self.mouse))  # the table follows the mouse again, from where it is
            return True
        if self.big_uid is not None and event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos  # under the card read large, the veiled table does not follow the mouse
            return True
        if self.game.outcome is not None:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.judgement_timer = 0.0
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.visible = False
            if self.modal is not None and isinstance(self.modal, ActionMenu) and getattr(event, "clicks", 1) >= 2:
                self.modal = None  # the second click of a double-click goes to the card, not the menu
            self.press_owner = self.modal
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            owner, self.press_owner = self.press_owner, None
            if owner is not self.modal:  # pressed on something that has gone since
                self.press = self.drag = None
                return True
        if self.modal is not None:
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            self.press = self.drag = None
            used = self.modal.handle_event(event)
            self._close_stale_modal()
            if used or event.type != pygame.KEYDOWN:
                return bool(used)
            self._key(event, beside_panel=self.modal is not None)
            return True
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL:
            if self.rects["log"].collidepoint(self.mouse):
                self.log.wheel(event.y)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._button_down(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._button_up(event.pos)
        else:
            return False
        return True

    def _key(self, event, beside_panel: bool = False) -> None:
        """The table's keys. `beside_panel`: a panel is open and did not want this key; then only
        the keys that do not act on the table (hint, rules, undo) apply."""
        key, mods = event.key, event.mod
        if key == pygame.K_h:
            self.hints.request()
        elif key == pygame.K_F1:  # the Grimoire's rules over the table (its glossary while a card is
            # read large); Esc or F1 comes back
            open_reference(self.app, self._glossary_page() if self.card_tip_shown() else None)
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif beside_panel:
            return
        elif key == pygame.K_ESCAPE:
            self.app.pause()
        elif key == pygame.K_SPACE:
            self.end_turn_gesture()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate_focus()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.wheel(1 if key == pygame.K_PAGEUP else -1)
        elif self.focus.handle_key(event):
            stop = self.focus.current()
            self.hover_uid = stop[1] if stop and stop[0] == "card" else None
        elif number_key(event) is not None:
            hand = self.game.zone("hand")
            index = number_key(event)
            if index < len(hand):
                self.default_move(hand[index].uid)
            else:
                self.say(_("There is no card {n} in your hand.").format(n=index + 1), warn=True)

    def activate_focus(self) -> None:
        """Enter on the table: open (or choose) what the keyboard is on."""
        stop = self.focus.current()
        if stop is None:
            self.focus.set(self.focus.stops()[0] if self.focus.stops() else None)
            self.say(_("Tab or the arrow keys move over the table; Enter opens what is outlined."))
            return
        kind, key = stop
        if kind == "none":
            self._choose_none()
        elif kind == "card":
            targets = self.presenter.target_options()
            if targets is not None:
                self._click_card(key, 1)
            else:
                self.open_menu(key, keyboard=True)
        elif kind == "button":
            button = self.buttons[key]
            if not button.click():
                self.say(self.presenter.disabled_reason(key), warn=True)
        else:
            self.open_zone(key)

    def open_zone(self, zone: str) -> None:
        """A click or Enter on a pile, the tokens or the Grimoire's page."""
        if zone == "tokens":
            if self.game.tokens:
                self.take_token()
            else:
                self.say(_("There is no Magical Power token on the Grimoire."), warn=True)
        elif zone == "grimoire":
            open_reference(self.app, self.grimoire.page)
        elif zone == "deck":
            n = len(self.game.zone("deck"))
            self.say(ngettext("The deck holds {n} card, face down.", "The deck holds {n} cards, face down.", n).format(n=n))
        elif zone in ("discard", "sacrifice", "set_aside"):
            self.modal = PileViewer(self, {"sacrifice": "sacrificed"}.get(zone, zone))

    def _close_stale_modal(self) -> None:
        """A panel that was answered, or whose question no longer applies, goes; the next waiting
        decision (if any) is shown."""
        modal = self.modal
        if modal is None:
            return
        if modal.done or self.game.outcome is not None or not modal.applies():
            self.modal = None
            self._sync_prompts()

    def _motion(self, pos) -> None:
        self.mouse = pos
        if self.press and not self.drag:
            dx, dy = pos[0] - self.press["pos"][0], pos[1] - self.press["pos"][1]
            if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                self._start_drag()
        if self.drag:
            self.drag["pos"] = pos
            return
        self.hover_uid = self.card_at(pos)
        for button in self.buttons.values():
            button.hot = button.enabled and button.hit(pos)
        self.none_button.hot = self.none_button.hit(pos)

    def _button_down(self, event) -> None:
        pos = event.pos
        self.mouse = pos
        if event.button == 3:
            self.big_uid = self.card_at(pos)
            return
        if event.button != 1:
            return
        uid = self.card_at(pos)
        if uid is not None:
            self.press = {"uid": uid, "zone": self.game.zone_of(uid), "pos": pos,
                          "clicks": getattr(event, "clicks", 1)}
        elif self.rects["tokens"].collidepoint(pos) and self.game.tokens:
            self.press = {"token": True, "pos": pos, "clicks": 1}
        else:
            self.press = None

    def _start_drag(self) -> None:
        press = self.press
        if "uid" in press:
            uid = press["uid"]
            sprite = self.sprites[uid]
            self.drag = {"uid": uid, "source": self.game.zone_of(uid),
                         "offset": (press["pos"][0] - sprite.rect.x, press["pos"][1] - sprite.rect.y),
                         "pos": press["pos"]}
        else:
            self.drag = {"token": True, "source": "tokens", "offset": (25, 25), "pos": press["pos"]}
        self.hover_uid = None

    def _button_up(self, pos) -> None:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if drag:
            self._drop(drag, pos)
            return
        if press and "uid" in press:
            self._click_card(press["uid"], press["clicks"])
            return
        if press and "token" in press:
            self.take_token()
            return
        for name, button in self.buttons.items():
            if button.hit(pos):  # each callback asks the engine and says why when it must refuse
                if not button.click():
                    self.say(self.presenter.disabled_reason(name), warn=True)
                return
        if self.game.pending is not None and self.presenter.has_none_option() and self.none_button.hit(pos):
            self.none_button.click()
            return
        if self.grimoire.hit(pos):  # the Grimoire's page: open the book at this Hour
            open_reference(self.app, self.grimoire.page)
            return
        zone = self.app.layout.zone_at(*pos, names=("deck", "discard", "sacrifice", "set_aside"))
        if zone:
            self.open_zone(zone)

    def _click_card(self, uid: int, clicks: int) -> None:
        targets = self.presenter.target_options()
        if targets is not None:
            if uid in targets:
                self.submit(Choose(targets[uid]))
            else:
                self.say(self.game.pending.prompt + " " + _("(the cards you may choose glow)"), warn=True)
            return
        if clicks >= 2:
            self.default_move(uid)
        else:
            self.open_menu(uid)

    def drop_target(self, pos) -> str | None:
        return self.app.layout.zone_at(*pos, names=("play", "hand", "discard", "sacrifice", "power",
                                                    "tokens", "grimoire"))

    def _drop(self, drag, pos) -> None:
        target = self.drop_target(pos)
        if "token" in drag:
            if target in ("tokens", "grimoire"):
                return
            self.take_token()
            return
        uid = drag["uid"]
        sprite = self.sprites.get(uid)
        if sprite is not None:  # spring back from where it was let go (or glide on if accepted)
            sprite.jump_from(self._drag_rect(drag, sprite))
        cmd, reason = drop_command(self.game, uid, drag["source"], target)
        if cmd is not None:
            self.submit(cmd)
        elif reason:
            self.say(reason, warn=True)

    def _drag_rect(self, drag, sprite) -> pygame.FRect:
        """The card in the air; over a pile it shrinks to the pile's size so the pile stays visible."""
        if self.drop_target(drag["pos"]) in ("discard", "sacrifice"):
            small = pygame.FRect((0, 0), self._pile_card_size())
            small.midtop = (drag["pos"][0], drag["pos"][1] - 20)
            return small
        return pygame.FRect(drag["pos"][0] - drag["offset"][0], drag["pos"][1] - drag["offset"][1],
                            sprite.target.w, sprite.target.h)

    def legal_drop_zones(self) -> dict[str, bool]:
        """While dragging: each zone the card may land on, and whether the engine allows it."""
        drag = self.drag
        if not drag:
            return {}
        if "token" in drag:
            return {"power": True, "play": True}
        uid, source = drag["uid"], drag["source"]
        return self.presenter.drop_zones(uid, source)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.motion.update(dt, self.speed)
        if self.hover_uid != self._hover_seen:  # the mouse rests on a card a moment before it is read large
            self._hover_seen, self.hover_time = self.hover_uid, 0.0
        else:
            self.hover_time += dt
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite, _card in self.ghosts:
            sprite.update(dt)
        self.ghosts = [(s, c) for s, c in self.ghosts if s.moving]
        for pulse in self.pulses.values():
            pulse.update(dt)
        if self.speed <= 0:  # instant: the Grimoire is at its new page at once
            while self.grimoire.turning:
                self.grimoire.update(60.0)
        else:
            self.grimoire.update(self.app.motion_dt(dt))
        self.hints.update()
        self.message_time = max(0.0, self.message_time - dt)
        if self.modal is not None:
            self.modal.update(dt)
            self._close_stale_modal()
        if self.judgement_timer is not None:
            self.judgement_timer -= dt
            if self.judgement_timer <= 0:
                self.judgement_timer = None
                self.app.show_judgement(self.game, self.circle_id)

    def next_change(self) -> float | None:
        """Frames while anything moves or the mouse rests on a card before it is read large (its
        large face is drawn ahead meanwhile); then the end of the prompt's message, the Judgement's
        delay, or a look for the hint the AI is thinking of."""
        if (self.motion.active or self.ghosts or self.grimoire.turning
                or any(sprite.moving or sprite.delay > 0 for sprite in self.sprites.values())
                or any(pulse.level > 0 for pulse in self.pulses.values())
                or (self.hover_uid is not None and self.hover_time < HOVER_SECONDS)):
            return 0.0
        timers = [HINT_POLL_SECONDS if self.hints.job is not None else None,
                  self.message_time if self.message_time > 0 else None, self.judgement_timer]
        timers = [t for t in timers if t is not None]
        return max(0.0, min(timers)) if timers else None

    # ------------------------------------------------------------------ drawing
    def _veil(self, size) -> pygame.Surface:
        """A dark translucent card-shaped veil over a card that cannot be used now."""
        key = ("veil", tuple(map(round, size)))
        veil = self._tints.get(key)
        if veil is None:
            veil = pygame.Surface(key[1], pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 6, 4, 150), veil.get_rect(), border_radius=max(4, round(size[0] / 20)))
            self._tints[key] = veil
        return veil

    def card_tip_shown(self) -> bool:
        uid = self.hover_uid
        return not (uid is None or uid not in self.sprites or self.hover_time < HOVER_SECONDS or self.drag
                    or self.modal is not None or self.big_uid is not None or self.alt_held)

    def _glossary_page(self) -> str:
        return book_art(self.app.fonts).chapter_spread("glossary")

    def _draw_card_tip(self, surface) -> None:
        """The hovered card read large, with why it cannot be used and the terms it uses."""
        if not self.card_tip_shown():
            return
        uid = self.hover_uid
        sprite = self.sprites[uid]
        anchor = pygame.FRect(sprite.rect).move(0, -HOVER_LIFT if self.game.zone_of(uid) == "hand" else 0)
        draw_card_tip(surface, self.app.fonts, self.renderer, self.game.cdef(uid), anchor,
                      self.presenter.unusable.get(uid))

    def draw(self, surface: pygame.Surface) -> None:
        """The board layer (redrawn only when it changed), then what moves. When nothing at all
        changed since the last frame and nothing else drew over it, the screen is left as it is.
        A frame that cost next to nothing draws one face the table may soon show."""
        start = time.thread_time()
        self._draw_table(surface)
        self.warmer.warm(self, start)

    def pile_width(self) -> int:
        """The width of a pile's top card (every pile has the same)."""
        return panels.pile_card_rect(self.rects["discard"]).w

    def _draw_table(self, surface: pygame.Surface) -> None:
        self._sync_buttons()
        board_signature = self._board_signature()
        parts = self.board_parts()
        shown = None
        if self.app.stack.top is self and not self.app.error_time:
            shown = (board_signature, tuple(p.signature for p in parts), self._motion_signature(), id(surface))
            if self.modal is None and shown == self._shown:
                return  # nothing changed since the last frame, and nothing else drew over it
            if self.modal is not None and shown == self._under[0]:
                surface.blit(self._under[1], (0, 0))  # the table under the open panel, as it was
                self._over_last = None
                self.modal.draw(surface)
                self._shown = None
                return
        self._shown = shown if self.modal is None else None
        painted = self.board.update(surface.get_size(), board_signature, parts, self.background)
        circle = self.motion.circle[1] > 0  # BAPHOMET's circle turns under the cards it draws in
        if circle:
            surface.blit(self.board.surface, (0, 0))
            self._over_last = None
            self.still.invalidate()  # not kept up to date meanwhile: painted whole when used again
        else:  # the board and the cards lying still, cached together; what moves is drawn over them
            still = self.still.update(surface.get_size(), (board_signature, self.board.surface), self._still_parts(),
                                      self.board.surface, dirty=painted)
            over = self._over_rects() if shown is not None and self.modal is None else None
            last = self._over_last
            if over is not None and last is not None and last[0] == id(surface):
                for rect in merged([*last[1], *over, *still]):  # last frame's picture kept but where things moved
                    surface.blit(self.still.surface, rect, rect)
            else:
                surface.blit(self.still.surface, (0, 0))
            self._over_last = (id(surface), over) if over is not None else None
        self.grimoire.draw(surface)  # the page above the tokens, turning with the Hours
        self._draw_effects(surface)
        if circle:
            self._draw_zone_hint(surface)
            self.motion.draw_circle(surface, self.app.fonts)
            self._draw_cards(surface)
        else:
            self._draw_cards(surface, "moving")
        self.motion.draw_tokens(surface)
        self.motion.draw_banner(surface, self.app.fonts, self.rects["play"].center)
        if self.modal is None:
            self.focus.draw(surface)
            self._draw_disabled_reason(surface)
            self._draw_card_tip(surface)
        if self.modal is not None:
            if shown is not None and shown == self._under_last:  # settled: kept while the panel is open
                self._under = (shown, surface.copy())
            self._under_last = shown
            self.modal.draw(surface)
        else:
            self._under = (None, None)
        big = self.big_uid if self.big_uid is not None else (self.hover_uid if self.alt_held else None)
        if big is not None and big in self.sprites:
            self._draw_big(surface, big)
            self._over_last = None

    def _over_rects(self) -> list[pygame.Rect] | None:
        """Where the table draws over the cached picture of the board and the still cards this
        frame; None while something is shown whose extent is not known here (the whole picture is
        then blitted)."""
        if (self.grimoire.turning or self.motion.tokens or self.motion.banner[1] > 0 or self.focus.visible
                or self.disabled_tip() or self.card_tip_shown()):
            return None
        r = self.rects
        rects = [self.grimoire.rect.inflate(8, 8), r["power"].inflate(40, 40), r["damage"].inflate(30, 20),
                 r["tokens"].inflate(12, 12), r["deck"].inflate(20, 20)]  # the page and the effects
        targets, _unusable, hinted = self._card_marks()
        for uid, sprite in self.sprites.items():
            if self._still(uid):
                continue
            if uid in targets or uid == hinted:
                return None
            card = pygame.Rect(sprite.rect)
            rects.append(card.union(card.move(0, -HOVER_LIFT)).union(card.move(8, 14)).inflate(16, 16))
        rects += [pygame.Rect(sprite.rect).inflate(4, 4) for sprite, _card in self.ghosts]
        if self.drag and "uid" in self.drag and self.drag["uid"] in self.sprites:
            held = pygame.Rect(self._drag_rect(self.drag, self.sprites[self.drag["uid"]]))
            rects.append(held.union(held.move(14, 20)).inflate(4, 4))
        elif self.drag and "token" in self.drag:
            x, y = self.drag["pos"]
            rects.append(pygame.Rect(x - 30, y - 30, 60, 60))
        return rects

    def _draw_zone_hint(self, surface) -> None:
        mark = self.hints.highlight()
        if mark and mark[0] == "zone" and mark[1] in self.rects:
            self._draw_hint_mark(surface, self.rects[mark[1]], self.hints.tag(), on_top=False)

    def _still(self, uid: int) -> bool:
        """Whether the card lies still in its slot (drawn into the cached picture under what moves)."""
        sprite = self.sprites[uid]
        return not sprite.moving and sprite.delay <= 0 and uid != self.hover_uid and not (
            self.drag and self.drag.get("uid") == uid)

    def _motion_signature(self) -> tuple:
        """Everything drawn over the board: when it is the same as last frame, so is the picture."""
        def place(sprite):
            return (sprite.uid, tuple(sprite.rect), sprite.delay > 0)

        grimoire = self.grimoire
        return (
            tuple(place(s) for s in self.sprites.values()), tuple(place(s) for s, _ in self.ghosts),
            self.hover_uid, self.big_uid, self.alt_held, self.drag and tuple(self.drag["pos"]),
            grimoire.page, grimoire.turn and grimoire.turn.angle, self.hints.highlight(), self.hints.tag(),
            tuple(p.level for p in self.pulses.values()), self.motion.active and self.motion.banner,
            self.motion.power.shown, self.motion.damage_shake.left, tuple(f.t for f in self.motion.tokens),
            self.motion.circle[1], self.presenter.target_options() is not None,
            self.focus.visible, self.focus.current(), self.disabled_tip() and self.disabled_tip()[1],
            self.card_tip_shown(),
        )

    def _draw_effects(self, surface: pygame.Surface) -> None:
        """Over the board: the power ticking to its value, glowing panels, the damage panel shaking."""
        r, fonts = self.rects, self.app.fonts
        shake = self.motion.damage_shake.offset
        if shake != (0, 0):
            area = r["damage"].inflate(24, 12)
            surface.blit(self.background, area, area)
            surface.blit(self.board.surface, area.move(shake), area)
        power = self.pulses["power"].level
        font = fonts.get("bold", 34 + round(10 * power))
        blit_text(surface, font, self.motion.power.text, theme.TEXT,
                  (r["power"].x + 54, r["power"].y + 2 - round(5 * power)))
        for name, rect, radius in (("power", r["power"], 10), ("damage", r["damage"].move(shake), 10),
                                   ("tokens", r["tokens"], 8), ("deck", r["deck"].inflate(10, 10), 12)):
            level = self.pulses[name].level
            if level > 0:
                edge = theme.BLOOD if name == "damage" else theme.PANEL_EDGE
                colour = [round(a + (b - a) * level) for a, b in zip(edge, theme.CANDLE)]
                pygame.draw.rect(surface, colour, rect, 2 + round(3 * level), border_radius=radius)

    def _board_signature(self) -> tuple:
        """What the whole board shows: when it changes, every panel is painted again."""
        return id(self.app.current_settings()), current_language(), style.current(), id(self.background)

    def board_parts(self) -> list[Part]:
        """The table under the cards, panel by panel, each with the region it paints in and what it
        shows (its signature): Grimoire, counters, piles, keys, log, zones, buttons, prompt."""
        fonts, game, r = self.app.fonts, self.game, self.rects
        drops = self.legal_drop_zones()
        token_hot = bool(game.tokens) and r["tokens"].collidepoint(self.mouse) and self.modal is None \
            and game.outcome is None
        renderer = self.renderer
        dragging = self.drag["uid"] if self.drag and "uid" in self.drag else None
        over = self.drop_target(self.drag["pos"]) if self.drag else None

        def pile(name, zone, title, face_up, hint):
            cards = game.zone(zone)
            rect = r[name]
            region = rect.inflate(16, 16).union(pygame.Rect(rect.centerx - 110, rect.bottom, 220, 26))

            def paint(surface):
                panels.draw_pile(surface, fonts, renderer, rect, title, cards, face_up, 0, hint)
                self._draw_drop_pile(surface, name, drops, over)

            signature = (len(cards), cards[-1].card_id if cards else None, drops.get(name), over == name)
            return Part(name, region, signature, paint)

        set_aside = r["set_aside"]
        hand_title = _("Hand ({n} of {size})").format(n=len(game.zone("hand")), size=game.hand_size)
        buttons = [Part(f"button:{name}", button.rect.inflate(4, 4),
                        (button.label, button.enabled, button.hot, button.detail, button.rect.size,
                         name == "end_turn" and self.presenter.end_cost),
                        lambda surface, name=name: self._draw_button(surface, name))
                   for name, button in self.buttons.items()]
        return [
            Part("grimoire", r["grimoire"].union(r["tokens"]),
                 (game.hour, game.last_hour, game.tokens, game.outcome is None, token_hot),
                 lambda surface: panels.draw_grimoire(surface, fonts, r["grimoire"], r["tokens"], game, 0,
                                                      token_hot)),
            Part("power", r["power"], bool(drops.get("power")),  # its value: _draw_effects
                 lambda surface: panels.draw_counter(surface, fonts, r["power"], "flame", "", _("virtual power"),
                                                     theme.POWER, 1.0 if drops.get("power") else 0)),
            Part("damage", r["damage"], game.damage,
                 lambda surface: panels.draw_damage(surface, fonts, r["damage"], game.damage, 0)),
            pile("deck", "deck", _("Deck"), False, ""),
            pile("discard", "discard", _("Discard"), True, _("click to look")),
            pile("sacrifice", "sacrificed", _("Sacrificed"), True, _("click to look")),
            Part("set_aside", set_aside.inflate(16, 16).union(
                    pygame.Rect(set_aside.x - 8, set_aside.bottom, set_aside.w + 16, panels.SET_ASIDE_CAPTION_H + 2)),
                 (tuple(c.card_id for c in game.zone("set_aside")), game.hour),
                 lambda surface: panels.draw_set_aside(surface, fonts, renderer, set_aside, game, self.circle_id)),
            Part("keys", r["keys"], (), lambda surface: panels.draw_keys(surface, fonts, r["keys"])),
            Part("log", r["log"], (len(self.log.lines), self.log.lines[-1] if self.log.lines else "", self.log.scroll),
                 lambda surface: self.log.draw(surface, fonts, r["log"], _("What happened"))),
            Part("play", r["play"], (drops.get("play"), drops.get("play") is False and dragging, not game.zone("play")),
                 lambda surface: self._draw_zone_outline(surface, "play", drops, _("In play"),
                                                         _("release here to summon"))),
            Part("hand", r["hand"], drops.get("hand"),
                 lambda surface: self._draw_zone_outline(surface, "hand", drops, "", "")),
            Part("hand:title", self._zone_title_rect("hand", hand_title), hand_title,  # not the whole hand
                 lambda surface: self._draw_zone_title(surface, "hand", hand_title)),
            *buttons,
            Part("prompt", r["prompt"], (self.presenter.key(), self.hint_text(), self.message if self.message_time > 0
                                         else "", self.message_warn, self.none_button.hot,
                                         self.presenter.target_options() is not None),
                 self._draw_prompt),
        ]

    def _draw_zone_outline(self, surface, name, drops, title, drop_hint) -> None:
        rect = self.rects[name]
        legal = drops.get(name)
        if legal:
            surface.blit(self._tint(rect.size, 28), rect)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, rect, 4, border_radius=14)
            blit_text(surface, self.app.fonts.get("title", 24), drop_hint.upper(), theme.GLOW_LEGAL,
                      (rect.centerx, rect.bottom - 40), "midtop")
        elif legal is False:
            pygame.draw.rect(surface, theme.DISABLED, rect, 2, border_radius=14)
            reason = self.game.explain(Summon(self.drag["uid"])) if self.drag and "uid" in self.drag else ""
            blit_text(surface, self.app.fonts.get("italic", 22), _("Cannot summon now: {reason}").format(reason=reason),
                      theme.WARN, (rect.centerx, rect.bottom - 40), "midtop")
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=14)
        self._draw_zone_title(surface, name, title)
        if name == "play" and not self.game.zone("play"):
            blit_text(surface, self.app.fonts.get("italic", 24),
                      _("Drag a card from your hand here to summon it"), theme.TEXT_DIM, rect.center, "center")

    def _draw_zone_title(self, surface, name: str, title: str) -> None:
        blit_text(surface, self.app.fonts.get("title", 17), title, theme.TEXT_DIM, self._zone_title_rect(name, title))

    def _zone_title_rect(self, name: str, title: str) -> pygame.Rect:
        rect = self.rects[name]
        return render(self.app.fonts.get("title", 17), title, theme.TEXT_DIM).get_rect(topleft=(rect.x + 14, rect.y + 6))

    def _tint(self, size, alpha: int) -> pygame.Surface:
        """A translucent candle-glow rectangle, made once per size."""
        key = (size, alpha)
        tint = self._tints.get(key)
        if tint is None:
            tint = self._tints[key] = pygame.Surface(size, pygame.SRCALPHA)
            tint.fill((*theme.GLOW_LEGAL, alpha))
        return tint

    def _draw_drop_pile(self, surface, pile: str, drops, over) -> None:
        """While a card is held: whether it may be dropped on this pile (and the glow when over it)."""
        if pile not in drops:
            return
        verb = {"discard": N_("scrap"), "sacrifice": N_("sacrifice")}[pile]
        rect = self.rects[pile].inflate(12, 12)
        colour = theme.GLOW_LEGAL if drops[pile] else theme.DISABLED
        if drops[pile] and over == pile:
            surface.blit(self._tint(rect.size, 70), rect)
        pygame.draw.rect(surface, colour, rect, 5 if drops[pile] else 2, border_radius=12)
        label = (_("drop: {verb}") if drops[pile] else _("{verb}: not now")).format(verb=_(verb))
        tag = render(self.app.fonts.get("bold", 18), label, theme.INK)
        box = tag.get_rect(center=(rect.centerx, rect.centery + 20)).inflate(12, 6)
        pygame.draw.rect(surface, colour, box, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))

    def _sync_buttons(self) -> None:
        """The buttons' state from the engine's answers (asked once per game change)."""
        presenter = self.presenter
        end = self.buttons["end_turn"]
        reason = presenter.end_reason
        end.enabled = reason is None
        end.detail = without_rule_numbers(reason) if reason else presenter.end_turn_detail()
        self.buttons["undo"].enabled = presenter.can_undo()
        hint = self.buttons["hint"]
        hint.label = _("Hint: thinking…") if self.hints.thinking else _("Hint")
        hint.enabled = self.game.outcome is None and self.app.current_settings().show_hints
        if not self.app.current_settings().show_hints:
            hint.label = _("Hints off (Settings)")

    def _draw_button(self, surface, name: str) -> None:
        button = self.buttons[name]
        if name == "end_turn":
            button.draw(surface, self.app.fonts, size=36)
            if button.enabled and self.presenter.end_cost:
                draw_icon(surface, "damage", pygame.Rect(button.rect.x + 12, button.rect.bottom - 46, 34, 34),
                          theme.WARN)
        else:
            button.draw(surface, self.app.fonts, size=20)

    def disabled_tip(self) -> tuple[Button, str] | None:
        """The greyed button under the mouse (or the keyboard's focus) and why it is greyed."""
        if self.modal is not None:
            return None
        stop = self.focus.current() if self.focus.visible else None
        for name, button in self.buttons.items():
            if not button.enabled and (button.hit(self.mouse) or stop == ("button", name)):
                reason = self.presenter.disabled_reason(name)
                if reason:
                    return button, reason
        return None

    def _draw_disabled_reason(self, surface) -> None:
        tip = self.disabled_tip()
        if tip is not None:
            button, reason = tip
            font = self.app.fonts.get("body", 18)
            lines = wrap(font, reason, 360)
            box = pygame.Rect(0, 0, 380, len(lines) * font.get_linesize() + 14)
            box.bottomright = (button.rect.right, button.rect.top - 8)
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
            pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=8)
            blit_wrapped(surface, font, reason, theme.TEXT, box.inflate(-20, -14))

    def hand_title_rect(self) -> pygame.Rect:
        hand = self.rects["hand"]
        return pygame.Rect(hand.x, hand.y, 220, 24)

    def lift_of(self, uid: int, rect) -> int:
        """How far the card under the mouse rises: as far as HOVER_LIFT, but a hand card never over
        the hand's title."""
        if self.game.zone_of(uid) != "hand":
            return HOVER_LIFT
        title = self.hand_title_rect()
        lifted = pygame.Rect(rect).move(0, -HOVER_LIFT)
        if not lifted.colliderect(title):
            return HOVER_LIFT
        return max(0, min(HOVER_LIFT, round(rect.top) - title.bottom))

    def _tag_box(self, tag: pygame.Surface, ring: pygame.Rect) -> pygame.Rect:
        """A card's word tag ("choose", "hint: …"): just above its ring, clear of the line; below
        the ring when the zone's edge (or the screen's) leaves no room above."""
        box = tag.get_rect().inflate(16, 6)
        box.midbottom = (ring.centerx, ring.top - 3)
        zone = self.rects["play"] if ring.centery < self.rects["play"].bottom else self.rects["hand"]
        if box.top < zone.top + 2:
            box.midtop = (ring.centerx, ring.bottom + 3)
        return box

    def _hint_mark_boxes(self, rect: pygame.Rect, label: str, on_top: bool, margin: int):
        """(the ring, the tag's image, the tag's box) of a hint's mark around `rect`."""
        ring = pygame.Rect(rect).inflate(margin, margin)
        tag = render(self.app.fonts.get("bold", 18), label, theme.INK)
        if on_top:
            box = self._tag_box(tag, ring)
        else:
            box = tag.get_rect().inflate(16, 6)
            box.center = (ring.centerx, ring.bottom)
        box.clamp_ip(pygame.Rect((0, 0), theme.LOGICAL_SIZE))
        return ring, tag, box

    def _hint_mark_region(self, rect: pygame.Rect, label: str, on_top: bool, margin: int) -> pygame.Rect:
        ring, _tag, box = self._hint_mark_boxes(rect, label, on_top, margin)
        return ring.union(box)

    def _draw_hint_mark(self, surface, rect: pygame.Rect, label: str, on_top: bool = True,
                        margin: int = 20) -> None:
        """The hinted card or place: a blue ring and a tag in words naming the action (never colour
        alone). The tag sits on the ring's top line (a card) or bottom line (a panel, whose top
        touches other panels), and always on the screen."""
        ring, tag, box = self._hint_mark_boxes(rect, label, on_top, margin)
        pygame.draw.rect(surface, theme.POWER, ring, 5, border_radius=16)
        pygame.draw.rect(surface, theme.POWER, box, border_radius=6)
        pygame.draw.rect(surface, theme.INK, box, 1, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))

    def hint_text(self) -> str:
        if self.hints.thinking:
            return _("Hint: thinking…")
        hint = self.hints.current()
        return hint.text if hint else ""

    def _draw_prompt(self, surface) -> None:
        rect = self.rects["prompt"]
        pending = self.game.pending
        hint = self.hint_text()
        none = self.presenter.none_offered()
        reserve = self.none_button.rect.w + 16 if none else 0
        if hint and not (self.message_time > 0 and self.message):
            panels.draw_prompt(surface, self.app.fonts, rect, hint, False, True, reserve)
            if none:
                self.none_button.rect.midright = (rect.right - 8, rect.centery)
                self.none_button.draw(surface, self.app.fonts, size=20, role="body")
            return
        if pending is not None and self.presenter.target_options() is not None:
            panels.draw_prompt(surface, self.app.fonts, rect, pending.prompt + "  " + _("(click a glowing card)"),
                               False, True, reserve)
            if none:
                self.none_button.rect.midright = (rect.right - 8, rect.centery)
                self.none_button.draw(surface, self.app.fonts, size=20, role="body")
            return
        if self.message_time > 0 and self.message:
            panels.draw_prompt(surface, self.app.fonts, rect, self.message, self.message_warn, False)
            return
        if self.game.interference_in_hand():
            panels.draw_prompt(surface, self.app.fonts, rect,
                               _("Interference in your hand must be summoned first: raise power, then "
                                 "drag it into play."), True, False)
        elif self.presenter.hour_warning():
            panels.draw_prompt(surface, self.app.fonts, rect, self.presenter.hour_warning(), True, False)

    def _card_marks(self) -> tuple[dict, dict, int | None]:
        """(the cards to choose from, the cards that cannot be used now, the hinted card)."""
        mark = self.hints.highlight()
        return (self.presenter.target_options() or {}, self.presenter.unusable,
                mark[1] if mark and mark[0] == "card" else None)

    def _card_order(self) -> list[int]:
        """The cards of play and hand in drawing order: the one under the mouse on top."""
        order = [c.uid for c in self.game.zone("play")] + [c.uid for c in self.game.zone("hand")]
        if self.hover_uid in order:
            order.remove(self.hover_uid)
            order.append(self.hover_uid)
        return order

    def _draw_cards(self, surface, only: str | None = None) -> None:
        """The cards of the hand and play (and those flying to a pile); `only="moving"`: all but
        those lying still in their slots (`_still_parts` draws them)."""
        targets, unusable, hinted = self._card_marks()
        dragging = self.drag["uid"] if self.drag and "uid" in self.drag else None
        hinted_rect = None
        for sprite, card_id in self.ghosts:  # a card waiting its turn to leave is shown where it is
            if card_id is None:
                surface.blit(self.renderer.back(sprite.base_width), sprite.rect)
            else:
                surface.blit(self.renderer.face_scaled(card_id, sprite.base_width, sprite.rect.size), sprite.rect)
        for uid in self._card_order():
            if uid == dragging or uid not in self.sprites or (only == "moving" and self._still(uid)):
                continue
            sprite = self.sprites[uid]
            rect = pygame.FRect(sprite.rect)
            if uid == self.hover_uid and not sprite.moving:
                rect.y -= self.lift_of(uid, rect)
                shadow = pygame.Rect(rect).move(8, 14)
                pygame.draw.rect(surface, (8, 5, 4), shadow, border_radius=10)
            if sprite.delay > 0:
                continue  # not yet left its pile
            self._draw_card(surface, uid, rect, targets, unusable, hinted)
            if uid == hinted:
                hinted_rect = pygame.Rect(rect)
        if hinted_rect is not None:  # over its neighbours, as tight as a target's ring
            self._draw_hint_mark(surface, hinted_rect, self.hints.tag(), margin=12)
        if dragging is not None:
            sprite = self.sprites[dragging]
            rect = self._drag_rect(self.drag, sprite)
            pygame.draw.rect(surface, (8, 5, 4), pygame.Rect(rect).move(14, 20), border_radius=10)
            surface.blit(self.renderer.face(self.game.card(dragging).card_id, round(rect.w)), rect)  # a resting size
        elif self.drag and "token" in self.drag:
            x, y = self.drag["pos"]
            pygame.draw.circle(surface, theme.POWER, (x, y), 26)
            draw_icon(surface, "token", pygame.Rect(x - 20, y - 20, 40, 40), theme.INK)

    def _draw_card(self, surface, uid: int, rect, targets, unusable, hinted) -> pygame.Rect:
        """One card of hand or play with its marks: dimmed, to choose, interference; returns the
        rectangle it may have drawn in."""
        card_id = self.game.card(uid).card_id
        sprite = self.sprites[uid]
        surface.blit(self.renderer.face_scaled(card_id, sprite.base_width, rect.size), rect)
        drawn = pygame.Rect(rect).inflate(14, 14)
        if (uid not in targets if targets else unusable.get(uid) is not None) and uid != hinted:
            surface.blit(self._veil(rect.size), rect)  # cannot be used now: dimmed (why: on hover)
        if uid in targets and uid != hinted:  # the hinted target gets the hint's ring and words
            ring = pygame.Rect(rect).inflate(12, 12)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, ring, 5, border_radius=14)
            tag = render(self.app.fonts.get("bold", 18), _("choose"), theme.INK)
            box = self._tag_box(tag, ring)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, box, border_radius=6)
            surface.blit(tag, tag.get_rect(center=box.center))
            drawn.union_ip(box)
        elif self.game.cards[card_id].is_interference and self.game.zone_of(uid) == "hand":
            pygame.draw.rect(surface, theme.WARN, pygame.Rect(rect).inflate(10, 10), 4, border_radius=14)
        return drawn

    def _still_parts(self) -> list[Part]:
        """The cards lying still in their slots, over the board, each a part of the cached picture
        (with the hint's ring on a zone under them and on a card over them)."""
        targets, unusable, hinted = self._card_marks()
        parts = []
        mark = self.hints.highlight()
        if mark and mark[0] == "zone" and mark[1] in self.rects:
            zone = self.rects[mark[1]]
            parts.append(Part("hint:zone", self._hint_mark_region(zone, self.hints.tag(), False, 20),
                              (mark, self.hints.tag()), self._draw_zone_hint))
        hinted_rect = None
        for uid in self._card_order():
            if uid not in self.sprites or not self._still(uid):
                continue
            rect = pygame.FRect(self.sprites[uid].rect)
            region = pygame.Rect(rect).inflate(14, 14)
            if uid in targets and uid != hinted:
                region.union_ip(self._tag_box(render(self.app.fonts.get("bold", 18), _("choose"), theme.INK),
                                              pygame.Rect(rect).inflate(12, 12)))
            signature = (tuple(rect), self.game.card(uid).card_id, self.game.zone_of(uid), bool(targets),
                         uid in targets, uid in unusable, uid == hinted)
            parts.append(Part(f"card:{uid}", region, signature,
                              lambda surface, uid=uid, rect=rect: self._draw_card(surface, uid, rect, targets,
                                                                                  unusable, hinted)))
            if uid == hinted:
                hinted_rect = pygame.Rect(rect)
        if hinted_rect is not None:
            tag = self.hints.tag()
            parts.append(Part("hint:card", self._hint_mark_region(hinted_rect, tag, True, 12),
                              (tuple(hinted_rect), tag),
                              lambda surface: self._draw_hint_mark(surface, hinted_rect, tag, margin=12)))
        return parts

    def _draw_big(self, surface, uid: int) -> None:
        face = self.renderer.face(self.game.card(uid).card_id, BIG_W)
        rect = face.get_rect(center=(960, 520))
        darken_around(surface, rect, 150, radius=BIG_W // 16)  # not under the face: it is opaque there
        surface.blit(face, rect)
        words = render(self.app.fonts.get("italic", 20), _("click or Esc to close"), theme.TEXT)
        box = words.get_rect(midbottom=(rect.centerx, rect.top - 10)).inflate(20, 8)  # above it, clear of the hand
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        surface.blit(words, words.get_rect(center=box.center))
