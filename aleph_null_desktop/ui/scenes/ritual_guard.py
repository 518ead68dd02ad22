"""Nothing lost by a slip: before anything starts a new ritual while one is in progress, the
player is asked, and told which ritual (Circle and Hour) would end; before quitting mid-ritual,
the player is told it is saved and that Continue brings it back.

A ritual is "in progress" when a table below holds an unfinished game with at least one move, or
(on the title, Judgement…) when the autosave holds one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from aleph_null_desktop.i18n import Joined, _


@dataclass(frozen=True)
class RitualInProgress:
    circle_id: str
    hour: int
    saved: bool  # the autosave holds it: Continue brings it back
    game: Any = field(default=None, compare=False)  # the engine Game, recorded when it is abandoned

    def words(self) -> str:
        """"Circle of the Adept, Hour III" — the names the player knows it by."""
        from aleph_null_desktop.engine.cards import ROMAN, circles

        circle = circles().get(self.circle_id)
        name = circle.name if circle else self.circle_id
        return _("{circle}, Hour {hour}").format(circle=name, hour=ROMAN.get(self.hour, self.hour))


def ritual_in_progress(app) -> RitualInProgress | None:
    """The unfinished ritual a new one would end, or None."""
    from aleph_null_desktop.ui.table.scene import TableScene

    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            game = scene.game
            if game.outcome is None and game.history:
                return RitualInProgress(scene.circle_id, game.hour, saved=app.persist and scene.counts,
                                        game=game if scene.counts else None)
            break  # the table shows a finished or untouched ritual: the autosave is not this one's
    if not app.persist:
        return None
    from aleph_null_desktop import storage

    if not storage.has_autosave():
        return None
    record, messages = storage.load_autosave()
    game = None
    if record is not None and record["commands"]:
        game, more = storage.resume_game(record)
        messages = messages + more
    if messages:  # an unusable save was set aside: say so (nothing was there to lose)
        app.report(Joined(messages))
    if game is None or game.outcome is not None:
        return None
    return RitualInProgress(record["circle"], game.hour, saved=True, game=game)


def confirm_new_ritual(app, begin: Callable[[], None]) -> bool:
    """Runs `begin` at once when no ritual would be lost; otherwise asks first. True: it ran."""
    ritual = ritual_in_progress(app)
    if ritual is None:
        begin()
        return True
    from aleph_null_desktop.ui.scenes.confirm import ConfirmScene

    text = _("The ritual in progress ({ritual}) is not finished. A new ritual ends it for good.").format(
        ritual=ritual.words())

    def abandon_and_begin() -> None:
        if ritual.game is not None:  # counted and kept as an abandoned ritual (Statistics)
            messages = app.abandon_ritual(ritual.game, ritual.circle_id)
            if messages:
                app.report(Joined(messages))
        begin()

    app.stack.push(ConfirmScene(app, _("End the ritual in progress?"), text,
                                _("End it, begin anew"), abandon_and_begin, _("Keep it"), enter_says_no=True))
    return False


def confirm_quit(app) -> bool:
    """Quits at once when no ritual is on the table; otherwise says first whether it is saved."""
    from aleph_null_desktop.ui.table.scene import TableScene

    table = next((s for s in reversed(app.stack.scenes) if isinstance(s, TableScene)), None)
    if table is None or table.game.outcome is not None or not table.game.history:
        app.quit()
        return True
    from aleph_null_desktop.ui.scenes.confirm import ConfirmScene

    ritual = RitualInProgress(table.circle_id, table.game.hour, saved=app.persist and table.counts)
    if ritual.saved:
        text = _("Your ritual ({ritual}) is saved. Continue on the title brings it back, just where "
                 "you left it.").format(ritual=ritual.words())
    else:
        text = _("Your ritual ({ritual}) cannot be saved here and will be lost.").format(ritual=ritual.words())
    app.stack.push(ConfirmScene(app, _("Quit the game?"), text, _("Quit"), app.quit, _("Stay")))
    return False
