"""Agea's card list, rule numbers and rulings: loaded from ``data/`` and validated.

Users may load their own card files; a bad file raises ``DataError`` naming the file, the
card and the field.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mythlab.engine import DataError
from mythlab.engine.datafiles import Ruling, game_data, read_rulings, read_yaml, validate_entry
from mythlab.engine.files import DataFile, as_source

CardType = Literal["monster-foe", "non-monster-foe", "non-foe", "relic", "companion", "event",
                   "hero", "city-state"]
CHALLENGE_TYPES = ("monster-foe", "non-monster-foe", "non-foe")
FOE_TYPES = ("monster-foe", "non-monster-foe")

#: tests that are not traits (rulings any-blessing, blessing-of-prometheus-test, companions-test,
#: knossos-test, sacrifice-companion)
SPECIAL_TESTS = ("Any Blessing", "Blessing of Prometheus", "Companions", "Knossos",
                 "Sacrifice Companion")

Effect = Literal[
    # challenges
    "sphinx", "cerberus",
    # relics, companions, city states
    "reduce-delay", "discard-for-vp", "defeats-all-foes", "any-one-trait", "trojan-war-bonus",
    "rival-of-sparta", "rival-of-athens", "knossos",
    # events
    "war", "olympic-games", "pandoras-box", "oracle", "gain-trait", "extra-turn", "blessing",
    "opponent-discards", "defeat-any-monster", "draw-three-keep-one", "take-city-state",
    "take-hero", "take-relic", "destroy-city-state", "kill-hero-unless-blessing", "curse",
    "become-god", "duel", "negate-event", "hold-for-vp", "war-bonus", "discard-relic",
    "discard-companion", "martyr", "adventure-twice-more",
]


#: bounds on a card file (the rulebook's cards stay far inside them): ids of letters, digits
#: and dashes (``#`` numbers the copies of a card in play), at most 1000 cards
CARD_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"
MAX_CARDS = 1000
MAX_COPIES = 10
Short = Annotated[str, Field(max_length=80)]


class Card(BaseModel):
    """One Agea card as the rulebook lists it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=CARD_ID, max_length=60)
    name: str = Field(min_length=1, max_length=80)
    type: CardType
    aka: Short = ""
    tests: tuple[Short, ...] = Field((), max_length=20)
    traits: tuple[Short, ...] = Field((), max_length=20)
    effect: Effect | None = None
    note: str = Field("", max_length=500)
    destroyer: bool = False
    immediate: bool = False
    uses: int | None = Field(None, le=20)
    returns_in: int | None = Field(None, le=20)
    vp: int = Field(0, ge=0, le=20)
    count: int = Field(0, ge=0, le=20)
    provenance: Literal["seed", "public", "mythlab"] = "seed"
    label: str = ""  # filled in by the loader: the name, made unique where two cards share it

    @property
    def is_challenge(self) -> bool:
        """A monster foe, non-monster foe or non-foe challenge: it tests the hero drawing it."""
        return self.type in CHALLENGE_TYPES

    @property
    def is_foe(self) -> bool:
        """A foe, won into the Victory Pile (non-foe challenges are discarded)."""
        return self.type in FOE_TYPES

    @property
    def is_blessing(self) -> bool:
        """Blessing cards count for "any blessing card" and score 1 VP in the final hand."""
        return self.type == "event" and self.name.startswith("Blessing of")


@dataclass(frozen=True)
class CardSet:
    """The validated cards of one file, by id, with the trait vocabulary."""

    cards: tuple[Card, ...]
    traits: tuple[str, ...]
    source: str

    def __post_init__(self) -> None:
        """Index the cards by id."""
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})

    def __getitem__(self, card_id: str) -> Card:
        """The card with this id (KeyError if none)."""
        return self._by_id[card_id]  # type: ignore[attr-defined]

    def __iter__(self):
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def of_type(self, *types: str) -> list[Card]:
        """The cards of these types, in file order."""
        return [c for c in self.cards if c.type in types]


def load_cards(path: str | Path | DataFile | None = None) -> CardSet:
    """Load and validate a card file (the built-in ``data/cards.yaml`` by default).

    Parameters
    ----------
    path : str, Path or DataFile, optional
        The card file (``format: mythlab-agea-cards``); bounded in size like every data file.

    Returns
    -------
    CardSet
        The cards by id, labelled (cards sharing a name add their traits), and the traits.

    Raises
    ------
    DataError
        Naming the file, the card and the field of the first problem.

    Examples
    --------
    >>> cards = load_cards()
    >>> len(cards), cards["hydra"].tests
    (149, ('Strength', 'Wit'))
    """
    path = as_source(path) if path is not None else game_data("mythlab.agea", "cards.yaml")
    raw = read_yaml(path)
    file = str(path)
    if not isinstance(raw, dict) or raw.get("format") != "mythlab-agea-cards":
        raise DataError(file, None, "format", "expected 'mythlab-agea-cards'")
    traits = raw.get("traits")
    if not isinstance(traits, list) or not all(isinstance(t, str) and 0 < len(t) <= 80
                                               for t in traits) or len(traits) > 100:
        raise DataError(file, None, "traits", "must be a list of at most 100 trait names")
    entries = raw.get("cards")
    if not isinstance(entries, list) or not entries or len(entries) > MAX_CARDS:
        raise DataError(file, None, "cards", f"must be a list of 1 to {MAX_CARDS} cards")
    cards = []
    for n, entry in enumerate(entries):
        name = f"#{n + 1}"
        if isinstance(entry, dict):
            name = entry.get("id") or entry.get("name") or name
        card = validate_entry(Card, entry, file, str(name))
        _check_card(file, card, set(traits))
        cards.append(card)
    counts = Counter(c.id for c in cards)
    dup = [i for i, k in counts.items() if k > 1]
    if dup:
        raise DataError(file, dup[0], "id", "two cards share this id")
    labelled = _with_labels(cards)
    labels = Counter(c.label.casefold() for c in labelled)
    for c in labelled:
        if labels[c.label.casefold()] > 1:
            raise DataError(file, c.id, "name", f"another card is also {c.label!r}: moves naming "
                                                "them could not be told apart")
    return CardSet(tuple(labelled), tuple(traits), file)


def check_playable(cards: CardSet, players: int) -> None:
    """Refuse a card file the game cannot start with: each player cuts the deck for a hero
    (ruling hero-cut), so there must be a hero for every player."""
    heroes = len(cards.of_type("hero"))
    if heroes < players:
        raise DataError(cards.source, None, "cards", f"{heroes} hero card(s) for {players} "
                                                     "players: each player starts with a hero")


def _check_card(file: str, card: Card, traits: set[str]) -> None:
    """Refuse what the schema cannot: unknown traits and tests, a card type's missing parts."""
    def fail(field: str, problem: str) -> None:
        """Refuse the card, naming the field."""
        raise DataError(file, card.id, field, problem)

    for t in card.traits:
        if t not in traits:
            fail("traits", f"unknown trait {t!r}; known traits: {', '.join(sorted(traits))}")
    for t in card.tests:
        if t not in traits and t not in SPECIAL_TESTS:
            fail("tests", f"unknown trait or test {t!r}; known: {', '.join(sorted(traits))}, "
                          f"and the special tests {', '.join(SPECIAL_TESTS)}")
    if card.is_challenge and not card.tests:
        fail("tests", "a challenge needs at least one test")
    if not card.is_challenge and card.tests:
        fail("tests", f"only challenges have tests, not a {card.type}")
    if card.type == "hero" and not card.traits:
        fail("traits", "a hero needs at least one trait")
    if card.effect == "blessing" and len(card.traits) != 1:
        fail("traits", "a trait blessing gives exactly one trait")
    if card.uses is not None and card.uses < 1:
        fail("uses", "must be at least 1")
    if card.returns_in is not None and card.returns_in < 1:
        fail("returns_in", "must be at least 1")


def _with_labels(cards: list[Card]) -> list[Card]:
    """Label each card by name; cards sharing a name (the two Achilles) add their traits."""
    names = Counter(c.name for c in cards)
    out = []
    for c in cards:
        label = c.name if names[c.name] == 1 else f"{c.name} ({', '.join(c.traits or c.tests)})"
        out.append(c.model_copy(update={"label": label}))
    return out


@cache
def builtin_cards() -> CardSet:
    """The built-in card list, loaded once."""
    return load_cards()


@cache
def rule_numbers() -> dict[str, Any]:
    """The numbers of the rules (hand limit, dice, VP table) with their provenance."""
    return read_yaml(game_data("mythlab.agea", "rules.yaml"))


@cache
def rulings() -> dict[str, Ruling]:
    """mythlab's decisions where the rulebook is silent, by id (``data/rulings.yaml``, read by
    the reader every game shares).

    Returns
    -------
    dict of str to Ruling
        Each ruling's ``id``, ``question`` and ``decision``.

    Examples
    --------
    >>> rulings()["war-tie"].question
    'Two or more players share the highest Battle Total.'
    """
    return read_rulings("mythlab.agea")


def deck_list(cards: CardSet, path: str | Path | None = None) -> list[str]:
    """The card ids of a full deck, with the copies of ``deck.yaml`` (ruling deck-size)."""
    path = Path(path) if path is not None else game_data("mythlab.agea", "deck.yaml")
    raw = read_yaml(path)
    copies = raw.get("copies") or {} if isinstance(raw, dict) else None
    if not isinstance(copies, dict):
        raise DataError(str(path), None, "copies", "expected a mapping of card id to copies")
    default = raw.get("default_copies", 1)
    for card_id, n in [(None, default), *copies.items()]:
        if card_id is not None and card_id not in {c.id for c in cards}:
            raise DataError(str(path), str(card_id), "copies", "no card with this id")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COPIES:
            raise DataError(str(path), card_id, "copies" if card_id else "default_copies",
                            f"copies are a whole number from 1 to {MAX_COPIES}")
    deck = []
    for c in cards:
        n = copies.get(c.id, default)
        deck += [c.id] if n == 1 else [f"{c.id}#{k}" for k in range(1, n + 1)]
    return deck


def card_id(instance: str) -> str:
    """The card id of a card in play: ``"hydra#2"`` (second copy) is a ``"hydra"``.

    >>> card_id("hydra#2"), card_id("hydra")
    ('hydra', 'hydra')
    """
    return instance.partition("#")[0]
