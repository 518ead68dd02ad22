"""The gallery's ways for a card to leave the screen: the Print dialog (a PDF of print-and-play
sheets: where, which paper, backs or not), a card's PNG, and its card code to the clipboard and
back (docs/printing.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from aleph_null_desktop.editor import card_code
from aleph_null_desktop.editor.library import export_path
from aleph_null_desktop.editor.print_layout import pages
from aleph_null_desktop.i18n import N_, _, ngettext
from aleph_null_desktop.storage.os_reason import reason
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.editor.textfield import Clipboard
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

PAPER_NAMES = {"a4": N_("A4"), "letter": N_("Letter")}  # ISO A4; US Letter
OPTION_ROW = 80


def write_pdf(records: list[dict], path: Path, fonts, paper: str, backs: bool) -> str | None:
    """Writes the sheets; None, or why they could not be written (in words)."""
    from aleph_null_desktop.ui.render.card_print import write_pdf as write

    try:
        write(records, path, fonts=fonts, paper=paper, backs=backs, title=path.stem)
    except OSError as err:
        return reason(err)
    return None


def write_png(record: dict, path: Path, fonts) -> str | None:
    from aleph_null_desktop.ui.render.card_print import write_png as write

    try:
        write(record, path, fonts=fonts)
    except OSError as err:
        return reason(err)
    return None


class PrintDialog(DialogScene):
    """Where the PDF goes, with two switches below the path: the paper and the backs."""

    def __init__(self, app, records: list[dict], default: Path,
                 on_done: Callable[[str, str, bool], None]) -> None:
        self.records, self.paper, self.backs, self.on_done = records, "a4", False, on_done
        n = len(records)
        text = ngettext("{n} card at true size (63 × 88 mm), nine to a page, in the game's language. "
                        "Save the PDF as:",
                        "{n} cards at true size (63 × 88 mm), nine to a page, in the game's language. "
                        "Save the PDF as:", n).format(n=n)
        super().__init__(app, _("Print your cards"), text,
                         buttons=[(_("Save PDF"), self._save), (_("Cancel"), None)],
                         field_text=str(default), check=lambda t: export_path(t, ".pdf")[1],
                         max_length=400, width=1100, name="print")
        self.panel.h += OPTION_ROW
        self.panel.y -= OPTION_ROW // 2
        for b in self.buttons:
            b.rect.y = self.panel.bottom - 90
        self.field.rect.y -= OPTION_ROW // 2
        y = self.field.rect.bottom + 66
        self.paper_button = Button(pygame.Rect(self.panel.x + 40, y, 300, 64), "", on_click=self.next_paper,
                                   key_hint="F3")
        self.backs_button = Button(pygame.Rect(self.panel.x + 360, y, 420, 64), "", on_click=self.toggle_backs,
                                   key_hint="F4")
        self._label()

    def _label(self) -> None:
        self.paper_button.label = _("Paper: {paper}").format(paper=_(PAPER_NAMES[self.paper]))
        self.backs_button.label = _("Backs: yes (both sides)") if self.backs else _("Backs: no")
        sheets = pages(len(self.records)) * (2 if self.backs else 1)
        self.backs_button.detail = ngettext("{n} page", "{n} pages", sheets).format(n=sheets)

    def next_paper(self) -> None:
        self.paper = "letter" if self.paper == "a4" else "a4"
        self._label()

    def toggle_backs(self) -> None:
        self.backs = not self.backs
        self._label()

    def _save(self, text: str | None) -> None:
        self.on_done((text or "").strip(), self.paper, self.backs)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F3, pygame.K_F4):
            (self.next_paper if event.key == pygame.K_F3 else self.toggle_backs)()
            return True
        if hasattr(event, "pos") and buttons_handle([self.paper_button, self.backs_button], event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for b in (self.paper_button, self.backs_button):
            b.draw(surface, self.app.fonts, size=22)


def print_cards(app, records: list[dict], default: Path, say: Callable[[str, str], None]) -> None:
    """The Print dialog for these cards; the outcome said through `say(text, kind)`."""
    def done(text: str, paper: str, backs: bool) -> None:
        path, problem = export_path(text, ".pdf")
        problem = problem or write_pdf(records, path, app.fonts, paper, backs)
        if problem:
            say(_("The cards could not be printed: {why}.").format(why=problem), "error")
        else:
            say(ngettext("Saved {n} card to print in {path}.", "Saved {n} cards to print in {path}.",
                         len(records)).format(n=len(records), path=path), "info")

    app.stack.push(PrintDialog(app, records, default, done))


def copy_code(app, record: dict, name: str) -> str:
    """Puts the card's code on the clipboard and says so; where no clipboard can be reached (no
    display server, say) the code is shown in a dialog to copy by hand."""
    code = card_code.encode(record)
    Clipboard.put(code)
    if Clipboard.system_ok:
        return ngettext("Copied the card code of “{name}” ({n} character): paste it into a message.",
                        "Copied the card code of “{name}” ({n} characters): paste it into a message.",
                        len(code)).format(name=name, n=len(code))
    app.stack.push(DialogScene(
        app, _("The card code of “{name}”").format(name=name),
        _("Select it with Ctrl+A and copy it with Ctrl+C, or write it down:"),
        buttons=[(_("Close"), None)], field_text=code, max_length=len(code), width=1100, name="code"))
    return _("The clipboard cannot be reached here; the code is shown to copy by hand.")


def clipboard_text() -> str:
    return Clipboard.get()
