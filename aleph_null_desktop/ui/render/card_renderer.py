"""Draws cards from their data: frame by type, name, cost gem, icon, type line, rules text with
action rows (cost → effect) and the † line. Faces are kept per (card, width, language).

Faces are drawn only at the widths cards rest at (hand, play, piles, the large view) and kept in
a least-recently-used cache bounded in bytes (ui.render.caches "card_faces"); a card in flight is its resting face scaled (`face_scaled`),
so a motion never draws, nor keeps, a face per in-between width (while that face is not drawn yet, a face of
the card already drawn stands in for it: `stand_in`)."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import ROMAN, CardDef
from aleph_null_desktop.engine.words.text import card_play_lines, card_short_lines, card_text_lines
from aleph_null_desktop.i18n import _, current_language
from aleph_null_desktop.ui import style, theme
from aleph_null_desktop.ui.render import cues, face_body
from aleph_null_desktop.ui.render.art import ART, art_name
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.surface_cache import SurfaceCache
from aleph_null_desktop.ui.render.text import fit_font, fit_font_steps, wrap, wrap_breaking


def is_custom(card) -> bool:
    return isinstance(getattr(card, "data", None), dict) and bool(card.data.get("custom"))


def _type_text_width(line_w: int, unit: float, beside_quill: bool = False) -> int:
    """The room for the type line's words: the line less its icon and margins, and less the quill's
    disc too where the line runs beside it (the compact face of a card the player made)."""
    return line_w - round(4 * unit) - round(18 * unit) - round(8 * unit) - (round(32 * unit) if beside_quill else 0)


def card_size(width: int) -> tuple[int, int]:
    return (width, round(width * theme.CARD_RATIO))


def corner_radius(width: int) -> int:
    """The rounding of the corners of a face `width` wide: its only pixels not wholly opaque lie in
    the four corner squares of this side."""
    return max(4, round(10 * (width / 200)))  # (the frame's radius, 10 px of a 200 px card, as _draw_frame rounds it)


ARTS_H = (70, 40, 10, 0)  # the illustration's height (for a 200 px card): smaller, or none, when the rules need the room
MIN_TEXT = theme.MIN_TEXT
TEXT_FORM_LARGEST = 23  # the text form's rules grow up to this (for a 200 px card) into the room its picture left,
TEXT_FORM_UPPER = 0.6  # as far as they stay in this upper part of it (a crowded play zone covers the foot of a card)
FULL_FACE_W = 182  # every printed card's full face keeps its words in play this wide (both languages); narrower: the text form
GEM_MIN_R = 12
NAME_ROOM = 0.3  # of the card's height at most for a long name (three lines of a gallery card)
COMPACT_NAME_ROOM = 0.7  # on a face without rules text: its name before its picture
CUSTOM_EDGE = (196, 204, 214)  # the silver frame of a card the player made
SIDE_GLOW = {"church": (236, 222, 160), "hell": (214, 84, 40)}


class CardRenderer:
    def __init__(self, cards, fonts, budget: int | None = None, *, for_print: bool = False) -> None:
        """`budget`: bytes of faces kept (default: ui.render.caches "card_faces"). `for_print`: the
        smallest text (a long name's lines, the type line, the flavour) grows with the card too,
        where a screen keeps it at MIN_TEXT."""
        self.cards = cards  # the game's CardSet: card_id -> CardDef
        self.for_print = for_print
        self.fonts = fonts.unscaled()  # card text follows the card's width, already at the UI scale
        self._faces = SurfaceCache("card_faces", budget)
        self.budget = self._faces.budget
        self._backs = SurfaceCache("card_backs")
        self.drawn = 0  # faces drawn from scratch when shown (the bench and tests watch it)
        self.feet: dict[int, int] = {}  # width -> pixels at the foot of its faces that no word uses
        self._partial = None  # (key, steps) of a face being drawn ahead a step at a time
        self.word_scales: dict[int, float] = {}  # width -> how much larger than at 100 % its faces' rules words are

    def grow_words(self, scales: dict[int, float]) -> None:
        """Faces of these widths (out of play: the hand's) have their rules words larger by the
        factor given, as far as every word still fits (else step by step smaller, down to the size
        at 100 %): a full hand at a UI scale above 100 %, whose cards cannot grow wide."""
        self.word_scales = {width: scale for width, scale in scales.items() if scale > 1.0}

    def _word_scale(self, width: int, in_play: bool) -> float:
        return 1.0 if in_play else self.word_scales.get(width, 1.0)

    def keep_foot_clear(self, width: int, pixels: int) -> None:
        """Faces of this width leave `pixels` at their foot (inside the frame) free of words and
        picture: a pile's count badge lies there. Faces of that width drawn before are forgotten."""
        if self.feet.get(width, 0) != pixels:
            self.feet[width] = pixels
            self._faces.discard_where(lambda key: key[1] == width)

    def _key(self, card_id: str, width: int, in_play: bool) -> tuple:
        return (card_id, width, current_language(), style.current(), in_play,  # contrast and cues redraw the face
                self._word_scale(width, in_play))

    def face(self, card_id: str, width: int, ahead: bool = False, in_play: bool = False) -> pygame.Surface:
        """`ahead`: drawn before it is shown (on a quiet frame), not counted in `drawn`. `in_play`:
        a card in play, whose spent rules (special cost, when summoned) make room for the others."""
        key = self._key(card_id, width, in_play)
        surface = self._faces.get(key)
        if surface is None:
            if self._partial is not None and self._partial[0] == key:  # begun ahead: finished now
                surface, self._partial = _finish(self._partial[1]), None
            else:
                surface = self._draw_face(self.cards[card_id], width, in_play)
            self.drawn += not ahead
            self._faces[key] = surface
        return surface

    def drawn_face(self, card_id: str, width: int) -> pygame.Surface:
        """The face drawn now at any width and not kept: a print at 300 ppi, an exported image."""
        return self._draw_face(self.cards[card_id], width)

    def drawn_back(self, width: int) -> pygame.Surface:
        """The back drawn now and not kept."""
        return self._draw_back(width)

    def face_step(self, card_id: str, width: int, in_play: bool = False) -> bool:
        """Draws that face ahead by one step of a few milliseconds (the steps of a large face are
        spread over quiet frames); True once it is in the cache. A face the table asks for before its
        last step is finished from where it was (`face`)."""
        key = self._key(card_id, width, in_play)
        if self._faces.peek(key):
            return True
        if self._partial is None or self._partial[0] != key:
            self._partial = (key, self._face_steps(self.cards[card_id], width, in_play))
        try:
            next(self._partial[1])
            return False
        except StopIteration as done:
            self._partial = None
            self._faces[key] = done.value
            return True

    def cached(self, card_id: str, width: int, in_play: bool = False) -> bool:
        """Whether that face is in the cache (without counting as a use)."""
        return self._faces.peek(self._key(card_id, width, in_play))

    def face_scaled(self, card_id: str, base_width: int, size, in_play: bool = False,
                    moving: bool = False) -> pygame.Surface:
        """The face drawn at `base_width` (a resting size), scaled to `size`: a card in motion. While
        that face is not drawn yet, a face of the card already drawn stands in for it (`stand_in`):
        drawing a face costs 3–12 ms, too much for the frame that starts a motion; the card lands
        on its own face. `moving`: the card is in motion even at its resting size (it shifts along
        its row at its new size)."""
        size = (max(1, round(size[0])), max(1, round(size[1])))
        key = self._key(card_id, base_width, in_play)
        base = self._faces.get(key)
        if base is None and (moving or size != card_size(base_width)):
            base = self.stand_in(card_id, base_width, in_play)
        if base is None:
            base = self.face(card_id, base_width, in_play=in_play)
        if size == base.get_size():
            return base
        # each in-between size is seen for one frame of a motion: scaled fast, and not kept
        return pygame.transform.scale(base, size)

    def stand_in(self, card_id: str, width: int, in_play: bool = False) -> pygame.Surface | None:
        """A face of the card already in the cache, for a card in flight whose own face is not:
        the same width the other way (in play or not), else the nearest wider one (scaled down
        reads better than up), else the widest narrower one; None when none is drawn."""
        key = self.stand_in_key(card_id, width, in_play)
        return None if key is None else self._faces.get(key)

    def stand_in_key(self, card_id: str, width: int, in_play: bool = False) -> tuple | None:
        """The cache's key of `stand_in`'s face, None when none is drawn."""
        lang, look = current_language(), style.current()
        best, best_rank = None, None
        for key in self._faces.keys():
            if key[0] != card_id or key[2] != lang or key[3] != look:
                continue
            other = key[1]
            rank = (0, key[4] != in_play) if other == width else \
                (1, other - width, key[4] != in_play) if other > width else (2, width - other, key[4] != in_play)
            if best_rank is None or rank < best_rank:
                best, best_rank = key, rank
        return best

    def drawn_as(self, key: tuple, size) -> pygame.Surface | None:
        """The face of that cache key (a `stand_in_key`) scaled to `size`, None if it is not kept."""
        face = self._faces.get(key)
        size = (max(1, round(size[0])), max(1, round(size[1])))
        return face if face is None or face.get_size() == size else pygame.transform.scale(face, size)

    def cached_faces(self) -> int:
        return len(self._faces)

    def cached_bytes(self) -> int:
        return self._faces.bytes

    def make_room(self, nbytes: int) -> None:
        """The least recently used faces go until they and `nbytes` more (a picture kept meanwhile)
        fit in the faces' budget; those shown again are drawn again, or ahead (ui.table.face_warmer)."""
        self._faces.make_room(nbytes)

    @staticmethod
    def face_bytes(width: int) -> int:
        """What a face of that width costs in the cache."""
        w, h = card_size(width)
        return w * h * 4

    def back(self, width: int) -> pygame.Surface:
        key = (width, style.current())
        surface = self._backs.get(key)
        if surface is None:
            surface = self._draw_back(width)
            self._backs[key] = surface
        return surface

    # ------------------------------------------------------------------ drawing
    def _new_surface(self, width: int) -> pygame.Surface:
        return pygame.Surface(card_size(width), pygame.SRCALPHA)  # already the display's alpha format

    def _draw_back(self, width: int) -> pygame.Surface:
        s = self._new_surface(width)
        rect = s.get_rect()
        radius = max(4, width // 18)
        pygame.draw.rect(s, (46, 22, 26), rect, border_radius=radius)
        pygame.draw.rect(s, theme.GOLD, rect.inflate(-width // 14, -width // 14), 2, border_radius=radius)
        icon = pygame.Rect(0, 0, width * 0.6, width * 0.6)
        icon.center = rect.center
        draw_icon(s, "pentacle", icon, theme.GOLD)
        font = fit_font(self.fonts, "title", "ALEPH NULL", width - width // 5, max(MIN_TEXT, width // 11), MIN_TEXT)
        if font.size("ALEPH NULL")[0] <= width - width // 10:  # never smaller than MIN_TEXT: left off
            label = font.render("ALEPH NULL", True, theme.GOLD)
            s.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - width // 10)))
        return s

    def _draw_face(self, card: CardDef, width: int, in_play: bool = False) -> pygame.Surface:
        """The full face when all its words fit at MIN_TEXT or more; otherwise the compact face
        (name, illustration, type), whose full text the table shows large on hover. A card in play
        narrower than FULL_FACE_W: its text form (name and rules, no picture) while its words fit."""
        return _finish(self._face_steps(card, width, in_play))

    def _face_steps(self, card: CardDef, width: int, in_play: bool = False):
        """`_draw_face` in steps of a few milliseconds at most (a generator: the face warmer draws a
        large face over several quiet frames) that returns the face."""
        s = face_body.new_face(card_size(width), corner_radius(width))  # (its rows between the corners copied)
        yield
        unit = width / 200  # every measure below is for a 200-pixel-wide card
        frame = theme.TYPE_FRAME.get(card.type, theme.PANEL_EDGE)
        inner = self._draw_frame(s, card, unit, frame)
        inner.h -= min(self.feet.get(width, 0), inner.h // 3)  # below it: room kept clear (a pile's badge)
        band = pygame.Rect(inner.x, inner.y, inner.w, round(36 * unit))
        name_lines = yield from self._name_lines_steps(card, band, unit, room=round(inner.h * NAME_ROOM))
        band.h = max(band.h, len(name_lines) * self.fonts.get("title", self._least(unit)).get_linesize()
                     + round(6 * unit))
        if in_play and width < FULL_FACE_W:  # crowded play: every card its text form alike, words at its top
            yield
            if (yield from self._text_form_steps(s, card, inner, unit)):
                return s
        type_words = self._type_words(card, _type_text_width(inner.w, unit), unit)
        blocks, flavour = None, []
        arts = ARTS_H if not is_custom(card) else (ARTS_H[0], 0)  # (a custom card's compact face: its quill)
        chosen = []  # (lines, size) of the rules fitted
        for art_h in arts if name_lines and type_words else ():  # a smaller picture before no words
            text_box = _text_box(band, inner, art_h, unit)
            yield
            quill = _quill_room(text_box, inner, unit) if is_custom(card) else (0, 0)
            blocks, flavour = yield from self._fit_rules_steps(card, text_box, unit, quill, in_play, chosen=chosen)
            if blocks is not None:
                break
        scale = self._word_scale(width, in_play)
        if blocks is not None and scale > 1.0:  # a full hand's words at the UI scale, as far as they fit
            larger_arts = [h for h in arts if h >= min(art_h, ARTS_H[1])]  # a picture no smaller than at 100 % (or 40)
            larger = yield from self._larger_rules_steps(card, band, inner, unit, chosen[-1], scale, larger_arts)
            if larger is not None:
                art_h, text_box, blocks, flavour = larger
        if blocks is None and in_play and width >= FULL_FACE_W:  # (a long custom card) its words without the picture
            if (yield from self._text_form_steps(s, card, inner, unit)):
                return s
        yield
        beside_quill = blocks is None and is_custom(card)
        if blocks is None:  # compact: the illustration takes the room of the text
            text_box = None
            if beside_quill:  # the type line ends at the quill's disc in the corner
                type_words = self._type_words(card, _type_text_width(inner.w, unit, True), unit)
            if not name_lines:  # no rules below: a long name may take half the face
                name_lines = yield from self._name_lines_steps(card, band, unit, room=round(inner.h * COMPACT_NAME_ROOM))
                band.h = max(band.h, len(name_lines) * self.fonts.get("title", self._least(unit)).get_linesize()
                             + round(6 * unit))
            art_bottom = inner.bottom - round(30 * unit)
        else:
            art_bottom = band.bottom + round(art_h * unit)
        self._draw_name_band(s, card, band, name_lines, unit)
        art = pygame.Rect(inner.x, band.bottom, inner.w, max(0, art_bottom - band.bottom))
        if art.h:  # (no picture: the rules' words need its room)
            self._draw_art(s, card, art, frame, unit)
        yield
        type_rect = pygame.Rect(inner.x, art.bottom, inner.w, round(26 * unit))
        type_font = yield from self._type_font_steps(type_rect, type_words, unit, beside_quill)
        yield
        self._draw_type_line(s, card, type_rect, type_words, type_font, frame, unit)  # no words fit: the icon alone
        if blocks is not None:
            self._draw_rules(s, blocks, flavour, text_box, unit)
        if style.current().colour_cues and art.h:  # (the badges lie on the picture)
            cues.draw_card_badges(s, card, art, unit)
        if is_custom(card):
            self._draw_custom_mark(s, inner, unit)
        return s

    def _text_form_steps(self, s: pygame.Surface, card: CardDef, inner: pygame.Rect, unit: float):
        """The text form of a card in play too narrow for its full face, drawn on `s` inside its
        frame: no picture and no type line (the frame's colour and the type's icon before the name
        tell the type), the name in one line (two for a long one when the rules leave room, else
        shortened) and the rules that still matter in play below, long words broken with a hyphen:
        larger while they stay in the upper part (TEXT_FORM_UPPER), else at MIN_TEXT or more in all
        the room. False (nothing drawn) when even so the rules do not fit."""
        frame_edge = round(14 * unit) // 2 - max(3, round(4 * unit))  # a narrower frame: more room for words
        inner = inner.inflate(2 * max(0, frame_edge), 2 * max(0, frame_edge))
        pad = max(2, round(3 * unit))
        font = self.fonts.get("title", self._least(unit))
        icon_w = font.get_height() - 2
        name_w = inner.w - icon_w - 3 * pad
        for name_lines in self._text_form_names(card, name_w, unit):
            band = pygame.Rect(inner.x, inner.y, inner.w, sum(f.get_linesize() for f, _ in name_lines) + pad)
            box = pygame.Rect(inner.x + pad, band.bottom + pad, inner.w - 2 * pad, inner.bottom - band.bottom - 2 * pad)
            quill = _quill_room(box, inner, unit) if is_custom(card) else (0, 0)
            upper = pygame.Rect(box.x, box.y, box.w, round(box.h * TEXT_FORM_UPPER))
            how = {"in_play": True, "keep_flavour": False, "breaking": True, "spent_first": True}
            blocks, _flavour = yield from self._fit_rules_steps(card, upper, unit, (0, 0), largest=TEXT_FORM_LARGEST, **how)
            if blocks is None:  # all the room, at the smallest sizes
                blocks, _flavour = yield from self._fit_rules_steps(card, box, unit, quill, **how)
            if blocks is None:
                continue
            yield
            radius = max(2, round(6 * unit))
            pygame.draw.rect(s, theme.PARCHMENT, inner, border_radius=radius)
            pygame.draw.rect(s, theme.PARCHMENT_DARK, band, border_top_left_radius=radius, border_top_right_radius=radius)
            icon = pygame.Rect(band.x + pad, band.y + (band.h - icon_w) // 2, icon_w, icon_w)
            draw_icon(s, theme.TYPE_ICON.get(card.type, ""), icon, theme.INK_SOFT)
            y = band.y + pad // 2
            for line_font, line in name_lines:
                s.blit(line_font.render(line, True, theme.INK), (icon.right + pad, y))
                y += line_font.get_linesize()
            self._draw_rules(s, blocks, [], box, unit)
            if is_custom(card):
                self._draw_custom_mark(s, inner, unit)
            return True
        return False

    def _text_form_names(self, card: CardDef, width: int, unit: float) -> list:
        """The forms the text form's name may take, best first: one line (at MIN_TEXT or more), two
        lines (a long word broken with a hyphen), one line shortened with "…"."""
        least = self._least(unit)
        font = fit_font(self.fonts, "title", card.name, width, max(least, round(16 * unit)), least)
        if font.size(card.name)[0] <= width:
            return [[(font, card.name)]]
        forms = []
        lines = wrap_breaking(font, card.name, width)
        if len(lines) == 2 and all(font.size(line)[0] <= width for line in lines):
            forms.append([(font, line) for line in lines])
        short = card.name
        while len(short) > 1 and font.size(short.rstrip(" -") + "…")[0] > width:
            short = short[:-1]
        forms.append([(font, short.rstrip(" -") + "…")])
        return forms

    def _draw_frame(self, s: pygame.Surface, card: CardDef, unit: float, frame) -> pygame.Rect:
        rect = s.get_rect()
        radius = corner_radius(s.get_width())
        pygame.draw.rect(s, frame, rect, border_radius=radius)
        if is_custom(card):  # a card the player made: a silver frame, never a printed card's
            pygame.draw.rect(s, CUSTOM_EDGE, rect, max(2, round(5 * unit)), border_radius=radius)
        pygame.draw.rect(s, theme.INK, rect, max(1, round(2 * unit)), border_radius=radius)
        inner = rect.inflate(-round(14 * unit), -round(14 * unit))
        pygame.draw.rect(s, theme.PARCHMENT, inner, border_radius=max(2, radius - 4))
        return inner

    def _name_lines_steps(self, card: CardDef, band: pygame.Rect, unit: float, room: int = 0):
        """The name beside the cost gem at MIN_TEXT or more: in one line, or two, or (a long name: a
        German compound is broken with a hyphen) in as many as `room` pixels of height hold, at
        least two; [] if it cannot. (A generator that returns them: a step a size tried.)"""
        width = band.w - max(2 * GEM_MIN_R + 6, round(44 * unit))
        least = self._least(unit)
        font = yield from fit_font_steps(self.fonts, "title", card.name, width, max(least, round(18 * unit)), least)
        if font.size(card.name)[0] <= width:
            return [(font, card.name)]
        font = self.fonts.get("title", least)
        lines = wrap(font, card.name, width)
        if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines):
            return [(font, line) for line in lines]
        lines = wrap_breaking(font, card.name, width)
        if len(lines) <= max(2, room // font.get_linesize()) and all(font.size(line)[0] <= width for line in lines):
            return [(font, line) for line in lines]
        return []

    def _draw_name_band(self, s, card: CardDef, band: pygame.Rect, lines, unit: float) -> None:
        radius = max(2, round(6 * unit))
        pygame.draw.rect(s, theme.PARCHMENT_DARK, band, border_top_left_radius=radius, border_top_right_radius=radius)
        gem_r = max(GEM_MIN_R, round(15 * unit))  # its number is never below MIN_TEXT
        gem_c = (band.x + gem_r + round(4 * unit), band.y + max(gem_r + 2, round(18 * unit)))
        self._draw_cost_gem(s, card, gem_c, gem_r)
        left = gem_c[0] + gem_r + round(5 * unit)
        height = sum(font.get_linesize() for font, _ in lines)
        y = band.centery - height // 2
        for font, line in lines:
            image = font.render(line, True, theme.INK)
            s.blit(image, (left, y))
            y += font.get_linesize()

    def _least(self, unit: float) -> int:
        """The smallest text on a face: MIN_TEXT on screen; in print, in proportion to the card (as
        on a table card, 190 px wide, no smaller: 10 pt in print)."""
        return max(MIN_TEXT, round(11 * unit)) if self.for_print else MIN_TEXT

    def _type_words(self, card: CardDef, width: int, unit: float = 1.0) -> list[str]:
        """The type line's words, the longest form that fits at MIN_TEXT: type, level and side."""
        level = ROMAN.get(card.level, card.level) if card.is_interference else None
        forms = [card.type_name]
        if card.is_interference:
            forms = [_("{type} · level {level} · {side}").format(type=card.type_name, level=level,
                                                                 side=_(card.side.title())),
                     _("{type} · {level} · {side}").format(type=card.type_name, level=level, side=_(card.side.title())),
                     f"{card.type_name} {level}", card.type_name]
        if is_custom(card):
            forms = [_("{words} · custom").format(words=f) for f in forms] + forms
        font = self.fonts.get("italic", self._least(unit))
        for words in forms:
            if font.size(words)[0] <= width:
                return [words]
        return []

    def _type_font_steps(self, rect: pygame.Rect, words: list[str], unit: float, beside_quill: bool):
        """The type line's font (a generator that returns it, a step a size tried), None without words."""
        if not words:
            return None
        return (yield from fit_font_steps(self.fonts, "italic", words[0], _type_text_width(rect.w, unit, beside_quill),
                                          max(self._least(unit), round(16 * unit)), self._least(unit)))

    def _draw_type_line(self, s, card: CardDef, rect: pygame.Rect, words: list[str], font, frame,
                        unit: float) -> None:
        pygame.draw.line(s, frame, rect.bottomleft, rect.bottomright, max(1, round(2 * unit)))
        icon = pygame.Rect(rect.x + round(4 * unit), rect.centery - round(9 * unit), round(18 * unit), round(18 * unit))
        draw_icon(s, theme.TYPE_ICON.get(card.type, ""), icon, theme.INK_SOFT)
        if not words:
            return
        text = words[0]
        image = font.render(text, True, theme.INK_SOFT)
        s.blit(image, image.get_rect(midleft=(icon.right + round(5 * unit), rect.centery)))

    def _draw_art(self, s, card: CardDef, art: pygame.Rect, frame, unit: float) -> None:
        """The illustration on a ground that tells the type (frame colour) and, for interference,
        the side: a pale gold glow for the Church, embers for Hell."""
        pygame.draw.rect(s, frame, art)
        glow_colour = SIDE_GLOW.get(card.side if card.is_interference else "", None)
        glow_colour = glow_colour or [round(a + (b - a) * 0.35) for a, b in zip(frame, theme.PARCHMENT)]
        for i in range(5, 0, -1):
            k = i / 5
            colour = [round(a + (b - a) * (1 - k)) for a, b in zip(frame, glow_colour)]
            ellipse = pygame.Rect(0, 0, art.w * (0.35 + 0.65 * k), art.h * (0.45 + 0.55 * k))
            ellipse.center = art.center
            pygame.draw.ellipse(s, colour, ellipse)
        name = art_name(card)
        size = max(8, min(art.w, art.h) - round(10 * unit))
        image = ART.image(name, size, theme.INK) if name else None
        if image is None:
            draw_icon(s, card.icon, art.inflate(-round(14 * unit), -round(14 * unit)), theme.INK)
            return
        shade = ART.image(name, size, theme.PARCHMENT)
        spot = image.get_rect(center=art.center)
        if shade is not None:
            s.blit(shade, spot.move(max(1, round(unit)), max(1, round(unit))))
        s.blit(image, spot)

    def _draw_custom_mark(self, s, inner: pygame.Rect, unit: float) -> None:
        """A quill in a silver disc at the corner: a card the player wrote."""
        r = round(13 * unit)
        centre = (inner.right - r - round(3 * unit), inner.bottom - r - round(3 * unit))
        pygame.draw.circle(s, CUSTOM_EDGE, centre, r)
        pygame.draw.circle(s, theme.INK, centre, r, max(1, round(unit)))
        quill = ART.image("scroll-quill", max(8, round(r * 1.5)), theme.INK)
        if quill is not None:
            s.blit(quill, quill.get_rect(center=centre))

    def _draw_cost_gem(self, s: pygame.Surface, card: CardDef, centre, r: int) -> None:
        pygame.draw.circle(s, theme.INK, centre, r)
        pygame.draw.circle(s, theme.GOLD, centre, r, max(1, r // 7))
        if card.cost is None:  # special cost: a star, and the text box spells the cost out
            draw_icon(s, "pentacle", pygame.Rect(centre[0] - r * .7, centre[1] - r * .7, r * 1.4, r * 1.4),
                      theme.GOLD, max(1, r // 8))
            return
        font = self.fonts.get("bold", max(MIN_TEXT, round(r * 1.5)))
        digits = font.render(str(card.cost), True, theme.PARCHMENT)
        s.blit(digits, digits.get_rect(center=(centre[0], centre[1] + 1)))

    def _larger_rules_steps(self, card: CardDef, band: pygame.Rect, inner: pygame.Rect, unit: float, chosen,
                            scale: float, arts):
        """(picture's height, text box, blocks, flavour) of the rules `chosen` ((lines, size)) drawn
        larger: at their size × `scale`, else a pixel smaller at a time down to a pixel more than their
        size, each with the largest picture of `arts` that lets them fit; None when none fits."""
        lines, size = chosen
        for larger in range(round(size * scale), size, -1):
            fits = None
            for art_h in sorted(arts):  # the smallest picture first: when the rules do not fit beside it, none does
                box = _text_box(band, inner, art_h, unit)
                yield
                quill = _quill_room(box, inner, unit) if is_custom(card) else (0, 0)
                blocks, flavour = yield from self._fit_rules_steps(card, box, unit, quill, form=lines,
                                                                   sizes=range(larger, larger - 1, -1))
                if blocks is None:
                    break
                fits = art_h, box, blocks, flavour
            if fits is not None:
                return fits
        return None

    def _fit_rules(self, card: CardDef, box: pygame.Rect, unit: float, quill: tuple[int, int] = (0, 0)):
        """(blocks, flavour lines) at the largest size from 17/200 of the width down to MIN_TEXT at
        which the rules fit; the flavour keeps MIN_TEXT and is left off (the large view shows it)
        when there is no room. (None, []) when the rules themselves do not fit."""
        return _finish(self._fit_rules_steps(card, box, unit, quill))

    def _fit_rules_steps(self, card: CardDef, box: pygame.Rect, unit: float, quill: tuple[int, int] = (0, 0),
                         in_play: bool = False, keep_flavour: bool = True, breaking: bool = False,
                         largest: int = 17, spent_first: bool = False, sizes: range | None = None,
                         form: list[str] | None = None, chosen: list | None = None):
        """`_fit_rules` as steps (one size tried per step). `quill`: (width, height) of the box's
        bottom right corner that the quill's disc of a custom card covers: the rules end above it,
        the flavour (centred, at the bottom) is wrapped narrow enough to pass beside it. `keep_flavour`
        False: never the flavour; `breaking`: a word wider than the box is broken with a hyphen,
        and the rules do not fit when a piece is still too wide; `largest`: the largest size tried
        (for a 200 px card); `spent_first`: a card in play tries its rules without what is spent
        first (else only when the full rules do not fit); `sizes`: the rules' sizes tried, largest
        first (instead of `largest` down to the least); `form`: those rules' lines only; `chosen`:
        gets (lines, size) of the rules that fit."""
        if box.h <= 0 or box.w <= 0:
            return None, []
        forms = [card_text_lines(card)] + [short for short in [card_short_lines(card)] if short]
        if in_play:  # then without what is spent once it is in play
            play_lines = [lines for lines in [card_play_lines(card)] if lines]
            forms = play_lines + forms if spent_first else forms + play_lines
        least = self._least(unit)
        flavour_font = self.fonts.get("italic", least)
        flavour_w = box.w - 2 * quill[0]
        flavour = [(flavour_font, line) for line in wrap(flavour_font, card.flavour, flavour_w)] \
            if card.flavour and flavour_w > 0 and keep_flavour else []
        flavour_h = len(flavour) * flavour_font.get_linesize() + round(4 * unit) if flavour else 0
        if sizes is None:
            sizes = range(max(least, round(largest * unit)), least - 1, -1)
        if form is not None:
            forms = [form]
        for lines in forms:  # the full rules, then a shorter form (if the card has one)
            for with_flavour in (True, False) if flavour else (False,):
                for size in sizes:  # measured at each size, drawn only at the one that fits
                    blocks = self._layout_rules(lines, box.w, size, unit, draw=False, breaking=breaking)
                    used = sum(h for _, _, h in blocks) + max(flavour_h if with_flavour else 0, quill[1]) \
                        if blocks is not None else box.h + 1
                    if used <= box.h:
                        if chosen is not None:
                            chosen.append((lines, size))
                        return (self._layout_rules(lines, box.w, size, unit, breaking=breaking),
                                (flavour if with_flavour else []))
                    yield
        return None, []

    def _draw_rules(self, s: pygame.Surface, blocks, flavour, box: pygame.Rect, unit: float) -> None:
        y = box.y
        for kind, rendered, h in blocks:
            if kind == "action":
                band = pygame.Rect(box.x - round(3 * unit), y - round(1 * unit), box.w + round(6 * unit),
                                   h - round(3 * unit))
                pygame.draw.rect(s, theme.PARCHMENT_DARK, band, border_radius=max(2, round(4 * unit)))
            ly = y
            for image in rendered:
                s.blit(image, (box.x + (round(14 * unit) if kind == "dagger" else 0), ly))
                ly += image.get_height()
            if kind == "dagger":
                draw_icon(s, "dagger", pygame.Rect(box.x - round(2 * unit), y, round(14 * unit),
                                                   rendered[0].get_height()), theme.BLOOD)
            y += h
        fy = box.bottom - sum(font.get_linesize() for font, _ in flavour)
        for font, line in flavour:
            image = font.render(line, True, theme.INK_SOFT)
            s.blit(image, image.get_rect(midtop=(box.centerx, fy)))
            fy += font.get_linesize()

    def _layout_rules(self, lines: list[str], width: int, size: int, unit: float, draw: bool = True,
                      breaking: bool = False):
        """[(kind, [line surfaces], height)] for the rules text at one font size (`draw` False: the
        lines' words instead of their surfaces, the same heights). `breaking`: long words broken
        with a hyphen (`wrap_breaking`); None when a piece is still wider than the box."""
        blocks = []
        gap = round(5 * unit)
        for line in lines:
            if line.startswith("†"):
                kind, role, text, w = "dagger", "body", line[1:].strip(), width - round(14 * unit)
            elif "→" in line:
                kind, role, text, w = "action", "body", line, width
            else:
                kind, role, text, w = "ongoing", "italic", line, width
            font = self.fonts.get(role, size)
            colour = theme.BLOOD if kind == "dagger" else theme.INK
            parts = wrap_breaking(font, text, w) if breaking else wrap(font, text, w)
            if breaking and any(font.size(part)[0] > w for part in parts):
                return None
            if not draw:
                blocks.append((kind, parts, sum(font.size(part)[1] for part in parts) + gap))
                continue
            rendered = [font.render(part, True, colour) for part in parts]
            blocks.append((kind, rendered, sum(r.get_height() for r in rendered) + gap))
        return blocks


def _quill_room(box: pygame.Rect, inner: pygame.Rect, unit: float) -> tuple[int, int]:
    """(width, height) of the text box's bottom right corner under the quill's disc (and a gap)."""
    r, gap = round(13 * unit), max(2, round(3 * unit))
    disc = pygame.Rect(inner.right - 2 * r - round(3 * unit), inner.bottom - 2 * r - round(3 * unit), 2 * r, 2 * r)
    return max(0, box.right - disc.left + gap), max(0, box.bottom - disc.top + gap)


def _text_box(band: pygame.Rect, inner: pygame.Rect, art_h: int, unit: float) -> pygame.Rect:
    """Where the rules lie under a picture `art_h` high (for a 200 px card) and the type line."""
    text_top = band.bottom + round(art_h * unit) + round(26 * unit)
    return pygame.Rect(inner.x + round(6 * unit), text_top + round(5 * unit),
                       inner.w - round(12 * unit), inner.bottom - text_top - round(9 * unit))


def _finish(steps):
    """Runs a generator of drawing steps to its end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
