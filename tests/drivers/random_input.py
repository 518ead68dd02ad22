"""A storm of random real pygame events through the app's own loop (tests/fuzz and bench/stress.py).

Mouse motion with buttons held, clicks, double clicks, drags between random points and from the
hand to every zone of the table, the wheel, keys and shortcuts, text with emoji, combining marks,
right-to-left script, control characters and hostile paths, focus lost and gained, window resizes
and quits, with a random frame time after each burst; now and then a move a player could make goes
straight to the table (see play_moves), so rituals get past the first Hours. Points are aimed half
the time at something on the screen (a button, a card, a zone), so the storm walks through every
screen. A quit either lets the same
app go on (`restart=False`) or starts a fresh one (`restart=True`), as a player starting the game
again would. A failed frame is one the app's top-level guard caught (`App.failed_frames`).
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from typing import Callable

import pygame

from aleph_null_desktop.ai.greedy import GreedyPlayer
from aleph_null_desktop.ui.table.overlays import ConfirmDialog

SCREEN = (1920, 1080)
KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_F1, pygame.K_F2,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_LALT,
        pygame.K_LCTRL, pygame.K_LSHIFT, pygame.K_F5, pygame.K_F11] + list(range(pygame.K_0, pygame.K_9 + 1)) + \
       list(range(pygame.K_a, pygame.K_z + 1))
MODS = [0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LALT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT]
TEXTS = ["a", "Z", "7", " ", "ß", "é", "e\u0301", "n\u0303\u0308", "😀", "👩‍👩‍👧", "🏳️‍🌈", "שלום", "مرحبا",
         "\u202eabc", "\u200b", "\x00", "\x1b", "\t", "\n", "\r\n", "\x7f", "\ufffd", "𝕬", "漢字", "Ω≈ç√",
         "\U0010ffff", "\ud7ff", "x" * 300, "̸" * 40, "' OR 1=1; --", "%s%n{0}{}",
         # hostile paths for the path fields: a name of 252 letters (257 with ".json"), ~someone
         # unknown, a trailing slash, Windows device names. None starts with "/" or holds "..": the
         # export dialog writes where its path says, and a fuzz run keeps HOME and the working
         # folder in a temporary folder
         "x" * 252, "~nosuchplayer_zz/", "~/", "sub/dir/", "CON", "nul.json", "é" * 130]
WINDOW_EVENTS = ["WINDOWFOCUSLOST", "WINDOWFOCUSGAINED", "WINDOWENTER", "WINDOWLEAVE", "WINDOWMINIMIZED",
                 "WINDOWRESTORED", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWHIDDEN"]


class RandomInput:
    """Drives `app` (an App on the current display) with random events from `rng`.

    `new_app()` makes a fresh App for `restart=True`; `hint` replaces the table's hint AI (its
    cost is not what is tested here)."""

    def __init__(self, app, rng: random.Random, *, restart: bool = False,
                 new_app: Callable[[], object] | None = None, dropped_files: list[str] = (),
                 actions_per_frame: tuple[int, int] = (1, 8)) -> None:
        self.app = app
        self.dropped_files = list(dropped_files)  # what a DROPFILE event may carry
        self.actions_per_frame = actions_per_frame  # a slow frame gathers many events
        self.rng = rng
        self.restart = restart
        self.new_app = new_app
        self.events = 0
        self.frames = 0
        self.quits = 0
        self.failed_frames = 0
        self.failures: list[str] = []  # the first traceback of each different failure
        self.screens: Counter = Counter()  # frames drawn per scene class
        self.buttons_down = (0, 0, 0)
        self.mouse = (960, 540)
        self.goal: str | None = None  # the screen steer() heads for, for goal_steps more steps
        self.goal_steps = 0

    # ------------------------------------------------------------------ running
    def run(self, events: int, on_burst: Callable[["RandomInput"], None] | None = None) -> None:
        while self.events < events:
            self.burst()
            if on_burst is not None:
                on_burst(self)

    def burst(self) -> None:
        """A few actions (each posts one or more events), then one frame."""
        for _ in range(self.rng.randint(*self.actions_per_frame)):
            self.rng.choices(self.ACTIONS, self.WEIGHTS)[0](self)
        self.frame()

    def frame(self) -> None:
        dt = self.rng.choice((0.0, 1 / 60, 0.1, self.rng.uniform(0.0, 0.1)))
        before = self.app.failed_frames
        self.app.step(dt)
        self.frames += 1
        self.screens[screen_name(self.app.stack.top)] += 1
        if self.app.failed_frames != before:
            self._failed(self.app.failed_frames - before, self.app.last_failure)
        if not self.app.running:
            self._after_quit()

    def _failed(self, count: int, text: str) -> None:
        self.failed_frames += count
        last_line = text.strip().splitlines()[-1] if text.strip() else "?"
        if all(last_line not in f for f in self.failures):
            self.failures.append(f"after {self.events} events, on {type(self.app.stack.top).__name__}:\n{text}")

    def _after_quit(self) -> None:
        self.quits += 1
        if self.restart and self.new_app is not None:
            self.app.close()
            self.app = self.new_app()
        else:
            self.app.running = True  # the player starts the game again; this app stays for the run
            self.app.show_title()

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.events += 1

    # ------------------------------------------------------------------ where to aim
    def point(self) -> tuple[int, int]:
        if self.rng.random() < 0.5:
            targets = self.targets()
            if targets:
                rect = self.rng.choice(targets)
                return (round(rect.x + self.rng.random() * max(1, rect.w)),
                        round(rect.y + self.rng.random() * max(1, rect.h)))
        if self.rng.random() < 0.03:  # off the logical screen (a scaled window's border)
            return (self.rng.randint(-300, SCREEN[0] + 300), self.rng.randint(-300, SCREEN[1] + 300))
        return (self.rng.randrange(SCREEN[0]), self.rng.randrange(SCREEN[1]))

    def targets(self) -> list:
        """Rectangles of what the top scene shows: buttons, cards, zones, controls."""
        scene = self.app.stack.top
        rects = []
        for name in ("buttons", "controls", "circle_buttons", "menu_buttons", "cards", "fields"):
            for item in _items(getattr(scene, name, None)):
                rect = getattr(item, "rect", None)
                if rect is None and isinstance(item, tuple):
                    rect = next((x for x in item if isinstance(x, (pygame.Rect, pygame.FRect))), None)
                if isinstance(rect, (pygame.Rect, pygame.FRect)):
                    rects.append(rect)
        for sprite in getattr(scene, "sprites", {}).values():
            rects.append(sprite.rect)
        rects.extend(getattr(scene, "rects", {}).values())
        modal = getattr(scene, "modal", None)
        for name in ("buttons", "cards", "items"):
            for item in _items(getattr(modal, name, None)):
                rect = getattr(item, "rect", None)
                if rect is None and isinstance(item, tuple):
                    rect = next((x for x in item if isinstance(x, (pygame.Rect, pygame.FRect))), None)
                if isinstance(rect, (pygame.Rect, pygame.FRect)):
                    rects.extend([rect] * 4)  # a question on screen gets answered more often
        return rects

    # ------------------------------------------------------------------ actions
    def motion(self) -> None:
        pos = self.point()
        buttons = self.rng.choice(((0, 0, 0), (0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 1, 1), self.buttons_down))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - self.mouse[0], pos[1] - self.mouse[1]),
                  buttons=buttons, touch=False)
        self.mouse = pos

    def click(self, clicks: int = 1) -> None:
        pos, button = self.point(), self.rng.choice((1, 1, 1, 1, 2, 3))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        for n in range(1, clicks + 1):
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, clicks=n, touch=False)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, clicks=n, touch=False)
        self.mouse = pos

    def double_click(self) -> None:
        self.click(clicks=2)

    def press(self) -> None:
        """A button goes down (and stays down until a release or a drag ends)."""
        pos = self.point()
        button = self.rng.choice((1, 1, 3))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, clicks=1, touch=False)
        self.buttons_down = (1, 0, 0) if button == 1 else (0, 0, 1)
        self.mouse = pos

    def release(self) -> None:
        pos = self.point() if self.rng.random() < 0.5 else self.mouse
        button = 1 if self.buttons_down[0] or self.rng.random() < 0.7 else 3
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, clicks=1, touch=False)
        self.buttons_down = (0, 0, 0)
        self.mouse = pos

    def drag(self, start=None, end=None) -> None:
        """Press, a few moves over one or more frames, release."""
        start, end = start or self.point(), end or self.point()
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1, touch=False)
        steps = self.rng.randint(1, 5)
        for i in range(1, steps + 1):
            p = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False)
            if self.rng.random() < 0.3:
                self.frame()  # the card is drawn in the air
        if self.rng.random() < 0.15:  # a key while the card is held (Space, Return, Ctrl+Z, a number)
            self.key(self.rng.choice((pygame.K_SPACE, pygame.K_RETURN, pygame.K_z, pygame.K_1, pygame.K_ESCAPE)),
                     self.rng.choice((0, pygame.KMOD_LCTRL)))
            self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1, clicks=1, touch=False)
        self.mouse = end

    def drag_from_hand(self) -> None:
        """A card of the hand (or of play) dragged onto a zone of the table."""
        scene = self.app.stack.top
        sprites, rects = getattr(scene, "sprites", None), getattr(scene, "rects", None)
        if not sprites or not rects:
            self.drag()
            return
        sprite = sprites[self.rng.choice(list(sprites))]
        zone = rects[self.rng.choice(list(rects))]
        self.drag(_centre(sprite.rect), _centre(zone))

    def wheel(self) -> None:
        y = self.rng.choice((-3, -1, 1, 1, 3, 10))
        x = self.rng.choice((0, 0, 0, -1, 1))
        self.post(pygame.MOUSEWHEEL, x=x, y=y, precise_x=float(x), precise_y=float(y), flipped=False, touch=False)

    def key(self, key: int | None = None, mod: int | None = None) -> None:
        key = self.rng.choice(KEYS) if key is None else key
        mod = self.rng.choice(MODS) if mod is None else mod
        char = chr(key) if 32 <= key < 127 and not mod & pygame.KMOD_CTRL else ""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
        if char and self.rng.random() < 0.7:
            self.post(pygame.TEXTINPUT, text=char)
        if self.rng.random() < 0.9:
            self.post(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)

    def shortcut(self) -> None:
        self.key(*self.rng.choice(((pygame.K_SPACE, 0), (pygame.K_RETURN, 0), (pygame.K_ESCAPE, 0),
                                   (pygame.K_z, pygame.KMOD_LCTRL), (pygame.K_s, pygame.KMOD_LCTRL),
                                   (pygame.K_a, pygame.KMOD_LCTRL), (pygame.K_c, pygame.KMOD_LCTRL),
                                   (pygame.K_v, pygame.KMOD_LCTRL), (pygame.K_x, pygame.KMOD_LCTRL),
                                   (pygame.K_d, pygame.KMOD_LCTRL), (pygame.K_h, 0), (pygame.K_F1, 0),
                                   (pygame.K_n, 0), (pygame.K_e, 0), (pygame.K_c, 0), (pygame.K_m, 0),
                                   (self.rng.randint(pygame.K_1, pygame.K_9), 0))))

    def text(self) -> None:
        pieces = self.rng.choices(TEXTS, k=self.rng.randint(1, 3))
        text = "".join(pieces)
        self.post(pygame.TEXTINPUT, text=text)
        if self.rng.random() < 0.2:
            self.post(pygame.TEXTEDITING, text=text, start=0, length=len(text))

    def window(self) -> None:
        roll = self.rng.random()
        if roll < 0.25:
            w, h = self.rng.randint(1, 3000), self.rng.randint(1, 2000)
            self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
            self.post(pygame.WINDOWRESIZED, x=w, y=h)
            self.post(pygame.WINDOWSIZECHANGED, x=w, y=h)
        elif roll < 0.4:
            gain = self.rng.choice((0, 1))
            self.post(pygame.ACTIVEEVENT, gain=gain, state=self.rng.choice((1, 2, 4, 6)))
        else:
            self.post(getattr(pygame, self.rng.choice(WINDOW_EVENTS)))

    def quit(self) -> None:
        self.post(pygame.QUIT)

    def drop_file(self) -> None:
        if self.dropped_files:
            self.post(pygame.DROPFILE, file=self.rng.choice(self.dropped_files))

    def steer(self) -> None:
        """Keys toward the screen seen least so far (for a few steps), so every screen gets its
        share of the storm."""
        here = screen_name(self.app.stack.top)
        if self.goal is None or self.goal_steps <= 0 or self.goal == here:
            self.goal = min(SCREENS, key=lambda name: (self.screens[name], self.rng.random()))
            self.goal_steps = 12
        self.goal_steps -= 1
        if self.goal == here:
            return
        routes = ROUTES.get(here, {})
        route = routes.get(self.goal) or routes.get("*") or [(pygame.K_ESCAPE, 0)]
        for key, mod in (route(self.app.stack.top) if callable(route) else route):
            if key == "click":
                self.click_button(mod)
            elif key == "frames":  # let an animation (a page turning) finish first
                for _ in range(mod):
                    self.frame()
            else:
                self.key(key if key else self.rng.randint(pygame.K_1, pygame.K_5), mod)
            if self.rng.random() < 0.5:
                self.frame()

    def click_button(self, label: str) -> None:
        scene = self.app.stack.top
        for button in _items(getattr(scene, "buttons", None)):
            if getattr(button, "label", "").startswith(label):
                pos = _centre(button.rect)
                self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
                self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=False)
                self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=1, touch=False)
                return

    def play_moves(self) -> None:
        """A few moves a player could make (up to a whole ritual's worth), each sent where every
        gesture of the table ends (its submit), so that rituals also reach the late Hours, a win,
        Judgement and the end of the lesson: in the lesson the move it waits for, else mostly the
        greedy player's move, sometimes any legal one."""
        for _ in range(self.rng.choice((1, 1, 2, 5, 20, 60))):
            scene = self.app.stack.top
            game, submit = getattr(scene, "game", None), getattr(scene, "submit", None)
            if game is None or submit is None or game.outcome is not None:
                return
            if isinstance(getattr(scene, "modal", None), ConfirmDialog):
                return  # a losing move to confirm: the storm's clicks answer it (keys work beside other panels)
            legal = game.legal_commands()
            if not legal:
                return
            step = getattr(scene, "step", None)
            if step is not None:  # the lesson
                cmd = self.rng.choice([c for c in legal if step.matches(game, c)] or legal)
            elif self.rng.random() < 0.9:
                cmd = GreedyPlayer().choose_command(game, self.rng)
            else:
                cmd = self.rng.choice(legal)
            try:
                submit(cmd)
            except Exception:  # what the app's guard would have caught, had a gesture sent it
                self._failed(1, traceback.format_exc())
                return
            if self.rng.random() < 0.5:
                self.frame()

    ACTIONS = (motion, click, double_click, press, release, drag, drag_from_hand, wheel, key, shortcut,
               text, window, quit, drop_file, steer, play_moves)
    WEIGHTS = (20, 18, 5, 3, 3, 6, 6, 3, 12, 10, 6, 3, 0.05, 0.3, 6, 3)


def screen_name(scene) -> str:
    """The scene's class, and the Grimoire's mode ("GrimoireScene:reference")."""
    name = type(scene).__name__
    mode = getattr(scene, "mode", None)
    return f"{name}:{mode}" if isinstance(mode, str) else name


#: every screen the storm must reach (tests/fuzz checks it)
SCREENS = ["TitleScene", "TableScene", "PauseScene", "JudgementScene", "GrimoireScene:ritual",
           "GrimoireScene:reference", "GalleryScene", "EditScene", "DialogScene", "RitualSetupScene",
           "OwnCardsDialog", "ConfirmScene", "SettingsScene", "StatisticsScene", "PacksScene", "CardTestScene",
           "TutorialScene"]
_END_TURN = [(pygame.K_SPACE, 0), (pygame.K_RETURN, 0)] * 5
_CIRCLE = [(0, 0)]  # 0: one of the keys 1–5
#: from a screen, the keys toward another ("*": toward anything not listed)
ROUTES = {
    "TitleScene": {"TableScene": _CIRCLE, "PauseScene": _CIRCLE, "JudgementScene": _CIRCLE,
                   "GrimoireScene:ritual": [(pygame.K_n, 0)], "OwnCardsDialog": [(pygame.K_n, 0)],
                   "GrimoireScene:reference": [(pygame.K_F1, 0)], "ConfirmScene": _CIRCLE,
                   "SettingsScene": [(pygame.K_s, 0)], "StatisticsScene": [(pygame.K_t, 0)],
                   "TutorialScene": [(pygame.K_l, 0)],
                   "*": [(pygame.K_e, 0)]},
    "ConfirmScene": {"TitleScene": [(pygame.K_ESCAPE, 0)],
                     "*": lambda ask: [("click", ask.yes_button.label)]},  # Enter may say no
    "EditScene": {"CardTestScene": [(pygame.K_t, pygame.KMOD_LCTRL)]},
    "TableScene": {"PauseScene": [(pygame.K_ESCAPE, 0)], "GrimoireScene:reference": [(pygame.K_F1, 0)],
                   "JudgementScene": _END_TURN + _CIRCLE, "*": [(pygame.K_ESCAPE, 0)]},
    "TutorialScene": {"*": [(pygame.K_l, 0)]},  # the lesson: L leaves it for the title
    "PauseScene": {"TableScene": [(pygame.K_ESCAPE, 0)], "JudgementScene": [(pygame.K_ESCAPE, 0)],
                   "*": [("click", "Back to the title")]},
    "GalleryScene": {"EditScene": [(pygame.K_n, 0)], "CardTestScene": [(pygame.K_n, 0)],
                     "PacksScene": [(pygame.K_p, 0)], "DialogScene": [(pygame.K_F2, 0), (pygame.K_DELETE, 0)],
                     "RitualSetupScene": [("click", "Ritual with my cards")]},
    "GrimoireScene:ritual": {"TableScene": [(pygame.K_RIGHT, 0), (pygame.K_RETURN, 0), (0, 0)],
                             "OwnCardsDialog": lambda book: [("frames", 12), (pygame.K_RIGHT if book.target == "cover"
                                                                             else pygame.K_o, 0)]},
}


def _items(value) -> list:
    if value is None:
        return []
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple)):
        return list(value)
    return []


def _centre(rect) -> tuple[int, int]:
    return (round(rect.centerx), round(rect.centery))
