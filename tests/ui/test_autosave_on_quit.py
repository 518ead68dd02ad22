"""Moves reach the autosave through the writer thread; quitting waits for the last one."""

import threading
import time

from aleph_null_desktop import storage
from aleph_null_desktop.storage import autosave


def test_quitting_writes_the_last_move_even_on_a_slow_disk(app, driver, table, user_dirs, monkeypatch):
    real_save = autosave.save_autosave
    on_frame_thread = []

    def slow_save(record):
        on_frame_thread.append(threading.current_thread() is threading.main_thread())
        time.sleep(0.2)
        return real_save(record)

    monkeypatch.setattr(autosave, "save_autosave", slow_save)
    app.persist = True
    scene = table({"hand": ["wealthy_tanist", "wax_candle"], "deck": ["sylph"]})
    uid = driver.uid("hand", "wealthy_tanist")
    driver.drag(driver.card_centre(uid), driver.zone_centre("play"))
    assert scene.applied and app.autosave is not None
    app.close()
    assert on_frame_thread == [False]  # written once, by the writer thread, never by the frame loop
    saved, messages = storage.load_autosave()
    assert messages == [] and len(saved["commands"]) == len(scene.applied) == 1
