"""The replay viewer: a recorded ritual on the real table, read-only, with its log. Right (or Next)
steps forward, Left (or Back) back, Space plays or pauses at the chosen speed (− / + from ¼ to 4
moves a second), Home goes to the start, End to the end, Esc leaves. A step forward is played on
the table as it was (the same animations and log lines); a step back deals the ritual again up
to that move. The ritual's moves are never sent anywhere else: nothing is saved or counted.

`notes` ({move: text}) are shown when the table is at that move, above the play area (the expert's review).
`move` is how many of the ritual's moves the table shows."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.commands import command_from_dict
from aleph_null_desktop.i18n import _, later
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.table.scene import TableScene
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)  # moves a second
PANEL = pygame.Rect(1612, 672, 284, 384)  # over the hint, undo, menu and End Turn (not usable here)


class ReadOnlyTable(TableScene):
    """A table to look at, never to play: keys are the viewer's own (none reaches the table's
    commands), its buttons are clicked, and hover and the wheel still lift cards and scroll the log."""

    counts = False  # never autosaved, never counted

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def look(self, event, buttons: list[Button]) -> bool:
        """What a read-only table does with an event that is not one of the viewer's keys."""
        if event.type == pygame.KEYDOWN:
            return True
        if buttons_handle(buttons, event):
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return bool(super().handle_event(event))  # hover lifts a card, the wheel scrolls the log
        return False

    def update(self, dt: float) -> None:
        self.judgement_timer = None
        super().update(dt)


class ReplayScene(ReadOnlyTable):
    def __init__(self, app, record: dict, step: int | None = None, *, playing: bool = False,
                 pace: float = 1.0, notes: dict[int, str] | None = None) -> None:
        from aleph_null_desktop.storage.rituals import replay_ritual

        self.record = record
        self.commands = [command_from_dict(d) for d in record["commands"]]
        self.move = len(self.commands) if step is None else max(0, min(step, len(self.commands)))
        game, problem = replay_ritual(record, self.move)
        if game is None:
            raise ValueError(str(problem))
        super().__init__(app, game, record["circle"])
        self.playing, self.pace, self.clock = playing, pace, 0.0
        self.notes = dict(notes or {})
        self.modal = None  # no question or spotlight: the player only watches
        self.log.add(later("A recorded ritual, read only: move {step} of {n}.", step=self.move, n=len(self.commands)))
        self._layout_controls()

    def _layout_controls(self) -> None:
        x, y, w = PANEL.x + 12, PANEL.y + 96, PANEL.w - 24
        half = (w - 10) // 2
        self.back_button = Button(pygame.Rect(x, y, half, 56), _("Back"), on_click=self.back, key_hint="←")
        self.forward_button = Button(pygame.Rect(x + half + 10, y, half, 56), _("Next"), on_click=self.forward,
                                     key_hint="→")
        self.play_button = Button(pygame.Rect(x, y + 66, w, 56), "", on_click=self.toggle_play, key_hint="Space")
        self.slower_button = Button(pygame.Rect(x, y + 132, half, 56), "−", on_click=lambda: self.change_speed(-1),
                                    key_hint="−")
        self.faster_button = Button(pygame.Rect(x + half + 10, y + 132, half, 56), "+",
                                    on_click=lambda: self.change_speed(+1), key_hint="+")
        self.close_button = Button(pygame.Rect(x, y + 198, w, 56), _("Leave the replay"), on_click=self.close,
                                   key_hint="Esc")
        self.viewer_buttons = [self.back_button, self.forward_button, self.play_button, self.slower_button,
                         self.faster_button, self.close_button]
        if style.current().ui_scale > 1.1:  # larger words: the keys' badges would push them off the buttons
            for button in self.viewer_buttons:
                button.key_hint = ""

    def restyle(self) -> None:
        super().restyle()
        self._layout_controls()

    # ------------------------------------------------------------------ moving through the ritual
    def forward(self) -> bool:
        if self.move >= len(self.commands):
            self.playing = False
            return False
        self.modal = None  # a spotlight or question of the last move is not answered by the player here
        self.submit(self.commands[self.move], confirmed=True)
        self.modal = None
        self.move += 1
        self.judgement_timer = None  # the end of the ritual stays on the table
        return True

    def back(self) -> None:
        if self.move > 0:
            self.go_to(self.move - 1)

    def go_to(self, step: int) -> None:
        """The ritual dealt again up to *step* (a fresh table in place of this one)."""
        again = ReplayScene(self.app, self.record, step, playing=False, pace=self.pace, notes=self.notes)
        stack = self.app.stack
        if stack.top is self:
            stack.pop()
            stack.push(again)

    def toggle_play(self) -> None:
        if not self.playing and self.move >= len(self.commands):
            self.go_to(0)
            self.app.stack.top.playing = True
            return
        self.playing, self.clock = not self.playing, 0.0

    def change_speed(self, direction: int) -> None:
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.pace))
        self.pace = SPEEDS[max(0, min(len(SPEEDS) - 1, i + direction))]

    # ------------------------------------------------------------------ input and time
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back, pygame.K_SPACE: self.toggle_play,
                    pygame.K_ESCAPE: self.close, pygame.K_HOME: lambda: self.go_to(0),
                    pygame.K_END: lambda: self.go_to(len(self.commands)),
                    pygame.K_MINUS: lambda: self.change_speed(-1), pygame.K_KP_MINUS: lambda: self.change_speed(-1),
                    pygame.K_PLUS: lambda: self.change_speed(+1), pygame.K_KP_PLUS: lambda: self.change_speed(+1),
                    pygame.K_EQUALS: lambda: self.change_speed(+1)}
            if event.key in keys:
                keys[event.key]()
        return self.look(event, self.viewer_buttons)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing:
            self.clock += dt
            if self.clock >= 1.0 / self.pace:
                self.clock = 0.0
                self.forward()

    def next_change(self) -> float | None:
        change = super().next_change()
        if not self.playing:
            return change
        due = max(0.0, 1.0 / self.pace - self.clock)
        return due if change is None else min(change, due)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_controls(surface)
        note = self.notes.get(self.move)
        if note:
            self._draw_note(surface, note)

    def _draw_controls(self, surface) -> None:
        fonts = self.app.fonts
        pygame.draw.rect(surface, theme.PANEL, PANEL, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD, PANEL, 2, border_radius=10)
        blit_text(surface, fonts.get("title", 26), _("Replay"), theme.GOLD, (PANEL.centerx, PANEL.y + 10), "midtop")
        where = _("move {step} of {n}").format(step=self.move, n=len(self.commands))
        blit_text(surface, fit_font(fonts, "body", where, PANEL.w - 24, 22, 12), where, theme.TEXT,
                  (PANEL.centerx, PANEL.y + 48), "midtop")
        self.play_button.label = _("Stop playing") if self.playing else _("Play")
        self.play_button.detail = _("{speed} moves a second").format(speed=_speed_words(self.pace))
        self.back_button.enabled = self.move > 0
        self.forward_button.enabled = self.move < len(self.commands)
        self.slower_button.enabled = self.pace > SPEEDS[0]
        self.faster_button.enabled = self.pace < SPEEDS[-1]
        for button in self.viewer_buttons:
            button.draw(surface, fonts, size=22)

    def _draw_note(self, surface, note: str) -> None:
        fonts = self.app.fonts
        play = self.rects["play"]
        box = pygame.Rect(play.x + 40, play.y + 30, play.w - 80, 150)
        pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=12)
        pygame.draw.rect(surface, theme.GOLD, box, 3, border_radius=12)
        blit_text(surface, fonts.get("title", 22), _("The expert's review"), theme.INK_SOFT, (box.x + 20, box.y + 12))
        blit_wrapped(surface, fonts.get("body", 22), note, theme.INK, pygame.Rect(box.x + 20, box.y + 46, box.w - 40,
                                                                                  box.h - 56))


def _speed_words(speed: float) -> str:
    return {0.25: "¼", 0.5: "½"}.get(speed, f"{speed:g}")


class EndedTableScene(ReadOnlyTable):
    """The table as a ritual ended, to look at when its moves cannot be dealt again from a seed (the
    lesson began from a prepared table): read only, its cards and log; Esc (or the button) goes back."""

    def __init__(self, app, game, circle_id: str) -> None:
        super().__init__(app, game, circle_id)
        self.modal = None
        self.log.add(later("The table as the ritual ended, read only. Esc goes back."))
        self.close_button = Button(pygame.Rect(PANEL.x + 12, PANEL.y + 96, PANEL.w - 24, 56), _("Back"),
                                   on_click=self.close, key_hint="Esc")

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.log.wheel(1 if event.key == pygame.K_PAGEUP else -1)
        return self.look(event, [self.close_button])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pygame.draw.rect(surface, theme.PANEL, PANEL, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD, PANEL, 2, border_radius=10)
        blit_text(surface, self.app.fonts.get("title", 26), _("The ended ritual"), theme.GOLD,
                  (PANEL.centerx, PANEL.y + 10), "midtop")
        self.close_button.draw(surface, self.app.fonts, size=22)
