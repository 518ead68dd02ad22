"""The first ritual that teaches: a fixed deal with a coach (scene.py, lesson.py), offered on the
first start (offer.py) and from the title."""

from __future__ import annotations


def start_tutorial(app) -> None:
    from aleph_null_desktop.ui.tutorial.scene import TutorialScene

    app.stack.replace_all(TutorialScene(app))


def offer_tutorial(app) -> None:
    from aleph_null_desktop.ui.tutorial.offer import TutorialOffer

    app.stack.push(TutorialOffer(app))
