"""Settings, from the title (S) and the pause menu: each change is applied at once and saved
(app.change_settings); Esc goes back to where the player came from.

Three columns: the display (window, size of text and cards, animations, language); sound and
play (volumes and mute as in the pause menu, hints, asking before a losing move); seeing (high
contrast, colour-blind cues, less motion, speech) with sample cards that show the look as it is now.

By keyboard (the table's focus helpers): Tab / Shift+Tab and Up / Down move a ring over the
controls, Left / Right change the focused choice or volume, Enter / Space choose the next value
or press the button, Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from aleph_null_desktop.i18n import N_, _, current_language
from aleph_null_desktop.storage.settings import UI_SCALE_RANGE
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.scenes.language_choice import languages
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.widgets.sound_controls import SoundControls
from aleph_null_desktop.ui.widgets.keyfocus import ARROWS, draw_focus_ring, is_enter, nearest
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, fit_font
from aleph_null_desktop.ui.render.still_picture import StillPart, StillPicture
from aleph_null_desktop.ui.widgets.button import Button, Stepper, buttons_handle, key_name

UI_SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5)  # the steps the layout test (test_layout_matrix) covers
assert UI_SCALES[0] == UI_SCALE_RANGE[0] and UI_SCALES[-1] == UI_SCALE_RANGE[1]
SPEEDS = ((1.0, N_("Normal")), (2.0, N_("Fast")), (0.0, N_("Instant")))
SAMPLE_CARDS = ("church_bells", "book_of_pacts")  # the Church emblem and a Key's badge
COLUMN_W, GAP, TOP = 540, 60, 150


@dataclass
class Choice:
    """One setting with a few values, each a button; the chosen one is marked by a filled dot
    (a shape, not a colour)."""
    label: str
    buttons: list[Button]
    values: list[Any]
    current: Callable[[], Any]
    top: int

    def draw(self, surface, fonts) -> None:
        blit_text(surface, fit_font(fonts, "title", self.label, COLUMN_W, 22), self.label, theme.TEXT_DIM,
                  (self.buttons[0].rect.x, self.top))
        chosen = self.current()
        for button, value in zip(self.buttons, self.values):
            self.draw_button(surface, fonts, button, value == chosen)

    @staticmethod
    def draw_button(surface, fonts, button: Button, chosen: bool) -> None:
        """One value's button, lit while the mouse is over it or it is the chosen one, and its dot."""
        hot, button.hot = button.hot, button.hot or chosen
        button.draw(surface, fonts, size=22)
        button.hot = hot
        radius = max(5, style.scaled(7))
        dot = (button.rect.x + 8 + 2 * radius, button.rect.centery)
        if chosen:
            pygame.draw.circle(surface, theme.GOLD, dot, radius)
        pygame.draw.circle(surface, theme.TEXT, dot, radius, 2)

    def rect(self) -> pygame.Rect:
        return self.buttons[0].rect.unionall([b.rect for b in self.buttons[1:]])

    def step(self, direction: int, wrap: bool = False) -> None:
        """Choose the next (or previous) enabled value; at the end stay, or wrap round."""
        usable = [n for n, b in enumerate(self.buttons) if b.enabled]
        if not usable:
            return
        chosen = self.current()
        here = self.values.index(chosen) if chosen in self.values else usable[0]
        later = [n for n in usable if (n - here) * direction > 0]
        if later:
            self.buttons[min(later, key=lambda n: abs(n - here))].click()
        elif wrap:
            self.buttons[usable[0] if direction > 0 else usable[-1]].click()


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.focus = 0  # index into controls(); kept across a relayout (a new UI scale)
        self.keyboard = False  # the ring shows once a key moved it, hides at a mouse press
        self.still = StillPicture()
        self._layout()

    # ------------------------------------------------------------------ layout
    def _layout(self) -> None:
        app = self.app
        self.background = draw_background(theme.LOGICAL_SIZE)
        row = style.scaled(56)  # buttons and rows grow with the UI scale
        label_h = style.scaled(34)
        step = label_h + row + style.scaled(22)
        left = (theme.LOGICAL_SIZE[0] - 3 * COLUMN_W - 2 * GAP) // 2
        columns = [left + n * (COLUMN_W + GAP) for n in range(3)]
        self.choices: list[Choice] = []
        self.buttons: list[Button] = []

        def choice(column: int, y: int, label: str, options, current, change) -> Choice:
            options = list(options)
            width = (COLUMN_W - (len(options) - 1) * 12) // len(options)
            buttons = []
            for n, (value, words, enabled, detail) in enumerate(options):
                rect = pygame.Rect(columns[column] + n * (width + 12), y + label_h, width, row)
                buttons.append(Button(rect, words, on_click=lambda v=value: change(v), enabled=enabled,
                                      detail=detail, lead=style.scaled(28)))
            made = Choice(label, buttons, [o[0] for o in options], current, y)
            self.choices.append(made)
            self.buttons.extend(buttons)
            return made

        settings = app.current_settings

        def on_off(column, y, label, name):
            return choice(column, y, label, [(True, _("On"), True, ""), (False, _("Off"), True, "")],
                          lambda: getattr(settings(), name), lambda v: app.change_settings(**{name: v}))

        # the display
        y = TOP
        self.display = choice(0, y, _("Display"), [(False, _("Windowed"), True, ""),
                                                    (True, _("Fullscreen"), True, "")],
                              lambda: settings().fullscreen, app.set_fullscreen)
        y += step
        self.scale_top = y
        self.scale = Stepper(pygame.Rect(columns[0], y + label_h, COLUMN_W, row), "",
                             lambda: f"{round(settings().ui_scale * 100)}%", self.step_scale)
        self.buttons.extend(self.scale.buttons)
        y += step
        self.speed = choice(0, y, _("Animations"), [(v, _(words), True, "") for v, words in SPEEDS],
                            lambda: settings().animation_speed, lambda v: app.change_settings(animation_speed=v))
        y += step
        self.language = choice(0, y, _("Language"),
                               [(code, name if ready else _("{language} — coming").format(language=name), ready, "")
                                for code, name, ready in languages()],
                               lambda: settings().language, lambda v: app.change_settings(language=v))
        y += step
        self.keys_button = Button(pygame.Rect(columns[0], y, COLUMN_W, row), _("Keys…"), on_click=self.open_keys,
                                  key_hint="K")
        self.buttons.append(self.keys_button)
        # sound and play
        y = TOP
        self.sound_top = y
        self.sound = SoundControls(app, columns[1], y + label_h, COLUMN_W, row_h=row)
        self.buttons.extend(self.sound.buttons)
        y = self.sound.bottom + style.scaled(22)
        self.hints = on_off(1, y, _("Hints (H at the table)"), "show_hints")
        y += step
        self.confirm = on_off(1, y, _("Ask before a move that loses the ritual"), "confirm_losing_moves")
        # seeing
        y = TOP
        self.contrast = on_off(2, y, _("High-contrast cards"), "high_contrast")
        y += step
        self.cues = on_off(2, y, _("Colour-blind cues (shapes)"), "colour_cues")
        y += step
        self.motion = choice(2, y, _("Less motion"),
                             [("auto", _("System"), True, ""), ("on", _("On"), True, ""),
                              ("off", _("Off"), True, "")],
                             lambda: settings().reduce_motion, lambda v: app.change_settings(reduce_motion=v))
        y += step
        self.speech = on_off(2, y, _("Speech (screen reader)"), "speech")
        y += step
        self.sample_top = y
        self.sample_x = columns[2]
        self.back_button = Button(pygame.Rect(0, 0, style.scaled(320), row), _("Back"), on_click=self.close,
                                  key_hint="Esc")
        self.back_button.rect.midbottom = (theme.LOGICAL_SIZE[0] // 2, theme.LOGICAL_SIZE[1] - 30)
        self.buttons.append(self.back_button)
        self._renderer = None

    def restyle(self) -> None:
        self._layout()

    def controls(self) -> list:
        """Every control in reading order, column by column: a Choice, a Stepper or a Button."""
        return [self.display, self.scale, self.speed, self.language, self.keys_button, *self.sound.steppers,
                self.sound.mute_button, self.hints, self.confirm, self.contrast, self.cues,
                self.motion, self.speech,
                self.back_button]

    def focused(self):
        return self.controls()[self.focus]

    def control_words(self, control) -> str:
        """A control as speech says it: its name and its value now."""
        if isinstance(control, Choice):
            chosen = control.current()
            value = next((b.label for b, v in zip(control.buttons, control.values) if v == chosen), "")
            return f"{control.label}: {value}"
        if isinstance(control, Stepper):
            label = control.label or _("Size of text and cards")
            return f"{label}: {control.value()}"
        return ", ".join(part for part in (control.label, control.detail) if part)

    def spoken(self) -> str:
        from aleph_null_desktop.ui.table.spoken import sentences

        return sentences(_("Settings"), self.control_words(self.focused()))

    def on_enter(self) -> None:
        self.app.speak(self.spoken, interrupt=True)

    # ------------------------------------------------------------------ actions
    def step_scale(self, direction: int) -> None:
        now = self.app.current_settings().ui_scale
        larger = [s for s in UI_SCALES if s > now + 1e-9]
        smaller = [s for s in UI_SCALES if s < now - 1e-9]
        new = (larger[0] if larger else now) if direction > 0 else (smaller[-1] if smaller else now)
        if new != now:
            self.app.change_settings(ui_scale=new)  # the app restyles every scene, this one too

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def open_keys(self) -> None:
        from aleph_null_desktop.ui.scenes.keys import KeysScene

        self.app.stack.push(KeysScene(self.app))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif event.key == pygame.K_m:
                self.sound.toggle_mute()
            elif event.key == pygame.K_k:
                self.open_keys()
            else:
                self.handle_focus_key(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False
        return buttons_handle(self.buttons, event)

    def handle_focus_key(self, event) -> None:
        before = (self.focus, self.control_words(self.focused()))
        self._focus_key(event)
        if self.keyboard and (self.focus, self.control_words(self.focused())) != before:
            self.app.speak(lambda: self.control_words(self.focused()), interrupt=True)

    def _focus_key(self, event) -> None:
        controls = self.controls()
        control = controls[self.focus]
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(controls) if self.keyboard else self.focus
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.keyboard:
            self.focus = nearest([self._rect(c) for c in controls], self.focus, ARROWS[event.key])
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.keyboard:
            direction = -1 if event.key == pygame.K_LEFT else 1
            if isinstance(control, Choice):
                control.step(direction)
            elif isinstance(control, Stepper):
                (control.minus if direction < 0 else control.plus).click()
            else:
                self.focus = nearest([self._rect(c) for c in controls], self.focus, ARROWS[event.key])
        elif (is_enter(event) or event.key == pygame.K_SPACE) and self.keyboard:
            if isinstance(control, Choice):
                control.step(1, wrap=True)
            elif isinstance(control, Button):
                control.click()
        elif event.key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE) \
                and not is_enter(event):
            return
        self.keyboard = True  # the first key only shows where the focus is

    @staticmethod
    def _rect(control) -> pygame.Rect:
        return control.rect() if isinstance(control, Choice) else pygame.Rect(control.rect)

    # ------------------------------------------------------------------ drawing
    def sample_renderer(self):
        if self._renderer is None:
            from aleph_null_desktop.engine.cards import load_builtin_cards
            from aleph_null_desktop.ui.render.card_renderer import CardRenderer

            self._renderer = CardRenderer(load_builtin_cards(), self.app.fonts)
        return self._renderer

    def draw(self, surface: pygame.Surface) -> None:
        """The screen painted once and shown again; a button whose hover changed is painted alone
        (ui.render.still_picture)."""
        settings = self.app.current_settings()
        ring = self.keyboard and self.app.stack.top is self
        buttons = self.buttons
        parts = {} if ring else {id(b): StillPart(b.rect, b.hot, self._button_painter(b)) for b in buttons}
        signature = (id(self.background), settings, current_language(), style.current(), prompts.pad_in_use(),
                     tuple((b.label, b.detail, b.enabled, b.key_hint and key_name(b.key_hint)) for b in buttons),
                     tuple(s.value() for s in (self.scale, *self.sound.steppers)),
                     (self.focus, tuple(b.hot for b in buttons)) if ring else None)
        self.still.show(surface, signature, self.paint, self.background, parts)
        for c in self.choices:  # (the mouse sets a button's hover again as it moves)
            for b in c.buttons:
                b.hot = False

    def _button_painter(self, button: Button):
        for c in self.choices:
            if button in c.buttons:
                value = c.values[c.buttons.index(button)]
                return lambda surface: Choice.draw_button(surface, self.app.fonts, button, value == c.current())
        size = 24 if button in (self.back_button, self.keys_button, self.sound.mute_button) else 30
        return lambda surface: button.draw(surface, self.app.fonts, size=size)

    def on_cover(self) -> None:
        self.still.release()

    def on_leave(self) -> None:
        self.still.release()

    def on_uncover(self) -> None:
        self.still.release()  # (keys may have moved meanwhile: Settings → Keys)

    def paint(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        blit_text(surface, fonts.get("title", 48), _("Settings"), theme.GOLD, (960, 40), "midtop")
        for c in self.choices:
            c.draw(surface, fonts)
        blit_text(surface, fonts.get("title", 22), _("Size of text and cards"), theme.TEXT_DIM,
                  (self.scale.rect.x, self.scale_top))
        self.scale.draw(surface, fonts, 24)
        blit_text(surface, fonts.get("title", 22), _("Sound"), theme.TEXT_DIM, (self.sound.steppers[0].rect.x,
                                                                             self.sound_top))
        self.sound.draw(surface, fonts)
        self._draw_samples(surface)
        self.back_button.draw(surface, fonts, size=24)
        self.keys_button.draw(surface, fonts, size=24)
        if self.keyboard and self.app.stack.top is self:
            draw_focus_ring(surface, self._rect(self.focused()), margin=style.scaled(12))

    def _draw_samples(self, surface) -> None:
        """Two cards as the table draws them now: size, contrast and cues can be seen at once."""
        fonts = self.app.fonts
        words = _("The cards now look like this:")
        blit_text(surface, fit_font(fonts, "italic", words, COLUMN_W, 22), words, theme.TEXT_DIM,
                  (self.sample_x, self.sample_top))
        renderer = self.sample_renderer()
        width = min(style.scaled(200), (COLUMN_W - 20) // 2)
        y = self.sample_top + style.scaled(40)
        available = self.back_button.rect.top - 20 - y
        width = max(80, min(width, round(available / theme.CARD_RATIO)))
        for n, card_id in enumerate(SAMPLE_CARDS):
            try:
                face = renderer.face(card_id, width)
            except KeyError:  # a card set without it: nothing to show
                continue
            surface.blit(face, (self.sample_x + n * (width + 20), y))
