"""The player's files: settings, the autosave, statistics and custom cards.

Pure Python (no pygame). Folders come from platformdirs (``paths``); every write is atomic
(``files.write_json_atomic``); every load returns ``(value, messages)`` and never raises for bad
content: an unusable file is set aside as ``<name>.corrupt-<time>`` and defaults are used.
"""

from aleph_null_desktop.storage.autosave import (
    AutosaveWriter,
    clear_autosave,
    has_autosave,
    load_autosave,
    make_record,
    record_from_game,
    resume_game,
    saved_ritual,
    ritual_id,
    save_autosave,
)
from aleph_null_desktop.storage.files import quarantine, read_json, write_json_atomic


def remove_temporaries() -> int:
    """At start: the temp files killed writes left in every folder the game writes (settings,
    statistics, the autosave, custom cards, card packs) are deleted; returns how many."""
    from aleph_null_desktop.storage.files import remove_temporaries_in
    from aleph_null_desktop.storage.paths import writer_folders

    return sum(remove_temporaries_in(folder) for folder in writer_folders())
from aleph_null_desktop.storage.paths import config_dir, custom_cards_dir, data_dir
from aleph_null_desktop.storage.settings import Settings, load_settings, save_settings
from aleph_null_desktop.storage.stats import load_stats, record_game, reset_stats, summary

__all__ = [
    "AutosaveWriter",
    "Settings",
    "clear_autosave",
    "config_dir",
    "custom_cards_dir",
    "data_dir",
    "has_autosave",
    "load_autosave",
    "load_settings",
    "load_stats",
    "make_record",
    "quarantine",
    "read_json",
    "record_from_game",
    "saved_ritual",
    "record_game",
    "remove_temporaries",
    "resume_game",
    "ritual_id",
    "save_autosave",
    "save_settings",
    "reset_stats",
    "summary",
    "write_json_atomic",
]
