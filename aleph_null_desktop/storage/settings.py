"""The player's settings: ``<config dir>/settings.json``.

``load_settings()`` never raises: a missing file gives the defaults; an unreadable, wrong-type
or newer-format file is set aside (``settings.json.corrupt-<time>``) and the defaults are used;
a readable file with some bad values keeps its good values, replaces each bad one (wrong type →
the default, out of range → clamped), sets the original aside and saves the repaired settings.
Unknown keys are ignored (a newer game may add settings without raising the format version).
Every repair comes back as a message for the player.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from aleph_null_desktop import keymap
from aleph_null_desktop.i18n import Message, N_, later
from aleph_null_desktop.storage import files, paths

SETTINGS_VERSION = 1
MAX_BYTES = 64_000
ANIMATION_SPEEDS = (0.0, 1.0, 2.0)  # 0 = instant, 1 = normal, 2 = twice as fast
REDUCE_MOTION = ("auto", "on", "off")  # auto: as the desktop says (ui.desktop_motion)
UI_SCALE_RANGE = (0.75, 1.5)  # text and cards, from 75 % to 150 %
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")


@dataclass(frozen=True)
class Settings:
    music_volume: float = 0.7  # 0–1
    sfx_volume: float = 0.8  # 0–1
    muted: bool = False
    fullscreen: bool = False
    ui_scale: float = 1.0  # within UI_SCALE_RANGE
    animation_speed: float = 1.0  # one of ANIMATION_SPEEDS
    high_contrast: bool = False  # stronger card colours, black on white text
    colour_cues: bool = False  # a shape besides every colour that means something
    show_hints: bool = True
    confirm_losing_moves: bool = True
    language: str = "en"  # "en", "de", ...
    reduce_motion: str = "auto"  # one of REDUCE_MOTION: calm motion keeps every banner, without shakes
    speech: bool = False  # the focus, the log and the prompts are spoken (ui.speech)
    keys: tuple = ()  # ((action, key), …): the keys the player moved (aleph_null_desktop.keymap), sorted
    version: int = field(default=SETTINGS_VERSION, init=False)  # format of settings.json

    def __post_init__(self) -> None:
        """Reject impossible values (a programming error); ints are accepted as floats."""
        for name in ("music_volume", "sfx_volume", "ui_scale", "animation_speed"):
            value = getattr(self, name)
            if not files.is_number(value):
                raise TypeError(f"Settings.{name} must be a finite number, not {value!r}")
            object.__setattr__(self, name, float(value))
        for name in ("music_volume", "sfx_volume"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"Settings.{name} must be between 0 and 1, not {getattr(self, name)}")
        if not UI_SCALE_RANGE[0] <= self.ui_scale <= UI_SCALE_RANGE[1]:
            raise ValueError(f"Settings.ui_scale must be between {UI_SCALE_RANGE[0]} and {UI_SCALE_RANGE[1]}")
        if self.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"Settings.animation_speed must be one of {ANIMATION_SPEEDS}")
        if self.reduce_motion not in REDUCE_MOTION:
            raise ValueError(f"Settings.reduce_motion must be one of {REDUCE_MOTION}")
        for name in ("muted", "fullscreen", "high_contrast", "colour_cues", "show_hints", "confirm_losing_moves",
                     "speech"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"Settings.{name} must be True or False, not {getattr(self, name)!r}")
        if not isinstance(self.language, str) or not _LANGUAGE.match(self.language):
            raise ValueError(f"Settings.language must be a language code like 'en', not {self.language!r}")
        moved, problem = keymap.checked(dict(self.keys)) if isinstance(self.keys, tuple) else ({}, "not a tuple")
        if problem is not None or len(moved) != len(self.keys):
            raise ValueError(f"Settings.keys must be a tuple of (action, key) pairs that keymap accepts, not {self.keys!r}")
        object.__setattr__(self, "keys", tuple(sorted(moved.items())))

    def key_bindings(self) -> dict[str, str]:
        """Every action's key: the player's where moved, the default otherwise."""
        return {**keymap.DEFAULTS, **dict(self.keys)}

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["keys"] = dict(self.keys)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> tuple["Settings", list[tuple[str, Message]]]:
        """Build settings from a JSON object, repairing what it can; returns (settings, problems).

        Problems are (field, phrase) pairs such as
        ("music_volume", "music_volume 1.5 is more than 1; 1 is used").
        Unknown keys are ignored; missing keys take their defaults silently.
        """
        defaults = cls()
        values: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for f in fields(cls):
            if not f.init or f.name not in d:
                continue
            default = getattr(defaults, f.name)
            value, problem = _CHECKS[f.name](f.name, d[f.name], default)
            values[f.name] = value
            if problem:
                problems.append((f.name, problem))
        return cls(**values), problems


def _json_text(value: Any) -> str:
    try:
        return files.dumps(value, pretty=False).decode("utf-8").strip()[:40]
    except (TypeError, ValueError):
        return repr(value)[:40]


def _wrong_type(name: str, value: Any, default: Any, expected: Message) -> tuple[Any, Message]:
    return default, later("{name} should be {expected}, not {what}; the default ({default}) is used", name=name,
                          expected=expected, what=files.type_name(value), default=_json_text(default))


def _less(name: str, value: Any, low: float) -> Message:
    return later("{name} {value} is less than {low}; {low} is used", name=name, value=_json_text(value),
                 low=f"{low:g}")


def _more(name: str, value: Any, high: float) -> Message:
    return later("{name} {value} is more than {high}; {high} is used", name=name, value=_json_text(value),
                 high=f"{high:g}")


def _number(value: Any) -> float | None:
    """A JSON number as a float pinned to ±1e9 (huge values stay comparable), or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return float(max(-10**9, min(10**9, value)))


def _range(low: float, high: float) -> Message:
    return later("a number from {low} to {high}", low=f"{low:g}", high=f"{high:g}")


def _volume(name: str, value: Any, default: float) -> tuple[float, Message | None]:
    number = _number(value)
    if number is None:
        return _wrong_type(name, value, default, _range(0, 1))
    if number < 0:
        return 0.0, _less(name, value, 0)
    if number > 1:
        return 1.0, _more(name, value, 1)
    return number, None


def _scale(name: str, value: Any, default: float) -> tuple[float, Message | None]:
    number = _number(value)
    low, high = UI_SCALE_RANGE
    if number is None:
        return _wrong_type(name, value, default, _range(low, high))
    if number < low:
        return low, _less(name, value, low)
    if number > high:
        return high, _more(name, value, high)
    return number, None


SPEEDS_TEXT = N_("0 (instant), 1 or 2")


def _speed(name: str, value: Any, default: float) -> tuple[float, Message | None]:
    number = _number(value)
    if number is None:
        return _wrong_type(name, value, default, later(SPEEDS_TEXT))
    if number in ANIMATION_SPEEDS:
        return number, None
    # nearest allowed speed; a tie goes to the faster one
    nearest = min(ANIMATION_SPEEDS, key=lambda s: (abs(s - number), -s))
    return nearest, later("{name} {value} is not {allowed}; {nearest} is used", name=name,
                          value=_json_text(value), allowed=later(SPEEDS_TEXT), nearest=f"{nearest:g}")


def _flag(name: str, value: Any, default: bool) -> tuple[bool, Message | None]:
    if not isinstance(value, bool):
        return _wrong_type(name, value, default, later("true or false"))
    return value, None


def _language(name: str, value: Any, default: str) -> tuple[str, Message | None]:
    if not isinstance(value, str):
        return _wrong_type(name, value, default, later("a language code such as \"en\""))
    if not _LANGUAGE.match(value):
        return default, later("{name} {value} is not a language code; \"{default}\" is used", name=name,
                              value=_json_text(value), default=default)
    return value, None


def _motion(name: str, value: Any, default: str) -> tuple[str, Message | None]:
    if value in REDUCE_MOTION:
        return value, None
    return default, later("{name} should be \"auto\", \"on\" or \"off\", not {what}; \"{default}\" is used",
                          name=name, what=_json_text(value), default=default)


def _keys(name: str, value: Any, default: tuple) -> tuple[tuple, Message | None]:
    moved, problem = keymap.checked(value)
    return (default, problem) if problem is not None else (tuple(sorted(moved.items())), None)


_CHECKS = {
    "music_volume": _volume,
    "sfx_volume": _volume,
    "muted": _flag,
    "fullscreen": _flag,
    "ui_scale": _scale,
    "animation_speed": _speed,
    "high_contrast": _flag,
    "colour_cues": _flag,
    "show_hints": _flag,
    "confirm_losing_moves": _flag,
    "language": _language,
    "reduce_motion": _motion,
    "speech": _flag,
    "keys": _keys,
}
assert set(_CHECKS) == {f.name for f in fields(Settings) if f.init}


def load_settings() -> tuple[Settings, list[Message]]:
    """The saved settings and messages for the player about anything repaired (translated when
    shown: they are made before the player's language is known). Never raises."""
    try:
        path = paths.settings_path()
    except OSError as e:
        return Settings(), [later("The settings folder could not be created ({why}); defaults are used",
                                  why=files.os_reason(e))]
    try:
        doc, problem = files.read_versioned_object(path, SETTINGS_VERSION, max_bytes=MAX_BYTES)
    except FileNotFoundError:
        return Settings(), []
    if problem is not None:
        return Settings(), [files.set_aside(path, problem)]

    settings, problems = Settings.from_dict(doc)
    if not problems:
        return settings, []
    messages = [later("{file}: {problem}", file=path.name, problem=text) for name, text in problems]
    names = ", ".join(name for name, _text in problems)
    messages.append(files.set_aside(path, names, later("the other settings were kept"),
                                    lead=N_("{file} had values that could not be used ({problem})")))
    messages.extend(save_settings(settings))
    return settings, messages


def save_settings(settings: Settings) -> list[Message]:
    """Write *settings* atomically. Returns [] or a message for the player if the disk refused."""
    if not isinstance(settings, Settings):
        raise TypeError(f"save_settings needs a Settings, not {type(settings).__name__}")
    doc = settings.to_dict()
    doc["version"] = SETTINGS_VERSION
    try:
        files.write_json_atomic(paths.settings_path(), doc)
    except OSError as e:
        return [later("The settings could not be saved ({why})", why=files.os_reason(e))]
    return []
