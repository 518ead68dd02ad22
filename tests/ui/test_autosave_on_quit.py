"""Moves reach the autosave through the writer thread; quitting waits for the last one."""

import time

from aleph_null_desktop import storage
from aleph_null_desktop.storage import autosave


def test_quitting_writes_the_last_move_even_on_a_slow_disk(app, driver, table, user_dirs, monkeypatch):
    real_save = autosave.save_autosave
    monkeypatch.setattr(autosave, "save_autosave", lambda r: (time.sleep(0.2), real_save(r))[1])
    app.persist = True
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    started = time.perf_counter()
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    assert time.perf_counter() - started < 0.2  # the frame did not wait for the disk
    assert scene.applied and app.autosave is not None
    app.close()
    saved, messages = storage.load_autosave()
    assert messages == [] and len(saved["commands"]) == len(scene.applied) == 1
