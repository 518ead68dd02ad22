"""The five commands a player can give. Frozen, comparable, JSON-safe."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Union

from aleph_null_desktop.i18n import _

if TYPE_CHECKING:
    from aleph_null_desktop.engine.game import Game


def _card_name(game: "Game | None", uid: int) -> str:
    if game is None:
        return _("card #{uid}").format(uid=uid)
    try:
        return game.cards[game.card(uid).card_id].name
    except KeyError:
        return _("card #{uid}").format(uid=uid)


@dataclass(frozen=True)
class Summon:
    uid: int

    def describe(self, game: "Game | None" = None) -> str:
        return _("Summon {card}").format(card=_card_name(game, self.uid))


@dataclass(frozen=True)
class Activate:
    uid: int
    action: str

    def describe(self, game: "Game | None" = None) -> str:
        """"Book of Pacts: pay 2P → …" (the action's rules text; its id is no word for the player)."""
        action = None
        if game is not None:
            try:
                action = game.cards[game.card(self.uid).card_id].action(self.action)
            except KeyError:
                action = None
        if action is None:
            return _("{card}: an action").format(card=_card_name(game, self.uid))
        from aleph_null_desktop.engine.words.text import action_text

        return f"{_card_name(game, self.uid)}: {action_text(action)}"


@dataclass(frozen=True)
class Choose:
    index: int

    def describe(self, game: "Game | None" = None) -> str:
        if game is not None and game.pending is not None and 0 <= self.index < len(game.pending.options):
            return _("Choose: {option}").format(option=game.pending.options[self.index].label)
        return _("Choose option {n}").format(n=self.index + 1)


@dataclass(frozen=True)
class TakeToken:
    def describe(self, game: "Game | None" = None) -> str:
        return _("Take a Magical Power token from the Grimoire")


@dataclass(frozen=True)
class EndTurn:
    def describe(self, game: "Game | None" = None) -> str:
        return _("End the turn")


Command = Union[Summon, Activate, Choose, TakeToken, EndTurn]
_KINDS = {"summon": Summon, "activate": Activate, "choose": Choose, "take_token": TakeToken,
          "end_turn": EndTurn}
_NAMES = {cls: name for name, cls in _KINDS.items()}


def command_to_dict(cmd: Command) -> dict:
    return {"kind": _NAMES[type(cmd)], **asdict(cmd)}


def command_from_dict(d: dict) -> Command:
    """Rebuilds a command from `command_to_dict`; ValueError for anything else."""
    if not isinstance(d, dict) or d.get("kind") not in _KINDS:
        raise ValueError(f"not a command: {d!r}")
    cls = _KINDS[d["kind"]]
    fields = {k: v for k, v in d.items() if k != "kind"}
    try:
        cmd = cls(**fields)
    except TypeError as err:
        raise ValueError(f"bad {d['kind']} command: {err}") from None
    for name, value in fields.items():
        expected = str if name == "action" else int
        if not isinstance(value, expected) or isinstance(value, bool):
            raise ValueError(f"bad {d['kind']} command: {name} must be {expected.__name__}")
    return cmd


# Commands are values, so the engine hands out one object per value (legal_commands makes many):
# SUMMONS[uid], ACTIVATIONS[uid, action], CHOICES[index].
class _OnePerValue(dict):
    __slots__ = ("make",)

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        cmd = self[key] = self.make(*key) if isinstance(key, tuple) else self.make(key)
        return cmd


SUMMONS: dict[int, Summon] = _OnePerValue(Summon)
ACTIVATIONS: dict[tuple[int, str], Activate] = _OnePerValue(Activate)
CHOICES = tuple(Choose(i) for i in range(64))  # legal_commands offers a decision's as CHOICES[:n]
END_TURN = EndTurn()
TAKE_TOKEN = TakeToken()


def choice_of(index: int) -> Choose:
    return CHOICES[index] if 0 <= index < len(CHOICES) else Choose(index)
