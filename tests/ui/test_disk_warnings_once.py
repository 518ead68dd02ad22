"""Issue 29: a refused save of the settings or of the statistics (a full disk, a data folder that
cannot be written) is said once per cause until a save works again, as the autosave's is."""

from __future__ import annotations

import errno

import pytest

from aleph_null_desktop.storage import files


@pytest.fixture
def said(app, user_dirs, monkeypatch):
    """Every warning the app shows at the top of the screen, in order."""
    app.persist = True
    shown = []
    real = app.report
    monkeypatch.setattr(app, "report", lambda text: (shown.append(str(text)), real(text)))
    yield shown
    app.error_text = ""  # the warnings were the point of the test


def full_disk(monkeypatch, full: list[bool]) -> None:
    real = files.write_json_atomic

    def write(path, *args, **kwargs):
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(files, "write_json_atomic", write)


def test_a_full_disk_refusing_the_settings_is_said_once_until_a_save_works_again(app, said, monkeypatch, driver):
    full = [True]
    full_disk(monkeypatch, full)
    for volume in (0.1, 0.2, 0.3):  # each change of a setting is saved
        app.change_settings(music_volume=volume)
        driver.frames(1)
    assert len(said) == 1 and "settings could not be saved" in said[0], said
    full[0] = False
    app.change_settings(music_volume=0.4)  # the disk takes it again
    full[0] = True
    app.change_settings(music_volume=0.5)  # a new refusal is news again
    assert len(said) == 2, said


def test_an_unwritable_data_folder_refusing_the_statistics_is_said_once(app, said, user_dirs, monkeypatch, driver):
    from aleph_null_desktop.ui.scenes.statistics import StatisticsScene

    user_dirs.data.parent.mkdir(parents=True, exist_ok=True)
    user_dirs.data.write_text("a file where the data folder should be")
    app.show_title()
    screen = StatisticsScene(app)
    app.stack.push(screen)
    driver.frames(1)
    assert len(said) == 1 and "start empty" in said[0], said  # opening reads: said once
    for _ in range(3):  # the player resets the statistics again and again, and it is read again each time
        screen.reset()
        driver.frames(1)
    assert len(said) == 2 and "folder could not be created" in said[1], said
    user_dirs.data.unlink()
    screen.reset()  # the folder can be made again: the save works
    assert len(said) == 2
    full = [True]
    full_disk(monkeypatch, full)
    screen.reset()
    screen.reset()
    assert len(said) == 3 and "could not be saved" in said[2], said
