"""Drawing words: wrapping, fitting a line into a width, blitting aligned text."""

from __future__ import annotations

import sys
import weakref

import pygame

from aleph_null_desktop.ui.surface_cache import SurfaceCache

# Budgets in ui.caches. Keys hold fonts weakly: a font that is gone (an App replaced, a size the
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
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrap_breaking(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`wrap`, but a word wider than the width (a long German compound) is broken across lines,
    each piece but the last ending in a hyphen, so that every line fits. A width too narrow for
    even one letter and its hyphen gives that letter a line of its own."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if font.size(word)[0] <= width:  # a whole word on the next line
                lines.append(line)
                line = word
                continue
            # the long word: as much as fits on this line (a few letters at least), then lines of it
            prefix = f"{line} " if line else ""
            rest = word
            while font.size(prefix + rest)[0] > width:
                cut = _cut(font, prefix, rest, width)
                if cut < 3 and prefix:  # hardly room on this line: the word starts the next one
                    lines.append(line)
                    prefix = ""
                    continue
                cut = max(1, cut)
                lines.append(prefix + rest[:cut] + "-")
                prefix, rest = "", rest[cut:]
            line = prefix + rest
        lines.append(line)
    return lines


def _cut(font: pygame.font.Font, prefix: str, word: str, width: int) -> int:
    """How many letters of `word`, after `prefix` and followed by a hyphen, fit in the width."""
    n = 0
    while n < len(word) - 1 and font.size(prefix + word[:n + 1] + "-")[0] <= width:
        n += 1
    return n


def fit_font(fonts, role: str, text: str, width: int, size: int, min_size: int = 10):
    """The largest font of the role, at most `size`, in which `text` fits on one line."""
    while size > min_size and fonts.get(role, size).size(text)[0] > width:
        size -= 1
    return fonts.get(role, size)


def blit_text(surface: pygame.Surface, font: pygame.font.Font, text: str, colour, pos,
              anchor: str = "topleft") -> pygame.Rect:
    image = render(font, text, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


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
