"""Hints on the table: the expert AI's suggested next command, asked for with the Hint button or H.

The AI works on `game.clone()` in a background thread, so a frame never waits for it; the table
shows "thinking…" meanwhile. A result is used only if the game has not changed since it was asked
for (the table's `version` counts every command and undo), and only if the engine says the
suggested command is legal now. The hint is shown by highlighting its card (or the token, or End
Turn) and naming the action in the prompt bar.

The hint function is any callable ``hint(game) -> (Command, explanation: str)`` (HintFunction);
by default ``aleph_null_desktop.ai.hint``. Tests set ``app.hint_function`` to a fake.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.i18n import _

log = logging.getLogger(__name__)


PROMPT_CHARS = 220  # the prompt bar holds two lines at most; the log keeps the whole explanation


def shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0].rstrip(",;:—- ")
    return cut + "…"


class HintFunction(Protocol):
    def __call__(self, game) -> tuple[Any, str]: ...


class HintsUnavailable(RuntimeError):
    """There is no hint AI in this build."""


def default_hint_function() -> Callable:
    """`aleph_null_desktop.ai.hint`, or a function that says hints are not available."""
    try:
        from aleph_null_desktop.ai import hint
        if not callable(hint):  # the package does not re-export it: the function of ai/hint.py
            hint = getattr(hint, "hint")
    except (ImportError, AttributeError) as exc:
        reason = str(exc)

        def unavailable(game):
            raise HintsUnavailable(_("Hints are not available in this build ({why}).").format(why=reason))

        return unavailable
    return hint


@dataclass
class Hint:
    command: Any
    explanation: str
    text: str  # what the prompt bar says: the action named, and why (cut short if long)
    version: int
    full: str = ""  # the whole of it: the plan panel (H again) and the log show it


class HintJob:
    """One request: the AI runs on a copy of the game in a daemon thread."""

    def __init__(self, function: Callable, game, version: int) -> None:
        self.version = version
        self.result: tuple[Any, str] | None = None
        self.error: BaseException | None = None
        self._copy = game.clone()  # taken now, on the frame's thread; the AI never sees the live game
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(function,), name="hint", daemon=True)
        self._thread.start()

    def _run(self, function: Callable) -> None:
        try:
            self.result = function(self._copy)
        except BaseException as exc:  # reported on the table, never raised into the frame
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


class HintKeeper:
    """The table's hint state: the running job, and the hint on show (if still current)."""

    def __init__(self, view) -> None:
        self.view = view  # the table as its helpers see it (ui.table.view)
        self.job: HintJob | None = None
        self.hint: Hint | None = None
        self.discarded = 0  # results thrown away because the game moved on (for tests and the log)

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def request(self) -> None:
        view = self.view
        game = view.game
        if not view.settings().show_hints:
            view.say(_("Hints are turned off in Settings."))
            return
        if game.outcome is not None:
            view.say(_("The ritual is over; there is nothing to suggest."))
            return
        if self.job is not None and self.job.version == view.presenter.version:
            return  # already thinking about this position
        if self.current() is not None:  # asked again: the whole plan, on a panel of its own
            from aleph_null_desktop.ui.table.overlays import HintPlan

            view.open_panel(HintPlan(view, self.hint.full))
            return
        function = view.hint_function() or default_hint_function()
        self.hint = None
        self.job = HintJob(function, game, view.presenter.version)
        view.say("")  # the prompt bar shows "thinking…", then the hint

    def current(self) -> Hint | None:
        """The hint on show, if it still belongs to the position on the table."""
        if self.hint is not None and self.hint.version != self.view.presenter.version:
            self.hint = None
        return self.hint

    def update(self) -> None:
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        view = self.view
        if job.version != view.presenter.version:  # the player moved on while the AI was thinking
            self.discarded += 1
            return
        if job.error is not None:
            log.info("no hint: %r", job.error)
            view.say(_("No hint: {why}").format(why=job.error), warn=True)
            return
        try:
            command, explanation = job.result
        except (TypeError, ValueError):
            view.say(_("No hint: the AI gave no move."), warn=True)
            return
        if view.game.explain(command):  # the engine decides what is legal, never the hint
            view.say(_("No hint: the suggested move is not legal now ({why}).").format(why=view.game.explain(command)),
                      warn=True)
            return
        name = command.describe(view.game)
        explanation = str(explanation or "").strip()
        if explanation.startswith(name):  # the AI's words often begin by naming the move
            explanation = explanation[len(name):].lstrip(" .—:-")
            explanation = explanation[:1].upper() + explanation[1:]  # a sentence of its own now
        full = _("Hint: {move}.").format(move=name) + (f" {explanation}" if explanation else "")
        self.hint = Hint(command, explanation, shorten(full, PROMPT_CHARS), job.version, full)
        view.say("")
        view.add_to_log(full)

    # ------------------------------------------------------------------ what to highlight
    def highlight(self) -> tuple[str, Any] | None:
        """("card", uid), ("zone", layout name) or None for the hint on show."""
        hint = self.current()
        if hint is None:
            return None
        cmd, game = hint.command, self.view.game
        if isinstance(cmd, (Summon, Activate)):
            return ("card", cmd.uid)
        if isinstance(cmd, Choose):
            pending = game.pending
            if pending is not None and 0 <= cmd.index < len(pending.options):
                uid = pending.options[cmd.index].uid
                if uid is not None:
                    return ("card", uid)
            return None
        if isinstance(cmd, TakeToken):
            return ("zone", "tokens")
        if isinstance(cmd, EndTurn):
            return ("zone", "end_turn")
        return None

    def tag(self) -> str:
        """The words on the highlight, naming the action (the ring's colour never says it alone)."""
        hint = self.current()
        if hint is None:
            return ""
        cmd, game = hint.command, self.view.game
        if isinstance(cmd, Summon):
            return _("hint: summon this")
        if isinstance(cmd, Activate):
            try:
                from aleph_null_desktop.engine.words.text import action_text

                return "hint: " + action_text(game.cards[game.card(cmd.uid).card_id].action(cmd.action))
            except (KeyError, AttributeError):
                return _("hint: use this")
        if isinstance(cmd, Choose):
            return _("hint: choose this")
        if isinstance(cmd, TakeToken):
            return _("hint: take a token")
        if isinstance(cmd, EndTurn):
            return _("hint: end the turn")
        return "hint"
