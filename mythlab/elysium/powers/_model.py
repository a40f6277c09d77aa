"""The power language's types: vocabularies, card filters and counts, conditions, the effect
nodes (one per symbol of the glossary, Elysium rulebook, Greek edition, p.12) and the effects a
power evaluates to. Every other module of :mod:`mythlab.elysium.powers` builds on these. Pages
cited are those of the Elysium rulebook, Greek edition."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    NonNegativeInt,
    PositiveInt,
    Tag,
    model_validator,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypeAliasType

# --- fixed vocabularies ----------------------------------------------------------------------


class Timing(StrEnum):
    """When a power is used: the activation symbol on the card (p.7, p.8, p.10, p.12)."""

    INSTANT = "instant"        # Άμεση / Instantáneo: only when the card is taken
    PERMANENT = "permanent"    # Μόνιμη / Permanente: always, while the card is in the domain
    ACTIVATE = "activate"      # Ενεργοποίηση / Activar: once per epoch, turn the card 90°
    TRIGGER = "trigger"        # Δράση / Desencadenar: once per game, a trigger ring
    LEGEND = "legend"          # Θρύλος / Leyenda: in Phase III
    CHRONOS = "chronos"        # Χρόνος / Chronos: at final scoring, only in a legend


class Family(StrEnum):
    """The eight families of 21 cards (p.2)."""

    APOLLO = "apollo"
    ARES = "ares"
    ATHENA = "athena"
    HADES = "hades"
    HEPHAESTUS = "hephaestus"
    HERMES = "hermes"
    POSEIDON = "poseidon"
    ZEUS = "zeus"


class Colour(StrEnum):
    """Column colours of an acquisition condition; black means "any colour" (p.4)."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    BLACK = "black"


class Zone(StrEnum):
    """Where cards are: the glossary's "card in domain / in Elysium / in Oracle / …"."""

    DOMAIN = "domain"
    ELYSIUM = "elysium"
    THIS_LEGEND = "this_legend"    # the legend holding this (Chronos) card
    ORACLE = "oracle"
    AGORA = "agora"
    DISCARD_PILE = "discard_pile"
    DRAW_PILE = "draw_pile"
    TRANSFERRED = "transferred"    # cards you transfer in this phase
    ACQUIRED = "acquired"          # cards you took in this epoch


class Cost(StrEnum):
    """What a transfer costs: its level in gold, nothing, or its level plus 1."""

    NORMAL = "normal"
    FREE = "free"
    PLUS_ONE = "plus_one"


class Measure(StrEnum):
    """What a count counts."""

    CARDS = "cards"
    FAMILIES = "families"          # different families among the matching cards
    LEVELS = "levels"              # different levels among the matching cards
    LEGENDS = "legends"
    COMPLETE_LEGENDS = "complete_legends"
    GOLD = "gold"
    VP = "vp"
    PP = "pp"


CARD_MEASURES = (Measure.CARDS, Measure.FAMILIES, Measure.LEVELS)
RESOURCE_MEASURES = (Measure.GOLD, Measure.VP, Measure.PP)


class Whose(StrEnum):
    """Whose cards a count looks at: the card's owner, or each other player in an ``others``."""

    YOU = "you"
    THEM = "them"


class EventKind(StrEnum):
    """Events a permanent power can react to."""

    TAKE = "take"
    TRANSFER = "transfer"


# --- leaves: amounts, card filters, counts --------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Amount(_Model):
    """Gold, victory points (VP) and prestige points (PP), e.g. ``{gold: 1, vp: 1}``."""

    gold: NonNegativeInt = 0
    vp: NonNegativeInt = 0
    pp: NonNegativeInt = 0

    @model_validator(mode="after")
    def _not_empty(self) -> Amount:
        if not (self.gold or self.vp or self.pp):
            raise ValueError("an amount needs gold, vp or pp above 0")
        return self

    def times(self, n: int) -> Amount:
        """This amount ``n`` times over (``n`` ≥ 1)."""
        return Amount(gold=self.gold * n, vp=self.vp * n, pp=self.pp * n)


@dataclass(frozen=True)
class CardFacts:
    """What powers need to know about one card: its family, level and symbols."""

    id: str
    family: str | None = None
    level: int | None = None
    citizen: bool = False
    eleusis: bool = False


class CardSpec(_Model):
    """Which cards: ``any``, ``citizen`` or a mapping ``{family: hades, level: 2, eleusis: true}``.

    ``any`` includes Citizens (p.13, Cerberus: "any card, even a Citizen").
    """

    family: Family | None = None
    level: Annotated[int, Field(ge=1, le=3)] | None = None
    citizen: bool = False
    eleusis: bool = False

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if value == "any":
            return {}
        if value == "citizen":
            return {"citizen": True}
        if isinstance(value, str):
            raise PydanticCustomError(
                "unknown_card", "unknown card {card!r}: write any, citizen or a mapping",
                {"card": value})
        return value

    @model_validator(mode="after")
    def _citizens_are_blank(self) -> CardSpec:
        if self.citizen and (self.family or self.level or self.eleusis):
            raise ValueError("a Citizen shows no family, level or Eleusis symbol")
        return self

    def matches(self, card: CardFacts) -> bool:
        """Does ``card`` fit this filter?"""
        # the fields read from ``__dict__`` in one go: each attribute read of a pydantic model
        # passes through its ``__getattr__`` hook, and filters are asked at every offer
        spec = self.__dict__
        if spec["citizen"]:
            return card.citizen
        family, level = spec["family"], spec["level"]
        if family is not None and card.family != family:
            return False
        if level is not None and card.level != level:
            return False
        return not spec["eleusis"] or card.eleusis


ANY = CardSpec()


class Count(_Model):
    """A number read from the game: ``{family: hades, in: domain}``, ``{of: gold}``, …

    ``every: 2`` counts sets of two (Tartarus); ``same: family`` counts the largest group of
    cards sharing one family (the glossary's "or any same").
    """

    of: Measure = Measure.CARDS
    family: Family | None = None
    level: Annotated[int, Field(ge=1, le=3)] | None = None
    citizen: bool = False
    eleusis: bool = False
    in_: Zone | None = Field(None, alias="in")
    whose: Whose = Whose.YOU
    every: PositiveInt = 1
    same: Literal["family", "level"] | None = None

    @model_validator(mode="after")
    def _coherent(self) -> Count:
        filters = self.family or self.level or self.citizen or self.eleusis or self.same
        if self.of in CARD_MEASURES and self.in_ is None:
            raise ValueError(f"a count of {self.of} needs 'in' (domain, elysium, this_legend, …)")
        if self.of not in CARD_MEASURES and filters:
            raise ValueError(f"a count of {self.of} takes no card filter")
        if self.of in RESOURCE_MEASURES and self.in_ is not None:
            raise ValueError(f"a count of {self.of} takes no 'in'")
        if self.of in (Measure.LEGENDS, Measure.COMPLETE_LEGENDS) and self.in_ not in (
                None, Zone.ELYSIUM):
            raise ValueError("legends are only in the Elysium")
        return self

    @cached_property
    def spec(self) -> CardSpec:
        """The card filter of this count (built once: counts are immutable)."""
        return CardSpec(family=self.family, level=self.level, citizen=self.citizen,
                        eleusis=self.eleusis)

    @cached_property
    def theirs(self) -> Count:
        """This count of each player's own cards or resources (``whose: them``; built once)."""
        return self.model_copy(update={"whose": Whose.THEM})


class TransferSpec(_Model):
    """``transfer: 1`` or ``{count, card, cost: normal|free|plus_one, extra}``."""

    count: PositiveInt = 1
    card: CardSpec = ANY
    cost: Cost = Cost.NORMAL
    extra: bool = False

    @model_validator(mode="before")
    @classmethod
    def _number(cls, value: Any) -> Any:
        return {"count": value} if isinstance(value, int) else value


class DiscardSpec(_Model):
    """``discard: 1`` or ``{count, card, from}``: discard cards (from your domain)."""

    count: PositiveInt = 1
    card: CardSpec = ANY
    from_: Zone = Field(Zone.DOMAIN, alias="from")

    @model_validator(mode="before")
    @classmethod
    def _number(cls, value: Any) -> Any:
        return {"count": value} if isinstance(value, int) else value


class TakeSpec(_Model):
    """``take: {card, from}``: take a face-up card (from the Agora, the Oracle, …)."""

    count: PositiveInt = 1
    card: CardSpec = ANY
    from_: Zone = Field(alias="from")


class ExchangeSpec(_Model):
    """``exchange: {card, from, with}``: swap one of your cards for one elsewhere."""

    card: CardSpec = ANY
    from_: Zone = Field(Zone.DOMAIN, alias="from")
    with_: Zone = Field(alias="with")


class AddCardSpec(_Model):
    """``add_card: {count, to}``: add cards from the draw pile to a zone."""

    count: PositiveInt = 1
    to: Zone


class UsePowerSpec(_Model):
    """``use_power: {card, timing, in}``: use another card's power (glossary: "here Instant")."""

    card: CardSpec = ANY
    timing: Timing | None = None
    in_: Zone = Field(Zone.DOMAIN, alias="in")


class WhenSpec(_Model):
    """``when: {events: [take, transfer], card: {family: hades}}``."""

    events: tuple[EventKind, ...] = Field(min_length=1)
    card: CardSpec = ANY


# --- conditions ------------------------------------------------------------------------------


class Cond(_Model):
    """A condition: one of ``at_least``, ``none``, ``most``, ``as_many_as``, ``eleusis``."""

    key: ClassVar[str]


class AtLeast(Cond):
    """``{at_least: 2, count: {in: transferred}}``: "at least N" (glossary)."""

    key = "at_least"
    at_least: PositiveInt
    count: Count


class NoneOf(Cond):
    """``{none: {citizen: true, in: elysium}}``: "none (here no Citizen)" (glossary)."""

    key = "none"
    none: Count


class Most(Cond):
    """``{most: {of: gold}}``: you are (one of) the players with the most … (glossary)."""

    key = "most"
    most: Count


class AsManyAs(Cond):
    """``{have: Count, as_many_as: Count}``: "have as many as" (glossary)."""

    key = "as_many_as"
    have: Count
    as_many_as: Count


class EleusisCond(Cond):
    """``{eleusis: true}``: at least one other Eleusis card in your domain (p.7)."""

    key = "eleusis"
    eleusis: Literal[True]


CONDITIONS: tuple[type[Cond], ...] = (AtLeast, NoneOf, Most, AsManyAs, EleusisCond)
CONDITION_KEYS = {c.key: c for c in CONDITIONS}


def _cond_tag(value: Any) -> str | None:
    if isinstance(value, Cond):
        return "@" + value.key
    if isinstance(value, dict):
        for key in CONDITION_KEYS:
            if key in value:
                return "@" + key
    return None


def _cond_known(value: Any) -> Any:
    if _cond_tag(value) is None:
        raise PydanticCustomError(
            "unknown_condition", "unknown condition {found}; known: {known}",
            {"found": _keys(value), "known": ", ".join(CONDITION_KEYS)})
    return value


Condition = TypeAliasType(
    "Condition",
    Annotated[
        Union[tuple(Annotated[c, Tag("@" + c.key)] for c in CONDITIONS)],  # type: ignore  # noqa: UP007
        Discriminator(_cond_tag), BeforeValidator(_cond_known)])


# --- effect nodes ----------------------------------------------------------------------------


class Node(_Model):
    """One symbol of a power; ``key`` is its mapping key in the card file."""

    key: ClassVar[str]


class Gain(Node):
    """``{gain: {gold: 1, vp: 1}}``: "acquire (here 1 gold)"."""

    key = "gain"
    gain: Amount


class Pay(Node):
    """``{pay: {gold: 1}}``: "pay (here 1 gold)"; the rest of the sequence needs it paid."""

    key = "pay"
    pay: Amount


class Lose(Node):
    """``{lose: {vp: 1}}``: "pay / discard (here 1 gold)": give back what you have, up to N."""

    key = "lose"
    lose: Amount


class Transfer(Node):
    """``{transfer: 1}``: "transfer", "free transfer", "transfer costing 1 more"."""

    key = "transfer"
    transfer: TransferSpec


class TakeCitizen(Node):
    """``{take_citizen: 1}``: take the top card of the draw pile face down (a Citizen)."""

    key = "take_citizen"
    take_citizen: PositiveInt


class Draw(Node):
    """``{draw: 1}``: "draw a card and put it face up in your domain"."""

    key = "draw"
    draw: PositiveInt


class Take(Node):
    """``{take: {from: oracle}}``: take a face-up card into your domain ("acquired card")."""

    key = "take"
    take: TakeSpec


class Discard(Node):
    """``{discard: 1}``: "discard a card" (from your domain unless ``from`` says otherwise)."""

    key = "discard"
    discard: DiscardSpec


class Exchange(Node):
    """``{exchange: {from: domain, with: agora}}``: "exchange"."""

    key = "exchange"
    exchange: ExchangeSpec


class AddCard(Node):
    """``{add_card: {to: oracle}}``: "add a card"."""

    key = "add_card"
    add_card: AddCardSpec


class UsePower(Node):
    """``{use_power: {timing: instant}}``: "use the power of a card (here Instant)"."""

    key = "use_power"
    use_power: UsePowerSpec


class Nothing(Node):
    """``nothing``: "no effect"."""

    key = "nothing"

    @model_validator(mode="before")
    @classmethod
    def _word(cls, value: Any) -> Any:
        return {} if value == "nothing" else value


class Same(Node):
    """``same``: inside ``others_may``, the steps before it in its list."""

    key = "same"

    @model_validator(mode="before")
    @classmethod
    def _word(cls, value: Any) -> Any:
        return {} if value == "same" else value


class ChooseOne(Node):
    """``{choose_one: [A, B]}``: "choose one or the other"."""

    key = "choose_one"
    choose_one: tuple[Power, ...] = Field(min_length=2)


class May(Node):
    """``{may: A}``: you may do A ("μπορείτε")."""

    key = "may"
    may: Power


class Others(Node):
    """``{others: A}``: each other player (in turn order) does or gets A ("the other players")."""

    key = "others"
    others: Power


class OthersMaySpec(_Model):
    """``{do: same | A, cost: Amount}``."""

    do: Power
    cost: Amount | None = None


class OthersMay(Node):
    """``{others_may: {do: same, cost: {gold: 1}}}``: the others may do the same, for a cost."""

    key = "others_may"
    others_may: OthersMaySpec


class If(Node):
    """``{if: Condition, then: A, else: B}``."""

    key = "if"
    if_: Condition = Field(alias="if")
    then: Power
    else_: Power | None = Field(None, alias="else")


def _inline_body(head: str):
    def move(cls: type, value: Any) -> Any:
        if isinstance(value, dict) and "do" not in value:
            body = {k: v for k, v in value.items() if k != head}
            return {head: value.get(head), "do": body}
        return value
    return model_validator(mode="before")(classmethod(move))


class Per(Node):
    """``{per: Count, gain: …}``: the effect once per counted thing ("for each")."""

    key = "per"
    per: Count
    do: Power
    _inline = _inline_body("per")


class When(Node):
    """``{when: {events: [take, transfer], card: …}, gain: …}``: a permanent power's trigger."""

    key = "when"
    when: WhenSpec
    do: Power
    _inline = _inline_body("when")


class PlayerWithMost(Node):
    """``{player_with_most: Count, gain: …}``: "the player with the most …" gets the effect."""

    key = "player_with_most"
    player_with_most: Count
    do: Power
    _inline = _inline_body("player_with_most")


#: modifiers first: ``{per: …, gain: …}`` is a Per around a Gain
NODES: tuple[type[Node], ...] = (
    Per, When, PlayerWithMost, If, Gain, Pay, Lose, Transfer, TakeCitizen, Draw, Take, Discard,
    Exchange, AddCard, UsePower, ChooseOne, May, Others, OthersMay, Nothing, Same)
NODE_KEYS = {n.key: n for n in NODES}
_MODIFIERS = ("per", "when", "player_with_most")
_WORDS = ("nothing", "same")


def _keys(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(repr(k) for k in value) or "{}"
    return repr(value)


def _node_tag(value: Any) -> str | None:
    if isinstance(value, (list, tuple)):
        return "@seq"
    if isinstance(value, Node):
        return "@" + value.key
    if isinstance(value, str) and value in _WORDS:
        return "@" + value
    if isinstance(value, dict):
        for key in NODE_KEYS:
            if key in value and key not in _WORDS:
                return "@" + key
    return None


def _node_known(value: Any) -> Any:
    if _node_tag(value) is None:
        raise PydanticCustomError(
            "unknown_symbol", "unknown symbol {found}; known: {known}",
            {"found": _keys(value), "known": ", ".join(NODE_KEYS)})
    if isinstance(value, dict):
        heads = [k for k in value if k in NODE_KEYS and k not in _MODIFIERS]
        if not any(k in value for k in _MODIFIERS) and len(heads) > 1:
            raise PydanticCustomError(
                "two_symbols", "one mapping holds {heads}: write a list for a sequence",
                {"heads": " and ".join(heads)})
    return value


Power = TypeAliasType(
    "Power",
    Annotated[
        Union[tuple([Annotated[n, Tag("@" + n.key)] for n in NODES]  # type: ignore  # noqa: UP007
                    + [Annotated[tuple["Power", ...], Tag("@seq")]])],
        Discriminator(_node_tag), BeforeValidator(_node_known)])

for _cls in (*NODES, OthersMaySpec):
    _cls.model_rebuild()


# --- what a power evaluates to ----------------------------------------------------------------
# An event and the effects are values, read-only by convention and hashed by their fields
# (``unsafe_hash``), but not frozen: a frozen dataclass's ``__init__`` sets each field through
# ``object.__setattr__``, several times slower than a plain attribute store, and they are made
# at every use of a power.


@dataclass(frozen=True)
class Legend:
    """A legend in an Elysium: a family legend (up to 3 cards) or a level legend (up to 5)."""

    kind: Literal["family", "level"]
    cards: tuple[CardFacts, ...]

    @property
    def complete(self) -> bool:
        return len(self.cards) == (3 if self.kind == "family" else 5)



@dataclass(unsafe_hash=True)
class PowerEvent:
    """A player took or transferred a card: what permanent ``when`` powers react to."""

    kind: EventKind
    player: int
    card: CardFacts


@dataclass(unsafe_hash=True)
class Effect:
    """One thing a power does to one player; the rules engine applies it."""

    player: int


@dataclass(unsafe_hash=True)
class ResourceEffect(Effect):
    """``gain``, ``pay`` or ``lose`` an amount of gold / VP / PP."""

    kind: Literal["gain", "pay", "lose"]
    amount: Amount


@dataclass(unsafe_hash=True)
class CardEffect(Effect):
    """A card action: ``transfer``, ``take_citizen``, ``draw``, ``take``, ``discard``, …

    ``spec`` is the node's settings (cost, card filter, zones), ``count`` how many times.
    """

    kind: str
    count: int
    spec: BaseModel | None = None


@dataclass(unsafe_hash=True)
class Choice(Effect):
    """The player picks exactly one of the options."""

    options: tuple[tuple[Effect, ...], ...]


@dataclass(unsafe_hash=True)
class MayDo(Effect):
    """The player may do all of these (in order), or none."""

    effects: tuple[Effect, ...]

