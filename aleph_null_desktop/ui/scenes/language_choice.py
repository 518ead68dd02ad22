"""The languages the Settings screen offers: every language the game names (`i18n.LANGUAGE_NAMES`),
each a choice when its catalogue ships (`i18n.available_languages`), otherwise shown as coming —
never a choice that does nothing. Choosing one is `App.change_settings(language=…)`, which calls
`i18n.set_language`."""

from __future__ import annotations

from aleph_null_desktop import i18n


def languages() -> list[tuple[str, str, bool]]:
    """(code, name in its own language, available) for every language the game names."""
    available = set(i18n.available_languages())
    return [(code, name, code in available) for code, name in i18n.LANGUAGE_NAMES.items()]
