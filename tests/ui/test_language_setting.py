"""The language at startup and after a change in the settings."""

from __future__ import annotations

from aleph_null_desktop import i18n, storage


def test_first_start_follows_the_system_and_is_remembered(app, user_dirs, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    app.persist = True
    app.start_session()
    assert app.current_settings().language == "de" and i18n.current_language() == "de"
    assert storage.load_settings()[0].language == "de"

    i18n.set_language("en")
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # a later start: the saved choice wins over the system
    app.start_session()
    assert i18n.current_language() == "de"


def test_a_saved_choice_is_kept_on_a_german_system(app, user_dirs, monkeypatch):
    storage.save_settings(storage.Settings(language="en"))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    app.persist = True
    app.start_session()
    assert i18n.current_language() == "en"


def test_changing_the_language_setting_switches_at_once(app):
    app.change_settings(language="de")
    assert i18n.current_language() == "de" and i18n._("Key") == "Schlüssel"
    app.change_settings(language="en")
    assert i18n._("Key") == "Key"
