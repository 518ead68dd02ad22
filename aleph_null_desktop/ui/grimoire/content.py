"""The reference text of the Grimoire (assets/grimoire/rules.json), laid out into pages.

`paginate(fonts, size)` flows the rules, the glossary and the FAQ onto pages of the given text
area: each line is a `Line(style, text, x, y)`; a section (rules, glossary, FAQ) starts on a new
spread's left page, a chapter heading never sits alone at the foot of a page, and a rule
reference never sits alone at the head of one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache

from aleph_null_desktop.i18n import N_, SOURCE_LANGUAGE, _, current_language
from aleph_null_desktop.resources import asset_path
from aleph_null_desktop.ui.render.stepwise import finish
from aleph_null_desktop.ui.render.text import wrap

# style -> (font role, size, space above, indent of the first line, indent of the rest)
STYLES = {
    "chapter": ("title", 34, 10, 0, 0),
    "h": ("bold", 26, 16, 0, 0),
    "p": ("body", 24, 10, 0, 0),
    "li": ("body", 24, 8, 30, 30),
    "ref": ("italic", 20, 6, 0, 0),
    "term": ("bold", 24, 12, 0, 0),
    "def": ("body", 24, 0, 30, 30),
    "q": ("bold", 24, 18, 0, 0),
    "a": ("body", 24, 4, 0, 0),
}
BULLET = "•"
REF_SLACK = 30  # a rule reference may sit this far into the foot margin rather than alone on a page
SECTION_TITLES = {"rules": N_("The Rules"), "glossary": N_("Glossary"), "faq": N_("Questions and Answers")}


def reference_file(language: str) -> str:
    """rules.json is English; another language's text is rules.<code>.json (same chapters)."""
    return "rules.json" if language == SOURCE_LANGUAGE else f"rules.{language}.json"


def load_reference(language: str | None = None) -> dict:
    """The parsed reference (chapters, glossary, faq) in `language` (default: the current one);
    English where that language has no reference text."""
    return _load_reference(language or current_language())


@cache
def _load_reference(language: str) -> dict:
    path = asset_path("grimoire", reference_file(language))
    if not path.is_file():
        path = asset_path("grimoire", reference_file(SOURCE_LANGUAGE))
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for key in ("chapters", "glossary", "faq"):
        if not isinstance(doc.get(key), list) or not doc[key]:
            raise ValueError(f"assets/grimoire/{path.name}: {key} must be a non-empty list")
    return doc


@dataclass(frozen=True)
class Line:
    style: str
    text: str
    x: int
    y: int
    bullet: bool = False  # draw a bullet before the line (first line of a list item)


@dataclass
class TextPage:
    section: str  # "rules", "glossary", "faq"
    lines: list[Line] = field(default_factory=list)
    title: str = ""  # running head: the chapter (or section) the page belongs to


@dataclass
class Reference:
    pages: list[TextPage]
    chapter_page: dict[str, int]  # chapter id / "glossary" / "faq" -> page index in `pages`
    chapter_title: dict[str, str]


def _blocks(doc: dict):
    """(section, chapter id, title, style, text) in reading order."""
    titles = {section: _(title) for section, title in SECTION_TITLES.items()}
    glossary, faq = titles["glossary"], titles["faq"]
    for ch in doc["chapters"]:
        yield "rules", ch["id"], ch["title"], "chapter", ch["title"]
        for block in ch["blocks"]:
            (style, text), = block.items()
            yield "rules", ch["id"], ch["title"], style, text
    yield "glossary", "glossary", glossary, "chapter", glossary
    for entry in doc["glossary"]:
        yield "glossary", "glossary", glossary, "term", entry["term"]
        yield "glossary", "glossary", glossary, "def", entry["text"]
    yield "faq", "faq", faq, "chapter", faq
    for entry in doc["faq"]:
        yield "faq", "faq", faq, "q", entry["q"]
        yield "faq", "faq", faq, "a", entry["a"]


def font_for(fonts, style: str):
    role, size = STYLES[style][:2]
    return fonts.get(role, size)


def paginate(fonts, size: tuple[int, int], doc: dict | None = None) -> Reference:
    """Flows the reference onto pages of `size` (the text area, in pixels)."""
    return finish(paginate_steps(fonts, size, doc))


def paginate_steps(fonts, size: tuple[int, int], doc: dict | None = None):
    """`paginate` a block of text at a time (a generator that returns the Reference): laid out
    ahead over several quiet frames (ui.grimoire.warmer)."""
    doc = doc or load_reference()
    width, height = size
    pages: list[TextPage] = []
    chapter_page: dict[str, int] = {}
    chapter_title: dict[str, str] = {}
    page: TextPage | None = None
    y = 0
    section_now = None
    blocks = list(_blocks(doc))
    for i, (section, chapter, title, style, text) in enumerate(blocks):
        yield
        font = font_for(fonts, style)
        above, first_indent, rest_indent = STYLES[style][2:]
        lines = wrap(font, text, width - max(first_indent, rest_indent))
        step = font.get_linesize()
        need = above + step * len(lines)
        if style in ("chapter", "h", "term", "q"):  # keep a heading with the first lines after it
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if nxt:
                nfont = font_for(fonts, nxt[3])
                need += STYLES[nxt[3]][2] + 2 * nfont.get_linesize()
        if style not in ("chapter", "h", "term", "q"):  # a paragraph may run on: two lines must fit here
            need = above + step * min(len(lines), 2)
        new_section = section != section_now
        # a rule reference ("R11.1–R11.4") closes the text above it: never alone on a new page
        ref_fits = style == "ref" and page is not None and y + need <= height + REF_SLACK
        if page is None or new_section or (y + need > height and not ref_fits):
            if new_section and pages and len(pages) % 2 == 1:
                pages.append(TextPage(section_now or section, [], pages[-1].title))  # blank right page
            page = TextPage(section, [], title)
            pages.append(page)
            y = 0
            section_now = section
        elif style == "chapter":
            page.title = page.title or title
        if style == "chapter" and chapter not in chapter_page:
            chapter_page[chapter] = len(pages) - 1
            chapter_title[chapter] = title
        if y > 0:
            y += above
        for n, text_line in enumerate(lines):
            if y + step > height + (REF_SLACK if ref_fits else 0):  # a long paragraph runs on to the next page
                page = TextPage(section, [], title)
                pages.append(page)
                y = 0
            page.lines.append(Line(style, text_line, first_indent if n == 0 else rest_indent, y,
                                   bullet=(style == "li" and n == 0)))
            y += step
        if page.title == "" or (style == "chapter"):
            page.title = page.title or title
    if len(pages) % 2 == 1:
        pages.append(TextPage(section_now or "faq", [], pages[-1].title))
    return Reference(pages, chapter_page, chapter_title)
