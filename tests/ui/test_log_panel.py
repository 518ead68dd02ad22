"""The table's log: a rule parts one turn from the next, and while scrolled back the label has the
bottom row to itself (no line drawn under it)."""

import pygame

from aleph_null_desktop.engine import EndTurn, Summon


def test_turns_are_parted_by_a_rule_and_the_scrolled_label_covers_no_line(table, driver):
    scene = table({"hand": ["wax_candle"], "deck": ["incense", "boline", "besom", "golem", "bell"] * 4})
    driver.key(pygame.K_1)
    for _ in range(3):
        driver.key(pygame.K_SPACE)
        driver.frames(10, dt=0.05)
    driver.frames(10, dt=0.05)  # (the cards drawn have landed: the log shows the turn's lines)
    assert scene.applied[0] == Summon(scene.applied[0].uid) and scene.applied.count(EndTurn()) == 3
    log, rect, fonts = scene.log, scene.rects["log"], driver.app.fonts
    rows, rules, label = log.layout(fonts, rect)
    assert label is None and len(rules) >= 2  # turns 2, 3 and 4 begin in view: rules above them
    words = [part for part, _newest, _y in rows]
    assert any(w.startswith("Turn 3 begins") for w in words)
    turn_rows = [y for part, _n, y in rows if part.startswith("Turn ")]
    assert all(any(0 < row_y - rule <= 9 for rule in rules) for row_y in turn_rows[1:])
    centre = rect.center
    driver.post(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False)
    driver.frames()
    assert log.scroll > 0
    rows, rules, label = log.layout(fonts, rect)
    line_h = fonts.get("body", 18).get_linesize()
    assert label is not None and rows and max(y for _p, _n, y in rows) + line_h <= label.top


def test_the_rows_of_lines_held_back_while_cards_move_are_drawn_ahead_one_a_frame(table, driver, monkeypatch):
    """A command's lines wait for its cards to land; meanwhile their rows' words (and the newest line
    shown, dimmed) are drawn one a frame, so the frame that shows them draws no words."""
    scene = table({"hand": ["wax_candle", "sylph"], "play": ["incense"], "deck": ["boline", "besom", "golem"] * 3})
    driver.frames(3)
    log, rect, fonts = scene.log, scene.rects["log"], driver.app.fonts
    for n in range(6):
        log.add(f"A long line {n} of the ritual, long enough to be wrapped into two rows in the log's panel.")
    assert scene.submit(Summon(driver.uid("hand", "wax_candle")))
    drawn = []
    font_type = type(fonts.get("body", 18))
    real = font_type.render

    def counted(font, text, *args, **kwargs):
        drawn.append((scene.cards.moving, log.hidden(), text))
        return real(font, text, *args, **kwargs)

    monkeypatch.setattr(font_type, "render", counted)
    driver.frames(2)
    assert scene.cards.moving and log.hidden() >= 6
    while scene.cards.moving or log.hidden():
        driver.frames(1)
    rows, _rules, _label = log.layout(fonts, rect)
    assert any("long line 5" in part for part, _newest, _y in rows)
    shown = {part for part, _newest, _y in rows}
    drawn = [(hidden, text) for _moving, hidden, text in drawn if text in shown]
    assert all(hidden for hidden, _text in drawn), drawn  # drawn ahead, never on the frame that shows them
    assert sum("long line" in text for _hidden, text in drawn) >= 6  # (each of the six, one row a frame)
