"""The table's controls: mouse, keys and a pad become gestures (press, drag, drop, click, double
click, keys, a carried card) and each gesture an intent (TableIntents: one engine command, a panel,
or the engine's reason why not). Precedence: the card read large, then the open panel, then the
table; the table's own keys are its TableKeyboard's.

`TableControls` holds the input's own state (the Grip, the panel a press began on, the mouse, what
it rests on and how long, the card read large, Alt) and reaches the table only through what it is
given: the view (the presenter, and what the panels it opens see), the cards' sprites, the zones,
the focus, the buttons, the log, the Grimoire's page and `TableVerbs`, the few things it may ask
of the table itself."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.grimoire import open_reference
from aleph_null_desktop.ui.table import spoken
from aleph_null_desktop.ui.table.arrange import HOVER_LIFT
from aleph_null_desktop.ui.table.card_tips import HOVER_SECONDS
from aleph_null_desktop.ui.widgets.keyfocus import ARROWS, is_enter
from aleph_null_desktop.ui.table.gestures import Grip
from aleph_null_desktop.ui.table.intents import TableIntents
from aleph_null_desktop.ui.table.keyboard import TableKeyboard
from aleph_null_desktop.ui.table.overlays import ActionMenu, PileViewer
from aleph_null_desktop.ui.table.view import TableVerbs


class TableControls:
    def __init__(self, app, view, cards, rects, *, focus, buttons, none_button, log, grimoire,
                 verbs: TableVerbs) -> None:
        self.app, self.view, self.presenter = app, view, view.presenter
        self.cards, self.sprites, self.rects = cards, cards.sprites, rects
        self.focus, self.buttons, self.none_button = focus, buttons, none_button
        self.log, self.grimoire, self.verbs = log, grimoire, verbs
        self.grip = Grip()  # the left button's gesture: idle → pressed → dragging → released or cancelled
        self.press_owner = None  # the panel (or None: the table) the left button went down on
        self.mouse = (0, 0)
        self.hover_uid: int | None = None
        self.hover_by_keys = False  # the keyboard's focus lifted hover_uid (its tip only on request: Alt)
        self.big_uid: int | None = None
        self.alt_held = False
        self.hover_time, self._hover_seen = 0.0, None  # how long the mouse has rested on hover_uid
        self.intents = TableIntents(self.presenter, verbs, open_menu=self.open_menu, open_pile=self._open_pile,
                                    open_book=lambda: open_reference(app, grimoire.page))
        self.keyboard = TableKeyboard(app, self.presenter, focus=focus, log=log, buttons=buttons, verbs=verbs,
                                      intents=self.intents, lift=self._lift_by_keys, pick_up=self.pick_up,
                                      open_menu=self.open_menu, tip_shown=self.card_tip_shown)

    @property
    def game(self):
        return self.presenter.game

    def book_page(self) -> str | None:
        """The spread the Grimoire opens at if the player opens it now: this Hour's while the mouse
        is on the table's small Grimoire (a click opens it there), else F1's (None: the book's first)."""
        return self.grimoire.page if self.grimoire.hit(self.mouse) else self.keyboard.reference_page()

    def update(self, dt: float) -> None:
        """The mouse rests on a card a moment before it is read large."""
        if self.hover_uid != self._hover_seen:
            self._hover_seen, self.hover_time = self.hover_uid, 0.0
        else:
            self.hover_time += dt

    def settling(self) -> bool:
        """The mouse rests on a card and its tip is not shown yet (frames meanwhile)."""
        return self.hover_uid is not None and self.hover_time < HOVER_SECONDS

    def seen(self) -> dict:
        """What the input is doing now, for the painter's Moment."""
        drag = self.drag
        held = self.sprites.get(drag["uid"]) if drag and "uid" in drag else None
        return dict(mouse=self.mouse, hover=self.hover_uid,
                    big=self.big_uid if self.big_uid is not None else (self.hover_uid if self.alt_held else None),
                    drag=drag, held=self._drag_rect(drag, held) if held is not None else None,
                    over=self.drop_target(drag["pos"]) if drag else None, carried=bool(drag and drag.get("carried")),
                    drops=self.legal_drop_zones(), tip=self.card_tip_shown(), disabled=self.disabled_tip())

    def card_at(self, pos) -> int | None:
        """The topmost card of the hand or of play under the point."""
        hovered = self.hover_uid
        order = [c.uid for c in self.game.zone("play")] + [c.uid for c in self.game.zone("hand")]
        if hovered in order:  # the lifted card is drawn on top
            order.remove(hovered)
            order.append(hovered)
        for uid in reversed(order):
            sprite = self.sprites.get(uid)
            if sprite is None:
                continue
            rect = pygame.FRect(sprite.target)
            if uid == hovered:
                rect.h += HOVER_LIFT
                rect.y -= HOVER_LIFT
            if rect.collidepoint(pos):
                return uid
        return None

    def card_tip_shown(self) -> bool:
        """Whether the card the mouse rests on is read in its tip (never for the keyboard's focus:
        its label says less, and Alt reads the card large)."""
        uid = self.hover_uid
        return not (uid is None or uid not in self.sprites or self.hover_time < HOVER_SECONDS or self.drag
                    or self.hover_by_keys or self.verbs.panel() is not None or self.big_uid is not None
                    or self.alt_held)

    def disabled_tip(self):
        """(the greyed button under the mouse or the keyboard's focus, why it is greyed), or None."""
        if self.verbs.panel() is not None:
            return None
        stop = self.focus.current() if self.focus.visible else None
        for name, button in self.buttons.items():
            if not button.enabled and (button.hit(self.mouse) or stop == ("button", name)):
                reason = self.presenter.disabled_reason(name)
                if reason:
                    return button, reason
        return None

    # ------------------------------------------------------------------ events
    def open_menu(self, uid: int, keyboard: bool = False) -> None:
        sprite = self.sprites.get(uid)
        anchor = sprite.rect if sprite else pygame.FRect(self.rects["play"].center, (1, 1))
        self.verbs.open_panel(ActionMenu(self.view, uid, anchor, keyboard=keyboard))

    def _open_pile(self, zone: str) -> None:
        self.verbs.open_panel(PileViewer(self.view, {"sacrifice": "sacrificed"}.get(zone, zone)))

    def handle_event(self, event) -> bool:
        """One input, one effect. Precedence: the card read large (any click or Esc closes it),
        then the open panel (menu, picker, question, spotlight, pile), then the table. A click
        counts only where it was pressed: a release after the panel under it changed is dropped."""
        verbs = self.verbs
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LALT, pygame.K_RALT):
            self.alt_held = event.type == pygame.KEYDOWN
            return True
        if self.grip.busy and (event.type == pygame.WINDOWFOCUSLOST or (
                event.type == pygame.MOUSEMOTION and not getattr(event, "buttons", (1,))[0])):
            self.put_back_held_card()  # the button went up where the window could not see it
            if event.type != pygame.MOUSEMOTION:
                return True
        if self.big_uid is not None and (event.type == pygame.MOUSEBUTTONDOWN or
                                         (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.big_uid = None
            self.press_owner = "closed"  # the release of this click belongs to nothing
            self._motion(getattr(event, "pos", self.mouse))  # the table follows the mouse again, from where it is
            return True
        if self.big_uid is not None and event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos  # under the card read large, the veiled table does not follow the mouse
            return True
        if self.game.outcome is not None:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                verbs.judgement_now()  # any click or key: the Judgement at once
                return True
            return event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN)
        if self.grip.carried and event.type == pygame.KEYDOWN and self._carry_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.visible = False
            if isinstance(verbs.panel(), ActionMenu) and getattr(event, "clicks", 1) >= 2:
                verbs.open_panel(None)  # the second click of a double-click goes to the card, not the menu
            self.press_owner = verbs.panel()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            owner, self.press_owner = self.press_owner, None
            if owner is not verbs.panel():  # pressed on something that has gone since
                self.grip.cancel()
                return True
        panel = verbs.panel()
        if panel is not None:
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            self.grip.cancel()
            focus = panel.focus
            used = panel.handle_event(event)
            if verbs.panel() is panel and used and (panel.focus != focus or isinstance(panel, PileViewer)):
                self.app.speak(lambda: spoken.modal_focus_words(panel), interrupt=True)
            verbs.close_stale_panel()
            if used or event.type != pygame.KEYDOWN:
                return bool(used)
            return self.keyboard.key(event, beside_panel=verbs.panel() is not None)
        if event.type == pygame.KEYDOWN:
            return self.keyboard.key(event)
        elif event.type == pygame.MOUSEWHEEL:
            if self.rects["log"].collidepoint(self.mouse):
                self.log.wheel(event.y)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._button_down(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._button_up(event.pos)
        else:
            return False
        return True

    def _lift_by_keys(self, uid: int | None) -> None:
        self.hover_uid, self.hover_by_keys = uid, uid is not None

    # ------------------------------------------------------------------ a card carried by the pad
    def pick_up(self, uid: int) -> None:
        """A pad's A on a card in the hand: the card is held over the first place it may land
        (the play area), as if dragged there; A drops it, B puts it back, the d-pad moves it."""
        sprite = self.sprites.get(uid)
        if sprite is None:
            return
        self.grip.carry(uid, self.game.zone_of(uid), (sprite.target.w / 2, sprite.target.h / 2))
        self._carry_to(self._carry_places()[0])
        self.hover_uid = None

    def _carry_places(self) -> list[str]:
        """Where the carried card may be taken: the places it may land first, then its own."""
        drag = self.drag
        zones = self.presenter.drop_zones(drag["uid"], drag["source"])
        places = sorted(zones, key=lambda z: not zones[z]) + [drag["source"]]
        return [p for p in dict.fromkeys(places) if p in self.rects]

    def _carry_to(self, place: str) -> None:
        self.grip.carry_to(place, self.rects[place].center)

    def _carry_key(self, event) -> bool:
        """The d-pad (arrows) moves the carried card to the next place, A (Enter) drops it there,
        B (Esc) puts it back. Other keys do what they do (it is let go if they move it)."""
        if is_enter(event):
            gesture = self.grip.release(self.grip.pos)
            self._drop(gesture[1], gesture[2])
            return True
        if event.key == pygame.K_ESCAPE:
            self.put_back_held_card()
            return True
        if event.key in ARROWS:
            places = self._carry_places()
            here = places.index(self.grip.place) if self.grip.place in places else 0
            step = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self._carry_to(places[(here + step) % len(places)])
            return True
        return False

    # ------------------------------------------------------------------ the mouse
    def _motion(self, pos) -> None:
        self.mouse = pos
        if self.grip.move(pos):
            self._lift()
        if self.drag:
            return
        self.hover_uid, self.hover_by_keys = self.card_at(pos), False
        for button in self.buttons.values():
            button.hot = button.enabled and button.hit(pos)
        self.none_button.hot = self.none_button.hit(pos)

    def _button_down(self, event) -> None:
        pos = event.pos
        self.mouse = pos
        if event.button == 3:
            self.big_uid = self.card_at(pos)
            return
        if event.button != 1:
            return
        uid = self.card_at(pos)
        if uid is not None:
            self.grip.press(pos, getattr(event, "clicks", 1), uid, self.game.zone_of(uid))
        elif self.rects["tokens"].collidepoint(pos) and self.game.tokens:
            self.grip.press(pos)
        else:
            self.grip.cancel()

    def _lift(self) -> None:
        """The press became a drag: the card (or a token) is held where the mouse took it."""
        grip = self.grip
        if grip.token:
            grip.lift((25, 25))
        else:
            sprite = self.sprites[grip.uid]
            grip.lift((grip.start[0] - sprite.rect.x, grip.start[1] - sprite.rect.y), self.game.zone_of(grip.uid))
        self.hover_uid = None

    def _button_up(self, pos) -> None:
        gesture = self.grip.release(pos)
        if gesture[0] == "drop":
            self._drop(gesture[1], pos)
            return
        if gesture[0] == "click":
            self.intents.click_card(gesture[1], gesture[2])
            return
        if gesture[0] == "token":
            self.verbs.take_token()
            return
        for name, button in self.buttons.items():
            if button.hit(pos):
                self.intents.press_button(name, button)
                return
        if self.game.pending is not None and self.presenter.has_none_option() and self.none_button.hit(pos):
            self.none_button.click()
            return
        if self.grimoire.hit(pos):  # the Grimoire's page: open the book at this Hour
            self.intents.open_zone("grimoire")
            return
        zone = self.app.layout.zone_at(*pos, names=("deck", "discard", "sacrifice", "set_aside"))
        if zone:
            self.intents.open_zone(zone)

    def drop_target(self, pos) -> str | None:
        return self.app.layout.zone_at(*pos, names=("play", "hand", "discard", "sacrifice", "power",
                                                    "tokens", "grimoire"))

    def _drop(self, drag, pos) -> None:
        target = self.drop_target(pos)
        if "token" in drag:
            self.intents.drop_token(target)
            return
        sprite = self.sprites.get(drag["uid"])
        if sprite is not None:  # spring back from where it was let go (or glide on if accepted)
            sprite.jump_from(self._drag_rect(drag, sprite))
        self.intents.drop(drag["uid"], drag["source"], target)

    def _drag_rect(self, drag, sprite) -> pygame.FRect:
        """The card in the air; over a pile it shrinks to the pile's size so the pile stays visible."""
        if self.drop_target(drag["pos"]) in ("discard", "sacrifice"):
            small = pygame.FRect((0, 0), self.cards.pile_card_size())
            small.midtop = (drag["pos"][0], drag["pos"][1] - 20)
            return small
        return pygame.FRect(drag["pos"][0] - drag["offset"][0], drag["pos"][1] - drag["offset"][1],
                            sprite.target.w, sprite.target.h)

    def put_back_held_card(self) -> None:
        """The card (or token) in the air goes back where it was picked up; the release, if it ever
        comes, belongs to nothing."""
        drag = self.drag
        sprite = self.sprites.get(drag["uid"]) if drag and "uid" in drag else None
        if sprite is not None:
            sprite.jump_from(self._drag_rect(drag, sprite))
        self.grip.cancel()
        self.press_owner = "closed"

    def let_go_of_moved_card(self) -> None:
        """A card held by the mouse that a key command moved (Space, Ctrl+Z, a number key) is let go."""
        grip = self.grip
        if grip.busy and not grip.token and (grip.uid not in self.sprites or
                                             self.game.zone_of(grip.uid) != grip.source):
            grip.cancel()

    @property
    def drag(self) -> dict | None:
        """What is in the air while dragging (Grip.held): {"uid"|"token", "source", "offset", "pos"}."""
        return self.grip.held()

    @property
    def press(self) -> dict | None:
        """What the left button went down on, while it is down (Grip.pressed)."""
        return self.grip.pressed()

    def legal_drop_zones(self) -> dict[str, bool]:
        """While dragging: each zone the card may land on, and whether the engine allows it."""
        drag = self.drag
        if not drag:
            return {}
        if "token" in drag:
            return {"power": True, "play": True}
        uid, source = drag["uid"], drag["source"]
        return self.presenter.drop_zones(uid, source)
