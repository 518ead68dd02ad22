"""Small helpers to build positions and act on them by card id in engine tests."""

from aleph_null_desktop.engine import Activate, Choose, EndTurn, Game, Summon, TakeToken


def game(**scenario) -> Game:
    return Game.from_scenario(scenario)


def uid(g: Game, card_id: str, zone: str | None = None) -> int:
    zones = [zone] if zone else ["hand", "play", "discard", "deck", "sacrificed", "set_aside"]
    for z in zones:
        for inst in g.zone(z):
            if inst.card_id == card_id:
                return inst.uid
    raise LookupError(f"{card_id} not in {zones}")


def ids(g: Game, zone: str) -> list[str]:
    return [i.card_id for i in g.zone(zone)]


def summon(g: Game, card_id: str):
    return g.apply(Summon(uid(g, card_id, "hand")))


def act(g: Game, card_id: str, action: str):
    return g.apply(Activate(uid(g, card_id, "play"), action))


def can(g: Game, card_id: str, action: str) -> bool:
    return g.explain(Activate(uid(g, card_id, "play"), action)) is None


def can_summon(g: Game, card_id: str) -> bool:
    return g.explain(Summon(uid(g, card_id, "hand"))) is None


def option_ids(g: Game) -> list[str | None]:
    """The card ids offered by the open decision (None for the 'none' option)."""
    assert g.pending is not None, "no decision is open"
    return [g.card(o.uid).card_id if o.uid is not None else None for o in g.pending.options]


def choose(g: Game, card_id: str | None):
    """Answers the open decision with the option for `card_id` (None: decline)."""
    return g.apply(Choose(option_ids(g).index(card_id)))


def end_turn(g: Game):
    return g.apply(EndTurn())


def take_token(g: Game):
    return g.apply(TakeToken())


def kinds(events) -> list[str]:
    return [e.kind for e in events]
