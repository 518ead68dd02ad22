"""On the first start, over the title: would the player like the lesson?"""

from __future__ import annotations

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.scene import Scene
from aleph_null_desktop.ui.text import blit_text, blit_wrapped
from aleph_null_desktop.ui.widgets import Button, buttons_handle


class TutorialOffer(Scene):
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        from aleph_null_desktop.ui.tutorial import start_tutorial

        self.rect = pygame.Rect(0, 0, 820, 340)
        self.rect.center = (960, 540)
        self.buttons = [
            Button(pygame.Rect(self.rect.x + 40, self.rect.bottom - 100, 360, 64), _("Play the lesson"),
                   on_click=lambda: start_tutorial(app), key_hint="Enter"),
            Button(pygame.Rect(self.rect.right - 400, self.rect.bottom - 100, 360, 64), _("Not now"),
                   on_click=app.stack.pop, key_hint="Esc"),
        ]
        self.veil = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        self.veil.fill((0, 0, 0, 150))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[0].click()
            elif event.key == pygame.K_ESCAPE:
                self.buttons[1].click()
            return
        buttons_handle(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.blit(self.veil, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, self.rect, 3, border_radius=14)
        blit_text(surface, fonts.get("title", 32), _("Your first ritual?"), theme.GOLD,
                  (self.rect.centerx, self.rect.y + 24), "midtop")
        blit_wrapped(surface, fonts.get("body", 23),
                     _("A short lesson plays one ritual with you, step by step: summoning, power, the "
                       "Hours, interference, the Keys and BAPHOMET. It is not counted in your "
                       "statistics, and the title offers it again any time."),
                     theme.TEXT, pygame.Rect(self.rect.x + 40, self.rect.y + 84, self.rect.w - 80, 140),
                     align="center")
        for b in self.buttons:
            b.draw(surface, fonts, size=22, role="body")
