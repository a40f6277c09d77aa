"""Agea card data: the built-in list and clear errors for bad card files."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

import mythlab
from mythlab.agea.load import load_cards, rule_numbers, rulings
from mythlab.engine.datafiles import game_data


def test_builtin_cards_match_the_rulebook_lists():
    cards = load_cards()
    assert Counter(c.type for c in cards) == {
        "event": 39, "monster-foe": 22, "hero": 21, "relic": 18, "city-state": 18,
        "non-monster-foe": 12, "non-foe": 7, "companion": 12}
    assert cards["hydra"].tests == ("Strength", "Wit")
    assert cards["dragon"].destroyer and cards["kraken"].destroyer
    assert all(c.provenance == "seed" for c in cards)


def test_rule_numbers_and_rulings_carry_provenance():
    numbers = rule_numbers()
    assert numbers["hand_limit"] == {"value": 7, "provenance": "seed", "where": "RECOVERY PHASE"}
    assert numbers["victory_points"]["war_won"] == 4
    assert "war-tie" in rulings()


def _write(tmp_path, mutate):
    raw = yaml.safe_load(game_data("mythlab.agea", "cards.yaml").read_text())
    mutate(raw)
    path = tmp_path / "my-cards.yaml"
    path.write_text(yaml.safe_dump(raw))
    return path


def test_unknown_trait_names_file_card_and_field(tmp_path):
    def mutate(raw):
        hero = next(c for c in raw["cards"] if c["id"] == "hercules")
        hero["traits"] = ["Strength", "Lasers"]
    path = _write(tmp_path, mutate)
    with pytest.raises(mythlab.DataError) as err:
        load_cards(path)
    message = str(err.value)
    assert "my-cards.yaml" in message and "'hercules'" in message and "'traits'" in message
    assert "Lasers" in message


@pytest.mark.parametrize("mutate,field", [
    (lambda raw: raw["cards"][0].update(type="monster"), "type"),
    (lambda raw: raw["cards"][0].update(tests=[]), "tests"),
    (lambda raw: raw["cards"][0].update(effect="explode"), "effect"),
    (lambda raw: raw["cards"][0].update(colour="red"), "colour"),
    (lambda raw: raw["cards"][1].update(id="centaurs"), "id"),
    (lambda raw: raw.update(format="something else"), "format"),
])
def test_bad_card_files_name_the_field(tmp_path, mutate, field):
    with pytest.raises(mythlab.DataError) as err:
        load_cards(_write(tmp_path, mutate))
    assert f"'{field}'" in str(err.value)


def test_not_yaml_at_all(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("cards: [unclosed")
    with pytest.raises(mythlab.DataError, match="broken.yaml: not valid YAML"):
        load_cards(path)


def test_a_custom_card_file_plays(tmp_path):
    def mutate(raw):
        next(c for c in raw["cards"] if c["id"] == "hydra")["tests"] = ["Music"]
    path = _write(tmp_path, mutate)
    session = mythlab.Session(mythlab.make("agea", players=2, seed=1, cards=str(path)))
    assert session.game.cards["hydra"].tests == ("Music",)
    session.roll()
    saved = session.save(tmp_path / "game.json")
    assert mythlab.Session.load(saved).game.cards["hydra"].tests == ("Music",)
