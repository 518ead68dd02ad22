"""Card data in plain English: what the card renderer prints and what the editor previews."""

from __future__ import annotations

from aleph_null_desktop.engine.cards import TYPE_NAMES, CardDef

_ZONE_PHRASES = {"hand": "your hand", "play": "play", "discard": "your discard pile"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def filter_phrase(f: dict) -> str:
    """'Tanist', 'Key or BAPHOMET', 'Artifact or Interference', 'Circle of Protection'."""
    if f.get("ids"):
        from aleph_null_desktop.engine.cards import load_builtin_cards

        cards = load_builtin_cards()
        return " or ".join(cards[i].name if i in cards else i for i in f["ids"])
    if f.get("types"):
        names = ["BAPHOMET" if t == "demon" else TYPE_NAMES[t] for t in f["types"]]
        return " or ".join(names)
    return ""


def _card_noun(f: dict, count: int) -> str:
    """'a card', 'an Interference card', 'two Tanists', 'another card'."""
    what = filter_phrase(f)
    other = f.get("other")
    if f.get("ids") and count == 1:
        return f"the {what}"
    if not what:
        noun = "card" if count == 1 else "cards"
    elif what in ("Tanist", "Artifact", "Key"):
        noun = what if count == 1 else what + "s"
    else:
        noun = f"{what} card" if count == 1 else f"{what} cards"
    if count == 1:
        return f"another {noun}" if other else f"{_article(noun)} {noun}"
    number = {2: "two", 3: "three"}.get(count, str(count))
    return f"{number} other {noun}" if other else f"{number} {noun}"


def _zones_phrase(zones: list[str], noun_is_in_play: bool) -> str:
    if zones == ["play"]:
        return "you have in play" if noun_is_in_play else "in play"
    parts = ["in play" if z == "play" else f"from {_ZONE_PHRASES[z]}" for z in zones]
    if len(parts) == 2 and parts[0].startswith("from") and parts[1].startswith("from"):
        return f"from {_ZONE_PHRASES[zones[0]]} or {_ZONE_PHRASES[zones[1]]}"
    return " or ".join(parts)


def step_text(step: dict) -> str:
    op = step["op"]
    if op == "pay":
        return f"pay {step['amount']}P"
    if op == "scrap_self":
        return "scrap this"
    if op == "sacrifice_self":
        return "sacrifice this"
    if op == "gain_power":
        return f"gain {step['amount']}P"
    if op == "draw":
        return f"draw {_plural(step['count'], 'card')}"
    if op == "search":
        return f"search your deck for {_card_noun(step['filter'], 1)}"
    if op == "move":
        count = step["count"]
        noun = _card_noun(step["filter"], count)
        if step.get("up_to"):
            noun = f"up to {count} " + noun.split(" ", 1)[1]
        tanist_like = step["filter"].get("types") in (["tanist"],) or bool(step["filter"].get("ids"))
        text = f"{step['move']} {noun} {_zones_phrase(step['from'], tanist_like)}"
        if step.get("otherwise"):
            text += ", or else " + ", ".join(step_text(s) for s in step["otherwise"])
        return text
    if op == "remove_damage":
        return f"remove {step['amount']} damage"
    if op == "take_damage":
        return f"take {step['amount']} damage"
    if op == "add_hour_vii":
        return "the Grimoire gains Hour VII for the rest of the game"
    if op == "summon_baphomet":
        return "the three Keys in play; sacrifice them and every other card in play"
    return op


def steps_text(steps) -> str:
    return ", then ".join(step_text(s) for s in steps) if steps else "—"


def ongoing_text(effect: dict) -> str:
    op = effect["op"]
    amount = effect.get("amount", 0)
    if op == "power_modifier":
        what = filter_phrase(effect["filter"]) or "every"
        more = "more" if amount > 0 else "less"
        return f"every {what} card gives {abs(amount)}P {more} (never below 0)"
    if op == "hand_size":
        return f"your hand size is {abs(amount)} {'more' if amount > 0 else 'less'}"
    if op == "summon_limit":
        return f"you may summon at most {effect['count']} cards a turn (Interference not counted)"
    if op == "cost_modifier":
        what = filter_phrase(effect["filter"]) or "all"
        more = "more" if amount > 0 else "less"
        return f"{what} cards cost {abs(amount)}P {more} to summon"
    if op == "prevent_dagger":
        return "† effects do not resolve"
    if op == "hand_sacrificed_at_end":
        return ("at the end of your turn the cards you would discard from your hand are sacrificed "
                "instead (Keys and BAPHOMET are discarded)")
    if op == "end_turn_shield":
        first = "point of unspent power deals" if amount == 1 else f"{amount} points of unspent power deal"
        return f"at the end of your turn the first {first} no damage"
    if op == "hour_damage":
        return f"take {amount} damage each time the Hour advances"
    if op == "end_turn_damage_unless_sacrificed":
        return f"at the end of your turn take {amount} damage unless a card was sacrificed this turn"
    if op == "end_turn_damage_unless_summoned":
        return f"at the end of a turn in which you summoned no card, take {amount} damage"
    if op == "no_sacrifice_from_discard":
        return "no card can be sacrificed from the discard pile"
    if op == "baphomet_blocked":
        return "BAPHOMET cannot be summoned"
    return op


def cost_text(card: CardDef) -> str:
    """The summoning cost as printed in the corner: '2', '0' or 'special'."""
    return "special" if card.cost is None else str(card.cost)


def action_text(action) -> str:
    """'scrap this → gain 2P' for an ActionDef or an action dict."""
    cost = action.cost if hasattr(action, "cost") else action.get("cost", [])
    effect = action.effect if hasattr(action, "effect") else action.get("effect", [])
    return f"{steps_text(cost)} → {steps_text(effect)}"


def card_text_lines(card: CardDef) -> list[str]:
    """Every rules line of a card, in printed order."""
    lines = []
    if card.special_cost:
        lines.append("Special cost: " + steps_text(card.special_cost))
    if card.id == "baphomet":
        lines.append("Each other non-Key card his summoning sacrifices costs 1 point.")
        lines.append("Summoning him ends the game. He cannot be sacrificed.")
    if card.on_summon:
        lines.append("When summoned: " + steps_text(card.on_summon))
    for effect in card.ongoing:
        lines.append(ongoing_text(effect)[:1].upper() + ongoing_text(effect)[1:] + ".")
    for action in card.actions:
        lines.append(action_text(action))
    if card.dagger:
        lines.append("† " + steps_text(card.dagger))
    return lines
