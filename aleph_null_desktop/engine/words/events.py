"""The log's lines: what each event (engine.events) says, in the language of the moment."""

from __future__ import annotations

from aleph_null_desktop.i18n import N_, _, ngettext

_ZONE_WORDS = {"deck": N_("the deck"), "hand": N_("the hand"), "play": N_("play"),
               "discard": N_("the discard pile"), "sacrificed": N_("the sacrifice pile"),
               "set_aside": N_("the set-aside pile")}
_MOVE_WORDS = {  # why -> what the log says ({card}; {zone}: where it came from)
    "draw": N_("Drew {card}."),
    "summon": N_("{card} enters play."),
    "sacrifice": N_("{card} is sacrificed (from {zone})."),
    "scrap": N_("{card} is scrapped."),
    "discard": N_("{card} is discarded."),
    "search": N_("{card} is taken into the hand."),
    "arrive": N_("Interference {card} joins the discard pile."),
    "baphomet": N_("{card} is consumed by BAPHOMET's summoning."),
}


def describe(event, cards=None) -> str:
    """The event in words, as the log shows it; with the game's `cards` (a CardSet) the cards
    are named in the language of the moment, not the one they were named in when it happened."""
    d = event.data
    name = d.get("name", "")
    k = event.kind
    card = _card(cards, d.get("card_id")) if cards is not None else None
    if card is not None:
        name = card.name
    if k == "turn":
        return _("Turn {n} begins.").format(n=d["turn"])
    if k == "moved":
        why = d.get("why")
        if why in _MOVE_WORDS:
            return _(_MOVE_WORDS[why]).format(card=name, zone=_(_ZONE_WORDS[d["from"]]))
        return _("{card} moves from {src} to {dst}.").format(card=name, src=_(_ZONE_WORDS[d["from"]]),
                                                             dst=_(_ZONE_WORDS[d["to"]]))
    if k == "shuffled":
        return ngettext("The deck is shuffled ({n} card).", "The deck is shuffled ({n} cards).",
                        d["count"]).format(n=d["count"])
    if k == "power":
        sign = "+" if d["delta"] >= 0 else ""
        return _("Power {delta} (now {total}).").format(delta=f"{sign}{d['delta']}", total=d["total"])
    if k == "token":
        if d["delta"] > 0:
            return ngettext("A Magical Power token is placed on the Grimoire ({n} there).",
                            "A Magical Power token is placed on the Grimoire ({n} there).",
                            d["total"]).format(n=d["total"])
        return ngettext("A Magical Power token is taken from the Grimoire ({n} left).",
                        "A Magical Power token is taken from the Grimoire ({n} left).",
                        d["total"]).format(n=d["total"])
    if k == "damage":
        if d["delta"] > 0:
            return _("You take {n} damage ({why}); damage {total} of 3.").format(
                n=d["delta"], why=d["why"], total=d["total"])
        return _("{n} damage removed; damage {total} of 3.").format(n=-d["delta"], total=d["total"])
    if k == "hour":
        from aleph_null_desktop.engine.cards import hour_pages

        page = hour_pages().get(d["hour"])
        return _("The Grimoire turns: Hour {roman} — {name}.").format(
            roman=d["roman"], name=page.name if page is not None else d["name"])
    if k == "hour_vii":
        return _("The Long Night: the Grimoire gains Hour VII.")
    if k == "draw_short":
        return ngettext("The draw comes up {n} card short.", "The draw comes up {n} cards short.",
                        d["missing"]).format(n=d["missing"])
    if k == "summoned":
        return _("Summoned {card}.").format(card=name)
    if k == "activated":
        action = card.action(d["action"]) if card is not None else None
        if action is None:
            return _("{card} uses an action.").format(card=name)
        from aleph_null_desktop.engine.words.text import action_text

        return _("{card}: {action}.").format(card=name, action=action_text(action))
    if k == "dagger":
        return _("† {card} resolves.").format(card=name)
    if k == "dagger_prevented":
        return _("† {card} is prevented.").format(card=name)
    if k == "search":
        if not d["found"]:
            return _("The search finds nothing.")
        return ngettext("The search finds {n} matching card.", "The search finds {n} matching cards.",
                        len(d["found"])).format(n=len(d["found"]))
    if k == "decision":
        return str(d["prompt"])
    if k == "game_over":
        return str(d["message"])
    return k


def _card(cards, card_id):
    try:
        return cards[card_id] if card_id is not None else None
    except KeyError:
        return None
