"""Judgement: the score line by line as R11 counts it, the rank, or why the ritual failed."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import ROMAN
from aleph_null_desktop.cardpacks import pack_name
from aleph_null_desktop.i18n import N_, _
from aleph_null_desktop.rituals.code import code_of_game
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.grimoire.book import HIERARCHY, HIERARCHY_SPANS
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.scenes.ritual_guard import confirm_new_ritual
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

# why a lost ritual was lost: the rule that says so, in words
LOSS_RULES = {
    "damage": N_("The third damage token ends the ritual. Unspent power at the end of a turn, "
                 "tokens left on the Grimoire when the Hour turns and interference all cost damage."),
    "time": N_("The Grimoire turned past its last Hour before BAPHOMET was summoned."),
    "key_sacrificed": N_("A Key may be sacrificed only by BAPHOMET's summoning."),
    "cards_remain": N_("When BAPHOMET is summoned the deck, the hand and the discard pile must be empty."),
    "negative_score": N_("A score below zero loses."),
}


PAGE_W = 1000
PAGE_TOP, PAGE_BOTTOM = 40, 910  # the most the parchment may take: it is as tall as its words
BUTTONS_GAP, BUTTON_H = 30, 76
ROW_H = 64  # a button's height when there are two rows


def _replayable(game) -> bool:
    """Whether the ritual's moves replay from its deal (a lesson set up as a scenario does not)."""
    from aleph_null_desktop.rituals.record import ritual_record
    from aleph_null_desktop.storage.rituals import replay_ritual

    return replay_ritual(ritual_record(game))[0] is not None


class JudgementScene(Scene):
    def __init__(self, app, game, circle_id: str) -> None:
        super().__init__(app)
        self.game = game
        self.outcome = game.outcome
        self.circle_id = circle_id
        self.background = draw_background(theme.LOGICAL_SIZE)
        code = code_of_game(game)
        self.code = str(code) if code else None
        app.music("judgement")
        # the parchment (as tall as its words) and the buttons under it, centred as one block: a row
        # for this ritual (its code, its table, its replay, the review) over a row to go on
        self._page = self._draw_page()
        about = []
        if self.code:
            about.append((_("Copy the ritual code"), self.copy_code, "C"))
        if game.history and _replayable(game):
            about += [(_("Look at the table"), self.look_at_the_table, "L"), (_("Watch again"), self.watch_again, "W"),
                      (_("The expert's review"), self.open_review, "R")]
        elif game.history:  # a lesson's prepared table: no replay, but its end can be looked at
            about.append((_("Look at the table"), self.look_at_the_end, "L"))
        onward = [(_("Another ritual"), lambda: confirm_new_ritual(app, lambda: app.new_ritual(circle_id)), "Enter"),
                  (_("The Grand Hierarchy"), self.open_hierarchy, "F1"),
                  (_("Statistics"), self.open_statistics, "T"),
                  (_("Title"), app.show_title, "Esc")]
        rows = [row for row in (about, onward) if row]
        button_h = BUTTON_H if len(rows) == 1 else ROW_H
        gap = BUTTONS_GAP if len(rows) == 1 else 16
        block = self._page.get_height() + gap + len(rows) * (button_h + 10) - 10
        self.page_rect = self._page.get_rect(midtop=(960, max(PAGE_TOP, (theme.LOGICAL_SIZE[1] - block) // 2)))
        y = self.page_rect.bottom + gap
        w, between = 330, 24
        placed = []
        for row in rows:
            x = 960 - (len(row) * w + (len(row) - 1) * between) // 2
            placed.append([Button(pygame.Rect(x + i * (w + between), y, w, button_h), label, on_click=action,
                                  key_hint=key) for i, (label, action, key) in enumerate(row)])
            y += button_h + 10
        self.buttons = placed[-1] + (placed[0] if len(placed) > 1 else [])  # "Another ritual" first
        from aleph_null_desktop.ui.table.spoken import judgement_words, sentences

        app.speak(lambda: sentences(judgement_words(game), *(f"{b.key_hint}: {b.label}" for b in self.buttons)))
        self.keys = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_SPACE: "Enter",
                     pygame.K_ESCAPE: "Esc", pygame.K_F1: "F1", pygame.K_t: "T", pygame.K_c: "C", pygame.K_l: "L",
                     pygame.K_w: "W", pygame.K_r: "R"}

    def open_review(self) -> None:
        """The expert's review of this ritual, over Judgement (it runs in a worker process)."""
        from aleph_null_desktop.rituals.record import ritual_record
        from aleph_null_desktop.ui.scenes.review import ReviewScene

        self.app.stack.push(ReviewScene(self.app, ritual_record(self.game)))

    def look_at_the_end(self) -> None:
        """The table as a ritual that cannot be replayed ended (its cards and log), read only."""
        from aleph_null_desktop.ui.scenes.replay import EndedTableScene

        self.app.stack.push(EndedTableScene(self.app, self.game, self.circle_id))

    def look_at_the_table(self) -> None:
        """The table as the ritual ended, read only; its moves can be stepped back through."""
        self._replay(step=None, playing=False)

    def watch_again(self) -> None:
        """The ritual played again from its first move on the table, read only."""
        self._replay(step=0, playing=True)

    def _replay(self, step, playing: bool) -> None:
        from aleph_null_desktop.rituals.record import ritual_record
        from aleph_null_desktop.ui.scenes.replay import EndedTableScene, ReplayScene

        try:
            scene = ReplayScene(self.app, ritual_record(self.game), step, playing=playing)
        except ValueError:  # not dealt from a seed (the lesson's prepared table): its end, as it is
            scene = EndedTableScene(self.app, self.game, self.circle_id)
        self.app.stack.push(scene)

    def copy_code(self) -> None:
        """The ritual code to the clipboard, to play this deal again or give it to someone."""
        from aleph_null_desktop.ui.editor.textfield import Clipboard

        if self.code:
            Clipboard.put(self.code)
            next(b for b in self.buttons if b.key_hint == "C").detail = _("copied")

    def open_hierarchy(self) -> None:
        """The Grimoire at its Hierarchy page, with this rank; Esc comes back here."""
        from aleph_null_desktop.ui.grimoire import open_reference

        open_reference(self.app, "hierarchy")

    def open_statistics(self) -> None:
        """Statistics over Judgement (this ritual already counted); Esc comes back here."""
        from aleph_null_desktop.ui.scenes.statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            hint = self.keys.get(event.key)
            button = next((b for b in self.buttons if b.key_hint == hint), None) if hint else None
            if button is None:
                return False
            button.click()
            return True
        return buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        surface.blit(self._page, self.page_rect)
        for b in self.buttons:
            b.draw(surface, self.app.fonts, size=26)

    def _draw_page(self) -> pygame.Surface:
        """The parchment with everything on it, as tall as its words need."""
        words = pygame.Surface((PAGE_W, PAGE_BOTTOM - PAGE_TOP), pygame.SRCALPHA)
        bottom = self._draw_words(words)
        page = pygame.Surface((PAGE_W, min(words.get_height(), bottom + 36)), pygame.SRCALPHA)
        rect = page.get_rect()
        pygame.draw.rect(page, theme.PARCHMENT, rect, border_radius=16)
        pygame.draw.rect(page, theme.GOLD, rect, 4, border_radius=16)
        page.blit(words, (0, 0))
        return page

    def _draw_words(self, surface: pygame.Surface) -> int:
        """Draws the page's words (x centred on the page); returns the y below the last line."""
        fonts, outcome = self.app.fonts, self.outcome
        cx = surface.get_width() // 2
        blit_text(surface, fonts.get("title", 30), _("JUDGEMENT"), theme.INK_SOFT, (cx, 24), "midtop")
        icon = "crown" if outcome.won else "damage"
        draw_icon(surface, icon, pygame.Rect(cx - 50, 68, 100, 100), theme.GOLD if outcome.won else theme.BLOOD)
        if outcome.won:
            headline = _("BAPHOMET answers. Rank: {rank}").format(rank=_(outcome.rank) if outcome.rank else "")
        else:
            headline = _("The ritual has failed")
        blit_text(surface, fit_font(fonts, "title", headline, PAGE_W - 60, 48), headline, theme.INK,
                  (cx, 180), "midtop")
        y = blit_wrapped(surface, fonts.get("body", 26), outcome.message, theme.INK,
                         pygame.Rect(cx - 420, 260, 840, 120), align="center") + 16
        hour = ROMAN.get(outcome.hour or self.game.hour, "")
        line = _("Hour {hour} · damage {damage} of 3").format(hour=hour, damage=self.game.damage)
        pack = pack_name(self.game)
        if pack:
            line += " · " + _("card pack: {name}").format(name=pack)
        blit_text(surface, fit_font(fonts, "italic", line, PAGE_W - 60, 22, 14), line, theme.INK_SOFT, (cx, y), "midtop")
        y += 34
        if self.code:
            line = _("Ritual code: {code}").format(code=self.code)
            blit_text(surface, fit_font(fonts, "bold", line, PAGE_W - 60, 24, 14), line, theme.INK, (cx, y), "midtop")
            y += 34
        y += 16
        if outcome.breakdown:
            y = self._draw_breakdown(surface, y)
        if not outcome.won and outcome.reason in LOSS_RULES:
            y = blit_wrapped(surface, fonts.get("italic", 24), _(LOSS_RULES[outcome.reason]), theme.INK_SOFT,
                             pygame.Rect(cx - 400, y, 800, 100), align="center") + 30
        y = self._draw_standing(surface, y)
        if outcome.won:
            ranks = "   ·   ".join(f"{_(name)} {HIERARCHY_SPANS[name]}" for _lowest, name in HIERARCHY)
            y += 24
            y = blit_wrapped(surface, fonts.get("body", 19), _("The Grand Hierarchy: {ranks}").format(ranks=ranks),
                             theme.INK_SOFT, pygame.Rect(30, y, surface.get_width() - 60, 200), align="center") + 6
        return y

    def _draw_standing(self, surface, y: int) -> int:
        """Where the ritual stood at its end: what was left to thin. Returns the y below it."""
        game, fonts = self.game, self.app.fonts
        cx = surface.get_width() // 2
        blit_text(surface, fonts.get("title", 22), _("The table at the end"), theme.INK_SOFT, (cx, y), "midtop")
        y += 40
        zones = (("deck", _("{n} in the deck")), ("hand", _("{n} in the hand")),
                 ("discard", _("{n} in the discard pile")), ("play", _("{n} in play")),
                 ("sacrificed", _("{n} sacrificed")))
        parts = [words.format(n=len(game.zone(z))) for z, words in zones]
        return blit_wrapped(surface, fonts.get("body", 22), " · ".join(parts), theme.INK,
                            pygame.Rect(cx - 420, y, 840, 80), align="center")

    def _draw_breakdown(self, surface, y: int) -> int:
        fonts = self.app.fonts
        bold = fonts.get("bold", 26)
        cx = surface.get_width() // 2
        left, right = cx - 360, cx + 360
        blit_text(surface, fonts.get("title", 22), _("The score, line by line"), theme.INK_SOFT,
                  (cx, y), "midtop")
        y += 44
        for label, points in self.outcome.breakdown:
            label_font = fit_font(fonts, "body", label, right - left - 80, 26, 16)  # clear of the points
            blit_text(surface, label_font, label, theme.INK, (left, y))
            sign = "+" if points > 0 else ("−" if points < 0 else "")
            blit_text(surface, bold, f"{sign}{abs(points)}", theme.INK, (right, y), "topright")
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (left, y + 38), (right, y + 38), 1)
            y += 44
        if self.outcome.score is not None:
            pygame.draw.line(surface, theme.INK, (left, y + 2), (right, y + 2), 2)
            blit_text(surface, bold, _("Score"), theme.INK, (left, y + 10))
            blit_text(surface, bold, str(self.outcome.score), theme.INK, (right, y + 10), "topright")
            y += 56
        return y
