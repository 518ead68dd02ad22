"""The table's cards as sprites: each card eases towards its slot in the hand or in play, or flies
between piles, following the engine's `moved` events. `TableCards` keeps them; the scene tells it
what moved, the painter draws them."""

from __future__ import annotations

import pygame

from aleph_null_desktop.ui.render.tween import CardSprite
from aleph_null_desktop.ui.table import panels
from aleph_null_desktop.ui.table.arrange import PLAY_TITLE_ROOM, hand_slots, play_slots

# engine zone -> layout rectangle where its cards rest
PILE_RECT = {"deck": "deck", "discard": "discard", "sacrificed": "sacrifice", "set_aside": "set_aside",
             "hand": "hand", "play": "play"}
ZONES = ("deck", "hand", "play", "discard", "sacrificed", "set_aside")


class TableCards:
    """`sprites`: uid -> CardSprite of every card in the hand and in play; `ghosts`: (sprite,
    card_id or None face down) of cards flying between piles; `motions`: (uid, from, to) of every
    journey started (the tests and the speech read it)."""

    def __init__(self, game, rects, play_area=None) -> None:
        """`play_area()`: where the cards in play are laid out (default: the play zone; a lesson
        keeps its coach's panel clear of them)."""
        self.game, self.rects = game, rects
        self.play_area = play_area or (lambda: rects["play"])
        self.sprites: dict[int, CardSprite] = {}
        self.ghosts: list[tuple[CardSprite, str | None]] = []
        self.motions: list[tuple[int, str, str]] = []
        self.last_zone: dict[int, str] = {}
        self._journeys: dict[int, int] = {}  # uid -> its sprite's journeys when this table last sent it (`refresh`)

    @property
    def moving(self) -> bool:
        return cards_moving(self.sprites, self.ghosts)

    def pile_card_size(self) -> tuple[int, int]:
        return panels.pile_card_rect(self.rects["deck"]).size

    def pile_rect(self, zone: str, size) -> pygame.FRect:
        rect = pygame.FRect((0, 0), size)
        name = PILE_RECT.get(zone, "deck")
        area = self.rects[name]
        rect.center = area.center if name in ("hand", "play") else panels.pile_card_rect(area).center
        return rect

    def resting_rect(self, uid: int) -> pygame.FRect | None:
        """Where the card lies in its slot (or is gliding to), None for a card not on the table."""
        sprite = self.sprites.get(uid)
        return sprite.target if sprite is not None else None

    def slots(self) -> dict[int, pygame.FRect]:
        hand, play = self.game.zone("hand"), self.game.zone("play")
        slots = dict(zip((c.uid for c in hand), hand_slots(self.rects["hand"], len(hand))))
        slots.update(zip((c.uid for c in play), play_slots(self.play_area(), len(play), title_room=PLAY_TITLE_ROOM)))
        return slots

    def refresh(self, moves: dict[int, str], speed: float, calm: bool, into_circle=()) -> None:
        """Cards of the hand and play glide to their slots; a card that changed zone travels from
        where it was (a pile, the set-aside interference) and every such journey is a motion. A
        card that only shifts along its row (its row grew or shrank) takes its new size at once. The
        cards BAPHOMET's summoning consumes (`into_circle`) are drawn one by one into his circle."""
        slots = self.slots()
        arrivals = 0
        game = self.game
        for uid, slot in slots.items():
            sprite = self.sprites.get(uid)
            origin = moves.get(uid) or self.last_zone.get(uid, "deck")
            shifts = sprite is not None and uid not in moves and origin == game.zone_of(uid)  # along its row
            if sprite is None:
                start = (pygame.FRect(self.pile_rect(origin, self.pile_card_size()))
                         if origin not in ("hand", "play") else pygame.FRect(slot))
                sprite = self.sprites[uid] = CardSprite(uid, start)
            delay = (0.03 if calm else 0.07) * arrivals if uid in moves else 0.0
            if sprite.move_to(slot, speed=speed, delay=delay, new_size=shifts) and uid in moves:
                self.motions.append((uid, origin, game.zone_of(uid)))
                arrivals += 1
        self._journeys = {uid: sprite.journeys for uid, sprite in self.sprites.items()}
        circle = list(into_circle)
        for uid in [u for u in self.sprites if u not in slots]:
            sprite = self.sprites.pop(uid)
            destination = game.zone_of(uid)
            target, delay, seconds = self.pile_rect(destination, self.pile_card_size()), 0.0, None
            if uid in circle:
                target = pygame.FRect(0, 0, 24, 34)
                target.center = self.rects["play"].center
                if calm:  # less motion: the cards go in quickly and straight, nearly together
                    delay, seconds = 0.05 + 0.2 * circle.index(uid) / max(1, len(circle) - 1), 0.25
                else:
                    delay, seconds = 0.15 + 0.6 * circle.index(uid) / max(1, len(circle) - 1), 0.5
            if sprite.move_to(target, speed=speed, delay=delay, seconds=seconds):
                self.ghosts.append((sprite, game.card(uid).card_id))
                self.motions.append((uid, self.last_zone.get(uid, moves.get(uid, "play")), destination))
        self.last_zone = {c.uid: z for z in ZONES for c in game.zone(z)}

    def fly(self, uid: int, source: str, destination: str, speed: float, face_up: bool = True,
            delay: float = 0.0) -> None:
        """A card travelling from one pile to another (interference arriving, a reshuffle)."""
        sprite = CardSprite(uid, self.pile_rect(source, self.pile_card_size()))
        if sprite.move_to(self.pile_rect(destination, self.pile_card_size()), speed=speed, delay=delay):
            self.ghosts.append((sprite, self.game.card(uid).card_id if face_up else None))
            self.motions.append((uid, source, destination))

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite, _card in self.ghosts:
            sprite.update(dt)
        self.ghosts[:] = [(s, c) for s, c in self.ghosts if s.moving]

    def finish(self) -> None:
        """Every card at the end of its journey at once, but one the hand has just let go (dropped:
        its spring back not yet begun), which a command then sends on from where it was let go."""
        for uid, sprite in self.sprites.items():
            if not (sprite.setting_off and sprite.journeys != self._journeys.get(uid)):
                sprite.finish()
        self.ghosts.clear()


def cards_moving(sprites: dict[int, CardSprite], ghosts) -> bool:
    """Whether a card is in flight or waits to set off, or a ghost (a card leaving the table) shows."""
    return bool(ghosts) or any(s.moving or s.delay > 0 for s in sprites.values())
