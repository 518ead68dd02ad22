"""The card editor: a form on the left, the live full-size card on the right (drawn by the game's
own card renderer from the very record the engine will play).

Every section has a header line with its title and, beside it, what is wrong (cross icon) or
worth knowing (triangle icon), checked on every keystroke and click. Effects are picked from
menus built from the engine's vocabulary; numbers are steppers within the engine's bounds.
Save is disabled, with the reason, while the card does not validate.
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Callable

import pygame

from aleph_null_desktop.editor import card_code
from aleph_null_desktop.editor import vocabulary as voc
from aleph_null_desktop.editor.draft import (
    FLAVOUR_MAX, FIELD_TITLES, MAX_ACTIONS, NAME_MAX, CardDraft, default_icons, field_of, humane, validate,
)
from aleph_null_desktop.editor.library import EditorError, Library
from aleph_null_desktop.engine.cards import ROMAN, CardDataError, card_from_dict
from aleph_null_desktop.i18n import LANGUAGE_NAMES, _, available_languages, current_language, ngettext
from aleph_null_desktop.ui import prompts, style, theme
from aleph_null_desktop.ui.render.art import ART, ART_BY_ICON, glyphs
from aleph_null_desktop.ui.render.card_renderer import CardRenderer, card_size
from aleph_null_desktop.ui.editor.controls import (
    CHIP_H, Chip, Control, Label, PopupMenu, Stepper, draw_message, flow,
)
from aleph_null_desktop.ui.editor.dialog import DialogScene
from aleph_null_desktop.ui.editor.picture_names import art_name, icon_name
from aleph_null_desktop.ui.editor.textfield import TextField
from aleph_null_desktop.ui.render.icons import draw_icon
from aleph_null_desktop.ui.scenes.stack import Scene
from aleph_null_desktop.ui.render.backdrop import draw_background
from aleph_null_desktop.ui.render.text import blit_text, blit_wrapped, fit_font, render, wrap
from aleph_null_desktop.ui.render.still_picture import StillPart, StillPicture
from aleph_null_desktop.ui.widgets.button import Button, buttons_handle, key_name

FORM = pygame.Rect(40, 110, 1290, 850)
TITLE_W = 210  # the left column of section titles
CONTENT_X = FORM.x + TITLE_W
CONTENT_W = FORM.right - CONTENT_X - 10
PREVIEW_W = 470
PREVIEW_POS = (1380, 118)
PREVIEW_ID = "custom_preview"
PREVIEW_STEP_MS = 2.0  # after typing, the new preview is drawn this much a frame (the last one shown meanwhile)
SECTION_GAP = 16
PANEL_FILL = (30, 23, 20)  # the form's panel


def _slot_vocabulary(slot: str) -> str:
    """'action0.cost' -> 'cost', 'dagger' -> 'effect', 'ongoing' -> 'ongoing'."""
    if slot.endswith(".cost"):
        return "cost"
    if slot.endswith(".effect"):
        return "effect"
    return voc.SLOT_VOCABULARY[slot]


def _signed(p, value: int) -> str:
    return f"{value:+d}" if p.lo < 0 and value else str(value)


def _shown_fields(control) -> tuple:
    """What a form control draws: its fields, less what it does when pressed."""
    return (type(control),) + tuple((f.name, tuple(v) if isinstance(v, pygame.Rect) else v)
                                    for f in dataclasses.fields(control)
                                    if not callable(v := getattr(control, f.name)))


def _typing(event) -> bool:
    """A letter typed or taken back in a text field (the form is checked again once a frame)."""
    return event.type in (pygame.TEXTINPUT, pygame.KEYUP) or (
        event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE))


class EditScene(Scene):
    def __init__(self, app, library: Library, draft: CardDraft | None = None,
                 on_close: Callable[[str | None], None] | None = None) -> None:
        super().__init__(app)
        self._typed = False  # letters typed since the form was last checked and laid out
        self.still = StillPicture()
        self._screen: tuple | None = None  # what else the last frame showed (_screen_now); None: unknown
        self._previews_drawn = 0  # (a new preview may be a new object at the old one's address)
        self.library = library
        self.draft = draft.copy() if draft else CardDraft()
        self.on_close = on_close
        self.background = draw_background(theme.LOGICAL_SIZE)
        fonts = app.fonts
        self.language = current_language()  # the language whose name and flavour the fields edit
        self.name_field = TextField(pygame.Rect(0, 0, 620, 48), self.draft.name_in(self.language),
                                    max_length=NAME_MAX + 20, on_change=self._name_changed,
                                    font_role="title", font_size=26, name="name")
        self.flavour_field = TextField(pygame.Rect(0, 0, CONTENT_W - 20, 44), self.draft.flavour_in(self.language),
                                       max_length=FLAVOUR_MAX + 40, on_change=self._flavour_changed, font_role="italic", font_size=23,
                                       name="flavour")
        for f in (self.name_field, self.flavour_field):
            f.use_fonts(fonts)
        self.fields = [self.name_field, self.flavour_field]
        self.scroll = 0
        self.content_h = 0
        self.popup: PopupMenu | None = None
        self.hover: tuple[int, int] | None = None
        self.status = ""
        self.status_kind = "info"
        self.controls: list[Control] = []
        self.headers: list[tuple[str, str, int]] = []  # (key, title, y)
        self._clean = self._snapshot() if self.draft.id else None
        self._preview_key = ""
        self._preview: pygame.Surface | None = None
        self._preview_drawing: CardRenderer | None = None  # the preview being drawn a step a frame (update)
        self._shadow: pygame.Surface | None = None  # the preview's shadow
        self._preview_stale = False
        self._preview_error = ""
        self.code = ""  # the card code of the draft, once it is a card
        self.buttons = [
            Button(pygame.Rect(FORM.x, 985, 300, 70), _("Save"), on_click=self.save, key_hint="Ctrl+S"),
            Button(pygame.Rect(FORM.x + 320, 985, 300, 70), _("Back to the gallery"), on_click=self.back,
                   key_hint="Esc"),
            Button(pygame.Rect(FORM.x + 640, 985, 300, 70), _("Test this card"), on_click=self.test_card,
                   key_hint="Ctrl+T"),
            Button(pygame.Rect(FORM.x + 960, 985, 330, 70), _("Copy code"), on_click=self.copy_code,
                   key_hint="Ctrl+K"),
        ]
        if not self.draft.id:
            self.name_field.focus()
        self.rebuild()

    # ------------------------------------------------------------------ state
    def _snapshot(self) -> str:
        return json.dumps(self.draft.to_record(self.draft.id or "x"), sort_keys=True)

    @property
    def dirty(self) -> bool:
        return self._clean != self._snapshot()

    def _name_changed(self, text: str) -> None:
        self.draft.set_name(self.language, text)
        self.status = ""
        self._typed = True

    def _flavour_changed(self, text: str) -> None:
        self.draft.set_flavour(self.language, text)
        self.status = ""
        self._typed = True

    def _catch_up(self) -> None:
        """The form checked and laid out again once for all the letters typed since the last time
        (a frame's dozen Backspaces or a pasted word: once, not a dozen times)."""
        if self._typed:
            self._typed = False
            self.rebuild(typed=True)

    def edit_language(self, language: str) -> None:
        """The name and flavour fields edit this language's texts from now on."""
        self.language = language
        self.name_field.set_text(self.draft.name_in(language))
        self.flavour_field.set_text(self.draft.flavour_in(language))
        self.changed()

    def _placeholders(self) -> None:
        """An empty field says what the game shows instead: the text of another language."""
        def fallback(texts: dict[str, str], own: str) -> str:
            other = next(((code, t) for code, t in texts.items() if code != self.language), None)
            if other is None:
                return own
            return _("empty: the game shows “{text}” ({language})").format(
                text=other[1], language=LANGUAGE_NAMES.get(other[0], other[0]))

        self.name_field.placeholder = fallback(self.draft.names(), _("The card's name"))
        self.flavour_field.placeholder = fallback(self.draft.flavours(), _("A line of flavour (optional)"))

    def changed(self) -> None:
        self.status = ""
        self.rebuild()

    # ------------------------------------------------------------------ building the form
    def rebuild(self, typed: bool = False) -> None:
        """The form laid out again and the preview brought up to date (`typed`: a step a frame)."""
        self.check = validate(self.draft, self.library.others(self.draft.id))
        fonts = self.app.fonts
        self.controls, self.headers = [], []
        y = FORM.y - self.scroll
        step = self.header_step = max(34, fonts.get("title", 21).get_linesize() + 6)  # a header's line, at the UI scale

        def header(key: str, title: str) -> int:
            self.headers.append((key, title, y))
            return y + step

        def place(parts: list[Control | None], top: int) -> int:
            self.controls.extend(c for c in parts if c is not None)
            return flow(parts, fonts, CONTENT_X, top, CONTENT_W) + SECTION_GAP

        # name, in the language being edited; the others are chosen on the right of its header
        language_name = LANGUAGE_NAMES.get(self.language, self.language)
        y = header("name", _("Name ({language})").format(language=language_name))
        self._language_chips(y - step + 2)
        y += 8  # the chips are a little taller than a header line
        self._placeholders()
        self.name_field.rect.topleft = (CONTENT_X, y)
        self.name_field.error = "name" in self.check.errors
        y += self.name_field.rect.h + SECTION_GAP

        # level, side, cost, icon
        y = header("card", _("Card"))
        d = self.draft
        row: list[Control | None] = [
            Stepper(name="level", label=_("Level"), value_text=ROMAN[d.level],
                    on_minus=lambda: self._set("level", d.level - 1), on_plus=lambda: self._set("level", d.level + 1),
                    can_minus=d.level > 1, can_plus=d.level < 3),
            Label(text=_("Side")),
            Chip(name="side.church", label=_("Church"), mark="radio", selected=d.side == "church",
                 on_click=lambda: self._set("side", "church")),
            Chip(name="side.hell", label=_("Hell"), mark="radio", selected=d.side == "hell",
                 on_click=lambda: self._set("side", "hell")),
            Stepper(name="cost", label=_("Summoning cost"), value_text=_("{n}P").format(n=d.cost),
                    on_minus=lambda: self._set("cost", d.cost - 1), on_plus=lambda: self._set("cost", d.cost + 1),
                    can_minus=d.cost > 0, can_plus=d.cost < 9),
            Chip(name="icon", label=_("Icon: {name}").format(name=icon_name(d.icon)), icon=d.icon, mark="menu", on_click=self._open_icons),
            Chip(name="art", label=_("Picture: {name}").format(name=art_name(d.art)), mark="menu",
                 on_click=self._open_art),
        ]
        y = place(row, y)

        for key in ("on_summon", "ongoing"):
            y = header(key, _(FIELD_TITLES[key]))
            y = place(self._steps_controls(key, _("nothing")), y)

        for i, action in enumerate(d.actions):
            y = header(f"action{i}", _("Action {n}").format(n=i + 1))
            parts: list[Control | None] = [Label(text=_("Cost"), role="bold", colour=theme.PARCHMENT_DARK)]
            parts += self._steps_controls(f"action{i}.cost", _("free"), indent=True)
            parts += [None, Label(text=_("Effect"), role="bold", colour=theme.PARCHMENT_DARK)]
            parts += self._steps_controls(f"action{i}.effect", _("nothing"), indent=True)
            if len(d.actions) > 1:
                parts += [None, Chip(name=f"action{i}.remove", label=_("Remove action {n}").format(n=i + 1), mark="remove",
                                     on_click=lambda i=i: self._remove_action(i))]
            y = place(parts, y)
        if len(d.actions) < MAX_ACTIONS:
            y = header("actions", _("Actions"))
            y = place([Chip(name="actions.add", label=_("Add a second action"), mark="add",
                            on_click=self._add_action)], y)
        else:
            self.headers.append(("actions", "", -10_000))  # messages about all actions go to action 1

        y = header("dagger", _("† When sacrificed"))
        y = place(self._steps_controls("dagger", _("nothing")), y)

        y = header("flavour", _("Flavour ({language})").format(language=language_name))
        self.flavour_field.rect.topleft = (CONTENT_X, y)
        self.flavour_field.error = "flavour" in self.check.errors
        y += self.flavour_field.rect.h + SECTION_GAP
        self.content_h = y + self.scroll - FORM.y
        max_scroll = max(0, self.content_h - FORM.h)
        if self.scroll > max_scroll:
            self.scroll = max_scroll
            self.rebuild(typed)
            return

        save = self.buttons[0]
        save.enabled = self.check.ok
        save.detail = "" if self.check.ok else _("disabled: {why}").format(why=self.check.summary())
        test = self.buttons[2]
        test.enabled = self.check.ok
        test.detail = "" if self.check.ok else _("when the card is complete")
        copy = self.buttons[3]
        copy.enabled = self.check.ok
        copy.detail = "" if self.check.ok else _("when the card is complete")
        self.code = card_code.encode(self._shared_record()) if self.check.ok else ""
        self._update_preview(at_once=not typed)

    def _language_chips(self, y: int) -> None:
        """One radio chip per language of the game, right-aligned on the name's header line."""
        chips: list[Control | None] = [Chip(name=f"language.{code}", label=LANGUAGE_NAMES.get(code, code), mark="radio",
                                            selected=code == self.language,
                                            on_click=lambda c=code: self.edit_language(c))
                                       for code in available_languages()]
        width = sum(c.measure(self.app.fonts) for c in chips) + 8 * (len(chips) - 1)
        flow(chips, self.app.fonts, FORM.right - width - 6, y, width + 8)
        self.controls.extend(c for c in chips if c is not None)

    def _steps_controls(self, slot: str, empty: str, indent: bool = False) -> list[Control | None]:
        steps = self.draft.steps(slot)
        out: list[Control | None] = []
        if not steps:
            out.append(Label(text=f"({empty})"))
        for i, step in enumerate(steps):
            if i:
                out.append(None)
                if indent:
                    out.append(Label(text=_("then"), colour=theme.PARCHMENT_DARK))
            out += self._step_controls(slot, i, step)
        if self.draft.can_add_step(slot):
            out.append(Chip(name=f"{slot}.add", label=_("Add a step") if indent else _("Add an effect"), mark="add",
                            on_click=lambda: self._add_step(slot)))
        return out

    def _step_controls(self, slot: str, i: int, step: dict) -> list[Control]:
        vocab = _slot_vocabulary(slot)
        spec = voc.MENUS[vocab].get(step.get("op"))
        base = f"{slot}.{i}"
        label = spec.label if spec else _("unknown: {op}").format(op=step.get("op"))
        out: list[Control] = [Chip(name=f"{base}.op", label=label, mark="menu", strong=True,
                                   on_click=lambda: self._open_ops(slot, i))]
        if spec is None:
            return out + [self._remove_chip(slot, i)]
        for p in spec.params:
            value = step.get(p.name)
            if p.kind == "stepper":
                value = value if isinstance(value, int) else p.lo
                out.append(Stepper(name=f"{base}.{p.name}", label=p.label, value_text=_signed(p, value),
                                   on_minus=lambda n=p.name: self._step_param(slot, i, n, -1),
                                   on_plus=lambda n=p.name: self._step_param(slot, i, n, +1),
                                   can_minus=value > p.lo, can_plus=value < p.hi))
            elif p.kind == "choice":
                for choice in p.choices:
                    out.append(Chip(name=f"{base}.{p.name}.{choice}", label=voc.MOVE_LABELS.get(choice, choice),
                                    mark="radio", selected=value == choice,
                                    on_click=lambda c=choice, n=p.name: self._update(slot, i, voc.set_param(
                                        self.draft.steps(slot)[i], n, c))))
            elif p.kind == "zones":
                out.append(Label(text=_("from")))
                for zone in p.choices:
                    out.append(Chip(name=f"{base}.from.{zone}", label=voc.ZONE_LABELS[zone], mark="check",
                                    selected=zone in (value or []),
                                    on_click=lambda z=zone: self._update(slot, i, voc.toggle_zone(
                                        self.draft.steps(slot)[i], z))))
            elif p.kind == "toggle":
                out.append(Chip(name=f"{base}.{p.name}", label=_("up to (fewer allowed)"), mark="check",
                                selected=bool(value),
                                on_click=lambda n=p.name: self._update(slot, i, voc.set_param(
                                    self.draft.steps(slot)[i], n, not self.draft.steps(slot)[i].get(n)))))
            elif p.kind == "filter":
                f = value if isinstance(value, dict) else {}
                types = f.get("types", [])
                out.append(Label(text=_("of type") if types else _("of type (none ticked: any card)")))
                for t in p.choices:
                    out.append(Chip(name=f"{base}.filter.{t}", label=voc.FILTER_TYPE_LABELS[t], mark="check",
                                    selected=t in types,
                                    on_click=lambda t=t: self._update(slot, i, voc.toggle_filter_type(
                                        self.draft.steps(slot)[i], t))))
                out.append(Chip(name=f"{base}.filter.other", label=_("not this card"), mark="check",
                                selected=bool(f.get("other")),
                                on_click=lambda: self._update(slot, i, voc.toggle_filter_other(
                                    self.draft.steps(slot)[i]))))
                if f.get("ids"):
                    out.append(Label(text=_("named: {ids}").format(ids=", ".join(f["ids"])[:60])))
            elif p.kind == "otherwise":
                follow = (value or [None])[0] if isinstance(value, list) else None
                fspec = next((s for s in voc.otherwise_menu() if follow and s.op == follow.get("op")), None)
                out.append(Chip(name=f"{base}.otherwise", label=_("if none: {what}").format(what=_(fspec.label).lower() if fspec else _("nothing")),
                                mark="menu", on_click=lambda: self._open_otherwise(slot, i)))
                if fspec:
                    for fp in fspec.params:
                        fv = follow.get(fp.name, fp.lo)
                        out.append(Stepper(name=f"{base}.otherwise.{fp.name}", label="", value_text=str(fv),
                                           on_minus=lambda n=fp.name: self._step_otherwise(slot, i, n, -1),
                                           on_plus=lambda n=fp.name: self._step_otherwise(slot, i, n, +1),
                                           can_minus=fv > fp.lo, can_plus=fv < fp.hi))
        out.append(self._remove_chip(slot, i))
        return out

    def _remove_chip(self, slot: str, i: int) -> Chip:
        return Chip(name=f"{slot}.{i}.remove", label=_("Remove"), mark="remove",
                    on_click=lambda: self._remove_step(slot, i))

    # ------------------------------------------------------------------ edits
    def _set(self, attr: str, value) -> None:
        if attr == "level":
            value = max(1, min(3, value))
        if attr == "cost":
            value = max(0, min(9, value))
        setattr(self.draft, attr, value)
        self.changed()

    def _update(self, slot: str, i: int, step: dict) -> None:
        self.draft.steps(slot)[i] = step
        self.changed()

    def _step_param(self, slot: str, i: int, name: str, delta: int) -> None:
        steps = self.draft.steps(slot)
        steps[i] = voc.step_stepped(steps[i], _slot_vocabulary(slot), name, delta)
        self.changed()

    def _step_otherwise(self, slot: str, i: int, name: str, delta: int) -> None:
        steps = self.draft.steps(slot)
        follow = steps[i]["otherwise"][0]
        steps[i] = voc.set_param(steps[i], "otherwise", [voc.step_stepped(follow, "effect", name, delta)])
        self.changed()

    def _add_step(self, slot: str) -> None:
        vocab = _slot_vocabulary(slot)
        steps = self.draft.steps(slot)
        if len(steps) < 2:
            first = {"action": "pay" if vocab == "cost" else "gain_power", "on_summon": "take_damage",
                     "dagger": "gain_power", "ongoing": "hand_size"}[slot.split(".")[0].rstrip("0123456789")]
            steps.append(voc.default_step(vocab, first))
            self.changed()
            self._open_ops(slot, len(steps) - 1)

    def _remove_step(self, slot: str, i: int) -> None:
        del self.draft.steps(slot)[i]
        self.changed()

    def _add_action(self) -> None:
        self.draft.add_action()
        self.changed()

    def _remove_action(self, i: int) -> None:
        self.draft.remove_action(i)
        self.changed()

    def _control(self, name: str) -> Control | None:
        return next((c for c in self.controls if c.name == name), None)

    def _open_ops(self, slot: str, i: int) -> None:
        vocab = _slot_vocabulary(slot)
        anchor = self._control(f"{slot}.{i}.op")
        step = self.draft.steps(slot)[i]

        def choose(op: str) -> Callable[[], None]:
            def pick() -> None:
                if self.draft.steps(slot)[i].get("op") != op:
                    self._update(slot, i, voc.default_step(vocab, op))
            return pick

        items = [(s.label, choose(s.op)) for s in voc.menu(vocab)]
        current = voc.MENUS[vocab][step["op"]].label if step.get("op") in voc.MENUS[vocab] else ""
        self.popup = PopupMenu(anchor.rect if anchor else pygame.Rect(CONTENT_X, 300, 300, CHIP_H), items,
                               self.app.fonts, current=current, name=f"{slot}.{i}.menu")

    def _open_otherwise(self, slot: str, i: int) -> None:
        anchor = self._control(f"{slot}.{i}.otherwise")

        def choose(spec) -> Callable[[], None]:
            def pick() -> None:
                step = self.draft.steps(slot)[i]
                self._update(slot, i, voc.set_param(step, "otherwise", [spec.default_step()] if spec else None))
            return pick

        items = [(_("nothing"), choose(None))] + [(s.label, choose(s)) for s in voc.otherwise_menu()]
        self.popup = PopupMenu(anchor.rect, items, self.app.fonts, name=f"{slot}.{i}.otherwise.menu")

    def _open_icons(self) -> None:
        anchor = self._control("icon")
        items = [(name, (lambda n=name: self._set("icon", n))) for name in default_icons()]
        self.popup = IconGrid(anchor.rect, items, self.app.fonts, current=self.draft.icon)

    def _open_art(self) -> None:
        anchor = self._control("art")
        items = [(name, (lambda n=name: self._set("art", n))) for name in ("", *glyphs())]
        self.popup = ArtGrid(anchor.rect, items, self.app.fonts, current=self.draft.art, icon=self.draft.icon)

    # ------------------------------------------------------------------ commands
    def save(self) -> None:
        if not self.check.ok:
            self.status, self.status_kind = _("Not saved: {why}").format(why=self.check.summary()), "error"
            return
        try:
            self.library.save(self.draft)
        except EditorError as err:
            self.status, self.status_kind = str(err), "error"
            return
        self._clean = self._snapshot()
        self.status, self.status_kind = _("Saved “{name}” to your gallery.").format(name=self.draft.shown_name), "info"
        self.rebuild()

    def test_card(self) -> None:
        """Plays rituals with and without the card (as it is now, saved or not) in a worker process."""
        from aleph_null_desktop.ui.editor.cardtest_scene import CardTestScene

        if not self.check.ok:
            self.status, self.status_kind = _("Not tested: {why}").format(why=self.check.summary()), "error"
            return
        self.app.stack.push(CardTestScene(self.app, self.draft.to_record(self.draft.id or "custom_tested_card")))

    def _shared_record(self) -> dict:
        return self.draft.to_record(self.draft.id)

    def copy_code(self) -> None:
        """The code of the card as it is now (saved or not), to paste into a message."""
        from aleph_null_desktop.ui.editor.share import copy_code

        if not self.check.ok:
            self.status, self.status_kind = _("No code yet: {why}").format(why=self.check.summary()), "error"
            return
        self.status, self.status_kind = copy_code(self.app, self._shared_record(), self.draft.shown_name), "info"

    def back(self) -> None:
        if self.dirty or (self._clean is None and self.draft.names()):
            self.app.stack.push(DialogScene(
                self.app, _("Leave without saving?"),
                _("This card has changes that are not saved. Leave the editor and lose them?"),
                buttons=[(_("Leave, lose changes"), lambda _result: self._close()), (_("Keep editing"), None)],
                name="discard"))
            return
        self._close()

    def _close(self) -> None:
        for f in self.fields:
            f.blur()
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_close:
            self.on_close(self.draft.id)

    # ------------------------------------------------------------------ events
    def next_change(self) -> float | None:
        """Frames while the preview is drawn; the focused field's caret blinks."""
        if self._preview_drawing is not None:
            return 0.0
        blinks = [t for t in (f.next_blink() for f in self.fields) if t is not None]
        return min(blinks) if blinks else None

    def handle_event(self, event) -> bool:
        if not _typing(event):  # anything else reads the form as it is now
            self._catch_up()
        if hasattr(event, "pos"):
            self.hover = event.pos
        if self.popup is not None:
            result = self.popup.handle_event(event)
            if result is not None:
                self.popup = None
            return event.type != pygame.KEYDOWN or result is not None  # the popup holds the mouse
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 60)
            return True
        for f in self.fields:
            if f.handle_event(event):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    for other in self.fields:
                        if other is not f:
                            other.blur()
                return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
                             pygame.K_KP_ENTER, pygame.K_F6) and not ctrl:
                return False  # no field has them: they move the outline over the form (ui.button_focus)
            if ctrl and event.key == pygame.K_s:
                self.save()
            elif ctrl and event.key == pygame.K_t:
                self.test_card()
            elif ctrl and event.key == pygame.K_k:
                self.copy_code()
            elif event.key == pygame.K_TAB:
                self._tab()
            elif event.key == pygame.K_ESCAPE:
                if any(f.focused for f in self.fields):
                    for f in self.fields:
                        f.blur()
                else:
                    self.back()
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and FORM.collidepoint(event.pos):
            for c in self.controls:
                if c.click(event.pos):
                    return True
        return buttons_handle(self.buttons, event)

    def focus_targets(self) -> list:
        """What the arrows and Enter reach (a pad, a keyboard without a mouse): the fields, every
        chip and each side of a stepper in the form as far as it is shown, then the buttons."""
        from aleph_null_desktop.ui.button_focus import Target

        def field_target(field) -> Target:
            def press():
                for other in self.fields:
                    other.blur()
                field.focus()
            return Target(pygame.Rect(field.rect), press)

        def click(rect):
            return lambda: self._click_control(rect.center)

        targets = [field_target(f) for f in self.fields if FORM.contains(f.rect)]
        for c in self.controls:
            if isinstance(c, Stepper):
                minus, _value, plus = c._parts()
                targets += [Target(r, click(r)) for r, ok in ((minus, c.can_minus), (plus, c.can_plus))
                            if ok and FORM.contains(r)]
            elif isinstance(c, Chip) and c.enabled and c.on_click and FORM.contains(c.rect):
                targets.append(Target(pygame.Rect(c.rect), click(c.rect)))
        return targets + [Target(pygame.Rect(b.rect), b.click) for b in self.buttons if b.enabled]

    def _click_control(self, pos) -> None:
        for c in self.controls:
            if c.click(pos):
                return

    def _tab(self) -> None:
        focused = next((i for i, f in enumerate(self.fields) if f.focused), -1)
        for f in self.fields:
            f.blur()
        self.fields[(focused + 1) % len(self.fields)].focus()

    def _scroll_by(self, dy: int) -> None:
        max_scroll = max(0, self.content_h - FORM.h)
        new = max(0, min(max_scroll, self.scroll + dy))
        if new != self.scroll:
            self.scroll = new
            self.rebuild()

    # ------------------------------------------------------------------ preview
    def _update_preview(self, at_once: bool = True) -> None:
        """The card as the engine would play it, drawn large; not `at_once` (typing): drawn a step
        a frame by `update`, the last preview shown meanwhile (a whole face costs 10-30 ms)."""
        record = self.draft.to_record(PREVIEW_ID)
        if not self.draft.names():
            record["name"] = {self.language: _("(unnamed)")}
        key = json.dumps(record, sort_keys=True)
        if key == self._preview_key:
            return
        self._preview_key = key
        try:
            card = card_from_dict(record)
        except (CardDataError, RecursionError, TypeError, ValueError) as err:
            self._preview_stale, self._preview_drawing = self._preview is not None, None
            title = FIELD_TITLES.get(field_of(getattr(err, "field_name", "")))
            where = _(title) if title else ""
            said = humane(err) if isinstance(err, CardDataError) else str(err)
            self._preview_error = f"{where}: {said}" if where else said
            return
        self._preview_error = ""
        renderer = CardRenderer({PREVIEW_ID: card}, self.app.fonts)
        if at_once or self._preview is None:
            self._preview, self._preview_drawing = renderer.face(PREVIEW_ID, PREVIEW_W), None
            self._previews_drawn += 1
        else:
            self._preview_drawing = renderer
        self._preview_stale = False

    def update(self, dt: float) -> None:
        typed = self._typed
        self._catch_up()
        renderer = self._preview_drawing
        if renderer is None or typed:  # a keystroke's frame laid the form out again: the preview goes on next frame
            return
        start = time.thread_time()
        while not renderer.face_step(PREVIEW_ID, PREVIEW_W):  # one step at least, then while there is time
            if (time.thread_time() - start) * 1000 >= PREVIEW_STEP_MS:
                return
        self._preview, self._preview_drawing = renderer.face(PREVIEW_ID, PREVIEW_W), None
        self._previews_drawn += 1

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """While letters are typed only the text fields change: the rest of the screen is kept as
        one picture (ui.render.still_picture) and painted again when anything else it shows
        changed, but for the large card and its code line, painted again alone when they change;
        the fields are drawn over it every frame (nothing else is drawn over them)."""
        self._catch_up()
        fields = (self.name_field, self.flavour_field)
        shown, self._screen = self._screen, self._screen_now(surface)
        if self.popup is not None or any(f.rect.colliderect(FORM) and not FORM.contains(f.rect) for f in fields):
            self.still.release()  # a menu over the fields, or a field cut by the form's edge: painted whole
            self._screen = None
            self.paint(surface)
            return
        # the screen shows the last frame: only the fields drawn over the picture are restored
        restore = [f.rect.clip(FORM) for f in fields] if shown is not None and shown == self._screen else None
        blitted = self.still.show(surface, self._picture_signature(), self.paint, self.background, self._still_parts(),
                                  restore)
        old_clip = surface.get_clip()
        surface.set_clip(FORM.clip(old_clip))
        self._draw_fields(surface)  # (inside the rectangles restored)
        surface.set_clip(old_clip)
        self.drawn_region = blitted  # only these go to the window (App.present)

    def _screen_now(self, surface) -> tuple | None:
        """What, besides this scene, is on the screen this frame (the focus outline), or None when
        the next frame cannot count on the screen still showing it (another scene or the app's
        warning draws over it)."""
        app = self.app
        if app.stack.top is not self or app.error_time > 0 or app.toast_time > 0:
            return None
        focus = app.button_focus  # (where its outline will be drawn this frame: on the nearest target left)
        outline = focus.rect if focus.scene is self and focus.visible_on(self) else None
        return id(surface), surface.get_size(), outline and tuple(outline)

    def _still_parts(self) -> dict[str, StillPart]:
        """What typing changes besides the fields, each painted again alone when it changes: the
        large card, its code line, the title (an edited card's name), the name's message, the
        buttons (Save disabled, and why) and the status line."""
        check = self.check
        parts = {"preview": StillPart(self._preview_area(), (self._previews_drawn, self._preview_stale, self._preview_error),
                                      self._draw_preview_card),
                 "code": StillPart(self._code_area(), (self.code, len(check.warnings)), self._draw_code_and_warnings),
                 "title": StillPart(pygame.Rect(0, 0, FORM.right + 12, FORM.y - 8),
                                    (self._title(), bool(self.draft.id) and self.dirty), self._draw_title),
                 "name_message": StillPart(self._name_message_area(), check.message("name"), self._paint_name_message),
                 "status": StillPart(self._status_area(), (self.status, self.status_kind, check.summary()),
                                     self._draw_status)}
        for i, b in enumerate(self.buttons):
            parts[f"button{i}"] = StillPart(pygame.Rect(b.rect), self._button_state(b),
                                            lambda surface, b=b: b.draw(surface, self.app.fonts, size=26))
        return parts

    @staticmethod
    def _button_state(b: Button) -> tuple:
        return b.label, b.detail, b.enabled, b.hot, b.key_hint and key_name(b.key_hint)

    def _draw_fields(self, surface) -> None:
        """The name and flavour fields, those of them scrolled into the form."""
        for field in self.fields:
            if FORM.colliderect(field.rect):
                field.draw(surface)

    def _title(self) -> str:
        return _("New custom card") if not self.draft.id else _("Editing “{name}”").format(
            name=self.draft.shown_name or "…")

    def _picture_signature(self) -> tuple:
        """Everything the screen shows but its text fields."""
        check = self.check
        return (id(self.background), current_language(), style.current(), prompts.pad_in_use(),
                self.draft.id, self.scroll, self.content_h, self.hover,
                tuple(self.name_field.rect), tuple(self.flavour_field.rect),
                len(self.draft.actions or ()), tuple(self.headers),
                None if self._name_message_fits() else check.message("name"),
                tuple(sorted((k, v) for k, v in check.errors.items() if k != "name")),
                tuple(sorted((k, v) for k, v in check.warnings.items() if k != "name")),
                tuple(_shown_fields(c) for c in self.controls),
                tuple(tuple(b.rect) for b in self.buttons))  # (what typing changes besides: parts of their own, _still_parts)

    def on_cover(self) -> None:
        self.still.release()
        self._screen = None

    def on_leave(self) -> None:
        self.still.release()
        self._screen = None

    def on_uncover(self) -> None:
        self.still.release()
        self._screen = None

    def paint(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        fonts = self.app.fonts
        surface.blit(self.background, (0, 0))
        self._draw_title(surface)
        panel = FORM.inflate(24, 16)
        pygame.draw.rect(surface, PANEL_FILL, panel, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 2, border_radius=12)
        old_clip = surface.get_clip()
        surface.set_clip(FORM)
        for key, title_text, y in self.headers:
            if y < -1000:
                continue
            pygame.draw.line(surface, (70, 54, 40), (FORM.x, y - 6), (FORM.right, y - 6), 1)
            blit_text(surface, fonts.get("title", 21), title_text.upper(), theme.GOLD, (FORM.x + 4, y + 2))
            self._draw_field_message(surface, fonts, key, y)
        self._draw_fields(surface)
        for c in self.controls:
            if c.rect.bottom >= FORM.y and c.rect.top <= FORM.bottom:
                c.draw(surface, fonts, self.hover)
        surface.set_clip(old_clip)
        self._draw_scrollbar(surface)
        self._draw_preview(surface, fonts)
        for b in self.buttons:
            b.draw(surface, fonts, size=26)
        self._draw_status(surface)
        if self.popup:
            self.popup.draw(surface, fonts, self.hover)

    def _draw_title(self, surface) -> None:
        """The screen's title and, for a saved card changed since, "unsaved changes" beside it."""
        fonts = self.app.fonts
        title = self._title()
        blit_text(surface, fit_font(fonts, "title", title, 1200, 40, 24), title, theme.GOLD, (FORM.x, 30))
        if self.draft.id and self.dirty:
            blit_text(surface, fonts.get("italic", 22), _("unsaved changes"), theme.CANDLE, (FORM.right, 48), "topright")

    def _draw_status(self, surface) -> None:
        fonts = self.app.fonts
        status_rect = self.status_rect()
        if self.status and self.status_kind == "error":
            draw_message(surface, fonts, "error", self.status, status_rect, size=22)
        elif self.status:
            blit_wrapped(surface, fonts.get("body", 22), self.status, theme.TEXT, status_rect)
        elif not self.check.ok:
            draw_message(surface, fonts, "error", _("Save is disabled until this is fixed: {why}").format(why=self.check.summary()),
                         status_rect, size=22)

    def _status_area(self) -> pygame.Rect:
        """All the status line may draw on: its place, down to the window's foot and to its right edge."""
        rect = self.status_rect()
        return pygame.Rect(rect.x, rect.y, theme.LOGICAL_SIZE[0] - rect.x, theme.LOGICAL_SIZE[1] - rect.y)

    def _name_message_area(self) -> pygame.Rect:
        """Where the name's message is drawn (right of its field), down to the next section's line:
        the panel's plain ground but for that message."""
        key_ys = [y for _key, _title, y in self.headers if y > -1000]
        name_y = next((y for key, _title, y in self.headers if key == "name"), None)
        if name_y is None:
            return pygame.Rect(0, 0, 0, 0)
        below = [y for y in key_ys if y > name_y]
        x, top = self.name_field.rect.right + 20, name_y + self.header_step + 8 + 4
        bottom = (min(below) - 6) if below else FORM.bottom
        return pygame.Rect(x, top, FORM.right - x, max(0, bottom - top)).clip(FORM)

    def _name_message_fits(self) -> bool:
        """Whether the name's message stays inside its area (a long one runs into the next section:
        the screen is then painted whole when it changes)."""
        found = self.check.message("name")
        if found is None:
            return True
        area = self._name_message_area()
        font = self.app.fonts.get("body", 20)
        name_y = next((y for key, _title, y in self.headers if key == "name"), 0)
        top = name_y + self.header_step + 8 + 4
        return top + len(wrap(font, found[1], area.w - 28)) * font.get_linesize() <= area.bottom

    def _paint_name_message(self, surface) -> None:
        area = self._name_message_area()
        surface.fill(PANEL_FILL, area)
        name_y = next((y for key, _title, y in self.headers if key == "name"), None)
        if name_y is not None:
            self._draw_field_message(surface, self.app.fonts, "name", name_y)

    def status_rect(self) -> pygame.Rect:
        """Where the save/test status is said: right of the last button, to the window's edge."""
        left = self.buttons[-1].rect.right + 24
        return pygame.Rect(left, 985, theme.LOGICAL_SIZE[0] - 40 - left, 80)

    def _draw_field_message(self, surface, fonts, key: str, y: int) -> None:
        keys = [key] + (["actions"] if key == "action0" and self.draft.actions and len(self.draft.actions) >= MAX_ACTIONS
                        else [])
        if key == "card":
            keys = ["level", "side", "cost", "icon"]
        for k in keys:
            found = self.check.message(k)
            if found:
                x = FORM.x + TITLE_W if key != "name" else self.name_field.rect.right + 20
                if key == "name":
                    rect = pygame.Rect(x, y + self.header_step + 8 + 4, FORM.right - x, 48)
                else:
                    title_w = fonts.get("title", 21).size(self._title_of(key).upper())[0]
                    x = max(x, FORM.x + title_w + 24)
                    rect = pygame.Rect(x, y + 2, FORM.right - x, 30)
                draw_message(surface, fonts, found[0], found[1], rect, size=20)
                return

    def _title_of(self, key: str) -> str:
        return next((t for k, t, _ in self.headers if k == key), "")

    def _draw_scrollbar(self, surface) -> None:
        if self.content_h <= FORM.h:
            return
        track = pygame.Rect(FORM.right + 2, FORM.y, 8, FORM.h)
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=4)
        h = max(40, FORM.h * FORM.h // self.content_h)
        y = FORM.y + (FORM.h - h) * self.scroll // max(1, self.content_h - FORM.h)
        pygame.draw.rect(surface, theme.GOLD, (track.x, y, 8, h), border_radius=4)

    def _preview_rect(self) -> pygame.Rect:
        x, y = PREVIEW_POS
        return pygame.Rect((x, y + 8), card_size(PREVIEW_W))

    def _preview_area(self) -> pygame.Rect:
        """The large card and its shadow: all `_draw_preview_card` draws."""
        rect = self._preview_rect()
        return rect.union(rect.move(10, 12))

    def _draw_preview(self, surface, fonts) -> None:
        x, y = PREVIEW_POS
        w, h = card_size(PREVIEW_W)
        blit_text(surface, fonts.get("title", 22), _("LIVE PREVIEW"), theme.TEXT_DIM, (x + w // 2, y - 2), "midbottom")
        self._draw_preview_card(surface)
        self._draw_ids(surface)
        self._draw_code_and_warnings(surface)

    def _draw_code_and_warnings(self, surface) -> None:
        """Below the card's id: its code, then how many warnings the form has."""
        info_y = self._draw_code_line(surface) + 6
        warnings = len(self.check.warnings)
        if warnings:
            blit_wrapped(surface, self.app.fonts.get("italic", 20),
                         ngettext("{n} warning: allowed, but read it", "{n} warnings: allowed, but read them",
                                  warnings).format(n=warnings),
                         theme.CANDLE, pygame.Rect(PREVIEW_POS[0], info_y, card_size(PREVIEW_W)[0], 60))

    def _code_area(self) -> pygame.Rect:
        """All `_draw_code_and_warnings` draws on: from the code line down to the status line's top,
        with room for an italic glyph's overhang."""
        top = self._code_line_top()
        return pygame.Rect(PREVIEW_POS[0] - 4, top, card_size(PREVIEW_W)[0] + 12, self.status_rect().y - top)

    def _draw_preview_card(self, surface) -> None:
        fonts = self.app.fonts
        x, y = PREVIEW_POS
        w, h = card_size(PREVIEW_W)
        rect = pygame.Rect(x, y + 8, w, h)
        if self._shadow is None:
            self._shadow = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(self._shadow, (0, 0, 0, 120), self._shadow.get_rect(), border_radius=24)
        surface.blit(self._shadow, rect.move(10, 12))
        if self._preview is not None:
            surface.blit(self._preview, rect)
        if self._preview is None or self._preview_stale:
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((20, 12, 10, 190))
            surface.blit(veil, rect)
            lead = (_("The game cannot play this version yet; the card shows the last one it could.") + " "
                    if self._preview is not None else _("No preview yet: the game cannot play this card.") + " ")
            font = fonts.get("body", 22)
            lines = wrap(font, lead + self._preview_error, rect.w - 100)[:6]
            box = pygame.Rect(0, 0, rect.w - 60, len(lines) * font.get_linesize() + 40)
            box.center = rect.center
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
            pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=10)
            ty = box.y + 20
            for line in lines:
                blit_text(surface, font, line, theme.TEXT, (box.centerx, ty), "midtop")
                ty += font.get_linesize()

    def _code_line_top(self) -> int:
        """Below the card: its id (up to three lines), then its code."""
        lines = self._id_lines()
        return lines[-1][2] + lines[-1][0].get_linesize() if lines else self._preview_rect().bottom + 22

    def _id_lines(self) -> list:
        """(font, line, y) of the card's id below the preview card: what the engine will call it."""
        fonts, w = self.app.fonts, card_size(PREVIEW_W)[0]
        y = self._preview_rect().bottom + 22
        cid = self.draft.id or _("(new: gets its id from the name when saved)")
        lines = []
        for line in wrap(fonts.get("italic", 20), _("card id: {id}").format(id=cid), w)[:3]:
            font = fit_font(fonts, "italic", line, w, 20, 12)  # an id is one long word
            lines.append((font, line, y))
            y += font.get_linesize()
        return lines

    def _draw_ids(self, surface) -> None:
        for font, line, y in self._id_lines():
            blit_text(surface, font, line, theme.TEXT_DIM, (PREVIEW_POS[0], y))

    def _draw_code_line(self, surface) -> int:
        """The card's code as it is now (its start); returns the y below it."""
        fonts = self.app.fonts
        x = PREVIEW_POS[0]
        w, _h = card_size(PREVIEW_W)
        info_y = self._code_line_top()
        if self.code:  # the whole of it goes with Copy code
            font = fonts.get("italic", 20)
            line = ngettext("card code ({n} character): {code}", "card code ({n} characters): {code}",
                            len(self.code)).format(n=len(self.code), code=self.code)
            while font.size(line + "…")[0] > w and len(line) > 20:
                line = line[:-8]
            blit_text(surface, font, line + "…", theme.TEXT_DIM, (x, info_y))
            info_y += font.get_linesize()
        return info_y


class IconGrid(PopupMenu):
    """The icon picker: the game's icons drawn in a grid, their names beneath."""

    COLS = 6
    CELL = (104, 96)

    def __init__(self, anchor: pygame.Rect, items, fonts, current: str = "") -> None:
        self.items = items
        self.current = current
        self.name = "icon.menu"
        rows = (len(items) + self.COLS - 1) // self.COLS
        rect = pygame.Rect(anchor.x, anchor.bottom + 4, self.COLS * self.CELL[0] + 16, rows * self.CELL[1] + 16)
        bounds = pygame.Rect((0, 0), theme.LOGICAL_SIZE)
        if rect.bottom > bounds.bottom:
            rect.bottom = anchor.y - 4
        rect.clamp_ip(bounds)
        self.rect = rect

    def item_rect(self, i: int) -> pygame.Rect:
        col, row = i % self.COLS, i // self.COLS
        return pygame.Rect(self.rect.x + 8 + col * self.CELL[0], self.rect.y + 8 + row * self.CELL[1], *self.CELL)

    def draw(self, surface, fonts, hover=None) -> None:
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(6, 8), border_radius=10)
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD, self.rect, 2, border_radius=10)
        for i, (name, _pick) in enumerate(self.items):
            r = self.item_rect(i).inflate(-6, -6)
            if name == self.current:
                pygame.draw.rect(surface, (92, 70, 40), r, border_radius=6)
                pygame.draw.rect(surface, theme.CANDLE, r, 2, border_radius=6)
            elif hover is not None and r.collidepoint(hover):
                pygame.draw.rect(surface, theme.TABLE_GLOW, r, border_radius=6)
            self._draw_item(surface, fonts, name, r)

    def _draw_item(self, surface, fonts, name: str, r: pygame.Rect) -> None:
        draw_icon(surface, name, pygame.Rect(r.centerx - 26, r.y + 6, 52, 52), theme.PARCHMENT)
        words = icon_name(name)
        label = render(fit_font(fonts, "body", words, r.w - 6, 17, 12), words, theme.TEXT)
        surface.blit(label, label.get_rect(midbottom=(r.centerx, r.bottom - 2)))


class ArtGrid(IconGrid):
    """The picture picker: every illustration the game has (game-icons.net glyphs), and first the
    one standing for the card's icon (the card keeps no "art" of its own)."""

    COLS = 8
    CELL = (140, 100)

    def __init__(self, anchor: pygame.Rect, items, fonts, current: str = "", icon: str = "") -> None:
        super().__init__(anchor, items, fonts, current)
        self.name = "art.menu"
        self.icon = icon

    def _draw_item(self, surface, fonts, name: str, r: pygame.Rect) -> None:
        image = ART.image(name or ART_BY_ICON.get(self.icon, ""), 56, theme.PARCHMENT)
        if image is not None:
            surface.blit(image, image.get_rect(midtop=(r.centerx, r.y + 6)))
        words = art_name(name)
        label = render(fit_font(fonts, "body", words, r.w - 6, 17, 12), words, theme.TEXT)
        surface.blit(label, label.get_rect(midbottom=(r.centerx, r.bottom - 2)))
