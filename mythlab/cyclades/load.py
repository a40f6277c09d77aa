"""Cyclades rule data: numbers, gods, creatures and rulings from ``data/``, validated.

Every value carries its provenance (``seed``: a page of the Cyclades rulebook,
Greek edition; ``public``: a named public source; ``mythlab``: our choice, with ``why``);
a bad file raises ``DataError`` naming the file, the entry and the field.

>>> numbers()["build_cost"].value, numbers()["cycle_limit"].provenance
(2, 'mythlab')
>>> [g.id for g in gods()], creatures()["kraken"].figurine
(['poseidon', 'ares', 'zeus', 'athena'], 'sea')
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mythlab.engine import DataError
from mythlab.engine.datafiles import game_data, read_yaml, validate_entry
from mythlab.engine.files import DataFile, as_source

Provenance = Literal["seed", "public", "mythlab"]


class _Strict(BaseModel):
    """Base of the data files' entries: unknown fields are errors; entries are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Number(_Strict):
    """One number of the rules with where it comes from."""

    value: int | list[int]
    provenance: Provenance
    seed: str = ""
    source: str = ""
    why: str = ""


class God(_Strict):
    """A god tile: what it recruits (with the escalating costs), builds and allows."""

    id: str
    name: str
    recruit: Literal["fleet", "troop", "priest", "philosopher"]
    recruit_costs: list[int] = Field(min_length=1)
    building: Literal["port", "fortress", "temple", "university"]
    special: Literal["move-fleets", "move-troops", "swap-creature", "none"]
    provenance: Provenance
    seed: str = ""
    source: str = ""


class Arrangement(_Strict):
    """How many god tiles are open each cycle for a player count, and how they rotate."""

    open: int = Field(ge=1, le=4)
    rule: Literal["all-open", "hidden-first-next", "pairs"]
    provenance: Provenance
    seed: str = ""


class Creature(_Strict):
    """One creature card (public sources, ``data/creatures.yaml``)."""

    id: str
    name: str
    figurine: Literal["none", "island", "sea"]
    lasts: Literal["instant", "until-next-turn", "until-called-again"]
    effect: str
    reading: str = ""
    provenance: Provenance
    sources: str = ""


#: the creatures whose rules this package carries out (one handler each in creatures.py)
CREATURE_IDS = ("siren", "pegasus", "giant", "chimera", "cyclops", "sphinx", "sylph", "harpy",
                "griffon", "fates", "satyr", "dryad", "kraken", "minotaur", "chiron", "medusa",
                "polyphemus")
BUILDINGS = ("port", "fortress", "temple", "university")


def _load(name: str, fmt: str, path: str | Path | DataFile | None = None
          ) -> tuple[str, dict[str, Any]]:
    """A data file (the package's own unless ``path`` is given) of format ``fmt``, read
    safely: its name and its content."""
    path = as_source(path) if path is not None else game_data("mythlab.cyclades", name)
    raw = read_yaml(path)
    if not isinstance(raw, dict) or raw.get("format") != fmt:
        raise DataError(str(path), None, "format", f"expected {fmt!r}")
    return str(path), raw


@cache
def numbers() -> dict[str, Number]:
    """The rule numbers of ``rules.yaml`` by name."""
    file, raw = _load("rules.yaml", "mythlab-cyclades-rules")
    entries = raw.get("numbers")
    if not isinstance(entries, dict):
        raise DataError(file, None, "numbers", "must be a mapping of name to entry")
    out = {str(k): validate_entry(Number, v, file, str(k)) for k, v in entries.items()}
    for k, n in out.items():
        if n.provenance == "mythlab" and not n.why.strip():
            raise DataError(file, k, "why", "a mythlab value must say why it was chosen")
    return out


def number(name: str) -> Any:
    """The value of one rule number."""
    return numbers()[name].value


@cache
def gods() -> tuple[God, ...]:
    """The four god tiles, in the order of ``gods.yaml``."""
    file, raw = _load("gods.yaml", "mythlab-cyclades-gods")
    entries = raw.get("gods")
    if not isinstance(entries, list) or len(entries) != 4:
        raise DataError(file, None, "gods", "must list the 4 god tiles")
    out = tuple(validate_entry(God, e, file, str(e.get("id") if isinstance(e, dict) else n))
                for n, e in enumerate(entries))
    if sorted(g.building for g in out) != sorted(BUILDINGS):
        raise DataError(file, None, "gods", "each building type belongs to exactly one god")
    return out


@cache
def arrangements() -> dict[int, Arrangement]:
    """God tiles open per player count (rulebook p.2, p.6)."""
    file, raw = _load("gods.yaml", "mythlab-cyclades-gods")
    entries = raw.get("arrangement")
    if not isinstance(entries, dict):
        raise DataError(file, None, "arrangement", "must map player counts to arrangements")
    return {int(k): validate_entry(Arrangement, v, file, f"arrangement {k}")
            for k, v in entries.items()}


def load_creatures(path: str | Path | DataFile | None = None) -> dict[str, Creature]:
    """Load and validate a creature file (the built-in ``creatures.yaml`` by default)."""
    file, raw = _load("creatures.yaml", "mythlab-cyclades-creatures", path)
    entries = raw.get("creatures")
    if not isinstance(entries, list) or not entries:
        raise DataError(file, None, "creatures", "must be a non-empty list")
    out: dict[str, Creature] = {}
    for n, e in enumerate(entries):
        name = str(e.get("id")) if isinstance(e, dict) and e.get("id") else f"#{n + 1}"
        c = validate_entry(Creature, e, file, name)
        if c.id not in CREATURE_IDS:
            raise DataError(file, c.id, "id", f"no rule for this creature; known: "
                                              f"{', '.join(CREATURE_IDS)}")
        if c.id in out:
            raise DataError(file, c.id, "id", "two creatures share this id")
        out[c.id] = c
    return out


@cache
def creatures() -> dict[str, Creature]:
    """The 17 creature cards by id."""
    return load_creatures()


@cache
def rulings() -> dict[str, dict[str, str]]:
    """mythlab's decisions where the sources are silent, by id."""
    file, raw = _load("rulings.yaml", "mythlab-cyclades-rulings")
    return {r["id"]: r for r in raw["rulings"]}
