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
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

_ZONE_WORDS = {"deck": "the deck", "hand": "the hand", "play": "play", "discard": "the discard pile",
               "sacrificed": "the sacrifice pile", "set_aside": "the set-aside pile"}


class Event(NamedTuple):
    """One thing that happened (a light tuple: the engine makes one per change)."""

    kind: str
    data: dict

    def describe(self) -> str:
        d = self.data
        name = d.get("name", "")
        k = self.kind
        if k == "turn":
            return f"Turn {d['turn']} begins."
        if k == "moved":
            why = d.get("why")
            if why == "draw":
                return f"Drew {name}."
            if why == "summon":
                return f"{name} enters play."
            if why == "sacrifice":
                return f"{name} is sacrificed (from {_ZONE_WORDS[d['from']]})."
            if why == "scrap":
                return f"{name} is scrapped."
            if why == "discard":
                return f"{name} is discarded."
            if why == "search":
                return f"{name} is taken into the hand."
            if why == "arrive":
                return f"Interference {name} joins the discard pile."
            if why == "baphomet":
                return f"{name} is consumed by BAPHOMET's summoning."
            return f"{name} moves from {_ZONE_WORDS[d['from']]} to {_ZONE_WORDS[d['to']]}."
        if k == "shuffled":
            return f"The deck is shuffled ({d['count']} cards)."
        if k == "power":
            sign = "+" if d["delta"] >= 0 else ""
            return f"Power {sign}{d['delta']} (now {d['total']})."
        if k == "token":
            if d["delta"] > 0:
                return f"A Magical Power token is placed on the Grimoire ({d['total']} there)."
            return f"A Magical Power token is taken from the Grimoire ({d['total']} left)."
        if k == "damage":
            if d["delta"] > 0:
                return f"You take {d['delta']} damage ({d['why']}); damage {d['total']} of 3."
            return f"{-d['delta']} damage removed; damage {d['total']} of 3."
        if k == "hour":
            return f"The Grimoire turns: Hour {d['roman']} — {d['name']}."
        if k == "hour_vii":
            return "The Long Night: the Grimoire gains Hour VII."
        if k == "draw_short":
            return f"The draw comes up {d['missing']} short."
        if k == "summoned":
            return f"Summoned {name}."
        if k == "activated":
            return f"{name}: {d['action']}."
        if k == "dagger":
            return f"† {name} resolves."
        if k == "dagger_prevented":
            return f"† {name} is prevented."
        if k == "search":
            if not d["found"]:
                return "The search finds nothing."
            return f"The search finds {len(d['found'])} matching card(s)."
        if k == "decision":
            return d["prompt"]
        if k == "game_over":
            return d["message"]
        return k


# `new_event((kind, data))` is `Event(kind, data)` made without a Python-level call: the engine
# makes one per change.
new_event = partial(tuple.__new__, Event)
