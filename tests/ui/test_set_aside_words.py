"""The caption under the set-aside pile names the waiting levels in roman numerals, as the cards and
the Grimoire do ("levels 2×I, II"; German "Stufen 2×I, II"), not the English letter "L"; the pile's
title already says they are interference."""

from __future__ import annotations

from aleph_null_desktop import i18n
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.ui.table.panels import set_aside_caption


def test_the_set_aside_caption_in_both_languages():
    game = new_game(seed=3, circle="grand_master")
    assert len(game.zone("set_aside")) >= 2
    english = set_aside_caption(game, "grand_master")
    assert english[0].startswith(("level ", "levels ")) and "I" in english[0] and "L" not in english[0], english
    assert i18n.set_language("de") is None
    german = set_aside_caption(game, "grand_master")
    assert german[0].startswith(("Stufe ", "Stufen ")) and "I" in german[0] and "L" not in german[0], german
