"""Elder Sign game data: investigators, Ancient Ones, Mythos, monsters, cards and the Entrance.

Everything is read from ``mythlab/elder_sign/data/*.yaml`` with the safe YAML loader and validated
entry by entry (a bad file raises ``DataError`` naming the file, the entry and the field). The
adventures themselves come from ``adventures.csv`` through :func:`odds.adventures`. Each entry
carries its provenance: ``seed`` (the rulebook), ``public`` (a named source) or ``mythlab``
(a value no source gives, chosen so the game is playable). mythlab's rulings, where the
rulebook is silent or open, are in ``rulings.yaml`` (:func:`rulings`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mythlab.engine import DataError
from mythlab.engine.datafiles import Ruling, game_data, read_rulings, read_yaml, validate_entry
from mythlab.engine.records import record

from .dice import parse_row
from .odds import Adventure, adventures

Provenance = Literal["seed", "public", "mythlab"]

#: the largest number in an effect, a track or a price (the box's go up to 16 doom)
MAX_AMOUNT = 30
Small = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]

#: effect token kinds and where they may appear
PLAYER_KINDS = {"sanity", "stamina", "clue", "common_item", "unique_item", "spell", "ally",
                "elder_sign", "other_world", "monster", "doom", "trophies"}
EACH_KINDS = {"each_sanity", "each_stamina", "each_clue", "doom_per_other_world",
              "each_trophies_or_health"}
ATTACK_KINDS = {"max_either", "clue_or_health", "sanity", "stamina", "doom"}


def parse_token(token: str, allowed: set[str]) -> tuple[str, int]:
    """``"doom:1"`` -> ``("doom", 1)``; raises ValueError for another kind or a bad number.

    >>> parse_token("stamina:-2", PLAYER_KINDS)
    ('stamina', -2)
    """
    kind, _, amount = str(token).partition(":")
    if kind not in allowed:
        raise ValueError(f"unknown effect {kind!r}; expected one of {', '.join(sorted(allowed))}")
    try:
        n = int(amount)
    except ValueError:
        raise ValueError(f"effect {token!r} needs a whole number after ':'") from None
    if abs(n) > MAX_AMOUNT:
        raise ValueError(f"effect {token!r}: amounts are from -{MAX_AMOUNT} to {MAX_AMOUNT}")
    return kind, n


def _tokens(value: list[str], allowed: set[str]) -> tuple[tuple[str, int], ...]:
    return tuple(parse_token(t, allowed) for t in value)


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Investigator(_Entry):
    """An investigator card (public facts; abilities in our words)."""

    name: str
    sanity: Small
    stamina: Small
    start: dict[str, Small | list[str]] = {}
    ability: Literal["extra_common_item", "extra_unique_item", "extra_spell", "fearless",
                     "other_world_dice", "ignore_mythos", "many_tasks", "terror_to_lore",
                     "terror_to_peril", "raise_investigation", "discard_for_dice",
                     "second_reroll", "swap_reward", "daily_sanity", "daily_stamina",
                     "daily_reroll", ""] = ""
    ability_text: str = ""
    ruling: str = ""               # the id of the mythlab ruling its card needed (rulings.yaml)
    provenance: Provenance
    source: str = ""


class AncientOne(_Entry):
    """An Ancient One: doom track, Elder Signs needed, combat task, attack."""

    name: str
    doom: Small
    elder_signs: Small
    combat: str
    monster_spaces: tuple[int, ...] = ()
    attack: tuple[str, ...] = ()
    awakening: Literal["battle", "devour_all"] = "battle"
    ability: Literal["monster_terror", "sanity_costs_elder_sign", "other_worlds_consumed",
                     ""] = ""
    masked_monsters: bool = False
    ability_text: str = ""
    provenance: Provenance
    mythlab_fields: tuple[str, ...] = ()
    source: str = ""

    @field_validator("combat")
    @classmethod
    def _row(cls, v: str) -> str:
        parse_row(v)
        return v

    @field_validator("attack")
    @classmethod
    def _attack(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        _tokens(list(v), ATTACK_KINDS)
        return v


class Mythos(_Entry):
    """A Mythos card: immediate effect, lasting effect, locked die (mythlab designs)."""

    id: str
    name: str
    immediate: tuple[str, ...] = ()
    lasting: Literal["none", "midnight", "terror", "no_focus", "entrance_closed"] = "none"
    lasting_effect: tuple[str, ...] = ()
    lock: Literal["none", "green", "yellow", "red"] = "none"
    provenance: Provenance

    @field_validator("immediate", "lasting_effect")
    @classmethod
    def _effects(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        _tokens(list(v), PLAYER_KINDS | EACH_KINDS)
        return v


class Monster(_Entry):
    """A monster marker: its task row, trophy value, reward and locked die."""

    id: str
    name: str
    task: str
    trophy: Small
    reward: tuple[str, ...] = ()
    lock: Literal["none", "green", "yellow", "red"] = "none"
    masked: bool = False
    provenance: Provenance

    @field_validator("task")
    @classmethod
    def _row(cls, v: str) -> str:
        parse_row(v)
        return v

    @field_validator("reward")
    @classmethod
    def _reward(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        _tokens(list(v), PLAYER_KINDS)
        return v


class Card(_Entry):
    """A common item, unique item, spell or ally."""

    name: str
    kind: Literal["common_item", "unique_item", "spell", "ally"]
    effect: str
    provenance: Provenance
    note: str = ""

    @field_validator("effect")
    @classmethod
    def _effect(cls, v: str) -> str:
        if v not in ("add_yellow", "add_red", "hold_die"):
            parse_token(v, {"sanity", "stamina", "clue"})
        return v


class FirstAid(_Entry):
    """A First Aid choice at the Entrance: the healing it gives and its price in trophies (p.8)."""

    option: str
    heal: Literal["both_one", "full_stamina", "full_sanity", "full_both"]
    cost: Small
    provenance: Provenance
    source: str = ""


class LostAndFound(_Entry):
    """What a face of the lost and found's green die gives (p.8; the table is mythlab's)."""

    face: str
    effect: tuple[str, ...] = ()
    provenance: Provenance

    @field_validator("effect")
    @classmethod
    def _effects(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        _tokens(list(v), PLAYER_KINDS)
        return v


class Souvenir(_Entry):
    """A souvenir sold at the Entrance for trophies (p.8; the prices are mythlab's)."""

    buy: Literal["clue", "common_item", "unique_item", "spell", "ally", "elder_sign"]
    price: Small
    provenance: Provenance


class CardRule(_Entry):
    """Midnight effect and locked die of one adventure card."""

    card: str
    midnight: tuple[str, ...] = ()
    lock: Literal["none", "green", "yellow", "red"] = "none"
    provenance: Provenance
    source: str = ""

    @field_validator("midnight")
    @classmethod
    def _effects(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        _tokens(list(v), PLAYER_KINDS | EACH_KINDS)
        return v


@dataclass(frozen=True)
class GameData:
    """All of Elder Sign's data, validated."""

    investigators: dict[str, Investigator]
    ancient_ones: dict[str, AncientOne]
    mythos: dict[str, Mythos]
    monsters: dict[str, Monster]
    cards: dict[str, Card]
    first_aid: tuple[FirstAid, ...]
    lost_and_found: dict[str, LostAndFound]
    souvenirs: tuple[Souvenir, ...]
    card_rules: dict[str, CardRule]
    adventures: dict[str, Adventure]

    def deck(self, kind: str) -> list[str]:
        """Names of the cards of one kind (common_item, unique_item, spell, ally)."""
        return [c.name for c in self.cards.values() if c.kind == kind]

    @cached_property
    def piles(self) -> dict[str, tuple[str, ...]]:
        """What the setup shuffles (p.5), in the data's order, read once: each card kind's
        deck, the ``adventure`` and ``other_world`` decks, and the ``monsters`` of the cup
        with and without the masked ones (``masked_monsters`` / ``monsters``)."""
        piles = {kind: tuple(self.deck(kind))
                 for kind in ("common_item", "unique_item", "spell", "ally")}
        for deck in ("adventure", "other_world"):
            piles[deck] = tuple(a.name for a in self.adventures.values() if a.deck == deck)
        piles["masked_monsters"] = tuple(m.id for m in self.monsters.values())
        piles["monsters"] = tuple(m.id for m in self.monsters.values() if not m.masked)
        return piles

    @cached_property
    def lock_icons(self) -> dict[str, dict[str, tuple[str, str]]]:
        """The locked-die icons (p.11) by kind ("mythos", "card", "monster") and id or name,
        as (colour, place) with place ``"kind:id"``: only the ones that lock a die."""
        lockers = {"mythos": self.mythos, "card": self.card_rules, "monster": self.monsters}
        return {kind: {name: (entry.lock, f"{kind}:{name}") for name, entry in entries.items()
                       if entry.lock != "none"} for kind, entries in lockers.items()}


def _entries(file: Path, model: type[_Entry], key: str) -> dict[str, _Entry]:
    raw = read_yaml(file)
    if not isinstance(raw, list):
        raise DataError(file.name, None, None, "expected a list of entries")
    out: dict[str, _Entry] = {}
    for n, item in enumerate(raw, 1):
        entry = str(item.get(key, f"#{n}")) if isinstance(item, dict) else f"#{n}"
        value = validate_entry(model, item, file.name, entry)
        name = getattr(value, key)
        if name in out:
            raise DataError(file.name, entry, key, "the same name is used twice")
        out[name] = value
    return out


def load_game_data(folder: str | Path | None = None) -> GameData:
    """Read and validate every Elder Sign data file (``data/elder_sign`` by default)."""
    base = Path(folder) if folder is not None else game_data("mythlab.elder_sign")
    advs = {a.name: a for a in adventures(None)}
    entrance_file = base / "entrance.yaml"
    entrance = read_yaml(entrance_file)
    if not isinstance(entrance, dict):
        raise DataError(entrance_file.name, None, None, "expected first_aid, lost_and_found, "
                                                        "souvenirs")

    def section(name: str, model: type[_Entry]) -> list:
        items = entrance.get(name)
        if not isinstance(items, list):
            raise DataError(entrance_file.name, name, None, "expected a list")
        return [validate_entry(model, item, entrance_file.name, f"{name} #{n}")
                for n, item in enumerate(items, 1)]

    lost = {e.face: e for e in section("lost_and_found", LostAndFound)}
    if set(lost) != {"INV_1", "INV_2", "INV_3", "LORE", "PERIL", "TERROR"}:
        raise DataError(entrance_file.name, "lost_and_found", "face",
                        "the table needs one entry per green face")
    rules = _entries(base / "card_rules.yaml", CardRule, "card")
    for name in rules:
        if name not in advs:
            raise DataError("card_rules.yaml", name, "card", "no adventure card has this name")
    data = GameData(
        investigators=_entries(base / "investigators.yaml", Investigator, "name"),  # type: ignore[arg-type]
        ancient_ones=_entries(base / "ancient_ones.yaml", AncientOne, "name"),  # type: ignore[arg-type]
        mythos=_entries(base / "mythos.yaml", Mythos, "id"),  # type: ignore[arg-type]
        monsters=_entries(base / "monsters.yaml", Monster, "id"),  # type: ignore[arg-type]
        cards=_entries(base / "cards.yaml", Card, "name"),  # type: ignore[arg-type]
        first_aid=tuple(section("first_aid", FirstAid)),
        lost_and_found=lost,
        souvenirs=tuple(section("souvenirs", Souvenir)),
        card_rules=rules,  # type: ignore[arg-type]
        adventures=advs,
    )
    for inv in data.investigators.values():
        if inv.ruling and inv.ruling not in rulings():
            raise DataError("investigators.yaml", inv.name, "ruling",
                            f"no mythlab ruling is called {inv.ruling!r} (see rulings.yaml)")
        for ally in inv.start.get("ally", []) or []:  # type: ignore[union-attr]
            if ally not in data.cards:
                raise DataError("investigators.yaml", inv.name, "start.ally",
                                f"no ally card is called {ally!r}")
    return data


@cache
def rulings() -> dict[str, Ruling]:
    """mythlab's rulings for Elder Sign, by id (``data/rulings.yaml``), as the log cites them.

    >>> rulings()["empty-cup"].decision
    'No monster appears.'
    """
    return read_rulings("mythlab.elder_sign")


@cache
def builtin_data() -> GameData:
    """The shipped data, loaded once, its entries as plain records (``engine.records``:
    the rules read them at every step)."""
    data = load_game_data()
    return replace(data, **{f.name: _records(getattr(data, f.name)) for f in fields(data)})


def _records(entries: Any) -> Any:
    """A table or tuple of validated entries, each pydantic one as its plain record (the
    adventures are dataclasses already)."""
    def kept(entry: Any) -> Any:
        return record(entry) if isinstance(entry, BaseModel) else entry

    if isinstance(entries, dict):
        return {key: kept(entry) for key, entry in entries.items()}
    return tuple(map(kept, entries))
