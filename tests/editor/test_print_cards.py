"""Print-and-play sheets read back from the PDF: the page box is A4 or Letter, every card is placed
at 63 × 88 mm (plus 3 mm of bleed) from an image of 300 ppi or more drawn at that size, nine a
page, crop marks outside the bleed, backs mirrored; a card's PNG is 750 × 1050; the command line
prints sheets and codes and refuses bad files without writing anything."""

from __future__ import annotations

import json

import pygame
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from aleph_null_desktop import cli
from aleph_null_desktop.editor import CardDraft, card_code
from aleph_null_desktop.editor import print_layout as layout
from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.ui.render import card_print
from aleph_null_desktop.ui.render.card_renderer import CardRenderer

PT = 72 / 25.4
BASE = json.loads(asset_path("cards", "base.json").read_text(encoding="utf-8"))["cards"]


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()


def placed_images(reader: PdfReader, page_no: int) -> list[dict]:
    """Each image drawn on a page: its pixel size, the rectangle it is placed in and the clipping
    rectangle around it (all in points)."""
    page = reader.pages[page_no]
    xobjects = {name: ref.get_object() for name, ref in page["/Resources"]["/XObject"].items()}
    found, clip, matrix = [], None, None
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"re":
            rect = [float(v) for v in operands]
        elif op in (b"W", b"W*"):
            clip = rect
        elif op == b"cm":
            matrix = [float(v) for v in operands]
        elif op == b"Do":
            image = xobjects[operands[0]]
            found.append({"px": (int(image["/Width"]), int(image["/Height"])),
                          "size": (matrix[0], matrix[3]), "at": (matrix[4], matrix[5]), "clip": clip})
    return found


def write(tmp_path, records, **options):
    path = card_print.write_pdf(records, tmp_path / "sheet.pdf", **options)
    return PdfReader(str(path))


@pytest.mark.parametrize("paper,box", [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_the_page_box_and_the_true_card_size(tmp_path, paper, box):
    reader = write(tmp_path, BASE[:9], paper=paper)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(box, abs=0.01)
    images = placed_images(reader, 0)
    assert len(images) == 9
    bleed_w, bleed_h = (63 + 6) * PT, (88 + 6) * PT
    for image in images:
        assert image["size"] == pytest.approx((bleed_w, bleed_h), abs=0.01)  # 69 × 94 mm: the card and its bleed
        ppi = (image["px"][0] / (image["size"][0] / 72), image["px"][1] / (image["size"][1] / 72))
        assert min(ppi) >= 300
        x, y = image["at"]
        assert 0 < x and x + bleed_w < page.mediabox.width and 0 < y and y + bleed_h < page.mediabox.height
    middle = images[4]["clip"]  # the centre card has neighbours all round: exactly its cut size shows
    assert middle[2:] == pytest.approx([63 * PT, 88 * PT], abs=0.01)
    corner = images[0]["clip"]  # the top left card: bleed on the left and at the top
    assert corner[2:] == pytest.approx([66 * PT, 91 * PT], abs=0.01)


def test_every_ninth_card_starts_a_page_and_backs_follow_each_page_mirrored(tmp_path):
    reader = write(tmp_path, BASE[:10], backs=True)
    assert len(reader.pages) == 4  # faces 1-9, their backs, face 10, its back
    assert [len(placed_images(reader, i)) for i in range(4)] == [9, 9, 1, 1]
    sheet = layout.sheet("a4")
    front, back = placed_images(reader, 2)[0], placed_images(reader, 3)[0]
    assert front["at"][0] == pytest.approx((sheet.origin[0] - 3) * PT, abs=0.01)  # left column
    assert back["at"][0] == pytest.approx((sheet.origin[0] + 2 * 63 - 3) * PT, abs=0.01)  # right column
    assert front["at"][1] == pytest.approx(back["at"][1])
    page_w = float(reader.pages[2].mediabox.width)
    assert front["at"][0] + back["at"][0] + (69 * PT) == pytest.approx(page_w, abs=0.01)  # a mirror image


def test_the_faces_are_drawn_at_print_size_not_scaled_up(tmp_path, monkeypatch):
    widths = []
    draw = CardRenderer._draw_face

    def spy(self, card, width):
        widths.append(width)
        return draw(self, card, width)

    monkeypatch.setattr(CardRenderer, "_draw_face", spy)
    monkeypatch.setattr(CardRenderer, "face_scaled", lambda *a: pytest.fail("a screen face scaled for print"))
    reader = write(tmp_path, BASE[:2])
    assert widths == [layout.pixels(63, 300)] * 2 == [745, 745]
    bleed = layout.pixels(3, 300)
    assert placed_images(reader, 0)[0]["px"] == (745 + 2 * bleed, round(745 * 1.4) + 2 * bleed) == (817, 1115)


def test_crop_marks_lie_in_the_margin_outside_the_bleed():
    for paper, (page_w, page_h) in layout.PAPERS.items():
        sheet = layout.sheet(paper)
        x0, y0 = sheet.origin
        bw, bh = sheet.block
        marks = sheet.crop_marks()
        assert len(marks) == 16
        for x1, y1, x2, y2 in marks:
            for x, y in ((x1, y1), (x2, y2)):
                assert 0.99 <= x <= page_w - 0.99 and 0.99 <= y <= page_h - 0.99
                outside = x < x0 - 3 or x > x0 + bw + 3 or y < y0 - 3 or y > y0 + bh + 3
                assert outside, (paper, x, y)
        cut_xs = {round(x0 + i * 63, 6) for i in range(4)}
        assert {round(m[0], 6) for m in marks if m[0] == m[2]} == cut_xs


def test_the_card_png_is_750_by_1050(tmp_path):
    path = card_print.write_png(BASE[-1], tmp_path / "card.png")
    image = pygame.image.load(str(path))
    assert image.get_size() == (750, 1050)
    assert image.get_at((375, 20))[3] == 255  # drawn, not empty


# ---------------------------------------------------------------- the command line
def test_print_cards_from_the_command_line(tmp_path, capsys):
    pack = asset_path("packs", "example.json")
    out = tmp_path / "pack"
    assert cli.main(["print-cards", str(pack), "--out", str(out), "--paper", "letter", "--backs"]) == 0
    reader = PdfReader(str(tmp_path / "pack.pdf"))
    assert len(reader.pages) == 2 and float(reader.pages[0].mediabox.height) == pytest.approx(792)
    assert "3 card(s) on 2 page(s), letter" in capsys.readouterr().out


@pytest.mark.parametrize("content", ['{"cards": [{"id": "x"}]}', "not json", '{"name": {"en": "a\\u0000b"}}'])
def test_print_cards_refuses_a_bad_file_and_writes_nothing(tmp_path, capsys, content):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    assert cli.main(["print-cards", str(bad), "--out", str(tmp_path / "x.pdf")]) == 2
    assert not (tmp_path / "x.pdf").exists()
    err = capsys.readouterr().err
    assert "cannot be used" in err and "\x00" not in err


def test_card_code_prints_one_code_a_card_and_decodes_them(tmp_path, capsys):
    record = CardDraft(name="Grave Warden").to_record("custom_grave_warden")
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"schema": 1, "cards": [record, BASE[0]]}), encoding="utf-8")
    assert cli.main(["card-code", str(path)]) == 0
    codes = capsys.readouterr().out.split()
    assert len(codes) == 2 and all(c.startswith(card_code.PREFIX) for c in codes)
    assert cli.main(["card-code", "--decode", codes[0]]) == 0
    assert json.loads(capsys.readouterr().out) == record


@pytest.mark.parametrize("code", ["AN1-abcdef", "AN1-\x00", "x" * 9000,
                                  card_code.encode({"id": "x", "name": "nope"})])
def test_card_code_refuses_a_hostile_code(capsys, code):
    assert cli.main(["card-code", "--decode", code]) == 2
    err = capsys.readouterr().err
    assert "refused" in err and "\x00" not in err


def test_print_cards_says_in_english_why_the_pdf_could_not_be_written(tmp_path, capsys, monkeypatch):
    from aleph_null_desktop import i18n
    from aleph_null_desktop.storage import files

    def refused(path, data):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(files, "write_bytes_atomic", refused)
    out = tmp_path / "x.pdf"
    code = cli.main(["print-cards", str(asset_path("packs", "example.json")), "--out", str(out), "--language", "de"])
    assert code == 2 and not out.exists()
    err = capsys.readouterr().err
    assert "could not be written" in err and "Berechtigung" not in err
    assert i18n.current_language() == "en"
