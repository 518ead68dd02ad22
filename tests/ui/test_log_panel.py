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
