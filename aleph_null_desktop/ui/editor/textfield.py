"""A one-line text field with real text input.

Characters arrive only as TEXTINPUT events (what the keyboard layout or the IME composed, so
accents, dead keys and CJK input work); TEXTEDITING shows the IME's composition underlined at
the cursor without committing it. KEYDOWN is used for editing keys only: Backspace, Delete,
Left/Right (Shift selects, Ctrl by words), Home/End, Ctrl+A, Ctrl+C/X/V, Enter, Esc.
The mouse places the cursor; dragging or Shift+click selects. Copy and paste go through the
system clipboard (pygame.scrap) when it works, else through an in-app clipboard.
"""

from __future__ import annotations

import time
from typing import Callable

import pygame

from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.text import fit_font, render

BLINK_SECONDS = 1.0  # the caret's blink: shown for CARET_SHOWN of each BLINK_SECONDS
CARET_SHOWN = 0.6


class Clipboard:
    """pygame.scrap when it round-trips, otherwise a clipboard inside the game."""

    local = ""
    system_ok: bool | None = None  # None: not tried yet

    @classmethod
    def put(cls, text: str) -> None:
        cls.local = text
        if cls.system_ok is False:
            return
        try:
            pygame.scrap.put_text(text)
            cls.system_ok = pygame.scrap.get_text() == text
        except Exception:  # no clipboard on this system / driver
            cls.system_ok = False

    @classmethod
    def get(cls) -> str:
        """The system's clipboard text (what another program copied) when it can be read, else
        the game's own."""
        if cls.system_ok is not False:
            try:
                text = pygame.scrap.get_text()
                if text:
                    return text
            except Exception:  # no clipboard on this system / driver
                cls.system_ok = False
        return cls.local


def _printable(text: str) -> str:
    return "".join(ch for ch in text.replace("\n", " ").replace("\t", " ") if ch.isprintable())


class TextField:
    def __init__(self, rect: pygame.Rect, text: str = "", *, max_length: int = 200, placeholder: str = "",
                 on_change: Callable[[str], None] | None = None, on_submit: Callable[[], None] | None = None,
                 font_role: str = "body", font_size: int = 26, name: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.cursor = len(text)
        self.anchor: int | None = None  # the other end of the selection
        self.focused = False
        self.composition = ""  # IME text being composed (not yet committed)
        self.max_length = max_length
        self.placeholder = placeholder
        self.on_change = on_change
        self.on_submit = on_submit
        self.font_role, self.font_size = font_role, font_size
        self.name = name
        self.error = False  # drawn with a warning edge (the message is drawn beside it)
        self._scroll = 0
        self._dragging = False
        self._blink = time.monotonic()
        self._font: pygame.font.Font | None = None
        self._fonts = None  # the game's fonts (use_fonts): the placeholder is fitted into the field

    # ------------------------------------------------------------------ text operations
    @property
    def selection(self) -> tuple[int, int] | None:
        if self.anchor is None or self.anchor == self.cursor:
            return None
        return (min(self.anchor, self.cursor), max(self.anchor, self.cursor))

    def selected_text(self) -> str:
        sel = self.selection
        return self.text[sel[0]:sel[1]] if sel else ""

    def set_text(self, text: str, *, notify: bool = False) -> None:
        self.text = text[: self.max_length]
        self.cursor = min(self.cursor, len(self.text))
        self.anchor = None
        if notify and self.on_change:
            self.on_change(self.text)

    def _changed(self) -> None:
        self._blink = time.monotonic()
        if self.on_change:
            self.on_change(self.text)

    def _delete_selection(self) -> bool:
        sel = self.selection
        if not sel:
            return False
        self.text = self.text[:sel[0]] + self.text[sel[1]:]
        self.cursor, self.anchor = sel[0], None
        return True

    def insert(self, text: str) -> None:
        text = _printable(text)
        had_selection = self._delete_selection()
        room = self.max_length - len(self.text)
        text = text[:max(0, room)]
        if not text and not had_selection:
            return
        self.text = self.text[:self.cursor] + text + self.text[self.cursor:]
        self.cursor += len(text)
        self.anchor = None
        self._changed()

    def _word_left(self, i: int) -> int:
        while i > 0 and self.text[i - 1] == " ":
            i -= 1
        while i > 0 and self.text[i - 1] != " ":
            i -= 1
        return i

    def _word_right(self, i: int) -> int:
        n = len(self.text)
        while i < n and self.text[i] == " ":
            i += 1
        while i < n and self.text[i] != " ":
            i += 1
        return i

    def _move(self, to: int, select: bool) -> None:
        if select:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            self.anchor = None
        self.cursor = max(0, min(len(self.text), to))
        self._blink = time.monotonic()

    # ------------------------------------------------------------------ focus
    def focus(self) -> None:
        if not self.focused:
            self.focused = True
            self._blink = time.monotonic()
            try:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)  # the IME's candidate window goes here
            except pygame.error:
                pass

    def blur(self) -> None:
        if self.focused:
            self.focused = False
            self.anchor = None
            self.composition = ""
            self._dragging = False

    # ------------------------------------------------------------------ events
    def _index_at(self, x: int) -> int:
        font = self._get_font()
        rel = x - (self.rect.x + 12) + self._scroll
        best, best_d = 0, abs(rel)
        for i in range(1, len(self.text) + 1):
            d = abs(font.size(self.text[:i])[0] - rel)
            if d < best_d:
                best, best_d = i, d
        return best

    def handle_event(self, event) -> bool:
        """True when the field used the event."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                self.focus()
                if getattr(event, "clicks", 1) >= 2:
                    self.anchor, self.cursor = 0, len(self.text)  # double click: select all
                else:
                    self._move(self._index_at(event.pos[0]), shift)
                    if not shift:
                        self.anchor = self.cursor
                    self._dragging = True
                return True
            self.blur()
            return False
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.cursor = self._index_at(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = _printable(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.KEYUP:
            return True  # typing never triggers shortcuts of the scene
        return False

    def _key(self, event) -> bool:
        key, mods = event.key, getattr(event, "mod", 0)
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        if self.composition:  # the IME owns the keys while it composes
            return True
        if key == pygame.K_BACKSPACE:
            if self._delete_selection():
                pass  # a selection deleted (all of the text, maybe): still a change to tell
            elif self.cursor > 0:
                start = self._word_left(self.cursor) if ctrl else self.cursor - 1
                self.text = self.text[:start] + self.text[self.cursor:]
                self.cursor = start
            else:
                return True
            self._changed()
        elif key == pygame.K_DELETE:
            if not self._delete_selection() and self.cursor < len(self.text):
                end = self._word_right(self.cursor) if ctrl else self.cursor + 1
                self.text = self.text[:self.cursor] + self.text[end:]
            self._changed()
        elif key == pygame.K_LEFT:
            if self.selection and not shift:
                self._move(self.selection[0], False)
            else:
                self._move(self._word_left(self.cursor) if ctrl else self.cursor - 1, shift)
        elif key == pygame.K_RIGHT:
            if self.selection and not shift:
                self._move(self.selection[1], False)
            else:
                self._move(self._word_right(self.cursor) if ctrl else self.cursor + 1, shift)
        elif key in (pygame.K_HOME, pygame.K_UP):
            self._move(0, shift)
        elif key in (pygame.K_END, pygame.K_DOWN):
            self._move(len(self.text), shift)
        elif ctrl and key == pygame.K_a:
            self.anchor, self.cursor = 0, len(self.text)
        elif ctrl and key in (pygame.K_c, pygame.K_x):
            if self.selection:
                Clipboard.put(self.selected_text())
                if key == pygame.K_x:
                    self._delete_selection()
                    self._changed()
        elif ctrl and key == pygame.K_v:
            self.insert(Clipboard.get())
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit:
                self.on_submit()
        elif key == pygame.K_ESCAPE:
            self.blur()
        elif key == pygame.K_TAB or ctrl or pygame.K_F1 <= key <= pygame.K_F12:
            return False  # Tab moves focus; Ctrl+S, F-keys… belong to the scene
        return True

    # ------------------------------------------------------------------ drawing
    def _get_font(self) -> pygame.font.Font:
        if self._font is None:
            from aleph_null_desktop.ui.render.fonts import Fonts

            self._font = Fonts().get(self.font_role, self.font_size)
        return self._font

    def use_fonts(self, fonts) -> None:
        self._font = fonts.get(self.font_role, self.font_size)
        self._fonts = fonts

    def next_blink(self) -> float | None:
        """Seconds until the caret shows or hides (it blinks while the field has the focus), or None."""
        if not self.focused:
            return None
        phase = (time.monotonic() - self._blink) % BLINK_SECONDS
        return (CARET_SHOWN - phase) if phase < CARET_SHOWN else (BLINK_SECONDS - phase)

    def draw(self, surface: pygame.Surface) -> None:
        font = self._get_font()
        r = self.rect
        pygame.draw.rect(surface, theme.PARCHMENT if self.focused else theme.PARCHMENT_DARK, r, border_radius=6)
        edge = theme.WARN if self.error else (theme.CANDLE if self.focused else theme.INK_SOFT)
        pygame.draw.rect(surface, edge, r, 3 if (self.focused or self.error) else 2, border_radius=6)
        inner = r.inflate(-24, -8)
        shown = self.text[:self.cursor] + self.composition + self.text[self.cursor:]
        cursor_px = font.size(self.text[:self.cursor] + self.composition)[0]
        if cursor_px - self._scroll > inner.w:
            self._scroll = cursor_px - inner.w
        elif cursor_px - self._scroll < 0:
            self._scroll = cursor_px
        self._scroll = max(0, min(self._scroll, max(0, font.size(shown)[0] - inner.w)))
        old_clip = surface.get_clip()
        surface.set_clip(inner.inflate(4, 8).clip(old_clip) if old_clip else inner.inflate(4, 8))
        x0 = inner.x - self._scroll
        y = r.centery - font.get_height() // 2
        if not shown and not self.focused and self.placeholder:
            hint_font = font if self._fonts is None else fit_font(
                self._fonts, "italic", self.placeholder, inner.w, self.font_size - 2, 14)
            image = render(hint_font, self.placeholder, theme.INK_SOFT)
            surface.blit(image, image.get_rect(midleft=(inner.x, r.centery)))
        sel = self.selection
        if sel and self.focused:
            a = x0 + font.size(self.text[:sel[0]])[0]
            b = x0 + font.size(self.text[:sel[1]])[0]
            pygame.draw.rect(surface, theme.GLOW_LEGAL, (a, y, b - a, font.get_height()))
        if shown:
            surface.blit(font.render(shown, True, theme.INK), (x0, y))
        if self.composition:
            a = x0 + font.size(self.text[:self.cursor])[0]
            b = a + font.size(self.composition)[0]
            pygame.draw.line(surface, theme.INK, (a, y + font.get_height() - 2), (b, y + font.get_height() - 2), 2)
        if self.focused and (time.monotonic() - self._blink) % BLINK_SECONDS < CARET_SHOWN:
            cx = x0 + cursor_px
            pygame.draw.line(surface, theme.INK, (cx, y + 2), (cx, y + font.get_height() - 2), 2)
        surface.set_clip(old_clip)
