"""The table as its helpers see it — the panels over it (overlays) and the hint keeper — instead of
the scene: the presenter (and through it the game, to read), the fonts and card faces to draw
with, the player's settings, and the table's few verbs: submit a command, say something, add a
line to the log, open a panel, pause. A helper that holds a TableView cannot reach the scene's sprites, input
state or caches. TableVerbs: what the table's controls may ask of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


class TableView:
    def __init__(self, presenter, app, renderer, *, submit: Callable, say: Callable,
                 add_to_log: Callable, commands_applied: Callable[[], int] = lambda: 0,
                 open_panel: Callable = lambda panel: None) -> None:
        self.presenter = presenter
        self._app = app
        self.renderer = renderer
        self.submit, self.say, self.add_to_log = submit, say, add_to_log
        self.open_panel = open_panel  # a panel over the table (overlays.Modal), e.g. the hint's whole plan
        self.hints = None  # the table's HintKeeper, once it exists (it holds this view too)
        self.commands_applied = commands_applied  # how many commands the table has had accepted
        self.picked_numbers = None  # a choice picked one card at a time: (commands then, {key: number})

    @property
    def game(self):
        return self.presenter.game

    @property
    def fonts(self):
        return self._app.fonts

    def settings(self):
        return self._app.current_settings()

    def hint_function(self):
        """The hint AI the app was given (tests give their own), or None for the default."""
        return self._app.hint_function

    def pause(self) -> None:
        self._app.pause()

    def hint_text(self) -> str:
        """The prompt bar's hint words: "thinking…", the hint on show, or ""."""
        from aleph_null_desktop.i18n import _

        hints = self.hints
        if hints is None:
            return ""
        if hints.thinking:
            return _("Hint: thinking…")
        hint = hints.current()
        return hint.text if hint else ""


@dataclass(frozen=True)
class TableVerbs:
    """What the controls may ask of the table: send a command (it says why when refused), say a
    line in the prompt bar, undo, end the turn (it may ask first), take a token, ask for a hint,
    the panel open over the table (None: the table) and opening or closing one, close a panel
    that no longer applies, and show the Judgement at once."""

    submit: Callable
    say: Callable
    undo: Callable[[], None]
    end_turn: Callable[[], None]
    take_token: Callable[[], None]
    request_hint: Callable[[], None]
    panel: Callable[[], object]
    open_panel: Callable[[object], None]
    close_stale_panel: Callable[[], None]
    judgement_now: Callable[[], None]
