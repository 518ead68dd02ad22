"""German fits: every card face, button, dialog and Grimoire page drawn in German, watching every
line that is fitted or wrapped into a width (ui.render.text.fit_font, fit_font_steps and wrap, wherever they are used)
and every glyph drawn. A line wider than its box or a character the font lacks fails the test."""

from __future__ import annotations

import sys

import pygame
import pytest

from aleph_null_desktop import i18n
from aleph_null_desktop.engine import EndTurn, Game, Summon
from aleph_null_desktop.engine.cards import load_builtin_cards
from aleph_null_desktop.ui.render import text as ui_text
from aleph_null_desktop.ui.render import fonts as fonts_module
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.widgets import button as widgets
from aleph_null_desktop.ui.render.fonts import SafeFont
from aleph_null_desktop.ui.render.card_renderer import CardRenderer

# every UI module loaded now, so that the watch below reaches the text helpers each one imported
for _info in __import__("pkgutil").walk_packages(__import__("aleph_null_desktop.ui").ui.__path__,
                                                  "aleph_null_desktop.ui."):
    __import__("importlib").import_module(_info.name)

GERMAN_SIGNS = "äöüÄÖÜß„“–…"
KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]


class TextWatch:
    """Every line that a fit (ui.render.text.fit_font) or a wrap (ui.render.text.wrap) left wider than its box is
    a candidate; drawing such a line in the same font makes it a failure (a caller may try a fit,
    find it too wide and choose another layout: that is no failure). Every character drawn is
    checked against the font's glyphs."""

    def __init__(self) -> None:
        self.too_wide: set[tuple[str, int, int]] = set()
        self.seen: set[str] = set()
        self.candidates: dict[tuple[int, str], tuple[str, int, int]] = {}
        self.missing: set[tuple[str, str]] = set()
        self._notdef: dict[int, bytes] = {}
        self._checked: set[tuple[int, str]] = set()
        self.edges = False  # also fail a line drawn past the window's edge (set by the editor tests)

    def drawn(self, font, text: str) -> None:
        self.seen.add(text)
        self.glyphs(font, text)
        if (id(font), text) in self.candidates:
            self.too_wide.add(self.candidates[(id(font), text)])

    def glyphs(self, font, text: str) -> None:
        for char in set(text) - set(" \n"):
            key = (id(font), char)
            if key in self._checked:
                continue
            self._checked.add(key)
            if self._image(font, char) == self._notdef_of(font):
                self.missing.add((char, text[:60]))

    @staticmethod
    def _image(font, char: str) -> bytes:
        image = pygame.font.Font.render(font, char, True, (255, 255, 255), (0, 0, 0))
        return pygame.image.tobytes(image, "RGB") + str(image.get_size()).encode()

    def _notdef_of(self, font) -> bytes:
        if id(font) not in self._notdef:
            self._notdef[id(font)] = self._image(font, "\U0010fffd")  # a private-use point no font has
        return self._notdef[id(font)]

    def _laid_out(self, font, line: str, width: int) -> None:
        """The latest layout of a line in a font decides: too wide, or (again) fitting."""
        if font.size(line)[0] > width:
            self.candidates[(id(font), line)] = (line, font.size(line)[0], width)
        else:
            self.candidates.pop((id(font), line), None)

    def wrap(self, original):
        def watched(font, text, width):
            lines = original(font, text, width)
            for line in lines:
                self._laid_out(font, line, width)
            return lines
        return watched

    def blit_text(self, original):
        def watched(surface, font, text, colour, pos, anchor="topleft"):
            rect = original(surface, font, text, colour, pos, anchor)
            if self.edges and text and not surface.get_rect().contains(rect):
                self.too_wide.add((text, rect.right, surface.get_width()))
            return rect
        return watched

    def fit_font(self, original):
        def watched(fonts, role, text, width, size, min_size=10):
            font = original(fonts, role, text, width, size, min_size)
            self._laid_out(font, text, width)
            return font
        return watched

    def fit_font_steps(self, original):  # (the same fit, a size a step: a card face drawn ahead)
        def watched(fonts, role, text, width, size, min_size=10):
            font = yield from original(fonts, role, text, width, size, min_size)
            self._laid_out(font, text, width)
            return font
        return watched


WATCH: list[TextWatch] = []


class WatchedFont(SafeFont):
    """The game's font, telling the watch what it draws."""

    def render(self, text, *args, **kwargs):
        if WATCH and isinstance(text, str):
            WATCH[-1].drawn(self, text)
        return super().render(text, *args, **kwargs)


@pytest.fixture
def watch(app, monkeypatch):
    """German, the text helpers watched in every module that imported them, and every font new."""
    assert i18n.set_language("de") is None
    ui_text._wrapped.clear()
    ui_text._rendered.clear()
    w = TextWatch()
    originals = {"wrap": ui_text.wrap, "fit_font": ui_text.fit_font, "fit_font_steps": ui_text.fit_font_steps,
                 "blit_text": ui_text.blit_text}
    for name, module in list(sys.modules.items()):
        if not name.startswith("aleph_null_desktop") or module is None:
            continue
        for attr, original in originals.items():
            if getattr(module, attr, None) is original:
                monkeypatch.setattr(module, attr, getattr(w, attr)(original))
    monkeypatch.setattr(fonts_module, "SafeFont", WatchedFont)
    button_draw = widgets.Button.draw

    def draw_button(button, surface, *args, **kwargs):  # with edges watched: a button past the window
        if w.edges and not surface.get_rect().contains(button.rect):
            w.too_wide.add((f"button {button.label}", button.rect.right, surface.get_width()))
        return button_draw(button, surface, *args, **kwargs)

    monkeypatch.setattr(widgets.Button, "draw", draw_button)
    app.fonts._cache.clear()
    WATCH.append(w)
    yield w
    WATCH.clear()
    app.fonts._cache.clear()
    ui_text._wrapped.clear()
    ui_text._rendered.clear()


def _check(watch: TextWatch, *german: str) -> None:
    """No glyph missing, no line too wide, and the German words `german` were drawn (so the
    screen really was German and watched)."""
    drawn = " ".join(watch.seen)
    assert all(words in drawn for words in german), [w for w in german if w not in drawn]
    assert not watch.missing, f"glyphs missing from the fonts: {sorted(watch.missing)[:10]}"
    assert not watch.too_wide, "German text wider than its box:\n" + "\n".join(
        f"  {w} > {box} px: {t!r}" for t, w, box in sorted(watch.too_wide, key=lambda x: x[0])[:25])


def test_the_fonts_have_every_german_sign(game_window, app):
    watch = TextWatch()
    for role in ("title", "body", "bold", "italic"):
        watch.glyphs(app.fonts.get(role, 24), GERMAN_SIGNS + "·")
    for role in ("body", "bold", "italic"):  # the card and help texts' signs (titles have no arrows)
        watch.glyphs(app.fonts.get(role, 24), "†→←×−•")
    assert not watch.missing, sorted(watch.missing)


def test_the_watch_sees_a_missing_glyph_and_a_line_too_wide(game_window, app, watch):
    """The checks below can fail: a glyph no font has, a word wider than its box."""
    ui_text.render(app.fonts.get("body", 20), "\u4e2d", (0, 0, 0))
    assert watch.missing
    font = widgets.fit_font(app.fonts, "body", "Beschwörungskostenübersichtstabelle", 40, 20, 12)
    assert not watch.too_wide  # tried, not drawn
    ui_text.render(font, "Beschwörungskostenübersichtstabelle", (0, 0, 0))
    assert watch.too_wide


def test_every_card_face_in_german(game_window, app, watch):
    cards = load_builtin_cards()
    renderer = CardRenderer(cards, app.fonts)
    for card_id in cards:
        for width in (170, 230, 500):
            renderer.face(card_id, width)
    _check(watch, "Großer Beschwörungskreis", "opfere einen Tanisten", "Schlüssel")


def test_the_grimoire_in_german(game_window, app, driver, watch):
    from aleph_null_desktop.ui.grimoire.scene import GrimoireScene

    app.show_title()
    scene = GrimoireScene(app, mode="ritual")
    app.stack.push(scene)
    driver.frames(3)
    for page in ["cover"] + scene.art.reference_order():
        scene.art.spread(page, scene.context)
    driver.frames(2)
    _check(watch, "Inhalt", "Die Große Hierarchie", "Das Ritual und sein Ziel", "Zirkel der Lehrlinge")


def test_title_settings_statistics_and_pause_in_german(game_window, app, driver, watch, user_dirs):
    app.show_title()
    driver.frames(2)
    for key in (pygame.K_s, pygame.K_t):
        driver.key(key)
        driver.frames(2)
        driver.key(pygame.K_ESCAPE)
        driver.frames(2)
    _check(watch, "Einstellungen", "Sprache", "Statistik")


def test_the_table_its_menus_and_dialogs_in_german(game_window, app, driver, table, watch):
    scene = table({"hour": 4, "tokens": 1, "play": KEYS + ["wealthy_tanist"],
                   "hand": ["salamander", "baphomet", "incense"],
                   "discard": ["wax_candle"], "damage": 2, "power": 1})
    driver.frames(3)

    def close_modal():
        assert scene.modal is not None
        driver.key(pygame.K_ESCAPE)
        driver.frames(2)
        assert scene.modal is None and driver.scene is scene

    driver.click(driver.card_centre(driver.uid("play", "wealthy_tanist")))  # its action menu
    driver.frames(3)
    close_modal()
    driver.click(driver.zone_centre("discard"))  # the pile picker
    driver.frames(3)
    close_modal()
    driver.click(driver.zone_centre("end_turn"))  # ending with damage 2: a confirmation
    driver.frames(3)
    close_modal()
    app.pause()
    driver.frames(3)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    _check(watch, "Zug beenden", "Geopfert", "Menü")


@pytest.mark.parametrize("won", [True, False])
def test_judgement_in_german(game_window, app, driver, watch, won):
    from aleph_null_desktop.ui.scenes.judgement import JudgementScene

    if won:
        game = Game.from_scenario({"hour": 4, "play": KEYS + ["wax_candle"], "hand": ["baphomet"]})
        game.apply(Summon(game.zone("hand")[0].uid))
    else:
        game = Game.from_scenario({"damage": 2, "power": 1, "deck": ["wax_candle"] * 6})
        game.apply(EndTurn())
    assert game.outcome is not None and game.outcome.won is won
    app.stack.push(JudgementScene(app, game, "adept"))
    driver.frames(3)
    _check(watch, "URTEIL", "Der Tisch am Ende")


def _editor_library():
    """Two saved custom cards, one with the longest name a card may have (and so the longest id)."""
    from aleph_null_desktop.editor import CardDraft, Library

    library = Library()
    library.load()
    library.save(CardDraft(name="Grave Warden", other_names={"de": "Grabwächter"}, level=2, side="church",
                           flavour="He counts the graves.", other_flavours={"de": "Er zählt die Gräber bei Nacht."}))
    longest = "Wächterin der unterirdischen Gruftkapelle"[:40]
    library.save(CardDraft(name="", other_names={"de": longest}, level=3))
    return library


def test_the_card_editor_in_german(game_window, app, driver, watch, user_dirs):
    """The gallery, the editor with every picker and menu, its messages and dialogs, in German:
    no line wider than its box or past the window's edge, and the status clear of the buttons."""
    from aleph_null_desktop.ui.editor.edit_scene import EditScene
    from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene

    watch.edges = True
    _editor_library()
    app.show_title()
    driver.frames(2)
    driver.key(pygame.K_e)  # the gallery
    driver.frames(2)
    gallery = driver.scene
    assert isinstance(gallery, GalleryScene) and len(gallery.entries) == 2
    driver.click(gallery.tile_rects()[2].center)  # selected: its caption in bold
    driver.frames(2)
    for key in (pygame.K_F2, pygame.K_DELETE):  # the rename and delete dialogs
        driver.key(key)
        driver.frames(2)
        driver.key(pygame.K_ESCAPE)
    for button in ("Export…", "Import…", "Print…", "Export PNG…"):
        driver.click(gallery.buttons[button].rect.center)
        driver.frames(2)
        driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_F4)  # the print dialog with its backs switched on
    driver.key(pygame.K_p, pygame.KMOD_CTRL)
    driver.key(pygame.K_F4)
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_c, pygame.KMOD_CTRL)  # the card's code copied: a message
    driver.frames(2)
    driver.click(gallery.tile_rects()[2].center, clicks=2)  # the longest name, in the editor
    driver.frames(2)
    edit = driver.scene
    assert isinstance(edit, EditScene) and len(edit.draft.id) > 45
    assert edit._control("cost").value_text == "0 Magische Kraft"  # not the English "0P"
    for name in ("icon", "art", "on_summon.add", "action0.cost.0.op"):
        driver.click(edit._control(name).rect.center)
        driver.frames(2)
        assert edit.popup is not None, name
        driver.key(pygame.K_ESCAPE)
        driver.frames()
        edit.popup = None
    driver.click(edit._control("language.en").rect.center)  # the English side: empty, the fallback shown
    driver.frames(2)
    driver.click(edit._control("language.de").rect.center)
    driver.click(edit.name_field.rect.center)
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.key(pygame.K_BACKSPACE)  # no name in any language: save blocked, with the reason
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    driver.frames(2)
    assert edit.status_kind == "error" and not edit.buttons[0].enabled, (edit.status, edit.draft.names(), edit.name_field.focused, edit.name_field.text)
    status = edit.status_rect()
    assert all(not status.colliderect(b.rect) for b in edit.buttons), (status, [b.rect for b in edit.buttons])
    assert pygame.Rect((0, 0), theme.LOGICAL_SIZE).contains(status)
    font = app.fonts.get("body", 22)
    assert len(ui_text.wrap(font, edit.status, status.w - 28)) * font.get_linesize() <= status.h, edit.status
    driver.key(pygame.K_ESCAPE)  # leave the field
    driver.key(pygame.K_ESCAPE)  # leave the editor: changes not saved, a question
    driver.frames(2)
    driver.key(pygame.K_RETURN)  # leave, lose the changes
    assert driver.scene is gallery
    driver.key(pygame.K_n)  # a new card: no id yet, the editor says how it gets one
    driver.frames(2)
    _check(watch, "NAME (DEUTSCH)", "STIMMUNGSTEXT (DEUTSCH)", "Symbol: ", "AUSGEWÄHLT", "Kartenkennung",
           "Speichern ist gesperrt", "Nicht gespeichert", "Kobold", "Umbenennen", "Exportieren", "Strg+S",
           "Deine Karten drucken", "Rückseiten: ja (beidseitig)", "Papier: A4", "Als PNG speichern …",
           "Code kopieren", "Der Kartencode von", "Code einfügen")


def test_the_card_packs_ritual_setup_and_card_test_in_german(game_window, app, driver, watch, user_dirs):
    from aleph_null_desktop.editor.cardtest import CardTest, play_pair
    from aleph_null_desktop.ui.editor.cardtest_scene import CardTestScene
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene
    from aleph_null_desktop.ui.editor.ritual_scene import RitualSetupScene

    watch.edges = True
    library = _editor_library()
    app.show_title()
    driver.frames(2)
    app.stack.push(PacksScene(app))
    driver.frames(3)
    app.stack.pop()
    setup = RitualSetupScene(app, library, preselected=[e.id for e in library.sorted()][:1])
    app.stack.push(setup)
    driver.frames(3)
    app.stack.pop()
    record = library.sorted()[0].record
    panel = CardTestScene(app, record, autostart=False)
    panel.test = CardTest(panel.spec())
    panel.test.pairs = [play_pair(panel.spec(), seed) for seed in (1, 2)]  # real rituals, in this process
    panel.test.state = "done"
    panel._sync()
    app.stack.push(panel)
    driver.frames(3)
    _check(watch, "Kartenpakete", "Ein Ritual mit deinen Karten", "DEINE KARTEN", "Mit deiner Karte",
           "gespielt von dem gierigen Spieler", "Prozentpunkte (zu 95 %")
