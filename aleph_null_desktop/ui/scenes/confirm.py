"""A yes-or-no question over whatever is showing (a ritual would end, the statistics would be
reset): the editor's dialog with two buttons. Enter says yes (no, when yes destroys something:
`enter_says_no`), Esc says no, Tab or an arrow moves Enter to the other answer; the answer closes
the question first, then acts."""

from __future__ import annotations

from typing import Callable

from aleph_null_desktop.ui import style
from aleph_null_desktop.ui.editor.dialog import DialogScene

WIDTH = 900


class ConfirmScene(DialogScene):
    def __init__(self, app, title: str, text: str, yes: str, on_yes: Callable[[], None], no: str,
                 on_no: Callable[[], None] | None = None, enter_says_no: bool = False) -> None:
        super().__init__(app, title, text, width=min(1600, style.scaled(WIDTH)), name="confirm",
                         enter=1 if enter_says_no else 0,
                         buttons=[(yes, lambda _text: on_yes()),
                                  (no, (lambda _text: on_no()) if on_no is not None else None)])
        self.yes_button, self.no_button = self.buttons
