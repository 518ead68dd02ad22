"""The first ritual: the table with a coach. The coach's panel says what to do next and an arrow
points at it; the lesson moves on only when the player makes that move. Any other legal move is
explained and not made (the deal is fixed, so the lesson stays on its rails); illegal moves get
the engine's own reason as usual. Esc pauses as on any table, L or the panel's button leaves.
A lesson is never saved and never counted in the statistics."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine import EndTurn, Game
from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.table.presenter import TablePresenter
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.render.text import blit_wrapped, wrap
from aleph_null_desktop.ui.tutorial.lesson import CIRCLE, DEAL, FINISHED, STEPS
from aleph_null_desktop.ui.widgets.button import Button

# over the lower part of the play area (the cards in play are laid out above it), clear of the
# prompt bar under it (where the red warnings are): its bottom stays, it grows upwards with its words
COACH_X, COACH_W, COACH_GAP = 372, 1192, 8
COACH_MOST_SCALE = 1.25
# under a pop-up or a picker (over the hand's lower edge), clear of the Keys' names at the top
COACH_OVER_PANEL = pygame.Rect(372, 1080 - 6 - 130, 1192, 130)
# the step that explains the Hours: the warning that every turn now costs one waits for it
HOURS_STEP = next(i for i, step in enumerate(STEPS) if step.expect == ("token",))


class LessonPresenter(TablePresenter):
    """The lesson only goes forward: Undo is greyed, and says so. The Hours' warning waits until
    the lesson has explained the Hours (`hours_told`)."""

    hours_told = False

    def can_undo(self) -> bool:
        return False

    def undo_detail(self) -> str:
        return _("not in the lesson") if self.game.outcome is None else ""

    def hour_warning(self) -> str:
        return super().hour_warning() if self.hours_told else ""

    def disabled_reason(self, name: str) -> str:
        if name == "undo" and self.game.outcome is None:
            return _("The lesson only goes forward; in a ritual of your own Ctrl+Z takes a move back.")
        return super().disabled_reason(name)


class TutorialScene(TableScene):
    counts = False  # neither autosaved nor counted in the statistics

    def __init__(self, app) -> None:
        self.step_index = 0
        super().__init__(app, Game.from_scenario(DEAL), CIRCLE)
        self.cards.play_area = self.play_area  # the cards in play above the coach's panel
        self._refresh_sprites({})  # (dealt from the deck to those places)
        self.log.add(_("The first ritual: a lesson. Esc pauses, L leaves it."))
        self.leave_button = Button(pygame.Rect(0, 0, 240, 44), _("Leave the lesson"), on_click=app.show_title,
                                   key_hint="L")

    @property
    def step(self):
        return STEPS[self.step_index] if self.step_index < len(STEPS) else None

    def coach_words(self) -> tuple[str, str]:
        """The coach's title and text now."""
        if self.game.outcome is not None or self.step is None:
            return _(FINISHED[0]), _(FINISHED[1])
        return _(self.step.title), _(self.step.text)

    # ------------------------------------------------------------------ the lesson's rails
    def _not_yet(self) -> None:
        self.say(_("Not in this lesson: it waits for you to {goal}. In a ritual of your own every "
                   "legal move is yours.").format(goal=_(self.step.goal)), warn=True)

    def submit(self, cmd, *, confirmed: bool = False) -> bool:
        step = self.step
        if step is None or self.game.offered(cmd) is None:  # over, or not legal: the table says why
            return super().submit(cmd, confirmed=confirmed)
        if not step.matches(self.game, cmd):
            self._not_yet()
            return False
        done = super().submit(cmd, confirmed=confirmed)
        if done:
            self.step_index += 1
            self._tell_the_hours()
        return done

    def _tell_the_hours(self) -> None:
        """From the step that explains the Hours on, their warning is shown (and logged)."""
        if self.step_index >= HOURS_STEP and not self.presenter.hours_told:
            self.presenter.hours_told = True
            self._warn_of_the_hours()

    def end_turn_gesture(self) -> None:
        step = self.step
        if step is not None and self.game.explain(EndTurn()) is None and not step.matches(self.game, EndTurn()):
            self._not_yet()
            return
        super().end_turn_gesture()

    @staticmethod
    def make_presenter(game) -> TablePresenter:
        return LessonPresenter(game)

    def undo(self) -> None:
        self.say(self.presenter.disabled_reason("undo"), warn=True)

    # ------------------------------------------------------------------ leaving
    def handle_event(self, event) -> bool:
        if self.modal is None and self.controls.big_uid is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
                self.leave_button.click()
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.leave_button.hit(event.pos):
                self.leave_button.click()
                return True
            if event.type == pygame.MOUSEMOTION:
                self.leave_button.hot = self.leave_button.hit(event.pos)
        return super().handle_event(event)

    # ------------------------------------------------------------------ the coach
    def pointed_rect(self) -> pygame.Rect | None:
        """Where the coach's arrow points: the card, pile or button of the next move."""
        step = self.step
        if step is None or step.point is None or self.modal is not None or self.game.outcome is not None:
            return None
        kind, key = step.point
        if kind == "card":
            uid = next((c.uid for zone in ("hand", "play") for c in self.game.zone(zone) if c.card_id == key), None)
            return self.focus.rect(("card", uid)) if uid is not None else None
        return self.focus.rect((kind, key))

    def coach_area(self) -> pygame.Rect:
        """The coach's panel: as tall as its words, its bottom fixed (above the prompt bar; under a
        pop-up, at the foot of the window)."""
        fonts = self.coach_fonts()
        over_panel = self.modal is not None
        body = fonts.get("body", 21 if over_panel else 23)
        area = pygame.Rect(COACH_OVER_PANEL) if over_panel else pygame.Rect(COACH_X, 0, COACH_W, 0)
        lines = wrap(body, self.coach_words()[1], area.w - 48)
        area.h = 20 + fonts.get("title", 26).get_linesize() + 6 + len(lines) * (body.get_linesize() + 2) + 16
        area.bottom = COACH_OVER_PANEL.bottom if over_panel else self.rects["play"].bottom - COACH_GAP
        return area

    def coach_fonts(self):
        """The coach's words grow with the UI scale up to COACH_MOST_SCALE: larger, they would
        leave the cards it talks about no room."""
        return self.app.fonts.shrunk(min(1.0, COACH_MOST_SCALE / style.current().ui_scale))

    def play_area(self) -> pygame.Rect:
        """The play zone above the coach's tallest panel of the lesson."""
        area = pygame.Rect(self.rects["play"])
        area.h = max(0, self.coach_top() - area.y)
        return area

    def coach_top(self) -> int:
        """The top of the coach's panel at the step with the most words (the cards in play stay
        above it from the first step to the last, without moving when the words change)."""
        fonts = self.coach_fonts()
        body = fonts.get("body", 23)
        most = max(len(wrap(body, _(text), COACH_W - 48)) for text in [step.text for step in STEPS] + [FINISHED[1]])
        h = 20 + fonts.get("title", 26).get_linesize() + 6 + most * (body.get_linesize() + 2) + 16
        return self.rects["play"].bottom - COACH_GAP - h

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        fonts = self.coach_fonts()
        title, text = self.coach_words()
        over_panel = self.modal is not None
        body = fonts.get("body", 21 if over_panel else 23)
        head = fonts.get("title", 26)
        area = self.coach_area()
        pygame.draw.rect(surface, theme.PARCHMENT, area, border_radius=12)
        pygame.draw.rect(surface, theme.GOLD, area, 3, border_radius=12)
        number = min(self.step_index + 1, len(STEPS))
        heading = f"{title}  ·  {number}/{len(STEPS)}"
        surface.blit(head.render(heading, True, theme.INK), (area.x + 24, area.y + 14))
        blit_wrapped(surface, body, text, theme.INK,
                     pygame.Rect(area.x + 24, area.y + 20 + head.get_linesize() + 6, area.w - 48, area.h),
                     line_gap=2)
        self.leave_button.rect.topright = (area.right - 12, area.y + 10)
        if not over_panel:
            self.leave_button.draw(surface, self.app.fonts, size=18, role="body")
        target = self.pointed_rect()
        if target is not None:
            self._draw_arrow(surface, area, target)

    @staticmethod
    def _draw_arrow(surface: pygame.Surface, panel: pygame.Rect, target: pygame.Rect) -> None:
        ring = target.inflate(16, 16)
        pygame.draw.rect(surface, theme.INK, ring.inflate(6, 6), 3, border_radius=16)
        pygame.draw.rect(surface, theme.GOLD, ring, 5, border_radius=14)
        start = pygame.Vector2(max(panel.left, min(ring.centerx, panel.right)),
                               panel.top if ring.centery < panel.centery else panel.bottom)
        end = pygame.Vector2(max(ring.left, min(start.x, ring.right)),
                             ring.bottom if ring.centery < panel.centery else ring.top)
        if ring.colliderect(panel) or start.distance_to(end) < 12:
            return
        pygame.draw.line(surface, theme.INK, start, end, 9)
        pygame.draw.line(surface, theme.GOLD, start, end, 5)
        direction = (end - start).normalize()
        side = pygame.Vector2(-direction.y, direction.x)
        head = [end, end - direction * 26 + side * 14, end - direction * 26 - side * 14]
        pygame.draw.polygon(surface, theme.GOLD, head)
        pygame.draw.polygon(surface, theme.INK, head, 2)
