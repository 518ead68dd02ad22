"""The caption under the set-aside pile shortens "level 2" to "L2" in English and to "St.2"
(Stufe) in German, not to the English letter."""

from __future__ import annotations

from aleph_null_desktop import i18n
from aleph_null_desktop.engine import new_game
from aleph_null_desktop.ui.table.panels import set_aside_caption


def test_the_set_aside_caption_in_both_languages():
    game = new_game(seed=3, circle="grand_master")
    assert len(game.zone("set_aside")) >= 2
    english = set_aside_caption(game, "grand_master")
    assert english[0].startswith("interference: ") and "L" in english[0], english
    assert i18n.set_language("de") is None
    german = set_aside_caption(game, "grand_master")
    assert german[0].startswith("Beeinträchtigungen: ") and "St." in german[0] and "L" not in german[0], german
