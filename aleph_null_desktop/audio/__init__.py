"""Music per Hour (with fades), sound effects, and a silent fallback.

Importing this package does not import pygame; ``AudioSystem.start()`` does.

Use from the UI::

    from aleph_null_desktop.audio import AudioSystem, music_for_hour

    audio = AudioSystem(music_volume=0.7, sfx_volume=0.8, muted=False,
                        fade_ms=1500, log=game_log.append)   # log: any callable taking a str
    audio.apply_settings(settings)   # music_volume, sfx_volume, muted of storage Settings
    audio.start()              # once, after pygame.init(); never raises. False = silent mode
    audio.status_message       # one line for the game log, e.g.
                               # "Audio: no sound device (...); the game runs silently"
    audio.play_music("title")  # title screen
    audio.play_hour(state.hour)            # on every Hour change (1..6, 7 = False Dawn)
    audio.play_music("judgement")          # the Judgement page (None = fade to silence)
    audio.update()             # every frame: completes a cross-fade without blocking
    audio.play_sfx("card_move")            # see SFX_NAMES
    audio.set_music_volume(0.5); audio.set_sfx_volume(0.7); audio.set_muted(True)
    audio.stop()               # on quit

Behaviour:

* One ``pygame.mixer.music`` stream. A change of track fades the old one out (``fade_ms``);
  ``update()`` then loads the new one and fades it in. Asking for the track already playing
  does nothing. Tracks loop seamlessly (``loops=-1``).
* ``current_track`` is the track the game wants heard (kept even when silent, so tests and the
  log can rely on it); ``loaded_track`` is what the mixer is actually playing (None when
  silent or mid-change).
* No sound device, no mixer, a missing or corrupt file: silence for what is affected, one line
  in ``messages`` (and via ``log`` and the ``aleph_null_desktop.audio`` logger), never an
  exception. ``available`` tells whether the mixer opened.
* Volumes are 0..1 and clamped; mute keeps the music running at volume 0 and skips effects.
* Files: ``resources.music_path("<track>.ogg")`` and ``resources.asset_path("sfx",
  "<name>.ogg")``, made by ``tools/compose_hours.py`` (the Hours), ``tools/compose_music.py``
  (title, Judgement) and ``tools/make_sfx.py``. An Hour's track is one file of five minutes or
  more, its sections rendered as one piece and its end folded onto its start, so the stream
  loops with no seam; it is streamed, never decoded whole into memory.
"""

from aleph_null_desktop.audio.system import (
    SFX_NAMES,
    TRACKS,
    AudioSystem,
    music_for_hour,
)

__all__ = ["AudioSystem", "SFX_NAMES", "TRACKS", "music_for_hour"]
