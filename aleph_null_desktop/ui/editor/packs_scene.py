"""The card packs screen (gallery → "Card packs…"): the packs kept in the data folder's
``card_packs`` (its path shown, so a player can also copy files there), each with what it changes
or why it was refused; load one from a path (a dialog with a path field) or by dropping a file on
the window; load the example pack; print a pack's cards (print-and-play sheets); remove one. A
pack is chosen for a ritual on the Grimoire's Circle page. The checks are cardpacks.read_pack's;
nothing here decides what a good pack is."""

from __future__ import annotations

import os

import pygame

from aleph_null_desktop.cardpacks import PackShelf, shown_names
from aleph_null_desktop.engine.cards import CardDataError, cardset_with, load_builtin_cards
from aleph_null_desktop.i18n import _, ngettext
from aleph_null_desktop.safe_text import quote
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.card_renderer import CardRenderer, card_size
from aleph_null_desktop.ui.editor.controls import draw_message
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font, wrap
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

LIST = pygame.Rect(60, 250, 900, 620)
PREVIEW = pygame.Rect(1010, 250, 850, 620)
ROW_H, ROW_GAP = 96, 10
CARD_W = 250
ABOUT_LINES = 4  # of a pack's description and author above its cards


def example_pack_path():
    from aleph_null_desktop.resources import asset_path

    return asset_path("packs", "example.json")


def guide_path():
    """The card pack guide installed with the game (docs/card-packs.md in a checkout)."""
    from aleph_null_desktop.resources import doc_path

    return doc_path("card-packs.md")


class PacksScene(Scene):
    def __init__(self, app, shelf: PackShelf | None = None) -> None:
        super().__init__(app)
        self.shelf = shelf or PackShelf()
        self.messages: list[tuple[str, str]] = []
        self._waiting: list[str] = []  # paths given while a pack or the folder is being read
        self._count_when_read = False  # Refresh says how many packs it found
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.selected: str | None = None
        self.scroll = 0
        self._renderer: tuple[str, CardRenderer] | None = None
        labels = [
            (_("Load from a path…"), self.load_dialog, "L"), (_("Load the example pack"), self.load_example, ""),
            (_("Refresh"), self.refresh, "F5"), (_("Print…"), self.print_pack, "Ctrl+P"),
            (_("Remove"), self.remove, "Del"), (_("Back"), self.leave, "Esc"),
        ]
        x, gap = 60, 14
        w = (1800 - gap * (len(labels) - 1)) // len(labels)
        self.buttons = {}
        for label, action, hint in labels:
            self.buttons[label] = Button(pygame.Rect(x, 980, w, 76), label, on_click=action, key_hint=hint)
            x += w + gap
        self._read_folder()

    # ------------------------------------------------------------------ state
    def rows(self) -> list[tuple[str, str, str, bool]]:
        """(id, name, detail, usable) for each file of the folder: good packs, then refused ones."""
        shown = shown_names(self.shelf.packs.values())
        rows = [(p.id, shown[p.id], p.summary, True)
                for p in sorted(self.shelf.packs.values(), key=lambda p: (p.name.casefold(), p.id))]
        rows += [(r.id, quote(r.path.name, 60, marks=False), r.reason, False) for r in self.shelf.refused]
        return rows

    @property
    def busy(self) -> bool:
        """A pack or the folder is being read off the frame loop."""
        return self.shelf.loading or self.shelf.adding

    def _sync(self) -> None:
        ids = [row[0] for row in self.rows()]
        if self.selected not in ids:
            self.selected = ids[0] if ids else None
        printing = self.buttons[_("Print…")]
        printing.enabled = self.selected in self.shelf.packs
        printing.detail = "" if printing.enabled else _("select a pack")
        remove = self.buttons[_("Remove")]
        remove.enabled = self.selected is not None and not self.shelf.read_only and not self.busy
        remove.detail = "" if remove.enabled else (
            _("read-only") if self.shelf.read_only else _("reading…") if self.busy else _("select a pack"))
        self.buttons[_("Refresh")].enabled = not self.busy
        self.buttons[_("Refresh")].detail = _("reading…") if self.busy else ""
        for label in (_("Load from a path…"), _("Load the example pack")):
            self.buttons[label].enabled = not self.shelf.read_only
            self.buttons[label].detail = _("read-only") if self.shelf.read_only else ""

    def guide_words(self) -> str:
        return _("How to write a card pack: {guide}").format(guide=guide_path())

    def say(self, text: str, kind: str = "info") -> None:
        self.messages = [(kind, text)]

    def row_rects(self) -> list[tuple[tuple, pygame.Rect]]:
        out, y = [], LIST.y - self.scroll
        for row in self.rows():
            out.append((row, pygame.Rect(LIST.x, y, LIST.w, ROW_H)))
            y += ROW_H + ROW_GAP
        return out

    # ------------------------------------------------------------------ reading, off the frame loop
    def _read_folder(self) -> None:
        self.shelf.start_loading()  # unchanged packs at once, the others on a thread
        self._take_read()

    def _take_read(self) -> None:
        read = self.shelf.take_loaded()
        if read is None:
            self._sync()
            return
        self.messages = [("warning", m) for m in read]
        n, bad = len(self.shelf.packs), len(self.shelf.refused)
        if self._count_when_read and not self.messages:
            self.say(ngettext("{n} card pack in the folder; {bad} refused.", "{n} card packs in the folder; {bad} refused.",
                              n).format(n=n, bad=bad))
        self._count_when_read = False
        self._sync()

    def _take_added(self) -> None:
        added = self.shelf.take_added()
        if added is None:
            return
        pack, message = added
        if pack is not None:
            self.selected = pack.id
        self.say(message, "info" if pack is not None else "error")
        self._sync()

    def update(self, dt: float) -> None:
        if self.shelf.loading:
            self._take_read()
        if self.shelf.adding:
            self._take_added()
        if self._waiting and not self.busy:
            self._start_adding(self._waiting.pop(0))

    def next_change(self) -> float | None:
        return 0.1 if self.busy or self._waiting else None  # looked at again soon while packs are read

    def _start_adding(self, path: str) -> None:
        self.shelf.start_adding(os.path.expanduser(str(path).strip()))
        self._sync()

    def reading_words(self) -> str:
        if self.shelf.adding or self._waiting:
            return _("Reading the card pack…")
        return _("Reading the card packs folder…")

    # ------------------------------------------------------------------ commands
    def load_path(self, path: str) -> None:
        """Checks and copies a pack on a thread; given while something is being read, it waits its turn."""
        if self.busy:
            self._waiting.append(str(path))
        else:
            self._start_adding(str(path))

    def load_example(self) -> None:
        self.load_path(str(example_pack_path()))

    def load_dialog(self) -> None:
        from aleph_null_desktop.ui.editor.gallery_scene import _export_folder

        def check(text: str) -> str | None:
            return None if text.strip() else _("give the path of a .json card pack")

        self.app.stack.push(DialogScene(
            self.app, _("Load a card pack"),
            _("The path of a .json card pack (or drop the file on the window). It is checked, then copied "
              "into your card packs folder."),
            buttons=[(_("Load"), lambda text: self.load_path(text or "")), (_("Cancel"), None)],
            field_text=str(_export_folder()) + os.sep, check=check, max_length=400, width=1100, name="load_pack"))

    def refresh(self) -> None:
        if self.busy:
            return
        self._count_when_read = True
        self._read_folder()

    def print_pack(self) -> None:
        """Print-and-play sheets of the selected pack's cards (ui.editor.share)."""
        from aleph_null_desktop.ui.editor.gallery_scene import _export_folder
        from aleph_null_desktop.ui.editor.share import print_cards

        pack = self.shelf.packs.get(self.selected)
        if pack is not None:
            print_cards(self.app, list(pack.records), _export_folder() / f"{pack.id}.pdf", self.say)

    def remove(self) -> None:
        if self.selected is None or self.busy:
            return
        pack_id = self.selected

        def done(_button):
            self.say(self.shelf.remove(pack_id))
            self._sync()

        name = next((row[1] for row in self.rows() if row[0] == pack_id), pack_id)
        self.app.stack.push(DialogScene(
            self.app, _("Remove this card pack?"),
            _("{name} will be deleted from your card packs folder. Rituals already under way keep their "
              "cards.").format(name=quote(name, 60)),
            buttons=[(_("Remove"), done), (_("Keep it"), None)], name="remove_pack"))

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if event.type == pygame.DROPFILE:
            self.load_path(event.file)
            return True
        if event.type == pygame.MOUSEWHEEL:
            rows = self.row_rects()
            content = (rows[-1][1].bottom + self.scroll - LIST.y) if rows else 0
            self.scroll = max(0, min(max(0, content - LIST.h), self.scroll - event.y * 60))
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            ids = [row[0] for row in self.rows()]
            if key == pygame.K_ESCAPE:
                self.leave()
            elif key == pygame.K_F5:
                self.refresh()
            elif key == pygame.K_l:
                self.load_dialog()
            elif key == pygame.K_DELETE:
                self.remove()
            elif key == pygame.K_p and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.print_pack()
            elif key in (pygame.K_UP, pygame.K_DOWN) and ids:
                i = ids.index(self.selected) if self.selected in ids else 0
                self.selected = ids[max(0, min(len(ids) - 1, i + (1 if key == pygame.K_DOWN else -1)))]
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and LIST.collidepoint(event.pos):
            for row, rect in self.row_rects():
                if rect.collidepoint(event.pos):
                    self.selected = row[0]
                    self._sync()
                    return True
        return buttons_handle(list(self.buttons.values()), event)

    # ------------------------------------------------------------------ drawing
    def renderer(self, pack) -> CardRenderer:
        if self._renderer is None or self._renderer[0] != pack.id:
            try:
                cards = cardset_with(pack.records)
            except CardDataError:  # read_pack checked it; belt and braces
                cards = load_builtin_cards()
            self._renderer = (pack.id, CardRenderer(cards, self.app.fonts))
        return self._renderer[1]

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.blit(self.background, (0, 0))
        intro = _("A card pack replaces printed cards by their id: the texts of your own box, or a friend's "
                  "set. Choose one for a ritual on the Grimoire's Circle page (P on the sheet of your own "
                  "cards). Load a pack from a path, drop it on the window, or copy .json files into the "
                  "folder below and press Refresh.")
        where = _("Your card packs folder: {folder}").format(folder=self.shelf.folder)
        guide = self.guide_words()
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6):  # the header above the list, smaller together if need be
            title_font = f.get("title", round(46 * shrink))
            intro_font = f.get("italic", round(24 * shrink))
            where_font = fit_font(f, "bold", where, 1790, round(22 * shrink), 10)
            guide_font = fit_font(f, "body", guide, 1790, round(19 * shrink), 10)
            lines = wrap(intro_font, intro, 1790)
            height = (title_font.get_linesize() + len(lines) * intro_font.get_linesize() + 8
                      + where_font.get_linesize() + guide_font.get_linesize())
            if 30 + height <= LIST.top - 4:
                break
        y = 30
        blit_text(surface, title_font, _("Card packs"), theme.GOLD, (60, y))
        y += title_font.get_linesize()
        for line in lines:
            blit_text(surface, intro_font, line, theme.TEXT, (62, y))
            y += intro_font.get_linesize()
        blit_text(surface, where_font, where, theme.CANDLE, (62, y + 8))
        blit_text(surface, guide_font, guide, theme.TEXT_DIM, (62, y + 8 + where_font.get_linesize()))
        self._draw_list(surface)
        self._draw_preview(surface)
        y = 890
        if self.shelf.adding or self._waiting:  # the folder's reading is said in the empty list
            y = blit_wrapped(surface, f.get("italic", 22), self.reading_words(), theme.CANDLE,
                             pygame.Rect(60, y, 1800, 30))
        for kind, text in self.messages[-2:]:
            if kind == "info":
                y = blit_wrapped(surface, f.get("body", 22), text, theme.TEXT, pygame.Rect(60, y, 1800, 60))
            else:
                y = draw_message(surface, f, kind, text, pygame.Rect(60, y, 1800, 60), size=21)
        for b in self.buttons.values():
            b.draw(surface, f, size=22)

    def _draw_list(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        old = surface.get_clip()
        surface.set_clip(LIST.inflate(10, 10))
        rows = self.row_rects()
        if not rows and self.shelf.loading:
            blit_wrapped(surface, f.get("italic", 26), self.reading_words(), theme.CANDLE,
                         LIST.inflate(-30, 0).move(0, 20))
        elif not rows:
            blit_wrapped(surface, f.get("italic", 26),
                         _("No card packs yet. “Load the example pack” shows what one looks like; the format is "
                           "described in the guide that came with the game: {guide}").format(guide=guide_path()),
                         theme.TEXT, LIST.inflate(-30, 0).move(0, 20))
        for (pack_id, name, detail, usable), rect in rows:
            if rect.bottom < LIST.y or rect.y > LIST.bottom:
                continue
            selected = pack_id == self.selected
            pygame.draw.rect(surface, theme.PANEL if usable else (60, 30, 30), rect, border_radius=10)
            pygame.draw.rect(surface, theme.CANDLE if selected else theme.PANEL_EDGE, rect, 4 if selected else 1,
                             border_radius=10)
            blit_text(surface, fit_font(f, "title", name, rect.w - 40, 28, 16), name,
                      theme.GOLD if usable else theme.WARN, (rect.x + 20, rect.y + 10))
            words = detail if usable else _("Refused: {why}").format(why=detail)
            blit_wrapped(surface, f.get("body", 19), words, theme.TEXT if usable else theme.TEXT_DIM,
                         pygame.Rect(rect.x + 20, rect.y + 48, rect.w - 40, 44))
        surface.set_clip(old)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        pack = self.shelf.packs.get(self.selected) if self.selected else None
        if pack is None:
            return
        top = self._draw_about(surface, pack)
        blit_text(surface, f.get("title", 26), _("Cards in this pack"), theme.GOLD, (PREVIEW.x, top))
        renderer = self.renderer(pack)
        w, h = card_size(CARD_W)
        builtin = load_builtin_cards()
        for i, record in enumerate(pack.records[:3]):
            rect = pygame.Rect(PREVIEW.x + i * (w + 40), top + 50, w, h)
            try:
                surface.blit(renderer.face(record["id"], CARD_W), rect)
            except KeyError:
                continue
            note = _("in place of {name}").format(name=builtin[record["id"]].name) if record["id"] in builtin \
                else _("a new card")
            blit_text(surface, fit_font(f, "italic", note, w, 20, 13), note, theme.TEXT_DIM,
                      (rect.centerx, rect.bottom + 10), "midtop")
        if len(pack.records) > 3:
            blit_text(surface, f.get("italic", 20), _("and {n} more").format(n=len(pack.records) - 3),
                      theme.TEXT_DIM, (PREVIEW.x, top + 50 + h + 44))

    def about_lines(self, pack) -> tuple[object, list[str]]:
        """(font, lines) of the pack's description and author in the player's language: at most
        ABOUT_LINES lines, the font made smaller (down to 16 px) until they fit."""
        words = pack.description
        if pack.author:
            words = (words + "\n" if words else "") + _("Made by {author}").format(author=pack.author)
        if not words:
            return None, []
        for size in range(21, 15, -1):
            font = self.app.fonts.get("italic", size)
            lines = wrap(font, words, PREVIEW.w)
            if len(lines) <= ABOUT_LINES:
                break
        return font, lines[:ABOUT_LINES]

    def _draw_about(self, surface: pygame.Surface, pack) -> int:
        """The pack's description and author above its cards; returns the y below them."""
        font, lines = self.about_lines(pack)
        y = PREVIEW.y
        for line in lines:
            blit_text(surface, font, line, theme.TEXT, (PREVIEW.x, y))
            y += font.get_linesize()
        return y + 14 if lines else y
