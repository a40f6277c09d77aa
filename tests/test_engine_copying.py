"""``replicate``: the state copy every ``apply`` makes is independent where data can change
and shares only what cannot (atoms, enums, frozen records of them)."""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

import mythlab
from mythlab.engine.copying import replicate, slot_copier
from mythlab.sim import seat_bots


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True)
class Lock:
    die: str
    colour: Colour


@dataclass(frozen=True)
class Bag:
    items: list[str]            # frozen, yet its list can change: not shareable


@dataclass
class Hero:
    name: str
    cards: list[str] = field(default_factory=list)


@dataclass
class Table:
    heroes: list[Hero]
    decks: dict[str, list[str]]
    uses: dict[str, int]
    grid: list[list[int]]
    locks: list[Lock]
    bag: Bag
    war: Hero | None = None
    odds: Fraction = Fraction(1, 3)
    seen: set[str] = field(default_factory=set)
    loose: Any = None           # undeclared: copied by the generic rule
    pair: tuple[Hero, ...] = ()


def table() -> Table:
    return Table(heroes=[Hero("Jason", ["fleece"])], decks={"a": ["x"]}, uses={"lyre": 2},
                 grid=[[1, 2], [3]], locks=[Lock("d1", Colour.RED)], bag=Bag(["b"]),
                 war=Hero("Ajax"), seen={"s"}, loose=[{"k": [1]}], pair=(Hero("Io"),))


def mutables(t: Table) -> list[Any]:
    """Every object of ``t`` that can change."""
    return [t, t.heroes, t.heroes[0], t.heroes[0].cards, t.decks, t.decks["a"], t.uses,
            t.grid, t.grid[0], t.locks, t.bag, t.bag.items, t.war, t.seen, t.loose,
            t.loose[0], t.loose[0]["k"], t.pair[0]]


def test_a_copy_is_equal_and_shares_nothing_that_can_change():
    original = table()
    twin = replicate(original)
    assert twin == original
    for mine, theirs in zip(mutables(original), mutables(twin), strict=True):
        assert mine is not theirs, f"{mine!r} is shared"


def test_a_copy_shares_what_cannot_change():
    original = table()
    twin = replicate(original)
    assert twin.locks[0] is original.locks[0]       # a frozen record of atoms and enums
    assert twin.odds is original.odds


def test_a_record_holding_attributes_beyond_its_fields_is_still_copied_deeply():
    original = Hero("Jason")
    original.extra = ["a"]                          # not a declared field
    twin = replicate(original)
    assert twin.extra == ["a"] and twin.extra is not original.extra


@dataclass(slots=True)
class Seat:
    hero: Hero | None
    hands: list[list[str]] = field(default_factory=list)
    table: Table | None = None


@dataclass(frozen=True, slots=True)
class Sealed:
    bag: list[str]


def test_a_slotted_record_is_copied_slot_by_slot_as_its_fields_say():
    """A slotted dataclass gets a copier written from its fields too (``copy.deepcopy`` was
    many times slower): equal, and sharing nothing that can change, frozen ones included."""
    original = Seat(Hero("Io", ["a"]), [["b"]], table())
    twin = replicate(original)
    assert twin == original
    for mine, theirs in zip([original, original.hero, original.hero.cards, original.hands,
                             original.hands[0], *mutables(original.table)],
                            [twin, twin.hero, twin.hero.cards, twin.hands, twin.hands[0],
                             *mutables(twin.table)], strict=True):
        assert mine is not theirs, f"{mine!r} is shared"
    sealed = Sealed(["x"])
    assert replicate(sealed) == sealed and replicate(sealed).bag is not sealed.bag
    assert replicate(Seat(None)) == Seat(None)


def test_replicate_and_deepcopy_agree_on_every_game_state():
    for name in mythlab.games():
        game = mythlab.make(name, seed=5)
        session = mythlab.Session(game)
        state = session.play(seat_bots(["random"] * game.players, 5, game=name),
                             stop=lambda s: len(s.history) >= 120)
        assert replicate(state.data) == copy.deepcopy(state.data), name


@pytest.mark.parametrize("value", [None, 3, "x", [1, 2], {"a": [1]}, (1, [2])])
def test_plain_values_copy_by_the_generic_rule(value):
    twin = replicate(value)
    assert twin == value


@dataclass(slots=True)
class _Cell:
    name: str
    marks: list[str]
    seen: list[str]
    inner: _Cell | None = None


def test_slot_copier_copies_the_named_lists_and_records_and_shares_the_rest():
    copy_inner = slot_copier(_Cell, ("marks",))
    copy = slot_copier(_Cell, ("seen",), name="copy_cell", doc="A cell.", inner=copy_inner)
    inner = _Cell("in", ["a"], ["b"])
    cell = _Cell("out", ["c"], ["d"], inner)
    made = copy(cell)
    assert made == cell and made is not cell and copy.__name__ == "copy_cell"
    assert made.marks is cell.marks and made.seen is not cell.seen
    assert made.inner is not inner and made.inner.marks is not inner.marks
    assert made.inner.seen is inner.seen
    assert copy(_Cell("x", [], [])).inner is None  # a record to copy may be absent


def test_slot_copier_refuses_what_it_cannot_copy_slot_by_slot():
    @dataclass
    class Plain:
        x: int

    @dataclass(slots=True, frozen=True)
    class Frozen:
        x: int

    for kind in (Plain, Frozen):
        with pytest.raises(TypeError, match=kind.__name__):
            slot_copier(kind)
