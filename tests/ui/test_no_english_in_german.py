"""A German-speaking player never meets an English word outside proper names.

Every screen is played through in German — the title with damaged files at start, Settings,
Statistics, the pause menu, a whole ritual on the table (interference arriving, decisions, the
Hour turning, a card close-up, menus, pickers, a confirmation, a hint) to its Judgement, every page
of the Grimoire, the lesson and the card-pack screen — while every string drawn is recorded at the
one place text becomes pixels (SafeFont.render). A string fails when it is an English message of
the catalogue whose German differs, or when it holds an English word of STOP_WORDS once the
proper names (the cards, Circles and Hours named alike in both languages, the game's and its
author's names) are taken out."""

from __future__ import annotations

import random
import re
import time

import pygame
import pytest
from babel.messages.pofile import read_po

from aleph_null_desktop import i18n
from aleph_null_desktop.engine import EndTurn
from aleph_null_desktop.engine.cards import circles, hour_pages, load_builtin_cards
from aleph_null_desktop.ui.render import fonts as fonts_module
from aleph_null_desktop.ui.render import text as ui_text
from aleph_null_desktop.ui.render.fonts import SafeFont

STOP_WORDS = {
    "the", "and", "you", "your", "card", "cards", "turn", "turns", "hour", "hours", "play",
    "played", "not", "cannot", "can't", "with", "power", "of", "to", "is", "are", "this", "that", "from", "for",
    "on", "it", "its", "be", "has", "have", "would", "could", "should", "there", "their", "they", "what",
    "which", "when", "where", "who", "how", "or", "at", "by", "into", "out", "each", "every", "more", "less",
    "new", "game", "games", "sacrifice", "sacrificed", "summon", "summoned", "discard", "discarded",
    "scrap", "scrapped", "token", "tokens", "damage", "key", "keys", "interference", "circle", "settings",
    "statistics", "back", "close", "open", "save", "saved", "load", "quit", "page", "next", "previous", "yes",
    "continue", "undo", "undone", "hint", "level", "cost", "search", "draw", "drew", "choose", "none",
    "nothing", "done", "left", "wins", "won", "lost", "score", "rank", "best", "average", "streak", "music",
    "sound", "volume", "language", "fullscreen", "window", "colour", "colours", "speed", "instant", "fast",
    "show", "hide", "hints", "confirm", "lesson", "pack", "packs", "custom", "own", "flavour", "artifact",
    "judgement", "press", "click", "drag", "space", "ctrl", "wheel", "mouse", "scroll", "scrolled", "rules",
    "glossary", "contents", "chapter", "action", "actions", "when", "then", "gain", "pay", "take", "taken",
    "pile", "effect", "effects", "ongoing", "special", "only", "all", "any", "one", "two", "three", "ends",
    "end", "begins", "used", "use", "set", "aside", "missing", "empty", "file", "folder", "could",
    "read", "loaded", "error", "something", "went", "wrong",
}

SAME_IN_BOTH = {"BAPHOMET", "Aleph Null", "Tony Boydell", "Capstone Games", "Frosted Games", "Linux Libertine",
                "Cinzel", "game-icons.net", "pygame-ce", "SDL", "Lorc", "Delapouite"}  # proper names


def _proper_names() -> set[str]:
    names = set(SAME_IN_BOTH)
    for things in (load_builtin_cards().values(), circles().values(), hour_pages().values()):
        for thing in things:
            if thing.names.get("en") and thing.names.get("en") == thing.names.get("de"):
                names.add(thing.names["en"])
    return names


def _english_messages() -> set[str]:
    """The catalogue's English texts whose German differs, with some letters in them."""
    with open(i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as fh:
        catalogue = read_po(fh)
    found = set()
    for m in catalogue:
        if not m.id:
            continue
        pairs = zip(m.id, m.string) if isinstance(m.id, tuple) else [(m.id, m.string)]
        for english, german in pairs:
            if english != german and "{" not in english and re.search(r"[A-Za-z]{3}", english):
                found.add(english)
    return found


class Drawn:
    """Every string drawn, and which of them are English."""

    def __init__(self) -> None:
        self.strings: set[str] = set()
        self._broken = ""  # the start of a line whose last word goes on in the next line drawn
        self.names = sorted(_proper_names(), key=len, reverse=True)
        self.messages = _english_messages()
        self._word = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
        self._technical = re.compile(r"\S*[/\\_]\S*|\S+\.(json|png|ogg|mo|po)\b\S*")  # paths, file names, keys

    def add(self, text: str) -> None:
        """A line ending in a word broken with a hyphen (ui.render.text.wrap_breaking: a long name on a
        card) is read with the line drawn after it, the word whole: "Großer Be-" + "schwörungs-" +
        "kreis" is "Großer Beschwörungskreis", not the English "be"."""
        text = self._broken + text
        if re.search(r"[^\W\d_]-$", text):
            self._broken = text[:-1]
            return
        self._broken = ""
        self.strings.add(text)

    def english(self) -> list[tuple[str, str]]:
        if self._broken:
            self.strings.add(self._broken + "-")
            self._broken = ""
        found = []
        for text in sorted(self.strings):
            if text.strip() in self.messages:
                found.append((text, "an English message of the catalogue"))
                continue
            rest = self._technical.sub(" ", text)
            for name in self.names:
                rest = rest.replace(name, " ")
            words = {w.lower() for w in self._word.findall(rest)} & STOP_WORDS
            if words:
                found.append((text, "English words: " + ", ".join(sorted(words))))
        return found

    def check(self, *german: str) -> None:
        """No English drawn, and these German words were (so the screen really was drawn)."""
        everything = " ".join(self.strings)
        assert all(w in everything for w in german), [w for w in german if w not in everything]
        english = self.english()
        assert not english, "English drawn in German:\n" + "\n".join(f"  {t!r}: {why}" for t, why in english[:40])


RECORDING: list[Drawn] = []


class RecordingFont(SafeFont):
    def render(self, text, *args, **kwargs):
        if RECORDING and isinstance(text, str) and text.strip():
            RECORDING[-1].add(text)
        return super().render(text, *args, **kwargs)


@pytest.fixture
def drawn(app, monkeypatch):
    """German, every font new and recording, the text caches empty."""
    assert i18n.set_language("de") is None
    app.settings = app.current_settings().__class__(language="de")
    monkeypatch.setattr(fonts_module, "SafeFont", RecordingFont)
    app.fonts._cache.clear()
    ui_text._rendered.clear()
    ui_text._wrapped.clear()
    record = Drawn()
    RECORDING.append(record)
    yield record
    RECORDING.clear()
    app.fonts._cache.clear()
    ui_text._rendered.clear()
    i18n.set_language("en")


def test_the_check_finds_english(app, drawn):
    """It can fail: an English message, an English word in a German line, a name is no fault."""
    font = app.fonts.get("body", 20)
    for text in ("Settings", "Zug 3: the deck is empty", "Salamander wird abgeworfen.", "BAPHOMET erscheint",
                 "Großer Be-", "schwörungs-", "kreis", "Messge-", "wand", "Wäch-", "ter the cards"):
        ui_text.render(font, text, (0, 0, 0))
    # a word broken at a line's end is read whole (Großer Beschwörungskreis, Messgewand), not as
    # "be" and "wand"; English after a broken word is still found
    assert {t for t, _why in drawn.english()} == {"Settings", "Zug 3: the deck is empty", "Wächter the cards"}


def _settle(driver, n: int = 6) -> None:
    driver.frames(n, dt=0.05)


def _settle_reading(driver, screen, limit: float = 30.0) -> None:
    """Frames until the screen has read its files off the frame loop (the player waits)."""
    import time

    end = time.monotonic() + limit
    _settle(driver)
    while screen.busy and time.monotonic() < end:
        time.sleep(0.002)
        _settle(driver, 1)


def test_start_with_damaged_files_title_settings_statistics_and_pause(app, driver, drawn, user_dirs):
    from aleph_null_desktop.storage import paths

    paths.settings_path().write_text('{"version": 1, "language": "de", "music_volume": 7, "ui_scale": "big"}',
                                     encoding="utf-8")
    paths.stats_path().write_text('{"version": 1, "history": [{"circle": 3}], "totals": {}}', encoding="utf-8")
    paths.autosave_path().write_text('{"version": 1, "seed": "x"', encoding="utf-8")
    app.persist = True
    app.show_title()
    app.start_session()
    _settle(driver)
    assert "größer als" in app.error_text
    driver.key(pygame.K_c)  # Continue: the damaged autosave is set aside, and said so
    _settle(driver)
    assert "beiseitegelegt" in app.error_text
    driver.key(pygame.K_t)  # Statistics: the damaged history is repaired, and said so
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    _settle(driver)
    driver.key(pygame.K_s)  # Settings, every control
    _settle(driver)
    for _n in range(30):
        driver.key(pygame.K_TAB)
        driver.frames(1)
    driver.key(pygame.K_ESCAPE)
    _settle(driver)
    app.new_ritual("adept", seed=5)
    _settle(driver)
    app.pause()
    _settle(driver)
    drawn.check("Einstellungen", "Statistik", "beiseitegelegt", "Fortsetzen")
    app.error_text = ""  # the warnings were the point of the test, not failed frames


def _play(driver, scene, command) -> None:
    if command.__class__.__name__ == "Choose" and scene.game.pending is None:
        return
    scene.submit(command, confirmed=True)
    driver.frames(4, dt=0.05)
    for _n in range(3):  # an arriving interference card waits for Enter
        if scene.modal is None:
            break
        driver.key(pygame.K_RETURN)
        driver.frames(2, dt=0.05)


def test_a_whole_ritual_on_the_table_to_its_judgement(app, driver, drawn):
    from aleph_null_desktop.ai.greedy import GreedyPlayer
    from aleph_null_desktop.ui.scenes.judgement import JudgementScene

    app.new_ritual("master", seed=11)
    _settle(driver, 20)
    scene = driver.scene
    game = scene.game
    player, rng = GreedyPlayer(), random.Random(3)
    hand = game.zone("hand")
    driver.click(driver.card_centre(hand[0].uid), button=3)  # a card's close-up
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    _settle(driver)
    driver.key(pygame.K_h)  # a hint, said in the log
    for _n in range(400):  # the AI thinks on its own thread
        driver.frames(1, dt=0.05)
        if not scene.hints.thinking:
            break
        time.sleep(0.02)
    assert any(line.startswith("Tipp:") for line in scene.log.lines), scene.log.lines
    driver.click(driver.zone_centre("deck"))
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    _settle(driver)
    decisions = hours = 0
    for _n in range(400):
        if game.outcome is not None:
            break
        hour = game.hour
        if game.pending is not None:
            decisions += 1
            _settle(driver, 2)  # the decision's prompt and picker drawn
        _play(driver, scene, player.choose_command(game, rng))
        hours += game.hour != hour
        if scene.modal is not None and game.outcome is None:
            driver.key(pygame.K_ESCAPE)
            _settle(driver, 2)
    assert game.outcome is not None and decisions and hours
    for _n in range(80):
        driver.frames(1, dt=0.05)
        if isinstance(driver.scene, JudgementScene):
            break
    assert isinstance(driver.scene, JudgementScene)
    _settle(driver, 10)
    drawn.check("Zug beenden", "URTEIL", "Stunde")


def test_the_table_menus_pickers_and_a_confirmation(app, driver, table, drawn):
    scene = table({"hour": 4, "tokens": 1, "play": ["book_of_pacts", "wand_of_power", "grand_circle",
                                                    "wealthy_tanist"],
                   "hand": ["salamander", "baphomet", "incense"], "discard": ["wax_candle"], "damage": 2,
                   "power": 1})
    for point in (driver.card_centre(driver.uid("play", "wealthy_tanist")),  # its action menu
                  driver.zone_centre("discard"),  # the pile picker
                  driver.zone_centre("end_turn")):  # ending with damage 2 and power left: a confirmation
        driver.click(point)
        _settle(driver, 3)
        assert scene.modal is not None
        driver.key(pygame.K_ESCAPE)
        _settle(driver, 2)
    driver.click(driver.card_centre(driver.uid("hand", "baphomet")), button=3)  # a close-up
    _settle(driver, 3)
    drawn.check("Zug beenden", "Ablagestapel")


def test_every_page_of_the_grimoire_and_a_new_ritual_in_it(app, driver, drawn, user_dirs):
    from aleph_null_desktop.ui.grimoire.scene import GrimoireScene

    app.show_title()
    for mode in ("reference", "ritual"):
        scene = GrimoireScene(app, mode=mode)
        app.stack.push(scene)
        driver.frames(3)
        for page in ["cover"] + scene.art.reference_order():
            scene.art.spread(page, scene.context)
        driver.frames(2)
        app.stack.pop()
    drawn.check("Inhalt", "Die Große Hierarchie", "Glossar")


def test_the_lesson_from_its_first_step_to_its_last(app, driver, drawn):
    from aleph_null_desktop.ui.tutorial import start_tutorial
    from aleph_null_desktop.ui.tutorial.scene import TutorialScene

    app.show_title()
    start_tutorial(app)
    _settle(driver, 10)
    scene = driver.scene
    assert isinstance(scene, TutorialScene)
    for _n in range(30):
        step = scene.step
        if step is None or scene.game.outcome is not None:
            break
        move = next((c for c in scene.game.legal_commands() if step.matches(scene.game, c)), None)
        assert move is not None, step.title
        _play(driver, scene, move)
        _settle(driver, 3)
    other = next((c for c in scene.game.legal_commands() if isinstance(c, EndTurn)), None)
    if other is not None and scene.step is not None:
        scene.submit(other)  # "not in this lesson"
        _settle(driver, 3)
    drawn.check("Lektion")


def test_the_card_pack_screen(app, driver, drawn, user_dirs):
    from aleph_null_desktop.storage import paths
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene

    (paths.card_packs_dir() / "broken.json").write_text('{"schema": 1, "cards": [', encoding="utf-8")
    app.show_title()
    screen = PacksScene(app)
    app.stack.push(screen)
    _settle_reading(driver, screen)
    screen.load_example()  # its name, description and cards (names, rules, flavour) in German
    _settle_reading(driver, screen)
    screen.selected = "example_the_churchyard"
    _settle(driver, 6)
    drawn.check("Kartenpaket", "Beispiel: der Kirchhof", "Ein Beispiel-Kartenpaket", "Zwölf Schläge")


def test_what_the_system_refused_is_said_in_german(app, driver, drawn, user_dirs, monkeypatch, tmp_path,
                                                     no_sound_device):
    """Messages with the system's reasons in them (no sound device, a data folder that cannot be
    used, a file that cannot be removed) are German in the window; the system's own English words
    ("No available audio device", "Not a directory", "Permission denied") stay in the log file."""
    import errno
    from pathlib import Path

    from aleph_null_desktop.cardpacks import PackShelf
    from aleph_null_desktop.ui.editor.packs_scene import PacksScene, example_pack_path

    app.persist = True
    from aleph_null_desktop.storage import paths

    paths.settings_path().write_text('{"version": 1, "language": "de"}', encoding="utf-8")
    app.show_title()
    app.start_session()  # the notice on the title, then a line in the table's log
    _settle(driver)
    app.new_ritual("adept", seed=5)
    _settle(driver)
    assert any("Kein Tonausgabegerät" in line for line in driver.scene.log.lines), driver.scene.log.lines
    app.show_title()
    _settle(driver)
    # a card packs folder the system refuses to remove a pack from
    shelf = PackShelf()
    shelf.load()
    pack, _message = shelf.add(example_pack_path())
    screen = PacksScene(app, shelf)
    app.stack.push(screen)
    _settle(driver)

    def refuse(self, missing_ok=False):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    screen.selected = pack.id
    screen.say(shelf.remove(pack.id))
    _settle(driver)
    assert "keine Berechtigung" in screen.messages[-1][1], screen.messages
    app.stack.pop()
    # a data folder that is a file: the gallery and the packs screen are read-only, and say why
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    driver.key(pygame.K_e)
    _settle(driver)
    driver.key(pygame.K_p)
    _settle(driver)
    drawn.check("Kein Tonausgabegerät", "keine Berechtigung", "ein Teil des Pfads ist kein Ordner")
    app.audio = None
    app.error_text = ""  # the warnings were the point of the test


def test_printing_and_card_codes_in_the_gallery_and_the_editor(app, driver, drawn, user_dirs, monkeypatch, tmp_path):
    from aleph_null_desktop.editor import CardDraft, Library, card_code
    from aleph_null_desktop.ui.editor.gallery_scene import GalleryScene
    from aleph_null_desktop.ui.editor.textfield import Clipboard

    monkeypatch.setenv("HOME", str(tmp_path))
    library = Library()
    library.load()
    library.save(CardDraft(name="", other_names={"de": "Grabwächter"}, flavour="",
                           other_flavours={"de": "Er zählt die Gräber."}))
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    _settle(driver)
    driver.click(gallery.tile_rects()[1].center)
    driver.key(pygame.K_p, pygame.KMOD_CTRL)  # Print: paper, backs, page count
    driver.key(pygame.K_F3)
    driver.key(pygame.K_F4)
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    driver.click(gallery.buttons["Export PNG…"].rect.center)
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    Clipboard.put(card_code.encode(CardDraft(name="Grabwächter").to_record())[:-5])  # a code cut short
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    _settle(driver)
    assert gallery.messages[-1][0] == "error"
    Clipboard.local, Clipboard.system_ok = "", False  # nothing to paste: the dialog
    driver.click(gallery.buttons["Paste code"].rect.center)
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: (_ for _ in ()).throw(pygame.error("no clipboard")))
    driver.key(pygame.K_c, pygame.KMOD_CTRL)  # no clipboard: the code shown to copy by hand
    _settle(driver)
    driver.key(pygame.K_ESCAPE)
    Clipboard.system_ok = None
    driver.click(gallery.tile_rects()[1].center, clicks=2)  # the editor's Copy code
    _settle(driver)
    driver.key(pygame.K_k, pygame.KMOD_CTRL)
    _settle(driver)
    Clipboard.local, Clipboard.system_ok = "", None
    drawn.check("Deine Karten drucken", "Papier: US-Letter", "Rückseiten: ja", "2 Seiten", "Als PNG speichern",
                "abgeschnitten", "Kartencode einfügen", "Der Kartencode von", "Zwischenablage", "Code kopieren")
