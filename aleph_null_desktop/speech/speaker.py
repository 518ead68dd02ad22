"""The game's voice for screen-reader users: `say()` puts a line on a queue and returns at once; a
thread finds the player's speech output (speech.outputs) at the first line and hands it every
line. Without any output the game stays silent and says so once (`take_notes()`)."""

from __future__ import annotations

import logging
import queue
import threading

from aleph_null_desktop.i18n import later
from aleph_null_desktop.speech.outputs import find_output

log = logging.getLogger(__name__)

MAX_WAITING = 50  # lines not yet handed on; more are dropped (a screen reader is behind anyway)


class Speaker:
    def __init__(self, finder=find_output) -> None:
        self.last = ""  # the line said last (the repeat key says it again)
        self.output = None
        self.silent = False  # no output was found: lines are dropped
        self._finder = finder
        self._lines: queue.Queue = queue.Queue(MAX_WAITING)
        self._notes: list = []
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def say(self, text: str, *, interrupt: bool = False, language: str = "en") -> None:
        """Queue `text`; `interrupt` stops what is being said first (the focus moved on). Never blocks."""
        text = " ".join(str(text).split())
        if not text:
            return
        self.last = text
        if self.silent:
            return
        if interrupt:
            self._drain()
        try:
            self._lines.put_nowait((text, interrupt, language))
        except queue.Full:
            return
        self._start()

    def _drain(self) -> None:
        while True:
            try:
                self._lines.get_nowait()
            except queue.Empty:
                return
            self._lines.task_done()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        output, why = self._finder()
        if output is None:
            log.info("no speech output: %s", why)
            self.silent = True
            with self._lock:
                self._notes.append(later("Speech is on, but no screen reader or speech service answered; "
                                         "the game stays silent."))
            self._drain()
            return
        self.output = output
        while True:
            text, interrupt, language = self._lines.get()
            try:
                if text is None:  # stop: what is being said is cut short
                    output.stop()
                else:
                    output.speak(text, interrupt, language)
            except Exception:  # a screen reader that went away must not stop the game
                log.info("speech output failed", exc_info=True)
            finally:
                self._lines.task_done()

    def take_notes(self) -> list:
        """What the player should be told about the speech (once): no output was found."""
        with self._lock:
            notes, self._notes = self._notes, []
        return notes

    def wait(self) -> None:
        """Until every queued line was handed on (tests)."""
        if self._thread is not None:
            self._lines.join()

    def stop(self) -> None:
        """Speech was turned off: what is queued is dropped and what is being said stops (on the
        speaker's thread: stopping may take a while too)."""
        self._drain()
        if self._thread is not None and not self.silent:
            try:
                self._lines.put_nowait((None, True, ""))
            except queue.Full:
                pass
