"""The gallery of custom cards: each drawn by the game's card renderer. Create, edit, duplicate,
rename, delete (with confirmation), export, import (a button, or drop a .json file on the
window), and start a ritual with custom cards. Share them (ui.editor.share): print the selected
cards (Ctrl+click selects several; none selected prints them all) as print-and-play sheets, save
one as a PNG, copy its card code, paste a code."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

from aleph_null_desktop.editor.draft import NAME_MAX, SIDE_TITLES, CardDraft, validate
from aleph_null_desktop.editor.library import EditorError, Library, export_path
from aleph_null_desktop.engine.cards import ROMAN, CardDataError, card_from_dict
from aleph_null_desktop.i18n import N_, _, current_language, ngettext
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.card_renderer import CardRenderer, card_size
from aleph_null_desktop.ui.editor.controls import draw_message
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font, wrap
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

GRID = pygame.Rect(60, 190, 1800, 630)
MESSAGES_Y = 846
SHARE_ROW = pygame.Rect(60, 908, 1800, 70)
MAIN_ROW = pygame.Rect(60, 990, 1800, 72)
TILE_W = 250
TILE_GAP = (34, 64)
DOUBLE_CLICK_MS = 450


def _export_folder() -> Path:
    home = Path.home()
    for name in ("Documents", "Downloads"):
        if (home / name).is_dir():
            return home / name
    return home


class GalleryScene(Scene):
    def __init__(self, app, library: Library | None = None) -> None:
        super().__init__(app)
        self.library = library or Library()
        self.messages: list[tuple[str, str]] = [("warning", m) for m in self.library.load()]
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.selected: str | None = None
        self.chosen: set[str] = set()  # the selection: the selected card, and more by Ctrl+click
        self.scroll = 0
        self._thumbs = SurfaceCache("gallery_thumbnails")  # record id -> (what it showed, face)
        self._last_click = (None, -10_000)
        self.hover = None
        labels = [
            (N_("New card"), self.new_card, "N"), (N_("Edit"), self.edit_selected, "Enter"),
            (N_("Duplicate"), self.duplicate, "Ctrl+D"), (N_("Rename"), self.rename, "F2"),
            (N_("Delete"), self.delete, "Del"), (N_("Export…"), self.export, ""), (N_("Import…"), self.import_dialog, ""),
            (N_("Ritual with my cards"), self.ritual, ""), (N_("Card packs…"), self.packs, "P"), (N_("Back"), self.leave, "Esc"),
        ]
        share = [
            (N_("Print…"), self.print_dialog, "Ctrl+P"), (N_("Export PNG…"), self.export_png, ""),
            (N_("Copy code"), self.copy_code, "Ctrl+C"), (N_("Paste code"), self.paste_code, "Ctrl+V"),
        ]
        self.buttons = {}
        self._row(app, labels, MAIN_ROW)
        self._row(app, share, SHARE_ROW, fill=False)
        self._sync()

    def _row(self, app, labels, row: pygame.Rect, fill: bool = True) -> None:
        """A row of buttons as wide as their labels; `fill`: the spare room shared out."""
        x, gap = row.x, 14
        font = app.fonts.get("title", 22)
        widths = [font.size(_(label))[0] + 56 for label, _action, _key in labels]
        room = row.w - gap * (len(labels) - 1)
        if sum(widths) > room:  # long words (German): every button narrower, its label fitted
            widths = [w * room // sum(widths) for w in widths]
        spare = (room - sum(widths)) // len(labels) if fill else 70
        for (label, action, hint), w in zip(labels, widths):
            w += max(0, spare)
            self.buttons[label] = Button(pygame.Rect(x, row.y, w, row.h), _(label), on_click=action, key_hint=hint)
            x += w + gap

    # ------------------------------------------------------------------ state
    @property
    def entries(self):
        return self.library.sorted()

    def _sync(self) -> None:
        if self.selected not in self.library.entries:
            self.selected = None
        self.chosen = {cid for cid in self.chosen if cid in self.library.entries}
        if self.selected:
            self.chosen.add(self.selected)
        need = {"Edit", "Duplicate", "Rename", "Delete", "Export…", "Export PNG…", "Copy code"}
        for label in need:
            b = self.buttons[label]
            b.enabled = self.selected is not None
            b.detail = "" if b.enabled else _("select a card")
        ritual = self.buttons["Ritual with my cards"]
        ritual.enabled = bool(self.library.entries)
        ritual.detail = "" if ritual.enabled else _("no cards yet")
        printing = self.buttons["Print…"]  # the dialog says how many cards it prints
        printing.enabled = bool(self.library.entries)
        printing.detail = "" if printing.enabled else _("no cards yet")
        if self.library.read_only:
            for label in ("New card", "Duplicate", "Rename", "Delete", "Import…", "Paste code"):
                self.buttons[label].enabled = False
                self.buttons[label].detail = _("read-only")

    def say(self, text: str, kind: str = "info") -> None:
        self.messages = [(kind, text)]

    def tile_rects(self) -> list[pygame.Rect]:
        """Tile 0 is the 'new card' tile, then one per card."""
        w, h = card_size(TILE_W)
        cols = max(1, (GRID.w + TILE_GAP[0]) // (w + TILE_GAP[0]))
        rects = []
        for i in range(len(self.entries) + 1):
            col, row = i % cols, i // cols
            rects.append(pygame.Rect(GRID.x + col * (w + TILE_GAP[0]), GRID.y + row * (h + TILE_GAP[1]) - self.scroll, w, h))
        return rects

    def _thumb(self, record: dict) -> pygame.Surface | None:
        key = json.dumps(record, sort_keys=True) + current_language()
        cached = self._thumbs.get(record["id"])
        if cached and cached[0] == key:
            return cached[1]
        try:
            card = card_from_dict(record)
        except CardDataError:
            return None
        surface = CardRenderer({card.id: card}, self.app.fonts).face(card.id, TILE_W)
        self._thumbs[record["id"]] = (key, surface)
        return surface

    # ------------------------------------------------------------------ commands
    def _open_editor(self, draft: CardDraft | None) -> None:
        from aleph_null_desktop.ui.editor.edit_scene import EditScene

        def closed(card_id):
            if card_id:
                self.selected = card_id
            self._sync()

        self.app.stack.push(EditScene(self.app, self.library, draft, on_close=closed))

    def new_card(self) -> None:
        if self.library.read_only:
            self.say(_("Nothing can be saved: {why}.").format(why=self.library.read_only), "error")
            return
        self._open_editor(None)

    def edit_selected(self) -> None:
        if self.selected:
            self._open_editor(self.library.draft(self.selected))

    def duplicate(self) -> None:
        if not self.selected:
            return
        try:
            self.selected = self.library.duplicate(self.selected)
            self.say(_("Duplicated as “{name}”.").format(name=self.library.entries[self.selected].name))
        except EditorError as err:
            self.say(str(err), "error")
        self._sync()

    def rename(self) -> None:
        if not self.selected:
            return
        entry = self.library.entries[self.selected]
        draft = self.library.draft(entry.id)

        def check(text: str) -> str | None:
            draft.name = text
            result = validate(draft, self.library.others(entry.id))
            return result.errors.get("name")

        def done(text: str | None) -> None:
            try:
                self.selected = self.library.rename(entry.id, text or "")
                self.say(_("Renamed to “{name}”.").format(name=self.library.entries[self.selected].name))
            except EditorError as err:
                self.say(str(err), "error")
            self._sync()

        self.app.stack.push(DialogScene(self.app, _("Rename the card"), _("A new name for “{name}”:").format(
                                        name=entry.name), buttons=[(_("Rename"), done), (_("Cancel"), None)], field_text=entry.name,
                                        check=check, max_length=NAME_MAX + 10, name="rename"))

    def delete(self) -> None:
        if not self.selected:
            return
        entry = self.library.entries[self.selected]

        def done(_result):
            try:
                self.library.delete(entry.id)
                self.say(_("Deleted “{name}”.").format(name=entry.name))
            except EditorError as err:
                self.say(str(err), "error")
            self._sync()

        self.app.stack.push(DialogScene(
            self.app, _("Delete this card?"),
            _("“{name}” will be deleted from your gallery (the file {file}). Rituals already under way keep "
              "their copy. This cannot be undone.").format(name=entry.name, file=entry.path.name),
            buttons=[(_("Delete"), done), (_("Keep it"), None)], name="delete"))

    def export(self) -> None:
        if not self.selected:
            return
        entry = self.library.entries[self.selected]
        default = str(_export_folder() / f"{entry.id.removeprefix('custom_')}.json")

        def check(text: str) -> str | None:
            return export_path(text)[1]

        def done(text: str | None) -> None:
            try:
                path = self.library.export(entry.id, (text or "").strip())
                self.say(_("Exported “{name}” to {path}.").format(name=entry.name, path=path))
            except EditorError as err:
                self.say(str(err), "error")

        self.app.stack.push(DialogScene(self.app, _("Export the card"), _("Save a copy of the card as a .json file:"),
                                        buttons=[(_("Export"), done), (_("Cancel"), None)], field_text=default,
                                        check=check, max_length=400, width=1100, name="export"))

    def import_dialog(self) -> None:
        def check(text: str) -> str | None:
            return None if text.strip() else _("give the path of a .json card file")

        self.app.stack.push(DialogScene(
            self.app, _("Import a card"), _("The path of a .json card file (or drop the file on the window):"),
            buttons=[(_("Import"), lambda text: self.import_path(text or "")), (_("Cancel"), None)],
            field_text=str(_export_folder()) + os.sep, check=check, max_length=400, width=1100, name="import"))

    def import_path(self, path: str) -> None:
        result = self.library.import_file(os.path.expanduser(path.strip()))
        if result.ok:
            self.selected = result.ids[-1]
            self.say(result.message)
        else:
            self.say(result.message, "error")
        self._sync()

    # ------------------------------------------------------------------ sharing
    def to_print(self) -> list[dict]:
        """The selected cards in gallery order; all of them when none is selected."""
        entries = self.entries
        chosen = [e for e in entries if e.id in self.chosen]
        return [e.record for e in (chosen or entries)]

    def print_dialog(self) -> None:
        records = self.to_print()
        if not records:
            return
        from aleph_null_desktop.ui.editor.share import print_cards

        name = (self.library.entries[self.selected].id.removeprefix("custom_") if len(records) == 1 and self.selected
                else "aleph-null-cards")
        print_cards(self.app, records, _export_folder() / f"{name}.pdf", self.say)

    def export_png(self) -> None:
        if not self.selected:
            return
        from aleph_null_desktop.ui.editor.share import write_png

        entry = self.library.entries[self.selected]

        def done(text: str | None) -> None:
            path, problem = export_path(text or "", ".png")
            problem = problem or write_png(entry.record, path, self.app.fonts)
            if problem:
                self.say(_("The image could not be saved: {why}.").format(why=problem), "error")
            else:
                self.say(_("Saved “{name}” as an image (750 × 1050) in {path}.").format(name=entry.name, path=path))

        self.app.stack.push(DialogScene(
            self.app, _("Save the card as an image"), _("A PNG of 750 × 1050 pixels, for posting:"),
            buttons=[(_("Save"), done), (_("Cancel"), None)],
            field_text=str(_export_folder() / f"{entry.id.removeprefix('custom_')}.png"),
            check=lambda text: export_path(text, ".png")[1], max_length=400, width=1100, name="png"))

    def copy_code(self) -> None:
        if not self.selected:
            return
        from aleph_null_desktop.ui.editor.share import copy_code

        entry = self.library.entries[self.selected]
        self.say(copy_code(self.app, entry.record, entry.name))

    def paste_code(self) -> None:
        """The card of the code on the clipboard; with none there, a dialog to paste or type it."""
        if self.library.read_only:
            self.say(_("Nothing can be saved: {why}.").format(why=self.library.read_only), "error")
            return
        from aleph_null_desktop.editor import card_code
        from aleph_null_desktop.ui.editor.share import clipboard_text

        text = clipboard_text()
        if text.strip().startswith("AN"):
            self.import_code(text)
            return
        self.app.stack.push(DialogScene(
            self.app, _("Paste a card code"), _("A card code begins with {prefix} (Ctrl+V pastes it):").format(
                prefix=card_code.PREFIX),
            buttons=[(_("Add the card"), lambda code: self.import_code(code or "")), (_("Cancel"), None)],
            field_text="", check=card_code.problem, max_length=card_code.CODE_MAX, width=1100, name="paste"))

    def import_code(self, code: str) -> None:
        result = self.library.import_code(code)
        if result.ok:
            self.selected = result.ids[-1]
            self.chosen = {self.selected}
            self.say(result.message)
        else:
            self.say(result.message, "error")
        self._sync()

    def ritual(self) -> None:
        from aleph_null_desktop.ui.editor.ritual_scene import RitualSetupScene

        self.app.stack.push(RitualSetupScene(self.app, self.library,
                                             preselected=[self.selected] if self.selected else []))

    def packs(self) -> None:
        from aleph_null_desktop.ui.editor.packs_scene import PacksScene

        self.app.stack.push(PacksScene(self.app))

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if hasattr(event, "pos"):
            self.hover = event.pos
        if event.type == pygame.DROPFILE:
            self.import_path(event.file)
            return True
        if event.type == pygame.MOUSEWHEEL:
            rects = self.tile_rects()
            content = rects[-1].bottom + self.scroll - GRID.y
            self.scroll = max(0, min(max(0, content - GRID.h), self.scroll - event.y * 80))
            return True
        if event.type == pygame.KEYDOWN:
            key, mod = event.key, getattr(event, "mod", 0)
            ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            if key == pygame.K_ESCAPE:
                self.leave()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.edit_selected()
            elif key == pygame.K_DELETE:
                self.delete()
            elif key == pygame.K_F2:
                self.rename()
            elif ctrl and key == pygame.K_d:
                self.duplicate()
            elif ctrl and key == pygame.K_p:
                self.print_dialog()
            elif ctrl and key == pygame.K_c:
                self.copy_code()
            elif ctrl and key == pygame.K_v:
                self.paste_code()
            elif key == pygame.K_n and not ctrl:
                self.new_card()
            elif key == pygame.K_p and not ctrl:
                self.packs()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.entries:
                ids = [e.id for e in self.entries]
                i = ids.index(self.selected) if self.selected in ids else -1
                i = max(0, min(len(ids) - 1, i + (1 if key == pygame.K_RIGHT else -1)))
                self.selected = ids[i]
                self.chosen = {self.selected}
                self._sync()
            else:
                return False  # Up, Down, Tab: the outline over the buttons (ui.button_focus)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and GRID.collidepoint(event.pos):
            rects = self.tile_rects()
            if rects[0].collidepoint(event.pos):
                self.new_card()
                return True
            for entry, rect in zip(self.entries, rects[1:]):
                if rect.collidepoint(event.pos):
                    if getattr(event, "mod", pygame.key.get_mods()) & (pygame.KMOD_CTRL | pygame.KMOD_META):
                        self._toggle(entry.id)
                        return True
                    now = pygame.time.get_ticks()
                    double = getattr(event, "clicks", 1) >= 2 or (
                        self._last_click[0] == entry.id and now - self._last_click[1] < DOUBLE_CLICK_MS)
                    self.selected = entry.id
                    self.chosen = {entry.id}
                    self._last_click = (entry.id, now)
                    self._sync()
                    if double:
                        self.edit_selected()
                    return True
            self.selected = None
            self.chosen = set()
            self._sync()
            return True
        return buttons_handle(list(self.buttons.values()), event)

    def _toggle(self, card_id: str) -> None:
        """Ctrl+click: the card joins the selection, or leaves it."""
        if card_id in self.chosen:
            self.chosen.discard(card_id)
            if self.selected == card_id:
                self.selected = next((e.id for e in self.entries if e.id in self.chosen), None)
        else:
            self.chosen.add(card_id)
            self.selected = card_id
        self._sync()

    # ------------------------------------------------------------------ drawing
    def _draw_header(self, surface, fonts) -> None:
        """The title, what the screen is for and where the cards are, above the grid: wrapped to the
        window's width, the three made smaller together until they fit (any UI scale, any language)."""
        title = _("Your interference cards")
        intro = _("The blank cards of the box, designed by you. Click a card to select it, double-click to edit; "
                  "drop a .json card file on the window to import it.")
        folder = ngettext("{n} card in {folder}", "{n} cards in {folder}", len(self.library.entries)).format(
            n=len(self.library.entries), folder=self.library.folder)
        width = theme.LOGICAL_SIZE[0] - 124
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6):
            parts = [(fit_font(fonts, "title", title, width, round(46 * shrink), 10), [title], theme.GOLD),
                     (fonts.get("italic", round(25 * shrink)), None, theme.TEXT),
                     (fit_font(fonts, "body", folder, width, round(21 * shrink), 10), [folder], theme.TEXT_DIM)]
            parts[1] = (parts[1][0], wrap(parts[1][0], intro, width), theme.TEXT)
            height = sum(font.get_linesize() * len(lines) for font, lines, _colour in parts)
            if 30 + height <= GRID.top - 14:
                break
        y = 30
        for font, lines, colour in parts:
            for line in lines:
                blit_text(surface, font, line, colour, (62, y))
                y += font.get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        self._draw_header(surface, fonts)
        old_clip = surface.get_clip()
        surface.set_clip(GRID.inflate(20, 40))
        rects = self.tile_rects()
        self._draw_new_tile(surface, fonts, rects[0])
        for entry, rect in zip(self.entries, rects[1:]):
            if rect.bottom < GRID.y - 40 or rect.top > GRID.bottom + 40:
                continue
            selected = entry.id in self.chosen
            if selected:
                pygame.draw.rect(surface, theme.CANDLE, rect.inflate(16, 16), 5, border_radius=16)
            elif self.hover and rect.collidepoint(self.hover):
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect.inflate(12, 12), 3, border_radius=14)
            thumb = self._thumb(entry.record)
            if thumb is not None:
                surface.blit(thumb, rect)
            rec = entry.record
            side = SIDE_TITLES.get(rec.get("side"))
            caption = _("Level {level} · {side}").format(level=ROMAN.get(rec.get("level"), "?"),
                                                          side=_(side) if side else "")
            if selected:
                caption = _("SELECTED · {caption}").format(caption=caption)
            # as wide as the gap to the next card leaves: two selected cards' captions never touch
            blit_text(surface, fit_font(fonts, "body" if not selected else "bold", caption, rect.w + TILE_GAP[0] - 10, 20, 14),
                      caption,
                      theme.CANDLE if selected else theme.TEXT_DIM, (rect.centerx, rect.bottom + 14), "midtop")
        surface.set_clip(old_clip)
        if not self.library.entries:
            blit_wrapped(surface, fonts.get("italic", 28),
                         _("No custom cards yet. Create one with “New card”, or drop a card file here."),
                         theme.TEXT, pygame.Rect(rects[0].right + 60, rects[0].centery - 20, 1200, 100))
        y = MESSAGES_Y
        for kind, text in self.messages[-2:]:
            if kind == "info":
                blit_text(surface, fonts.get("body", 23), text[:200], theme.TEXT, (60, y))
                y += 30
            else:
                y = draw_message(surface, fonts, kind, text, pygame.Rect(60, y, 1800, 60), size=21)
        for b in self.buttons.values():
            b.draw(surface, fonts, size=22)

    def _draw_new_tile(self, surface, fonts, rect: pygame.Rect) -> None:
        hot = self.hover is not None and rect.collidepoint(self.hover)
        pygame.draw.rect(surface, theme.TABLE_GLOW if hot else theme.PANEL, rect, border_radius=14)
        # a dashed frame: the blank card
        for i in range(0, rect.w, 24):
            pygame.draw.line(surface, theme.GOLD, (rect.x + i, rect.y), (rect.x + min(rect.w, i + 12), rect.y), 2)
            pygame.draw.line(surface, theme.GOLD, (rect.x + i, rect.bottom - 1), (rect.x + min(rect.w, i + 12), rect.bottom - 1), 2)
        for i in range(0, rect.h, 24):
            pygame.draw.line(surface, theme.GOLD, (rect.x, rect.y + i), (rect.x, rect.y + min(rect.h, i + 12)), 2)
            pygame.draw.line(surface, theme.GOLD, (rect.right - 1, rect.y + i), (rect.right - 1, rect.y + min(rect.h, i + 12)), 2)
        c = rect.center
        pygame.draw.line(surface, theme.GOLD, (c[0] - 34, c[1] - 20), (c[0] + 34, c[1] - 20), 6)
        pygame.draw.line(surface, theme.GOLD, (c[0], c[1] - 54), (c[0], c[1] + 14), 6)
        blit_text(surface, fonts.get("title", 26), _("New card"), theme.GOLD, (c[0], c[1] + 40), "midtop")
        draw_icon(surface, "eye", pygame.Rect(c[0] - 20, rect.bottom - 60, 40, 40), theme.PANEL_EDGE)
