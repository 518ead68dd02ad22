"""The Grimoire Verum on screen: the book model (book), its text (content), its page art
(pages), the page-turn animation (turn) and the scenes that show it (scene)."""

from aleph_null_desktop.ui.grimoire.book import page_for_game, page_for_phase, page_index, rank_for_score
from aleph_null_desktop.ui.grimoire.scene import (
    GrimoireScene, TableGrimoire, open_new_ritual, open_reference, play_page_turn, table_page_rect,
)

__all__ = ["GrimoireScene", "TableGrimoire", "open_new_ritual", "open_reference", "page_for_game",
           "page_for_phase", "page_index", "play_page_turn", "rank_for_score", "table_page_rect"]
