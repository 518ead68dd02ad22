"""German card text for the ops whose words need German grammar: the case, gender and number of a
noun phrase ('opfere einen Tanisten', 'suche in deinem Deck nach einem Artefakt'), separable verbs
('lege … ab') and plural nouns. The op registry uses these instead of the English words while German
is the language; every other op's words are a plain sentence of the catalogue."""

from __future__ import annotations

from aleph_null_desktop.i18n import localized

# type -> (gender, singular nominative, singular accusative/dative, plural)
_NOUNS = {
    "card": ("f", "Karte", "Karte", "Karten"),
    "key": ("m", "Schlüssel", "Schlüssel", "Schlüssel"),
    "tanist": ("m", "Tanist", "Tanisten", "Tanisten"),
    "artifact": ("n", "Artefakt", "Artefakt", "Artefakte"),
    "magical_power": ("f", "Magie-Karte", "Magie-Karte", "Magie-Karten"),
    "interference": ("f", "Beeinträchtigung", "Beeinträchtigung", "Beeinträchtigungen"),
}
# case -> gender -> (indefinite article, ending of 'ander-' after it)
_ARTICLES = {
    "nom": {"m": ("ein", "anderer"), "f": ("eine", "andere"), "n": ("ein", "anderes")},
    "acc": {"m": ("einen", "anderen"), "f": ("eine", "andere"), "n": ("ein", "anderes")},
    "dat": {"m": ("einem", "anderen"), "f": ("einer", "anderen"), "n": ("einem", "anderen")},
}
_EVERY = {"m": "jeder", "f": "jede", "n": "jedes"}
_NUMBERS = {2: "zwei", 3: "drei", 4: "vier", 5: "fünf"}
_VERBS = {"sacrifice": ("opfere", ""), "scrap": ("lege", "ab"), "discard": ("wirf", "ab")}
_FROM = {"hand": "von deiner Hand", "play": "aus dem Spiel", "discard": "von deinem Ablagestapel"}


def _card_names(ids) -> str:
    """„Schutzkreis“ oder „Glocke“ — card names quoted, so no article needs their gender."""
    from aleph_null_desktop.engine.cards import load_builtin_cards

    cards = load_builtin_cards()
    names = [localized(cards[i].names, i) if i in cards else i for i in ids]
    return " oder ".join(f"„{n}“" for n in names)


def _number(n: int) -> str:
    return _NUMBERS.get(n, str(n))


def _one(kind: str, case: str, other: bool) -> str:
    if kind == "demon":
        return "BAPHOMET"
    gender, nominative, oblique, _ = _NOUNS[kind]
    article, ander = _ARTICLES[case][gender]
    noun = nominative if case == "nom" else oblique
    return f"{article} {ander} {noun}" if other else f"{article} {noun}"


def card_phrase(f: dict, count: int, case: str = "acc", up_to: bool = False) -> str:
    """The cards a filter names, `count` of them, in a case: 'einen Tanisten', 'eine andere Karte',
    'zwei Artefakte oder Beeinträchtigungen', 'bis zu 2 Karten', 'die Karte „Schutzkreis“'."""
    other = bool(f.get("other"))
    kinds = ["demon" if t == "demon" else t for t in f.get("types", [])] or ["card"]
    if f.get("ids"):
        names = _card_names(f["ids"])
        if count == 1 and not up_to:
            return {"nom": "die Karte", "acc": "die Karte", "dat": "der Karte"}[case] + " " + names
        amount = f"bis zu {count}" if up_to else _number(count)
        return f"{amount} {'Karte' if count == 1 else 'Karten'} {names}"
    if count == 1:  # 'bis zu' takes the dative: 'bis zu einer Karte'
        return ("bis zu " if up_to else "") + " oder ".join(_one(k, "dat" if up_to else case, other) for k in kinds)
    amount = f"bis zu {count}" if up_to else _number(count)
    plural = []
    for k in kinds:
        if k == "demon":
            plural.append("BAPHOMET")
        else:
            noun = _NOUNS[k][3] if count != 1 else _NOUNS[k][2]
            if case == "dat" and count != 1 and not noun.endswith("n"):
                noun += "n"
            plural.append(noun)
    ander = ("andere " if case != "dat" else "anderen ") if other and count != 1 else ("andere " if other else "")
    return f"{amount} {ander}" + " oder ".join(plural)


def _zones(zones: list[str]) -> str:
    if len(zones) == 2 and zones[0] != "play" and zones[1] != "play":
        return f"{_FROM[zones[0]]} oder {_FROM[zones[1]].split(' ', 1)[1]}"
    return " oder ".join(_FROM[z] for z in zones)


def move_words(step: dict) -> str:
    """'opfere einen Tanisten aus dem Spiel', 'lege bis zu 2 Karten von deiner Hand ab'."""
    verb, particle = _VERBS[step["move"]]
    noun = card_phrase(step["filter"], step["count"], "acc", bool(step.get("up_to")))
    text = f"{verb} {noun} {_zones(step['from'])}" + (f" {particle}" if particle else "")
    if step.get("otherwise"):
        from aleph_null_desktop.engine.words.text import step_text

        text += ", sonst " + ", ".join(step_text(s) for s in step["otherwise"])
    return text


def search_words(step: dict) -> str:
    return f"suche in deinem Deck nach {card_phrase(step['filter'], 1, 'dat')}"


def draw_words(step: dict) -> str:
    n = step["count"]
    return "ziehe 1 Karte" if n == 1 else f"ziehe {n} Karten"


def _more_less(amount: int) -> str:
    return "mehr" if amount > 0 else "weniger"


def _each(f: dict) -> str:
    """'jede Karte', 'jede Magie-Karte', 'jeder Tanist', 'jede Karte vom Typ Tanist oder Artefakt'."""
    if f.get("ids"):
        return "jede Karte " + _card_names(f["ids"])
    kinds = [t for t in f.get("types", []) if t != "demon"]
    if len(kinds) == 1:
        gender, nominative, _, _ = _NOUNS[kinds[0]]
        return f"{_EVERY[gender]} {nominative}"
    if kinds:
        return "jede Karte vom Typ " + " oder ".join(_NOUNS[k][1] for k in kinds)
    return "jede Karte"


def power_modifier_words(e: dict) -> str:
    return f"{_each(e['filter'])} gibt {abs(e['amount'])} Magische Kraft {_more_less(e['amount'])} (nie unter 0)"


def cost_modifier_words(e: dict) -> str:
    f = e["filter"]
    if f.get("ids"):
        what = "die Karten " + _card_names(f["ids"])
    elif f.get("types"):
        what = " und ".join("BAPHOMET" if t == "demon" else _NOUNS[t][3] for t in f["types"])
    else:
        what = "alle Karten"
    verb = "kostet" if what == "BAPHOMET" else "kosten"
    return f"{what} {verb} beim Beschwören {abs(e['amount'])} Magische Kraft {_more_less(e['amount'])}"


WORDS = {
    "move": move_words,
    "search": search_words,
    "draw": draw_words,
    "power_modifier": power_modifier_words,
    "cost_modifier": cost_modifier_words,
}
