"""At UI scale 150 % the table's short buttons (Undo, Menu) keep their words inside the button
under the key badge: nothing is drawn past the button's edge."""

from __future__ import annotations

import pygame

from aleph_null_desktop import storage
from aleph_null_desktop.ui import style


def _ink_outside(button, fonts) -> int:
    canvas = pygame.Surface((button.rect.right + 40, button.rect.bottom + 40))
    canvas.fill((0, 0, 0))
    button.draw(canvas, fonts, size=20)
    inside = pygame.mask.from_threshold(canvas, (0, 0, 0), (1, 1, 1, 255))
    inside.invert()  # the pixels that were drawn
    edge = pygame.mask.Mask(canvas.get_size())
    edge.draw(pygame.mask.Mask(button.rect.size, fill=True), button.rect.topleft)
    return inside.count() - inside.overlap_area(edge, (0, 0))


def test_undo_and_menu_words_stay_inside_their_buttons_at_150_percent(app, driver, table):
    try:
        app.change_settings(ui_scale=1.5)
        scene = table({"hand": ["wax_candle"]})
        driver.frames(3)
        for name in ("undo", "menu"):
            button = scene.buttons[name]
            assert (button.key_hint or button.detail) and button.label  # a greyed Undo: its reason, no badge
            assert _ink_outside(button, app.fonts) == 0, name
    finally:
        style.apply(storage.Settings())
