"""Reads the table layout, a Tiled map whose object layer `zones` names the table's areas.

Pure data: the UI converts these rectangles to pygame rects for drawing and hit-testing, so the
areas a player sees and the areas the mouse hits are the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytmx

ZONES_LAYER = "zones"
REQUIRED_ZONES = (
    "grimoire", "tokens", "power", "damage", "deck", "discard", "sacrifice", "set_aside",
    "play", "prompt", "hand", "log", "undo", "menu", "end_turn",
)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class Zone:
    name: str
    rect: Rect
    properties: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return str(self.properties.get("label", ""))


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    zones: dict[str, Zone]

    def rect(self, name: str) -> Rect:
        return self.zones[name].rect

    def with_hand_height(self, height: float) -> "TableLayout":
        """The same table with the hand's zone grown upward to `height` (never shrunk): the prompt
        bar above it moves up with it and the play zone above that gives up the room."""
        grow = height - self.zones["hand"].rect.h
        if grow <= 0:
            return self
        zones = dict(self.zones)

        def moved(name: str, dy: float, dh: float) -> None:
            r = zones[name].rect
            zones[name] = Zone(name, Rect(r.x, r.y + dy, r.w, r.h + dh), zones[name].properties)

        moved("hand", -grow, grow)
        moved("prompt", -grow, 0)
        moved("play", 0, -grow)
        return TableLayout(self.width, self.height, zones)

    def zone_at(self, px: float, py: float, names: tuple[str, ...] | None = None) -> str | None:
        """The smallest zone under the point (nested zones win over their container)."""
        hits = [z for z in self.zones.values()
                if (names is None or z.name in names) and z.rect.contains(px, py)]
        if not hits:
            return None
        return min(hits, key=lambda z: z.rect.w * z.rect.h).name


def load_layout(path: str | Path) -> TableLayout:
    """Parse a .tmx file; raises ValueError when a zone the table needs is missing."""
    tiled = pytmx.TiledMap(str(path))
    try:
        layer = tiled.get_layer_by_name(ZONES_LAYER)
    except ValueError as exc:
        raise ValueError(f"{path}: no object layer named {ZONES_LAYER!r}") from exc
    zones = {}
    for obj in layer:
        if not obj.name:
            continue
        zones[obj.name] = Zone(obj.name, Rect(float(obj.x), float(obj.y),
                                              float(obj.width), float(obj.height)),
                               dict(obj.properties))
    missing = [name for name in REQUIRED_ZONES if name not in zones]
    if missing:
        raise ValueError(f"{path}: zones missing from the layout: {', '.join(missing)}")
    width = int(tiled.properties.get("logical_width", tiled.width * tiled.tilewidth))
    height = int(tiled.properties.get("logical_height", tiled.height * tiled.tileheight))
    return TableLayout(width, height, zones)
