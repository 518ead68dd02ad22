"""What moves on the table besides the cards: numbers that tick, panels that pulse and shake, tokens
that fly onto the Grimoire, the Hour's banner and BAPHOMET's circle.

All of it only catches up with a state the engine has already reached; `speed` is the player's
animation speed (1 normal, 2 fast, 0 instant: nothing starts), and `finish()` fast-forwards.
With `calm` (less motion) the same things are shown without shaking, growing or arcing: the banner
fades in and out where it stands, tokens move quickly and straight, the circle stands still at its
full size."""

from __future__ import annotations

import math

import pygame

from aleph_null_desktop.i18n import _
from aleph_null_desktop.ui import theme
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.render.text import render
from aleph_null_desktop.ui.render.tween import Pulse

TICKS_PER_SECOND = 8.0  # a number counts up or down this many units a second
SHAKE_SECONDS = 0.45
SHAKE_PIXELS = 9
BANNER_SECONDS = 2.4
TOKEN_SECONDS = 0.55
CIRCLE_SECONDS = 1.4  # BAPHOMET's summoning, before Judgement
CALM_FADE_SECONDS = 0.2  # less motion: the banner's and the circle's fade in and out
CALM_TOKEN_SECONDS = 0.2  # less motion: a token's quick straight move


def hour_banner_text(data: dict) -> str:
    """The words of the Hour's banner, from the engine's "hour" event."""
    return _("Hour {roman} — {name}").format(roman=data.get("roman", data["hour"]), name=data["name"])


def banner_words(fonts, text: str) -> pygame.Surface:
    """The banner's words, drawn once (ui.render.text remembers them)."""
    return render(fonts.get("title", 54), text, theme.GOLD)


class Ticker:
    """A number shown counting towards its true value."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.shown = float(value)

    def set(self, value: int, speed: float) -> None:
        self.value = value
        if speed <= 0:
            self.shown = float(value)

    def finish(self) -> None:
        self.shown = float(self.value)

    @property
    def moving(self) -> bool:
        return self.shown != self.value

    @property
    def text(self) -> str:
        return str(round(self.shown))

    def update(self, dt: float, speed: float) -> None:
        gap = self.value - self.shown
        if not gap:
            return
        step = dt * TICKS_PER_SECOND * max(speed, 1.0) * max(1.0, abs(gap) / 3)
        self.shown = float(self.value) if abs(gap) <= step else self.shown + math.copysign(step, gap)


class Shake:
    """A panel trembling after a blow (damage taken)."""

    def __init__(self) -> None:
        self.left = 0.0

    def strike(self, speed: float) -> None:
        self.left = SHAKE_SECONDS if speed > 0 else 0.0

    def finish(self) -> None:
        self.left = 0.0

    def update(self, dt: float, speed: float) -> None:
        self.left = max(0.0, self.left - dt * max(speed, 1.0))

    @property
    def offset(self) -> tuple[int, int]:
        if self.left <= 0:
            return (0, 0)
        amplitude = SHAKE_PIXELS * self.left / SHAKE_SECONDS
        return (round(math.sin(self.left * 70) * amplitude), round(math.cos(self.left * 53) * amplitude / 3))


class Flight:
    """Something small (a token) travelling from one point to another after an optional delay."""

    def __init__(self, start, end, seconds: float, delay: float = 0.0, arc: float = 60.0) -> None:
        self.start, self.end = pygame.Vector2(start), pygame.Vector2(end)
        self.seconds, self.delay, self.t, self.arc = seconds, delay, 0.0, arc

    @property
    def done(self) -> bool:
        return self.t >= 1.0

    def update(self, dt: float) -> None:
        if self.delay > 0:
            self.delay -= dt
            return
        self.t = min(1.0, self.t + dt / self.seconds)

    @property
    def pos(self) -> pygame.Vector2:
        k = 1 - (1 - self.t) ** 3
        point = self.start.lerp(self.end, k)
        point.y -= math.sin(math.pi * self.t) * self.arc
        return point


class TableMotion:
    """The table's non-card animations, started from engine events."""

    def __init__(self, game) -> None:
        self.power = Ticker(game.power)
        self.damage = Ticker(game.damage)
        self.damage_shake = Shake()
        self.tokens: list[Flight] = []
        self.banner = ("", 0.0, 0.0)  # text, seconds left, seconds in all
        self._banner_card = None  # (text, its plate), drawn once per Hour
        self.circle = (None, 0.0, 0.0)  # centre, seconds left, seconds in all
        self.calm = False  # less motion (the scene sets it from the settings)
        self.pulses = {name: Pulse() for name in ("power", "damage", "tokens", "deck")}  # panels glowing

    @property
    def active(self) -> bool:
        return (self.power.moving or self.damage.moving or self.damage_shake.left > 0 or bool(self.tokens)
                or self.banner[1] > 0 or self.circle[1] > 0)

    @property
    def glowing(self) -> bool:
        return any(pulse.level > 0 for pulse in self.pulses.values())

    def follow(self, event, speed: float, token_start, token_slots) -> str | None:
        """Sets moving what an engine event changed among the numbers (power, damage, tokens, the
        deck, the Hour); returns the sound it makes, if any. `token_slots(total)`: where tokens land."""
        glow = 0.0 if self.calm else speed  # less motion: no pulses and no shake (the numbers still tick)
        kind, data = event.kind, event.data
        if kind in ("power", "damage") and data.get("delta"):
            self.pulses[kind].strike(glow)
            getattr(self, kind).set(data["total"], speed)
            if kind == "damage" and data["delta"] > 0:
                self.damage_shake.strike(glow)
                return "damage"
        elif kind == "token":
            self.pulses["tokens"].strike(glow)
            if data["delta"] > 0:  # tokens arrive from the turning page
                self.token_flights(data["delta"], token_start, token_slots(data["total"]), speed)
            return "token"
        elif kind == "shuffled":
            self.pulses["deck"].strike(glow)
            return "shuffle"
        elif kind == "hour":
            self.hour(hour_banner_text(data), speed)
            return "page_turn"
        return None

    def finish(self) -> None:
        self.power.finish()
        self.damage.finish()
        self.damage_shake.finish()
        self.tokens.clear()
        self.banner = ("", 0.0, 0.0)
        self.circle = (None, 0.0, 0.0)

    def sync(self, game) -> None:
        """After an undo: the numbers show the game's at once."""
        self.power.set(game.power, 0)
        self.damage.set(game.damage, 0)

    def hour(self, text: str, speed: float) -> None:
        if speed > 0:
            seconds = BANNER_SECONDS / speed
            self.banner = (text, seconds, seconds)

    def token_flights(self, count: int, start, slots: list, speed: float) -> None:
        if speed <= 0:
            return
        for i, end in enumerate(slots[-count:] if count else []):
            if self.calm:
                self.tokens.append(Flight(start, end, CALM_TOKEN_SECONDS / speed, delay=0.05 * i / speed, arc=0))
            else:
                self.tokens.append(Flight(start, end, TOKEN_SECONDS / speed, delay=(0.5 + 0.25 * i) / speed))

    def summoning(self, centre, speed: float) -> float:
        """BAPHOMET's circle opens at `centre`; returns how long the moment lasts."""
        if speed <= 0:
            return 0.0
        seconds = CIRCLE_SECONDS / speed
        self.circle = (centre, seconds, seconds)
        return seconds

    def update(self, dt: float, speed: float) -> None:
        for pulse in self.pulses.values():
            pulse.update(dt)
        self.power.update(dt, speed)
        self.damage.update(dt, speed)
        self.damage_shake.update(dt, speed)
        for flight in self.tokens:
            flight.update(dt)
        self.tokens = [f for f in self.tokens if not f.done]
        text, left, total = self.banner
        self.banner = (text, max(0.0, left - dt), total)
        centre, left, total = self.circle
        self.circle = (centre, max(0.0, left - dt), total)

    # ------------------------------------------------------------------ drawing
    def token_areas(self) -> list[pygame.Rect]:
        """Where the tokens in flight are drawn now (those that set off)."""
        discs = []
        for flight in self.tokens:
            if flight.delay > 0:
                continue
            x, y = flight.pos
            disc = pygame.Rect(0, 0, 50, 50)
            disc.center = (round(x), round(y))
            discs.append(disc)
        return discs

    def draw_tokens(self, surface: pygame.Surface) -> list[pygame.Rect]:
        drawn = self.token_areas()
        for disc in drawn:
            pygame.draw.circle(surface, theme.POWER, disc.center, 24)
            draw_icon(surface, "token", disc.inflate(-8, -8), theme.INK)
        return drawn

    def banner_area(self, centre) -> pygame.Rect | None:
        """Where the Hour's banner is while it shows, at the full size it grows to."""
        if self.banner[1] <= 0 or self._banner_card is None or self._banner_card[0] != self.banner[0]:
            return None
        return self._banner_card[1].get_rect(center=centre)

    def banner_plate(self, fonts) -> pygame.Surface | None:
        """The Hour's banner at its full size while it shows, made once per Hour (made before the
        frame is drawn, its area is known to that frame: drawn again only there, not whole)."""
        text = self.banner[0]
        if self.banner[1] <= 0 or not text:
            return None
        if self._banner_card is None or self._banner_card[0] != text:
            image = banner_words(fonts, text)
            plate = pygame.Surface(image.get_rect().inflate(60, 30).size, pygame.SRCALPHA)
            pygame.draw.rect(plate, theme.PANEL, plate.get_rect(), border_radius=14)
            pygame.draw.rect(plate, theme.GOLD, plate.get_rect(), 3, border_radius=14)
            plate.blit(image, image.get_rect(center=plate.get_rect().center))
            self._banner_card = (text, plate)
        return self._banner_card[1]

    def draw_banner(self, surface: pygame.Surface, fonts, centre) -> pygame.Rect | None:
        """The Hour's name, growing in, holding, fading out."""
        text, left, total = self.banner
        if left <= 0 or not text:
            return None
        age = total - left
        ramp = min(CALM_FADE_SECONDS, 0.25 * total) if self.calm else 0.25 * total
        grow = 1.0 if self.calm else min(1.0, age / ramp)
        fade = min(1.0, left / ramp, age / ramp if self.calm else 1.0)
        card = self.banner_plate(fonts)
        scale = 0.6 + 0.4 * (1 - (1 - grow) ** 3)
        if scale < 1.0:
            card = pygame.transform.smoothscale_by(card, scale)
        card.set_alpha(round(255 * fade))  # (the kept plate is fully opaque again once the fade ends)
        rect = card.get_rect(center=centre)
        surface.blit(card, rect)
        return rect

    def draw_circle(self, surface: pygame.Surface, fonts) -> pygame.Rect | None:
        """BAPHOMET's summoning circle, turning and glowing while the cards are drawn into it."""
        centre, left, total = self.circle
        if left <= 0 or centre is None:
            return None
        age = total - left
        k = 1.0 if self.calm else min(1.0, age / (0.4 * total))
        radius = round(40 + 190 * (1 - (1 - k) ** 2))
        glow = 0.5 if self.calm else 0.5 + 0.5 * math.sin(age * 6)
        ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        ring.center = centre
        colour = [round(a + (b - a) * glow) for a, b in zip(theme.BLOOD, theme.CANDLE)]
        pygame.draw.circle(surface, colour, centre, radius, 6)
        pygame.draw.circle(surface, theme.GOLD, centre, round(radius * 0.86), 2)
        icon = ring.inflate(-radius * 0.5, -radius * 0.5)
        draw_icon(surface, "pentacle", icon, colour, max(2, radius // 40))
        words = render(fonts.get("title", 34), _("BAPHOMET is summoned"), theme.GOLD)
        label = words.get_rect(midtop=(centre[0], ring.bottom + 12))
        surface.blit(words, label)
        return ring.union(label).inflate(16, 16)
