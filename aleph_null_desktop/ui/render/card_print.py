"""Cards for paper and for posting: print-and-play PDF sheets and a single card's PNG.

Faces are drawn by the game's card renderer at the size they are printed (every measure of a
face follows its width, the fonts and the SVG illustrations included), never a screen face scaled
up: 63 mm at 300 ppi is a face 745 px wide. The PDF is written by ReportLab (docs/printing.md
says why): each card an image with its bleed, placed at true size, crop marks as vector lines.
"""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from aleph_null_desktop.editor import print_layout as layout
from aleph_null_desktop.engine.cards import CardDef, card_from_dict
from aleph_null_desktop.storage import files
from aleph_null_desktop.ui.render.card_renderer import CardRenderer

PRINT_PPI = 300
PNG_SIZE = (750, 1050)  # a card image for posting: 2.5 × 3.5 in at 300 ppi
CROP_MARK_PT = 0.5


def _fonts(fonts):
    if fonts is not None:
        return fonts
    from aleph_null_desktop.ui.render.fonts import Fonts

    return Fonts(scaled=False)


def _renderer(cards: list[CardDef], fonts) -> CardRenderer:
    return CardRenderer({card.id: card for card in cards}, _fonts(fonts), for_print=True)


def print_face(renderer: CardRenderer, card_id: str, ppi: int = PRINT_PPI) -> pygame.Surface:
    """The face with its bleed, at `ppi` or more: the face drawn at the card's printed width, on
    a ground of the colour of its outer edge, which runs on into the bleed."""
    return _with_bleed(renderer.drawn_face(card_id, layout.pixels(layout.CARD_MM[0], ppi)), ppi)


def print_back(renderer: CardRenderer, ppi: int = PRINT_PPI) -> pygame.Surface:
    return _with_bleed(renderer.drawn_back(layout.pixels(layout.CARD_MM[0], ppi)), ppi)


def _with_bleed(face: pygame.Surface, ppi: int) -> pygame.Surface:
    bleed = layout.pixels(layout.BLEED_MM, ppi)
    w, h = face.get_size()
    edge = face.get_at((0, h // 2))  # the frame's outer line, mid-side (the corners are rounded)
    image = pygame.Surface((w + 2 * bleed, h + 2 * bleed))
    image.fill(edge[:3])
    image.blit(face, (bleed, bleed))
    return image


def _pil(surface: pygame.Surface):
    from PIL import Image

    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def pdf_bytes(records: list[dict], *, paper: str = "a4", backs: bool = False, fonts=None,
              ppi: int = PRINT_PPI, title: str = "Aleph Null cards") -> bytes:
    """A print-and-play PDF of the cards (records already validated), nine a page; with `backs`,
    each page of faces followed by its page of backs, mirrored for printing on both sides."""
    from reportlab import rl_config
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0  # binary streams: ASCII85 would make the images a quarter larger

    if not records:
        raise ValueError("no cards to print")
    sheet = layout.sheet(paper)
    cards = [card_from_dict(r) for r in records]
    renderer = _renderer(cards, fonts)
    pt = layout.PT_PER_MM
    out = io.BytesIO()
    pdf = Canvas(out, pagesize=(sheet.size[0] * pt, sheet.size[1] * pt), pageCompression=1, invariant=1)
    pdf.setTitle(title)
    pdf.setCreator("Aleph Null Desktop")
    back = ImageReader(_pil(print_back(renderer, ppi))) if backs else None
    for first in range(0, len(cards), layout.PER_PAGE):
        page = cards[first:first + layout.PER_PAGE]
        faces = {}
        for i, card in enumerate(page):
            if card.id not in faces:  # one image per card id: copies share it in the file
                faces[card.id] = ImageReader(_pil(print_face(renderer, card.id, ppi)))
            _place(pdf, faces[card.id], sheet.slot(i).bleed, sheet.shown(i, len(page)))
        _crop_marks(pdf, sheet)
        pdf.showPage()
        if back is not None:
            for i in range(len(page)):
                _place(pdf, back, sheet.slot(i, back=True).bleed, sheet.shown(i, len(page), back=True))
            _crop_marks(pdf, sheet)
            pdf.showPage()
    pdf.save()
    return out.getvalue()


def _place(pdf, image, where, shown) -> None:
    """The image over the rectangle `where` (mm), only its part inside `shown`: between two cards
    the cut line is shared, and one card's bleed must not cover its neighbour."""
    pt = layout.PT_PER_MM
    pdf.saveState()
    clip = pdf.beginPath()
    clip.rect(*(v * pt for v in shown))
    pdf.clipPath(clip, stroke=0, fill=0)
    x, y, w, h = where
    pdf.drawImage(image, x * pt, y * pt, w * pt, h * pt)
    pdf.restoreState()


def _crop_marks(pdf, sheet: layout.Sheet) -> None:
    pt = layout.PT_PER_MM
    pdf.setStrokeColorRGB(0, 0, 0)
    pdf.setLineWidth(CROP_MARK_PT)
    for x1, y1, x2, y2 in sheet.crop_marks():
        pdf.line(x1 * pt, y1 * pt, x2 * pt, y2 * pt)


def write_pdf(records: list[dict], path: Path | str, **options) -> Path:
    """Writes the sheets to `path` (atomically: a failed write leaves no half file). Raises OSError."""
    data = pdf_bytes(records, **options)
    files.write_bytes_atomic(Path(path), data)
    return Path(path)


def card_png(record: dict, fonts=None) -> pygame.Surface:
    """One card's face at PNG_SIZE, drawn at that size."""
    card = card_from_dict(record)
    return _renderer([card], fonts).drawn_face(card.id, PNG_SIZE[0])


def png_bytes(record: dict, fonts=None) -> bytes:
    out = io.BytesIO()
    pygame.image.save(card_png(record, fonts), out, "card.png")
    return out.getvalue()


def write_png(record: dict, path: Path | str, fonts=None) -> Path:
    files.write_bytes_atomic(Path(path), png_bytes(record, fonts))
    return Path(path)
