"""Card faces: every word at a readable size at the sizes the table shows them, an illustration
for every card (built-in and custom), a custom card marked as such, dimmed cards that say why."""

import pygame

from aleph_null_desktop.engine import Summon
from aleph_null_desktop.engine.cards import card_from_dict, load_builtin_cards
from aleph_null_desktop.ui.render.art import ART, art_name, glyphs
from aleph_null_desktop.ui.render.card_renderer import MIN_TEXT, CardRenderer
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.arrange import HAND_CARD_W, PLAY_CARD_W
from aleph_null_desktop.ui.table.card_tips import PREVIEW_W, card_terms


class RecordingFonts:
    """The game's fonts, noting every size a face asks for."""

    def __init__(self, fonts) -> None:
        self.fonts, self.sizes = fonts.unscaled(), []

    def unscaled(self):
        return self

    def get(self, role, size):
        self.sizes.append((role, size))
        return self.fonts.get(role, size)


def test_no_card_text_is_drawn_below_16_px_at_any_size_the_table_shows(app):
    cards = load_builtin_cards()
    fonts = RecordingFonts(app.fonts)
    renderer = CardRenderer(cards, fonts)
    layout = app.layout
    deck = layout.rect("deck")
    pile_w = panels.pile_card_rect(pygame.Rect(round(deck.x), round(deck.y), round(deck.w), round(deck.h))).w
    widths = sorted({HAND_CARD_W, PLAY_CARD_W, PREVIEW_W, pile_w, 500, *range(90, PLAY_CARD_W, 10)})
    for width in widths:
        for card_id in cards:
            renderer.face(card_id, width)
        renderer.back(width)
    assert fonts.sizes and min(size for _, size in fonts.sizes) >= MIN_TEXT  # 14 px at 1689×950


def test_every_card_has_its_words_at_hand_size_or_in_the_large_view(app):
    cards = load_builtin_cards()
    renderer = CardRenderer(cards, app.fonts)
    full_at_hand = [cid for cid in cards if renderer._fit_rules(
        cards[cid], pygame.Rect(0, 0, HAND_CARD_W - 30, 150), HAND_CARD_W / 200)[0] is not None]
    assert len(full_at_hand) >= len(cards) - 3
    for card_id in cards:  # the hover view shows every card in full
        card = cards[card_id]
        unit = PREVIEW_W / 200
        box = pygame.Rect(0, 0, PREVIEW_W - round(26 * unit), round(PREVIEW_W * 1.4) - round(160 * unit))
        assert renderer._fit_rules(card, box, unit)[0] is not None, card_id


def test_every_card_is_illustrated_from_the_vendored_glyphs(app):
    cards = load_builtin_cards()
    for card_id, card in cards.items():
        name = art_name(card)
        assert name in glyphs(), card_id
        assert ART.image(name, 64, (0, 0, 0)) is not None, name  # the SVG loads
    custom = card_from_dict({**cards["wax_candle"].data, "id": "my_lamp", "custom": True, "icon": "lamp"})
    assert art_name(custom) == "magic-lamp"  # a custom card is illustrated through its icon


def test_a_custom_card_never_looks_like_the_printed_one(app):
    cards = load_builtin_cards()
    custom = card_from_dict({**cards["wax_candle"].data, "custom": True})
    printed = CardRenderer(cards, app.fonts).face("wax_candle", HAND_CARD_W)
    made = CardRenderer({"wax_candle": custom}, app.fonts).face("wax_candle", HAND_CARD_W)
    differing = sum(printed.get_at((x, y)) != made.get_at((x, y))
                    for x in range(0, HAND_CARD_W, 4) for y in range(0, round(HAND_CARD_W * 1.4), 4))
    assert differing > 200  # a silver frame, a quill mark, "custom" in the type line


def test_unusable_cards_are_dimmed_and_say_why_on_hover(table, driver):
    scene = table({"hand": ["gnome", "wax_candle"], "play": ["salamander"], "power": 0})
    gnome, candle = driver.uid("hand", "gnome"), driver.uid("hand", "wax_candle")
    unusable = scene.presenter.unusable
    assert unusable[gnome] == scene.game.explain(Summon(gnome))  # the engine's words
    assert candle not in unusable
    centre = tuple(map(round, scene.sprites[gnome].target.center))
    before = driver.app.screen.get_at(centre)
    driver.post(pygame.MOUSEMOTION, pos=(centre[0], centre[1] + 60), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(30, dt=0.05)
    assert scene.controls.hover_uid == gnome and scene.controls.hover_time > 0.35
    screen = driver.app.screen
    assert screen.get_at(centre) != before  # the large view is drawn over the table
    assert any(term == "Magical Power" for term, _ in card_terms(scene.game.cdef(gnome)))


def test_a_dimmed_card_is_darker_than_a_usable_one(table, driver):
    scene = table({"hand": ["gnome", "wax_candle"], "power": 0})
    gnome = driver.uid("hand", "gnome")
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(3)
    rect = pygame.Rect(scene.sprites[gnome].target)
    dim = driver.app.screen.subsurface(rect.clip(driver.app.screen.get_rect())).copy()
    face = scene.renderer.face("gnome", rect.w)
    spot = (rect.w // 2, rect.h - 40)
    assert sum(dim.get_at(spot)[:3]) < sum(face.get_at(spot)[:3])


def test_a_card_may_name_its_own_illustration():
    cards = load_builtin_cards()
    chosen = card_from_dict({**cards["wax_candle"].data, "id": "goat_candle", "custom": True, "art": "goat"})
    assert art_name(chosen) == "goat"
    unknown = card_from_dict({**cards["wax_candle"].data, "id": "odd_candle", "custom": True, "art": "no-such"})
    assert art_name(unknown) == "candle-light"  # an unknown name falls back to the icon's glyph


def test_f1_on_a_card_read_large_opens_the_grimoires_glossary(table, driver):
    from aleph_null_desktop.ui.grimoire.scene import GrimoireScene

    scene = table({"hand": ["gnome"], "power": 0})
    gnome = driver.uid("hand", "gnome")
    driver.post(pygame.MOUSEMOTION, pos=tuple(map(round, scene.sprites[gnome].target.center)), rel=(0, 0),
                buttons=(0, 0, 0))
    driver.frames(30, dt=0.05)
    assert scene.controls.card_tip_shown()
    driver.key(pygame.K_F1)
    book = driver.scene
    assert isinstance(book, GrimoireScene)
    assert book.page == scene.controls.keyboard.glossary_page() and book.page.startswith("ref-")


def test_baphomet_in_the_hand_shows_his_rules_in_a_short_form(app):
    from aleph_null_desktop.engine.words.text import card_short_lines, card_text_lines
    from aleph_null_desktop.i18n import set_language

    for language in ("en", "de"):
        set_language(language)
        cards = load_builtin_cards()
        baphomet = cards["baphomet"]
        renderer = CardRenderer(cards, app.fonts)
        unit = HAND_CARD_W / 200
        box = pygame.Rect(0, 0, HAND_CARD_W - round(26 * unit), round(HAND_CARD_W * 1.4) - round(160 * unit))
        blocks, _flavour = renderer._fit_rules(baphomet, box, unit)
        assert blocks is not None, language  # words on the hand card, not the illustration alone
        shown = " ".join(line for line in card_short_lines(baphomet))
        assert "Keys" in shown or "Schlüssel" in shown
        assert card_text_lines(baphomet) != card_short_lines(baphomet)  # the large view keeps the full text
