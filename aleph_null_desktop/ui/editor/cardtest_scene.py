"""The "Test this card" panel of the editor: the card against the printed card it replaces, over
the same rituals, played by the AI in a worker process (editor.cardtest). A progress bar and Cancel
while it runs; then the win rates with and without the card, the paired difference with its 95 %
interval, the mean scores and how the rituals were lost. ◂ ▸ choose the printed card replaced;
the buttons run more games or let the expert play."""

from __future__ import annotations

import logging

import pygame

from aleph_null_desktop.editor.cardtest import (
    EXPERT_GAMES, LOSS_ORDER, QUICK_GAMES, CardTest, CardTestSpec, default_circle, verdict,
)
from aleph_null_desktop.editor.ritual import replacement_choices
from aleph_null_desktop.engine.cards import circles, load_builtin_cards
from aleph_null_desktop.i18n import N_, _, decimal, localized, ngettext
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.render.veil import darken
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

log = logging.getLogger(__name__)

LOSS_WORDS = {"damage": N_("three damage"), "key_sacrificed": N_("a Key sacrificed"), "time": N_("out of time"),
              "cards_remain": N_("cards left at the end"), "negative_score": N_("a score below zero")}
# TRANSLATORS: the player who plays the test rituals, in "played by {player}"
PLAYER_WORDS = {"greedy": N_("the greedy player"), "expert": N_("the expert player")}
POLL_SECONDS = 0.1  # while the games run, the count shown is brought up to date this often


class CardTestScene(Scene):
    overlay = True

    def __init__(self, app, record: dict, *, player: str = "greedy", games: int | None = None,
                 autostart: bool = True) -> None:
        super().__init__(app)
        self.record = record
        level = record.get("level", 1)
        self.choices = replacement_choices(level)
        self.replaces = self.choices[0]
        self.circle = default_circle(level)
        self.player, self.games = player, games or QUICK_GAMES
        self.test: CardTest | None = None
        self.panel = pygame.Rect(0, 0, 1560, 900)
        self.panel.center = (theme.LOGICAL_SIZE[0] // 2, theme.LOGICAL_SIZE[1] // 2)
        p = self.panel
        y, w, gap = p.bottom - 96, 330, 20
        self.buttons = {
            "run": Button(pygame.Rect(p.x + 40, y, w, 70), _("Run again"), on_click=self.run, key_hint="R"),
            "more": Button(pygame.Rect(p.x + 40 + (w + gap), y, w, 70), ngettext("{n} game", "{n} games", 4 * QUICK_GAMES).format(n=4 * QUICK_GAMES),
                           on_click=self.more),
            "expert": Button(pygame.Rect(p.x + 40 + 2 * (w + gap), y, w, 70), _("Expert player"),
                             on_click=self.toggle_player),
            "cancel": Button(pygame.Rect(p.right - 40 - w, y, w, 70), _("Cancel"), on_click=self.cancel_or_close,
                             key_hint="Esc"),
        }
        self.selector = {"prev": pygame.Rect(p.x + 40, p.y + 176, 46, 46),
                         "name": pygame.Rect(p.x + 92, p.y + 176, 420, 46),
                         "next": pygame.Rect(p.x + 518, p.y + 176, 46, 46)}
        if autostart:
            self.run()

    # ------------------------------------------------------------------ commands
    def spec(self) -> CardTestSpec:
        return CardTestSpec(self.record, self.replaces, self.circle, self.player, self.games)

    def run(self) -> None:
        if self.test is not None:
            self.test.cancel()
        self.test = CardTest(self.spec())
        try:
            self.test.start()
        except Exception as err:  # no worker process on this system: say so
            log.warning("card test could not start", exc_info=True)
            self.test.state, self.test.error = "failed", f"{type(err).__name__}: {err}"
        self._sync()

    def base_games(self) -> int:
        """The expert thinks about a second per move, so it plays fewer rituals by default."""
        return EXPERT_GAMES if self.player == "expert" else QUICK_GAMES

    def more(self) -> None:
        self.games = self.base_games() if self.games > self.base_games() else 4 * self.base_games()
        self.run()

    def toggle_player(self) -> None:
        self.player = "expert" if self.player == "greedy" else "greedy"
        self.games = self.base_games()
        self.run()

    def cycle(self, step: int) -> None:
        i = self.choices.index(self.replaces)
        self.replaces = self.choices[(i + step) % len(self.choices)]
        self.run()

    def cancel_or_close(self) -> None:
        if self.test is not None and self.test.state == "running":
            self.test.cancel()
            self._sync()
        else:
            self.close()

    def close(self) -> None:
        if self.test is not None:
            self.test.cancel()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _sync(self) -> None:
        running = self.test is not None and self.test.state == "running"
        self.buttons["cancel"].label = _("Cancel") if running else _("Close")
        base = self.base_games()
        more = base if self.games > base else 4 * base
        self.buttons["more"].label = ngettext("{n} game", "{n} games", more).format(n=more)
        self.buttons["expert"].label = _("Expert player") if self.player == "greedy" else _("Greedy player")
        self.buttons["run"].label = _("Run again")

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.test is not None:
            before = self.test.state
            self.test.poll()
            if self.test.state != before:
                self._sync()

    def next_change(self) -> float | None:
        """While the games are played (on another thread) the count is looked at this often."""
        return POLL_SECONDS if self.test is not None and self.test.state == "running" else None

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel_or_close()
            elif event.key == pygame.K_r:
                self.run()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.cycle(-1 if event.key == pygame.K_LEFT else 1)
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for part in ("prev", "next"):
                if self.selector[part].collidepoint(event.pos):
                    self.cycle(-1 if part == "prev" else 1)
                    return True
        return buttons_handle(list(self.buttons.values()), event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        p = self.panel
        darken(surface, 170)
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=16)
        pygame.draw.rect(surface, theme.GOLD, p, 2, border_radius=16)
        names = self.record.get("name")
        name = localized(names) if isinstance(names, dict) else str(names or "")
        title = _("Test this card: {name}").format(name=name)
        blit_text(surface, fit_font(f, "title", title, p.w - 80, 40, 20), title, theme.GOLD, (p.x + 40, p.y + 28))
        printed = load_builtin_cards()[self.replaces].name
        setup = ngettext("{n} ritual of the {circle}, played by {player}: with your card set aside in place of "
                         "{printed}, and the same ritual (same shuffles, same other interference) with {printed}.",
                         "{n} rituals of the {circle}, played by {player}: with your card set aside in place of "
                         "{printed}, and the same rituals (same shuffles, same other interference) with {printed}.",
                         self.games).format(
            n=self.games, circle=circles()[self.circle].name, player=_(PLAYER_WORDS[self.player]), printed=printed)
        blit_wrapped(surface, f.get("body", 22), setup, theme.TEXT, pygame.Rect(p.x + 40, p.y + 90, p.w - 80, 70))
        self._draw_selector(surface, printed)
        self._draw_progress(surface)
        if self.test is not None and self.test.pairs:
            self._draw_results(surface)
        if self.test is not None and self.test.state == "failed":
            blit_wrapped(surface, f.get("bold", 22), _("The test stopped: {why}").format(why=self.test.error),
                         theme.WARN, pygame.Rect(p.x + 40, p.bottom - 150, p.w - 80, 50))
        for b in self.buttons.values():
            b.draw(surface, f, size=22)

    def _draw_selector(self, surface, printed: str) -> None:
        f = self.app.fonts
        for part in ("prev", "next"):
            r = self.selector[part]
            pygame.draw.rect(surface, theme.PANEL_EDGE, r, 2, border_radius=8)
            c, d = r.center, (-1 if part == "prev" else 1)
            pygame.draw.polygon(surface, theme.GOLD, [(c[0] + 8 * d, c[1]), (c[0] - 6 * d, c[1] - 10),
                                                      (c[0] - 6 * d, c[1] + 10)])
        r = self.selector["name"]
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=8)
        label = _("in place of {name}").format(name=printed)
        blit_text(surface, fit_font(f, "bold", label, r.w - 16, 22, 14), label, theme.PARCHMENT, r.center, "center")

    def _draw_progress(self, surface) -> None:
        f = self.app.fonts
        test = self.test
        bar = pygame.Rect(self.selector["next"].right + 40, self.selector["name"].y + 6,
                          self.panel.right - 40 - self.selector["next"].right - 40, 34)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 2, border_radius=8)
        done = test.progress if test else 0.0
        if done > 0:
            fill = bar.inflate(-6, -6)
            fill.w = max(4, round(fill.w * done))
            pygame.draw.rect(surface, theme.CANDLE, fill, border_radius=6)
        if test is None:
            words = ""
        elif test.state == "running":
            words = ngettext("{done} of {n} ritual played (twice each)…", "{done} of {n} rituals played (twice each)…",
                             test.spec.games).format(done=len(test.pairs), n=test.spec.games)
        elif test.state == "cancelled":
            words = ngettext("Cancelled after {done} of {n} ritual.", "Cancelled after {done} of {n} rituals.",
                             test.spec.games).format(done=len(test.pairs), n=test.spec.games)
        elif test.state == "done":
            words = ngettext("{n} ritual played, with and without your card.",
                             "{n} rituals played, with and without your card.", len(test.pairs)).format(n=len(test.pairs))
        else:
            words = ""
        blit_text(surface, f.get("italic", 20), words, theme.TEXT_DIM, (bar.x, bar.bottom + 6))

    def _draw_results(self, surface) -> None:
        f = self.app.fonts
        p = self.panel
        s = self.test.summary()
        top = p.y + 290
        col_w = (p.w - 120) // 2
        printed = load_builtin_cards()[self.replaces].name
        for i, (key, head) in enumerate((("with", _("With your card")), ("without", _("With {name}").format(name=printed)))):
            x = p.x + 40 + i * (col_w + 40)
            side = s[key]
            blit_text(surface, fit_font(f, "title", head, col_w, 28, 16), head, theme.GOLD, (x, top))
            blit_text(surface, f.get("bold", 54), f"{100 * side['win_rate']:.0f} %", theme.PARCHMENT, (x, top + 40))
            blit_text(surface, f.get("body", 21), _("won {wins} of {n}").format(wins=side["wins"], n=s["games"]),
                      theme.TEXT_DIM, (x + 170, top + 66))
            score = side["mean_score_of_wins"]
            line = _("mean score of the won rituals: {score}").format(score=decimal(score, 2) if score is not None else "—")
            blit_text(surface, f.get("body", 22), line, theme.TEXT, (x, top + 112))
            self._draw_losses(surface, side["losses_by_reason"], s["games"], pygame.Rect(x, top + 150, col_w, 190))
        diff, (lo, hi) = s["difference"], s["difference_ci95"]
        y = top + 360
        line = _("Difference in win rate: {d} percentage points (95 % interval {lo} to {hi})").format(
            d=decimal(100 * diff, 1, signed=True), lo=decimal(100 * lo, 1, signed=True),
            hi=decimal(100 * hi, 1, signed=True))
        blit_text(surface, fit_font(f, "bold", line, p.w - 80, 28, 16), line, theme.CANDLE, (p.x + 40, y))
        more = ngettext("{a} ritual won only with your card, {b} only with {name}.",
                        "{a} rituals won only with your card, {b} only with {name}.", s["only_with_won"]).format(
            a=s["only_with_won"], b=s["only_without_won"], name=printed)
        blit_text(surface, f.get("body", 21), verdict(s) + " " + more, theme.TEXT, (p.x + 40, y + 40))

    def _draw_losses(self, surface, losses: dict, games: int, rect: pygame.Rect) -> None:
        f = self.app.fonts
        blit_text(surface, f.get("italic", 20), _("How rituals were lost"), theme.TEXT_DIM, rect.topleft)
        y = rect.y + 30
        label_w = 230
        for reason in LOSS_ORDER:
            n = losses.get(reason, 0)
            blit_text(surface, f.get("body", 19), _(LOSS_WORDS[reason]), theme.TEXT, (rect.x, y))
            bar = pygame.Rect(rect.x + label_w, y + 3, rect.w - label_w - 60, 18)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=4)
            if n and games:
                pygame.draw.rect(surface, theme.BLOOD, (bar.x, bar.y, max(3, round(bar.w * n / games)), bar.h),
                                 border_radius=4)
            blit_text(surface, f.get("bold", 19), str(n), theme.TEXT, (bar.right + 10, y))
            y += 30
