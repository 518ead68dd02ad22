"""Draws cards from their data: frame by type, name, cost gem, icon, type line, rules text with
action rows (cost → effect) and the † line. Surfaces are cached per (card, width, language)."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine.cards import ROMAN, CardDef
from aleph_null_desktop.engine.text import card_text_lines
from aleph_null_desktop.i18n import current_language
from aleph_null_desktop.ui import cues, style, theme
from aleph_null_desktop.ui.icons import draw_icon
from aleph_null_desktop.ui.text import fit_font, wrap


def card_size(width: int) -> tuple[int, int]:
    return (width, round(width * theme.CARD_RATIO))


class CardRenderer:
    def __init__(self, cards, fonts) -> None:
        self.cards = cards  # the game's CardSet: card_id -> CardDef
        self.fonts = fonts.unscaled()  # card text follows the card's width, already at the UI scale
        self._faces: dict[tuple, pygame.Surface] = {}
        self._backs: dict[tuple, pygame.Surface] = {}

    def face(self, card_id: str, width: int) -> pygame.Surface:
        key = (card_id, width, current_language(), style.current())  # contrast and cues redraw the face
        surface = self._faces.get(key)
        if surface is None:
            surface = self._draw_face(self.cards[card_id], width)
            self._faces[key] = surface
        return surface

    def back(self, width: int) -> pygame.Surface:
        key = (width, style.current())
        surface = self._backs.get(key)
        if surface is None:
            surface = self._draw_back(width)
            self._backs[key] = surface
        return surface

    # ------------------------------------------------------------------ drawing
    def _new_surface(self, width: int) -> pygame.Surface:
        surface = pygame.Surface(card_size(width), pygame.SRCALPHA)
        return surface.convert_alpha() if pygame.display.get_surface() else surface

    def _draw_back(self, width: int) -> pygame.Surface:
        s = self._new_surface(width)
        rect = s.get_rect()
        radius = max(4, width // 18)
        pygame.draw.rect(s, (46, 22, 26), rect, border_radius=radius)
        pygame.draw.rect(s, theme.GOLD, rect.inflate(-width // 14, -width // 14), 2, border_radius=radius)
        icon = pygame.Rect(0, 0, width * 0.6, width * 0.6)
        icon.center = rect.center
        draw_icon(s, "pentacle", icon, theme.GOLD)
        font = fit_font(self.fonts, "title", "ALEPH NULL", width - width // 5, max(8, width // 11))
        label = font.render("ALEPH NULL", True, theme.GOLD)
        s.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - width // 10)))
        return s

    def _draw_face(self, card: CardDef, width: int) -> pygame.Surface:
        s = self._new_surface(width)
        rect = s.get_rect()
        unit = width / 200  # every measure below is for a 200-pixel-wide card
        radius = max(4, round(10 * unit))
        frame = theme.TYPE_FRAME.get(card.type, theme.PANEL_EDGE)
        pygame.draw.rect(s, frame, rect, border_radius=radius)
        pygame.draw.rect(s, theme.INK, rect, max(1, round(2 * unit)), border_radius=radius)
        inner = rect.inflate(-round(14 * unit), -round(14 * unit))
        pygame.draw.rect(s, theme.PARCHMENT, inner, border_radius=max(2, radius - 4))

        # name band with the cost gem on the left
        band = pygame.Rect(inner.x, inner.y, inner.w, round(36 * unit))
        pygame.draw.rect(s, theme.PARCHMENT_DARK, band, border_top_left_radius=max(2, radius - 4),
                         border_top_right_radius=max(2, radius - 4))
        gem_r = round(15 * unit)
        gem_c = (band.x + gem_r + round(4 * unit), band.centery)
        self._draw_cost_gem(s, card, gem_c, gem_r)
        name_left = gem_c[0] + gem_r + round(5 * unit)
        name_w = band.right - name_left - round(4 * unit)
        name_font = fit_font(self.fonts, "title", card.name, name_w, round(17 * unit), max(8, round(9 * unit)))
        name = name_font.render(card.name, True, theme.INK)
        s.blit(name, name.get_rect(midleft=(name_left, band.centery)))

        # icon art
        art = pygame.Rect(inner.x, band.bottom, inner.w, round(58 * unit))
        pygame.draw.rect(s, frame, art)
        glow = pygame.Rect(0, 0, art.h * 1.6, art.h - 6 * unit)
        glow.center = art.center
        pygame.draw.ellipse(s, theme.PARCHMENT_DARK, glow)
        draw_icon(s, card.icon, art.inflate(-round(14 * unit), -round(14 * unit)), theme.INK)

        # type line: icon + words (+ level and side for interference)
        type_rect = pygame.Rect(inner.x, art.bottom, inner.w, round(24 * unit))
        pygame.draw.line(s, frame, type_rect.bottomleft, type_rect.bottomright, max(1, round(2 * unit)))
        type_icon = pygame.Rect(type_rect.x + round(4 * unit), type_rect.y + round(3 * unit),
                                round(18 * unit), round(18 * unit))
        draw_icon(s, theme.TYPE_ICON.get(card.type, ""), type_icon, theme.INK_SOFT)
        type_words = card.type_name
        if card.is_interference:
            type_words += f" · level {ROMAN.get(card.level, card.level)} · {card.side.title()}"
        type_font = fit_font(self.fonts, "italic", type_words, inner.w - type_icon.w - round(12 * unit),
                             round(15 * unit), max(7, round(9 * unit)))
        words = type_font.render(type_words, True, theme.INK_SOFT)
        s.blit(words, words.get_rect(midleft=(type_icon.right + round(5 * unit), type_rect.centery)))

        text_box = pygame.Rect(inner.x + round(6 * unit), type_rect.bottom + round(5 * unit),
                               inner.w - round(12 * unit), inner.bottom - type_rect.bottom - round(9 * unit))
        self._draw_rules(s, card, text_box, unit)
        if style.current().colour_cues:
            cues.draw_card_badges(s, card, art, unit)
        return s

    def _draw_cost_gem(self, s: pygame.Surface, card: CardDef, centre, r: int) -> None:
        pygame.draw.circle(s, theme.INK, centre, r)
        pygame.draw.circle(s, theme.GOLD, centre, r, max(1, r // 7))
        if card.cost is None:  # special cost: a star, and the text box spells the cost out
            draw_icon(s, "pentacle", pygame.Rect(centre[0] - r * .7, centre[1] - r * .7, r * 1.4, r * 1.4),
                      theme.GOLD, max(1, r // 8))
            return
        font = self.fonts.get("bold", round(r * 1.5))
        digits = font.render(str(card.cost), True, theme.PARCHMENT)
        s.blit(digits, digits.get_rect(center=(centre[0], centre[1] + 1)))

    def _draw_rules(self, s: pygame.Surface, card: CardDef, box: pygame.Rect, unit: float) -> None:
        lines = card_text_lines(card)
        flavour = card.flavour
        flavour_font = self.fonts.get("italic", max(7, round(12 * unit)))
        flavour_h = (len(wrap(flavour_font, flavour, box.w)) * flavour_font.get_linesize() + round(4 * unit)
                     if flavour else 0)
        # shrink the text until it fits the box (card text must never be cut off); the flavour
        # keeps its place while the rules stay readable (down to 13/16 of full size), and gives
        # way only after that
        blocks = None
        for size in range(round(16 * unit), round(13 * unit) - 1, -1):
            trial = self._layout_rules(lines, box.w, size, unit)
            if sum(h for _, _, h in trial) + flavour_h <= box.h:
                blocks = trial
                break
        if blocks is None:
            for size in range(round(16 * unit), max(6, round(8 * unit)) - 1, -1):
                blocks = self._layout_rules(lines, box.w, size, unit)
                used = sum(h for _, _, h in blocks)
                if used <= box.h:
                    break
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
        if flavour:
            font = flavour_font
            flavour_lines = wrap(font, flavour, box.w)
            height = len(flavour_lines) * font.get_linesize()
            if box.bottom - y >= height + round(4 * unit):
                fy = box.bottom - height
                for line in flavour_lines:
                    image = font.render(line, True, theme.INK_SOFT)
                    s.blit(image, image.get_rect(midtop=(box.centerx, fy)))
                    fy += font.get_linesize()

    def _layout_rules(self, lines: list[str], width: int, size: int, unit: float):
        """[(kind, [line surfaces], height)] for the rules text at one font size."""
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
            rendered = [font.render(part, True, colour) for part in wrap(font, text, w)]
            blocks.append((kind, rendered, sum(r.get_height() for r in rendered) + gap))
        return blocks
