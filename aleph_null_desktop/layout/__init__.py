"""Table layouts: Tiled (.tmx) maps read into plain named rectangles (no pygame here)."""

from aleph_null_desktop.layout.table_layout import Rect, TableLayout, Zone, load_layout

__all__ = ["Rect", "TableLayout", "Zone", "load_layout"]
