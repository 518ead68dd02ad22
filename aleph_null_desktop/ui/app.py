"""The window and the scene loop. `run()` opens the game; `App` is what every scene talks to."""

from __future__ import annotations

import dataclasses
import logging
import os
import random
import time
import traceback
import warnings

import pygame

from aleph_null_desktop import i18n
from aleph_null_desktop.i18n import Deferred, Joined, _, later
from aleph_null_desktop.layout import load_layout
from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.speech import Speaker
from aleph_null_desktop.storage.said_once import SaidOnce
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.button_focus import ButtonFocus
from aleph_null_desktop.ui.desktop_motion import DesktopMotionHint
from aleph_null_desktop.ui.display_mode import DisplayMode, fit_window_to_desktop, headless
from aleph_null_desktop.ui.render import memory
from aleph_null_desktop.ui.frame_loop import FrameLoop
from aleph_null_desktop.ui.gamepad import CONTROLLER_EVENTS, Gamepads
from aleph_null_desktop.ui.grimoire.warmer import REST_GAP as WARM_REST_GAP, BookWarmer
from aleph_null_desktop.ui.keys import remap
from aleph_null_desktop.ui.render.fonts import Fonts
from aleph_null_desktop.ui.render.text import blit_wrapped
from aleph_null_desktop.ui.scenes.stack import SceneStack
from aleph_null_desktop.ui.window_present import PRESENTER

log = logging.getLogger(__name__)

ERROR_SECONDS = 8.0
TOAST_SECONDS = 5.0
INSTANT_SECONDS = 1e6  # an "instant" animation step: longer than any animation
TRIM_SECONDS = 5.0  # freed memory goes back to the system this often (ui.render.memory)
RELEASE_GAP_SECONDS = 0.5  # memory is released this long after the last scene was left (scenes left in
# quick succession are collected together; the frame that leaves a scene does not pay for it too) …
RELEASE_WAIT_SECONDS = 5.0  # … on a frame after which nothing moves, or a rest (a collection cost a frame
# of motion 3.3-4.7 ms); if none came, on any frame this much later. The same for the periodic trim
# the window showed again, or changed size: what it shows is presented again even if nothing was drawn
WINDOW_SHOWN_AGAIN = frozenset((pygame.VIDEOEXPOSE, pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                                pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESTORED,
                                pygame.WINDOWMAXIMIZED, pygame.WINDOWDISPLAYCHANGED))
# the renderer lost its textures (a graphics driver reset): the window's texture is made again
RENDERER_RESET = frozenset((pygame.RENDER_TARGETS_RESET, pygame.RENDER_DEVICE_RESET))
ERRORS_BEFORE_RESET = 30  # the same scene failing frame after frame: go back to the title
MAX_REGIONS = 64  # more regions changed between two presents (frames not presented): the whole screen


class App:
    """Holds the screen, fonts, layout and scene stack; `step()` runs one frame."""

    def __init__(self, screen: pygame.Surface, seed: int | None = None) -> None:
        memory.limit_heap()
        memory.set_aside_startup()
        self.screen = screen
        self.rng = random.Random(seed)  # seeds of new rituals; fixed in tests and the smoke test
        self.fonts = Fonts()
        self.table_layout = load_layout(asset_path("layouts", "table.tmx"))  # as drawn at 100 %
        self._layout = (None, self.table_layout)  # (the style it was fitted to, the layout)
        self.stack = SceneStack(on_left=self._scene_left)
        self.running = True
        self.key_in_hand: int | None = None  # the key of the KEYDOWN being handled
        self.error_message = ""  # the warning shown at the top: a text, or an i18n.Message shown in the language of the moment
        self.error_time = 0.0
        self.toast_message, self.toast_time = "", 0.0  # a quiet line at the top of the screen (toast)
        self._errors_in_a_row = 0
        self._trim_clock = 0.0
        self._left_unreleased = False  # a scene was left since memory was last released
        self._release_clock = 0.0  # seconds since the last scene was left
        self.failed_frames = 0  # frames the top-level guard caught (tests and bench/stress.py read it)
        self.last_failure = ""  # the traceback of the latest one
        self.audio = None  # an audio.AudioSystem when run() found one; None: silent
        self.persist = False  # run() turns on the autosave and statistics; tests leave it off
        self.settings_said = SaidOnce()  # a refused save of the settings, of the statistics: said once
        self.stats_said = SaidOnce()  # per cause until a save works again
        self.autosave = None  # a storage AutosaveWriter once persist is on (made at the first move)
        self.settings = None  # storage.Settings once start_session() loaded them (defaults until then)
        self._notices: list = []  # startup lines (audio status, storage repairs): title and table log
        self._unlogged: list = []  # notices not yet in a table's log
        self.display_mode = DisplayMode()
        self.desktop_motion = DesktopMotionHint()  # asked by run(); tests set .value
        self.speaker = Speaker()  # speech for screen-reader users (Settings → Speech); tests put a recorder here
        self._speaking = False  # the speech setting as last applied
        self.first_start = False  # start_session found no settings: the lesson is offered
        self.hint_function = None  # tests replace the hint AI here; None: aleph_null_desktop.ai.hint
        self._held: list[pygame.event.Event] = []  # input the frame loop took while it waited (hold())
        self._redraw = True  # something changed outside a frame: the next one is drawn (request_frame())
        self._drawn_stack: tuple = ()  # the scenes of the last frame: a change of scene is drawn
        self._present_due = True  # the screen holds a picture the window does not show yet (present())
        self._changed: list[pygame.Rect] | None = None  # where the screen changed since the last present; None: anywhere
        self.frame_started = time.thread_time()  # CPU time at the start of the frame (the face warmer's budget)
        self.gamepads = Gamepads()  # controllers become keys (ui.gamepad); tests replace its opener
        self.book_warmer = BookWarmer(self)  # the Grimoire's first opening, made ahead on quiet frames and rests
        self.button_focus = ButtonFocus()  # arrows and Enter over the buttons of a screen without a focus
        style.apply(self.current_settings())  # the default look until start_session() reads the player's
        prompts.set_bindings(self.current_settings().key_bindings())  # and the default keys, named as keys
        prompts.use_pad(False)
        prompts.pad_named("")

    # ------------------------------------------------------------------ navigation
    def show_title(self) -> None:
        from aleph_null_desktop.ui.scenes.title import TitleScene

        self.flush_autosave()  # the title asks whether there is a ritual to continue
        self.stack.replace_all(TitleScene(self))

    def new_ritual(self, circle_id: str, seed: int | None = None) -> None:
        from aleph_null_desktop.engine import new_game
        from aleph_null_desktop.ui.table.scene import TableScene

        from aleph_null_desktop.rituals.code import new_deal

        game = new_game(seed=new_deal(self.rng) if seed is None else seed, circle=circle_id)
        self.stack.replace_all(TableScene(self, game, circle_id))

    def start_daily(self) -> None:
        """Today's daily ritual: the first start of the day is its counted attempt, later ones are
        practice (said in the log)."""
        from aleph_null_desktop.engine import new_game
        from aleph_null_desktop.rituals import daily

        day = daily.today()
        code = daily.daily_code(day)
        counted, messages = True, []
        if self.persist:
            from aleph_null_desktop.storage.daily import start_attempt

            counted, messages = start_attempt(day, str(code))
        game = new_game(seed=code.deal, circle=code.circle)
        game.options[daily.DAILY_OPTION] = day.isoformat()
        if not counted:
            game.options[daily.PRACTICE_OPTION] = True
        self.play(game, code.circle)
        table_log = getattr(self.stack.top, "log", None)
        if hasattr(table_log, "add"):
            table_log.add(later("The daily ritual of {date}: the same deal for every player today.",
                                date=day.isoformat()))
            if not counted:
                table_log.add(later("Practice: today's one counted attempt is already played; this one is not counted."))
        if messages:
            self.report(Joined(messages))

    def play(self, game, circle_id: str) -> None:
        """Opens the table on an existing game (a scenario, a resumed save)."""
        from aleph_null_desktop.ui.table.scene import TableScene

        self.stack.replace_all(TableScene(self, game, circle_id))

    def show_judgement(self, game, circle_id: str) -> None:
        from aleph_null_desktop.ui.scenes.judgement import JudgementScene

        self.stack.replace_all(JudgementScene(self, game, circle_id))

    def pause(self) -> None:
        from aleph_null_desktop.ui.scenes.pause import PauseScene

        self.stack.push(PauseScene(self))

    def quit(self) -> None:
        self.running = False

    def continue_game(self) -> bool:
        """Title → Continue: the autosaved ritual, replayed to exactly where it was left. When the
        save cannot be used the storage's messages are shown and the title comes back."""
        from aleph_null_desktop import storage
        from aleph_null_desktop.cardpacks import pack_name

        self.flush_autosave()
        record, messages = storage.load_autosave()
        game = None
        if record is not None:
            game, more = storage.resume_game(record)
            messages = messages + more
        if game is None:
            self.report(Joined(messages) if messages else later("There is no saved ritual to continue."))
            self.show_title()
            return False
        self.play(game, record["circle"])  # the table rebuilds its log from the replayed moves
        if pack_name(game):
            self.stack.top.add_to_log(later("Card pack: {name}.", name=Deferred(lambda: pack_name(game))))
        if messages:
            self.report(Joined(messages))
        return True

    # ------------------------------------------------------------------ settings and startup
    def start_session(self) -> None:
        """At startup: load the settings, apply them to the audio, and show the audio status and
        any storage messages (a repaired or set-aside file) to the player. Never raises."""
        from aleph_null_desktop import storage
        from aleph_null_desktop.storage.os_reason import said_later

        first_start = self.first_start = not _settings_exist()
        if self.persist:
            removed = storage.remove_temporaries()  # what killed writes left, before anything writes
            if removed:
                log.info("%d temporary file(s) left by a killed write removed", removed)
        try:
            settings, messages = storage.load_settings()
        except Exception as exc:  # storage promises not to raise; a bug there must not stop the game
            log.error("settings could not be loaded:\n%s", traceback.format_exc())
            settings, messages = storage.Settings(), [later("The settings could not be read ({why}); defaults are used",
                                                            why=said_later(exc))]
        if self.persist and first_start:  # no settings yet: speak the system's language
            settings = dataclasses.replace(settings, language=i18n.system_language())
            messages.extend(self.settings_said.news(storage.save_settings(settings)))
        self.settings = settings
        messages.extend(self._apply_settings())
        if self.audio is not None:
            status = getattr(self.audio, "player_status", None) or getattr(self.audio, "status_message", "")
            if status and not getattr(self.audio, "available", True):
                # silence is not an error: a line on the title and in the table's log, no warning box
                self.notice(status)
        for message in messages:
            if message not in self._notices:
                self.notice(message)
        if messages:  # a repaired or set-aside settings file: worth a warning
            self.report(Joined(messages))

    def offer_lesson_if_first_start(self) -> None:
        """The very first start (no settings were found): the title asks whether to play the lesson."""
        if self.first_start:
            from aleph_null_desktop.ui.tutorial import offer_tutorial

            offer_tutorial(self)

    @property
    def notices(self) -> list[str]:
        """The latest notices, in the language of the moment."""
        return [str(text) for text in self._notices]

    def notice(self, text) -> None:
        """A line for the player that is not an error: shown on the title and in the table's log.
        `text` may be an i18n.Message: it is shown in the language of the moment."""
        self._notices.append(text)
        del self._notices[:-6]
        self.request_frame()
        top = self.stack.top
        if top is None or not top.add_to_log(text):
            self._unlogged.append(text)

    def take_unlogged_notices(self) -> list:
        """The notices the next table puts in its log (once)."""
        lines, self._unlogged = self._unlogged, []
        return lines

    def current_settings(self):
        if self.settings is None:
            from aleph_null_desktop.storage import Settings

            self.settings = Settings()
        return self.settings

    def change_settings(self, **changes) -> None:
        """A new value for some settings (Settings, the pause menu): applied at once and saved
        (when files are on). A refused save is shown, never raised."""
        self.settings = dataclasses.replace(self.current_settings(), **changes)
        problems = self._apply_settings()
        if problems:
            self.report(Joined(problems))
        if self.persist:
            from aleph_null_desktop import storage

            messages = self.settings_said.news(storage.save_settings(self.settings))
            if messages:
                self.report(Joined(messages))

    def _apply_settings(self) -> list[str]:
        """The settings reach what they change: the audio, the look (ui.style: scale, contrast,
        cues), the language (every text is read again from the next frame on); scenes redraw
        what they cached. Hints, animation speed and the confirmations are read where they are
        used (`animation_speed`, `current_settings()`). Returns messages for the player."""
        settings = self.current_settings()
        if self.audio is not None:
            self.audio.apply_settings(settings)
        restyled = style.apply(settings)
        restyled = prompts.set_bindings(settings.key_bindings()) or restyled  # the badges name the player's keys
        language = i18n.current_language()
        problem = i18n.set_language(settings.language) if settings.language != language else None
        if restyled or i18n.current_language() != language:
            self.restyle()
        if settings.speech != self._speaking:
            self._speaking = settings.speech
            if settings.speech:
                from aleph_null_desktop.ui.table.spoken import sentences

                top = self.stack.top
                self.speak(sentences(_("Speech on."), top.spoken() if top else ""), interrupt=True)
            else:
                self.speaker.stop()
        return [problem] if problem else []

    @property
    def layout(self):
        """The table's zones at the UI scale of the moment (ui.table.arrange.fitted_to_scale)."""
        look, layout = self._layout
        if look != style.current().ui_scale:
            from aleph_null_desktop.ui.table.arrange import fitted_to_scale

            self._layout = (style.current().ui_scale, fitted_to_scale(self.table_layout))
        return self._layout[1]

    def speak(self, text, interrupt: bool = False) -> None:
        """Words for the player's screen reader, when speech is on (Settings): queued, never waited
        for. `interrupt`: what is being said is cut short (the focus moved on). `text` may be an
        i18n Message (said in the language of the moment) or a function that makes the words,
        called only when speech is on."""
        if not self.current_settings().speech:
            return
        text = str(text() if callable(text) else text)
        if interrupt or text != self.speaker.last:  # the same line twice in a row (log and prompt bar): once
            self.speaker.say(text, interrupt=interrupt, language=i18n.current_language())

    def restyle(self) -> None:
        """After a change of look or language: every scene redraws what it had cached."""
        for scene in self.stack.scenes:
            scene.restyle()
        self.request_frame()

    @property
    def animation_speed(self) -> float:
        """How fast motion plays: 1 normal, 2 fast, 0 instant (Settings). Every animation asks here."""
        return self.current_settings().animation_speed

    @property
    def calm_motion(self) -> bool:
        """Less motion (Settings, or the desktop's hint when left to it): banners and moves are
        kept, as short fades and quick direct moves, without shakes, pulses or long flights."""
        choice = self.current_settings().reduce_motion
        return choice == "on" or (choice == "auto" and self.desktop_motion.value is True)

    def motion_dt(self, dt: float) -> float:
        """How far the Grimoire's page turns advance in a frame of `dt` seconds at the player's
        speed; at "instant" and with less motion far enough to finish any of them (the new page
        is there at once)."""
        speed = self.animation_speed
        return dt * speed if speed > 0 and not self.calm_motion else INSTANT_SECONDS

    def set_fullscreen(self, on: bool) -> bool:
        """Settings → Display: fullscreen or windowed, remembered. False if the display refused."""
        if on == self.current_settings().fullscreen:
            return True
        if not self.toggle_fullscreen():
            return False
        self.change_settings(fullscreen=on)
        return True

    # ------------------------------------------------------------------ hooks for sound and files
    def sound(self, name: str) -> None:
        if self.audio is not None:
            self.audio.play_sfx(name)

    def music(self, track: str | None) -> None:
        if self.audio is not None:
            self.audio.play_music(track)

    def hour_music(self, hour: int) -> None:
        if self.audio is not None:
            self.audio.play_hour(hour)

    def game_changed(self, game, circle_id: str) -> None:
        """After every command and undo: the autosave; once the ritual has ended its statistics,
        its daily result, its ritual file and the achievements it unlocks."""
        if not self.persist:
            return
        from aleph_null_desktop import storage
        from aleph_null_desktop.cardpacks import pack_name

        if self.autosave is None:
            self.autosave = storage.AutosaveWriter()
        ritual = storage.ritual_id(game)  # the autosave and the recorded result share it
        if game.outcome is None:
            self.autosave.save(storage.record_from_game(game))  # written on the writer's thread
        else:  # the result is recorded, then the autosave removed: one ordered step on that thread
            o = game.outcome
            self.autosave.finish(
                {"circle": circle_id, "won": o.won, "score": o.score, "rank": o.rank, "reason": o.reason,
                 "hour": game.hour, "turns": game.turn, "pack": pack_name(game),
                 "custom": bool(getattr(game.cards, "overrides", ())), "ritual": ritual})
            messages = _daily_result(game) + self.record_ritual(game) + self._unlock_achievements(game)
            if messages:
                self.report(Joined(messages))

    def _unlock_achievements(self, game) -> list:
        """After a counted ritual ended (its statistics and daily result kept): what it unlocks,
        kept and said by a quiet toast. A practice replay unlocks nothing."""
        from aleph_null_desktop import storage
        from aleph_null_desktop.cardpacks import pack_name
        from aleph_null_desktop.rituals import achievements, daily
        from aleph_null_desktop.storage.achievements import load_achievements, unlock
        from aleph_null_desktop.storage.autosave import RITUAL_OPTION
        from aleph_null_desktop.storage.daily import load_daily, summary

        if game.options.get(daily.PRACTICE_OPTION):
            return []
        known = achievements.BY_ID
        unlocked, messages = load_achievements(known)
        stats, more = storage.load_stats()
        ritual = game.options.get(RITUAL_OPTION)
        # the writer thread may not have counted this ritual yet (App.game_changed): count it here then
        pending = 0 if ritual and any(g.get("ritual") == ritual for g in stats["history"]) else 1
        counted_daily = isinstance(game.options.get(daily.DAILY_OPTION), str)
        streak = summary(load_daily()[0], daily.today())["streak"] if counted_daily else 0
        context = achievements.Context(
            game, own_cards=any(r.get("custom") for r in getattr(game.cards, "overrides", ())),
            pack=pack_name(game) is not None, daily=counted_daily, daily_streak=streak,
            rituals=sum(t.get("played", 0) for t in stats["totals"].values()) + pending,
            wins=sum(t.get("won", 0) for t in stats["totals"].values()) + (pending if game.outcome.won else 0))
        new = achievements.newly_unlocked(context, unlocked)
        if not new:
            return messages + more
        self.toast(Joined([later("Achievement: {title}", title=Deferred(lambda a=a: _(a.title))) for a in new], "  ·  "))
        return messages + more + unlock([a.id for a in new], known)

    def toast(self, text) -> None:
        """A quiet line at the top of the screen for a few seconds (an achievement unlocked)."""
        self.toast_message, self.toast_time = text, TOAST_SECONDS
        self.request_frame()

    def abandon_ritual(self, game, circle_id: str) -> list:
        """A ritual ended for good before its end (a new one begins in its place): counted in the
        statistics as abandoned, a loss (its autosave goes in the same ordered step), and kept as
        a ritual file. Returns messages."""
        if not self.persist or not game.history or game.outcome is not None:
            return []
        from aleph_null_desktop import storage
        from aleph_null_desktop.cardpacks import pack_name

        if self.autosave is None:
            self.autosave = storage.AutosaveWriter()
        self.autosave.finish({"circle": circle_id, "won": False, "score": None, "rank": None, "reason": "abandoned",
                              "hour": game.hour, "turns": game.turn, "pack": pack_name(game),
                              "custom": bool(getattr(game.cards, "overrides", ())), "ritual": storage.ritual_id(game)})
        return self.record_ritual(game)

    def record_ritual(self, game) -> list:
        """Keeps a finished or abandoned ritual as a ritual file (Statistics lists them). Returns
        messages; nothing is kept when files are off, for the lesson, or for a ritual with no move."""
        if not self.persist or not game.history:
            return []
        from aleph_null_desktop.rituals.record import ritual_record
        from aleph_null_desktop.storage.rituals import save_ritual

        _path, messages = save_ritual(ritual_record(game))
        return messages

    def close(self) -> None:
        """The game is quitting: the last move reaches the disk, the audio stops."""
        if self.autosave is not None:
            if not self.autosave.close():
                log.warning("the autosave writer did not finish in time")
        if self.audio is not None:
            self.audio.stop()

    def flush_autosave(self) -> None:
        """Waits until the autosave writer has put every move on disk (and says if it could not)."""
        if self.autosave is not None:
            if not self.autosave.flush():
                log.warning("the autosave writer is still busy")
            self._report_autosave_messages()

    def _report_autosave_messages(self) -> None:
        messages = self.autosave.take_messages() if self.autosave is not None else []
        if messages:
            self.report(Joined(messages))

    def toggle_fullscreen(self) -> bool:
        """Fullscreen ⇄ windowed (at desktop size even without a window manager); False, and
        the reason shown, when the display refuses."""
        PRESENTER.forget()  # (pygame may make its renderer again, freeing the textures made for it)
        refused = self.display_mode.toggle()
        self._present_due, self._changed = True, None  # the window changed: shown again whole
        if refused:
            self.report(refused)
            return False
        return True

    # ------------------------------------------------------------------ the loop
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The app's own keys first (quit, F11), then the top scene's; True when it was used. A game
        controller's input arrives as the keys it stands for (ui.gamepad)."""
        self.key_in_hand = event.key if event.type == pygame.KEYDOWN else None  # ui.editor.dialog
        try:
            return self._handle_event(event)
        finally:
            self.key_in_hand = None

    def _handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in CONTROLLER_EVENTS:
            return self._controller_event(event)
        self._note_device(event)
        top = self.stack.top
        if event.type == pygame.KEYDOWN:
            if getattr(top, "takes_every_key", False):
                return self.stack.handle_event(event)  # Settings → Keys waiting for the new key
            event = remap(event, self.current_settings().key_bindings(), getattr(top, "uses_keymap", False))
            if event is None:  # a default key whose action the player moved elsewhere
                return True
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.current_settings().fullscreen)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.button_focus.hide()
            return self.stack.handle_event(event)
        elif self.button_focus.press(self.stack.top, event):
            self.request_frame()
        elif self.stack.handle_event(event):
            return True
        elif self.button_focus.move(self.stack.top, event):  # a key the screen did not use
            outlined = self.button_focus.button
            if outlined is not None:
                self.speak(outlined.label, interrupt=True)
            self.request_frame()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F6:  # no zones here: Tab instead
            tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=getattr(event, "mod", 0), unicode="",
                                     scancode=0, gamepad=getattr(event, "gamepad", False))
            return self.stack.handle_event(tab)
        else:
            return False
        return True

    def _controller_event(self, event) -> bool:
        keys = self.gamepads.translate(event)
        notes = self.gamepads.take_notes()
        if notes:  # plugged in or out: the prompts use the names printed on the pad plugged in last
            prompts.pad_named(self.gamepads.last_name)
            self.restyle()
        for note in notes:
            self.notice(note)
        for key in keys:
            self.handle_event(key)
        return bool(keys)

    def _note_device(self, event) -> None:
        """The prompts name the pad's buttons while it is used, the keys once the keyboard or the
        mouse is used again."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if prompts.use_pad(bool(getattr(event, "gamepad", False))):
                self.restyle()  # every badge is drawn again

    def _scene_left(self) -> None:
        """A scene was taken off the stack: its memory goes RELEASE_GAP_SECONDS later (scenes left in
        quick succession together)."""
        self._left_unreleased, self._release_clock = True, 0.0

    def step(self, dt: float) -> None:
        """One frame: events, update, draw. An error is shown, logged and survived."""
        self._redraw = False
        self.frame_started = time.thread_time()
        try:
            events, self._held = self._held + pygame.event.get(), []
            for event in events:
                if event.type in WINDOW_SHOWN_AGAIN:
                    self._present_due = True
                elif event.type in RENDERER_RESET:
                    PRESENTER.forget()
                    self._screen_changed(None)
                self.handle_event(event)
            for event in self.gamepads.update(dt):  # a direction held on the pad repeats
                self.handle_event(event)
            self.stack.update(dt)
            top = self.stack.top
            if top is not None:
                top.drawn_region = None  # (a scene that does not say where it drew: anywhere)
            self.stack.draw(self.screen)
            drew_focus = self.button_focus.draw(self.screen, self.stack.top)
            self._drawn_stack = tuple(map(id, self.stack.scenes))
            self.book_warmer.warm(self.frame_started, presented=drew_focus or not self.stack.screen_kept())
            self._errors_in_a_row = 0
            if drew_focus or not self.stack.screen_kept():
                self._screen_changed(None if drew_focus else self.stack.drawn_region())
        except Exception as exc:  # the top-level guard: never crash to the desktop
            self._screen_changed(None)
            self.failed_frames += 1
            self.last_failure = traceback.format_exc()
            log.error("error in a frame:\n%s", self.last_failure)
            self.report(later("Something went wrong: {what}", what=f"{type(exc).__name__}: {exc}"))
            self._errors_in_a_row += 1
            if self._errors_in_a_row >= ERRORS_BEFORE_RESET:
                self._errors_in_a_row = 0
                self.show_title()
        self.housekeeping(dt, in_frame=True)
        if self.error_time > 0:
            self._draw_error()
            self._screen_changed(None)
        if self.toast_time > 0:
            self._draw_toast()
            self._screen_changed(None)

    def _screen_changed(self, regions: list[pygame.Rect] | None) -> None:
        """The frame changed the screen in these regions (None: anywhere): the next present shows them."""
        self._present_due = True
        if regions is None or (self._changed is not None and len(self._changed) + len(regions) > MAX_REGIONS):
            self._changed = None
        elif self._changed is not None:
            self._changed.extend(regions)

    def present(self) -> bool:
        """Shows the frame just drawn in the window; nothing when the frame left the screen as it
        was (and the window was not uncovered or resized meanwhile). True if it presented.

        Only the regions that changed since the last present are copied to the window's texture
        when the scene said where it drew (`Scene.drawn_region`), else the whole screen
        (ui.window_present). (pygame-ce's `display.update(rects)` is no help with SCALED: it
        presents the whole screen just as `flip()` does, display.c: pg_update → pg_flip.)"""
        if not self._present_due:
            return False
        self._present_due = False
        regions, self._changed = self._changed, []
        PRESENTER.present(self.screen, regions)
        return True

    # ------------------------------------------------------------------ the loop at rest (ui.frame_loop)
    def next_frame_in(self) -> float | None:
        """When the next frame must be drawn: 0 now (input waiting, something moving or changed),
        in so many seconds (a scene's timer, the warning's end), or None: only when input comes."""
        if self._held or self._redraw or pygame.event.peek() or tuple(map(id, self.stack.scenes)) != self._drawn_stack:
            return 0.0
        times = [t for t in (self.stack.next_change(), self.error_time or None, self.toast_time or None,
                             self.gamepads.next_repeat_in()) if t is not None]
        return max(0.0, min(times)) if times else None

    def next_housekeeping_in(self) -> float | None:
        """When memory is to be released after a scene was left (without a frame), or the Grimoire's
        first opening made ahead a step further (ui.grimoire.warmer), or None."""
        if self.book_warmer.pending():
            return WARM_REST_GAP
        if not self._left_unreleased:
            return None
        return max(0.0, RELEASE_GAP_SECONDS - self._release_clock)

    def hold(self, event: pygame.event.Event) -> None:
        """Input the loop took from the queue while it waited: handled first by the next frame."""
        self._held.append(event)

    def request_frame(self) -> None:
        """Something changed that no scene's input or timer shows: the next frame is drawn."""
        self._redraw = True

    def rest(self, seconds: float) -> None:
        """Time passed without a frame: the top scene's timers count it, the music and the
        autosave are looked after, memory is given back. What changed is drawn by the next frame."""
        self._held.extend(self.gamepads.update(seconds))  # a held direction's repeats, for the next frame
        try:
            self.stack.update(seconds)
        except Exception:  # the same guard as a frame's: shown by the next frame
            self.failed_frames += 1
            self.last_failure = traceback.format_exc()
            log.error("error in a frame:\n%s", self.last_failure)
            self.request_frame()
        warning, toast = self.error_time > 0, self.toast_time > 0
        self.housekeeping(seconds)
        self.book_warmer.warm(time.thread_time(), presented=False)
        if (warning and self.error_time == 0) or (toast and self.toast_time == 0):
            self.request_frame()  # the warning or the toast goes

    def audio_changing(self) -> bool:
        """The music is fading to another track: the loop looks after it often (AudioSystem.update)."""
        return self.audio is not None and self.audio.changing

    def housekeeping(self, dt: float, in_frame: bool = False) -> None:
        """Each frame or rest: the music's change of track, the autosave's messages, the warning's
        clock, and memory given back after a scene was left (or now and then): in a rest, or a frame
        after which nothing moves (`_moving`), or any frame once it waited RELEASE_WAIT_SECONDS."""
        try:
            if self.audio is not None:
                self.audio.update()
                for note in self.audio.take_notes():
                    self.notice(note)
            for note in self.speaker.take_notes():  # no speech output found: said once
                self.notice(note)
            self._report_autosave_messages()  # a disk that refused a save
        except Exception:
            log.error("error looking after the audio or the autosave:\n%s", traceback.format_exc())
        self._trim_clock += dt
        self._release_clock += dt
        if self._left_unreleased and self._release_clock >= RELEASE_GAP_SECONDS - 1e-9:
            if self._release_clock >= RELEASE_GAP_SECONDS + RELEASE_WAIT_SECONDS or not self._moving(in_frame):
                self._left_unreleased = False  # a scene was left: its pictures go now
                self._trim_clock = self._release_clock = 0.0
                memory.release()
        elif self._trim_clock >= TRIM_SECONDS and (self._trim_clock >= TRIM_SECONDS + RELEASE_WAIT_SECONDS
                                                   or not self._moving(in_frame)):
            self._trim_clock = 0.0
            memory.trim()
        self.error_time = max(0.0, self.error_time - dt)
        self.toast_time = max(0.0, self.toast_time - dt)

    def _moving(self, in_frame: bool) -> bool:
        """Whether something moves after this frame (asked only when memory is due to go; in a rest
        nothing does)."""
        return in_frame and self.stack.next_change() == 0.0

    def report(self, text) -> None:
        """A warning at the top of the screen for a few seconds. `text` may be an i18n.Message (or
        Joined): it is shown in the language of the moment, also when made before the player's
        language was known."""
        self.error_message, self.error_time = text, ERROR_SECONDS
        self.request_frame()

    @property
    def error_text(self) -> str:
        """The warning shown (or last shown) at the top, in the language of the moment."""
        return str(self.error_message)

    @error_text.setter
    def error_text(self, text) -> None:
        self.error_message = text

    def _draw_error(self) -> None:
        rect = pygame.Rect(360, 16, 1200, 70)
        pygame.draw.rect(self.screen, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(self.screen, theme.WARN, rect, 2, border_radius=10)
        blit_wrapped(self.screen, self.fonts.get("body", 20), self.error_text, theme.TEXT,
                     rect.inflate(-24, -16), align="center")


    def _draw_toast(self) -> None:
        from aleph_null_desktop.ui.render.icons import draw_icon
        from aleph_null_desktop.ui.render.text import fit_font

        text = str(self.toast_message)
        font = fit_font(self.fonts, "italic", text, 1300, 24, 14)
        rect = pygame.Rect(0, 0, font.size(text)[0] + 90, font.get_linesize() + 20)
        rect.midtop = (theme.LOGICAL_SIZE[0] // 2, 96 if self.error_time > 0 else 16)  # under a warning
        pygame.draw.rect(self.screen, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(self.screen, theme.PANEL_EDGE, rect, 2, border_radius=10)
        draw_icon(self.screen, "crown", pygame.Rect(rect.x + 16, rect.centery - 16, 32, 32), theme.GOLD)
        self.screen.blit(font.render(text, True, theme.TEXT), (rect.x + 60, rect.y + 10))


ICON = ("icons", "app", "aleph-null-64.png")


def _daily_result(game) -> list:
    """The counted attempt of a daily ritual has ended: its result is kept (practice is not)."""
    import datetime

    from aleph_null_desktop.rituals.daily import DAILY_OPTION, PRACTICE_OPTION
    from aleph_null_desktop.storage.daily import record_result

    day = game.options.get(DAILY_OPTION)
    if not isinstance(day, str) or game.options.get(PRACTICE_OPTION):
        return []
    try:
        when = datetime.date.fromisoformat(day)
    except ValueError:
        return []
    o = game.outcome
    return record_result(when, o.won, o.score, o.rank)


def _settings_exist() -> bool:
    from aleph_null_desktop.storage import paths

    try:
        return paths.settings_path().exists()
    except OSError:
        return True  # no settings folder: nothing to decide from; keep the saved or default language


def open_window() -> pygame.Surface:
    pygame.display.set_caption("Aleph Null")
    set_window_icon()
    if not headless():
        # SCALED draws the 1920×1080 table into any window size. By default pygame scales only by
        # whole numbers (a window smaller than 1920×1080 shows a cropped table) with blocky sampling;
        # ask for smooth scaling by any factor instead (letterboxed), and a window that fits the
        # desktop. The player's own environment wins. (Headless drivers keep the defaults.)
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")  # the name pygame reads: fractional scale
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # SDL's own hint: smooth filtering
    PRESENTER.forget()  # (set_mode frees the renderer and its textures)
    with warnings.catch_warnings(record=True) as caught:  # "no fast renderer": SDL falls back; fine
        warnings.simplefilter("always")
        screen = pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.SCALED | pygame.RESIZABLE)
    for warning in caught:
        log.info("display: %s", warning.message)
    fit_window_to_desktop()
    return screen


def set_window_icon() -> bool:
    """The window's icon, when the release build has it; a missing or unreadable icon is no error."""
    try:
        path = asset_path(*ICON)
        if not path.is_file():
            return False
        pygame.display.set_icon(pygame.image.load(str(path)))
        return True
    except (pygame.error, OSError, ValueError) as exc:
        log.info("window icon not set: %s", exc)
        return False


def run(windowed: bool = False) -> int:
    """Opens the window and plays until the player quits; returns the exit code. The window is
    fullscreen when the settings say so (F11 toggles and remembers), unless `windowed`."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    pygame.init()
    app = None
    try:
        app = App(open_window())
        app.persist = True
        from aleph_null_desktop.storage import AutosaveWriter

        app.autosave = AutosaveWriter()  # removes the temporary files a killed game left
        app.desktop_motion.start()  # the desktop's reduce-motion hint, read on a thread
        app.audio = _start_audio()
        from aleph_null_desktop.ui.gamepad import start_controllers

        start_controllers()  # pads plugged in now and later say so with CONTROLLERDEVICEADDED
        app.show_title()
        app.start_session()  # settings → audio; audio status and storage messages on the title
        app.offer_lesson_if_first_start()
        if app.current_settings().fullscreen and not windowed:
            app.toggle_fullscreen()
        exit_after_first_frame = os.environ.get("ALEPH_NULL_EXIT_AFTER_FIRST_FRAME") == "1"  # bench/startup.py
        FrameLoop(app).run(stop_after_first_frame=exit_after_first_frame)
    finally:
        if app is not None:
            app.close()
        pygame.quit()
    return 0


def _start_audio():
    """Music and sound effects, or None (silence) when the audio module cannot start."""
    from aleph_null_desktop.audio import AudioSystem

    audio = AudioSystem()  # it logs its own status line
    audio.start()  # never raises; without a sound device the game runs silently
    return audio
