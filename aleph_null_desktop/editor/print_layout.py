"""Where cards go on a print-and-play sheet, in millimetres from the page's bottom left corner
(PDF's way up): nine cards a page, 3 × 3, at true size, the block centred, 3 mm of bleed around
it, crop marks in the margin at every cut line. A backs page puts each card's back where the
front's mirror image falls, so that a sheet printed on both sides (turned over the long edge)
has every back behind its own face.

The cards of a 3 × 3 block share their cut lines: a bleed between neighbours too would need
3 × (63 + 6) = 207 mm by 3 × (88 + 6) = 282 mm, more than Letter's 279.4 mm height and all
but the last 1.5 mm of A4's width, with no room left for crop marks.

Pure: no pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_MM = (63.0, 88.0)  # the printed game's cards (docs/printing.md says where the figure comes from)
BLEED_MM = 3.0
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
MARK_GAP_MM = 1.0  # between the bleed's edge and a crop mark
MARK_MM = 4.0  # a crop mark's length at most (less where the margin is narrower)
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # ISO 216; ANSI 8.5 × 11 in
MM_PER_INCH = 25.4
PT_PER_MM = 72 / MM_PER_INCH


@dataclass(frozen=True)
class Slot:
    """One card's place: its cut rectangle (x, y, w, h) and, around it, the bleed's."""
    x: float
    y: float
    w: float = CARD_MM[0]
    h: float = CARD_MM[1]

    @property
    def cut(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    @property
    def bleed(self) -> tuple[float, float, float, float]:
        return (self.x - BLEED_MM, self.y - BLEED_MM, self.w + 2 * BLEED_MM, self.h + 2 * BLEED_MM)


@dataclass(frozen=True)
class Sheet:
    paper: str
    size: tuple[float, float]  # mm
    origin: tuple[float, float]  # the block's bottom left cut corner

    @property
    def block(self) -> tuple[float, float]:
        return (COLUMNS * CARD_MM[0], ROWS * CARD_MM[1])

    def slot(self, index: int, *, back: bool = False) -> Slot:
        """The place of the index-th card of a page (0 top left, reading order); `back`: where its
        back goes on the backs page, the column mirrored."""
        row, col = divmod(index, COLUMNS)
        if back:
            col = COLUMNS - 1 - col
        return Slot(self.origin[0] + col * CARD_MM[0], self.origin[1] + (ROWS - 1 - row) * CARD_MM[1])

    def shown(self, index: int, count: int, *, back: bool = False) -> tuple[float, float, float, float]:
        """The part of the index-th card's image (of `count` on the page) that is drawn: its cut
        rectangle, and the bleed on every side where no other card lies next to it."""
        row, col = divmod(index, COLUMNS)

        def free(r: int, c: int) -> bool:
            return not (0 <= r < ROWS and 0 <= c < COLUMNS and r * COLUMNS + c < count)

        left, right = free(row, col - 1), free(row, col + 1)
        above, below = free(row - 1, col), free(row + 1, col)
        if back:
            left, right = right, left
        slot = self.slot(index, back=back)
        return (slot.x - BLEED_MM * left, slot.y - BLEED_MM * below,
                slot.w + BLEED_MM * (left + right), slot.h + BLEED_MM * (above + below))

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Lines (x1, y1, x2, y2) in the margin, extending every cut line of the block, clear of
        the bleed."""
        x0, y0 = self.origin
        bw, bh = self.block
        page_w, page_h = self.size
        marks = []
        # a mark may run from the bleed's edge plus a gap to MARK_MM further, or to 1 mm from the edge of the page
        below = min(MARK_MM, y0 - BLEED_MM - MARK_GAP_MM - 1.0)
        beside = min(MARK_MM, x0 - BLEED_MM - MARK_GAP_MM - 1.0)
        for col in range(COLUMNS + 1):
            x = x0 + col * CARD_MM[0]
            start = BLEED_MM + MARK_GAP_MM
            marks.append((x, y0 - start, x, y0 - start - below))
            marks.append((x, y0 + bh + start, x, y0 + bh + start + below))
        for row in range(ROWS + 1):
            y = y0 + row * CARD_MM[1]
            start = BLEED_MM + MARK_GAP_MM
            marks.append((x0 - start, y, x0 - start - beside, y))
            marks.append((x0 + bw + start, y, x0 + bw + start + beside, y))
        return marks


def sheet(paper: str = "a4") -> Sheet:
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}")
    page_w, page_h = PAPERS[paper]
    bw, bh = COLUMNS * CARD_MM[0], ROWS * CARD_MM[1]
    return Sheet(paper, (page_w, page_h), ((page_w - bw) / 2, (page_h - bh) / 2))


def pages(n_cards: int) -> int:
    return -(-n_cards // PER_PAGE)


def pixels(mm: float, ppi: int) -> int:
    """The pixels that cover `mm` at `ppi` pixels per inch (rounded up: never below the ppi)."""
    return -(-round(mm * ppi * 1000) // round(MM_PER_INCH * 1000))
