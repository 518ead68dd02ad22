"""The editor model: drafts ↔ records, validation messages per field, ids, the library on disk,
export/import (with a corpus of broken and hostile files), and the ritual setup."""

from __future__ import annotations

import json

import pytest

from aleph_null_desktop.editor import (
    Action, CardDraft, Library, custom_setup, placement_problem, slug, unique_id, validate,
)
from aleph_null_desktop.engine import load_builtin_cards, new_game
from aleph_null_desktop.storage import paths


def warden(**kw) -> CardDraft:
    base = dict(name="Grave Warden", level=2, side="church", cost=1,
                ongoing=[{"op": "hand_size", "amount": -1}],
                actions=[Action([{"op": "pay", "amount": 2}], [{"op": "scrap_self"}])],
                flavour="He counts the graves at dusk.", icon="lantern")
    base.update(kw)
    return CardDraft(**base)


def folder_state() -> dict[str, bytes]:
    d = paths.custom_cards_dir()
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


# ----------------------------------------------------------------------------- drafts

def test_record_round_trip_and_schema():
    rec = warden().to_record("custom_grave_warden")
    assert rec["type"] == "interference" and rec["custom"] is True and rec["level"] == 2
    assert rec["actions"][0] == {"id": "act1", "cost": [{"op": "pay", "amount": 2}], "effect": [{"op": "scrap_self"}]}
    assert CardDraft.from_record(rec).to_record() == rec


def test_validation_messages_per_field():
    assert validate(warden()).ok and not validate(warden()).warnings
    assert validate(warden(name="  ")).errors["name"] == "give the card a name"
    assert "already a card of the game" in validate(warden(name="the sexton")).errors["name"]
    assert "already a card of the game" in validate(warden(name="Der Küster")).errors["name"]  # German too
    assert "at most" in validate(warden(name="x" * 41)).errors["name"]
    others = [warden().to_record("custom_grave_warden")]
    assert "another of your cards" in validate(warden(), others).errors["name"]
    me = warden(); me.id = "custom_grave_warden"
    assert validate(me, others).ok  # not a clash with itself
    # an effect the engine cannot resolve: no zone to take the cards from
    bad = warden(dagger=[{"op": "move", "move": "sacrifice", "from": [], "count": 1, "up_to": False, "filter": {}}])
    assert "choose where the cards come from" in validate(bad).errors["dagger"]
    bad = warden(actions=[Action([], [])])
    assert validate(bad).errors["action0"] == "give the action a cost or an effect"
    bad = warden(on_summon=[{"op": "summon_demons"}])
    assert "not one the game knows" in validate(bad).errors["on_summon"]
    bad = warden(actions=[Action([{"op": "pay", "amount": 2}], [{"op": "gain_power", "amount": 12}])])
    assert "0 to 9" in validate(bad).errors["action0"]


def test_no_way_to_leave_play_is_a_warning_not_an_error():
    stuck = warden(actions=[Action([{"op": "pay", "amount": 1}], [{"op": "draw", "count": 1}])])
    check = validate(stuck)
    assert check.ok and "no action takes this card out of play" in check.warnings["actions"]


def test_ids_from_names():
    assert slug("Akhtoi, Guardian of the Door") == "akhtoi_guardian_of_the_door"
    assert slug("Ängel der Nacht!") == "angel_der_nacht"
    assert unique_id("Grave Warden", set()) == "custom_grave_warden"
    assert unique_id("Grave Warden", {"custom_grave_warden"}) == "custom_grave_warden_2"
    assert unique_id("死神", set()) == "custom_card"
    assert unique_id("Grave Warden", {"custom_grave_warden"}, current="custom_grave_warden") == "custom_grave_warden"
    assert len(unique_id("x" * 200, set())) <= 60


# ----------------------------------------------------------------------------- the library

def test_save_load_rename_duplicate_delete():
    lib = Library()
    lib.load()
    d = warden()
    rec = lib.save(d)
    assert d.id == rec["id"] == "custom_grave_warden"
    on_disk = json.loads((paths.custom_cards_dir() / "custom_grave_warden.json").read_text("utf-8"))
    assert on_disk == {"schema": 1, "cards": [rec]}
    assert not [p for p in paths.custom_cards_dir().iterdir() if p.name.endswith(".tmp")]

    again = Library(); again.load()
    assert again.records() == [rec] and not again.messages  # survives a restart

    copy_id = lib.duplicate("custom_grave_warden")
    assert lib.entries[copy_id].name == "Grave Warden (2)"
    new_id = lib.rename("custom_grave_warden", "Sexton's Widow")
    assert new_id == "custom_sexton_s_widow"
    assert sorted(folder_state()) == ["custom_grave_warden_2.json", "custom_sexton_s_widow.json"]
    with pytest.raises(Exception, match="already a card of the game"):
        lib.rename(new_id, "Rumjal")
    lib.delete(copy_id)
    assert sorted(folder_state()) == ["custom_sexton_s_widow.json"]
    fresh = Library(); fresh.load()
    assert [e.name for e in fresh.sorted()] == ["Sexton's Widow"]


def test_invalid_draft_is_not_saved():
    lib = Library(); lib.load()
    with pytest.raises(Exception, match="cannot be saved"):
        lib.save(warden(name=""))
    assert folder_state() == {}


def test_a_corrupt_file_in_the_folder_is_set_aside_and_the_rest_load():
    lib = Library(); lib.load()
    lib.save(warden())
    (paths.custom_cards_dir() / "broken.json").write_text('{"cards": [', encoding="utf-8")
    again = Library(); messages = again.load()
    assert list(again.entries) == ["custom_grave_warden"]
    assert len(messages) == 1 and "broken.json" in messages[0] and "set aside" in messages[0]
    assert any(p.name.startswith("broken.json.corrupt-") for p in paths.custom_cards_dir().iterdir())


def test_a_card_pack_overriding_built_in_cards_is_left_alone():
    pack = {"schema": 1, "cards": [dict(load_builtin_cards()["rumjal"].data, cost=2)]}
    path = paths.custom_cards_dir() / "printed_texts.json"
    path.write_text(json.dumps(pack), encoding="utf-8")
    lib = Library(); messages = lib.load()
    assert not lib.entries and "leaves it as it is" in messages[0] and path.exists()


def test_export_and_import(tmp_path):
    lib = Library(); lib.load()
    lib.save(warden())
    out = lib.export("custom_grave_warden", tmp_path / "warden")
    assert out.name == "warden.json"
    # importing what you already have is refused, and nothing changes
    before = folder_state()
    result = lib.import_file(out)
    assert not result.ok and "already have a card called" in result.message
    assert folder_state() == before
    # into another player's gallery it comes in whole
    lib.delete("custom_grave_warden")
    result = lib.import_file(out)
    assert result.ok and result.ids == ["custom_grave_warden"], result.message
    assert lib.entries["custom_grave_warden"].record == warden().to_record("custom_grave_warden")


def test_import_a_bare_record_gets_a_custom_id_and_flag(tmp_path):
    rec = warden(name="Bell Ringer").to_record("rumjal")  # an id that is a built-in's
    rec.pop("custom")
    path = tmp_path / "bare.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    lib = Library(); lib.load()
    result = lib.import_file(path)
    assert result.ok and result.ids == ["custom_bell_ringer"]
    assert lib.entries["custom_bell_ringer"].record["custom"] is True


def _good() -> dict:
    return warden(name="Imported").to_record("custom_imported")


def _corpus(tmp_path):
    """(file name, bytes, words expected in the message)."""
    good = _good()
    deep = "[" * 1000 + "]" * 1000
    deep_card = dict(good, flavour={"en": "x"})
    deep_card["actions"] = [{"id": "a", "cost": [], "effect": [{"op": "move", "move": "sacrifice", "from": ["hand"],
                                                                "count": 1, "up_to": True, "filter": {},
                                                                "otherwise": []}]}]
    node = deep_card["actions"][0]["effect"][0]
    for _ in range(200):  # 'otherwise' inside 'otherwise'…
        inner = dict(node, otherwise=[])
        node["otherwise"] = [inner]
        node = inner
    text = json.dumps(good)
    return [
        ("truncated.json", text[: len(text) // 2].encode(), "line"),
        ("empty.json", b"", "empty"),
        ("not_json.json", b"hello, card", "line"),
        ("deep.json", deep.encode(), "nested"),
        ("deep_object.json", ('{"a":' * 1000 + "1" + "}" * 1000).encode(), "nested"),
        ("deep_otherwise.json", json.dumps(deep_card).encode(), "nested"),
        ("huge.json", b'{"cards": [' + b" " * (10 * 1024 * 1024) + b"]}", "MB"),
        ("latin1.json", json.dumps(dict(good, name={"en": "Caf\u00e9"}), ensure_ascii=False).encode("latin-1"), "UTF-8"),
        ("array.json", b"[1, 2, 3]", "a list"),
        ("number.json", b"42", "a number"),
        ("schema2.json", json.dumps({"schema": 2, "cards": [good]}).encode(), "newer version"),
        ("cards_not_list.json", json.dumps({"schema": 1, "cards": {"a": 1}}).encode(), "not a list"),
        ("no_cards.json", json.dumps({"schema": 1, "cards": []}).encode(), "no cards"),
        ("card_is_text.json", json.dumps({"schema": 1, "cards": ["rumjal"]}).encode(), "not a card"),
        ("wrong_type_cost.json", json.dumps(dict(good, cost="two")).encode(), "cost"),
        ("wrong_type_level.json", json.dumps(dict(good, level=7)).encode(), "level"),
        ("bool_amount.json", json.dumps(dict(good, ongoing=[{"op": "hand_size", "amount": True}])).encode(), "amount"),
        ("unknown_effect.json", json.dumps(dict(good, on_summon=[{"op": "summon_all_demons"}])).encode(),
         "summon_all_demons"),
        ("unknown_field.json", json.dumps(dict(good, script="os.system('rm -rf /')")).encode(), "script"),
        ("not_interference.json", json.dumps(dict(load_builtin_cards()["boline"].data, id="x_boline",
                                                  name={"en": "Other Boline"})).encode(), "interference"),
        ("builtin_name.json", json.dumps(dict(good, name={"en": "Astaroth"})).encode(), "already a card"),
        ("nan.json", text.replace('"cost": 1', '"cost": NaN').encode(), "NaN"),
        ("huge_int.json", text.replace('"cost": 1', '"cost": ' + "9" * 5000).encode(), "number"),
        ("long_name.json", json.dumps(dict(good, name={"en": "N" * 5000})).encode(), "name"),
        ("many_cards.json", json.dumps({"schema": 1, "cards": [good] * 50}).encode(), "at most"),
        ("half_good_pack.json", json.dumps({"schema": 1, "cards": [_good(), dict(good, id="custom_b", level=0)]}).encode(),
         "card 2"),
    ]


def test_broken_and_hostile_files_are_refused_and_nothing_changes(tmp_path):
    lib = Library(); lib.load()
    lib.save(warden())
    before = folder_state()
    entries_before = {k: v.record for k, v in lib.entries.items()}
    for name, data, words in _corpus(tmp_path):
        path = tmp_path / name
        path.write_bytes(data)
        result = lib.import_file(path)
        assert not result.ok, name
        assert name in result.message and words in result.message, (name, result.message)
        assert "Nothing was changed" in result.message, (name, result.message)
        assert folder_state() == before, name
        assert {k: v.record for k, v in lib.entries.items()} == entries_before, name
    # a folder, a missing file, a device
    for path in (tmp_path, tmp_path / "missing.json", "/dev/zero"):
        result = lib.import_file(path)
        assert not result.ok and result.message
    assert folder_state() == before


def test_huge_file_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(10 * 1024 * 1024)
    opened = []
    real_open = open

    def spy(file, *a, **kw):
        opened.append(str(file))
        return real_open(file, *a, **kw)

    monkeypatch.setattr("builtins.open", spy)
    result = Library().import_file(path)
    assert not result.ok and "MB" in result.message and str(path) not in opened


# ----------------------------------------------------------------------------- the ritual

def test_custom_setup_puts_the_chosen_cards_into_the_set_aside_interference():
    one = warden(name="Grave Warden", level=1).to_record("custom_grave_warden")
    two = warden(name="Bone Choir", level=2).to_record("custom_bone_choir")
    records, pool = custom_setup([one, two], ["custom_grave_warden", "custom_bone_choir"], "magus", seed=11)
    assert [r["id"] for r in records] == ["custom_grave_warden", "custom_bone_choir"]
    assert len(pool[1]) == 2 and "custom_grave_warden" in pool[1]
    assert len(pool[2]) == 2 and "custom_bone_choir" in pool[2]
    for seed in range(5):
        records, pool = custom_setup([one, two], ["custom_grave_warden", "custom_bone_choir"], "magus", seed)
        g = new_game(seed, "magus", cards=records, interference_pool=pool)
        set_aside = [i.card_id for i in g.zone("set_aside")]
        assert "custom_grave_warden" in set_aside and "custom_bone_choir" in set_aside
        levels = [g.cards[c].level for c in set_aside]
        assert levels == sorted(levels) == [1, 1, 2, 2]
        # not chosen: never in a ritual's interference
    g = new_game(3, "adept", cards=[one])
    assert "custom_grave_warden" not in [i.card_id for i in g.zone("set_aside")]


def test_custom_setup_refuses_what_does_not_fit():
    three = warden(level=3).to_record("custom_grave_warden")
    assert "sets aside no level-III" in placement_problem([three], ["custom_grave_warden"], "adept")
    with pytest.raises(ValueError):
        custom_setup([three], ["custom_grave_warden"], "adept")
    assert custom_setup([three], [], "adept") == ([], None)
    assert placement_problem([three], ["custom_grave_warden"], "prince") is None
    assert "not among" in placement_problem([three], ["nope"], "prince")


def test_custom_setup_with_eternal_light_keeps_every_chosen_card():
    two = warden(name="Bone Choir", level=2).to_record("custom_bone_choir")
    seen_light = False
    for seed in range(30):
        records, pool = custom_setup([two], ["custom_bone_choir"], "prince", seed, eternal_light=True)
        assert set(pool) == {2}, "levels without a chosen card are left to the engine"
        g = new_game(seed, "prince", cards=records, interference_pool=pool, eternal_light=True)
        set_aside = [i.card_id for i in g.zone("set_aside")]
        assert "custom_bone_choir" in set_aside
        assert [g.cards[c].level for c in set_aside] == [2, 2, 3, 3, 3]
        seen_light = seen_light or "eternal_light" in set_aside
    assert seen_light, "the optional card can fill the other level-II place when asked for"


def test_custom_setup_keeps_the_replaced_card_out_of_the_ritual():
    imp = warden(name="Ash Imp", level=1).to_record("custom_ash_imp")
    for circle in ("adept", "magus", "master"):
        for seed in range(12):
            records, pool = custom_setup([imp], ["custom_ash_imp"], circle, seed,
                                         replaces={"custom_ash_imp": "sexton"})
            assert "sexton" not in pool[1] and pool[1][0] == "custom_ash_imp"
            g = new_game(seed, circle, cards=records, interference_pool=pool)
            set_aside = [i.card_id for i in g.zone("set_aside")]
            assert "custom_ash_imp" in set_aside and "sexton" not in set_aside


def test_custom_setup_refuses_a_wrong_replacement():
    imp = warden(name="Ash Imp", level=1).to_record("custom_ash_imp")
    rat = warden(name="Ash Rat", level=1).to_record("custom_ash_rat")
    with pytest.raises(ValueError, match="not a level-I interference card"):
        custom_setup([imp], ["custom_ash_imp"], "adept", replaces={"custom_ash_imp": "akhtoi"})
    with pytest.raises(ValueError, match="not a level-I"):
        custom_setup([imp], ["custom_ash_imp"], "adept", replaces={"custom_ash_imp": "baphomet"})
    with pytest.raises(ValueError, match="two of your cards take the place of Ill Omen"):
        custom_setup([imp, rat], ["custom_ash_imp", "custom_ash_rat"], "adept",
                     replaces={"custom_ash_imp": "ill_omen", "custom_ash_rat": "ill_omen"})


def test_default_replacements_keep_wishes_and_take_free_cards():
    from aleph_null_desktop.editor import default_replacements, replacement_choices

    a, b, c = (warden(name=n, level=1).to_record(f"custom_{n.lower()}") for n in ("Aa", "Bb", "Cc"))
    assert replacement_choices(1) == ["ill_omen", "church_bells", "sexton", "rumjal"]
    assert "eternal_light" in replacement_choices(2, eternal_light=True)
    assert "eternal_light" not in replacement_choices(2)
    got = default_replacements([a, b, c], ["custom_aa", "custom_bb", "custom_cc"], {"custom_cc": "ill_omen"})
    assert got == {"custom_aa": "church_bells", "custom_bb": "sexton", "custom_cc": "ill_omen"}


def test_ritual_choice_ticks_cycles_and_follows_the_library():
    from aleph_null_desktop.editor import RitualChoice
    from aleph_null_desktop.editor.ritual import room_problem

    records = [warden(name="Ash Imp", level=1).to_record("custom_ash_imp"),
               warden(name="Bone Choir", level=2).to_record("custom_bone_choir"),
               warden(name="Bone Choir Two", level=2).to_record("custom_bone_choir_two"),
               warden(name="Bone Choir Three", level=2).to_record("custom_bone_choir_three")]
    choice = RitualChoice(lambda: records)
    assert choice.toggle("custom_ash_imp") is None and choice.replaces == {"custom_ash_imp": "ill_omen"}
    choice.cycle("custom_ash_imp", +1)
    assert choice.replaces["custom_ash_imp"] == "church_bells"
    choice.cycle("custom_ash_imp", -1)
    choice.cycle("custom_ash_imp", -1)
    assert choice.replaces["custom_ash_imp"] == "rumjal"  # it wraps round
    assert choice.toggle("custom_bone_choir") is None and choice.toggle("custom_bone_choir_two") is None
    assert "more than 2 level-II" in choice.toggle("custom_bone_choir_three")
    # the two level-II cards never replace the same printed card, even when cycled
    choice.cycle("custom_bone_choir", +1)
    assert choice.replaces["custom_bone_choir"] != choice.replaces["custom_bone_choir_two"]
    assert "no level-II" in choice.problem("adept") and room_problem([1, 2, 2], "adept") == "no level-II place"
    assert room_problem([1, 1], "master") == "only 1 level-I place" and room_problem([1, 2, 2], "magus") is None
    assert choice.problem("magus") is None
    records_, pool = choice.setup("magus", 4)
    g = new_game(4, "magus", cards=records_, interference_pool=pool)
    set_aside = [i.card_id for i in g.zone("set_aside")]
    assert {"custom_ash_imp", "custom_bone_choir", "custom_bone_choir_two"} <= set(set_aside)
    assert not set(choice.replaces.values()) & set(set_aside)
    del records[1]  # the card was deleted in the editor
    choice.refresh()
    assert choice.chosen == ["custom_ash_imp", "custom_bone_choir_two"] and "custom_bone_choir" not in choice.replaces
    choice.clear()
    assert choice.setup("adept", 1) == ([], None)
