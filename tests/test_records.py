"""Plain records of validated data (mythlab.engine.records): each game's hot tables hold
records that read, compare and hash as the pydantic models they were made from."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict

import mythlab
from mythlab.elder_sign.load import load_game_data
from mythlab.engine.records import record


class Sample(BaseModel):
    model_config = ConfigDict(frozen=True)

    sides: int
    name: str = "d6"

    @property
    def highest(self) -> int:
        return self.sides

    def doubled(self) -> int:
        return 2 * self.sides


def test_a_record_reads_compares_and_hashes_as_its_model():
    model = Sample(sides=6)
    kept = record(model)
    assert (kept.sides, kept.name, kept.highest, kept.doubled()) == (6, "d6", 6, 12)
    assert kept == model and model == kept._model and kept == record(Sample(sides=6))
    assert kept != record(Sample(sides=8)) and kept != "d6"
    assert hash(kept) == hash(model) and len({kept, model, record(Sample(sides=6))}) == 1
    assert repr(kept) == repr(model)
    assert type(kept) is type(record(Sample(sides=4)))  # one record class per model class


def _same(kept, model) -> None:
    """Every field and every property of ``model`` reads the same on ``kept``."""
    assert not isinstance(kept, BaseModel)
    for name, value in model.__dict__.items():
        assert getattr(kept, name) == value, name
    for klass in type(model).__mro__:
        for name, member in vars(klass).items():
            if isinstance(member, property) and not name.startswith("_") and \
                    klass is not BaseModel and issubclass(klass, BaseModel):
                assert getattr(kept, name) == getattr(model, name), name
    assert kept == model


def _tables(name: str):
    """(record, model) pairs of the tables a game keeps as records."""
    if name == "agea":
        game = mythlab.make("agea", players=3, seed=1)
        return [(game.card_of[i], game.cards[i.partition("#")[0]]) for i in game.card_of]
    if name == "cyclades":
        from mythlab.cyclades.load import arrangements, creatures, gods

        game = mythlab.make("cyclades", players=5, seed=1)
        pairs = [(game.gods[g.id], g) for g in gods()]
        pairs += [(game.cards[n], c) for n, c in creatures().items()]
        return pairs + [(game.arrangement, arrangements()[5])]
    if name == "elder_sign":
        data, fresh = mythlab.make("elder_sign", players=2, seed=1).data, load_game_data()
        pairs = []
        for field in ("investigators", "ancient_ones", "mythos", "monsters", "cards",
                      "lost_and_found", "card_rules"):
            pairs += [(getattr(data, field)[k], v) for k, v in getattr(fresh, field).items()]
        for field in ("first_aid", "souvenirs"):
            pairs += list(zip(getattr(data, field), getattr(fresh, field), strict=True))
        return pairs
    game = mythlab.make("elysium", players=4, seed=1)
    by_key = {card.key: card for family in game.families
              for card in game.book.family(family).cards}
    return [(game.inst[i], by_key[game.keys[i]]) for i in game.inst]


@pytest.mark.parametrize("name", ["agea", "cyclades", "elder_sign", "elysium"])
def test_each_games_records_read_as_the_validated_data(name):
    pairs = _tables(name)
    assert pairs
    for kept, model in pairs:
        _same(kept, model)
