"""The board: the table under the cards, panel by panel. Each panel is an object that says what it
shows now — its look, every value it draws — and paints from that look alone; the board layer
paints a panel again only when its look changed. A value a panel draws cannot be left out of the
signature: it is not in the look, so the panel cannot draw it."""

from __future__ import annotations

import dataclasses
from functools import partial
from types import SimpleNamespace

import pygame

from aleph_null_desktop.engine import Summon
from aleph_null_desktop.i18n import N_, _, current_language
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.layer import Part
from aleph_null_desktop.ui.render.text import blit_text, render
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.widgets.button import key_badge


class Panel:
    """`look(moment)`: every value the panel draws (hashable); `region(look)`: where it paints;
    `paint(surface, look)`: draws from the look and the board's fixed means (fonts, rectangles)."""

    name = ""

    def __init__(self, board: "Board") -> None:
        self.board = board

    def look(self, moment):
        raise NotImplementedError

    def region(self, look) -> pygame.Rect:
        raise NotImplementedError

    def paint(self, surface: pygame.Surface, look) -> None:
        raise NotImplementedError

    def part(self, moment) -> Part:
        look = self.look(moment)
        return Part(self.name, self.region(look), look, partial(self.paint, look=look))


class GrimoirePanel(Panel):
    name = "grimoire"

    def look(self, m):
        game = self.board.game
        hot = bool(game.tokens) and self.board.rects["tokens"].collidepoint(m.mouse) and m.modal is None \
            and game.outcome is None
        return game.hour, game.last_hour, game.tokens, game.outcome is None, hot

    def region(self, look):
        return self.board.rects["grimoire"].union(self.board.rects["tokens"])

    def paint(self, surface, look):
        hour, last_hour, tokens, playing, hot = look
        seen = SimpleNamespace(hour=hour, last_hour=last_hour, tokens=tokens, outcome=None if playing else True)
        r = self.board.rects
        panels.draw_grimoire(surface, self.board.fonts, r["grimoire"], r["tokens"], seen, 0, hot)


class PowerPanel(Panel):
    """The power counter's frame (its ticking value is drawn over the board: TablePainter)."""

    name = "power"

    def look(self, m):
        return bool(m.drops.get("power")), _("virtual power")

    def region(self, look):
        return self.board.rects["power"]

    def paint(self, surface, look):
        glowing, label = look
        panels.draw_counter(surface, self.board.fonts, self.board.rects["power"], "flame", "", label, theme.POWER,
                            1.0 if glowing else 0)


class DamagePanel(Panel):
    name = "damage"

    def look(self, m):
        return self.board.game.damage

    def region(self, look):
        return self.board.rects["damage"]

    def paint(self, surface, look):
        panels.draw_damage(surface, self.board.fonts, self.board.rects["damage"], look, 0)


class PilePanel(Panel):
    """A pile (deck, discard, sacrifice): its top card, its count, and while a card is held over
    the table whether it may be dropped there."""

    VERBS = {"discard": N_("scrap"), "sacrifice": N_("sacrifice")}

    def __init__(self, board, name: str, zone: str, title: str, face_up: bool, hint: str) -> None:
        super().__init__(board)
        self.name, self.zone, self.title, self.face_up, self.hint = name, zone, title, face_up, hint

    def look(self, m):
        cards = self.board.game.zone(self.zone)
        return (len(cards), cards[-1].card_id if cards else None, _(self.title), _(self.hint) if self.hint else "",
                m.drops.get(self.name), m.over == self.name)

    def region(self, look):
        rect = self.board.rects[self.name]
        return rect.inflate(16, 16).union(pygame.Rect(rect.centerx - 110, rect.bottom, 220, 26))

    def paint(self, surface, look):
        count, top, title, hint, drop, over = look
        cards = [None] * (count - 1) + [SimpleNamespace(card_id=top)] if count else []
        board, rect = self.board, self.board.rects[self.name]
        panels.draw_pile(surface, board.fonts, board.renderer, rect, title, cards, self.face_up, 0, hint)
        if drop is None:
            return
        ring = rect.inflate(12, 12)
        colour = theme.GLOW_LEGAL if drop else theme.DISABLED
        if drop and over:
            surface.blit(board.tint(ring.size, 70), ring)
        pygame.draw.rect(surface, colour, ring, 5 if drop else 2, border_radius=12)
        label = (_("drop: {verb}") if drop else _("{verb}: not now")).format(verb=_(self.VERBS[self.name]))
        tag = render(board.fonts.get("bold", 18), label, theme.INK)
        box = tag.get_rect(center=(ring.centerx, ring.centery + 20)).inflate(12, 6)
        pygame.draw.rect(surface, colour, box, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))


class SetAsidePanel(Panel):
    name = "set_aside"

    def look(self, m):
        game = self.board.game
        return tuple(c.card_id for c in game.zone("set_aside")), game.hour

    def region(self, look):
        rect = self.board.rects["set_aside"]
        return rect.inflate(16, 16).union(pygame.Rect(rect.x - 8, rect.bottom, rect.w + 16,
                                                      panels.SET_ASIDE_CAPTION_H + 2))

    def paint(self, surface, look):
        ids, hour = look
        cards = [SimpleNamespace(card_id=card_id) for card_id in ids]
        seen = SimpleNamespace(hour=hour, cards=self.board.game.cards, zone=lambda name: cards)
        board = self.board
        panels.draw_set_aside(surface, board.fonts, board.renderer, board.rects["set_aside"], seen, board.circle_id)


class KeysPanel(Panel):
    name = "keys"

    def look(self, m):
        return prompts.pad_in_use()

    def region(self, look):
        return self.board.rects["keys"]

    def paint(self, surface, look):
        panels.draw_keys(surface, self.board.fonts, self.board.rects["keys"])  # the pad's or the keyboard's


class LogBoardPanel(Panel):
    """The log: keyed on how many lines it shows (of those it was given) and how far it is scrolled back."""

    name = "log"

    def look(self, m):
        log = self.board.log
        return log.added - log.hidden(), log.scroll, _("What happened")

    def region(self, look):
        return self.board.rects["log"]

    def paint(self, surface, look):
        self.board.log.draw(surface, self.board.fonts, self.board.rects["log"], look[2])


class ZonePanel(Panel):
    """The play area or the hand: its outline, glowing while a held card may land in it, or saying
    why it may not."""

    def __init__(self, board, name: str) -> None:
        super().__init__(board)
        self.name = name

    def look(self, m):
        legal = m.drops.get(self.name)
        game = self.board.game
        if legal:
            words = "" if self.name != "play" else _("A: summon here") if m.carried else _("release here to summon")
        elif legal is False:
            reason = game.explain(Summon(m.drag["uid"])) if m.drag and "uid" in m.drag else ""
            words = _("Cannot summon now: {reason}").format(reason=reason)
        else:
            words = ""
        if self.name != "play":
            return legal, words, "", ""
        empty = _("Drag a card from your hand here to summon it") if not game.zone("play") else ""
        return legal, words, _("In play"), empty

    def region(self, look):
        return self.board.rects[self.name]

    def paint(self, surface, look):
        legal, words, title, empty = look
        board, rect = self.board, self.board.rects[self.name]
        if legal:
            surface.blit(board.tint(rect.size, 28), rect)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, rect, 4, border_radius=14)
            blit_text(surface, board.fonts.get("title", 24), words.upper(), theme.GLOW_LEGAL,
                      (rect.centerx, rect.bottom - 40), "midtop")
        elif legal is False:
            pygame.draw.rect(surface, theme.DISABLED, rect, 2, border_radius=14)
            blit_text(surface, board.fonts.get("italic", 22), words, theme.WARN, (rect.centerx, rect.bottom - 40),
                      "midtop")
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=14)
        board.draw_zone_title(surface, self.name, title)
        if empty:
            blit_text(surface, board.fonts.get("italic", 24), empty, theme.TEXT_DIM, rect.center, "center")


class HandTitlePanel(Panel):
    """"Hand (n of size)": a panel of its own, so a summon does not paint the whole hand's area."""

    name = "hand:title"

    def look(self, m):
        game = self.board.game
        return _("Hand ({n} of {size})").format(n=len(game.zone("hand")), size=game.hand_size)

    def region(self, look):
        return self.board.zone_title_rect("hand", look)

    def paint(self, surface, look):
        self.board.draw_zone_title(surface, "hand", look)


class ButtonPanel(Panel):
    """A table button as its state is now (TableScene keeps it in step with the presenter)."""

    def __init__(self, board, name: str, button) -> None:
        super().__init__(board)
        self.name, self.button = f"button:{name}", button
        self.end_turn = name == "end_turn"

    def look(self, m):
        b = self.button
        cost = self.end_turn and b.enabled and bool(self.board.presenter.end_cost)
        return b.label, b.enabled, b.hot, b.detail, b.key_hint, tuple(b.rect), cost

    def region(self, look):
        return pygame.Rect(look[5]).inflate(4, 4)

    def paint(self, surface, look):
        label, enabled, hot, detail, key_hint, rect, cost = look
        button = dataclasses.replace(self.button, rect=pygame.Rect(rect), label=label, enabled=enabled, hot=hot,
                                     detail=detail, key_hint=key_hint)
        button.draw(surface, self.board.fonts, size=36 if self.end_turn else 20)
        if cost:  # in the corner facing the key's badge: the words keep clear of both
            badge = key_badge(self.board.fonts, key_hint)
            side = round(1.3 * badge.get_height()) if badge is not None else 28
            draw_icon(surface, "damage", pygame.Rect(button.rect.x + 8, button.rect.y + 4, side, side), theme.WARN)


class PromptPanel(Panel):
    """The bar between play and hand: the hint, the open decision's question, a message, or a
    standing warning; with "Choose none" at its right when a choice on the table may be declined."""

    name = "prompt"

    def look(self, m):
        board, presenter, game = self.board, self.board.presenter, self.board.game
        hint = board.hint_text()
        none = presenter.none_offered()
        reserve = board.none_button.rect.w + 16 if none else 0
        nb = board.none_button
        chooser = (nb.label, nb.hot) if none else None
        pending = game.pending
        if hint and not m.message:
            return hint, False, True, reserve, chooser
        if pending is not None and presenter.target_options() is not None:
            return pending.prompt + "  " + _("(click a glowing card)"), False, True, reserve, chooser
        if m.message:
            return m.message, m.warn, False, 0, None
        if game.interference_in_hand():
            return (_("Interference in your hand must be summoned first: raise power, then drag it into play."),
                    True, False, 0, None)
        return presenter.hour_warning(), True, False, 0, None

    def region(self, look):
        return self.board.rects["prompt"]

    def paint(self, surface, look):
        text, warn, question, reserve, chooser = look
        board = self.board
        panels.draw_prompt(surface, board.fonts, board.rects["prompt"], text, warn, question, reserve)
        if chooser is not None:
            label, hot = chooser
            button = dataclasses.replace(board.none_button, label=label, hot=hot)
            button.draw(surface, board.fonts, size=20, role="body")


class Board:
    """The board's panels and the fixed means they paint with. `parts(moment)`: each panel's
    part (name, region, look, paint) for the board layer (ui.render.layer.PanelLayer)."""

    def __init__(self, presenter, fonts, renderer, rects, *, log, buttons, none_button, hint_text, tints,
                 circle_id: str) -> None:
        self.presenter, self.fonts, self.renderer, self.rects = presenter, fonts, renderer, rects
        self.log, self.none_button, self.hint_text, self.tints = log, none_button, hint_text, tints
        self.circle_id = circle_id
        prompt = rects["prompt"]
        none_button.rect.midright = (prompt.right - 8, prompt.centery)
        self.panels: list[Panel] = [
            GrimoirePanel(self), PowerPanel(self), DamagePanel(self),
            PilePanel(self, "deck", "deck", N_("Deck"), False, ""),
            PilePanel(self, "discard", "discard", N_("Discard"), True, N_("click to look")),
            PilePanel(self, "sacrifice", "sacrificed", N_("Sacrificed"), True, N_("click to look")),
            SetAsidePanel(self), KeysPanel(self), LogBoardPanel(self), ZonePanel(self, "play"),
            ZonePanel(self, "hand"), HandTitlePanel(self),
            *(ButtonPanel(self, name, button) for name, button in buttons.items()),
            PromptPanel(self),
        ]

    @property
    def game(self):
        return self.presenter.game

    @staticmethod
    def whole(settings, background) -> tuple:
        """What every panel shows alike: when it changes, the whole board is painted again."""
        return id(settings), current_language(), style.current(), id(background)

    def parts(self, moment) -> list[Part]:
        return [panel.part(moment) for panel in self.panels]

    def tint(self, size, alpha: int) -> pygame.Surface:
        """A translucent candle-glow rectangle, made once per size."""
        key = (tuple(size), alpha)
        tint = self.tints.get(key)
        if tint is None:
            tint = self.tints[key] = pygame.Surface(size, pygame.SRCALPHA)
            tint.fill((*theme.GLOW_LEGAL, alpha))
        return tint

    def zone_title_rect(self, name: str, title: str) -> pygame.Rect:
        rect = self.rects[name]
        return render(self.fonts.get("title", 17), title, theme.TEXT_DIM).get_rect(topleft=(rect.x + 14, rect.y + 6))

    def draw_zone_title(self, surface, name: str, title: str) -> None:
        blit_text(surface, self.fonts.get("title", 17), title, theme.TEXT_DIM, self.zone_title_rect(name, title))
