"""Where every word of a frame ended up: a recorder under the game's drawing, for the layout tests.

While `recording()` is on, every surface the game makes is a `WordSurface` (pygame.Surface under the
same name), every line of text a font renders is known by its picture, and every blit, fill and
framed rectangle onto such a surface is followed. So a word keeps its place through the layers,
pages and cached pictures it is drawn into, until the frame reaches the window:

- a **word** is the inked rectangle of one rendered line (its glyphs' bounding box), where it shows;
  it is *cut* when part of it fell outside the surface or the clip it was drawn into;
- a **box** is a framed rectangle (pygame.draw.rect with a border): a panel, a zone, a button;
- an opaque picture, a fill or a filled rectangle over a word hides it (the word goes); a darkening
  fill (a veil under a dialog) leaves it *covered*: the backdrop of what is on top.

`problems(screen)` then lists every word that is cut or off the window, every two words that
overlap, and every word that crosses the frame of a box (partly in, partly out).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

import pygame

from aleph_null_desktop.ui.render import fonts as fonts_module

SLACK = 2  # pixels of antialiasing two neighbours' ink may share, or a word may lean over a frame
MIN_BOX = 16  # framed rectangles smaller than this (ticks, swatches) are decoration, not boxes


@dataclass
class Word:
    text: str
    rect: pygame.Rect  # in the coordinates of the root surface it is on
    cut: bool = False
    covered: bool = False
    full: pygame.Rect | None = None  # the whole line where it was meant to show (when cut)


@dataclass
class Box:
    rect: pygame.Rect
    covered: bool = False
    under: list = field(default_factory=list)  # regions of it painted over since (panels laid on it)


@dataclass
class Sheet:
    """What one root surface carries: its words and boxes."""

    surface: pygame.Surface
    words: list[Word] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)


class Recorder:
    def __init__(self) -> None:
        self.texts: dict[int, tuple[pygame.Surface, str, pygame.Rect]] = {}
        self.sheets: dict[int, Sheet] = {}

    # -- what is known
    def text_of(self, image) -> tuple[str, pygame.Rect] | None:
        known = self.texts.get(id(image))
        if known is None or known[0] is not image:
            return None
        return known[1], known[2]

    def rendered(self, image: pygame.Surface, text: str) -> None:
        if text.strip():
            self.texts[id(image)] = (image, text, image.get_bounding_rect())

    def sheet(self, surface: pygame.Surface) -> tuple[Sheet, tuple[int, int]]:
        root = surface.get_abs_parent()
        sheet = self.sheets.get(id(root))
        if sheet is None or sheet.surface is not root:
            sheet = self.sheets[id(root)] = Sheet(root)
        return sheet, surface.get_abs_offset()

    # -- what happens to a surface
    def blit(self, target, source, dest, area) -> None:
        if not isinstance(target, WordSurface):
            return
        x, y = _topleft(dest)
        area = pygame.Rect(area) if area is not None else source.get_rect()
        area = area.clip(source.get_rect())
        sheet, (ox, oy) = self.sheet(target)
        visible = target.get_clip().clip(target.get_rect()).move(ox, oy)
        placed = pygame.Rect(x, y, area.w, area.h).move(ox, oy)
        known = self.text_of(source)
        if known is not None:
            text, ink = known
            ink = ink.clip(area)
            if ink.w and ink.h:
                scrolled = target.get_clip() != target.get_rect()  # a viewport: lines scroll past its edges
                self._add(sheet, text, ink.move(x - area.x + ox, y - area.y + oy), visible, scrolled)
            return
        if _opaque(source):
            self._hide(sheet, placed.clip(visible), covered=False)
        elif placed.w >= MIN_BOX and placed.h >= MIN_BOX and _solid_middle(source, area):
            for box in sheet.boxes:  # a card laid over a zone's frame: the frame is under it
                if box.rect.colliderect(placed):
                    box.under.append(placed.clip(visible))
        if isinstance(source, WordSurface):
            src_sheet, (sx, sy) = self.sheet(source)
            region = area.move(sx, sy)
            shift = (x + ox - region.x, y + oy - region.y)
            for word in list(src_sheet.words):
                if word.rect.colliderect(region):
                    shown = word.rect.clip(region)
                    moved = Word(word.text, shown.move(shift), word.cut or shown != word.rect, word.covered,
                                 (word.full or word.rect).move(shift))
                    self._add_word(sheet, moved, visible)
            for box in list(src_sheet.boxes):
                if region.contains(box.rect):
                    sheet.boxes.append(Box(box.rect.move(shift), box.covered,
                                           [r.move(shift) for r in box.under]))

    def fill(self, target, rect, special_flags) -> None:
        if not isinstance(target, WordSurface):
            return
        sheet, (ox, oy) = self.sheet(target)
        region = (pygame.Rect(rect) if rect is not None else target.get_rect()).clip(target.get_clip())
        self._hide(sheet, region.move(ox, oy), covered=bool(special_flags))

    def rectangle(self, target, rect, width) -> None:
        if not isinstance(target, WordSurface):
            return
        sheet, (ox, oy) = self.sheet(target)
        if width <= 0:
            self._hide(sheet, pygame.Rect(rect).clip(target.get_clip()).move(ox, oy), covered=False)
            return
        rect = pygame.Rect(rect).move(ox, oy)
        if rect.w >= MIN_BOX and rect.h >= MIN_BOX:
            sheet.boxes.append(Box(rect))

    def copied(self, source, copy) -> None:
        if not isinstance(copy, WordSurface):
            return
        src_sheet, (sx, sy) = self.sheet(source)
        region = source.get_rect().move(sx, sy)
        sheet, _ = self.sheet(copy)
        sheet.words, sheet.boxes = [], []
        for word in src_sheet.words:
            if word.rect.colliderect(region):
                shown = word.rect.clip(region)
                sheet.words.append(Word(word.text, shown.move(-sx, -sy), word.cut or shown != word.rect,
                                        word.covered))
        sheet.boxes = [Box(b.rect.move(-sx, -sy), b.covered, [r.move(-sx, -sy) for r in b.under])
                       for b in src_sheet.boxes if region.contains(b.rect)]

    # -- words and boxes kept
    def _add(self, sheet: Sheet, text: str, ink: pygame.Rect, visible: pygame.Rect, scrolled: bool) -> None:
        shown = ink.clip(visible)
        if scrolled and shown.w == ink.w and shown.h and shown.h < ink.h:
            sheet.words.append(Word(text, shown))  # half out of a scrolled list: it scrolls into view
            return
        self._add_word(sheet, Word(text, ink), visible)

    @staticmethod
    def _add_word(sheet: Sheet, word: Word, visible: pygame.Rect) -> None:
        shown = word.rect.clip(visible)
        if not shown.w or not shown.h:
            return  # wholly outside the clip: not drawn at all
        if shown != word.rect or word.cut:
            full = word.full or word.rect
            if any(w.text == word.text and w.rect == full for w in sheet.words):
                return  # a part of a word painted again (a layer's changed region): still whole
            word = Word(word.text, shown, True, word.covered, full)
        sheet.words.append(word)

    @staticmethod
    def _hide(sheet: Sheet, region: pygame.Rect, covered: bool) -> None:
        if not region.w or not region.h:
            return
        if covered:
            for item in [*sheet.words, *sheet.boxes]:
                if item.rect.colliderect(region):
                    item.covered = True
            return
        sheet.words = [w for w in sheet.words if not region.contains(w.rect)]
        sheet.boxes = [b for b in sheet.boxes if not region.contains(b.rect)]
        for box in sheet.boxes:
            if box.rect.colliderect(region):
                box.under.append(region)

    # -- the verdict
    def problems(self, screen: pygame.Surface) -> list[str]:
        sheet, _ = self.sheet(screen)
        window = screen.get_rect()
        words, seen = [], set()
        for word in sheet.words:
            key = (word.text, tuple(word.rect))
            if not word.covered and key not in seen:
                seen.add(key)
                words.append(word)
        found = []
        for word in words:
            if word.cut or not window.contains(word.rect):
                found.append(f"cut off: {word.text!r} at {tuple(word.rect)}")
        for i, a in enumerate(words):
            for b in words[i + 1:]:
                both = a.rect.clip(b.rect)
                if both.w > SLACK and both.h > SLACK:
                    found.append(f"overlap: {a.text!r} {tuple(a.rect)} and {b.text!r} {tuple(b.rect)}")
        boxes = [b for b in sheet.boxes if not b.covered]
        for word in words:
            for box in boxes:
                if crosses(word.rect, box.rect) and not any(r.contains(word.rect) for r in box.under):
                    found.append(f"crosses a frame: {word.text!r} {tuple(word.rect)} over {tuple(box.rect)}")
                    break
        return found

    def forget(self, screen: pygame.Surface) -> None:
        """What the window showed so far is gone (before another screen is opened)."""
        sheet, _ = self.sheet(screen)
        sheet.words, sheet.boxes = [], []

    def words(self, screen: pygame.Surface) -> list[Word]:
        sheet, _ = self.sheet(screen)
        return [w for w in sheet.words if not w.covered]


def crosses(word: pygame.Rect, box: pygame.Rect) -> bool:
    """Partly inside the box and partly outside it, by more than the slack on both sides."""
    inside = word.clip(box)
    if inside.w <= SLACK or inside.h <= SLACK:
        return False
    outside = max(box.left - word.left, word.right - box.right, box.top - word.top, word.bottom - box.bottom)
    return outside > SLACK


def _topleft(dest) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    return round(dest[0]), round(dest[1])


def _solid_middle(source: pygame.Surface, area: pygame.Rect) -> bool:
    """A picture with rounded corners (a card, a panel): opaque in its middle."""
    try:
        return source.get_at(area.center)[3] == 255 and source.get_alpha() in (None, 255)
    except (IndexError, pygame.error):
        return False


def _opaque(source: pygame.Surface) -> bool:
    return (not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None
            and source.get_alpha() in (None, 255))


RECORDER: list[Recorder] = []


BaseSurface = pygame.Surface


class _AnySurface(type(pygame.Surface)):
    def __instancecheck__(cls, obj):  # `isinstance(x, pygame.Surface)` still true of every surface
        return isinstance(obj, BaseSurface) if cls is WordSurface else super().__instancecheck__(obj)


class WordSurface(pygame.Surface, metaclass=_AnySurface):
    """pygame.Surface, telling the recorder what is drawn onto it."""

    def blit(self, source, dest, area=None, special_flags=0):
        result = super().blit(source, dest, area, special_flags)
        if RECORDER:
            RECORDER[-1].blit(self, source, dest, area)
        return result

    def blits(self, blit_sequence, doreturn=1):
        results = [self.blit(*item) for item in blit_sequence]
        return results if doreturn else None

    def fill(self, color, rect=None, special_flags=0):
        result = super().fill(color, rect, special_flags)
        if RECORDER:
            RECORDER[-1].fill(self, rect, special_flags)
        return result

    def copy(self):
        copy = super().copy()
        if RECORDER:
            RECORDER[-1].copied(self, copy)
        return copy

    def convert(self, *args):
        copy = super().convert(*args)
        if RECORDER:
            RECORDER[-1].copied(self, copy)
        return copy

    def convert_alpha(self, *args):
        copy = super().convert_alpha(*args)
        if RECORDER:
            RECORDER[-1].copied(self, copy)
        return copy


class RecordedFont(fonts_module.SafeFont):
    def render(self, text, *args, **kwargs):
        image = super().render(text, *args, **kwargs)
        if RECORDER and isinstance(text, str):
            RECORDER[-1].rendered(image, text)
        return image


@contextlib.contextmanager
def recording(monkeypatch):
    """Every surface made from now on a WordSurface, every font a RecordedFont; the text caches
    emptied so that every line is rendered (and known) again."""
    from aleph_null_desktop.ui.render import face_body, text as ui_text

    recorder = Recorder()
    original_rect = pygame.draw.rect

    def draw_rect(surface, color, rect, width=0, *args, **kwargs):
        result = original_rect(surface, color, rect, width, *args, **kwargs)
        if RECORDER:
            RECORDER[-1].rectangle(surface, rect, width)
        return result

    monkeypatch.setattr(pygame, "Surface", WordSurface)
    # a face over an opaque picture of its pixels (ui.render.face_body) is one WordSurface here
    monkeypatch.setattr(face_body, "new_face", lambda size, corner: pygame.Surface(size, pygame.SRCALPHA))
    monkeypatch.setattr(pygame.draw, "rect", draw_rect)
    monkeypatch.setattr(fonts_module, "SafeFont", RecordedFont)
    ui_text._rendered.clear()
    ui_text._wrapped.clear()
    RECORDER.append(recorder)
    try:
        yield recorder
    finally:
        RECORDER.clear()
        ui_text._rendered.clear()
        ui_text._wrapped.clear()
