"""Issue 29, the smaller cases: temp files of every writer removed at start, a refusing disk said
once per cause (not at every move), the system's refusals worded in the player's language."""

from __future__ import annotations

import errno
import json

from aleph_null_desktop import i18n, storage
from aleph_null_desktop.storage import autosave, paths
from aleph_null_desktop.storage.os_reason import reason


def test_every_writers_temporary_files_are_removed_at_start():
    leftovers = [paths.config_dir() / ".settings.json.k1ll3d.tmp", paths.data_dir() / ".stats.json.k1ll3d.tmp",
                 paths.custom_cards_dir() / ".custom_imp.json.k1ll3d.tmp",
                 paths.card_packs_dir() / ".bells.json.k1ll3d.tmp"]
    kept = [paths.config_dir() / "settings.json", paths.card_packs_dir() / "bells.json",
            paths.data_dir() / "notes.tmp"]
    for path in leftovers + kept:
        path.write_text("{")
    assert storage.remove_temporaries() == 4
    assert not any(p.exists() for p in leftovers) and all(p.exists() for p in kept)


def test_a_full_disk_is_said_once_until_a_save_works_again(monkeypatch):
    full = [autosave.later("The game could not be autosaved ({error})", error="the disk is full")]
    outcomes = iter([full, full, full, [], full])
    monkeypatch.setattr(autosave, "save_autosave", lambda record: next(outcomes))
    writer = storage.AutosaveWriter()
    said = []
    for n in range(1, 6):
        writer.save(storage.make_record(7, "adept", commands=[{"kind": "take_token"}] * n))
        writer.flush()
        said.append(len(writer.take_messages()))
    assert said == [1, 0, 0, 0, 1]
    writer.close()


def test_the_systems_refusals_are_worded_in_german():
    assert i18n.set_language("de") is None
    for code in (errno.EEXIST, errno.EDQUOT, errno.EBUSY, errno.ENOSPC, errno.EROFS):
        words = reason(OSError(code, "system words"))
        assert "system words" not in words and words != reason.__doc__
    assert "File exists" not in reason(FileExistsError(errno.EEXIST, "File exists"))


def test_an_autosave_with_a_pool_level_that_is_no_number_is_refused_in_the_players_language():
    record = dict(autosave.make_record(7, "adept"), options={"interference_pool": {"x": ["ill_omen"]}})
    paths.autosave_path().write_text(json.dumps(record))
    assert i18n.set_language("de") is None
    saved, messages = storage.load_autosave()
    if saved is not None:  # Continue: the replay is where it used to fail, in Python's English
        game, messages = storage.resume_game(saved)
        assert game is None
    text = str(messages[0])
    assert "invalid literal" not in text and "interference pool" not in text, text
