"""The table: draws the game from the engine's state and turns gestures into commands.

Every gesture becomes one engine command (Summon, Activate, Choose, TakeToken, EndTurn). The
table asks the engine whether it is legal (`explain`) and shows the answer; it never decides a
rule itself. Moves are animated from the engine's `moved` events; the state is already ahead, so
input is never blocked by an animation.
"""

from __future__ import annotations

from functools import partial

import pygame

from aleph_null_desktop.engine import EndTurn, IllegalCommand, Outcome, TakeToken
from aleph_null_desktop.engine.cards import ROMAN, circles
from aleph_null_desktop.i18n import Deferred, _, later
from aleph_null_desktop.ui.grimoire import TableGrimoire, table_page_rect
from aleph_null_desktop.ui.render.card_renderer import CardRenderer
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.table import panels, spoken
from aleph_null_desktop.ui.table.arrange import hand_word_scales, zone_rects
from aleph_null_desktop.ui.table.controls import TableControls
from aleph_null_desktop.ui.table.face_warmer import FaceWarmer
from aleph_null_desktop.ui.table.focus import TableFocus
from aleph_null_desktop.ui.table.hints import HintKeeper
from aleph_null_desktop.ui.table.log_panel import LogPanel, event_lines, replayed_lines
from aleph_null_desktop.ui.table.motion import TableMotion
from aleph_null_desktop.ui.table.overlays import ChoicePicker, ConfirmDialog, InterferenceSpotlight
from aleph_null_desktop.ui.table.painting import Moment, TablePainter
from aleph_null_desktop.ui.table.presenter import TablePresenter
from aleph_null_desktop.ui.table.sprites import TableCards
from aleph_null_desktop.ui.table.view import TableVerbs, TableView
from aleph_null_desktop.ui.table.wording import HOUR_WARNING, without_rule_numbers, would_lose
from aleph_null_desktop.ui.widgets.button import Button

JUDGEMENT_DELAY = 1.4
MESSAGE_SECONDS = 5.0
HINT_POLL_SECONDS = 0.05  # while the AI thinks of a hint, the table looks this often whether it is done


class TableScene(Scene):
    """The commands and their consequences (log, motion, sounds, prompts), the panels over the
    table, the scene's lifecycle and clocks. Its TableControls (ui.table.controls) turn input into
    commands, what it shows of the position is its TablePresenter, its cards' sprites are
    TableCards' (ui.table.sprites) and its TablePainter draws it."""

    counts = True  # autosaved and counted in the statistics (a lesson is not)
    uses_keymap = True  # the player's keys for the table's actions apply here (ui.keys)

    def __init__(self, app, game, circle_id: str) -> None:
        super().__init__(app)
        self.game = game
        self.circle_id = circle_id
        self.rects = zone_rects(app.layout)
        self.renderer = panels.keep_pile_feet_clear(CardRenderer(game.cards, app.fonts), self.rects)
        self.renderer.grow_words(hand_word_scales(self.rects["hand"]))  # a full hand's words at the UI scale
        self.warmer = FaceWarmer(self.renderer)
        self.presenter = self.make_presenter(game)
        self.log = LogPanel()
        self.view = TableView(self.presenter, app, self.renderer, submit=self.submit, say=self.say,
                              add_to_log=self.log.add, commands_applied=lambda: len(self.applied),
                              open_panel=lambda panel: setattr(self, "modal", panel))  # what the panels over the table and the hints see
        self.cards = TableCards(game, self.rects)
        self.sprites, self.ghosts, self.motions = self.cards.sprites, self.cards.ghosts, self.cards.motions
        self.modal = None
        self.message = ""
        self.message_warn = False
        self.message_time = 0.0
        self.motion = TableMotion(game)  # ticking numbers, shakes, tokens, the Hour's banner, the circle
        self.pulses = self.motion.pulses
        self.grimoire = TableGrimoire(app, table_page_rect(self.rects["grimoire"], self.rects["tokens"]),
                                      game, circle_id)  # turns its page on "hour" and "game_over"
        self.judgement_timer: float | None = None
        self.applied: list = []  # every command the engine accepted, in order
        self.hints = self.view.hints = HintKeeper(self.view)
        self.spotlit: set[int] = set()
        self.buttons = {
            "end_turn": Button(self.rects["end_turn"], "", on_click=self.end_turn_gesture, key_hint="Space"),
            "undo": Button(self.rects["undo"], "", on_click=self.undo, key_hint="Ctrl+Z"),
            "menu": Button(self.rects["menu"], "", on_click=self.app.pause, key_hint="Esc"),
            "hint": Button(self.rects.get("hint", pygame.Rect(1612, 672, 284, 56)), "",
                           on_click=self.hints.request, key_hint="H"),
        }
        self.none_button = Button(pygame.Rect(0, 0, 250, 44), "", on_click=lambda: self.controls.intents.choose_none())
        self._name_buttons()
        self.focus = TableFocus(self.presenter, self.rects, self.buttons, self.none_button, card_rect=self.cards.resting_rect,
                                lift=lambda uid, rect: self.painter.lift_of(uid, rect) if uid == self.controls.hover_uid else 0)
        self.painter = TablePainter(self.presenter, app.fonts, self.renderer, self.rects, log=self.log,
                                    buttons=self.buttons, none_button=self.none_button, motion=self.motion,
                                    grimoire=self.grimoire, hints=self.hints, hint_text=self.view.hint_text,
                                    focus=self.focus, circle_id=circle_id)
        self.focus.keep_clear.append(self.painter.hand_title_rect())
        verbs = TableVerbs(submit=self.submit, say=self.say, undo=self.undo, end_turn=self.end_turn_gesture,
                           take_token=lambda: self.submit(TakeToken()), request_hint=lambda: self.hints.request(),
                           panel=lambda: self.modal, open_panel=self.view.open_panel,
                           close_stale_panel=self.close_stale_panel, judgement_now=lambda: setattr(self, "judgement_timer", 0.0))
        self.controls = TableControls(app, self.view, self.cards, self.rects, focus=self.focus, buttons=self.buttons,
                                      none_button=self.none_button, log=self.log, grimoire=self.grimoire, verbs=verbs)
        circle = circles().get(circle_id)
        circle_name = Deferred(lambda: circle.name) if circle else circle_id
        if game.history:  # a resumed ritual (Continue): its log as it was, from its moves
            self.log.add(later("A new ritual in the {circle}.", circle=circle_name))
            for line in replayed_lines(game) or []:
                self.log.add(line)
        self.log.on_add = self.app.speak  # every line from now on is spoken (with speech on)
        self._spoken_modal = self._spoken_pending = None  # the open panel, the decision last spoken
        if game.history:
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
        """Sends one command to the engine; says why when it is refused. The engine's own object
        for the command is what is applied (legal_commands is asked once per position, and apply
        does not ask again). Moves that lose the game at once (R7.8) need the player's
        confirmation: they are carried out on a copy, which becomes the game unless it lost."""
        offered = self.game.offered(cmd)
        if offered is None:
            self.say(self.game.explain(cmd) or "", warn=True)
            return False
        try:
            if not confirmed and self.app.current_settings().confirm_losing_moves:
                result = self.game.apply_unless_lost(offered)
                if isinstance(result, Outcome):
                    self.modal = ConfirmDialog(self.view, _("This would end the ritual"),
                                               _("{loss} Do it anyway?").format(loss=would_lose(result)),
                                               _("Do it"), lambda: self.submit(cmd, confirmed=True),
                                               no=_("No, go back"))
                    return False
                events = result
            else:
                events = self.game.apply(offered)
        except IllegalCommand as exc:
            self.say(str(exc), warn=True)
            return False
        self.applied.append(offered)
        self.presenter.changed()
        self.say("")
        self._after(events)
        if self.counts:
            self.app.game_changed(self.game, self.circle_id)
        return True

    def _after(self, events) -> None:
        self.fast_forward()  # what is still moving from the last command lands at once
        speed = self.speed
        self.motion.calm = calm = self.calm
        moves, sounds = {}, []
        slots = partial(panels.token_slots, self.rects["tokens"])
        consumed = [e.data["uid"] for e in events if e.kind == "moved" and e.data.get("why") == "baphomet"]
        for line in event_lines(events, self.game.cards):
            self.log.add(line)
        for event in events:
            kind, data = event.kind, event.data
            sounds.append(self.motion.follow(event, speed, self.grimoire.rect.center, slots))
            if kind == "moved":
                moves[data["uid"]] = data["from"]
                sounds.append("sacrifice" if data["to"] == "sacrificed" else "card_move")
                if data["from"] not in ("hand", "play") and data["to"] not in ("hand", "play"):
                    self.cards.fly(data["uid"], data["from"], data["to"], speed, face_up=data["to"] != "deck")
            elif kind == "shuffled":
                stagger = 0.0 if calm else 0.03  # less motion: the pile moves as one
                for i, uid in enumerate(data.get("uids", ())):  # the discard pile gathered into the deck
                    if self.cards.last_zone.get(uid) == "discard":
                        self.cards.fly(uid, "discard", "deck", speed, face_up=False, delay=min(0.4, stagger * i))
            elif kind == "hour":
                self.app.hour_music(data["hour"])
                self.painter.hour.start()  # its banner first, over the table as it was (ui.table.hour_change)
            elif kind == "game_over":
                moment = self.motion.summoning(self.rects["play"].center, speed) if consumed else 0.0
                self.judgement_timer = max(JUDGEMENT_DELAY, moment + 0.4)
        for name in dict.fromkeys(filter(None, sounds)):  # each kind of sound once per command
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
        if preview.total and not self.presenter.loses(cmd):
            self.modal = ConfirmDialog(
                self.view, _("End the turn?"),
                _("Ending now costs {summary}; you would have {total} of 3 damage.").format(
                    summary=preview.summary(), total=self.game.damage + preview.total),
                _("End turn: take {n} damage").format(n=preview.total), lambda: self.submit(cmd))
            return
        self.submit(cmd)

    def say(self, text: str, warn: bool = False) -> None:
        """A line in the prompt bar for a few seconds (spoken too, with speech on)."""
        self.message, self.message_warn, self.message_time = without_rule_numbers(text), warn, MESSAGE_SECONDS
        if self.message:
            self.app.speak(self.message)

    # ------------------------------------------------------------------ decisions
    def _sync_prompts(self) -> None:
        """Opens the picker for a decision off the table, or the spotlight for new interference."""
        if self.game.outcome is not None or self.modal is not None:
            return
        pending = self.game.pending
        if pending is not None:
            if self.presenter.target_options() is None:
                self.modal = ChoicePicker(self.view, pending)
            return
        for inst in self.game.zone("hand"):
            carddef = self.game.cards[inst.card_id]
            if carddef.is_interference and inst.uid not in self.spotlit:
                self.spotlit.add(inst.uid)
                self.modal = InterferenceSpotlight(self.view, inst.uid)
                return

    def close_stale_panel(self) -> None:
        """A panel that was answered, or whose question no longer applies, goes; the next waiting
        decision (if any) is shown."""
        modal = self.modal
        if modal is not None and (modal.done or self.game.outcome is not None or not modal.applies()):
            self.modal = None
            self._sync_prompts()

    def _refresh_sprites(self, moves: dict[int, str], instant: bool = False, into_circle=()) -> None:
        self.cards.refresh(moves, 0.0 if instant else self.speed, self.calm, into_circle)
        self.controls.let_go_of_moved_card()

    def _sync_buttons(self) -> None:
        """The buttons' state from the engine's answers (asked once per game change)."""
        presenter, buttons = self.presenter, self.buttons
        end, undo, hint = buttons["end_turn"], buttons["undo"], buttons["hint"]
        end.enabled = presenter.end_reason is None
        end.detail = without_rule_numbers(presenter.end_reason) if presenter.end_reason else presenter.end_turn_detail()
        undo.enabled, undo.detail = presenter.can_undo(), presenter.undo_detail()
        undo.key_hint = "" if undo.detail else "Ctrl+Z"  # greyed, it says why where its shortcut's badge was
        shown = self.app.current_settings().show_hints
        hint.label = (_("Hint: thinking…") if self.hints.thinking else _("Hint")) if shown else _("Hints off (Settings)")
        hint.enabled = self.game.outcome is None and shown
        hint.detail = _("again: the whole plan") if self.hints.current() is not None and shown else ""

    def _name_buttons(self) -> None:
        """The buttons' words in the current language (again after a switch)."""
        for name, label in (("end_turn", _("End turn")), ("undo", _("Undo")), ("menu", _("Menu")),
                            ("hint", _("Hint"))):
            self.buttons[name].label = label
        self.none_button.label = _("Choose none")

    def restyle(self) -> None:
        """Settings changed the look or the language: the background again, the buttons' words,
        the zones and every card in its slot at the new size."""
        self.rects.update(zone_rects(self.app.layout))  # (in place: the table's parts hold this dict)
        self.renderer.grow_words(hand_word_scales(self.rects["hand"]))
        self._name_buttons()
        if isinstance(self.modal, ChoicePicker):  # its captions and buttons laid out in the new words
            self.modal = ChoicePicker(self.view, self.modal.decision, self.modal.numbers)
        self.grimoire.restyle()
        self.painter.restyle()
        self._refresh_sprites({}, instant=True)

    def on_cover(self) -> None:
        """Another scene hides the table (the Grimoire, settings, statistics, the pause menu)."""
        self.painter.release()

    def on_uncover(self) -> None:
        """The screen holds what another scene drew: the next frame shows the table whole again."""
        self.painter.forget_screen()

    def add_to_log(self, text) -> bool:
        self.log.add(text)
        return True

    @property
    def speed(self) -> float:
        """The player's animation speed (settings): 1 normal, 2 fast, 0 instant (nothing moves)."""
        return float(self.app.animation_speed)

    @property
    def calm(self) -> bool:
        """Less motion (settings or the desktop): the same banners and moves, quick and still."""
        return bool(getattr(self.app, "calm_motion", False))

    def fast_forward(self) -> None:
        """Every running motion jumps to its end: a new command never waits for the last one's."""
        self.painter.command_frame = True  # (its own frame leaves the screen as it is: ui.table.painting)
        self.cards.finish()
        self.motion.finish()

    # ------------------------------------------------------------------ update
    def handle_event(self, event) -> bool:
        return self.controls.handle_event(event)

    def update(self, dt: float) -> None:
        self.log.next_frame(hold=self.cards.moving)
        self.painter.lag.next_frame()
        self.motion.update(0.0 if self.painter.hour.still else dt, self.speed)  # (a panel opens over the Hour)
        self.controls.update(dt)
        moving = 0.0 if self.painter.hour.holding or self.painter.command_frame else dt  # (the Hour's board, a command's frame)
        self.cards.update(moving)
        if self.speed <= 0 or self.calm:  # instant or less motion: the Grimoire is at its new page at once
            while self.grimoire.turning:
                self.grimoire.update(60.0)
        else:
            self.grimoire.update(self.app.motion_dt(moving))
        self.hints.update()
        self.message_time = max(0.0, self.message_time - dt)
        if self.modal is not None:
            self.modal.update(dt)
            self.close_stale_panel()
        self._speak_new_panel()
        if self.judgement_timer is not None:
            self.judgement_timer -= dt
            if self.judgement_timer <= 0:
                self.judgement_timer = None
                self.app.show_judgement(self.game, self.circle_id)

    def _speak_new_panel(self) -> None:
        """A panel that opened (a choice, a question, a card's actions) is spoken once; a decision
        chosen on the table itself is spoken when it is posed."""
        if self.modal is not self._spoken_modal:
            self._spoken_modal = self.modal
            if self.modal is not None:
                self.app.speak(partial(spoken.modal_words, self.modal))
        pending = self.game.pending
        if pending is not self._spoken_pending:
            self._spoken_pending = pending
            if pending is not None and self.modal is None and self.presenter.target_options() is not None:
                self.app.speak(partial(spoken.pending_words, self.game))

    def next_change(self) -> float | None:
        """Frames while anything moves, the mouse rests on a card before it is read large (its
        large face is drawn ahead meanwhile) or the table under an open panel is painted late; then
        the end of the prompt's message, the Judgement's delay, or a look for the hint the AI is thinking of."""
        if (self.motion.active or self.cards.moving or self.grimoire.turning
                or self.motion.glowing or self.painter.behind() or self.painter.lag.held or self.log.hidden()
                or self.controls.settling()):
            return 0.0
        timers = [HINT_POLL_SECONDS if self.hints.job is not None else None,
                  self.message_time if self.message_time > 0 else None, self.judgement_timer]
        timers = [t for t in timers if t is not None]
        return max(0.0, min(timers)) if timers else None

    def draw(self, surface: pygame.Surface) -> None:
        """The board layer (redrawn only when it changed), then what moves. When nothing at all
        changed since the last frame and nothing else drew over it, the screen is left as it is.
        A frame that cost next to nothing draws one face the table may soon show."""
        self._sync_buttons()
        self.kept_screen = not self.painter.draw(surface, self.moment())
        self.drawn_region = self.painter.drawn  # only these go to the window (App.present)
        self.warmer.warm(self.presenter, self.rects, (self.controls.hover_uid, self.controls.hover_time),
                         self.app.frame_started, presented=not self.kept_screen, on_top=self.app.stack.top is self)

    def moment(self) -> Moment:
        """What the player is doing now, for the painter."""
        app = self.app
        return Moment(on_top=app.stack.shows(self) and not app.error_time and not app.toast_time,
                      settings=app.current_settings(),
                      sprites=self.sprites, ghosts=self.ghosts, modal=self.modal,
                      message=self.message if self.message_time > 0 else "", warn=self.message_warn,
                      **self.controls.seen())
