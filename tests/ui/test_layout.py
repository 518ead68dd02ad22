from pathlib import Path

import pytest

from aleph_null_desktop.layout import load_layout
from aleph_null_desktop.layout.table_layout import REQUIRED_ZONES
from aleph_null_desktop.resources import asset_path

TABLE = asset_path("layouts", "table.tmx")


def test_table_layout_has_every_zone_inside_the_logical_screen():
    layout = load_layout(TABLE)
    assert (layout.width, layout.height) == (1920, 1080)
    for name in REQUIRED_ZONES:
        r = layout.rect(name)
        assert r.w > 0 and r.h > 0, name
        assert 0 <= r.x and r.x + r.w <= 1920 and 0 <= r.y and r.y + r.h <= 1080, name
    assert layout.zones["discard"].label == "Discard"


def test_top_level_zones_do_not_overlap():
    layout = load_layout(TABLE)
    names = ["grimoire", "power", "damage", "deck", "discard", "sacrifice", "set_aside", "keys",
             "play", "prompt", "hand", "log", "undo", "menu", "end_turn"]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ra, rb = layout.rect(a), layout.rect(b)
            overlap = (ra.x < rb.x + rb.w and rb.x < ra.x + ra.w and ra.y < rb.y + rb.h and rb.y < ra.y + ra.h)
            assert not overlap, (a, b)


def test_hit_testing_prefers_the_nested_zone():
    layout = load_layout(TABLE)
    tokens = layout.rect("tokens")
    assert layout.zone_at(tokens.x + 5, tokens.y + 5) == "tokens"
    grimoire = layout.rect("grimoire")
    assert layout.zone_at(grimoire.x + 5, grimoire.y + 5) == "grimoire"
    assert layout.zone_at(*layout.rect("discard").center) == "discard"
    assert layout.zone_at(-5, -5) is None
    assert layout.zone_at(*layout.rect("deck").center, names=("play",)) is None


def test_a_layout_missing_a_zone_is_refused(tmp_path: Path):
    text = TABLE.read_text(encoding="utf-8").replace('name="discard"', 'name="not_a_zone"')
    broken = tmp_path / "broken.tmx"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="discard"):
        load_layout(broken)
