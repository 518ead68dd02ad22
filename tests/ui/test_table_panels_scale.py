"""The table's panels grow with "Size of text and cards": at 150 % a card's action menu says its
moves in words half as large again (in German too) with the card's name inside it, and the pile
viewer shows its cards larger."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop.ui.table import overlays
from aleph_null_desktop.ui.table.overlays import ActionMenu
from aleph_null_desktop.ui.widgets import button as button_module

KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]
TABLE = {"hour": 4, "play": KEYS + ["wealthy_tanist"], "hand": ["salamander"], "deck": ["wax_candle"] * 8}

pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


def _menu_at(app, driver, table, monkeypatch, scale: float):
    """The Wealthy Tanist's menu opened by a click at `scale` in German: (menu, [label font heights])."""
    app.change_settings(ui_scale=scale, language="de")
    scene = table(TABLE)
    driver.frames(4, dt=0.5)  # the cards have come to rest
    heights = []
    fit = button_module.fit_font

    def watched(fonts, role, text, width, size, min_size=10):
        font = fit(fonts, role, text, width, size, min_size)
        if isinstance(scene.modal, ActionMenu) and text in [b.label for b in scene.modal.buttons]:
            heights.append(font.get_height())
        return font

    monkeypatch.setattr(button_module, "fit_font", watched)
    driver.click(driver.card_centre(driver.uid("play", "wealthy_tanist")))
    driver.frames(2)
    monkeypatch.setattr(button_module, "fit_font", fit)
    assert isinstance(scene.modal, ActionMenu)
    return scene.modal, heights


def test_the_menu_and_its_words_grow_with_the_scale(app, driver, table, monkeypatch):
    menu_100, heights_100 = _menu_at(app, driver, table, monkeypatch, 1.0)
    menu_150, heights_150 = _menu_at(app, driver, table, monkeypatch, 1.5)
    assert heights_100 and heights_150
    assert menu_150.rect.w >= 1.45 * menu_100.rect.w, (menu_100.rect, menu_150.rect)
    assert min(heights_150) >= 1.4 * max(heights_100), (heights_100, heights_150)  # not shrunk to fit
    assert pygame.Rect(0, 0, 1920, 1080).contains(menu_150.rect)
    for button in menu_150.buttons:
        assert menu_150.rect.contains(button.rect)


def test_a_long_name_fits_inside_the_menu_at_150_percent(app, driver, table, monkeypatch):
    menu, _ = _menu_at(app, driver, table, monkeypatch, 1.5)
    menu.title = "Wohlhabender Tanist des Siebten Grimoires"  # longer than the menu at the title's size
    drawn = []
    render = overlays.render

    def watched(font, text, colour, *args):
        image = render(font, text, colour, *args)
        if text == menu.title:
            drawn.append(image.get_width())
        return image

    monkeypatch.setattr(overlays, "render", watched)
    app.stack.top.painter.refresh()
    driver.frames(1)
    assert drawn and max(drawn) <= menu.rect.w - 28, (drawn, menu.rect.w)


def _pile_cards(app, driver, table, scale: float) -> list[pygame.Rect]:
    """Where the discard pile's cards lie in the pile viewer at `scale`: the card faces blitted."""
    app.change_settings(ui_scale=scale)
    scene = table({**TABLE, "discard": ["wax_candle", "incense", "sylph"]})
    driver.frames(4, dt=0.5)
    driver.click(driver.zone_centre("discard"))
    driver.frames(2)
    assert isinstance(scene.modal, overlays.PileViewer)
    widths, inside = [], []
    face, draw = scene.renderer.face, scene.modal.draw

    def watched(card_id, width, *args, **kwargs):
        if inside:
            widths.append(width)
        return face(card_id, width, *args, **kwargs)

    def drawing(surface):
        inside.append(True)
        try:
            draw(surface)
        finally:
            inside.clear()

    scene.renderer.face, scene.modal.draw = watched, drawing
    try:
        scene.painter.refresh()
        driver.frames(1)
    finally:
        del scene.renderer.face
    return widths


def test_the_pile_viewer_shows_larger_cards_at_150_percent(app, driver, table):
    at_100 = _pile_cards(app, driver, table, 1.0)
    at_150 = _pile_cards(app, driver, table, 1.5)
    assert len(at_150) == len(at_100) == 3  # the pile's three cards, drawn by the viewer
    assert min(at_150) >= 1.45 * max(at_100), (at_100, at_150)
