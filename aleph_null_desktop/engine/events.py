"""What happened: the engine returns events; the UI animates them and the log reads them.

Kinds and their data:
  turn {turn}                                  a new turn begins
  moved {uid, card_id, name, from, to, why}    a card changed zone (why: draw, summon, scrap,
                                               sacrifice, discard, search, arrive, baphomet)
  shuffled {count}                             the discard pile became the deck, or the deck shuffled
  power {delta, total, name?}                  virtual power changed
  token {delta, total}                         tokens on the Grimoire changed
  damage {delta, total, why}                   damage taken or removed
  hour {hour, name, last_hour}                 the Grimoire turned to a new Hour
  hour_vii {}                                  The Long Night added Hour VII
  draw_short {missing}                         a draw came up short
  summoned {uid, card_id, name}                a card was summoned
  activated {uid, card_id, name, action}       an action was used
  dagger {uid, card_id, name}                  a † effect resolves
  dagger_prevented {uid, card_id, name}        a † effect was prevented
  search {found: [card_id], taken?}            a search looked through the deck
  decision {kind, prompt}                      the engine waits for Choose
  game_over {won, reason, score, rank, message}

Texts in the data (a damage's why, the game-over message) are i18n Messages where the engine has
them as sentences, so `describe()` says the whole event in the language of the moment; given the
game's cards it also names the cards in that language (the log re-says itself after a switch).

An event and its data are read-only: the engine makes the events about one card (moved, summoned,
activated, …) once per card set and hands out the same object each time it happens again.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from aleph_null_desktop.engine.words.events import describe


class Event(NamedTuple):
    """One thing that happened (a light tuple: the engine makes one per change)."""

    kind: str
    data: dict

    def describe(self, cards=None) -> str:
        """The event in words, as the log shows it (engine.words.events); with the game's `cards`
        (a CardSet) the cards are named in the language of the moment."""
        return describe(self, cards)


# `new_event((kind, data))` is `Event(kind, data)` made without a Python-level call: the engine
# makes one per change.
new_event = partial(tuple.__new__, Event)
