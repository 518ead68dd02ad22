"""The table's cards as sprites: each card eases towards its slot in the hand or in play, or flies
between piles, following the engine's `moved` events. A part of TableScene."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.render.tween import CardSprite
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, hand_slots, play_slots

# engine zone -> layout rectangle where its cards rest
PILE_RECT = {"deck": "deck", "discard": "discard", "sacrificed": "sacrifice", "set_aside": "set_aside",
             "hand": "hand", "play": "play"}


class TableSprites:
    # ------------------------------------------------------------------ sprites
    def _pile_rect(self, zone: str, size) -> pygame.FRect:
        rect = pygame.FRect((0, 0), size)
        name = PILE_RECT.get(zone, "deck")
        area = self.rects[name]
        rect.center = area.center if name in ("hand", "play") else panels.pile_card_rect(area).center
        return rect

    def play_area(self) -> pygame.Rect:
        """Where the cards in play are laid out (a lesson keeps its coach's panel clear of them)."""
        return self.rects["play"]

    def _slots(self) -> dict[int, pygame.FRect]:
        hand, play = self.game.zone("hand"), self.game.zone("play")
        slots = dict(zip((c.uid for c in hand), hand_slots(self.rects["hand"], len(hand))))
        slots.update(zip((c.uid for c in play), play_slots(self.play_area(), len(play), title_room=PLAY_TITLE_ROOM)))
        return slots

    def _refresh_sprites(self, moves: dict[int, str], instant: bool = False, into_circle=()) -> None:
        """Cards of the hand and play glide to their slots; a card that changed zone travels from
        where it was (a pile, the set-aside interference) and every such journey is a motion. The
        cards BAPHOMET's summoning consumes (`into_circle`) are drawn one by one into his circle."""
        speed = 0.0 if instant else self.speed
        slots = self._slots()
        arrivals = 0
        for uid, slot in slots.items():
            sprite = self.sprites.get(uid)
            origin = moves.get(uid) or self.last_zone.get(uid, "deck")
            if sprite is None:
                start = (pygame.FRect(self._pile_rect(origin, self._pile_card_size()))
                         if origin not in ("hand", "play") else pygame.FRect(slot))
                sprite = CardSprite(uid, start)
                self.sprites[uid] = sprite
            delay = (0.03 if self.calm else 0.07) * arrivals if uid in moves else 0.0
            if sprite.move_to(slot, speed=speed, delay=delay) and uid in moves:
                self.motions.append((uid, origin, self.game.zone_of(uid)))
                arrivals += 1
        circle = list(into_circle)
        for uid in [u for u in self.sprites if u not in slots]:
            sprite = self.sprites.pop(uid)
            destination = self.game.zone_of(uid)
            target, delay, seconds = self._pile_rect(destination, self._pile_card_size()), 0.0, None
            if uid in circle:
                target = pygame.FRect(0, 0, 24, 34)
                target.center = self.rects["play"].center
                if self.calm:  # less motion: the cards go in quickly and straight, nearly together
                    delay, seconds = 0.05 + 0.2 * circle.index(uid) / max(1, len(circle) - 1), 0.25
                else:
                    delay, seconds = 0.15 + 0.6 * circle.index(uid) / max(1, len(circle) - 1), 0.5
            if sprite.move_to(target, speed=speed, delay=delay, seconds=seconds):
                self.ghosts.append((sprite, self.game.card(uid).card_id))
                self.motions.append((uid, self.last_zone.get(uid, moves.get(uid, "play")), destination))
        self.last_zone = {c.uid: z for z in ("deck", "hand", "play", "discard", "sacrificed", "set_aside")
                          for c in self.game.zone(z)}
        self._let_go_of_moved_card()

    def _put_back_held_card(self) -> None:
        """The card (or token) in the air goes back where it was picked up; the release, if it ever
        comes, belongs to nothing."""
        drag = self.drag
        sprite = self.sprites.get(drag["uid"]) if drag and "uid" in drag else None
        if sprite is not None:
            sprite.jump_from(self._drag_rect(drag, sprite))
        self.grip.cancel()
        self.press_owner = "closed"

    def _let_go_of_moved_card(self) -> None:
        """A card held by the mouse that a key command moved (Space, Ctrl+Z, a number key) is let go."""
        grip = self.grip
        if grip.busy and not grip.token and (grip.uid not in self.sprites or
                                             self.game.zone_of(grip.uid) != grip.source):
            grip.cancel()

    def _pile_card_size(self) -> tuple[int, int]:
        return panels.pile_card_rect(self.rects["deck"]).size

    def _fly_between(self, uid: int, source: str, destination: str, face_up: bool = True,
                     delay: float = 0.0) -> None:
        """A card travelling from one pile to another (interference arriving, a reshuffle)."""
        sprite = CardSprite(uid, self._pile_rect(source, self._pile_card_size()))
        if sprite.move_to(self._pile_rect(destination, self._pile_card_size()), speed=self.speed, delay=delay):
            self.ghosts.append((sprite, self.game.card(uid).card_id if face_up else None))
            self.motions.append((uid, source, destination))
