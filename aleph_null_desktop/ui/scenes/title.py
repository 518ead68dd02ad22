"""The title: continue the saved ritual, open the Grimoire for a new one, start at once in one of
the five Circles (keys 1–5), read the rules, make cards, or quit.

Two columns under the name: on the left the menu (Continue when a ritual is saved, New ritual, the daily ritual,
Rules, Card editor, Quit), on the right the Circles, each saying how hard and how long it is,
with its interference on a second line. Every button shows its key. Starting a new ritual while
one is saved asks first (ui.scenes.ritual_guard).
"""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import circles
from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.scenes.circle_words import headline, interference_line
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.scenes.ritual_guard import RitualInProgress, confirm_new_ritual
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, fit_font
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle, spoken_buttons

SUBTITLE_Y, BOTTOM = 268, 1036  # the rows end above the startup notices
MENU_ROWS = 10  # room for ten menu rows


class Columns:
    """The two columns, centred as one block: menu | gap | Circles. Rows grow with the UI scale
    as far as the screen allows; above 110 % the Circles take the width their words need."""

    def __init__(self, fonts) -> None:
        scale = style.current().ui_scale
        self.menu_w, gap = (500, 60) if scale <= 1.1 else (500, 30)
        self.circle_w = 900 if scale <= 1.1 else theme.LOGICAL_SIZE[0] - 120 - self.menu_w - gap
        self.left = (theme.LOGICAL_SIZE[0] - (self.menu_w + gap + self.circle_w)) // 2
        self.right = self.left + self.menu_w + gap
        self.heading_y = SUBTITLE_Y + fonts.get("italic", 28).get_linesize() + 16
        self.top = self.heading_y + fonts.get("title", 24).get_linesize() + 10
        self.menu_step = min(style.scaled(80), (BOTTOM - self.top) // MENU_ROWS)
        self.circle_step = min(style.scaled(120), (BOTTOM - self.top) // 5)


def daily_words(app) -> tuple[str, str]:
    """The daily ritual's button: its label and second line (today's Circle, and how the player
    stands: not yet played, today's result, the streak)."""
    from aleph_null_desktop.rituals.daily import daily_code, today

    day = today()
    circle = circles()[daily_code(day).circle].name
    label = _("Daily ritual")
    if not app.persist:
        return label, _("{circle}, the same deal for every player today").format(circle=circle)
    from aleph_null_desktop.storage.daily import load_daily, summary

    daily, _messages = load_daily()
    standing = summary(daily, day)
    entry = standing["today"]
    if entry is None:
        detail = _("not yet played today: one counted attempt")
    elif entry.get("won"):
        detail = _("today: won, score {score}; again as practice").format(score=entry.get("score"))
    elif entry.get("won") is False:
        detail = _("today: lost; again as practice")
    else:
        detail = _("today: not finished; again as practice")
    if standing["best"]:
        detail += " · " + _("best score {score}").format(score=standing["best"]["score"])
    if standing["streak"] > 1:
        detail += " · " + _("{n} days in a row").format(n=standing["streak"])
    return label, f"{circle} · {detail}"


def continue_words(saved: tuple[str, int | None] | None) -> str:
    """Continue's second line: which ritual it brings back ("Circle of the Magus, Hour II")."""
    if saved is None or saved[0] not in circles():
        return _("the ritual in progress, where you left it")
    circle, hour = saved
    ritual = RitualInProgress(circle, hour, saved=True).words() if hour else circles()[circle].name
    return _("{ritual}, where you left it").format(ritual=ritual)


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.background = draw_background(theme.LOGICAL_SIZE)
        self.columns = cols = Columns(app.fonts)
        app.music("title")
        from aleph_null_desktop.ui.editor import open_editor
        from aleph_null_desktop.ui.grimoire import open_new_ritual, open_reference
        from aleph_null_desktop.ui.tutorial import start_tutorial

        # the Circles, first in `buttons` (keys 1–9 press them in this order)
        self.circle_buttons = []
        for n, circle in enumerate(circles().values()):
            self.circle_buttons.append(Button(
                pygame.Rect(cols.right, cols.top + n * cols.circle_step, cols.circle_w, cols.circle_step - 14),
                headline(n, circle),
                on_click=lambda c=circle.id: confirm_new_ritual(app, lambda: app.new_ritual(c)),
                detail=interference_line(circle), key_hint=str(n + 1)))
        self.circle_count = len(self.circle_buttons)
        # the menu: Continue (only when files are on and a ritual is saved), then the rest
        self.continue_button = None
        if app.persist:
            from aleph_null_desktop import storage

            if storage.has_autosave():
                self.continue_button = self._menu_button(_("Continue"), app.continue_game, "C",
                                                         continue_words(storage.saved_ritual()))
        self.new_button = self._menu_button(_("New ritual (the Grimoire)"),
                                            lambda: confirm_new_ritual(app, lambda: open_new_ritual(app)), "N",
                                            _("open the book and choose a Circle"))
        label, self.daily_detail = daily_words(app)
        self.daily_button = self._menu_button(label, None, "D")
        self.daily_button.on_click = lambda: confirm_new_ritual(app, app.start_daily)
        self.lesson_button = self._menu_button(_("First ritual: a lesson"), lambda: start_tutorial(app), "L",
                                               _("learn to play, step by step"))
        self.rules_button = self._menu_button(_("Rules"), lambda: open_reference(app), "F1",
                                              _("the rules, a glossary and questions answered"))
        self.editor_button = self._menu_button(_("Card editor"), lambda: open_editor(app), "E",
                                               _("make your own interference cards"))
        self.settings_button = self._menu_button(_("Settings"), self.open_settings, "S",
                                                 _("display, sound, language, how cards look"))
        self.statistics_button = self._menu_button(_("Statistics"), self.open_statistics, "T",
                                                   _("your rituals, wins and best scores"))
        self.achievements_button = self._menu_button(_("Achievements"), self.open_achievements, "A",
                                                     _("goals of the ritual, won and still to win"))
        self.quit_button = self._menu_button(_("Quit"), app.quit, "Esc")
        self.menu_buttons = [b for b in (self.continue_button, self.new_button, self.daily_button, self.lesson_button,
                                         self.rules_button,
                                         self.editor_button, self.settings_button, self.statistics_button,
                                         self.achievements_button, self.quit_button)
                             if b is not None]
        for row, button in enumerate(self.menu_buttons):
            button.rect = pygame.Rect(cols.left, cols.top + row * cols.menu_step, cols.menu_w, cols.menu_step - 10)
        self.buttons = self.circle_buttons + self.menu_buttons
        self.keys = {pygame.K_n: self.new_button, pygame.K_d: self.daily_button, pygame.K_l: self.lesson_button, pygame.K_F1: self.rules_button,
                     pygame.K_e: self.editor_button, pygame.K_s: self.settings_button,
                     pygame.K_t: self.statistics_button, pygame.K_a: self.achievements_button,
                     pygame.K_ESCAPE: self.quit_button}
        if self.continue_button is not None:
            self.keys[pygame.K_c] = self.continue_button

    def spoken(self) -> str:
        from aleph_null_desktop.ui.table.spoken import sentences

        return sentences("Aleph Null", *spoken_buttons(self.menu_buttons + self.circle_buttons))

    def on_enter(self) -> None:
        self.app.speak(self.spoken, interrupt=True)

    def on_uncover(self) -> None:
        if self.app.stack.top is self:  # back from a screen opened over it
            self.app.speak(self.spoken, interrupt=True)

    def open_settings(self) -> None:
        from aleph_null_desktop.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def open_achievements(self) -> None:
        from aleph_null_desktop.ui.scenes.achievements import AchievementsScene

        self.app.stack.push(AchievementsScene(self.app))

    def open_statistics(self) -> None:
        from aleph_null_desktop.ui.scenes.statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def restyle(self) -> None:
        """New words or a new look: the title is built again (its Continue button included)."""
        fresh = TitleScene(self.app)
        self.__dict__.update(fresh.__dict__)

    @staticmethod
    def _menu_button(label: str, action, key: str, detail: str = "") -> Button:
        return Button(pygame.Rect(0, 0, 0, 0), label, on_click=action, detail=detail, key_hint=key)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < self.circle_count:
                self.circle_buttons[event.key - pygame.K_1].click()
            elif event.key in self.keys:
                self.keys[event.key].click()
            else:
                return False
            return True
        return buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        fonts, cols = self.app.fonts, self.columns
        surface.blit(self.background, (0, 0))
        draw_icon(surface, "pentacle", pygame.Rect(900, 30, 120, 120), theme.GOLD)
        # the name is the game's emblem: the same size at every UI scale
        blit_text(surface, fonts.unscaled().get("title", 96), "ALEPH NULL", theme.GOLD, (960, 150), "midtop")
        blit_text(surface, fonts.get("italic", 28),
                  _("Thin the deck to nothing, summon BAPHOMET before the cock crows."),
                  theme.TEXT, (960, SUBTITLE_Y), "midtop")
        heading = fonts.get("title", 24)
        blit_text(surface, heading, _("The ritual"), theme.TEXT_DIM, (cols.left + cols.menu_w // 2, cols.heading_y),
                  "midtop")
        keys = f"1–{self.circle_count}" if self.circle_count > 1 else "1"
        words = _("Or begin at once: choose your Circle (keys {keys})").format(keys=keys)
        blit_text(surface, fit_font(fonts, "title", words, cols.circle_w, 24), words, theme.TEXT_DIM,
                  (cols.right + cols.circle_w // 2, cols.heading_y), "midtop")
        for b in self.circle_buttons:
            b.draw(surface, fonts, size=26)
        for b in self.menu_buttons:
            b.draw(surface, fonts, size=24)
        # the daily ritual's standing, under the Circles (the menu button has no room for a second line)
        below = self.circle_buttons[-1].rect.bottom + 10 if self.circle_buttons else cols.top
        line = _("Daily ritual (D): {standing}").format(standing=self.daily_detail)
        blit_text(surface, fit_font(fonts, "italic", line, cols.circle_w, 22, 14), line, theme.TEXT_DIM,
                  (cols.right + cols.circle_w // 2, below), "midtop")
        notes = fonts.get("italic", 18)  # startup notices: the audio status, repaired files
        for i, line in enumerate(reversed(self.app.notices[-3:])):
            blit_text(surface, notes, line, theme.TEXT_DIM, (960, 1060 - i * 26), "midbottom")
