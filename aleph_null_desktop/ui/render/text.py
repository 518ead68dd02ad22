"""Drawing words: wrapping, fitting a line into a width, blitting aligned text."""

from __future__ import annotations

import sys
import weakref

import pygame

from aleph_null_desktop.ui.render.stepwise import finish
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache

# Budgets in ui.render.caches. Keys hold fonts weakly: a font that is gone (an App replaced, a size the
# font cache forgot) is not kept alive by its lines.
_rendered = SurfaceCache("text_lines")
_wrapped = SurfaceCache("wrapped_text")


def render(font: pygame.font.Font, text: str, colour) -> pygame.Surface:
    """font.render, remembered: the same words in the same font and colour are drawn once."""
    key = (weakref.ref(font), text, tuple(colour))
    image = _rendered.get(key)
    if image is None:
        image = _rendered[key] = font.render(text, True, colour)
    return image


def is_rendered(font: pygame.font.Font, text: str, colour) -> bool:
    """Whether `render` has those words in that font and colour at hand (without counting as a use)."""
    return _rendered.peek((weakref.ref(font), text, tuple(colour)))


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Greedy word wrap; a word longer than the width gets a line of its own."""
    key = (weakref.ref(font), text, width)
    lines = _wrapped.get(key)
    if lines is None:
        lines = _wrap(font, text, width)
        _wrapped.put(key, lines, sum(map(sys.getsizeof, lines)) + sys.getsizeof(text))
    return list(lines)


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        if "" in words:  # (two spaces in a row, or one at an end: the word by word greedy wrap)
            lines += _wrap_word_by_word(font, words, width)
        else:
            lines += _wrap_by_lines(font, words, width)
    return lines


def _wrap_word_by_word(font: pygame.font.Font, words: list[str], width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


_advances: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # font -> {character: advance}


def _guess(font: pygame.font.Font, text: str) -> int:
    """The text's width from its characters' own widths (kerning left out): a guess `font.size` checks."""
    known = _advances.get(font)
    if known is None:
        known = _advances[font] = {}
    total = 0
    for ch in text:
        w = known.get(ch)
        if w is None:
            w = known[ch] = font.size(ch)[0]
        total += w
    return total


def _wrap_by_lines(font: pygame.font.Font, words: list[str], width: int) -> list[str]:
    """The same lines as the word by word greedy wrap, each found from a guess of where it ends
    and two or three measures of whole lines (not one a word): a line's width grows with every
    word added to it, so the greedy line is the longest one that fits (its first word always does)."""
    lines: list[str] = []
    space = _guess(font, " ")
    i, n = 0, len(words)
    while i < n:
        k, guessed = i + 1, _guess(font, words[i])  # words[i:k] on this line
        while k < n and guessed + space + _guess(font, words[k]) <= width:
            guessed += space + _guess(font, words[k])
            k += 1
        if k > i + 1 and font.size(" ".join(words[i:k]))[0] > width:
            k -= 1
            while k > i + 1 and font.size(" ".join(words[i:k]))[0] > width:
                k -= 1
        else:
            while k < n and font.size(" ".join(words[i:k + 1]))[0] <= width:
                k += 1
        lines.append(" ".join(words[i:k]))
        i = k
    return lines


def wrap_breaking(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`wrap`, but a word wider than the width (a long German compound) is broken across lines
    with a hyphen, so that every line fits: at a syllable (`break_points`). A word no syllable of
    which fits keeps a line of its own, too wide, as in `wrap` (the caller sees it does not fit).""" 
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if font.size(word)[0] <= width or not _cut(font, "", word, width):  # the word on a new line
                if line:
                    lines.append(line)
                line = word
                continue
            # the long word: as much as fits on this line (if any), then a line per piece
            prefix = f"{line} " if line else ""
            rest = word
            while font.size(prefix + rest)[0] > width:
                cut = _cut(font, prefix, rest, width)
                if not cut:
                    if prefix:  # no room on this line: the word starts the next one
                        lines.append(line)
                        prefix = ""
                        continue
                    break  # what is left cannot be broken: a line of its own, too wide
                piece = rest[:cut]
                lines.append(prefix + piece + ("" if piece.endswith("-") else "-"))
                prefix, rest = "", rest[cut:]
            line = prefix + rest
        lines.append(line)
    return lines


VOWELS = set("aeiouyäöüáàâéèêíìîóòôúùû")
# consonants that begin a German syllable together (ch, ck, ph, th and sch count as one letter); a
# cluster between two vowels is broken before the longest of these it ends with: Kirchen-glocken,
# Schiff-fahrt, Gesellschafts-kapitän (s-t and s-p are broken: Fens-ter)
ONSETS = {"bl", "br", "chl", "chr", "dr", "fl", "fr", "gl", "gn", "gr", "kl", "kn", "kr",
          "phl", "phr", "pl", "pr", "schl", "schm", "schn", "schr", "schw", "thr", "tr", "wr", "zw"}
UNITS = ("sch", "ch", "ck", "ph", "th", "qu")


def break_points(word: str) -> list[int]:
    """Where a word may be broken at a line's end (indexes of the letter beginning the next line):
    after a hyphen it has, and before the syllable-beginning consonants of each cluster between
    two vowels. A rough rule, no dictionary: good for names, not a typesetter's hyphenation."""
    low = word.lower()
    points = [i for i in range(1, len(word)) if word[i - 1] == "-"]
    i, seen_vowel = 0, False
    while i < len(low):
        if low[i] in VOWELS:
            seen_vowel = True
            i += 1
            continue
        if not low[i].isalpha():
            i += 1
            continue
        units, j = [], i  # the cluster, as consonant units
        while j < len(low) and low[j].isalpha() and low[j] not in VOWELS:
            unit = next((u for u in UNITS if low.startswith(u, j)), low[j])
            units.append((j, unit))
            j += len(unit)
        if seen_vowel and j < len(low) and low[j] in VOWELS:
            start = units[-1][0]  # one consonant begins the syllable, or the longest onset
            for k in range(len(units) - 1):
                if "".join(u for _p, u in units[k:]) in ONSETS:
                    start = units[k][0]
                    break
            points.append(start)
        i = j
    return sorted(set(points))


def _cut(font: pygame.font.Font, prefix: str, word: str, width: int) -> int:
    """Where to break `word` after `prefix`, with a hyphen, within the width: at the last syllable
    that fits (two letters at least before it, three after); a word with no such syllable at all
    (no vowels: not a word) after as many letters as fit, three or more on each side; 0 if neither."""
    def fits(k: int) -> bool:
        piece = word[:k]
        return font.size(prefix + piece + ("" if piece.endswith("-") else "-"))[0] <= width

    points = [k for k in break_points(word) if k >= 2 and len(word) - k >= 3]
    if points:
        return max((k for k in points if fits(k)), default=0)
    n = 0
    while n < len(word) - 3 and fits(n + 1):
        n += 1
    return n if n >= 3 else 0


_fitted: dict = {}  # (the font at `size`, text, width, min_size) -> the size fit_font found
FITTED_MAX = 4096  # entries kept (then forgotten together): a screen fits a few hundred


def fit_font(fonts, role: str, text: str, width: int, size: int, min_size: int = 10):
    """The largest font of the role, at most `size`, in which `text` fits on one line (measured
    once for the same words, font and width: each size tried is a measurement)."""
    return finish(fit_font_steps(fonts, role, text, width, size, min_size))


def fit_font_steps(fonts, role: str, text: str, width: int, size: int, min_size: int = 10):
    """`fit_font` one size at a time: a generator that pauses after each size that did not fit
    and returns the font. (A size not loaded yet costs about a millisecond to load and measure; a
    long name on a large card may try thirty.)"""
    key = (weakref.ref(fonts.get(role, size)), text, width, min_size)
    fitted = _fitted.get(key)
    if fitted is None:
        fitted = size
        while fitted > min_size and fonts.get(role, fitted).size(text)[0] > width:
            fitted -= 1
            yield
        if len(_fitted) >= FITTED_MAX:
            _fitted.clear()
        _fitted[key] = fitted
    return fonts.get(role, fitted)


def blit_text(surface: pygame.Surface, font: pygame.font.Font, text: str, colour, pos,
              anchor: str = "topleft") -> pygame.Rect:
    image = render(font, text, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


class DrawnWords:
    """A screen that keeps the words it drew in its last frame, in `drawn` (read by the tests)."""

    drawn: list[str]

    def _text(self, surface: pygame.Surface, font: pygame.font.Font, text: str, colour, pos,
              anchor: str = "topleft") -> pygame.Rect:
        self.drawn.append(text)
        return blit_text(surface, font, text, colour, pos, anchor)


def blit_wrapped(surface: pygame.Surface, font: pygame.font.Font, text: str, colour,
                 rect: pygame.Rect, align: str = "left", line_gap: int = 0) -> int:
    """Draws wrapped text from the top of `rect`; returns the y below the last line."""
    y = rect.top
    for line in wrap(font, text, rect.width):
        image = render(font, line, colour)
        if align == "center":
            x = rect.centerx - image.get_width() // 2
        else:
            x = rect.left
        surface.blit(image, (x, y))
        y += font.get_linesize() + line_gap
    return y
