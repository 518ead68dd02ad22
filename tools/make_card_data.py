"""Writes assets/cards/*.json from the tables below (run by hand when CARDS.md changes).

The JSON files are the game's source of truth; this script only saves typing them.
"""

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "cards"


def name(en, de):
    return {"en": en, "de": de}


def pay(n):
    return {"op": "pay", "amount": n}


SCRAP_SELF = {"op": "scrap_self"}
SAC_SELF = {"op": "sacrifice_self"}


def gain(n):
    return {"op": "gain_power", "amount": n}


def draw(n):
    return {"op": "draw", "count": n}


def search(*types, ids=()):
    f = {}
    if types:
        f["types"] = list(types)
    if ids:
        f["ids"] = list(ids)
    return {"op": "search", "filter": f}


def move(kind, zones, count=1, up_to=False, types=(), ids=(), other=False, otherwise=None):
    e = {"op": "move", "move": kind, "from": list(zones), "count": count, "up_to": up_to, "filter": {}}
    if types:
        e["filter"]["types"] = list(types)
    if ids:
        e["filter"]["ids"] = list(ids)
    if other:
        e["filter"]["other"] = True
    if otherwise:
        e["otherwise"] = otherwise
    return e


def action(aid, cost, effect):
    return {"id": aid, "cost": cost, "effect": effect}


# the German flavour of each English one
FLAVOUR_DE = {
    "Every name written here is owed.": "Jeder Name, der hier steht, ist verschuldet.",
    "It was cut in a single stroke at sunrise.": "Mit einem einzigen Schnitt geschnitten, bei Sonnenaufgang.",
    "Nothing that enters leaves unchanged.": "Nichts, was eintritt, verlässt ihn unverändert.",
    "As above, so below.": "Wie oben, so unten.",
    "A helper who asks nothing, until the end.": "Ein Helfer, der nichts verlangt – bis zum Schluss.",
    "Black wax, a wick of hanged man's hair.": "Schwarzes Wachs, ein Docht aus dem Haar eines Gehenkten.",
    "A spirit of the elements, bound to serve.": "Ein Geist der Elemente, zum Dienen gebunden.",
    "Chalk, salt and the four names.": "Kreide, Salz und die vier Namen.",
    "Salt and water, and words over both.": "Salz und Wasser, und Worte über beidem.",
    "The white-hilted knife of the art.": "Das Messer der Kunst mit dem weißen Griff.",
    "Visita interiora terrae.": "Visita interiora terrae.",
    "Linen, worn inside out.": "Leinen, links herum getragen.",
    "Rung once, backwards.": "Einmal geläutet, rückwärts.",
    "It sweeps what should not be there.": "Er fegt fort, was nicht hierhergehört.",
    "Aloes, myrrh and something darker.": "Aloe, Myrrhe und etwas Dunkleres.",
    "The seal that binds and calls.": "Das Siegel, das bindet und ruft.",
    "Truth on its brow; death when a letter is struck.": "Wahrheit auf der Stirn; Tod, wenn ein Buchstabe fällt.",
    "Without blemish.": "Ohne Makel.",
    "Stop your ears before you pull.": "Verstopf dir die Ohren, bevor du ziehst.",
    "A raven on the steeple.": "Ein Rabe auf dem Kirchturm.",
    "They ring for you.": "Sie läuten für dich.",
    "He keeps the keys to the churchyard.": "Er verwahrt die Schlüssel zum Kirchhof.",
    "A small devil with a long memory.": "Ein kleiner Teufel mit langem Gedächtnis.",
    "None pass without a toll.": "Keiner kommt ohne Zoll vorbei.",
    "Voices raised against the dark.": "Stimmen, erhoben gegen die Finsternis.",
    "He has heard of you.": "Er hat von dir gehört.",
    "A wolf with griffin's wings.": "Ein Wolf mit Greifenflügeln.",
    "The dawn is not coming.": "Der Morgen kommt nicht.",
    "He opens every lock but one.": "Er öffnet jedes Schloss, bis auf eines.",
    "Nothing is hidden from the Holy Office.": "Vor dem Heiligen Offizium bleibt nichts verborgen.",
    "The great duke will not be hurried.": "Der große Herzog lässt sich nicht drängen.",
    "Lux aeterna luceat eis.": "Lux aeterna luceat eis.",
}


def card(cid, en, de, ctype, cost, actions=(), ongoing=(), dagger=(), on_summon=(),
         special_cost=None, flavour="", icon="", level=None, side=None, count=1):
    c = {"id": cid, "name": name(en, de), "type": ctype, "cost": cost,
         "actions": list(actions), "ongoing": list(ongoing), "dagger": list(dagger),
         "on_summon": list(on_summon), "flavour": {"en": flavour, "de": FLAVOUR_DE[flavour]}, "icon": icon}
    if special_cost is not None:
        c["special_cost"] = special_cost
    if level is not None:
        c["level"] = level
        c["side"] = side
    if count != 1:
        c["count"] = count
    return c


TANIST_TITHE = action("tithe", [SCRAP_SELF], [gain(1)])

MAIN = [
    card("book_of_pacts", "Book of Pacts", "Buch des Pakts", "key", 3,
         actions=[action("pact", [pay(2)], [move("sacrifice", ["discard"])])],
         flavour="Every name written here is owed.", icon="book"),
    card("wand_of_power", "Wand of Power", "Zauberstab der Macht", "key", None,
         special_cost=[move("sacrifice", ["play"], types=["tanist"])],
         actions=[action("banish", [pay(2)], [move("sacrifice", ["hand"])])],
         flavour="It was cut in a single stroke at sunrise.", icon="wand"),
    card("grand_circle", "Grand Circle", "Großer Beschwörungskreis", "key", None,
         special_cost=[move("sacrifice", ["play"], ids=["circle_of_protection"]), pay(2)],
         ongoing=[{"op": "hand_sacrificed_at_end"}],
         flavour="Nothing that enters leaves unchanged.", icon="circle"),
    card("baphomet", "BAPHOMET", "BAPHOMET", "demon", None,
         special_cost=[{"op": "summon_baphomet"}],
         flavour="As above, so below.", icon="goat"),
]

TANISTS = [
    ("wealthy_tanist", "Wealthy Tanist", "Wohlhabender Tanist", [gain(3)], "coins"),
    ("learned_tanist", "Learned Tanist", "Gelehrter Tanist", [search("artifact")], "scroll"),
    ("faithful_tanist", "Faithful Tanist", "Treuer Tanist", [{"op": "remove_damage", "amount": 1}], "heart"),
    ("zealous_tanist", "Zealous Tanist", "Eifriger Tanist",
     [move("sacrifice", ["hand", "discard"], up_to=True)], "flame"),
    ("silent_tanist", "Silent Tanist", "Schweigsamer Tanist", [draw(2)], "hood"),
]
for cid, en, de, dag, icon in TANISTS:
    MAIN.append(card(cid, en, de, "tanist", 0, actions=[TANIST_TITHE], dagger=dag,
                     flavour="A helper who asks nothing, until the end.", icon=icon))

MAIN.append(card("wax_candle", "Wax Candle", "Wachskerze", "artifact", 0,
                 actions=[action("burn", [SCRAP_SELF], [gain(1)])], count=3,
                 flavour="Black wax, a wick of hanged man's hair.", icon="candle"))

ELEMENTALS = [
    ("salamander", "Salamander", "Salamander", 0, 2, 3, [], "flame"),
    ("sylph", "Sylph", "Sylphe", 0, 1, 1, [draw(1)], "wind"),
    ("undine", "Undine", "Undine", 0, 1, 1, [move("sacrifice", ["discard"], up_to=True)], "water"),
    ("gnome", "Gnome", "Gnom", 1, 2, 3, [], "earth"),
]
for cid, en, de, cost, s, x, dag, icon in ELEMENTALS:
    MAIN.append(card(cid, en, de, "magical_power", cost,
                     actions=[action("scrap", [SCRAP_SELF], [gain(s)]),
                              action("sacrifice", [SAC_SELF], [gain(x)])],
                     dagger=dag, flavour="A spirit of the elements, bound to serve.", icon=icon))

MAIN += [
    card("circle_of_protection", "Circle of Protection", "Schutzkreis", "artifact", 1,
         actions=[action("ward", [move("sacrifice", ["play"], types=["tanist"])],
                         [move("sacrifice", ["play"], types=["interference"])])],
         flavour="Chalk, salt and the four names.", icon="circle"),
    card("exorcised_water", "Exorcised Water", "Exorziertes Wasser", "artifact", 2,
         actions=[action("asperge", [SAC_SELF], [move("sacrifice", ["play", "discard"], types=["interference"])])],
         flavour="Salt and water, and words over both.", icon="water"),
    card("boline", "Boline", "Boline", "artifact", 1,
         actions=[action("cut", [SCRAP_SELF], [move("sacrifice", ["hand"])])],
         flavour="The white-hilted knife of the art.", icon="knife"),
    card("vitriol", "Vitriol", "Vitriol", "artifact", 1,
         actions=[action("dissolve", [pay(1)], [SAC_SELF])],
         dagger=[move("sacrifice", ["play"], up_to=True, types=["artifact", "interference"])],
         flavour="Visita interiora terrae.", icon="flask"),
    card("chasuble", "Chasuble", "Messgewand", "artifact", 2,
         ongoing=[{"op": "end_turn_shield", "amount": 1}],
         actions=[action("absolve", [SAC_SELF], [{"op": "remove_damage", "amount": 1}])],
         flavour="Linen, worn inside out.", icon="robe"),
    card("bell", "Bell", "Glocke", "artifact", 1,
         actions=[action("ring", [SCRAP_SELF], [search("magical_power")])],
         flavour="Rung once, backwards.", icon="bell"),
    card("besom", "Besom", "Reisigbesen", "artifact", 1,
         actions=[action("sweep", [SCRAP_SELF], [move("sacrifice", ["discard"], other=True)]),
                  action("burn", [SAC_SELF], [move("sacrifice", ["discard"], count=2, up_to=True)])],
         flavour="It sweeps what should not be there.", icon="broom"),
    card("incense", "Incense", "Räucherwerk", "artifact", 1,
         actions=[action("fumigate", [SCRAP_SELF], [draw(2)])],
         flavour="Aloes, myrrh and something darker.", icon="smoke"),
    card("pentacle", "Pentacle of Solomon", "Pentakel Salomos", "artifact", 2,
         actions=[action("invoke", [SCRAP_SELF], [search("key", "demon")])],
         flavour="The seal that binds and calls.", icon="pentacle"),
    card("golem", "Golem", "Golem", "artifact", 3,
         ongoing=[{"op": "hand_size", "amount": 1}],
         actions=[action("unmake", [SAC_SELF], [gain(2)])],
         flavour="Truth on its brow; death when a letter is struck.", icon="golem"),
    card("sacrificial_lamb", "Sacrificial Lamb", "Opferlamm", "artifact", 1,
         actions=[action("offer", [SAC_SELF], [gain(1)])],
         dagger=[move("sacrifice", ["hand"], other=True)],
         flavour="Without blemish.", icon="lamb"),
    card("mandrake_root", "Mandrake Root", "Alraunwurzel", "artifact", 1,
         actions=[action("uproot", [SAC_SELF], [gain(1), draw(1)])],
         flavour="Stop your ears before you pull.", icon="root"),
]


def interference(cid, en, de, level, side, cost, actions, ongoing=(), on_summon=(), flavour="", icon=""):
    return card(cid, en, de, "interference", cost, actions=actions, ongoing=ongoing,
                on_summon=on_summon, level=level, side=side, flavour=flavour, icon=icon)


INTERFERENCE = [
    interference("ill_omen", "Ill Omen", "Böses Omen", 1, "church", 0,
                 [action("dispel", [move("sacrifice", ["hand"], types=["magical_power"])], [SCRAP_SELF])],
                 ongoing=[{"op": "power_modifier", "filter": {"types": ["magical_power"]}, "amount": -1}],
                 flavour="A raven on the steeple.", icon="raven"),
    interference("church_bells", "Church Bells", "Kirchenglocken", 1, "church", 0,
                 [action("silence", [pay(2)], [SCRAP_SELF])],
                 ongoing=[{"op": "hand_size", "amount": -1}],
                 flavour="They ring for you.", icon="bell"),
    interference("sexton", "The Sexton", "Der Küster", 1, "church", 0,
                 [action("bribe", [pay(1)], [SCRAP_SELF])],
                 ongoing=[{"op": "summon_limit", "count": 3}],
                 flavour="He keeps the keys to the churchyard.", icon="lantern"),
    interference("rumjal", "Rumjal", "Rumjal", 1, "hell", 1,
                 [action("appease", [pay(1)], [SCRAP_SELF])],
                 flavour="A small devil with a long memory.", icon="imp"),
    interference("akhtoi", "Akhtoi, Guardian of the Door", "Akhtoi, Hüter der Tür", 2, "hell", 1,
                 [action("appease", [pay(2)], [SCRAP_SELF])],
                 ongoing=[{"op": "cost_modifier", "filter": {"types": ["tanist", "artifact"]}, "amount": 1}],
                 flavour="None pass without a toll.", icon="door"),
    interference("hymns_of_devotion", "Hymns of Devotion", "Andachtslieder", 2, "church", 0,
                 [action("drown_out", [pay(2)], [SCRAP_SELF])],
                 ongoing=[{"op": "prevent_dagger"}],
                 flavour="Voices raised against the dark.", icon="choir"),
    interference("father_domenico", "Father Domenico", "Pater Domenico", 2, "church", 0,
                 [action("defy", [pay(2)], [SCRAP_SELF])],
                 ongoing=[{"op": "cost_modifier", "filter": {"types": ["key"]}, "amount": 1}],
                 flavour="He has heard of you.", icon="cross"),
    interference("marchosias", "Marchosias", "Marchosias", 2, "hell", 2,
                 [action("appease", [pay(2)], [SCRAP_SELF])],
                 on_summon=[move("sacrifice", ["hand", "play"], up_to=True, types=["tanist"],
                                 otherwise=[{"op": "take_damage", "amount": 1}])],
                 flavour="A wolf with griffin's wings.", icon="wolf"),
    interference("the_long_night", "The Long Night", "Die lange Nacht", 3, "hell", 0,
                 [action("endure", [pay(3)], [SCRAP_SELF])],
                 on_summon=[{"op": "add_hour_vii"}],
                 ongoing=[{"op": "hour_damage", "amount": 1}],
                 flavour="The dawn is not coming.", icon="moon"),
    interference("sargatanas", "Sargatanas", "Sargatanas", 3, "hell", 2,
                 [action("appease", [pay(3)], [SCRAP_SELF])],
                 ongoing=[{"op": "end_turn_damage_unless_sacrificed", "amount": 1}],
                 flavour="He opens every lock but one.", icon="key"),
    interference("inquisitor", "The Inquisitor", "Der Inquisitor", 3, "church", 0,
                 [action("recant", [move("sacrifice", ["play"], count=2, types=["tanist"])], [SAC_SELF])],
                 ongoing=[{"op": "no_sacrifice_from_discard"}],
                 flavour="Nothing is hidden from the Holy Office.", icon="eye"),
    interference("astaroth", "Astaroth", "Astaroth", 3, "hell", 3,
                 [action("banish", [pay(4)], [SAC_SELF])],
                 ongoing=[{"op": "baphomet_blocked"}],
                 flavour="The great duke will not be hurried.", icon="crown"),
]

OPTIONAL = [
    interference("eternal_light", "Eternal Light", "Ewiges Licht", 2, "church", 0,
                 [action("shade", [pay(2)], [SCRAP_SELF])],
                 ongoing=[{"op": "end_turn_damage_unless_summoned", "amount": 1}],
                 flavour="Lux aeterna luceat eis.", icon="lamp"),
]
OPTIONAL[0]["optional"] = True  # off by default; a setup option adds it to the level-2 pool

CIRCLES = [
    {"id": "adept", "name": name("Circle of the Adept", "Zirkel der Lehrlinge"),
     "set_aside": {"1": 3, "2": 0, "3": 0}, "arrivals": {"3": 1, "4": 2}},
    {"id": "magus", "name": name("Circle of the Magus", "Zirkel der Magier"),
     "set_aside": {"1": 2, "2": 2, "3": 0}, "arrivals": {"2": 1, "3": 2, "4": 1}},
    {"id": "master", "name": name("Circle of the Master", "Zirkel der Meister"),
     "set_aside": {"1": 1, "2": 2, "3": 1}, "arrivals": {"2": 2, "3": 1, "4": 1}},
    {"id": "grand_master", "name": name("Circle of the Grand Master", "Zirkel der Großmeister"),
     "set_aside": {"1": 1, "2": 2, "3": 2}, "arrivals": {"2": 1, "3": 2, "4": 2}},
    {"id": "prince", "name": name("Circle of the Prince", "Zirkel der Fürsten"),
     "set_aside": {"1": 0, "2": 2, "3": 3}, "arrivals": {"2": 2, "3": 2, "4": 1}},
]

HOURS = [
    {"hour": 1, "page": "preparation", "name": name("Sunset", "Sonnenuntergang"), "tokens": 0, "page_rule": []},
    {"hour": 2, "page": "fasting", "name": name("Twilight", "Dämmerung"), "tokens": 0,
     "page_rule": [move("sacrifice", ["discard"], up_to=True)]},
    {"hour": 3, "page": "fumigation", "name": name("Midnight", "Mitternacht"), "tokens": 1, "page_rule": []},
    {"hour": 4, "page": "exorcism", "name": name("The Witching Hour", "Geisterstunde"), "tokens": 1,
     "page_rule": [move("sacrifice", ["discard"], up_to=True, types=["interference"])]},
    {"hour": 5, "page": "reading", "name": name("The Darkest Hour", "Die dunkelste Stunde"), "tokens": 1, "page_rule": []},
    {"hour": 6, "page": "last", "name": name("The Cock, He Doth Crow", "Der Hahn kräht"), "tokens": 0,
     "page_rule": [move("sacrifice", ["discard"], up_to=True)]},
    {"hour": 7, "page": "false_dawn", "name": name("False Dawn", "Falsche Dämmerung"), "tokens": 0, "page_rule": []},
]


def write(fname, obj):
    (OUT / fname).write_text(json.dumps(obj, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    write("base.json", {"schema": 1, "cards": MAIN + INTERFERENCE + OPTIONAL})
    write("circles.json", {"schema": 1, "circles": CIRCLES})
    write("hours.json", {"schema": 1, "hours": HOURS})
    print("wrote", len(MAIN), "main,", len(INTERFERENCE) + len(OPTIONAL), "interference cards")
