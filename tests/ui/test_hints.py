"""Hints on the table, asked for with H or the Hint button (real pygame events): the suggested
command is highlighted and named, a hint for an older position is dropped, the engine (not the
hint) decides what is legal, and the real hint AI suggests a legal command."""

import threading

import pygame

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Summon, TakeToken
from aleph_null_desktop.ui import theme

WAIT_STEPS = 600  # × 0.05 s at most: a bound on the wait, not a timing assertion


def wait_for_hint(driver, scene) -> None:
    """Steps frames until the hint thread has answered and the table has taken its answer."""
    for _ in range(WAIT_STEPS):
        job = scene.hints.job
        if job is None:
            return
        job.wait(0.05)
        driver.frames()
    raise AssertionError("the hint never answered")


def fake_hint(command, why: str = ""):
    calls = []

    def hint(game):
        calls.append(game)
        return command, why

    hint.calls = calls
    return hint


def _ring_pixel(scene, rect, margin: int) -> tuple:
    """A pixel on the left edge of the hint ring around `rect` (5 px wide, margin/2 px out)."""
    ring = pygame.Rect(rect).inflate(margin, margin)
    return tuple(scene.app.screen.get_at((ring.x + 2, ring.centery)))[:3]


def test_h_shows_the_hinted_card_and_names_the_action(app, table, driver):
    scene = table({"hand": ["wealthy_tanist", "gnome"], "play": ["wax_candle"], "deck": ["sylph"] * 3})
    tanist = driver.uid("hand", "wealthy_tanist")
    app.hint_function = fake_hint(Summon(tanist), "Summon Wealthy Tanist: its † gains 3P later.")
    driver.key(pygame.K_h)
    assert scene.hints.thinking or scene.hints.current() is not None
    wait_for_hint(driver, scene)
    hint = scene.hints.current()
    assert hint is not None and hint.command == Summon(tanist)
    assert len(app.hint_function.calls) == 1 and app.hint_function.calls[0] is not scene.game  # a copy
    assert scene.hints.highlight() == ("card", tanist)
    assert scene.hints.tag() == "hint: summon this"
    # the action named once (the AI's own words often begin with it), then why
    assert hint.text == "Hint: Summon Wealthy Tanist. Its † gains 3P later."
    assert scene.view.hint_text() == hint.text  # the prompt bar says it…
    assert any(line.startswith("Hint: Summon Wealthy Tanist.") for line in scene.log.lines)  # …and the log
    driver.frames()
    sprite = scene.sprites[tanist]
    assert _ring_pixel(scene, sprite.rect, 12) == theme.POWER  # the ring is drawn around the card
    driver.frames()
    # following the hint (or any other move) ends it: it belongs to the old position
    driver.drag(driver.card_centre(tanist), driver.zone_centre("play"))
    assert scene.applied == [Summon(tanist)]
    assert scene.hints.current() is None and scene.hints.highlight() is None
    assert scene.view.hint_text() == ""


def test_clicking_the_hint_button_highlights_the_tokens(app, table, driver):
    scene = table({"tokens": 2, "hand": ["gnome"], "deck": ["sylph"] * 3})
    app.hint_function = fake_hint(TakeToken(), "Take a token to pay for the Gnome.")
    driver.click(scene.buttons["hint"].rect.center)
    wait_for_hint(driver, scene)
    assert scene.hints.highlight() == ("zone", "tokens")
    assert scene.hints.tag() == "hint: take a token"
    assert scene.view.hint_text().startswith("Hint: Take a Magical Power token from the Grimoire.")
    driver.frames()
    assert _ring_pixel(scene, scene.rects["tokens"], 20) == theme.POWER
    driver.click(driver.zone_centre("tokens"))
    assert scene.applied == [TakeToken()] and scene.hints.current() is None


def test_a_hint_to_end_the_turn_marks_the_end_turn_button(app, table, driver):
    scene = table({"deck": ["sylph"] * 6})
    app.hint_function = fake_hint(EndTurn(), "Nothing else helps this turn.")
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    assert scene.hints.highlight() == ("zone", "end_turn") and scene.hints.tag() == "hint: end the turn"
    assert scene.view.hint_text() == "Hint: End the turn. Nothing else helps this turn."


def test_a_hint_for_a_target_choice_marks_the_card_to_choose(app, table, driver):
    scene = table({"play": ["boline"], "hand": ["wax_candle", "sylph"], "deck": ["incense"]})
    boline, sylph = driver.uid("play", "boline"), driver.uid("hand", "sylph")
    driver.drag(driver.card_centre(boline), driver.zone_centre("discard"))
    assert scene.applied == [Activate(boline, "cut")] and scene.presenter.target_options()
    index = scene.presenter.target_options()[sylph]
    app.hint_function = fake_hint(Choose(index))
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    assert scene.hints.highlight() == ("card", sylph) and scene.hints.tag() == "hint: choose this"
    assert scene.view.hint_text().startswith("Hint: Choose: Sylph")
    driver.click(driver.card_centre(sylph))
    assert scene.applied[-1] == Choose(index) and scene.hints.current() is None


def test_a_hint_computed_for_an_older_position_is_dropped(app, table, driver):
    scene = table({"hand": ["wealthy_tanist", "silent_tanist"], "deck": ["sylph"] * 3})
    tanist, silent = driver.uid("hand", "wealthy_tanist"), driver.uid("hand", "silent_tanist")
    gate = threading.Event()

    def slow_hint(game):
        gate.wait(10)  # released by the test once the player has moved on
        return Summon(tanist), "from the old position"

    app.hint_function = slow_hint
    try:
        driver.key(pygame.K_h)
        assert scene.hints.thinking
        driver.frames()
        assert scene.buttons["hint"].label == "Hint: thinking…" and scene.view.hint_text() == "Hint: thinking…"
        driver.drag(driver.card_centre(silent), driver.zone_centre("play"))  # a move while it thinks
        assert scene.applied == [Summon(silent)]
    finally:
        gate.set()
    wait_for_hint(driver, scene)
    assert scene.hints.discarded == 1
    assert scene.hints.current() is None and scene.hints.highlight() is None
    assert not any(line.startswith("Hint:") for line in scene.log.lines)
    assert scene.buttons["hint"].label == "Hint"
    # asked again, the hint is about the position now on the table
    app.hint_function = fake_hint(Summon(tanist))
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    assert scene.hints.current().command == Summon(tanist)
    assert app.hint_function.calls[0].zone("play")[0].uid == silent


def test_an_undo_also_drops_the_hint_on_show(app, table, driver):
    scene = table({"hand": ["wealthy_tanist", "silent_tanist"]})
    silent = driver.uid("hand", "silent_tanist")
    driver.drag(driver.card_centre(silent), driver.zone_centre("play"))
    app.hint_function = fake_hint(EndTurn())
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    assert scene.hints.current() is not None
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.hints.current() is None


def test_an_illegal_suggestion_is_refused_by_the_engine_not_shown(app, table, driver):
    scene = table({"hand": ["gnome"], "power": 0})
    gnome = driver.uid("hand", "gnome")
    app.hint_function = fake_hint(Summon(gnome))  # Gnome costs 1P: not legal now
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    assert scene.hints.current() is None
    assert scene.message.startswith("No hint: the suggested move is not legal now") and scene.message_warn


def test_a_failing_hint_function_is_reported_not_raised(app, table, driver):
    scene = table({"hand": ["gnome"]})

    def broken(game):
        raise RuntimeError("the oracle is silent")

    app.hint_function = broken
    driver.click(scene.buttons["hint"].rect.center)
    wait_for_hint(driver, scene)
    assert scene.message == "No hint: the oracle is silent" and scene.hints.current() is None
    assert not app.error_text


def test_the_real_hint_ai_suggests_a_legal_command(app, table, driver):
    scene = table({"hour": 2, "tokens": 1, "play": ["wax_candle"],
                   "hand": ["wealthy_tanist", "gnome", "salamander"], "deck": ["incense", "bell", "gnome", "sylph"]})
    assert app.hint_function is None  # the default: aleph_null_desktop.ai.hint
    before = scene.game.to_dict()
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    assert not scene.message_warn, scene.message
    hint = scene.hints.current()
    assert hint is not None
    assert hint.command in scene.game.legal_commands()
    assert scene.game.to_dict() == before  # the AI worked on a copy
    assert scene.hints.highlight() is not None and scene.hints.tag().startswith("hint")
    assert hint.text.startswith("Hint: ") and len(hint.text) > len("Hint: ")


def test_the_whole_plan_is_read_on_a_panel_when_the_prompt_bar_cuts_it_short(app, table, driver):
    """Issue #26: the hint's plan ended in "…" and was never seen whole. H again (or the Hint
    button again) opens it, every step on a line of its own; H closes it."""
    from aleph_null_desktop.ui.table.overlays import HintPlan

    scene = table({"hand": ["wealthy_tanist", "gnome"], "play": ["wax_candle"], "deck": ["sylph"] * 3})
    tanist = driver.uid("hand", "wealthy_tanist")
    steps = ["summon Gnome", "Gnome: sacrifice this → gain 3P", "summon Wax Candle", "Wax Candle: scrap this → gain 1P",
             "summon Sylph", "Sylph: sacrifice this → gain 1P", "summon Incense", "Incense: scrap this → draw 2 cards"]
    why = "Then " + ", then ".join(steps) + ", and see what comes."
    app.hint_function = fake_hint(Summon(tanist), "Summon Wealthy Tanist. " + why)
    driver.key(pygame.K_h)
    wait_for_hint(driver, scene)
    hint = scene.hints.current()
    assert hint.text.endswith("…") and "Incense: scrap this" not in hint.text  # the prompt bar's words, cut
    assert scene.buttons["hint"].detail == "again: the whole plan"
    driver.click(scene.buttons["hint"].rect.center)  # the Hint button again
    panel = scene.modal
    assert isinstance(panel, HintPlan)
    driver.frames()
    shown = " ".join(panel.lines(app.fonts.get("body", 22)))
    for step in steps:
        assert step in shown, step
    assert len(app.hint_function.calls) == 1  # not asked again
    driver.key(pygame.K_h)
    assert scene.modal is None
    driver.key(pygame.K_h)
    assert isinstance(scene.modal, HintPlan)
    driver.drag(driver.card_centre(tanist), driver.zone_centre("play"))  # a click closes it…
    driver.drag(driver.card_centre(tanist), driver.zone_centre("play"))  # …then the move is made
    driver.frames(5)
    assert scene.game.zone_of(tanist) == "play" and scene.modal is None and scene.hints.current() is None
