"""New ritual with custom cards: choose a Circle, tick the custom cards to set aside (each takes
the place of a built-in interference card of its level), begin. The engine gets the records and
the interference pool from editor.ritual.custom_setup, so the cards play as their data says."""

from __future__ import annotations

import random

import pygame

from aleph_null_desktop.editor.draft import NAME_MAX, SIDE_TITLES
from aleph_null_desktop.editor.library import Library
from aleph_null_desktop.editor.ritual import custom_setup, placement_problem, slots
from aleph_null_desktop.engine.cards import ROMAN, circles
from aleph_null_desktop.i18n import _
from aleph_null_desktop.safe_text import quote
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.editor.controls import Chip, draw_message, flow
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle


class RitualSetupScene(Scene):
    def __init__(self, app, library: Library, preselected: list[str] | None = None, circle: str = "adept") -> None:
        super().__init__(app)
        self.library = library
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.circle = circle
        self.chosen: list[str] = [c for c in (preselected or []) if c in library.entries]
        self.hover = None
        self.seed: int | None = None  # tests fix it; None: a random ritual
        self.buttons = [
            Button(pygame.Rect(60, 960, 420, 80), _("Begin the ritual"), on_click=self.begin, key_hint="Enter"),
            Button(pygame.Rect(500, 960, 300, 80), _("Back"), on_click=self.back, key_hint="Esc"),
        ]
        if self.chosen and placement_problem(library.records(), self.chosen, circle):
            level = library.entries[self.chosen[0]].record.get("level", 1)
            self.circle = next((c for c in circles() if slots(c)[level]), circle)
        self.rebuild()

    def rebuild(self) -> None:
        fonts = self.app.fonts
        self.controls = []
        row = []
        for cid, circle in circles().items():
            row.append(Chip(name=f"circle.{cid}", label=circle.name, mark="radio", selected=cid == self.circle,
                            on_click=lambda c=cid: self._circle(c)))
        flow(row, fonts, 60, 230, 1800)
        self.controls += row
        room = slots(self.circle)
        cards = []
        for entry in self.library.sorted():
            level = entry.record.get("level", 1)
            fits = room.get(level, 0) > 0
            side = SIDE_TITLES.get(entry.record.get("side"), "")
            cards.append(Chip(name=f"card.{entry.id}", label=_("{name} — level {level}, {side}").format(
                name=entry.name, level=ROMAN[level], side=_(side)),
                              mark="check", selected=entry.id in self.chosen, enabled=fits or entry.id in self.chosen,
                              on_click=lambda c=entry.id: self._toggle(c)))
            cards.append(None)
        flow(cards, fonts, 60, 420, 1100, gap=10)
        self.controls += [c for c in cards if c]
        self.problem = placement_problem(self.library.records(), self.chosen, self.circle)
        begin = self.buttons[0]
        begin.enabled = self.problem is None
        begin.detail = "" if self.chosen else _("with the usual cards")

    def _circle(self, cid: str) -> None:
        self.circle = cid
        self.rebuild()

    def _toggle(self, cid: str) -> None:
        if cid in self.chosen:
            self.chosen.remove(cid)
        else:
            self.chosen.append(cid)
        self.rebuild()

    def begin(self) -> None:
        from aleph_null_desktop.engine import new_game

        if self.problem:
            return
        from aleph_null_desktop.rituals.code import CODE_OPTION, RitualCode, new_deal

        seed = self.seed if self.seed is not None else new_deal(random)
        records, pool = custom_setup(self.library.records(), self.chosen, self.circle, seed)
        game = new_game(seed=seed, circle=self.circle, cards=records, interference_pool=pool)
        game.options[CODE_OPTION] = str(RitualCode(self.circle, seed, own=tuple((c, None) for c in self.chosen)))
        self.app.play(game, self.circle)

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event) -> bool:
        if hasattr(event, "pos"):
            self.hover = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[0].click()
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for c in self.controls:
                if c.click(event.pos):
                    return True
        return buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        blit_text(surface, fonts.get("title", 46), _("A ritual with your cards"), theme.GOLD, (60, 40))
        blit_wrapped(surface, fonts.get("italic", 25),
                     _("Tick custom cards to set aside with the interference of the Circle; each takes the place of "
                       "a built-in card of its level."), theme.TEXT, pygame.Rect(62, 110, 1796, 70))
        blit_text(surface, fonts.get("title", 24), _("CIRCLE"), theme.GOLD, (60, 190))
        c = circles()[self.circle]
        summary = ", ".join(_("{n} × level {level}").format(n=n, level=ROMAN[lvl])
                            for lvl, n in sorted(c.set_aside.items()) if n)
        blit_text(surface, fonts.get("body", 23), _("{circle} sets aside {summary}.").format(circle=c.name, summary=summary),
                  theme.TEXT, (60, 290))
        blit_text(surface, fonts.get("title", 24), _("YOUR CARDS"), theme.GOLD, (60, 380))
        for ctl in self.controls:
            ctl.draw(surface, fonts, self.hover)
        if not self.library.entries:
            blit_text(surface, fonts.get("italic", 24), _("You have no custom cards yet."), theme.TEXT_DIM, (60, 430))
        y = 860
        if self.problem:
            draw_message(surface, fonts, "error", self.problem[:1].upper() + self.problem[1:] + ".",
                         pygame.Rect(60, y, 1800, 60), size=23)
        elif self.chosen:
            names = ", ".join(quote(self.library.entries[i].name, NAME_MAX) for i in self.chosen)
            blit_wrapped(surface, fonts.get("body", 23), _("Set aside with the {circle}: {names}.").format(
                circle=c.name, names=names), theme.TEXT, pygame.Rect(60, y, 1800, 90))
        for b in self.buttons:
            b.draw(surface, fonts, size=26)
