"""Statistics, from the title (T) and Judgement (T): per Circle the rituals, wins, win %, best
score and rank, winning streaks and the average Hour of BAPHOMET's summoning; for the chosen
Circle how its rituals were lost and its ranks; a chart of the last 50 rituals' scores; reset
(asked first). Rituals with custom cards or a card pack have rows of their own.

By keyboard: Up / Down choose a Circle's row (its details show at once), Tab / Shift+Tab move
the ring over the rows, Back and Reset, Left / Right between the buttons, Enter / Space press the
focused one (on a row: show its details), R asks to reset, Esc goes back.

The numbers come from ui.scenes.statistics_model; every text drawn is kept in `drawn` (tests read it).
"""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import Joined, N_, _, current_language, ngettext
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.scenes.statistics_model import StatisticsModel, build
from aleph_null_desktop.ui.widgets.keyfocus import draw_focus_ring, is_enter
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import DrawnWords, fit_font
from aleph_null_desktop.ui.render.still_picture import StillPart, StillPicture
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle, key_name

MARGIN, TABLE_TOP = 60, 96
MIN_PANEL_H, MIN_ROW_H = 320, 28  # the details and chart below the table; a row of the table
COLUMNS = ((0.29, N_("Circle")), (0.08, N_("Rituals")), (0.07, N_("Wins")), (0.07, N_("Win %")),
           (0.17, N_("Best score · rank")), (0.14, N_("Streak now / best")), (0.18, N_("Average Hour summoned")))


class StatisticsScene(Scene, DrawnWords):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.drawn: list[str] = []
        self.selected = 0
        self.focus = 0  # 0 the table's rows, then the buttons left to right (Back, Recorded rituals, Reset)
        self.keyboard = False  # the ring shows once a key moved it, hides at a mouse press
        self.still = StillPicture()
        self.load()
        self._layout()

    # ------------------------------------------------------------------ data
    def load(self) -> None:
        """Reads stats.json (only when the game keeps files); a damaged file is set aside and
        the player told, as storage.load_stats does."""
        from aleph_null_desktop.engine.cards import circles
        from aleph_null_desktop.storage import load_stats
        from aleph_null_desktop.storage.stats import empty_stats

        stats, messages = load_stats() if self.app.persist else (empty_stats(), [])
        messages = self.app.stats_said.news(messages) if messages else []  # reading alone proves no save
        if messages:
            self.app.report(Joined(messages))
        self.model: StatisticsModel = build(stats, circles())
        played = [n for n, row in enumerate(self.model.rows) if row.played]
        if self.selected >= len(self.model.rows) or not self.model.rows[self.selected].played:
            self.selected = played[0] if played else 0

    def open_rituals(self) -> None:
        from aleph_null_desktop.ui.scenes.rituals import RitualsScene

        self.app.stack.push(RitualsScene(self.app))

    def ask_reset(self) -> None:
        from aleph_null_desktop.ui.scenes.confirm import ConfirmScene

        text = ngettext("The only ritual recorded will be forgotten. This cannot be undone.",
                        "All {count} rituals recorded will be forgotten, in every Circle. This cannot be undone.",
                        self.model.played).format(count=self.model.played)
        self.app.stack.push(ConfirmScene(self.app, _("Reset the statistics?"), text, _("Forget them"),
                                         self.reset, _("Keep them"), enter_says_no=True))

    def reset(self) -> None:
        from aleph_null_desktop.storage import reset_stats

        messages = self.app.stats_said.news(reset_stats()) if self.app.persist else []
        if messages:
            self.app.report(Joined(messages))
        self.load()

    # ------------------------------------------------------------------ layout and input
    def _layout(self) -> None:
        self.background = draw_background(theme.LOGICAL_SIZE)
        row_h = style.scaled(40)
        rows = len(self.model.rows) + 1
        bottom = theme.LOGICAL_SIZE[1] - style.scaled(64) - 40
        lowest_table = bottom - 24 - style.scaled(MIN_PANEL_H)  # the chart keeps room to be read
        self.row_h = max(MIN_ROW_H, min(row_h, (560 - TABLE_TOP) // rows, (lowest_table - TABLE_TOP) // rows))
        self.table = pygame.Rect(MARGIN, TABLE_TOP, theme.LOGICAL_SIZE[0] - 2 * MARGIN, self.row_h * rows)
        self.details = pygame.Rect(MARGIN, self.table.bottom + 24, 820, bottom - self.table.bottom - 24)
        self.chart = pygame.Rect(self.details.right + 40, self.details.y,
                                 theme.LOGICAL_SIZE[0] - MARGIN - self.details.right - 40, self.details.h)
        h = style.scaled(64)
        y = theme.LOGICAL_SIZE[1] - h - 24
        self.back_button = Button(pygame.Rect(960 - 30 - 600, y, 400, h), _("Back"), on_click=self.close,
                                  key_hint="Esc")
        self.reset_button = Button(pygame.Rect(960 + 230, y, 400, h), _("Reset the statistics"), on_click=self.ask_reset,
                                   key_hint="R", enabled=True)
        self.rituals_button = Button(pygame.Rect(960 - 200, y, 400, h), _("Recorded rituals"),
                                     on_click=self.open_rituals, key_hint="P")
        self.buttons = [self.back_button, self.rituals_button, self.reset_button]

    def restyle(self) -> None:
        self._layout()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def row_rect(self, n: int) -> pygame.Rect:
        return pygame.Rect(self.table.x, self.table.y + (n + 1) * self.row_h, self.table.w, self.row_h)

    def focus_stops(self) -> list:
        return ["rows", *(b for b in self.buttons if b.enabled)]

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif event.key == pygame.K_r:
                self.reset_button.click()
            elif event.key == pygame.K_p:
                self.rituals_button.click()
            else:
                self.handle_focus_key(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for n in range(len(self.model.rows)):
                if self.row_rect(n).collidepoint(event.pos):
                    self.selected = n
                    return True
        return buttons_handle(self.buttons, event)

    def handle_focus_key(self, event) -> None:
        stops = self.focus_stops()
        self.focus = min(self.focus, len(stops) - 1)
        stop = stops[self.focus]
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            if stop == "rows" and self.model.rows:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.model.rows)
            else:
                self.focus = 0 if event.key == pygame.K_UP else self.focus
        elif event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(stops) if self.keyboard else self.focus
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if stop != "rows" and len(stops) > 2:
                self.focus = 1 + (self.focus - 1 + (1 if event.key == pygame.K_RIGHT else -1)) % (len(stops) - 1)
        elif is_enter(event) or event.key == pygame.K_SPACE:
            if stop != "rows" and self.keyboard:
                stop.click()
        else:
            return
        self.keyboard = True

    def focus_rect(self) -> pygame.Rect | None:
        stops = self.focus_stops()
        stop = stops[min(self.focus, len(stops) - 1)]
        if stop == "rows":
            return self.row_rect(self.selected) if self.model.rows else None
        return pygame.Rect(stop.rect)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The screen painted once and shown again; a button whose hover changed is painted alone
        (ui.render.still_picture)."""
        self.reset_button.enabled = self.model.played > 0
        self.reset_button.detail = "" if self.model.played else _("nothing recorded yet")
        ring = self.keyboard and self.app.stack.top is self
        parts = {} if ring else {id(b): StillPart(b.rect, b.hot, self._button_painter(b)) for b in self.buttons}
        signature = (id(self.background), id(self.model), self.selected, current_language(), style.current(),
                     prompts.pad_in_use(),
                     tuple((b.label, b.detail, b.enabled, b.key_hint and key_name(b.key_hint)) for b in self.buttons),
                     (self.focus, tuple(b.hot for b in self.buttons)) if ring else None)
        self.still.show(surface, signature, self.paint, self.background, parts)

    def _button_painter(self, button: Button):
        return lambda surface: button.draw(surface, self.app.fonts, size=24)

    def on_cover(self) -> None:
        self.still.release()

    def on_leave(self) -> None:
        self.still.release()

    def on_uncover(self) -> None:
        self.still.release()

    def paint(self, surface: pygame.Surface) -> None:
        """The whole screen (the words drawn kept in `drawn`)."""
        self.drawn = []
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        self._text(surface, fonts.get("title", 44), _("Statistics"), theme.GOLD, (960, 24), "midtop")
        self._draw_table(surface)
        if self.model.rows:
            self._draw_details(surface, self.model.rows[self.selected])
        self._draw_chart(surface)
        for b in self.buttons:
            b.draw(surface, fonts, size=24)
        ring = self.focus_rect() if self.keyboard and self.app.stack.top is self else None
        if ring is not None:
            draw_focus_ring(surface, ring, margin=6)

    def _columns(self) -> list[tuple[int, int]]:
        x, out = self.table.x, []
        for share, _words in COLUMNS:
            w = round(self.table.w * share)
            out.append((x, w))
            x += w
        return out

    def _draw_table(self, surface) -> None:
        fonts = self.app.fonts
        pygame.draw.rect(surface, theme.PANEL, self.table, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.table, 2, border_radius=10)
        columns = self._columns()
        size = max(12, min(22, round(self.row_h / style.current().ui_scale * 0.55)))
        for (x, w), (_share, words) in zip(columns, COLUMNS):
            label = _(words)
            font = fit_font(fonts, "title", label, w - 16, size, 10)
            self._text(surface, font, label, theme.TEXT_DIM, (x + 12, self.table.y + self.row_h // 2), "midleft")
        for n, row in enumerate(self.model.rows):
            rect = self.row_rect(n)
            if n == self.selected:
                pygame.draw.rect(surface, theme.TABLE_GLOW, rect.inflate(-6, 0), border_radius=6)
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(-6, 0), 2, border_radius=6)
                tip = (rect.x + 4, rect.centery)
                pygame.draw.polygon(surface, theme.GOLD, [tip, (tip[0] - 0, tip[1] - 7), (tip[0] + 9, tip[1]),
                                                          (tip[0], tip[1] + 7)])
            else:
                pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright, 1)
            ink = theme.TEXT if row.played else theme.TEXT_DIM
            for (x, w), cell in zip(columns, row.cells()):
                font = fit_font(fonts, "body", cell, w - 16, size, 10)
                self._text(surface, font, cell, ink, (x + 14, rect.centery), "midleft")

    def _draw_details(self, surface, row) -> None:
        fonts = self.app.fonts
        box = self.details
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=10)
        head = fit_font(fonts, "title", row.name, box.w - 32, 24, 12)
        self._text(surface, head, row.name, theme.GOLD, (box.x + 16, box.y + 12))
        top = box.y + 12 + head.get_linesize() + 8
        half = (box.w - 48) // 2
        line = max(12, min(20, round((box.bottom - top - 50) / 8 / style.current().ui_scale * 0.8)))
        for x, title, items in ((box.x + 16, _("How the rituals were lost"), row.losses),
                                (box.x + 32 + half, _("Ranks of the wins"), row.ranks)):
            font = fit_font(fonts, "title", title, half, 20, 10)
            y = self._text(surface, font, title, theme.TEXT_DIM, (x, top)).bottom + 6
            body = fonts.get("body", line)
            bold = fonts.get("bold", line)
            most = max([n for _w, n in items] + [1])
            for words, count in items:
                words_font = fit_font(fonts, "body", words, half - 90, line, 10)
                self._text(surface, words_font, words, theme.TEXT, (x, y))
                self._text(surface, bold, str(count), theme.TEXT, (x + half, y), "topright")
                bar = pygame.Rect(x, y + body.get_linesize() - 2, round((half - 60) * count / most), 3)
                if count:
                    pygame.draw.rect(surface, theme.GOLD, bar)
                y += body.get_linesize() + 6
                if y > box.bottom - body.get_linesize():
                    break

    def _draw_chart(self, surface) -> None:
        """The last 50 rituals' scores: x the ritual (oldest left), y the score. A win is a filled
        circle, a loss with a score a hollow square, a loss without one a cross on the
        "no score" line under the axis — told by shape, not colour."""
        fonts = self.app.fonts
        box = self.chart
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=10)
        count = len(self.model.points) or 50
        title = ngettext("Score of the last ritual", "Scores of the last {count} rituals", count).format(count=count)
        head = fit_font(fonts, "title", title, box.w - 32, 22, 12)
        self._text(surface, head, title, theme.GOLD, (box.x + 16, box.y + 10))
        small = fonts.get("body", 16)
        legend = _("● won   □ lost with a score   × lost, no score")
        self._text(surface, fit_font(fonts, "body", legend, box.w - 32, 16, 10), legend, theme.TEXT_DIM,
                   (box.x + 16, box.y + 14 + head.get_linesize()))
        # the left margin holds the axis's words ("keine Wertung" is longer than "no score")
        margin = max(70, 16 + 8 + max(small.size(_("score"))[0], small.size(_("no score"))[0]))
        plot = pygame.Rect(box.x + margin, box.y + 34 + head.get_linesize() + 2 * small.get_linesize(),
                           box.w - margin - 30, 0)
        plot.h = box.bottom - plot.y - 3 * small.get_linesize() - 16
        if plot.h < 40:
            return
        scores = [p.score for p in self.model.points if p.score is not None]
        low, high = min([0] + scores), max([10] + scores)
        span = high - low
        step = 2 if span <= 16 else 5

        def y_of(score: float) -> float:
            return plot.bottom - (score - low) / span * plot.h

        count = max(1, len(self.model.points))

        def x_of(number: int) -> float:
            return plot.x + (number - 0.5) / count * plot.w

        for value in range(low - low % step, high + 1, step):  # the y axis: score gridlines
            if value < low:
                continue
            y = y_of(value)
            pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 2 if value == 0 else 1)
            self._text(surface, small, str(value), theme.TEXT_DIM, (plot.x - 8, y), "midright")
        pygame.draw.line(surface, theme.TEXT_DIM, plot.topleft, plot.bottomleft, 2)
        pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 2)
        self._text(surface, small, _("score"), theme.TEXT_DIM,  # above the top gridline's number
                   (plot.x - 8, plot.y - small.get_linesize() // 2 - 2), "bottomright")
        no_score_y = plot.bottom + small.get_linesize() // 2 + 4
        self._text(surface, small, _("no score"), theme.TEXT_DIM, (plot.x - 8, no_score_y), "midright")
        if not self.model.points:
            self._text(surface, fonts.get("italic", 22), _("No rituals recorded yet."), theme.TEXT_DIM,
                       plot.center, "center")
        marks = sorted({1, count} | set(range(10, count + 1, 10))) if self.model.points else []
        for number in marks:  # the x axis: ritual numbers
            self._text(surface, small, str(number), theme.TEXT_DIM,
                       (x_of(number), no_score_y + small.get_linesize() // 2 + 2), "midtop")
        axis = _("rituals, oldest to newest")
        self._text(surface, small, axis, theme.TEXT_DIM, (plot.centerx, box.bottom - 8), "midbottom")
        radius = max(3, min(7, plot.w // (count * 3)))
        previous = None
        for point in self.model.points:
            x = x_of(point.number)
            if point.score is None:
                y = no_score_y
                pygame.draw.line(surface, theme.WARN, (x - radius, y - radius), (x + radius, y + radius), 2)
                pygame.draw.line(surface, theme.WARN, (x - radius, y + radius), (x + radius, y - radius), 2)
                continue
            y = y_of(point.score)
            if previous is not None:
                pygame.draw.line(surface, theme.PANEL_EDGE, previous, (x, y), 1)
            previous = (x, y)
            if point.won:
                pygame.draw.circle(surface, theme.GOLD, (x, y), radius)
            else:
                pygame.draw.rect(surface, theme.WARN, pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius), 2)
