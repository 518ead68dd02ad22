"""A long custom card name (German compounds: 40 letters without a space) is shown whole on the
gallery's thumbnails: wrapped, a word too long for a line broken with a hyphen, never left off
and never wider than the name's room beside the cost gem."""

from __future__ import annotations

import pygame
import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.editor import Action, CardDraft, Library
from aleph_null_desktop.editor.draft import NAME_MAX
from aleph_null_desktop.ui.render import fonts as fonts_module
from aleph_null_desktop.ui.render.card_renderer import GEM_MIN_R, MIN_TEXT, CardRenderer, card_size
from aleph_null_desktop.ui.editor.gallery_scene import TILE_W, GalleryScene
from aleph_null_desktop.ui.render.text import break_points, wrap_breaking

LONG_NAMES = [
    "Donaudampfschifffahrtsgesellschaftskapitän"[:NAME_MAX],  # one word of 40 letters
    "Beschwörungskreisunterbrechungsmeisterin",
    "Wächterin der unterirdischen Gruftkapelle"[:NAME_MAX],
    "Mitternachtsglockenläuterin im Nebelturm",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",  # the widest letter, forty times
]


def _letters(text: str) -> str:
    return text.replace(" ", "").replace("-", "")


@pytest.mark.parametrize("width", [40, 120, 177])
def test_wrap_breaking_keeps_every_letter_and_fits(game_window, app, width):
    font = app.fonts.unscaled().get("title", MIN_TEXT)
    for name in LONG_NAMES + ["a b c", "Grabwächter", "Schutzkreis", ""]:
        lines = wrap_breaking(font, name, width)
        assert _letters("".join(lines)) == _letters(name), lines
        assert all(line.rstrip("-") for line in lines if name), lines
        # a line too wide is one word that could not be broken at a syllable that fits
        too_wide = [line for line in lines if font.size(line)[0] > width]
        assert all(" " not in line and not line.endswith("-") for line in too_wide), lines
        if width >= 177:  # the room of a name on the gallery's thumbnail
            assert not too_wide, lines


def test_words_are_broken_at_syllables():
    def split(word):
        points = break_points(word)
        return "·".join(word[a:b] for a, b in zip([0] + points, points + [len(word)]))

    assert split("Kirchenglocken") == "Kir·chen·glo·cken"
    assert split("Donaudampfschifffahrtsgesellschaftskapitän") == \
        "Do·nau·dampf·schiff·fahrts·ge·sell·schafts·ka·pi·tän"
    assert split("Messgewand") == "Mess·ge·wand"
    assert split("Fenster") == "Fens·ter"
    assert split("Gnom") == "Gnom"
    assert split("Feuer-Wächter") == "Feuer-·Wäch·ter"


def test_the_gallery_shows_a_long_german_name_whole(game_window, app, driver, monkeypatch):
    assert i18n.set_language("de") is None
    library = Library()
    library.load()
    for name in LONG_NAMES:
        library.save(CardDraft(name="", other_names={"de": name}, level=3, side="hell"))
    library.save(CardDraft(  # so many words that the thumbnail is the compact face (even without a picture)
        name="", other_names={"de": "Gruftlaternenträgerin"}, level=3, icon="lantern",
        on_summon=[{"op": "move", "move": "discard", "from": ["hand"], "count": 1, "up_to": True,
                    "filter": {"types": ["magical_power"]}, "otherwise": [{"op": "take_damage", "amount": 1}]},
                   {"op": "move", "move": "sacrifice", "from": ["discard"], "count": 2, "up_to": True,
                    "filter": {"types": ["artifact"]}}],
        ongoing=[{"op": "hand_size", "amount": -1}],
        actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}], "act1"),
                 Action([{"op": "pay", "amount": 3}], [{"op": "draw", "count": 2}], "act2")],
        dagger=[{"op": "draw", "count": 1}, {"op": "take_damage", "amount": 1}],
        other_flavours={"de": "Sie zählt die Gräber in der Dämmerung, jede Nacht aufs Neue."}))
    drawn: list[tuple[str, int]] = []
    original = fonts_module.SafeFont.render

    def render(font, text, *args, **kwargs):
        image = original(font, text, *args, **kwargs)
        drawn.append((text, image.get_width()))
        return image

    monkeypatch.setattr(fonts_module.SafeFont, "render", render)
    type_lines = []
    draw_type_line = CardRenderer._draw_type_line

    def spy(renderer, s, card, rect, words, *args, **kwargs):
        type_lines.append((rect.copy(), list(words), s.get_rect().colliderect(rect) and rect.bottom > s.get_height() * 0.8))
        return draw_type_line(renderer, s, card, rect, words, *args, **kwargs)

    monkeypatch.setattr(CardRenderer, "_draw_type_line", spy)
    gallery = GalleryScene(app, library)
    app.stack.push(gallery)
    assert len(gallery.entries) == len(LONG_NAMES) + 1
    gallery._thumbs.clear()
    driver.frames(2)
    unit = TILE_W / 200
    inner_w = TILE_W - 2 * round(7 * unit)
    name_room = inner_w - max(2 * GEM_MIN_R + 6, round(44 * unit))
    texts = [t for t, _w in drawn]
    for name in LONG_NAMES:
        # the name's lines, drawn one after another (the first piece starts the name)
        start = next((i for i, t in enumerate(texts) if t and name.startswith(t.rstrip("-"))), None)
        assert start is not None, (name, texts[:40])
        pieces, i = "", start
        while len(_letters(pieces)) < len(_letters(name)) and i < len(drawn):
            text, width = drawn[i]
            assert width <= name_room, (name, text, width, name_room)
            pieces += text
            i += 1
        assert _letters(pieces) == _letters(name), (name, texts[start:i])
    # the type line keeps clear of the quill's disc in a custom card's corner (a compact face's
    # type line runs beside it)
    assert any(beside for _rect, _words, beside in type_lines), "no compact face among the thumbnails"
    card_h = card_size(TILE_W)[1]
    r = round(13 * unit)
    disc = pygame.Rect(0, 0, 2 * r, 2 * r)
    disc.bottomright = (TILE_W - round(7 * unit) - round(3 * unit), card_h - round(7 * unit) - round(3 * unit))
    widths = dict(drawn)
    for rect, words, _beside in type_lines:
        if not words:
            continue
        left = rect.x + round(4 * unit) + round(18 * unit) + round(5 * unit)
        text = pygame.Rect(left, rect.y, widths[words[0]], rect.h)
        assert not text.colliderect(disc), (words, text, disc)


@pytest.mark.parametrize("width", [TILE_W, 230, 300, 470])
def test_no_words_under_the_quill_of_a_custom_card(game_window, app, monkeypatch, width):
    """The quill's disc in a custom card's corner covers no rules text and no flavour: the rules end
    above it, the flavour is wrapped to pass beside it."""
    from aleph_null_desktop.engine.cards import card_from_dict

    assert i18n.set_language("de") is None
    drafts = [
        CardDraft(name="", other_names={"de": "Grabwächter"}, level=2, side="church",
                  other_flavours={"de": "Er zählt die Gräber bei Nacht, eines nach dem anderen."}),
        CardDraft(name="", other_names={"de": "Gruftlaternenträgerin"}, level=3, icon="lantern",
                  ongoing=[{"op": "hand_size", "amount": -1}],
                  actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}], "act1"),
                 Action([{"op": "pay", "amount": 3}], [{"op": "draw", "count": 2}], "act2")],
                  dagger=[{"op": "draw", "count": 1}, {"op": "take_damage", "amount": 1}],
                  other_flavours={"de": "Sie zählt die Gräber in der Dämmerung, jede Nacht aufs Neue."}),
        CardDraft(name="", other_names={"de": "Ohne Stimmungstext"}, level=1,
                  on_summon=[{"op": "take_damage", "amount": 1}], ongoing=[{"op": "hand_size", "amount": -1}],
                  actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}], "act1")]),
    ]
    drawn = []
    draw_rules = CardRenderer._draw_rules

    def spy(renderer, s, blocks, flavour, box, unit):
        drawn.append((s.get_size(), blocks, flavour, box.copy(), unit))
        return draw_rules(renderer, s, blocks, flavour, box, unit)

    monkeypatch.setattr(CardRenderer, "_draw_rules", spy)
    for n, draft in enumerate(drafts):
        draft.id = f"custom_quill_{n}"
        card = card_from_dict(draft.to_record())
        CardRenderer({card.id: card}, app.fonts).face(card.id, width)
    assert drawn, "no full face drawn"
    for (w, h), blocks, flavour, box, unit in drawn:
        r = round(13 * unit)
        inner = pygame.Rect(0, 0, w, h).inflate(-round(14 * unit), -round(14 * unit))
        disc = pygame.Rect(inner.right - 2 * r - round(3 * unit), inner.bottom - 2 * r - round(3 * unit), 2 * r, 2 * r)
        y = box.y
        for _kind, rendered, height in blocks:  # the rules, from the top of the box
            for image in rendered:
                line = pygame.Rect(box.x, y, image.get_width(), image.get_height())
                assert not line.colliderect(disc), (width, line, disc)
            y += height
        fy = box.bottom - sum(font.get_linesize() for font, _line in flavour)
        for font, text in flavour:  # the flavour, centred at the bottom
            line = pygame.Rect(0, fy, font.size(text)[0], font.get_linesize())
            line.centerx = box.centerx
            assert not line.colliderect(disc), (width, text, line, disc)
            fy += font.get_linesize()
