"""Judgement: the score line by line as R11 counts it, the rank, or why the ritual failed."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import ROMAN
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.icons import draw_icon
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.table.panels import draw_background
from aleph_null_desktop.ui.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.widgets import Button, buttons_handle

RANKS = ("Adept 0", "Wizard 1–2", "Master 3–5", "Grand Master 6–8", "Prince 9+")
# why a lost ritual was lost, with the rule that says so
LOSS_RULES = {
    "damage": "The third damage token ends the ritual (R9.2). Unspent power at the end of a turn, "
              "tokens left on the Grimoire when the Hour turns and interference all cost damage.",
    "time": "The Grimoire turned past its last Hour before BAPHOMET was summoned (R5.3).",
    "key_sacrificed": "A Key may be sacrificed only by BAPHOMET's summoning (R10.2).",
    "cards_remain": "When BAPHOMET is summoned the deck, the hand and the discard pile must be empty (R11.1).",
    "negative_score": "A score below zero loses (R11.3).",
}


class JudgementScene(Scene):
    def __init__(self, app, game, circle_id: str) -> None:
        super().__init__(app)
        self.game = game
        self.outcome = game.outcome
        self.circle_id = circle_id
        self.background = draw_background(theme.LOGICAL_SIZE)
        app.music("judgement")
        self.buttons = [
            Button(pygame.Rect(560, 940, 380, 76), "Another ritual",
                   on_click=lambda: app.new_ritual(circle_id), key_hint="Enter"),
            Button(pygame.Rect(980, 940, 380, 76), "Title", on_click=app.show_title, key_hint="Esc"),
        ]

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[0].click()
            elif event.key == pygame.K_ESCAPE:
                self.buttons[1].click()
            elif event.key == pygame.K_F1:  # the Grimoire at its Hierarchy page, with this rank
                from aleph_null_desktop.ui.grimoire import open_reference

                open_reference(self.app, "hierarchy")
            return
        buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        fonts, outcome = self.app.fonts, self.outcome
        surface.blit(self.background, (0, 0))
        page = pygame.Rect(460, 40, 1000, 870)
        pygame.draw.rect(surface, theme.PARCHMENT, page, border_radius=16)
        pygame.draw.rect(surface, theme.GOLD, page, 4, border_radius=16)
        blit_text(surface, fonts.get("title", 30), "JUDGEMENT", theme.INK_SOFT, (960, 64), "midtop")
        icon = "crown" if outcome.won else "damage"
        draw_icon(surface, icon, pygame.Rect(910, 108, 100, 100), theme.GOLD if outcome.won else theme.BLOOD)
        if outcome.won:
            headline = f"BAPHOMET answers. Rank: {outcome.rank}"
        else:
            headline = "The ritual has failed"
        blit_text(surface, fit_font(fonts, "title", headline, page.w - 60, 48), headline, theme.INK,
                  (960, 220), "midtop")
        y = blit_wrapped(surface, fonts.get("body", 26), outcome.message, theme.INK,
                         pygame.Rect(540, 300, 840, 120), align="center") + 16
        hour = ROMAN.get(outcome.hour or self.game.hour, "")
        blit_text(surface, fonts.get("italic", 22), f"Hour {hour} · damage {self.game.damage} of 3",
                  theme.INK_SOFT, (960, y), "midtop")
        y += 50
        if outcome.breakdown:
            y = self._draw_breakdown(surface, y)
        if not outcome.won and outcome.reason in LOSS_RULES:
            y = blit_wrapped(surface, fonts.get("italic", 24), LOSS_RULES[outcome.reason], theme.INK_SOFT,
                             pygame.Rect(560, y, 800, 100), align="center") + 30
        self._draw_standing(surface, y)
        if outcome.won:
            ranks = "   ·   ".join(RANKS)
            blit_text(surface, fonts.get("body", 19), "The Grand Hierarchy: " + ranks, theme.INK_SOFT,
                      (960, page.bottom - 50), "midtop")
        for b in self.buttons:
            b.draw(surface, fonts, size=26)

    def _draw_standing(self, surface, y: int) -> None:
        """Where the ritual stood at its end: what was left to thin."""
        game, fonts = self.game, self.app.fonts
        blit_text(surface, fonts.get("title", 22), "The table at the end", theme.INK_SOFT, (960, y), "midtop")
        y += 40
        zones = (("deck", "in the deck"), ("hand", "in the hand"), ("discard", "in the discard pile"),
                 ("play", "in play"), ("sacrificed", "sacrificed"))
        parts = [f"{len(game.zone(z))} {words}" for z, words in zones]
        blit_wrapped(surface, fonts.get("body", 22), " · ".join(parts), theme.INK,
                     pygame.Rect(540, y, 840, 80), align="center")

    def _draw_breakdown(self, surface, y: int) -> int:
        fonts = self.app.fonts
        font, bold = fonts.get("body", 26), fonts.get("bold", 26)
        left, right = 600, 1320
        blit_text(surface, fonts.get("title", 22), "The score, line by line (R11)", theme.INK_SOFT,
                  (960, y), "midtop")
        y += 44
        for label, points in self.outcome.breakdown:
            blit_text(surface, font, label, theme.INK, (left, y))
            sign = "+" if points > 0 else ("−" if points < 0 else "")
            blit_text(surface, bold, f"{sign}{abs(points)}", theme.INK, (right, y), "topright")
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (left, y + 38), (right, y + 38), 1)
            y += 44
        if self.outcome.score is not None:
            pygame.draw.line(surface, theme.INK, (left, y + 2), (right, y + 2), 2)
            blit_text(surface, bold, "Score", theme.INK, (left, y + 10))
            blit_text(surface, bold, str(self.outcome.score), theme.INK, (right, y + 10), "topright")
            y += 56
        return y
