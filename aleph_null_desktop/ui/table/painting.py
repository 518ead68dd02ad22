"""Drawing the table: the board layer (each panel redrawn only when its signature changed), the
cards lying still cached over it, what moves drawn over both, and the tips, prompt and marks.
A part of TableScene."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine import Summon
from aleph_null_desktop.i18n import N_, _, current_language
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.grimoire.scene import book_art
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.layer import Part, merged
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, render, wrap
from aleph_null_desktop.ui.render.veil import darken_around
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.arrange import HOVER_LIFT
from aleph_null_desktop.ui.table.card_tips import HOVER_SECONDS, draw_card_tip
from aleph_null_desktop.ui.table.face_warmer import BIG_W
from aleph_null_desktop.ui.table.wording import without_rule_numbers
from aleph_null_desktop.ui.widgets.button import Button



class TablePainting:
    # ------------------------------------------------------------------ drawing
    def _veil(self, size) -> pygame.Surface:
        """A dark translucent card-shaped veil over a card that cannot be used now."""
        key = ("veil", tuple(map(round, size)))
        veil = self._tints.get(key)
        if veil is None:
            veil = pygame.Surface(key[1], pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 6, 4, 150), veil.get_rect(), border_radius=max(4, round(size[0] / 20)))
            self._tints[key] = veil
        return veil

    def card_tip_shown(self) -> bool:
        uid = self.hover_uid
        return not (uid is None or uid not in self.sprites or self.hover_time < HOVER_SECONDS or self.drag
                    or self.modal is not None or self.big_uid is not None or self.alt_held)

    def _glossary_page(self) -> str:
        return book_art(self.app.fonts).chapter_spread("glossary")

    def _draw_card_tip(self, surface) -> None:
        """The hovered card read large, with why it cannot be used and the terms it uses."""
        if not self.card_tip_shown():
            return
        uid = self.hover_uid
        sprite = self.sprites[uid]
        anchor = pygame.FRect(sprite.rect).move(0, -HOVER_LIFT if self.game.zone_of(uid) == "hand" else 0)
        draw_card_tip(surface, self.app.fonts, self.renderer, self.game.cdef(uid), anchor,
                      self.presenter.unusable.get(uid), avoid=(self.rects["log"], self.rects["prompt"],
                                                                       self.motion.banner_area(self.rects["play"].center)))

    def pile_width(self) -> int:
        """The width of a pile's top card (every pile has the same)."""
        return panels.pile_card_rect(self.rects["discard"]).w

    def _draw_table(self, surface: pygame.Surface) -> None:
        self._sync_buttons()
        board_signature = self._board_signature()
        parts = self.board_parts()
        shown = None
        if self.app.stack.top is self and not self.app.error_time:
            shown = (board_signature, tuple(p.signature for p in parts), self._motion_signature(), id(surface))
            if self.modal is None and shown == self._shown:
                return  # nothing changed since the last frame, and nothing else drew over it
            if self.modal is not None and shown == self._under[0]:
                surface.blit(self._under[1], (0, 0))  # the table under the open panel, as it was
                self._over_last = None
                self.modal.draw(surface)
                self._shown = None
                return
        self._shown = shown if self.modal is None else None
        painted = self.board.update(surface.get_size(), board_signature, parts, self.background)
        circle = self.motion.circle[1] > 0  # BAPHOMET's circle turns under the cards it draws in
        if circle:
            surface.blit(self.board.surface, (0, 0))
            self._over_last = None
            self.still.invalidate()  # not kept up to date meanwhile: painted whole when used again
        else:  # the board and the cards lying still, cached together; what moves is drawn over them
            still = self.still.update(surface.get_size(), (board_signature, self.board.surface), self._still_parts(),
                                      self.board.surface, dirty=painted)
            over = self._over_rects() if shown is not None and self.modal is None else None
            last = self._over_last
            if over is not None and last is not None and last[0] == id(surface):
                for rect in merged([*last[1], *over, *still]):  # last frame's picture kept but where things moved
                    surface.blit(self.still.surface, rect, rect)
            else:
                surface.blit(self.still.surface, (0, 0))
            self._over_last = (id(surface), over) if over is not None else None
        self.grimoire.draw(surface)  # the page above the tokens, turning with the Hours
        self._draw_effects(surface)
        if circle:
            self._draw_zone_hint(surface)
            self.motion.draw_circle(surface, self.app.fonts)
            self._draw_cards(surface)
        else:
            self._draw_cards(surface, "moving")
        self.motion.draw_tokens(surface)
        self.motion.draw_banner(surface, self.app.fonts, self.rects["play"].center)
        if self.modal is None:
            self.focus.draw(surface)
            self._draw_disabled_reason(surface)
            self._draw_card_tip(surface)
        if self.modal is not None:
            if shown is not None and shown == self._under_last:  # settled: kept while the panel is open
                self._under = (shown, surface.copy())
            self._under_last = shown
            self.modal.draw(surface)
        else:
            self._under = (None, None)
        big = self.big_uid if self.big_uid is not None else (self.hover_uid if self.alt_held else None)
        if big is not None and big in self.sprites:
            self._draw_big(surface, big)
            self._over_last = None

    def _over_rects(self) -> list[pygame.Rect] | None:
        """Where the table draws over the cached picture of the board and the still cards this
        frame; None while something is shown whose extent is not known here (the whole picture is
        then blitted)."""
        if (self.grimoire.turning or self.motion.tokens or self.motion.banner[1] > 0 or self.focus.visible
                or self.disabled_tip() or self.card_tip_shown()):
            return None
        r = self.rects
        rects = [self.grimoire.rect.inflate(8, 8), r["power"].inflate(40, 40), r["damage"].inflate(30, 20),
                 r["tokens"].inflate(12, 12), r["deck"].inflate(20, 20)]  # the page and the effects
        targets, _unusable, hinted = self._card_marks()
        for uid, sprite in self.sprites.items():
            if self._still(uid):
                continue
            if uid in targets or uid == hinted:
                return None
            card = pygame.Rect(sprite.rect)
            rects.append(card.union(card.move(0, -HOVER_LIFT)).union(card.move(8, 14)).inflate(16, 16))
        rects += [pygame.Rect(sprite.rect).inflate(4, 4) for sprite, _card in self.ghosts]
        if self.drag and "uid" in self.drag and self.drag["uid"] in self.sprites:
            held = pygame.Rect(self._drag_rect(self.drag, self.sprites[self.drag["uid"]]))
            rects.append(held.union(held.move(14, 20)).inflate(4, 4))
        elif self.drag and "token" in self.drag:
            x, y = self.drag["pos"]
            rects.append(pygame.Rect(x - 30, y - 30, 60, 60))
        return rects

    def _draw_zone_hint(self, surface) -> None:
        mark = self.hints.highlight()
        if mark and mark[0] == "zone" and mark[1] in self.rects:
            self._draw_hint_mark(surface, self.rects[mark[1]], self.hints.tag(), on_top=False)

    def _still(self, uid: int) -> bool:
        """Whether the card lies still in its slot (drawn into the cached picture under what moves)."""
        sprite = self.sprites[uid]
        return not sprite.moving and sprite.delay <= 0 and uid != self.hover_uid and not (
            self.drag and self.drag.get("uid") == uid)

    def _motion_signature(self) -> tuple:
        """Everything drawn over the board: when it is the same as last frame, so is the picture."""
        def place(sprite):
            return (sprite.uid, tuple(sprite.rect), sprite.delay > 0)

        grimoire = self.grimoire
        return (
            tuple(place(s) for s in self.sprites.values()), tuple(place(s) for s, _ in self.ghosts),
            self.hover_uid, self.big_uid, self.alt_held, self.drag and tuple(self.drag["pos"]),
            grimoire.page, grimoire.turn and grimoire.turn.angle, self.hints.highlight(), self.hints.tag(),
            tuple(p.level for p in self.pulses.values()), self.motion.active and self.motion.banner,
            self.motion.power.shown, self.motion.damage_shake.left, tuple(f.t for f in self.motion.tokens),
            self.motion.circle[1], self.presenter.target_options() is not None,
            self.focus.visible, self.focus.current(), self.disabled_tip() and self.disabled_tip()[1],
            self.card_tip_shown(),
        )

    def _draw_effects(self, surface: pygame.Surface) -> None:
        """Over the board: the power ticking to its value, glowing panels, the damage panel shaking."""
        r, fonts = self.rects, self.app.fonts
        shake = self.motion.damage_shake.offset
        if shake != (0, 0):
            area = r["damage"].inflate(24, 12)
            surface.blit(self.background, area, area)
            surface.blit(self.board.surface, area.move(shake), area)
        power = self.pulses["power"].level
        font = panels.counter_value_font(fonts, r["power"], _("virtual power"), 34 + round(10 * power))
        blit_text(surface, font, self.motion.power.text, theme.TEXT,
                  (r["power"].x + 54, r["power"].y + 2 - round(5 * power)))
        for name, rect, radius in (("power", r["power"], 10), ("damage", r["damage"].move(shake), 10),
                                   ("tokens", r["tokens"], 8), ("deck", r["deck"].inflate(10, 10), 12)):
            level = self.pulses[name].level
            if level > 0:
                edge = theme.BLOOD if name == "damage" else theme.PANEL_EDGE
                colour = [round(a + (b - a) * level) for a, b in zip(edge, theme.CANDLE)]
                pygame.draw.rect(surface, colour, rect, 2 + round(3 * level), border_radius=radius)

    def _board_signature(self) -> tuple:
        """What the whole board shows: when it changes, every panel is painted again."""
        return id(self.app.current_settings()), current_language(), style.current(), id(self.background)

    def board_parts(self) -> list[Part]:
        """The table under the cards, panel by panel, each with the region it paints in and what it
        shows (its signature): Grimoire, counters, piles, keys, log, zones, buttons, prompt."""
        fonts, game, r = self.app.fonts, self.game, self.rects
        drops = self.legal_drop_zones()
        token_hot = bool(game.tokens) and r["tokens"].collidepoint(self.mouse) and self.modal is None \
            and game.outcome is None
        renderer = self.renderer
        dragging = self.drag["uid"] if self.drag and "uid" in self.drag else None
        carried = bool(self.drag and self.drag.get("carried"))  # by a pad: A drops it
        over = self.drop_target(self.drag["pos"]) if self.drag else None

        def pile(name, zone, title, face_up, hint):
            cards = game.zone(zone)
            rect = r[name]
            region = rect.inflate(16, 16).union(pygame.Rect(rect.centerx - 110, rect.bottom, 220, 26))

            def paint(surface):
                panels.draw_pile(surface, fonts, renderer, rect, title, cards, face_up, 0, hint)
                self._draw_drop_pile(surface, name, drops, over)

            signature = (len(cards), cards[-1].card_id if cards else None, drops.get(name), over == name)
            return Part(name, region, signature, paint)

        set_aside = r["set_aside"]
        hand_title = _("Hand ({n} of {size})").format(n=len(game.zone("hand")), size=game.hand_size)
        buttons = [Part(f"button:{name}", button.rect.inflate(4, 4),
                        (button.label, button.enabled, button.hot, button.detail, button.rect.size,
                         name == "end_turn" and self.presenter.end_cost),
                        lambda surface, name=name: self._draw_button(surface, name))
                   for name, button in self.buttons.items()]
        return [
            Part("grimoire", r["grimoire"].union(r["tokens"]),
                 (game.hour, game.last_hour, game.tokens, game.outcome is None, token_hot),
                 lambda surface: panels.draw_grimoire(surface, fonts, r["grimoire"], r["tokens"], game, 0,
                                                      token_hot)),
            Part("power", r["power"], bool(drops.get("power")),  # its value: _draw_effects
                 lambda surface: panels.draw_counter(surface, fonts, r["power"], "flame", "", _("virtual power"),
                                                     theme.POWER, 1.0 if drops.get("power") else 0)),
            Part("damage", r["damage"], game.damage,
                 lambda surface: panels.draw_damage(surface, fonts, r["damage"], game.damage, 0)),
            pile("deck", "deck", _("Deck"), False, ""),
            pile("discard", "discard", _("Discard"), True, _("click to look")),
            pile("sacrifice", "sacrificed", _("Sacrificed"), True, _("click to look")),
            Part("set_aside", set_aside.inflate(16, 16).union(
                    pygame.Rect(set_aside.x - 8, set_aside.bottom, set_aside.w + 16, panels.SET_ASIDE_CAPTION_H + 2)),
                 (tuple(c.card_id for c in game.zone("set_aside")), game.hour),
                 lambda surface: panels.draw_set_aside(surface, fonts, renderer, set_aside, game, self.circle_id)),
            Part("keys", r["keys"], prompts.pad_in_use(), lambda surface: panels.draw_keys(surface, fonts, r["keys"])),
            Part("log", r["log"], (len(self.log.lines), self.log.lines[-1] if self.log.lines else "", self.log.scroll),
                 lambda surface: self.log.draw(surface, fonts, r["log"], _("What happened"))),
            Part("play", r["play"], (drops.get("play"), drops.get("play") is False and dragging, not game.zone("play"),
                                     carried),
                 lambda surface: self._draw_zone_outline(surface, "play", drops, _("In play"),
                                                         _("A: summon here") if carried else
                                                         _("release here to summon"))),
            Part("hand", r["hand"], drops.get("hand"),
                 lambda surface: self._draw_zone_outline(surface, "hand", drops, "", "")),
            Part("hand:title", self._zone_title_rect("hand", hand_title), hand_title,  # not the whole hand
                 lambda surface: self._draw_zone_title(surface, "hand", hand_title)),
            *buttons,
            Part("prompt", r["prompt"], (self.presenter.key(), self.hint_text(), self.message if self.message_time > 0
                                         else "", self.message_warn, self.none_button.hot,
                                         self.presenter.target_options() is not None),
                 self._draw_prompt),
        ]

    def _draw_zone_outline(self, surface, name, drops, title, drop_hint) -> None:
        rect = self.rects[name]
        legal = drops.get(name)
        if legal:
            surface.blit(self._tint(rect.size, 28), rect)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, rect, 4, border_radius=14)
            blit_text(surface, self.app.fonts.get("title", 24), drop_hint.upper(), theme.GLOW_LEGAL,
                      (rect.centerx, rect.bottom - 40), "midtop")
        elif legal is False:
            pygame.draw.rect(surface, theme.DISABLED, rect, 2, border_radius=14)
            reason = self.game.explain(Summon(self.drag["uid"])) if self.drag and "uid" in self.drag else ""
            blit_text(surface, self.app.fonts.get("italic", 22), _("Cannot summon now: {reason}").format(reason=reason),
                      theme.WARN, (rect.centerx, rect.bottom - 40), "midtop")
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=14)
        self._draw_zone_title(surface, name, title)
        if name == "play" and not self.game.zone("play"):
            blit_text(surface, self.app.fonts.get("italic", 24),
                      _("Drag a card from your hand here to summon it"), theme.TEXT_DIM, rect.center, "center")

    def _draw_zone_title(self, surface, name: str, title: str) -> None:
        blit_text(surface, self.app.fonts.get("title", 17), title, theme.TEXT_DIM, self._zone_title_rect(name, title))

    def _zone_title_rect(self, name: str, title: str) -> pygame.Rect:
        rect = self.rects[name]
        return render(self.app.fonts.get("title", 17), title, theme.TEXT_DIM).get_rect(topleft=(rect.x + 14, rect.y + 6))

    def _tint(self, size, alpha: int) -> pygame.Surface:
        """A translucent candle-glow rectangle, made once per size."""
        key = (size, alpha)
        tint = self._tints.get(key)
        if tint is None:
            tint = self._tints[key] = pygame.Surface(size, pygame.SRCALPHA)
            tint.fill((*theme.GLOW_LEGAL, alpha))
        return tint

    def _draw_drop_pile(self, surface, pile: str, drops, over) -> None:
        """While a card is held: whether it may be dropped on this pile (and the glow when over it)."""
        if pile not in drops:
            return
        verb = {"discard": N_("scrap"), "sacrifice": N_("sacrifice")}[pile]
        rect = self.rects[pile].inflate(12, 12)
        colour = theme.GLOW_LEGAL if drops[pile] else theme.DISABLED
        if drops[pile] and over == pile:
            surface.blit(self._tint(rect.size, 70), rect)
        pygame.draw.rect(surface, colour, rect, 5 if drops[pile] else 2, border_radius=12)
        label = (_("drop: {verb}") if drops[pile] else _("{verb}: not now")).format(verb=_(verb))
        tag = render(self.app.fonts.get("bold", 18), label, theme.INK)
        box = tag.get_rect(center=(rect.centerx, rect.centery + 20)).inflate(12, 6)
        pygame.draw.rect(surface, colour, box, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))

    def _sync_buttons(self) -> None:
        """The buttons' state from the engine's answers (asked once per game change)."""
        presenter = self.presenter
        end = self.buttons["end_turn"]
        reason = presenter.end_reason
        end.enabled = reason is None
        end.detail = without_rule_numbers(reason) if reason else presenter.end_turn_detail()
        self.buttons["undo"].enabled = presenter.can_undo()
        self.buttons["undo"].detail = presenter.undo_detail()
        # greyed, it says why where its shortcut's badge was (the small button holds one or the other)
        self.buttons["undo"].key_hint = "" if self.buttons["undo"].detail else "Ctrl+Z"
        hint = self.buttons["hint"]
        hint.label = _("Hint: thinking…") if self.hints.thinking else _("Hint")
        hint.enabled = self.game.outcome is None and self.app.current_settings().show_hints
        if not self.app.current_settings().show_hints:
            hint.label = _("Hints off (Settings)")

    def _draw_button(self, surface, name: str) -> None:
        button = self.buttons[name]
        if name == "end_turn":
            button.draw(surface, self.app.fonts, size=36)
            if button.enabled and self.presenter.end_cost:
                draw_icon(surface, "damage", pygame.Rect(button.rect.x + 12, button.rect.bottom - 46, 34, 34),
                          theme.WARN)
        else:
            button.draw(surface, self.app.fonts, size=20)

    def disabled_tip(self) -> tuple[Button, str] | None:
        """The greyed button under the mouse (or the keyboard's focus) and why it is greyed."""
        if self.modal is not None:
            return None
        stop = self.focus.current() if self.focus.visible else None
        for name, button in self.buttons.items():
            if not button.enabled and (button.hit(self.mouse) or stop == ("button", name)):
                reason = self.presenter.disabled_reason(name)
                if reason:
                    return button, reason
        return None

    def _draw_disabled_reason(self, surface) -> None:
        tip = self.disabled_tip()
        if tip is not None:
            button, reason = tip
            font = self.app.fonts.get("body", 18)
            lines = wrap(font, reason, 360)
            box = pygame.Rect(0, 0, 380, len(lines) * font.get_linesize() + 14)
            box.bottomright = (button.rect.right, button.rect.top - 8)
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
            pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=8)
            blit_wrapped(surface, font, reason, theme.TEXT, box.inflate(-20, -14))

    def hand_title_rect(self) -> pygame.Rect:
        hand = self.rects["hand"]
        return pygame.Rect(hand.x, hand.y, 220, 24)

    def lift_of(self, uid: int, rect) -> int:
        """How far the card under the mouse rises: as far as HOVER_LIFT, but a hand card never over
        the hand's title."""
        if self.game.zone_of(uid) != "hand":
            return HOVER_LIFT
        title = self.hand_title_rect()
        lifted = pygame.Rect(rect).move(0, -HOVER_LIFT)
        if not lifted.colliderect(title):
            return HOVER_LIFT
        return max(0, min(HOVER_LIFT, round(rect.top) - title.bottom))

    def _tag_box(self, tag: pygame.Surface, ring: pygame.Rect) -> pygame.Rect:
        """A card's word tag ("choose", "hint: …"): just above its ring, clear of the line; below
        the ring when the zone's edge (or the screen's) leaves no room above."""
        box = tag.get_rect().inflate(16, 6)
        box.midbottom = (ring.centerx, ring.top - 3)
        zone = self.rects["play"] if ring.centery < self.rects["play"].bottom else self.rects["hand"]
        if box.top < zone.top + 2:
            box.midtop = (ring.centerx, ring.bottom + 3)
        return box

    def _hint_mark_boxes(self, rect: pygame.Rect, label: str, on_top: bool, margin: int):
        """(the ring, the tag's image, the tag's box) of a hint's mark around `rect`."""
        ring = pygame.Rect(rect).inflate(margin, margin)
        tag = render(self.app.fonts.get("bold", 18), label, theme.INK)
        if on_top:
            box = self._tag_box(tag, ring)
        else:
            box = tag.get_rect().inflate(16, 6)
            box.center = (ring.centerx, ring.bottom)
        box.clamp_ip(pygame.Rect((0, 0), theme.LOGICAL_SIZE))
        return ring, tag, box

    def _hint_mark_region(self, rect: pygame.Rect, label: str, on_top: bool, margin: int) -> pygame.Rect:
        ring, _tag, box = self._hint_mark_boxes(rect, label, on_top, margin)
        return ring.union(box)

    def _draw_hint_mark(self, surface, rect: pygame.Rect, label: str, on_top: bool = True,
                        margin: int = 20) -> None:
        """The hinted card or place: a blue ring and a tag in words naming the action (never colour
        alone). The tag sits on the ring's top line (a card) or bottom line (a panel, whose top
        touches other panels), and always on the screen."""
        ring, tag, box = self._hint_mark_boxes(rect, label, on_top, margin)
        pygame.draw.rect(surface, theme.POWER, ring, 5, border_radius=16)
        pygame.draw.rect(surface, theme.POWER, box, border_radius=6)
        pygame.draw.rect(surface, theme.INK, box, 1, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))

    def hint_text(self) -> str:
        return self.view.hint_text()

    def _draw_prompt(self, surface) -> None:
        rect = self.rects["prompt"]
        pending = self.game.pending
        hint = self.hint_text()
        none = self.presenter.none_offered()
        reserve = self.none_button.rect.w + 16 if none else 0
        if hint and not (self.message_time > 0 and self.message):
            panels.draw_prompt(surface, self.app.fonts, rect, hint, False, True, reserve)
            if none:
                self.none_button.rect.midright = (rect.right - 8, rect.centery)
                self.none_button.draw(surface, self.app.fonts, size=20, role="body")
            return
        if pending is not None and self.presenter.target_options() is not None:
            panels.draw_prompt(surface, self.app.fonts, rect, pending.prompt + "  " + _("(click a glowing card)"),
                               False, True, reserve)
            if none:
                self.none_button.rect.midright = (rect.right - 8, rect.centery)
                self.none_button.draw(surface, self.app.fonts, size=20, role="body")
            return
        if self.message_time > 0 and self.message:
            panels.draw_prompt(surface, self.app.fonts, rect, self.message, self.message_warn, False)
            return
        if self.game.interference_in_hand():
            panels.draw_prompt(surface, self.app.fonts, rect,
                               _("Interference in your hand must be summoned first: raise power, then "
                                 "drag it into play."), True, False)
        elif self.presenter.hour_warning():
            panels.draw_prompt(surface, self.app.fonts, rect, self.presenter.hour_warning(), True, False)

    def _card_marks(self) -> tuple[dict, dict, int | None]:
        """(the cards to choose from, the cards that cannot be used now, the hinted card)."""
        mark = self.hints.highlight()
        return (self.presenter.target_options() or {}, self.presenter.unusable,
                mark[1] if mark and mark[0] == "card" else None)

    def _card_order(self) -> list[int]:
        """The cards of play and hand in drawing order: the one under the mouse on top."""
        order = [c.uid for c in self.game.zone("play")] + [c.uid for c in self.game.zone("hand")]
        if self.hover_uid in order:
            order.remove(self.hover_uid)
            order.append(self.hover_uid)
        return order

    def _draw_cards(self, surface, only: str | None = None) -> None:
        """The cards of the hand and play (and those flying to a pile); `only="moving"`: all but
        those lying still in their slots (`_still_parts` draws them)."""
        targets, unusable, hinted = self._card_marks()
        dragging = self.drag["uid"] if self.drag and "uid" in self.drag else None
        hinted_rect = None
        for sprite, card_id in self.ghosts:  # a card waiting its turn to leave is shown where it is
            if card_id is None:
                surface.blit(self.renderer.back(sprite.base_width), sprite.rect)
            else:
                surface.blit(self.renderer.face_scaled(card_id, sprite.base_width, sprite.rect.size), sprite.rect)
        for uid in self._card_order():
            if uid == dragging or uid not in self.sprites or (only == "moving" and self._still(uid)):
                continue
            sprite = self.sprites[uid]
            rect = pygame.FRect(sprite.rect)
            if uid == self.hover_uid and not sprite.moving:
                rect.y -= self.lift_of(uid, rect)
                shadow = pygame.Rect(rect).move(8, 14)
                pygame.draw.rect(surface, (8, 5, 4), shadow, border_radius=10)
            if sprite.delay > 0:
                continue  # not yet left its pile
            self._draw_card(surface, uid, rect, targets, unusable, hinted)
            if uid == hinted:
                hinted_rect = pygame.Rect(rect)
        if hinted_rect is not None:  # over its neighbours, as tight as a target's ring
            self._draw_hint_mark(surface, hinted_rect, self.hints.tag(), margin=12)
        if dragging is not None:
            sprite = self.sprites[dragging]
            rect = self._drag_rect(self.drag, sprite)
            pygame.draw.rect(surface, (8, 5, 4), pygame.Rect(rect).move(14, 20), border_radius=10)
            surface.blit(self.renderer.face(self.game.card(dragging).card_id, round(rect.w)), rect)  # a resting size
        elif self.drag and "token" in self.drag:
            x, y = self.drag["pos"]
            pygame.draw.circle(surface, theme.POWER, (x, y), 26)
            draw_icon(surface, "token", pygame.Rect(x - 20, y - 20, 40, 40), theme.INK)

    def _draw_card(self, surface, uid: int, rect, targets, unusable, hinted) -> pygame.Rect:
        """One card of hand or play with its marks: dimmed, to choose, interference; returns the
        rectangle it may have drawn in."""
        card_id = self.game.card(uid).card_id
        sprite = self.sprites[uid]
        surface.blit(self.renderer.face_scaled(card_id, sprite.base_width, rect.size), rect)
        drawn = pygame.Rect(rect).inflate(14, 14)
        if (uid not in targets if targets else unusable.get(uid) is not None) and uid != hinted:
            surface.blit(self._veil(rect.size), rect)  # cannot be used now: dimmed (why: on hover)
        if uid in targets and uid != hinted:  # the hinted target gets the hint's ring and words
            ring = pygame.Rect(rect).inflate(12, 12)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, ring, 5, border_radius=14)
            tag = render(self.app.fonts.get("bold", 18), _("choose"), theme.INK)
            box = self._tag_box(tag, ring)
            pygame.draw.rect(surface, theme.GLOW_LEGAL, box, border_radius=6)
            surface.blit(tag, tag.get_rect(center=box.center))
            drawn.union_ip(box)
        elif self.game.cards[card_id].is_interference and self.game.zone_of(uid) == "hand":
            pygame.draw.rect(surface, theme.WARN, pygame.Rect(rect).inflate(10, 10), 4, border_radius=14)
        return drawn

    def _still_parts(self) -> list[Part]:
        """The cards lying still in their slots, over the board, each a part of the cached picture
        (with the hint's ring on a zone under them and on a card over them)."""
        targets, unusable, hinted = self._card_marks()
        parts = []
        mark = self.hints.highlight()
        if mark and mark[0] == "zone" and mark[1] in self.rects:
            zone = self.rects[mark[1]]
            parts.append(Part("hint:zone", self._hint_mark_region(zone, self.hints.tag(), False, 20),
                              (mark, self.hints.tag()), self._draw_zone_hint))
        hinted_rect = None
        for uid in self._card_order():
            if uid not in self.sprites or not self._still(uid):
                continue
            rect = pygame.FRect(self.sprites[uid].rect)
            region = pygame.Rect(rect).inflate(14, 14)
            if uid in targets and uid != hinted:
                region.union_ip(self._tag_box(render(self.app.fonts.get("bold", 18), _("choose"), theme.INK),
                                              pygame.Rect(rect).inflate(12, 12)))
            signature = (tuple(rect), self.game.card(uid).card_id, self.game.zone_of(uid), bool(targets),
                         uid in targets, uid in unusable, uid == hinted)
            parts.append(Part(f"card:{uid}", region, signature,
                              lambda surface, uid=uid, rect=rect: self._draw_card(surface, uid, rect, targets,
                                                                                  unusable, hinted)))
            if uid == hinted:
                hinted_rect = pygame.Rect(rect)
        if hinted_rect is not None:
            tag = self.hints.tag()
            parts.append(Part("hint:card", self._hint_mark_region(hinted_rect, tag, True, 12),
                              (tuple(hinted_rect), tag),
                              lambda surface: self._draw_hint_mark(surface, hinted_rect, tag, margin=12)))
        return parts

    def _draw_big(self, surface, uid: int) -> None:
        face = self.renderer.face(self.game.card(uid).card_id, BIG_W)
        rect = face.get_rect(center=(960, 520))
        darken_around(surface, rect, 150, radius=BIG_W // 16)  # not under the face: it is opaque there
        surface.blit(face, rect)
        words = render(self.app.fonts.get("italic", 20), _("click or Esc to close"), theme.TEXT)
        box = words.get_rect(midbottom=(rect.centerx, rect.top - 10)).inflate(20, 8)  # above it, clear of the hand
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        surface.blit(words, words.get_rect(center=box.center))
