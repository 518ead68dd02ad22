"""Esc on the table: resume, new ritual, title, quit — drawn over the table."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.text import blit_text
from aleph_null_desktop.ui.widgets import Button, buttons_handle


class PauseScene(Scene):
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        table = app.stack.top
        circle = getattr(table, "circle_id", "adept")
        self.panel = pygame.Rect(0, 0, 520, 470)
        self.panel.center = (960, 520)
        x, y = self.panel.x + 60, self.panel.y + 100
        self.buttons = []
        for label, action, hint in (("Resume", app.stack.pop, "Esc"),
                                    ("Start a new ritual", lambda: app.new_ritual(circle), ""),
                                    ("Back to the title", app.show_title, ""),
                                    ("Quit the game", app.quit, "")):
            self.buttons.append(Button(pygame.Rect(x, y, 400, 70), label, on_click=action, key_hint=hint))
            y += 86
        self.veil = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        self.veil.fill((0, 0, 0, 160))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return
        buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.veil, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, self.panel, 3, border_radius=14)
        blit_text(surface, self.app.fonts.get("title", 36), "Paused", theme.GOLD,
                  (self.panel.centerx, self.panel.y + 30), "midtop")
        for b in self.buttons:
            b.draw(surface, self.app.fonts, size=24)
