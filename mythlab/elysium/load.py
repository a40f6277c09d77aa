"""Elysium's cards: family files ``data/cards-<family>.yaml``, loaded and validated.

Each card's power is an expression of the power language (:mod:`.powers`). Users may load their
own family files; a bad file raises ``DataError`` naming the file, the card and the field, down
to the path inside the power (``power[1].others.choose_one[0].gain.silver``). Pages cited are
those of the Elysium rulebook, Greek edition.

>>> cards = builtin_cards()
>>> print(render(cards["hades.judges-of-the-underworld"]))
Trigger: Transfer 1 card per Hades card in your domain (paying its level in gold).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError, model_validator

from mythlab.engine import DataError
from mythlab.engine.datafiles import game_data, read_yaml, validate_entry
from mythlab.engine.files import DataFile, as_source

from .powers import (
    CardFacts,
    Colour,
    Effect,
    Family,
    Lang,
    Power,
    PowerContext,
    PowerError,
    PowerEvent,
    Timing,
    check_power,
    eleusis_partner,
    error_message,
    error_path,
    evaluate,
    render_power,
    render_timing,
    to_data,
)

FORMAT = "mythlab-elysium-cards"
#: bounds on a family file, far above the box's (21 cards a family; powers give at most 5 of
#: anything), so a custom deck and its powers stay playable
MAX_FAMILY_CARDS = 42
MAX_POWER_NUMBER = 20
Source = Literal["seed", "public", "mythlab"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Name(_Model):
    """A card or family name in English and (where the rulebook gives it) Greek."""

    en: str = Field(min_length=1)
    el: str | None = None


class Provenance(_Model):
    """Where each field comes from: the rulebook page of the file (``seed``) unless marked
    otherwise."""

    name_en: Source = "seed"
    name_el: Source = "seed"
    level: Source = "seed"
    copies: Source = "seed"
    condition: Source = "seed"
    timing: Source = "seed"
    power: Source = "seed"

    @model_validator(mode="before")
    @classmethod
    def _everything(cls, value: Any) -> Any:
        """``provenance: mythlab`` marks every field of an invented card at once."""
        if isinstance(value, str):
            return dict.fromkeys(cls.model_fields, value)
        return value

    def mythlab(self) -> tuple[str, ...]:
        """The fields whose values mythlab chose (the rulebook does not give them)."""
        return tuple(k for k, v in self if v == "mythlab")


class Card(_Model):
    """One Elysium card: family, level, copies, acquisition condition, timing and power."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: Name
    family: Family
    level: int = Field(ge=1, le=3)
    copies: PositiveInt = 1
    condition: tuple[Colour, ...] | None = Field(None, min_length=1, max_length=2)
    timing: Timing
    eleusis: bool = False
    best_in: Literal["family", "level"] | None = None
    power: Power
    seed_text: str | None = None
    notes: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    provenance: Provenance = Provenance()

    @property
    def key(self) -> str:
        """The card's unique key across families, e.g. ``hades.cerberus``."""
        return f"{self.family}.{self.id}"

    def facts(self) -> CardFacts:
        """What powers need to know about this card."""
        return CardFacts(self.key, self.family.value, self.level, eleusis=self.eleusis)

    def to_data(self) -> dict[str, Any]:
        """The card as it is written in a family file (without the family, which the file gives)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name.model_dump(exclude_none=True),
                               "level": self.level, "copies": self.copies}
        if self.condition is not None:
            out["condition"] = [c.value for c in self.condition]
        out["timing"] = self.timing.value
        if self.eleusis:
            out["eleusis"] = True
        if self.best_in:
            out["best_in"] = self.best_in
        out["power"] = to_data(self.power)
        for key in ("seed_text", "notes", "missing"):
            value = getattr(self, key)
            if value:
                out[key] = list(value) if isinstance(value, tuple) else value
        marks = self.provenance.model_dump(exclude_defaults=True)
        if marks:
            out["provenance"] = marks
        return out


class SeedPage(_Model):
    """The rulebook and page a family file's ``seed`` values come from: ``file`` names the
    rulebook by title and edition (``Elysium rulebook, Greek edition``)."""

    file: str
    page: int | None = None


class FamilyHeader(_Model):
    """Everything in a family file but its cards."""

    format: Literal["mythlab-elysium-cards"]
    version: Literal[1]
    family: Family
    name: Name
    illustrator: str | None = None
    source: SeedPage
    cards_in_family: PositiveInt = Field(21, le=MAX_FAMILY_CARDS)
    about: str = ""
    missing: tuple[str, ...] = ()


@dataclass(frozen=True)
class FamilyCards:
    """One family file: its header and its validated cards."""

    header: FamilyHeader
    cards: tuple[Card, ...]
    file: str

    @property
    def family(self) -> Family:
        """The family of this file's cards (from its header)."""
        return self.header.family

    @property
    def copies(self) -> int:
        """How many physical cards the file describes (counting copies)."""
        return sum(c.copies for c in self.cards)


@dataclass(frozen=True)
class CardBook:
    """The cards of several families, by key (``hades.cerberus``)."""

    families: tuple[FamilyCards, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_key", {c.key: c for f in self.families for c in f.cards})

    def __getitem__(self, key: str) -> Card:
        return self._by_key[key]  # type: ignore[attr-defined]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_key.values())  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self._by_key)  # type: ignore[attr-defined]

    def family(self, name: str) -> FamilyCards:
        """The file of one family."""
        for f in self.families:
            if f.family == name:
                return f
        raise KeyError(name)


def load_family(path: str | Path | DataFile) -> FamilyCards:
    """Load and validate one family file; problems raise ``DataError`` (file, card, field)."""
    path = as_source(path)
    file = str(path)
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise DataError(file, None, None, "expected a mapping with format, family and cards")
    if raw.get("format") != FORMAT:
        raise DataError(file, None, "format", f"expected {FORMAT!r}")
    entries = raw.get("cards")
    if not isinstance(entries, list) or not entries:
        raise DataError(file, None, "cards", "must be a non-empty list of cards")
    try:
        header = FamilyHeader.model_validate({k: v for k, v in raw.items() if k != "cards"})
    except ValidationError as exc:
        err = exc.errors()[0]
        raise DataError(file, None, error_path(err["loc"], raw), error_message(err)) from None
    cards: list[Card] = []
    seen: set[str] = set()
    for n, entry in enumerate(entries):
        card = _card(file, n, entry, header.family)
        if card.id in seen:
            raise DataError(file, card.id, "id", "two cards share this id")
        seen.add(card.id)
        cards.append(card)
    family = FamilyCards(header, tuple(cards), file)
    if family.copies > header.cards_in_family:
        raise DataError(file, None, "cards", f"{family.copies} cards with their copies, more "
                                             f"than the family's {header.cards_in_family}")
    if family.copies < header.cards_in_family and not header.missing:
        raise DataError(file, None, "missing", f"{family.copies} of {header.cards_in_family} "
                                               "cards: say what is missing")
    return family


def _card(file: str, n: int, entry: Any, family: Family) -> Card:
    if not isinstance(entry, dict):
        raise DataError(file, f"#{n + 1}", None, "a card must be a mapping")
    name = str(entry.get("id") or f"#{n + 1}")
    too_big = _number_over(entry.get("power"), MAX_POWER_NUMBER, "power")
    if too_big:
        raise DataError(file, name, too_big, f"numbers in a power are at most {MAX_POWER_NUMBER}")
    if entry.get("family", family) != family:
        raise DataError(file, name, "family",
                        f"this file holds {family} cards, not {entry.get('family')!r}")
    try:
        card = Card.model_validate({**entry, "family": family})
    except ValidationError as exc:
        err = exc.errors()[0]
        raise DataError(file, name, error_path(err["loc"], entry), error_message(err)) from None
    if card.best_in is not None and card.timing is not Timing.CHRONOS:
        raise DataError(file, name, "best_in", "the = / ≠ legend reminder is only for chronos "
                                               f"cards, not {card.timing}")
    try:
        check_power(card.power, card.timing)
    except PowerError as exc:
        raise DataError(file, name, exc.path, exc.problem) from None
    return card


def _number_over(raw: Any, limit: int, path: str) -> str | None:
    """The path of the first whole number above ``limit`` in a power as written, if any."""
    todo = [(path, raw)]
    while todo:
        where, node = todo.pop()
        if isinstance(node, int) and not isinstance(node, bool) and node > limit:
            return where
        if isinstance(node, dict):
            todo += [(f"{where}.{k}", v) for k, v in node.items()]
        elif isinstance(node, list):
            todo += [(f"{where}[{i}]", v) for i, v in enumerate(node)]
    return None


def family_files(folder: str | Path | None = None) -> list[Path]:
    """The family files of a folder (the built-in ``data`` folder by default)."""
    root = Path(folder) if folder is not None else game_data("mythlab.elysium")
    return sorted(root.glob("cards-*.yaml"))


def load_cards(paths: Sequence[str | Path | DataFile] | None = None) -> CardBook:
    """Load several family files (all built-in families by default) into one book."""
    families = [load_family(p) for p in (paths if paths is not None else family_files())]
    seen: dict[Family, str] = {}
    for f in families:
        if f.family in seen:
            raise DataError(f.file, None, "family", f"{f.family} is also in {seen[f.family]}")
        seen[f.family] = f.file
    return CardBook(tuple(families))


@cache
def builtin_cards() -> CardBook:
    """The cards shipped with mythlab (``data/cards-*.yaml``)."""
    return load_cards()


# --- the mythlab edition: complete families -----------------------------------------------------

SUPPLEMENT = "mythlab-elysium-supplement"


class SupplementHeader(_Model):
    """A file completing a family of the rulebook: mythlab copy counts and invented cards."""

    format: Literal["mythlab-elysium-supplement"]
    version: Literal[1]
    family: Family
    provenance: Source = "mythlab"
    copies: dict[str, PositiveInt] = Field(default_factory=dict)


def load_supplement(path: str | Path, base: FamilyCards) -> FamilyCards:
    """``base`` completed by a supplement file; only copies the rulebook does not give may
    change."""
    path = Path(path)
    file = str(path)
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise DataError(file, None, None, "expected a mapping with format, family and copies")
    if raw.get("format") != SUPPLEMENT:
        raise DataError(file, None, "format", f"expected {SUPPLEMENT!r}")
    header = validate_entry(SupplementHeader, {k: v for k, v in raw.items() if k != "cards"},
                            file, None)
    if header.family != base.family:
        raise DataError(file, None, "family", f"completes {header.family}, not {base.family}")
    cards = list(base.cards)
    for card_id, n in header.copies.items():
        i = next((i for i, c in enumerate(cards) if c.id == card_id), None)
        if i is None:
            raise DataError(file, card_id, "copies", f"no {base.family} card has this id")
        if cards[i].provenance.copies != "mythlab":
            raise DataError(file, card_id, "copies", "the rulebook gives this card's copies")
        cards[i] = cards[i].model_copy(update={"copies": n})
    entries = raw.get("cards") or []
    if not isinstance(entries, list):
        raise DataError(file, None, "cards", "must be a list of cards")
    known = {c.id for c in cards}
    for n, entry in enumerate(entries):
        card = _card(file, n, entry, base.family)
        if card.id in known:
            raise DataError(file, card.id, "id", f"the {base.family} family already has this id")
        known.add(card.id)
        cards.append(card)
    out = FamilyCards(base.header.model_copy(update={"missing": ()}), tuple(cards), file)
    if out.copies != base.header.cards_in_family:
        raise DataError(file, None, "cards", f"{out.copies} cards with their copies; the family "
                                             f"needs {base.header.cards_in_family}")
    return out


def edition_files() -> tuple[list[Path], list[Path]]:
    """The mythlab edition's family files and supplement files (``data/mythlab``)."""
    root = game_data("mythlab.elysium", "mythlab")
    return sorted(root.glob("cards-*.yaml")), sorted(root.glob("complete-*.yaml"))


def load_edition(custom: Sequence[str | Path | DataFile] = ()) -> CardBook:
    """All 8 families: the rulebook's, completed, and mythlab's; ``custom`` files replace
    families."""
    families_files, supplements = edition_files()
    by_family: dict[str, FamilyCards] = {f.family.value: f for f in builtin_cards().families}
    for path in supplements:
        name = path.stem.removeprefix("complete-")
        by_family[name] = load_supplement(path, by_family[name])
    for path in families_files:
        f = load_family(path)
        by_family[f.family.value] = f
    for f in load_cards(list(custom)).families if custom else ():
        by_family[f.family.value] = f
    return CardBook(tuple(by_family[f.value] for f in Family if f.value in by_family))


@cache
def edition_cards() -> CardBook:
    """The built-in deck of the mythlab edition (every family complete, 21 cards each)."""
    return load_edition()


# --- rule numbers, family sets, quests, pediment --------------------------------------------------


class Number(_Model):
    """One rule number with where it comes from."""

    value: Any
    provenance: Source
    page: int | None = None


class FamilySet(_Model):
    """Five families played together (p.3 first game, p.10 named sets)."""

    families: tuple[Family, ...] = Field(min_length=5, max_length=5)
    provenance: Source
    page: int | None = None


class Quest(_Model):
    """A quest tile: the disc it gives, its VP, gold and lyres (Phase III transfers)."""

    id: str
    number: PositiveInt
    players: tuple[int, ...]
    vp: int = Field(ge=0)
    gold: int = Field(ge=0)
    lyres: PositiveInt
    provenance: Source


class QuestBack(_Model):
    """The incomplete side of every quest tile."""

    vp: int = Field(ge=0)
    gold: int = Field(ge=0)
    lyres: PositiveInt
    provenance: Source


class PedimentSide(_Model):
    """One side of the pediment: the column colour above each of the four quest places."""

    side: str
    colours: tuple[Colour, ...] = Field(min_length=4, max_length=4)
    provenance: Source


class RulesBook(_Model):
    """``data/rules.yaml``: rule numbers, family sets, quests and the pediment."""

    format: Literal["mythlab-elysium-rules"]
    version: Literal[1]
    numbers: dict[str, Number]
    columns: tuple[Colour, ...]
    family_sets: dict[str, FamilySet]
    quests: tuple[Quest, ...]
    incomplete_quest: QuestBack
    pediment: tuple[PedimentSide, ...] = Field(min_length=1)

    def number(self, name: str) -> Any:
        """A rule number's value by name, e.g. ``starting_gold``."""
        return self.numbers[name].value

    def quests_for(self, players: int) -> tuple[Quest, ...]:
        """The quest tiles used with this many players, by number (p.3-4)."""
        return tuple(sorted((q for q in self.quests if players in q.players),
                            key=lambda q: q.number))


@cache
def rules_book() -> RulesBook:
    """The rule numbers, sets, quests and pediment (validated; errors name file and field).

    The rulings live apart, in ``data/rulings.yaml``, in the format every game shares
    (``mythlab.engine.datafiles.read_rulings("mythlab.elysium")``).
    """
    path = game_data("mythlab.elysium", "rules.yaml")
    return validate_entry(RulesBook, read_yaml(path), str(path), None)


# --- text and evaluation -----------------------------------------------------------------------


def render(card: Card, lang: Lang = "en") -> str:
    """A card's power as text, after its timing: ``Activate (Eleusis): Transfer 1 card …``.

    >>> print(render(builtin_cards()["athena.trade-agreement"]))
    Instant: Gain 3 gold. The other players gain 1 gold.
    >>> print(render(builtin_cards()["hades.posthumous-hero"], "el"))
    Ενεργοποίηση: Μεταφέρετε 1 Πολίτη δωρεάν.
    """
    timing = render_timing(card.timing, lang, card.eleusis, card.best_in)
    return f"{timing}: {render_power(card.power, lang)}"


def render_condition(card: Card) -> str:
    """The acquisition condition in words: ``a blue column and one more of any colour``."""
    if card.condition is None:
        return "unknown"
    words = [("a column of any colour" if c is Colour.BLACK else f"a {c.value} column")
             for c in card.condition]
    if len(words) == 2 and card.condition[1] is Colour.BLACK:
        words[1] = "one more of any colour"
    return " and ".join(words)


def why_unusable(card: Card, ctx: PowerContext) -> str | None:
    """Why the owner cannot use this card's power now (the Eleusis rule, Elysium rulebook,
    Greek edition, p.7), or None."""
    if card.eleusis and not eleusis_partner(ctx, ctx.owner):
        return ("Elysium · Eleusis: an Eleusis card can be used only with at least one other "
                "Eleusis card in your domain")
    return None


def evaluate_card(card: Card, ctx: PowerContext, event: PowerEvent | None = None) -> list[Effect]:
    """The effects of using ``card``'s power (none when the Eleusis rule forbids it)."""
    if why_unusable(card, ctx) is not None:
        return []
    return evaluate(card.power, ctx, event=event)
