"""The rules reference: data, pagination that fits the page, the FAQ's required answers."""

import pytest

from aleph_null_desktop.ui.grimoire.content import REF_SLACK, STYLES, font_for, load_reference, paginate
from aleph_null_desktop.ui.grimoire.pages import PAGE_SIZE, TEXT_INSET


@pytest.fixture
def fonts(app):
    return app.fonts


def test_reference_data_covers_rules_glossary_and_faq():
    doc = load_reference()
    ids = [c["id"] for c in doc["chapters"]]
    for needed in ("goal", "zones", "setup", "turn", "hours", "summoning", "actions", "power", "damage",
                   "end", "judgement"):
        assert needed in ids
    faq = " ".join(q["q"] + " " + q["a"] for q in doc["faq"])
    assert "R5.5" in faq and "every turn cost an Hour" in faq
    assert "R6.3" in faq and "damage" in faq
    assert "undo" in faq.lower()
    assert "token" in faq.lower()
    assert len(doc["glossary"]) >= 12


def test_pages_fit_and_every_chapter_has_a_page(fonts):
    l, t, r, b = TEXT_INSET
    area = (PAGE_SIZE[0] - l - r, PAGE_SIZE[1] - t - b - 40)
    ref = paginate(fonts, area)
    assert len(ref.pages) % 2 == 0  # whole spreads
    for chapter in [c["id"] for c in load_reference()["chapters"]] + ["glossary", "faq"]:
        assert chapter in ref.chapter_page
        assert ref.chapter_page[chapter] % 2 == 0 or chapter not in ("glossary", "faq")
    for page in ref.pages:
        if page.lines:  # a rule reference closes the text above it: never alone at a page's head
            assert page.lines[0].style != "ref", page.lines[0].text
        for line in page.lines:
            font = font_for(fonts, line.style)
            assert line.x + font.size(line.text)[0] <= area[0] + 2, line.text
            slack = REF_SLACK if line.style == "ref" else 0  # into the foot margin the area leaves
            assert line.y + font.get_linesize() <= area[1] + slack, line.text
    # body text is readable at 1080p
    assert min(size for _, size, *_ in STYLES.values()) >= 20


def test_a_page_left_over_at_a_chapter_end_is_not_blank(app):
    from aleph_null_desktop.ui.grimoire.pages import BookArt

    art = BookArt(app.fonts)
    pages = art.reference.pages
    left_over = [i for i, page in enumerate(pages) if not page.lines]
    assert left_over  # the glossary ends on a left page: its right page has no text of its own
    index = left_over[0]
    side = "left" if index % 2 == 0 else "right"
    drawn, blank = art._text_page(index, side), art.blank(side)
    body = art.text_rect(side).inflate(0, -160)  # below the running head, above the page number
    differing = sum(1 for x in range(body.left, body.right, 5) for y in range(body.top, body.bottom, 5)
                    if drawn.get_at((x, y)) != blank.get_at((x, y)))
    assert differing > 100  # an ornament and a line of words, not an empty page
