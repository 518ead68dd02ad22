"""The first ritual that teaches: a fixed deal with a coach (scene.py, lesson.py), offered on the
first start and from the title."""

from __future__ import annotations

from aleph_null_desktop.i18n import _


def start_tutorial(app) -> None:
    from aleph_null_desktop.ui.tutorial.scene import TutorialScene

    app.stack.replace_all(TutorialScene(app))


def offer_tutorial(app) -> None:
    """Over the title on the very first start: would the player like the lesson?"""
    from aleph_null_desktop.ui.scenes.confirm import ConfirmScene

    app.stack.push(ConfirmScene(
        app, _("Your first ritual?"),
        _("A short lesson plays one ritual with you, step by step: summoning, power, the Hours, "
          "interference, the Keys and BAPHOMET. It is not counted in your statistics, and the title "
          "offers it again any time."),
        _("Play the lesson"), lambda: start_tutorial(app), _("Not now")))
