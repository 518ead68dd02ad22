"""Modal panels over the table: a card's actions, a picker for a decision, a confirmation, a
pile viewer and the interference spotlight. One at a time; each consumes the events it gets."""

from __future__ import annotations

import pygame

from aleph_null_desktop.engine import Activate, Choose, Summon
from aleph_null_desktop.engine.text import action_text
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.table.arrange import play_slots
from aleph_null_desktop.ui.text import blit_wrapped, wrap
from aleph_null_desktop.ui.widgets import Button, buttons_handle


def _is_click(event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and event.button == 1


_veils: dict[tuple, pygame.Surface] = {}


def shade(size, alpha: int) -> pygame.Surface:
    """A translucent black veil of the given size, made once."""
    key = (tuple(size), alpha)
    if key not in _veils:
        _veils[key] = pygame.Surface(size, pygame.SRCALPHA)
        _veils[key].fill((0, 0, 0, alpha))
    return _veils[key]


def _shade(surface: pygame.Surface, alpha: int = 150) -> None:
    surface.blit(shade(surface.get_size(), alpha), (0, 0))


def _panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
    pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=12)


class Modal:
    done = False
    blocks_table = True  # False: the table still sees the mouse (not used by a modal that shades)

    def handle_event(self, event) -> bool:
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def close(self) -> None:
        self.done = True


class ActionMenu(Modal):
    """A card's moves as buttons: cost → effect, greyed with the engine's reason when not legal."""

    def __init__(self, scene, uid: int, anchor: pygame.FRect) -> None:
        self.scene = scene
        game = scene.game
        carddef = game.cards[game.card(uid).card_id]
        self.title = carddef.name
        commands = []
        if game.zone_of(uid) == "hand":
            cost = "special cost" if carddef.cost is None else f"cost {game.summon_cost(uid)}P"
            commands.append((Summon(uid), f"Summon ({cost})"))
        else:
            commands += [(Activate(uid, a.id), action_text(a)) for a in carddef.actions]
        width = 420
        fonts = scene.app.fonts
        self.buttons = []
        for cmd, label in commands:
            reason = game.explain(cmd)
            detail = f"Not now: {reason}" if reason else ""
            lines = len(wrap(fonts.get("italic", 16), detail, width - 40)) if detail else 0
            self.buttons.append(Button(pygame.Rect(0, 0, width - 24, 50 + 20 * lines), label,
                                       on_click=lambda c=cmd: self._choose(c), enabled=reason is None,
                                       detail=detail))
        if not self.buttons:
            self.empty = f"{carddef.name} has no actions; it works while it is in play."
        else:
            self.empty = ""
        height = 56 + sum(b.rect.h + 8 for b in self.buttons) + (60 if self.empty else 0) + 8
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (anchor.centerx, anchor.top - 6)
        if rect.top < 10:
            rect.top = anchor.bottom + 6
        rect.clamp_ip(pygame.Rect(0, 0, *theme.LOGICAL_SIZE))
        self.rect = rect
        y = rect.y + 48
        for b in self.buttons:
            b.rect.topleft = (rect.x + 12, y)
            y += b.rect.h + 8

    def _choose(self, cmd) -> None:
        self.close()
        self.scene.submit(cmd)

    def handle_event(self, event) -> bool:
        if buttons_handle(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and not self.rect.collidepoint(event.pos):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.scene.app.fonts
        _panel(surface, self.rect)
        head = fonts.get("title", 22).render(self.title, True, theme.GOLD)
        surface.blit(head, (self.rect.x + 14, self.rect.y + 12))
        for b in self.buttons:
            b.draw(surface, fonts, size=20, role="body")
        if self.empty:
            blit_wrapped(surface, fonts.get("italic", 18), self.empty, theme.TEXT,
                         pygame.Rect(self.rect.x + 14, self.rect.y + 50, self.rect.w - 28, 60))


PICKER_W = 1600
PICKER_LABEL_H = 46  # two lines of the option's numbered name under each card
PICKER_ROW_GAP = 14


def picker_slots(count: int, width: int, max_height: int) -> tuple[list[pygame.FRect], int]:
    """Card rectangles for a picker (relative to its card area) and the area's height: the largest
    cards that fit, in balanced rows, each row leaving room for the names under its cards."""
    if count == 0:
        return [], 0
    gap = 10
    for w in (260, 230, 200, 180, 160, 140, 120, 100):
        h = round(w * theme.CARD_RATIO)
        cols = max(1, min(count, (width + gap) // (w + gap)))
        rows = -(-count // cols)
        total = rows * (h + PICKER_LABEL_H) + (rows - 1) * PICKER_ROW_GAP
        if total <= max_height:
            break
    per_row = -(-count // rows)  # balanced: 13 cards in two rows are 7 + 6, not 12 + 1
    slots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x0 = (width - (in_row * w + (in_row - 1) * gap)) / 2
        slots.append(pygame.FRect(x0 + col * (w + gap), row * (h + PICKER_LABEL_H + PICKER_ROW_GAP), w, h))
    return slots, total


class ChoicePicker(Modal):
    """A decision whose options are not on the table (a deck search, a pile, an order of † effects):
    the options are shown as cards (or words) to click; "up to" choices offer "none"."""

    def __init__(self, scene, decision) -> None:
        self.scene = scene
        self.decision = decision
        game = scene.game
        card_opts = [(i, o) for i, o in enumerate(decision.options) if o.uid is not None]
        word_opts = [(i, o) for i, o in enumerate(decision.options) if o.uid is None]
        # as large as the options allow: one row of big cards, or a grid of smaller ones, each card
        # with room for its numbered name under it
        words_h = 100 if word_opts else 0
        slots, cards_h = picker_slots(len(card_opts), PICKER_W - 80, 1080 - 40 - 110 - words_h - 20)
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
            label = "None: choose nothing" if o.label.strip().lower() == "none" else o.label
            self.buttons.append(Button(pygame.Rect(x, area.bottom - 90, 300, 64), label,
                                       on_click=lambda i=i: self._choose(i)))
            x += 330
        self.hover = None
        self.game = game

    def _choose(self, index: int) -> None:
        self.close()
        self.scene.submit(Choose(index))

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, _, slot in self.cards if slot.collidepoint(event.pos)), None)
        if buttons_handle(self.buttons, event):
            return True
        if _is_click(event):
            for i, _, slot in self.cards:
                if slot.collidepoint(event.pos):
                    self._choose(i)
                    return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.scene.app.fonts
        renderer = self.scene.renderer
        _shade(surface)
        _panel(surface, self.rect)
        blit_wrapped(surface, fonts.get("title", 26), self.decision.prompt, theme.GOLD,
                     pygame.Rect(self.rect.x + 24, self.rect.y + 18, self.rect.w - 48, 70), align="center")
        hint = "Click a card to choose it." if self.cards else "Choose one."
        if self.buttons and self.cards:
            hint = "Click a card to choose it, or choose none below."
        image = fonts.get("italic", 19).render(hint, True, theme.TEXT_DIM)
        surface.blit(image, image.get_rect(midtop=(self.rect.centerx, self.rect.y + 58)))
        label_font = fonts.get("body", 17)
        for i, option, slot in self.cards:
            r = pygame.Rect(slot)
            if i == self.hover:
                r.y -= 12
                pygame.draw.rect(surface, theme.GLOW_LEGAL, r.inflate(12, 12), 4, border_radius=12)
            face = renderer.face(self.game.card(option.uid).card_id, r.w)
            surface.blit(face, r)
            words = wrap(label_font, f"{i + 1}. {option.label}", r.w + 10)[:2]
            for n, line in enumerate(words):
                img = label_font.render(line, True, theme.TEXT)
                surface.blit(img, img.get_rect(midtop=(r.centerx, r.bottom + 4 + n * label_font.get_linesize())))
        for b in self.buttons:
            b.draw(surface, fonts, size=20, role="body")


class ConfirmDialog(Modal):
    def __init__(self, scene, title: str, text: str, yes: str, on_yes, no: str = "Keep playing") -> None:
        self.scene = scene
        self.title, self.text = title, text
        self.rect = pygame.Rect(0, 0, 760, 300)
        self.rect.center = (960, 480)
        self.buttons = [
            Button(pygame.Rect(self.rect.x + 40, self.rect.bottom - 90, 320, 64), yes,
                   on_click=lambda: (self.close(), on_yes()), key_hint="Enter"),
            Button(pygame.Rect(self.rect.right - 360, self.rect.bottom - 90, 320, 64), no,
                   on_click=self.close, key_hint="Esc"),
        ]

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.buttons[0].click()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        else:
            buttons_handle(self.buttons, event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.scene.app.fonts
        _shade(surface, 120)
        _panel(surface, self.rect)
        head = fonts.get("title", 28).render(self.title, True, theme.WARN)
        surface.blit(head, head.get_rect(midtop=(self.rect.centerx, self.rect.y + 20)))
        blit_wrapped(surface, fonts.get("body", 22), self.text, theme.TEXT,
                     pygame.Rect(self.rect.x + 40, self.rect.y + 74, self.rect.w - 80, 120), align="center")
        for b in self.buttons:
            b.draw(surface, fonts, size=20, role="body")


class PileViewer(Modal):
    """Face-up piles to look through (discard, sacrificed); set-aside interference face down."""

    TABS = (("discard", "Discard pile"), ("sacrificed", "Sacrificed"), ("set_aside", "Set aside"))

    def __init__(self, scene, zone: str) -> None:
        self.scene = scene
        self.zone = zone
        self.rect = pygame.Rect(140, 90, 1640, 900)
        self.tabs = [Button(pygame.Rect(self.rect.x + 24 + n * 260, self.rect.y + 18, 240, 50),
                            f"{label} ({len(scene.game.zone(z))})", on_click=lambda z=z: self._show(z))
                     for n, (z, label) in enumerate(self.TABS)]
        self.buttons = self.tabs + [Button(pygame.Rect(self.rect.right - 200, self.rect.y + 18, 176, 50),
                                           "Close", on_click=self.close, key_hint="Esc")]

    def _show(self, zone: str) -> None:
        self.zone = zone

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif not buttons_handle(self.buttons, event) and _is_click(event) \
                and not self.rect.collidepoint(event.pos):
            self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.scene.app.fonts
        game = self.scene.game
        _shade(surface)
        _panel(surface, self.rect)
        for (zone, _), tab in zip(self.TABS, self.tabs):
            tab.hot = zone == self.zone
            tab.draw(surface, fonts, size=20, role="body")
            if zone == self.zone:  # the open tab is marked by a bar under it, not by its colour alone
                bar = pygame.Rect(tab.rect.x + 12, tab.rect.bottom + 4, tab.rect.w - 24, 5)
                pygame.draw.rect(surface, theme.CANDLE, bar, border_radius=2)
        self.buttons[-1].draw(surface, fonts, size=20, role="body")
        cards = game.zone(self.zone)
        area = pygame.Rect(self.rect.x + 20, self.rect.y + 90, self.rect.w - 40, self.rect.h - 110)
        if not cards:
            text = fonts.get("italic", 24).render("Empty.", True, theme.TEXT_DIM)
            surface.blit(text, text.get_rect(center=area.center))
            return
        font = fonts.get("body", 17)
        for inst, slot in zip(cards, play_slots(area, len(cards), card_w=170)):
            carddef = game.cards[inst.card_id]
            if self.zone == "set_aside":
                surface.blit(self.scene.renderer.back(round(slot.w)), slot)
                label = font.render(f"Interference, level {carddef.level}", True, theme.TEXT)
                surface.blit(label, label.get_rect(midtop=(slot.centerx, slot.bottom - 34)))
            else:
                surface.blit(self.scene.renderer.face(inst.card_id, round(slot.w)), slot)


class InterferenceSpotlight(Modal):
    """An interference card just drawn, shown large. A free one is summoned when the player has
    seen it (click, or after a moment); a costly one waits until the player has raised power."""

    AUTO_SECONDS = 2.5

    def __init__(self, scene, uid: int) -> None:
        self.scene = scene
        self.uid = uid
        game = scene.game
        self.carddef = game.cards[game.card(uid).card_id]
        self.cost = game.summon_cost(uid)
        self.timer = 0.0
        self.rect = pygame.Rect(0, 0, 1000, 720)
        self.rect.center = (960, 500)
        self.card_rect = pygame.Rect(self.rect.x + 40, self.rect.y + 40, 460, 644)
        bx = self.card_rect.right + 40
        if self.cost == 0:
            self.buttons = [Button(pygame.Rect(bx, self.rect.bottom - 120, 420, 70), "Summon it now",
                                   on_click=self._summon, key_hint="Enter")]
        else:
            self.buttons = [
                Button(pygame.Rect(bx, self.rect.bottom - 200, 420, 70), "Raise power first",
                       on_click=self.close, detail="then drag it into play", key_hint="Esc"),
                Button(pygame.Rect(bx, self.rect.bottom - 120, 420, 70), "Summon it now",
                       on_click=self._summon, detail=self._shortfall(), key_hint="Enter"),
            ]

    def _shortfall(self) -> str:
        missing = max(0, self.cost - self.scene.game.power)
        return f"missing {missing}P: {missing} damage" if missing else "you have the power"

    def _summon(self) -> None:
        self.close()
        self.scene.submit(Summon(self.uid))

    def update(self, dt: float) -> None:
        if self.cost == 0:
            self.timer += dt
            if self.timer >= self.AUTO_SECONDS and not self.done:
                self._summon()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._summon()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.cost:
            self.close()
        elif not buttons_handle(self.buttons, event) and _is_click(event) and self.cost == 0:
            self._summon()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.scene.app.fonts
        _shade(surface, 170)
        _panel(surface, self.rect)
        surface.blit(self.scene.renderer.face(self.carddef.id, self.card_rect.w), self.card_rect)
        x = self.card_rect.right + 40
        w = self.rect.right - x - 40
        head = fonts.get("title", 34).render("Interference!", True, theme.WARN)
        surface.blit(head, (x, self.rect.y + 50))
        if self.cost == 0:
            text = (f"{self.carddef.name} is drawn and must be summoned at once. It costs nothing; "
                    "it enters play when you click.")
        else:
            text = (f"{self.carddef.name} is drawn and must be summoned before anything else. It costs "
                    f"{self.cost}P; each point you lack is 1 damage. You may first use actions that gain "
                    "power or take tokens from the Grimoire, then drag it into play.")
        blit_wrapped(surface, fonts.get("body", 24), text, theme.TEXT,
                     pygame.Rect(x, self.rect.y + 110, w, 300), line_gap=4)
        for b in self.buttons:
            b.draw(surface, fonts, size=24, role="body")
