"""The five Circles in a player's words: how hard, how long, and what interference they bring.

The order is the Circles' order in assets (easiest first). How long: the Hour in which BAPHOMET
is usually summoned, measured with the greedy AI player (`aleph-null simulate --player greedy
--games 60 --seed 1`: mean Hour 3.4, 4.3, 4.4, 4.1, 4.8 for Adept … Prince).
"""

from __future__ import annotations

from aleph_null_desktop.engine.cards import ROMAN
from aleph_null_desktop.i18n import N_, _, ngettext

DIFFICULTY = (N_("easiest"), N_("easier"), N_("middling"), N_("hard"), N_("hardest"))
LENGTH = (N_("a short ritual, often done by Hour IV"), N_("a longer ritual, often into Hour V"),
          N_("a longer ritual, often into Hour V"), N_("a longer ritual, often into Hour V"),
          N_("the longest ritual, often into Hour VI"))


def difficulty(n: int) -> str:
    """The n-th Circle's difficulty word ("" past the fifth)."""
    return _(DIFFICULTY[n]) if n < len(DIFFICULTY) else ""


def headline(n: int, circle) -> str:
    """"Circle of the Adept — easiest, a short ritual…": how hard and how long."""
    if n >= len(DIFFICULTY):
        return circle.name
    return _("{circle} — {hard}; {long}").format(circle=circle.name, hard=difficulty(n), long=_(LENGTH[n]))


def interference_line(circle) -> str:
    """"3 interference cards (3 of level 1) arrive in Hours III and IV": each Hour named once."""
    count = sum(circle.set_aside.values())
    levels = ", ".join(ngettext("{n} of level {level}", "{n} of level {level}", n).format(n=n, level=level)
                       for level, n in sorted(circle.set_aside.items()) if n)
    hours = [ROMAN[h] for h, n in sorted(circle.arrivals.items()) if n]
    listed = hours[0] if len(hours) == 1 else _("{some} and {last}").format(some=", ".join(hours[:-1]), last=hours[-1])
    when = ngettext("in Hour {hours}", "in Hours {hours}", len(hours)).format(hours=listed)
    return ngettext("{count} interference card ({levels}) arrives {when}",
                    "{count} interference cards ({levels}) arrive {when}", count).format(
        count=count, levels=levels, when=when)
