"""The player's own cards in a new ritual: a sheet laid over the Grimoire's Circle spread.

The sheet lists the custom cards of the editor's library (the platformdirs data folder). The
player ticks the cards to set aside with the Circle's interference; each ticked card takes the
place of a printed card of its level (◂ ▸ choose which), and both are shown side by side, drawn
by the game's own card renderer. The choice lives in an ``editor.RitualChoice`` held by the
Grimoire; the engine gets it through ``editor.ritual.custom_setup`` when the ritual starts.
"""

from __future__ import annotations

import logging

import pygame

from aleph_null_desktop.editor.draft import SIDE_TITLES
from aleph_null_desktop.editor.ritual import RitualChoice, room_problem
from aleph_null_desktop.engine.cards import ROMAN, CardDataError, cardset_with, circles, load_builtin_cards
from aleph_null_desktop.i18n import _, localized
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.grimoire.book import short_circle_name
from aleph_null_desktop.ui.render.card_renderer import CardRenderer, card_size
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.render.veil import darken
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

log = logging.getLogger(__name__)

INK_RED = (128, 30, 26)
ROW_H = 84
ROW_GAP = 10
CARD_W = 230


def card_name(record: dict) -> str:
    name = record.get("name", {})
    return str(localized(name, str(record.get("id", "?"))) if isinstance(name, dict) else name)


class OwnCardsDialog(Scene):
    """Tick custom cards for the ritual and choose the printed card each replaces. `choice` is
    changed in place; `on_close()` runs when the sheet is put away, `on_editor()` when the player
    asks for the Card editor."""

    overlay = True

    def __init__(self, app, choice: RitualChoice, *, on_close=None, on_editor=None, messages=()) -> None:
        super().__init__(app)
        self.choice = choice
        self.on_close = on_close
        self.on_editor = on_editor
        self.panel = pygame.Rect(0, 0, 1640, 930)
        self.panel.center = (theme.LOGICAL_SIZE[0] // 2, theme.LOGICAL_SIZE[1] // 2)
        self.list_rect = pygame.Rect(self.panel.x + 50, self.panel.y + 190, 1010, 560)
        self.preview_rect = pygame.Rect(self.list_rect.right + 40, self.panel.y + 150,
                                        self.panel.right - 50 - self.list_rect.right - 40, 420)
        self.scroll = 0
        self.focus: str | None = None  # the card shown in the preview (hovered or last clicked)
        self.hover_pos = None
        self.message: tuple[str, str] | None = ("warning", " ".join(map(str, messages))) if messages else None
        self._sheet: pygame.Surface | None = None
        self._renderer: CardRenderer | None = None
        self._renderer_key = None
        bottom = self.panel.bottom - 100
        self.buttons = [
            Button(pygame.Rect(self.panel.right - 50 - 280, bottom, 280, 70), _("Done"), on_click=self.close,
                   key_hint="Enter"),
            Button(pygame.Rect(self.panel.right - 50 - 280 - 20 - 260, bottom, 260, 70), _("Untick all"),
                   on_click=self.untick_all),
            Button(pygame.Rect(self.panel.x + 50, bottom, 300, 70), _("Card editor"), on_click=self.open_editor,
                   key_hint="E"),
        ]
        self._sync()

    # ------------------------------------------------------------------ model
    def entries(self) -> list[dict]:
        """The custom cards, by level then name (the order of the list)."""
        return sorted(self.choice.records(), key=lambda r: (r.get("level", 0), card_name(r).casefold()))

    def _sync(self) -> None:
        ids = [r.get("id") for r in self.entries()]
        if self.focus not in ids:
            self.focus = self.choice.chosen[0] if self.choice.chosen else (ids[0] if ids else None)
        self.buttons[1].enabled = bool(self.choice.chosen)
        self.scroll = max(0, min(self.scroll, self._max_scroll()))

    def toggle(self, card_id: str) -> None:
        problem = self.choice.toggle(card_id)
        self.focus = card_id
        self.message = ("error", problem[:1].upper() + problem[1:] + ".") if problem else None
        self._sync()

    def cycle(self, card_id: str, step: int) -> None:
        self.choice.cycle(card_id, step)
        self.focus = card_id

    def untick_all(self) -> None:
        self.choice.clear()
        self.message = None
        self._sync()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_close:
            self.on_close()

    def open_editor(self) -> None:
        self.close()
        if self.on_editor:
            self.on_editor()

    # ------------------------------------------------------------------ geometry
    def _max_scroll(self) -> int:
        n = len(self.choice.records())
        return max(0, n * (ROW_H + ROW_GAP) - ROW_GAP - self.list_rect.h)

    def row_rects(self) -> list[tuple[dict, pygame.Rect]]:
        out = []
        y = self.list_rect.y - self.scroll
        for record in self.entries():
            out.append((record, pygame.Rect(self.list_rect.x, y, self.list_rect.w, ROW_H)))
            y += ROW_H + ROW_GAP
        return out

    def parts(self, row: pygame.Rect) -> dict[str, pygame.Rect]:
        """The clickable parts of a row: the tick box (the whole left of the row) and the ◂ name ▸
        selector of the card it replaces."""
        selector = pygame.Rect(row.right - 420, row.y + 34, 400, 42)
        return {
            "tick": pygame.Rect(row.x, row.y, selector.x - row.x - 10, row.h),
            "prev": pygame.Rect(selector.x, selector.y, 42, selector.h),
            "name": pygame.Rect(selector.x + 48, selector.y, selector.w - 96, selector.h),
            "next": pygame.Rect(selector.right - 42, selector.y, 42, selector.h),
        }

    def pack_parts(self) -> dict[str, pygame.Rect]:
        """The ◂ card pack ▸ selector at the foot of the sheet, between the buttons."""
        left = self.buttons[2].rect.right + 30
        right = self.buttons[1].rect.x - 30
        y = self.buttons[0].rect.bottom - 46
        return {"pack_prev": pygame.Rect(left, y, 46, 46), "pack_name": pygame.Rect(left + 52, y, right - left - 104, 46),
                "pack_next": pygame.Rect(right - 46, y, 46, 46)}

    def cycle_pack(self, step: int) -> None:
        self.choice.cycle_pack(step)
        self.message = None

    def hit(self, pos) -> tuple[str, str] | None:
        """("tick" | "prev" | "next" | "name", card id) under the point, or None."""
        for part, rect in self.pack_parts().items():
            if rect.collidepoint(pos):
                return (part, "")
        if not self.list_rect.collidepoint(pos):
            return None
        for record, row in self.row_rects():
            if not row.collidepoint(pos):
                continue
            cid = record.get("id")
            for part, rect in self.parts(row).items():
                if rect.collidepoint(pos):
                    if part != "tick" and cid not in self.choice.chosen:
                        return ("tick", cid)  # the selector of an unticked card: ticks it
                    return (part, cid)
            return ("tick", cid)
        return None

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            hit = self.hit(event.pos)
            if hit:
                self.focus = hit[1]
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * 60))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.hit(event.pos)
            if hit:
                part, cid = hit
                if part.startswith("pack_"):
                    self.cycle_pack(-1 if part == "pack_prev" else +1)
                elif part == "tick":
                    self.toggle(cid)
                else:
                    self.cycle(cid, -1 if part == "prev" else +1)
                return True
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return buttons_handle(self.buttons, event)

    def _key(self, key) -> bool:
        """The list's keys; False for a key that means nothing here."""
        ids = [r.get("id") for r in self.entries()]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_o):
            self.close()
        elif key == pygame.K_e:
            self.open_editor()
        elif key == pygame.K_p:
            self.cycle_pack(+1)
        elif not ids:
            return False
        elif key in (pygame.K_UP, pygame.K_DOWN):
            i = ids.index(self.focus) if self.focus in ids else 0
            i = max(0, min(len(ids) - 1, i + (1 if key == pygame.K_DOWN else -1)))
            self.focus = ids[i]
            self._scroll_to(i)
        elif key == pygame.K_SPACE and self.focus in ids:
            self.toggle(self.focus)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus in ids:
            self.cycle(self.focus, -1 if key == pygame.K_LEFT else +1)
        else:
            return False
        return True

    def _scroll_to(self, index: int) -> None:
        top = index * (ROW_H + ROW_GAP)
        if top < self.scroll:
            self.scroll = top
        elif top + ROW_H > self.scroll + self.list_rect.h:
            self.scroll = top + ROW_H - self.list_rect.h

    # ------------------------------------------------------------------ drawing
    def renderer(self) -> CardRenderer:
        pack = list(self.choice.pack.records) if self.choice.pack else []
        records = pack + [dict(r, custom=True) for r in self.choice.records()]
        key = repr(records)
        if self._renderer is None or self._renderer_key != key:
            try:
                cards = cardset_with(records)
            except CardDataError:  # a card the engine refuses (the library checks; belt and braces)
                log.warning("a custom card could not be drawn", exc_info=True)
                cards = load_builtin_cards()
            self._renderer, self._renderer_key = CardRenderer(cards, self.app.fonts), key
        return self._renderer

    def sheet(self) -> pygame.Surface:
        """The parchment sheet with its edge and shadow (drawn once)."""
        if self._sheet is None:
            from aleph_null_desktop.ui.grimoire.scene import book_art

            sheet = pygame.Surface(self.panel.inflate(40, 40).size, pygame.SRCALPHA)
            shadow = pygame.Rect(26, 30, self.panel.w, self.panel.h)
            pygame.draw.rect(sheet, (0, 0, 0, 120), shadow, border_radius=18)
            paper = pygame.transform.smoothscale(book_art(self.app.fonts).parchment(), self.panel.size)
            mask = pygame.Surface(self.panel.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=14)
            paper = paper.convert_alpha() if pygame.display.get_surface() else paper.copy()
            paper.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            sheet.blit(paper, (10, 10))
            pygame.draw.rect(sheet, theme.INK_SOFT, pygame.Rect(10, 10, *self.panel.size), 2, border_radius=14)
            self._sheet = sheet
        return self._sheet

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        darken(surface, 150)
        surface.blit(self.sheet(), (self.panel.x - 10, self.panel.y - 10))
        p = self.panel
        blit_text(surface, f.get("title", 40), _("Your own cards in this ritual"), theme.INK, (p.x + 50, p.y + 34))
        blit_wrapped(surface, f.get("body", 23),
                     _("Tick a card to set it aside with the Circle's interference. It takes the place of a "
                       "printed card of its level, which stays in the box for this ritual: the arrows choose which."),
                     theme.INK_SOFT, pygame.Rect(p.x + 50, p.y + 100, self.list_rect.w, 80))
        self._draw_list(surface)
        self._draw_preview(surface)
        self._draw_circles(surface)
        self._draw_pack(surface)
        if self.message:
            kind, text = self.message
            colour = INK_RED if kind == "error" else theme.INK_SOFT
            blit_wrapped(surface, f.get("bold" if kind == "error" else "italic", 22), text, colour,
                         pygame.Rect(self.list_rect.x, self.list_rect.bottom + 14, self.list_rect.w, 60))
        for b in self.buttons:
            b.draw(surface, f, size=26)

    def _draw_list(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        old_clip = surface.get_clip()
        surface.set_clip(self.list_rect.inflate(8, 8))
        cards = load_builtin_cards()
        entries = self.row_rects()
        if not entries:
            blit_wrapped(surface, f.get("italic", 26),
                         _("You have no cards of your own yet. The Card editor makes them (and the title screen "
                           "opens it too); the cards you save there appear here."), theme.INK_SOFT,
                         self.list_rect.inflate(-20, 0).move(0, 20))
        for record, row in entries:
            if row.bottom < self.list_rect.y or row.y > self.list_rect.bottom:
                continue
            cid = record.get("id")
            ticked = cid in self.choice.chosen
            focused = cid == self.focus
            fill = theme.PARCHMENT_DARK if ticked else (224, 204, 164)
            pygame.draw.rect(surface, fill, row, border_radius=10)
            edge = INK_RED if ticked else theme.INK_SOFT
            pygame.draw.rect(surface, edge, row, 3 if ticked or focused else 1, border_radius=10)
            box = pygame.Rect(row.x + 18, row.centery - 17, 34, 34)
            pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=5)
            pygame.draw.rect(surface, theme.INK, box, 3, border_radius=5)
            if ticked:  # a tick, not a colour, says it is in the ritual
                pygame.draw.lines(surface, theme.INK, False, [(box.x + 6, box.centery), (box.x + 14, box.bottom - 7),
                                                              (box.right - 5, box.y + 6)], 5)
            parts = self.parts(row)
            text_w = parts["tick"].right - (row.x + 72)
            name = card_name(record)
            blit_text(surface, fit_font(f, "title", name, text_w, 28, 18), name, theme.INK, (row.x + 72, row.y + 8))
            level = record.get("level", 0)
            side = str(record.get("side", ""))
            side = _(SIDE_TITLES[side]) if side in SIDE_TITLES else side.title()
            cost = record.get("cost")
            detail = _("Level {level} · {side}").format(level=ROMAN.get(level, level), side=side) + (
                _(" · summoning cost {cost}").format(cost=cost) if cost is not None else "")
            blit_text(surface, fit_font(f, "italic", detail, text_w, 22, 15), detail, theme.INK_SOFT,
                      (row.x + 72, row.y + 48))
            if ticked:
                blit_text(surface, f.get("italic", 20), _("in place of"), theme.INK_SOFT,
                          (parts["name"].centerx, row.y + 6), "midtop")
                replaced = self.choice.replaces.get(cid)
                label = cards[replaced].name if replaced in cards else "—"
                for part in ("prev", "next"):
                    r = parts[part]
                    hot = self.hover_pos is not None and r.collidepoint(self.hover_pos)
                    pygame.draw.rect(surface, theme.PARCHMENT if hot else (224, 204, 164), r, border_radius=8)
                    pygame.draw.rect(surface, theme.INK, r, 2, border_radius=8)
                    c, d = r.center, (-1 if part == "prev" else 1)
                    pygame.draw.polygon(surface, theme.INK, [(c[0] + 8 * d, c[1]), (c[0] - 6 * d, c[1] - 10),
                                                             (c[0] - 6 * d, c[1] + 10)])
                r = parts["name"]
                pygame.draw.rect(surface, theme.PARCHMENT, r, border_radius=8)
                pygame.draw.rect(surface, theme.INK_SOFT, r, 1, border_radius=8)
                blit_text(surface, fit_font(f, "bold", label, r.w - 16, 24, 15), label, theme.INK, r.center, "center")
            else:
                blit_text(surface, f.get("italic", 22), _("not in this ritual"), theme.INK_SOFT,
                          parts["name"].center, "center")
        surface.set_clip(old_clip)
        if self._max_scroll():  # a scroll bar: more cards below or above
            track = pygame.Rect(self.list_rect.right + 8, self.list_rect.y, 6, self.list_rect.h)
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=3)
            total = self._max_scroll() + self.list_rect.h
            knob = pygame.Rect(track.x, track.y + track.h * self.scroll // total, track.w,
                               max(30, track.h * self.list_rect.h // total))
            pygame.draw.rect(surface, theme.INK_SOFT, knob, border_radius=3)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        area = self.preview_rect
        ids = {r.get("id"): r for r in self.choice.records()}
        if self.focus not in ids:
            return
        renderer = self.renderer()
        gap = area.w - 2 * CARD_W
        left = pygame.Rect((area.x, area.y + 40), card_size(CARD_W))
        right = pygame.Rect((area.x + CARD_W + gap, area.y + 40), card_size(CARD_W))
        blit_text(surface, f.get("title", 22), _("Your card"), theme.INK, (left.centerx, area.y), "midtop")
        try:
            surface.blit(renderer.face(self.focus, CARD_W), left)
        except KeyError:
            pass
        replaced = self.choice.replaces.get(self.focus) if self.focus in self.choice.chosen else None
        if replaced:
            blit_text(surface, f.get("title", 22), _("In place of"), theme.INK, (right.centerx, area.y), "midtop")
            surface.blit(renderer.face(replaced, CARD_W), right)
            a = (left.right + 8, left.centery)
            b = (right.x - 8, right.centery)
            pygame.draw.line(surface, INK_RED, a, (b[0] - 12, b[1]), 4)
            pygame.draw.polygon(surface, INK_RED, [b, (b[0] - 16, b[1] - 10), (b[0] - 16, b[1] + 10)])
        else:
            blit_wrapped(surface, f.get("italic", 22), _("Tick this card to put it in the ritual; then choose the "
                                                         "printed card it replaces."), theme.INK_SOFT,
                         pygame.Rect(right.x, right.y + 40, right.w, right.h))

    def _draw_pack(self, surface: pygame.Surface) -> None:
        """◂ the card pack of this ritual ▸ (or the printed cards), with where packs come from."""
        f = self.app.fonts
        parts = self.pack_parts()
        packs = self.choice.packs()
        name_rect = parts["pack_name"]
        blit_text(surface, f.get("italic", 20), _("Card pack (P)") if packs else
                  _("Card packs are loaded in the Card editor’s gallery"), theme.INK_SOFT,
                  (name_rect.centerx, name_rect.y - 26), "midtop")
        for part in ("pack_prev", "pack_next"):
            r = parts[part]
            hot = self.hover_pos is not None and r.collidepoint(self.hover_pos)
            pygame.draw.rect(surface, theme.PARCHMENT if hot else (224, 204, 164), r, border_radius=8)
            pygame.draw.rect(surface, theme.INK if packs else theme.INK_SOFT, r, 2, border_radius=8)
            c, d = r.center, (-1 if part == "pack_prev" else 1)
            pygame.draw.polygon(surface, theme.INK, [(c[0] + 8 * d, c[1]), (c[0] - 6 * d, c[1] - 10),
                                                     (c[0] - 6 * d, c[1] + 10)])
        pygame.draw.rect(surface, theme.PARCHMENT, name_rect, border_radius=8)
        pygame.draw.rect(surface, INK_RED if self.choice.pack else theme.INK_SOFT, name_rect,
                         2 if self.choice.pack else 1, border_radius=8)
        label = self.choice.pack_label() if self.choice.pack else _("The printed cards")
        blit_text(surface, fit_font(f, "bold", label, name_rect.w - 16, 24, 14), label, theme.INK,
                  name_rect.center, "center")

    def _draw_circles(self, surface: pygame.Surface) -> None:
        """Which Circles can take the ticked cards: a tick or a cross and words, for each."""
        f = self.app.fonts
        x = self.preview_rect.x
        y = self.preview_rect.y + 40 + card_size(CARD_W)[1] + 30
        blit_text(surface, f.get("title", 24), _("The Circles, with these cards"), INK_RED, (x, y))
        y += 40
        pygame.draw.line(surface, theme.PARCHMENT_DARK, (x, y - 4), (self.preview_rect.right, y - 4), 2)
        if not self.choice.chosen:
            blit_wrapped(surface, f.get("italic", 22), _("No card ticked: every Circle sets aside its printed cards."),
                         theme.INK_SOFT, pygame.Rect(x, y + 4, self.preview_rect.w, 80))
            return
        by_id = self.choice.by_id()
        levels = [by_id[cid].get("level", 0) for cid in self.choice.chosen if cid in by_id]
        for cid, circle in circles().items():
            problem = self.choice.problem(cid)
            mark = pygame.Rect(x, y + 6, 18, 18)
            name = short_circle_name(circle.name)
            if problem:  # a cross and the reason in words
                pygame.draw.line(surface, INK_RED, mark.topleft, mark.bottomright, 4)
                pygame.draw.line(surface, INK_RED, mark.bottomleft, mark.topright, 4)
                text = f"{name}: {room_problem(levels, cid) or problem}"
            else:  # a tick
                pygame.draw.lines(surface, theme.INK, False, [(mark.x, mark.centery), (mark.x + 6, mark.bottom),
                                                              (mark.right, mark.y)], 4)
                text = _("{circle}: takes them").format(circle=name)
            font = fit_font(f, "body", text, self.preview_rect.w - 30, 22, 15)
            blit_text(surface, font, text, INK_RED if problem else theme.INK, (x + 30, y + 2))
            y += 32

