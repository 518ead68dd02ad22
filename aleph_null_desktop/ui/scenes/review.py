"""The expert's review, over Judgement (R) or the recorded rituals (R): the review runs in a
worker process (ai.review.worker) while a bar shows how far it is and Cancel (Esc) stops it; then
the costliest decisions are listed in plain words, each with the win chance lost, and "Watch with
the review" (Enter) opens the replay at the first of them, each note shown at its move."""

from __future__ import annotations

import multiprocessing
import queue as queue_module

import pygame

from aleph_null_desktop.engine.cards import ROMAN
from aleph_null_desktop.engine.commands import command_from_dict
from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped
from aleph_null_desktop.ui.render.veil import darken
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

POLL_SECONDS = 0.1


class ReviewJob:
    """One review in a worker process: `poll()` takes its messages, `cancel()` stops it."""

    def __init__(self, record: dict, samples: int | None = None) -> None:
        from aleph_null_desktop.ai.review import SAMPLES, worker

        ctx = multiprocessing.get_context("spawn")  # no copy of the window's state in the worker
        self._queue, self._cancel = ctx.Queue(), ctx.Event()
        self._process = ctx.Process(target=worker, args=(record, self._queue, self._cancel, samples or SAMPLES),
                                    daemon=True)
        self.state, self.done, self.total, self.result, self.error = "running", 0, 1, None, ""
        self._process.start()

    def poll(self) -> None:
        while self.state == "running":
            try:
                message = self._queue.get_nowait()
            except queue_module.Empty:
                if not self._process.is_alive():
                    try:
                        message = self._queue.get(timeout=0.5)  # the last words may come just after it ended
                    except queue_module.Empty:
                        self.state, self.error = "failed", _("the worker process stopped")
                        return
                else:
                    return
            kind = message[0]
            if kind == "progress":
                self.done, self.total = message[1], message[2]
            elif kind == "done":
                self.state, self.result = "done", message[1]
            elif kind == "cancelled":
                self.state = "cancelled"
            elif kind == "error":
                self.state, self.error = "failed", message[1]
        self._process.join(timeout=1)

    def cancel(self) -> None:
        if self.state != "running":
            return
        self._cancel.set()
        self._process.join(timeout=2)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=2)
        self.state = "cancelled"

    @property
    def alive(self) -> bool:
        return self._process.is_alive()


def note_words(mistake: dict, position) -> str:
    """A mistake in plain words, said at its position (a Game before the move)."""
    played = command_from_dict(mistake["played"]).describe(position)
    better = command_from_dict(mistake["better"]).describe(position)
    lo, hi = mistake["interval"]
    return _("Turn {turn}, Hour {hour}: you played “{played}”. The expert would have played “{better}”: about "
             "{lost} % more chance to win (95 %: {lo}–{hi} %).").format(
        turn=mistake["turn"], hour=ROMAN.get(mistake["hour"], mistake["hour"]), played=played, better=better,
        lost=round(100 * mistake["win_chance_lost"]), lo=max(0, round(100 * lo)), hi=min(100, round(100 * hi)))


class ReviewScene(Scene):
    overlay = True

    def __init__(self, app, record: dict, *, samples: int | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.job = ReviewJob(record, samples)
        self.notes: dict[int, str] = {}
        self.clock = 0.0
        self.panel = pygame.Rect(0, 0, 1100, 700)
        self.panel.center = (960, 520)
        y = self.panel.bottom - 90
        self.watch_button = Button(pygame.Rect(self.panel.x + 40, y, 500, 64), _("Watch with the review"),
                                   on_click=self.watch, key_hint="Enter", enabled=False)
        self.close_button = Button(pygame.Rect(self.panel.right - 540, y, 500, 64), _("Cancel"),
                                   on_click=self.close, key_hint="Esc")
        self.buttons = [self.watch_button, self.close_button]

    def close(self) -> None:
        """Cancel while the review runs; close once it is done."""
        self.job.cancel()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def watch(self) -> None:
        from aleph_null_desktop.ui.scenes.replay import ReplayScene

        if self.job.state != "done":
            return
        first = min(self.notes) if self.notes else 0
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.app.stack.push(ReplayScene(self.app, self.record, first, notes=self.notes))

    def _finished(self) -> None:
        from aleph_null_desktop.storage.rituals import replay_ritual

        for mistake in self.job.result["mistakes"]:
            position, _problem = replay_ritual(self.record, mistake["step"])
            if position is not None:
                self.notes[mistake["step"]] = note_words(mistake, position)
        self.watch_button.enabled = True
        self.close_button.label = _("Close")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.watch_button.click()
            return
        buttons_handle(self.buttons, event)

    def update(self, dt: float) -> None:
        self.clock += dt
        was = self.job.state
        self.job.poll()
        if was == "running" and self.job.state == "done":
            self._finished()

    def next_change(self) -> float | None:
        return POLL_SECONDS if self.job.state == "running" else None

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        darken(surface, 170)
        box = self.panel
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, box, 3, border_radius=14)
        blit_text(surface, fonts.get("title", 34), _("The expert's review"), theme.GOLD, (box.x + 40, box.y + 26))
        text = pygame.Rect(box.x + 40, box.y + 90, box.w - 80, box.h - 200)
        job = self.job
        if job.state == "running":
            blit_wrapped(surface, fonts.get("body", 24), _("The expert weighs each of your decisions against the "
                                                           "others it could have made, then plays each doubtful "
                                                           "one out on many deals of the hidden cards."),
                         theme.TEXT, text)
            bar = pygame.Rect(text.x, text.y + 130, text.w, 28)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 2, border_radius=8)
            filled = bar.inflate(-6, -6)
            filled.w = round(filled.w * min(1.0, job.done / max(1, job.total)))
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=6)
            words = _("{percent} % — {done} of {total} steps").format(
                percent=round(100 * job.done / max(1, job.total)), done=job.done, total=job.total)
            blit_text(surface, fonts.get("italic", 22), words, theme.TEXT_DIM, (bar.centerx, bar.bottom + 12), "midtop")
        elif job.state == "done":
            result = job.result
            head = _("{n} decisions looked at.").format(n=result["decisions"])
            if not self.notes:
                head += " " + _("No decision cost a clear chance to win: the expert would have played much as you did.")
            y = blit_wrapped(surface, fonts.get("body", 24), head, theme.TEXT, text) + 14
            for step in sorted(self.notes, key=lambda s: next(-m["win_chance_lost"] for m in result["mistakes"]
                                                              if m["step"] == s)):
                note = self.notes[step]
                y = blit_wrapped(surface, fonts.get("body", 21), "• " + note, theme.TEXT,
                                 pygame.Rect(text.x, y, text.w, text.bottom - y)) + 10
                if y > text.bottom - 30:
                    break
        else:
            words = (_("The review was cancelled.") if job.state == "cancelled"
                     else _("The review stopped: {why}").format(why=job.error))
            blit_wrapped(surface, fonts.get("body", 24), words, theme.TEXT, text)
        for b in self.buttons:
            b.draw(surface, fonts, size=24)
