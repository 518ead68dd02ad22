"""The ongoing effects in play, by the kernel's moment they hook (engine.ops.HOOKS).

`game._on.summon_cost` is a tuple of (card instance, effect, hook) for every ongoing effect in
play that hooks a summon's cost; the kernel calls each as `hook(game, instance, effect, *values)`.
A table is made when a card with ongoing effects enters or leaves play, and shared by copies of
the game (it never changes), so reading a moment costs an attribute, not a lookup."""

from __future__ import annotations

from aleph_null_desktop.engine.ops import HOOKS, OPS


class HookTable:
    __slots__ = tuple(HOOKS)

    def __init__(self, entries: dict[str, list[tuple]]) -> None:
        for moment in HOOKS:
            setattr(self, moment, tuple(entries.get(moment, ())))


NO_HOOKS = HookTable({})


def hook_table(play, defs) -> HookTable:
    """The table of the cards in `play` (instances; `defs`: uid -> card definition)."""
    entries: dict[str, list[tuple]] = {}
    for inst in play:
        for effect in defs[inst.uid].ongoing:
            for moment, hook in OPS[effect["op"]].hooks.items():
                entries.setdefault(moment, []).append((inst, effect, hook))
    return HookTable(entries) if entries else NO_HOOKS
