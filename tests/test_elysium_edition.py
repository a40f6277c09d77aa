"""The mythlab edition (issue 5 §2): complete families, provenance, quests, pediment, rulings."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from mythlab.elysium import (
    builtin_cards,
    edition_cards,
    load_family,
    load_supplement,
    rules_book,
)
from mythlab.elysium import refs as R
from mythlab.engine import DataError
from mythlab.engine.datafiles import game_data, read_rulings

ROOT = Path(__file__).resolve().parent.parent


def test_every_family_of_the_edition_has_21_cards_of_levels_1_to_3():
    book = edition_cards()
    assert [f.family.value for f in book.families] == [
        "apollo", "ares", "athena", "hades", "hephaestus", "hermes", "poseidon", "zeus"]
    for family in book.families:
        assert family.copies == 21, family.family
        levels = Counter(c.level for c in family.cards for _ in range(c.copies))
        assert set(levels) == {1, 2, 3} and min(levels.values()) >= 6
        assert not family.header.missing


def test_every_card_the_seed_describes_is_kept_exactly():
    edition = edition_cards()
    for card in builtin_cards():
        mine = edition[card.key]
        assert mine.model_copy(update={"copies": card.copies}) == card
        if mine.copies != card.copies:
            assert card.provenance.copies == "mythlab"


def test_every_invented_card_is_flagged_mythlab_in_every_field():
    seed = {c.key for c in builtin_cards()}
    invented = [c for c in edition_cards() if c.key not in seed]
    assert len(invented) == 6 + 6 * 11                 # 6 Athena cards, 11 per new family
    for card in invented:
        assert set(card.provenance.mythlab()) == set(type(card.provenance).model_fields)


def test_quests_pediment_and_unknown_numbers_are_mythlab_and_seed_numbers_match_the_seed():
    book = rules_book()
    assert all(q.provenance == "mythlab" for q in book.quests)
    assert all(p.provenance == "mythlab" for p in book.pediment) and len(book.pediment) == 2
    assert [q.number for q in book.quests_for(4)] == [1, 2, 3, 4]
    assert [q.number for q in book.quests_for(2)] == [1, 2]
    assert book.numbers["level_bonus_vp"].provenance == "mythlab"
    assert book.incomplete_quest.model_dump() == {"vp": 0, "gold": 1, "lyres": 1,
                                                  "provenance": "public"}
    seed = {"starting_gold": 4, "epochs": 5, "family_bonus_vp": [5, 2],
            "family_legend_vp": {2: 3, 3: 6}, "level_legend_vp": {2: 2, 3: 4, 4: 8, 5: 12},
            "prestige_vp": [16, 8, 4, 2], "citizen_penalty_vp": 2}
    for name, value in seed.items():
        assert book.numbers[name].value == value and book.numbers[name].provenance == "seed"


def _supplement(tmp_path, body):
    path = tmp_path / "complete-hades.yaml"
    path.write_text("format: mythlab-elysium-supplement\nversion: 1\nfamily: hades\n" + body,
                    encoding="utf-8")
    return path


def test_a_supplement_may_not_change_copies_the_seed_gives(tmp_path):
    hades = builtin_cards().family("hades")
    bad = _supplement(tmp_path, "copies: {cap-of-invisibility: 4}\ncards: []\n")
    with pytest.raises(DataError) as err:
        load_supplement(bad, hades)
    assert (err.value.entry, err.value.field) == ("cap-of-invisibility", "copies")
    bad = _supplement(tmp_path, "copies: {hydra: 2}\ncards: []\n")
    with pytest.raises(DataError, match="no hades card has this id"):
        load_supplement(bad, hades)
    short = _supplement(tmp_path, "copies: {charon: 2}\ncards: []\n")
    with pytest.raises(DataError, match="16 cards"):
        load_supplement(short, hades)


def test_a_supplement_card_with_an_unknown_symbol_names_card_and_field(tmp_path):
    athena = builtin_cards().family("athena")
    bad = tmp_path / "complete-athena.yaml"
    bad.write_text("format: mythlab-elysium-supplement\nversion: 1\nfamily: athena\n"
                   "cards:\n  - {id: owl, name: {en: Owl}, level: 1, condition: [blue],"
                   " timing: activate, power: {gain: {silver: 1}}, provenance: mythlab}\n",
                   encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_supplement(bad, athena)
    assert (err.value.entry, err.value.field) == ("owl", "power.gain.silver")


def test_mythlab_family_files_load_alone_and_say_provenance_mythlab():
    for path in sorted(game_data("mythlab.elysium", "mythlab").glob("cards-*.yaml")):
        family = load_family(path)
        assert family.copies == 21
        assert "provenance: mythlab" in path.read_text(encoding="utf-8")


def test_every_mythlab_ruling_is_carried_out_by_code_and_named_in_a_test():
    code = "".join(p.read_text(encoding="utf-8")
                   for p in (ROOT / "mythlab/elysium").rglob("*.py"))
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_elys*"))
    cited = set(re.findall(r'ruling\("([a-z-]+)"\)', code))
    ids = set(read_rulings("mythlab.elysium"))
    assert cited == ids
    for rid in ids:
        assert rid in tests or rid.replace("-", "_") in tests, rid


def test_every_rule_reference_is_used_by_the_rules_code():
    code = "".join(p.read_text(encoding="utf-8")
                   for p in (ROOT / "mythlab/elysium").rglob("*.py")
                   if p.name != "refs.py")
    for name, value in vars(R).items():
        if name.isupper() and isinstance(value, str):
            assert value.startswith("Elysium · p.")
            assert re.search(rf"\b{name}\b", code), name


def test_the_rulebooks_are_cited_by_title_edition_and_page():
    for family in builtin_cards().families:
        assert family.header.source.file == "Elysium rulebook, Greek edition"
        assert family.header.source.page in (13, 14)
    # the project's notes are named by a character class, so this file does not cite them
    transcript = re.compile(r"[0-9]{3}_[0-9a-f]{16}|RULE[-]NOTES|DESIGN\.md")
    files = [p for p in (ROOT / "mythlab/elysium").rglob("*") if p.suffix in (".py", ".yaml")]
    files += [*(ROOT / "docs").glob("elysium*.md"), *(ROOT / "notebooks").glob("elysium*.ipynb"),
              *(ROOT / "tests").glob("test_elysium*.py"), *(ROOT / "scripts").glob("*elysium*")]
    cited = [p.name for p in files if transcript.search(p.read_text(encoding="utf-8"))]
    assert cited == []
