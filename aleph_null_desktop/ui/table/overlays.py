"""Modal panels over the table: a card's actions, a picker for a decision, a confirmation, a
pile viewer and the interference spotlight. One at a time, over everything else.

Keys go to the open panel first (`handle_event` returns True when it used the event); a key it
does not use goes on to the table (H, F1, Ctrl+Z …). Every panel can be worked by keyboard: Tab or
the arrows move its focus, Enter chooses, number keys pick, Esc backs out. A panel whose question
no longer applies (`applies()` false: the card moved, the decision was answered, an undo) closes.
Nothing here acts by itself on a timer."""

from __future__ import annotations

from typing import Hashable

import pygame

from aleph_null_desktop.engine import Activate, Choose, Summon
from aleph_null_desktop.engine.words.text import action_text
from aleph_null_desktop.i18n import N_, _
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.table.arrange import play_slots
from aleph_null_desktop.ui.widgets.keyfocus import draw_focus_ring, is_enter, list_key, number_key
from aleph_null_desktop.ui.table.wording import without_rule_numbers
from aleph_null_desktop.ui.render.layer import paint_within
from aleph_null_desktop.ui.render.text import blit_wrapped, fit_font, render, wrap
from aleph_null_desktop.ui.render.veil import darken_around
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle


def _is_click(event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and event.button == 1


PANEL_RADIUS = 12


def _panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=PANEL_RADIUS)
    pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=PANEL_RADIUS)


def _veiled_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 150,
                  within: list[pygame.Rect] | None = None) -> None:
    """The table darkened around an opaque panel (not under it), then the panel. `within`: the
    table was drawn again only there (rectangles that do not overlap; the rest is darkened
    already, and the panel is drawn again only in those that reach it)."""
    darken_around(surface, rect, alpha, PANEL_RADIUS, within)
    if within is None:
        _panel(surface, rect)
    else:
        paint_within(surface, within, rect, lambda s: _panel(s, rect))


class Modal:
    done = False
    blocks_table = True  # False: the table still sees the mouse (not used by a modal that shades)
    focus = 0  # the keyboard's button (index into `buttons`)
    keyboard = False  # the focus ring shows once a key moved it
    buttons: list = []

    def handle_event(self, event) -> bool:
        return True

    def applies(self) -> bool:
        """False once the question this panel asks is gone (then the table closes it)."""
        return True

    def focus_key(self, event) -> bool:
        """Tab / arrows move the focus over the enabled buttons; Enter presses the focused one."""
        usable = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not usable:
            return False
        if is_enter(event):
            self.buttons[self.focus if self.focus in usable else usable[0]].click()
            return True
        here = usable.index(self.focus) if self.focus in usable else 0
        moved = list_key(event, len(usable), here)
        if moved is None:
            return False
        self.focus, self.keyboard = usable[moved], True
        return True

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.keyboard and 0 <= self.focus < len(self.buttons):
            draw_focus_ring(surface, self.buttons[self.focus].rect, margin=8)

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def covers(self) -> pygame.Rect | None:
        """Where the panel hides the table wholly (opaque, clear of its rounded corners), or None."""
        return None

    def look(self) -> Hashable | None:
        """Everything the panel shows, for a frame that may leave it as it is; None: not known."""
        return None

    def draw_empty(self, surface: pygame.Surface, within: list[pygame.Rect] | None = None) -> None:
        """The veil and the panel without what it shows (a panel that `covers` the table: `draw`
        is this, then its contents inside `covers()`). `within`: the table under the veil was drawn
        again only in these rectangles (not overlapping), the rest of the screen is as this drew it."""

    def close(self) -> None:
        self.done = True


class ActionMenu(Modal):
    """A card's moves as buttons: cost → effect, greyed with the engine's reason when not legal."""

    def __init__(self, view, uid: int, anchor: pygame.FRect, keyboard: bool = False) -> None:
        self.view = view
        game = view.game
        self.uid, self.zone, self.version = uid, game.zone_of(uid), view.presenter.version
        self.keyboard = keyboard
        carddef = game.cards[game.card(uid).card_id]
        self.title = carddef.name
        commands = []
        if game.zone_of(uid) == "hand":
            cost = _("special cost") if carddef.cost is None else _("cost {n}P").format(n=game.summon_cost(uid))
            commands.append((Summon(uid), _("Summon ({cost})").format(cost=cost)))
        else:
            commands += [(Activate(uid, a.id), action_text(a)) for a in carddef.actions]
        width = min(style.scaled(420), theme.LOGICAL_SIZE[0] - 40)  # the words grow with the scale: so does the menu
        fonts = view.fonts
        detail_font = fonts.get("italic", 16)
        self.buttons = []
        for cmd, label in commands:
            reason = game.explain(cmd)
            detail = _("Not now: {reason}").format(reason=without_rule_numbers(reason)) if reason else ""
            lines = len(wrap(detail_font, detail, width - 40)) if detail else 0
            height = style.scaled(50) + detail_font.get_linesize() * lines
            self.buttons.append(Button(pygame.Rect(0, 0, width - 24, height), label,
                                       on_click=lambda c=cmd: self._choose(c), enabled=reason is None,
                                       detail=detail, key_hint=str(len(self.buttons) + 1)))
        if not self.buttons:
            self.empty = _("{name} has no actions; it works while it is in play.").format(name=carddef.name)
        else:
            self.empty = ""
        self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        self.head_h = fonts.get("title", 22).get_linesize()
        top = 12 + self.head_h + 6  # the buttons under the card's name
        height = top + 8 + sum(b.rect.h + 8 for b in self.buttons) + (style.scaled(60) if self.empty else 0) + 8
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (anchor.centerx, anchor.top - 6)
        if rect.top < 10:
            rect.top = anchor.bottom + 6
        rect.clamp_ip(pygame.Rect(0, 0, *theme.LOGICAL_SIZE))
        self.rect = rect
        y = rect.y + top
        for b in self.buttons:
            b.rect.topleft = (rect.x + 12, y)
            y += b.rect.h + 8

    def _choose(self, cmd) -> None:
        self.close()
        self.view.submit(cmd)

    def applies(self) -> bool:
        game = self.view.game
        return self.view.presenter.version == self.version and self.uid in {c.uid for c in game.zone(self.zone)}

    def handle_event(self, event) -> bool:
        """Esc closes; 1–9, Enter, Tab and the arrows work the menu. Any other key closes the menu
        and goes on to the table (Space ends the turn, H hints …)."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            index = number_key(event)
            if index is not None:
                if index < len(self.buttons):
                    button = self.buttons[index]
                    if not button.click():
                        self.view.say(button.detail, warn=True)
                else:
                    self.view.say(_("There is no action {n} here.").format(n=index + 1), warn=True)
                return True
            if self.focus_key(event):
                return True
            if event.key != pygame.K_h:  # a hint may point into the open menu
                self.close()
            return False
        if buttons_handle(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and not self.rect.collidepoint(event.pos):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.view.fonts
        _panel(surface, self.rect)
        head = render(fit_font(fonts, "title", self.title, self.rect.w - 28, 22, 14), self.title, theme.GOLD)
        surface.blit(head, (self.rect.x + 14, self.rect.y + 12))
        for b in self.buttons:
            b.draw(surface, fonts, size=20, role="body")
        self.draw_focus(surface)
        if self.empty:
            top = 12 + self.head_h + 2
            blit_wrapped(surface, fonts.get("italic", 18), self.empty, theme.TEXT,
                         pygame.Rect(self.rect.x + 14, self.rect.y + top, self.rect.w - 28, style.scaled(60)))


PICKER_W = 1600
PICKER_ROW_GAP = 14
PICKER_LABEL_GAP = 4
PICKER_LABEL_SIZES = (17, 15, 14)  # the captions' font: the largest in which every name fits whole


def picker_slots(count: int, width: int, max_height: int,
                 label_height=lambda w: 46) -> tuple[list[pygame.FRect], int]:
    """Card rectangles for a picker (relative to its card area) and the area's height: the largest
    cards that fit, in balanced rows, each row leaving room for the captions under its cards
    (`label_height(card_width)`: the tallest caption at that width)."""
    if count == 0:
        return [], 0
    gap = 10
    for w in (260, 230, 200, 180, 160, 140, 120, 110, 100, 90):
        h = round(w * theme.CARD_RATIO)
        cols = max(1, min(count, (width + gap) // (w + gap)))
        rows = -(-count // cols)
        label_h = label_height(w)
        total = rows * (h + label_h) + (rows - 1) * PICKER_ROW_GAP
        if total <= max_height:
            break
    per_row = -(-count // rows)  # balanced: 13 cards in two rows are 7 + 6, not 12 + 1
    slots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x0 = (width - (in_row * w + (in_row - 1) * gap)) / 2
        slots.append(pygame.FRect(x0 + col * (w + gap), row * (h + label_h + PICKER_ROW_GAP), w, h))
    return slots, total


def option_numbers(decision, follows: dict | None) -> list[int]:
    """The number (and key) of each option: 1, 2, 3 … in order; but a choice that follows a pick
    of the same list (the second card of "up to 2") keeps each remaining card's number, so a
    number never moves to another card between picks."""
    keys = [o.uid if o.uid is not None else "none" for o in decision.options]
    if follows and all(k in follows for k in keys) and len(set(keys)) == len(keys):
        return [follows[k] for k in keys]
    return [i + 1 for i in range(len(keys))]


def option_caption(number: int, label: str) -> str:
    """A picker option's caption: its key (1–9) and its name; later options by name alone."""
    return f"{number}. {label}" if number <= 9 else label


class ChoicePicker(Modal):
    """A decision whose options are not on the table (a deck search, a pile, an order of † effects):
    the options are shown as cards (or words) to click, or to pick with 1–9, Tab or the arrows and
    Enter; "up to" choices offer "none". Every caption is shown whole (wrapped, in a smaller font
    when many cards share the panel)."""

    def __init__(self, view, decision, numbers: list[int] | None = None) -> None:
        self.view = view
        self.decision = decision
        self.version = view.presenter.version
        game = view.game
        fonts = view.fonts
        follows = view.picked_numbers  # (commands applied after the pick, {key: number})
        if numbers is None:
            numbers = option_numbers(decision, follows[1] if follows and follows[0] == view.commands_applied() else None)
        self.numbers = numbers
        card_opts = [(i, o) for i, o in enumerate(decision.options) if o.uid is not None]
        word_opts = [(i, o) for i, o in enumerate(decision.options) if o.uid is None]
        captions = [option_caption(numbers[i], o.label) for i, o in card_opts]

        def label_height(card_w: int) -> int:
            font = self._caption_font(fonts, captions, card_w)
            lines = max((len(wrap(font, c, card_w + 10)) for c in captions), default=1)
            return PICKER_LABEL_GAP + lines * font.get_linesize() + 2

        # as large as the options allow: one row of big cards, or a grid of smaller ones, each card
        # with room for its whole caption under it
        words_h = 100 if word_opts else 0
        slots, cards_h = picker_slots(len(card_opts), PICKER_W - 80, 1080 - 40 - 110 - words_h - 20,
                                      label_height)
        self.caption_font = self._caption_font(fonts, captions, round(slots[0].w)) if slots else None
        height = 110 + cards_h + words_h + 20
        area = pygame.Rect(0, 0, PICKER_W, height)
        area.center = (960, 500)
        area.clamp_ip(pygame.Rect(0, 20, 1920, 1040))
        self.rect = area
        slots = [s.move(area.x + 40, area.y + 100) for s in slots]
        self.cards = [(i, o, slot) for (i, o), slot in zip(card_opts, slots)]  # (index, option, rect)
        self.buttons = []
        x = area.centerx - (len(word_opts) * 330 - 30) // 2
        for i, o in word_opts:
            label = _("None: choose nothing") if o.label.strip() == _("None") else o.label
            self.buttons.append(Button(pygame.Rect(x, area.bottom - 90, 300, 64), label,
                                       on_click=lambda i=i: self._choose(i),
                                       key_hint=str(numbers[i]) if numbers[i] <= 9 else ""))
            x += 330
        self.hover = None
        self.game = game
        self.focus = 0  # over every option: the cards, then the word buttons

    @staticmethod
    def _caption_font(fonts, captions: list[str], card_w: int):
        for size in PICKER_LABEL_SIZES:
            font = fonts.get("body", size)
            if max((len(wrap(font, c, card_w + 10)) for c in captions), default=1) <= 3:
                return font
        return fonts.get("body", PICKER_LABEL_SIZES[-1])

    def applies(self) -> bool:
        return self.view.game.pending is self.decision and self.view.presenter.version == self.version

    def _choose(self, index: int) -> None:
        self.close()
        keys = [o.uid if o.uid is not None else "none" for o in self.decision.options]
        self.view.picked_numbers = (self.view.commands_applied() + 1, dict(zip(keys, self.numbers)))
        self.view.submit(Choose(index))

    def option_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(option index, rectangle) of every option in focus order."""
        word_indices = [i for i, o in enumerate(self.decision.options) if o.uid is None]
        return [(i, pygame.Rect(slot)) for i, _option, slot in self.cards] + \
            [(i, pygame.Rect(b.rect)) for i, b in zip(word_indices, self.buttons)]

    def handle_event(self, event) -> bool:
        """1–9 pick, Tab / arrows and Enter choose, Esc pauses (the decision itself must be made),
        H is left to the table (the hint is shown here)."""
        if event.type == pygame.KEYDOWN:
            options = self.option_rects()
            index = number_key(event)
            if index is not None:
                if index + 1 in self.numbers:
                    self._choose(self.numbers.index(index + 1))
                else:
                    self.view.say(_("There is no option {n}.").format(n=index + 1), warn=True)
                return True
            if is_enter(event) and options:
                self._choose(options[min(self.focus, len(options) - 1)][0])
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and options:
                from aleph_null_desktop.ui.widgets.keyfocus import ARROWS, nearest

                self.focus = nearest([r for _index, r in options], min(self.focus, len(options) - 1),
                                     ARROWS[event.key])
                self.keyboard = True
                return True
            moved = list_key(event, len(options), self.focus)
            if moved is not None:
                self.focus, self.keyboard = moved, True
                return True
            if event.key == pygame.K_ESCAPE:
                self.view.pause()
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, _option, slot in self.cards if slot.collidepoint(event.pos)), None)
        if buttons_handle(self.buttons, event):
            return True
        if _is_click(event):
            for i, _option, slot in self.cards:
                if slot.collidepoint(event.pos):
                    self._choose(i)
                    return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.view.fonts
        renderer = self.view.renderer
        _veiled_panel(surface, self.rect)
        blit_wrapped(surface, fonts.get("title", 26), self.decision.prompt, theme.GOLD,
                     pygame.Rect(self.rect.x + 24, self.rect.y + 18, self.rect.w - 48, 70), align="center")
        hint = _("Click a card or press its number.") if self.cards else _("Choose one.")
        if len(self.decision.options) > 9:
            hint = _("Click a card, press its number, or move with the arrow keys and press Enter.")
        if self.buttons and self.cards:
            hint = _("Click a card or press its number, or choose none below.")
        if prompts.pad_in_use():
            hint = _("Move with the d-pad and press A.")
        colour = theme.TEXT_DIM
        if self.view.hint_text():  # H while choosing: the hint is shown here, over the table's prompt
            hint, colour = self.view.hint_text(), theme.POWER
        font = fit_font(fonts, "italic", hint, self.rect.w - 48, 19, 14)
        image = render(font, hint, colour)
        surface.blit(image, image.get_rect(midtop=(self.rect.centerx, self.rect.y + 58)))
        label_font = self.caption_font
        hinted = self.view.hints.current()
        hinted_index = getattr(hinted.command, "index", None) if hinted else None
        for i, option, slot in self.cards:
            r = pygame.Rect(slot)
            if i == self.hover:
                r.y -= 12
                pygame.draw.rect(surface, theme.GLOW_LEGAL, r.inflate(12, 12), 4, border_radius=12)
            face = renderer.face(self.game.card(option.uid).card_id, r.w)
            surface.blit(face, r)
            if i == hinted_index:
                pygame.draw.rect(surface, theme.POWER, r.inflate(16, 16), 5, border_radius=14)
            words = wrap(label_font, option_caption(self.numbers[i], option.label), r.w + 10)
            for n, line in enumerate(words):
                img = render(label_font, line, theme.TEXT)
                surface.blit(img, img.get_rect(midtop=(r.centerx, slot.bottom + PICKER_LABEL_GAP
                                                       + n * label_font.get_linesize())))
        for b in self.buttons:
            b.draw(surface, fonts, size=20, role="body")
        options = self.option_rects()
        if self.keyboard and options:
            draw_focus_ring(surface, options[min(self.focus, len(options) - 1)][1], margin=14)


class ConfirmDialog(Modal):
    def __init__(self, view, title: str, text: str, yes: str, on_yes, no: str | None = None) -> None:
        self.view = view
        self.version = view.presenter.version
        self.title, self.text = title, text
        no = no if no is not None else _("Keep playing")
        self.rect = pygame.Rect(0, 0, 760, 300)
        self.rect.center = (960, 480)
        self.buttons = [
            Button(pygame.Rect(self.rect.x + 40, self.rect.bottom - 90, 320, 64), yes,
                   on_click=lambda: (self.close(), on_yes()), key_hint="Enter"),
            Button(pygame.Rect(self.rect.right - 360, self.rect.bottom - 90, 320, 64), no,
                   on_click=self.close, key_hint="Esc"),
        ]

    def applies(self) -> bool:
        return self.view.presenter.version == self.version

    def handle_event(self, event) -> bool:
        """Enter presses the focused button (at first the first), Tab / arrows move between the two,
        Esc answers no. Other keys are not for the table while the question is open."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_SPACE:
                self.buttons[self.focus].click()
            elif not self.focus_key(event):
                return event.key != pygame.K_h
            return True
        buttons_handle(self.buttons, event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.view.fonts
        _veiled_panel(surface, self.rect, 120)
        head = render(fonts.get("title", 28), self.title, theme.WARN)
        surface.blit(head, head.get_rect(midtop=(self.rect.centerx, self.rect.y + 20)))
        blit_wrapped(surface, fonts.get("body", 22), self.text, theme.TEXT,
                     pygame.Rect(self.rect.x + 40, self.rect.y + 74, self.rect.w - 80, 120), align="center")
        for b in self.buttons:
            b.draw(surface, fonts, size=20, role="body")
        self.draw_focus(surface)


class HintPlan(Modal):
    """The hint's whole plan, which the prompt bar may have to cut short: every step on a line of
    its own. H, Esc, Enter or a click closes it; so does any change of the position."""

    WIDTH = 900

    def __init__(self, view, words: str) -> None:
        self.view, self.words = view, words
        self.version = view.presenter.version
        self.rect = pygame.Rect(0, 0, self.WIDTH, 0)

    def applies(self) -> bool:
        return self.view.presenter.version == self.version

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_h, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.close()
                return True
            return False  # the table's other keys (undo, the rules) still work
        if _is_click(event):
            self.close()
        return True

    def lines(self, font) -> list[str]:
        return [line for step in plan_steps(self.words) for line in wrap(font, step, self.rect.w - 60)]

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.view.fonts
        head, body, foot = fonts.get("title", 26), fonts.get("body", 22), fonts.get("italic", 18)
        lines = self.lines(body)
        self.rect.h = 28 + head.get_linesize() + 12 + len(lines) * body.get_linesize() + 16 + foot.get_linesize() + 20
        self.rect.center = (960, 460)
        _veiled_panel(surface, self.rect, 120)
        y = self.rect.y + 28
        surface.blit(render(head, _("The hint's whole plan"), theme.GOLD), (self.rect.x + 30, y))
        y += head.get_linesize() + 12
        for line in lines:
            surface.blit(render(body, line, theme.TEXT), (self.rect.x + 30, y))
            y += body.get_linesize()
        close = _("H, Esc or a click closes it.")
        surface.blit(render(foot, close, theme.TEXT_DIM), (self.rect.x + 30, y + 16))


def plan_steps(words: str) -> list[str]:
    """A hint's words as its steps, a bullet each: each sentence, and each "then …" in one."""
    steps = []
    for sentence in words.replace(". ", ".\n").split("\n"):
        steps += sentence.split(_(", then "))
    return ["• " + step.strip() for step in steps if step.strip()]


PILE_CARD_W = 170  # a pile's cards at 100 %: larger with the UI scale, smaller when many must fit


class PileViewer(Modal):
    """Face-up piles to look through (discard, sacrificed); set-aside interference face down."""

    TABS = (("discard", N_("Discard pile")), ("sacrificed", N_("Sacrificed")), ("set_aside", N_("Set aside")))

    def __init__(self, view, zone: str) -> None:
        self.view = view
        self.zone = zone
        self.rect = pygame.Rect(140, 90, 1640, 900)
        self.tabs = [Button(pygame.Rect(self.rect.x + 24 + n * 260, self.rect.y + 18, 240, 50),
                            f"{_(label)} ({len(view.game.zone(z))})", on_click=lambda z=z: self._show(z))
                     for n, (z, label) in enumerate(self.TABS)]
        self.buttons = self.tabs + [Button(pygame.Rect(self.rect.right - 200, self.rect.y + 18, 176, 50),
                                           _("Close"), on_click=self.close, key_hint="Esc")]

    def _show(self, zone: str) -> None:
        self.zone = zone

    def handle_event(self, event) -> bool:
        """Esc (or Enter) closes; Tab, the arrows and 1–3 choose the pile shown."""
        if event.type == pygame.KEYDOWN:
            index = number_key(event)
            zones = [z for z, _label in self.TABS]
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            elif index is not None and index < len(zones):
                self.zone = zones[index]
            elif list_key(event, len(zones), zones.index(self.zone)) is not None:
                self.zone = zones[list_key(event, len(zones), zones.index(self.zone))]
            else:
                return event.key != pygame.K_h
            return True
        if not buttons_handle(self.buttons, event) and _is_click(event) \
                and not self.rect.collidepoint(event.pos):
            self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.view.fonts
        game = self.view.game
        _veiled_panel(surface, self.rect)
        for (zone, _label), tab in zip(self.TABS, self.tabs):
            tab.hot = zone == self.zone
            tab.draw(surface, fonts, size=20, role="body")
            if zone == self.zone:  # the open tab is marked by a bar under it, not by its colour alone
                bar = pygame.Rect(tab.rect.x + 12, tab.rect.bottom + 4, tab.rect.w - 24, 5)
                pygame.draw.rect(surface, theme.CANDLE, bar, border_radius=2)
        self.buttons[-1].draw(surface, fonts, size=20, role="body")
        cards = game.zone(self.zone)
        area = pygame.Rect(self.rect.x + 20, self.rect.y + 90, self.rect.w - 40, self.rect.h - 110)
        if not cards:
            text = render(fonts.get("italic", 24), _("Empty."), theme.TEXT_DIM)
            surface.blit(text, text.get_rect(center=area.center))
            return
        font = fonts.get("body", 17)
        for inst, slot in zip(cards, play_slots(area, len(cards), card_w=style.scaled(PILE_CARD_W))):
            carddef = game.cards[inst.card_id]
            if self.zone == "set_aside":
                surface.blit(self.view.renderer.back(round(slot.w)), slot)
                label = font.render(_("Interference, level {level}").format(level=carddef.level), True,
                                    theme.TEXT)  # under the card, clear of the back's own words
                surface.blit(label, label.get_rect(midtop=(slot.centerx, slot.bottom + 6)))
            else:
                surface.blit(self.view.renderer.face(inst.card_id, round(slot.w)), slot)


SPOTLIGHT_CARD_W = 460  # the arriving interference card, shown large (its face is drawn ahead)


class InterferenceSpotlight(Modal):
    """An interference card just drawn, shown large. It waits for the player: Enter (or a click, for
    a free one) summons it; Esc puts it off to look at the table or raise power first. Two drawn
    together are shown one after the other."""

    def __init__(self, view, uid: int) -> None:
        self.view = view
        self.uid = uid
        game = view.game
        self.carddef = game.cards[game.card(uid).card_id]
        self.cost = game.summon_cost(uid)
        self.rect = pygame.Rect(0, 0, 1000, 720)
        self.rect.center = (960, 500)
        self.card_rect = pygame.Rect(self.rect.x + 40, self.rect.y + 40, SPOTLIGHT_CARD_W, 644)
        bx = self.card_rect.right + 40
        if self.cost == 0:
            self.buttons = [Button(pygame.Rect(bx, self.rect.bottom - 120, 420, 70), _("Summon it now"),
                                   on_click=self._summon, key_hint="Enter")]
        else:
            self.buttons = [
                Button(pygame.Rect(bx, self.rect.bottom - 200, 420, 70), _("Raise power first"),
                       on_click=self.close, detail=_("then drag it into play"), key_hint="Esc"),
                Button(pygame.Rect(bx, self.rect.bottom - 120, 420, 70), _("Summon it now"),
                       on_click=self._summon, detail=self._shortfall(), key_hint="Enter"),
            ]
        self.focus = len(self.buttons) - 1

    def words(self) -> str:
        """What the spotlight says under its title (drawn, and spoken with speech on)."""
        if self.cost == 0:
            return _("{name} is drawn and must be summoned at once. It costs nothing; it enters play "
                     "when you click or press Enter.").format(name=self.carddef.name)
        return _("{name} is drawn and must be summoned before anything else. It costs {cost}P; each "
                 "point you lack is 1 damage. You may first use actions that gain power or take "
                 "tokens from the Grimoire, then drag it into play.").format(name=self.carddef.name,
                                                                              cost=self.cost)

    def _shortfall(self) -> str:
        missing = max(0, self.cost - self.view.game.power)
        if not missing:
            return _("you have the power")
        return _("missing {n}P: {n} damage").format(n=missing)

    def applies(self) -> bool:
        game = self.view.game
        return game.pending is None and self.uid in {c.uid for c in game.zone("hand")}

    def _summon(self) -> None:
        self.close()
        self.view.submit(Summon(self.uid))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self._summon()
            elif event.key == pygame.K_ESCAPE:  # look at the table first; it stays in hand, outlined
                self.close()
            elif not self.focus_key(event):
                return event.key != pygame.K_h
            return True
        if not buttons_handle(self.buttons, event) and _is_click(event) and self.cost == 0:
            self._summon()
        return True

    def covers(self) -> pygame.Rect:
        return self.rect.inflate(-2 * PANEL_RADIUS, -2 * PANEL_RADIUS)

    def look(self) -> tuple:
        return (self.carddef.id, tuple(self.rect), self.words(), self.focus, self.keyboard,
                tuple((tuple(b.rect), b.label, b.detail, b.enabled, b.hot, b.key_hint) for b in self.buttons))

    def draw_empty(self, surface: pygame.Surface, within: list[pygame.Rect] | None = None) -> None:
        _veiled_panel(surface, self.rect, 170, within)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.view.fonts
        self.draw_empty(surface)
        surface.blit(self.view.renderer.face(self.carddef.id, self.card_rect.w), self.card_rect)
        x = self.card_rect.right + 40
        w = self.rect.right - x - 40
        heading = _("Interference!")
        head = render(fit_font(fonts, "title", heading, w, 34, 20), heading, theme.WARN)
        surface.blit(head, (x, self.rect.y + 50))
        blit_wrapped(surface, fonts.get("body", 24), self.words(), theme.TEXT,
                     pygame.Rect(x, self.rect.y + 110, w, 300), line_gap=4)
        for b in self.buttons:
            b.draw(surface, fonts, size=24, role="body")
        self.draw_focus(surface)
