"""The game's sound: one music track per Hour with fades, short sound effects, and silence
whenever there is no sound device. See the package docstring (``aleph_null_desktop.audio``)
for the API the UI uses.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Callable

from aleph_null_desktop.i18n import _, later

_log = logging.getLogger("aleph_null_desktop.audio")

#: Every music track the game ships (``music/<name>.ogg``).
TRACKS = ("title", "hour1", "hour2", "hour3", "hour4", "hour5", "hour6", "hour7", "judgement")
#: Every sound effect the game ships (``assets/sfx/<name>.ogg``).
SFX_NAMES = ("page_turn", "card_move", "shuffle", "sacrifice", "damage", "bell", "token")

MIXER_FREQUENCY = 44100
MIXER_BUFFER = 1024
SFX_CHANNELS = 16


def music_for_hour(hour: int) -> str | None:
    """The track of an Hour: 1..6, and 7 for Hour VII (False Dawn). Anything else: None."""
    if isinstance(hour, int) and 1 <= hour <= 7:
        return f"hour{hour}"
    return None


def track_title(track: str) -> str:
    """A track's name for the player: "Hour III", "the title", "the Judgement"."""
    hour = track[4:] if track.startswith("hour") else ""
    if hour.isdigit() and 1 <= int(hour) <= 7:
        return _("Hour {roman}").format(roman=("I", "II", "III", "IV", "V", "VI", "VII")[int(hour) - 1])
    return {"title": _("the title"), "judgement": _("the Judgement")}.get(track, track)


def _clamp01(value: float) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        return 0.0
    if value != value:  # NaN
        return 0.0
    return max(0.0, min(1.0, value))


class AudioSystem:
    """Music and effects for one game session. No method raises; without a mixer all are no-ops.

    ``clock`` (seconds, monotonic) and the directories can be replaced, for tests.
    """

    def __init__(self, *, music_volume: float = 0.7, sfx_volume: float = 0.8,
                 muted: bool = False, fade_ms: int = 1500,
                 log: Callable[[str], None] | None = None,
                 music_dir: Path | str | None = None, sfx_dir: Path | str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._music_volume = _clamp01(music_volume)
        self._sfx_volume = _clamp01(sfx_volume)
        self._muted = bool(muted)
        self.fade_ms = max(0, int(fade_ms))
        self._log_callback = log
        self._music_dir = Path(music_dir) if music_dir is not None else None
        self._sfx_dir = Path(sfx_dir) if sfx_dir is not None else None
        self._clock = clock
        self.available = False
        self.status_message = "Audio: not started"  # for the log file and the command line: English
        self.player_status = None  # the same for the window, when it matters: an i18n Message
        self.messages: list[str] = []
        self._mixer = None  # pygame.mixer once started
        self._current: str | None = None  # the track that should be heard
        self._loaded: str | None = None  # the track in the mixer.music stream
        self._pending = False  # waiting for a fade-out to end before loading _current
        self._fade_deadline = 0.0
        self._sounds: dict[str, object] = {}  # name -> pygame Sound, or None if unusable
        self._reported: set[str] = set()
        self._notes: list[str] = []  # for the player: a track or effect that will stay silent

    # ---------------------------------------------------------------- life cycle

    def start(self) -> bool:
        """Open the mixer. True if sound works; False (silent, with a status message) if not."""
        if self.available:
            return True
        try:
            import pygame

            mixer = pygame.mixer
            if not mixer.get_init():
                mixer.pre_init(MIXER_FREQUENCY, -16, 2, MIXER_BUFFER)
                mixer.init()
            frequency, _size, channels = mixer.get_init()
            mixer.set_num_channels(SFX_CHANNELS)
        except Exception as exc:  # pygame.error (no device), ImportError, NotImplementedError
            self.available = False
            self._mixer = None
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            self._say(f"Audio: no sound device ({reason}); the game runs silently")
            # the window says it in the player's language; the system's own words (SDL's, English)
            # stay in the log file
            self.player_status = later("Audio: no sound device was found; the game runs silently.")
            return False
        self._mixer = mixer
        self.available = True
        self._say(f"Audio: {frequency} Hz, {channels} channel{'s' if channels != 1 else ''}")
        self._apply_music_volume()
        if self._current is not None:  # a track was asked for before start()
            self._load_and_play(self._current, fade_ms=self.fade_ms)
        return True

    def stop(self) -> None:
        """Stop everything and close the mixer (the game is quitting)."""
        if not self.available or self._mixer is None:
            return
        try:
            self._mixer.music.stop()
            self._mixer.stop()
            self._mixer.quit()
        except Exception as exc:
            self._say(f"Audio: could not close the mixer ({exc})")
        self.available = False
        self._mixer = None
        self._loaded = None
        self._pending = False
        self._sounds.clear()
        self.status_message = "Audio: stopped"

    # ---------------------------------------------------------------- music

    @property
    def current_track(self) -> str | None:
        """The track the game wants heard now (also kept while silent, for tests and logs)."""
        return self._current

    @property
    def loaded_track(self) -> str | None:
        """The track actually playing in the mixer (None when silent or between tracks)."""
        return None if self._pending else self._loaded

    @property
    def changing(self) -> bool:
        """True while the old track fades out and `update()` has not yet started the new one."""
        return self._pending

    def play_music(self, track: str | None, *, fade_ms: int | None = None) -> None:
        """Fade to `track` ("title", "hour1".."hour7", "judgement"), or to silence with None.

        The same track again is left playing. A change fades the old track out; the new one
        is loaded and faded in by `update()` when the fade-out ends (loading during a fade
        would block the game for the whole fade).
        """
        fade = self.fade_ms if fade_ms is None else max(0, int(fade_ms))
        if track == self._current and (self._pending or self._loaded == track or
                                        not self.available):
            return
        self._current = track
        if not self.available or self._mixer is None:
            return
        music = self._mixer.music
        try:
            busy = music.get_busy()
        except Exception:
            busy = False
        if busy and self._loaded is not None and fade > 0:
            if not self._pending:
                music.fadeout(fade)
                self._fade_deadline = self._clock() + fade / 1000 + 1.0
            self._pending = True
            return
        self._stop_music()
        self._load_and_play(track, fade_ms=fade)

    def play_hour(self, hour: int) -> None:
        """`play_music(music_for_hour(hour))`: call it whenever the Hour advances."""
        self.play_music(music_for_hour(hour))

    def update(self) -> None:
        """Call once a frame: finishes a pending change of track. Cheap; never blocks."""
        if not self._pending or not self.available or self._mixer is None:
            return
        music = self._mixer.music
        try:
            busy = music.get_busy()
        except Exception:
            busy = False
        if busy and self._clock() < self._fade_deadline:
            return
        self._pending = False
        self._stop_music()
        self._load_and_play(self._current, fade_ms=self.fade_ms)

    def _stop_music(self) -> None:
        try:
            self._mixer.music.stop()
            self._mixer.music.unload()
        except Exception:
            pass
        self._loaded = None

    def _load_and_play(self, track: str | None, *, fade_ms: int) -> None:
        if track is None:
            return
        try:
            path = self._track_path(track)
            music = self._mixer.music
            music.load(str(path))
            music.play(loops=-1, fade_ms=fade_ms)
            self._apply_music_volume()
        except Exception as exc:  # missing, corrupt or unreadable file: that track is silent
            self._loaded = None
            if self._report_once(f"music:{track}", f"Audio: music '{track}' unavailable ({exc}); "
                                                   f"silent for this track"):
                self._notes.append(_("The music of {track} is missing or cannot be played; it stays "
                                     "silent.").format(track=track_title(track)))
            return
        self._loaded = track

    def _track_path(self, track: str) -> Path:
        if self._music_dir is not None:
            return self._music_dir / f"{track}.ogg"
        from aleph_null_desktop.resources import music_path

        return music_path(f"{track}.ogg")

    # ---------------------------------------------------------------- effects

    def play_sfx(self, name: str) -> None:
        """Play a short effect (see SFX_NAMES). Silent if muted, unavailable or missing."""
        if self._muted or not self.available or self._mixer is None or self._sfx_volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self._sfx_volume)
            sound.play()
        except Exception as exc:
            self._report_once(f"sfx-play:{name}", f"Audio: effect '{name}' failed ({exc})")

    def _sound(self, name: str):
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        try:
            if self._sfx_dir is not None:
                path = self._sfx_dir / f"{name}.ogg"
            else:
                from aleph_null_desktop.resources import asset_path

                path = asset_path("sfx", f"{name}.ogg")
            sound = self._mixer.Sound(str(path))
        except Exception as exc:
            if self._report_once(f"sfx:{name}", f"Audio: effect '{name}' unavailable ({exc})"):
                self._notes.append(_("The sound “{name}” is missing or cannot be played; it stays "
                                     "silent.").format(name=name.replace("_", " ")))
        self._sounds[name] = sound
        return sound

    # ---------------------------------------------------------------- volume

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @property
    def sfx_volume(self) -> float:
        return self._sfx_volume

    @property
    def muted(self) -> bool:
        return self._muted

    def set_music_volume(self, volume: float) -> None:
        """0.0 .. 1.0 (clamped)."""
        self._music_volume = _clamp01(volume)
        self._apply_music_volume()

    def set_sfx_volume(self, volume: float) -> None:
        """0.0 .. 1.0 (clamped)."""
        self._sfx_volume = _clamp01(volume)

    def set_muted(self, muted: bool) -> None:
        """Mute silences music (it keeps its place) and effects; unmute restores the volumes."""
        self._muted = bool(muted)
        self._apply_music_volume()
        if self._muted and self.available and self._mixer is not None:
            try:
                self._mixer.stop()  # effects already sounding
            except Exception:
                pass

    def apply_settings(self, settings) -> None:
        """Take `music_volume`, `sfx_volume` and `muted` from a storage Settings object."""
        self.set_music_volume(getattr(settings, "music_volume", self._music_volume))
        self.set_sfx_volume(getattr(settings, "sfx_volume", self._sfx_volume))
        self.set_muted(getattr(settings, "muted", self._muted))

    def _apply_music_volume(self) -> None:
        if not self.available or self._mixer is None:
            return
        try:
            self._mixer.music.set_volume(0.0 if self._muted else self._music_volume)
        except Exception:
            pass

    # ---------------------------------------------------------------- messages

    def _say(self, line: str) -> None:
        self.status_message = line
        self._emit(line, logging.INFO)

    def take_notes(self) -> list[str]:
        """The lines the player should see (once each) since the last call: a track or an effect
        that is missing or does not decode, and stays silent."""
        notes, self._notes = self._notes, []
        return notes

    def _report_once(self, key: str, line: str) -> bool:
        if key in self._reported:
            return False
        self._reported.add(key)
        self._emit(line, logging.WARNING)
        return True

    def _emit(self, line: str, level: int) -> None:
        self.messages.append(line)
        _log.log(level, line)
        if self._log_callback is not None:
            try:
                self._log_callback(line)
            except Exception:  # a broken listener must not silence the game
                pass
