"""Every screen at every UI scale in English and German: no word cut off or off the window, no two
words on top of each other, no word across the frame of its panel, zone or button.

The recorder (tests/drivers/text_layout.py) follows every line of text from the font to the window
through the layers and pages it is drawn into; each screen is drawn once per scale and language."""

from __future__ import annotations

import os

import pygame
import pytest

from aleph_null_desktop.engine import Game, Summon
from aleph_null_desktop.ui.app import App
from tests.drivers.scripted_input import ScriptedInput
from tests.drivers.text_layout import recording

SHOTS = os.environ.get("LAYOUT_SHOTS")  # a folder: each screen saved there as a PNG, to look at
# Screens not yet laid out from their content at these scale-language steps ("name": "1.5-de ..."):
# each must still fail here (so that a fix takes it off the list), every other screen and step must pass.
KNOWN: dict[str, str] = {}
SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5)
LANGUAGES = ("en", "de")
KEYS = ["book_of_pacts", "wand_of_power", "grand_circle"]
SPARSE = {"hour": 1, "hand": ["wax_candle", "incense"], "deck": ["wax_candle"] * 8}
BUSY = {"hour": 6, "tokens": 2, "damage": 3, "power": 2,
        "play": KEYS + ["besom", "ill_omen", "wealthy_tanist"],
        "hand": ["salamander", "baphomet", "incense", "wax_candle", "mandrake_root"],
        "discard": ["wax_candle", "incense"], "sacrificed": ["salamander"],
        "set_aside": ["ill_omen"], "deck": ["wax_candle"] * 10}

PANELS = {"hour": 4, "tokens": 1, "play": KEYS + ["wealthy_tanist"], "hand": ["salamander", "baphomet", "incense"],
          "discard": ["wax_candle", "incense"], "damage": 2, "power": 1}


def _library():
    from aleph_null_desktop.editor import CardDraft, Library

    library = Library()
    library.load()
    if not library.sorted():
            library.save(CardDraft(name="Grave Warden", other_names={"de": "Grabwächter"}, level=2, side="church",
                               flavour="He counts the graves.",
                               other_flavours={"de": "Er zählt die Gräber bei Nacht."}))
    return library


def _won_game():
    game = Game.from_scenario({"hour": 4, "play": KEYS + ["wax_candle"], "hand": ["baphomet"]})
    game.apply(Summon(game.zone("hand")[0].uid))
    return game


def screens(app, driver):
    """(name, open) for every screen: `open()` leaves the app showing it."""
    from aleph_null_desktop.ui.editor.edit_scene import EditScene
    from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene
    from aleph_null_desktop.ui.grimoire.scene import GrimoireScene
    from aleph_null_desktop.ui.scenes.achievements import AchievementsScene
    from aleph_null_desktop.ui.scenes.judgement import JudgementScene
    from aleph_null_desktop.ui.scenes.settings import SettingsScene
    from aleph_null_desktop.ui.scenes.statistics import StatisticsScene
    from aleph_null_desktop.ui.tutorial.scene import TutorialScene

    def fresh(scene_of):
        def open_():
            app.show_title()
            app.stack.push(scene_of())
        return open_

    def table(scenario):
        def open_():
            app.play(Game.from_scenario(scenario), "adept")
        return open_

    def grimoire_page(mode, page):
        def open_():  # the book opened once, then shown at each spread
            top = app.stack.top
            if not (isinstance(top, GrimoireScene) and top.mode == mode):
                app.show_title()
                app.stack.push(GrimoireScene(app, mode=mode))
                driver.frames(2)
            scene = app.stack.top
            scene.page, scene.turn, scene.queue = page, None, []
        return open_

    def interference_drawn():  # the turn ends and the next turn draws an interference card: its panel
        app.play(Game.from_scenario({"deck": ["ill_omen"] + ["wax_candle"] * 5}), "adept")
        driver.key(pygame.K_SPACE)

    def table_panel(click_on):  # a panel the table opens on a click: a pile, a question (a card's
        # actions lie over the table like a tip, its words partly under them: tests/ui/test_table_panels_scale.py)
        def open_():
            app.play(Game.from_scenario(PANELS), "adept")
            driver.frames(4, dt=0.5)  # the cards have come to rest
            driver.click(click_on())
        return open_

    def editor():
        library = _library()
        app.show_title()
        app.stack.push(GalleryScene(app, library))
        app.stack.push(EditScene(app, library))

    listed = [("title", app.show_title),
              ("table, sparse", table(SPARSE)),
              ("table, busy", table(BUSY)),
              ("table, an interference drawn", interference_drawn),
              ("table, the discard pile", table_panel(lambda: driver.zone_centre("discard"))),
              ("table, ending the turn with damage", table_panel(lambda: driver.zone_centre("end_turn"))),
              ("settings", fresh(lambda: SettingsScene(app))),
              ("statistics", fresh(lambda: StatisticsScene(app))),
              ("achievements", fresh(lambda: AchievementsScene(app))),
              ("judgement", fresh(lambda: JudgementScene(app, _won_game(), "adept"))),
              ("gallery", fresh(lambda: GalleryScene(app, _library()))),
              ("editor", editor),
              ("card packs", fresh(lambda: PacksScene(app))),
              ("tutorial", fresh(lambda: TutorialScene(app)))]
    listed += [(f"Grimoire {page}", grimoire_page("reference", page))
               for page in GrimoireScene(app, mode="reference").art.reference_order()]
    listed += [(f"Grimoire, a ritual: {page}", grimoire_page("ritual", page)) for page in ("cover", "circles")]
    return listed


pytestmark = pytest.mark.usefixtures("plain_look")  # style and language back to the defaults


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
def test_every_screen_keeps_its_words_in_place(game_window, monkeypatch, user_dirs, scale, language):
    with recording(monkeypatch) as recorder:
        screen = pygame.Surface(game_window.get_size())
        app = App(screen, seed=1234)
        app.change_settings(ui_scale=scale, language=language)
        driver = ScriptedInput(app)
        found = {}
        for name, open_ in screens(app, driver):
            recorder.forget(screen)
            open_()
            pygame.event.clear()
            driver.frames(4, dt=0.5)  # animations (a page turning, cards arriving) over
            problems = recorder.problems(screen)
            if SHOTS:
                pygame.image.save(screen, f"{SHOTS}/{name.replace(' ', '_').replace(',', '')}-{scale}-{language}.png")
            assert recorder.words(screen), f"{name}: no words seen"
            if problems:
                found[name] = problems
        assert not app.error_text, app.error_text
    here = f"{scale}-{language}"
    known = {name for name, where in KNOWN.items() if here in where.split()}
    fixed = sorted(known - set(found))
    assert not fixed, f"these screens now keep their words at {here}: take them off KNOWN: {fixed}"
    broken = {name: p for name, p in found.items() if name not in known}
    assert not broken, "\n".join(f"{name}:\n  " + "\n  ".join(p) for name, p in broken.items())
