"""Elysium card powers as a small declarative language built from the seed's symbol glossary.

A power is data: nested mappings in a card file (``data/elysium/cards-*.yaml``), one mapping per
glossary symbol, e.g. ``{gain: {gold: 2}}`` or
``{per: {family: hades, in: domain}, gain: {vp: 1}}``; a list is a sequence ("then").
This module turns that data into typed, frozen pydantic nodes (:func:`parse_power`), back
into canonical data (:func:`to_data`), into English or Greek text (:func:`render_power`)
and, given a small view of the game (:class:`PowerContext`), into the concrete effects a
rules engine applies (:func:`evaluate`). ``docs/elysium-power-language.md``
is the reference; :data:`GLOSSARY` ties every symbol of the seed's p.12 glossary to its node.

>>> p = parse_power({"per": {"family": "hades", "in": "domain"}, "gain": {"vp": 1}})
>>> render_power(p)
'Gain 1 VP per Hades card in your domain.'
>>> to_data(p)
{'per': {'family': 'hades', 'in': 'domain'}, 'gain': {'vp': 1}}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, Protocol, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    NonNegativeInt,
    PositiveInt,
    Tag,
    TypeAdapter,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypeAliasType

from mythlab.engine.errors import shown

# --- fixed vocabularies ----------------------------------------------------------------------


class Timing(StrEnum):
    """When a power is used: the activation symbol on the card (seed p.7, p.8, p.10, p.12)."""

    INSTANT = "instant"        # Άμεση / Instantáneo: only when the card is taken
    PERMANENT = "permanent"    # Μόνιμη / Permanente: always, while the card is in the domain
    ACTIVATE = "activate"      # Ενεργοποίηση / Activar: once per epoch, turn the card 90°
    TRIGGER = "trigger"        # Δράση / Desencadenar: once per game, a trigger ring
    LEGEND = "legend"          # Θρύλος / Leyenda: in Phase III
    CHRONOS = "chronos"        # Χρόνος / Chronos: at final scoring, only in a legend


class Family(StrEnum):
    """The eight families of 21 cards (seed p.2)."""

    APOLLO = "apollo"
    ARES = "ares"
    ATHENA = "athena"
    HADES = "hades"
    HEPHAESTUS = "hephaestus"
    HERMES = "hermes"
    POSEIDON = "poseidon"
    ZEUS = "zeus"


class Colour(StrEnum):
    """Column colours of an acquisition condition; black means "any colour" (seed p.4)."""

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

    ``any`` includes Citizens (seed p.13, Cerberus: "any card, even a Citizen").
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
        if self.citizen:
            return card.citizen
        if self.family is not None and card.family != self.family:
            return False
        if self.level is not None and card.level != self.level:
            return False
        return not self.eleusis or card.eleusis


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
    """``use_power: {card, timing, in}``: use the power of another card (seed: "here Instant")."""

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
    """``{eleusis: true}``: at least one other Eleusis card in your domain (seed p.7)."""

    key = "eleusis"
    eleusis: Literal[True]


_CONDS: tuple[type[Cond], ...] = (AtLeast, NoneOf, Most, AsManyAs, EleusisCond)
_COND_KEYS = {c.key: c for c in _CONDS}


def _cond_tag(value: Any) -> str | None:
    if isinstance(value, Cond):
        return "@" + value.key
    if isinstance(value, dict):
        for key in _COND_KEYS:
            if key in value:
                return "@" + key
    return None


def _cond_known(value: Any) -> Any:
    if _cond_tag(value) is None:
        raise PydanticCustomError(
            "unknown_condition", "unknown condition {found}; known: {known}",
            {"found": _keys(value), "known": ", ".join(_COND_KEYS)})
    return value


Condition = TypeAliasType(
    "Condition",
    Annotated[
        Union[tuple(Annotated[c, Tag("@" + c.key)] for c in _CONDS)],  # type: ignore  # noqa: UP007
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
_NODES: tuple[type[Node], ...] = (
    Per, When, PlayerWithMost, If, Gain, Pay, Lose, Transfer, TakeCitizen, Draw, Take, Discard,
    Exchange, AddCard, UsePower, ChooseOne, May, Others, OthersMay, Nothing, Same)
_NODE_KEYS = {n.key: n for n in _NODES}
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
        for key in _NODE_KEYS:
            if key in value and key not in _WORDS:
                return "@" + key
    return None


def _node_known(value: Any) -> Any:
    if _node_tag(value) is None:
        raise PydanticCustomError(
            "unknown_symbol", "unknown symbol {found}; known: {known}",
            {"found": _keys(value), "known": ", ".join(_NODE_KEYS)})
    if isinstance(value, dict):
        heads = [k for k in value if k in _NODE_KEYS and k not in _MODIFIERS]
        if not any(k in value for k in _MODIFIERS) and len(heads) > 1:
            raise PydanticCustomError(
                "two_symbols", "one mapping holds {heads}: write a list for a sequence",
                {"heads": " and ".join(heads)})
    return value


Power = TypeAliasType(
    "Power",
    Annotated[
        Union[tuple([Annotated[n, Tag("@" + n.key)] for n in _NODES]  # type: ignore  # noqa: UP007
                    + [Annotated[tuple["Power", ...], Tag("@seq")]])],
        Discriminator(_node_tag), BeforeValidator(_node_known)])

for _cls in (*_NODES, OthersMaySpec):
    _cls.model_rebuild()

_POWER: TypeAdapter[Any] = TypeAdapter(Power)


# --- parsing, checking, dumping --------------------------------------------------------------


class PowerError(ValueError):
    """A power that does not validate: ``path`` points into the expression (``power[1].gain``)."""

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


def error_path(loc: Sequence[int | str], raw: Any, root: str = "") -> str:
    """A pydantic error location as a path into the YAML the user wrote: ``power[1].gain.gold``.

    Union tags (``@gain``) are dropped, and so is the ``do`` a shorthand like ``{per: …, gain: …}``
    stands for.
    """
    path, node = root, raw
    for part in loc:
        if isinstance(part, str) and part.startswith("@"):
            continue
        if part == "do" and isinstance(node, dict) and "do" not in node:
            continue
        if isinstance(part, int):
            path += f"[{part}]"
            node = node[part] if isinstance(node, list) and part < len(node) else None
        else:
            path += f".{part}" if path else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return path or root


def error_message(err: Mapping[str, Any]) -> str:
    """A pydantic error as one short sentence."""
    kind, loc = err["type"], err["loc"]
    if kind == "extra_forbidden":
        return f"unknown symbol {loc[-1]!r}"
    if kind in ("enum", "literal_error"):
        return f"unknown value {shown(err['input'])}; expected {err['ctx']['expected']}"
    if kind == "missing":
        return f"missing {loc[-1]!r}"
    msg = str(err["msg"])
    return msg.removeprefix("Value error, ")


def parse_power(raw: Any, timing: Timing | str | None = None, root: str = "power") -> Power:
    """Validate a power written as data; with ``timing``, also check it fits the timing.

    Raises :class:`PowerError` naming the path into the expression.

    >>> parse_power({"gain": {"silver": 1}})
    Traceback (most recent call last):
    ...
    mythlab.elysium.powers.PowerError: power.gain.silver: unknown symbol 'silver'
    """
    try:
        power = _POWER.validate_python(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise PowerError(error_path(err["loc"], raw, root), error_message(err)) from None
    if timing is not None:
        check_power(power, Timing(timing), root)
    return power


def children(node: Power) -> Iterator[tuple[str, Power]]:
    """The sub-powers of a node, with the path step that reaches each in canonical data."""
    if isinstance(node, tuple):
        for i, item in enumerate(node):
            yield f"[{i}]", item
    elif isinstance(node, ChooseOne):
        for i, item in enumerate(node.choose_one):
            yield f".choose_one[{i}]", item
    elif isinstance(node, May):
        yield ".may", node.may
    elif isinstance(node, Others):
        yield ".others", node.others
    elif isinstance(node, OthersMay):
        yield ".others_may.do", node.others_may.do
    elif isinstance(node, If):
        yield ".then", node.then
        if node.else_ is not None:
            yield ".else", node.else_
    elif isinstance(node, (Per, When, PlayerWithMost)):
        yield ("" if _inlined(node) else ".do"), node.do


def _counts(node: Power) -> Iterator[tuple[str, Count]]:
    if isinstance(node, Per):
        yield ".per", node.per
    elif isinstance(node, PlayerWithMost):
        yield ".player_with_most", node.player_with_most
    elif isinstance(node, If):
        cond = node.if_
        if isinstance(cond, AtLeast):
            yield ".if.count", cond.count
        elif isinstance(cond, NoneOf):
            yield ".if.none", cond.none
        elif isinstance(cond, Most):
            yield ".if.most", cond.most
        elif isinstance(cond, AsManyAs):
            yield ".if.have", cond.have
            yield ".if.as_many_as", cond.as_many_as


def walk(power: Power, root: str = "power") -> Iterator[tuple[str, Power]]:
    """Every node of a power with its path, parents first."""
    yield root, power
    for step, child in children(power):
        yield from walk(child, root + step)


def reads_zone(power: Power, zone: Zone) -> bool:
    """Does a count anywhere in the power look at ``zone``?

    A Legend power that counts the cards you transfer (Charon) is counted over the whole Phase
    III, so the game settles it at the end of the phase (seed p.13, Charon).

    >>> charon = parse_power({"if": {"at_least": 2, "count": {"in": "transferred"}},
    ...                       "then": {"gain": {"vp": 2}}})
    >>> reads_zone(charon, Zone.TRANSFERRED), reads_zone(charon, Zone.DOMAIN)
    (True, False)
    """
    return any(c.in_ is zone for _, node in walk(power) for _, c in _counts(node))


def check_power(power: Power, timing: Timing, root: str = "power") -> None:
    """Rules the node types alone cannot check: what fits the timing, ``them``, ``same``."""

    def visit(node: Power, path: str, among_others: bool, after_steps: bool) -> None:
        if isinstance(node, When) and timing is not Timing.PERMANENT:
            raise PowerError(path + ".when", f"'when' is for permanent powers, not {timing}")
        if isinstance(node, Same):
            raise PowerError(path, "'same' repeats the steps before it: use it as the 'do' of an "
                                   "others_may that follows them in a list")
        if isinstance(node, (Others, OthersMay)) and among_others:
            raise PowerError(path, "'others' inside 'others'")
        for step, c in _counts(node):
            if c.in_ is Zone.THIS_LEGEND and timing is not Timing.CHRONOS:
                raise PowerError(path + step + ".in", "'this_legend' is only known at final "
                                                      "scoring: use it in chronos powers")
            if c.whose is Whose.THEM and not among_others:
                raise PowerError(path + step + ".whose",
                                 "'them' means each other player: use it inside 'others'")
        inner = among_others or isinstance(node, (Others, OthersMay, PlayerWithMost))
        if isinstance(node, OthersMay) and isinstance(node.others_may.do, Same):
            # ``same`` repeats the earlier steps of the list this others_may sits in
            if not after_steps:
                raise PowerError(path + ".others_may.do", "'same' repeats the steps before it in "
                                                          "its list, and there are none")
            return
        for i, (step, child) in enumerate(children(node)):
            visit(child, path + step, inner, isinstance(node, tuple) and i > 0)

    visit(power, root, False, False)


def _inlined(node: Per | When | PlayerWithMost) -> bool:
    """Is the body written inline (``{per: …, gain: …}``) in canonical data?"""
    body = node.do
    return isinstance(body, Node) and not isinstance(
        body, (Same, Nothing, Per, When, PlayerWithMost))


def _leaf(model: BaseModel) -> Any:
    out: dict[str, Any] = {}
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        if value == info.default:
            continue
        out[info.alias or name] = _value(value)
    return out


def _listed(value: tuple) -> list[Any]:
    return [_value(v) for v in value]


def _value(value: Any) -> Any:
    if isinstance(value, CardSpec):
        return "citizen" if value == CardSpec(citizen=True) else ("any" if value == ANY
                                                                  else _leaf(value))
    if isinstance(value, (Node, tuple)) and not isinstance(value, Cond):
        return to_data(value) if isinstance(value, Node) or _is_power(value) else _listed(value)
    if isinstance(value, BaseModel):
        return _leaf(value)
    if isinstance(value, StrEnum):
        return value.value
    return value


def _is_power(value: tuple) -> bool:
    return bool(value) and all(isinstance(v, (Node, tuple)) for v in value)


def to_data(power: Power) -> Any:
    """A power as canonical plain data (what a card file holds); ``parse_power`` inverts it."""
    if isinstance(power, tuple):
        return [to_data(p) for p in power]
    if isinstance(power, (Nothing, Same)):
        return power.key
    if isinstance(power, (Transfer, Discard)):
        spec = _leaf(getattr(power, power.key))
        if set(spec) <= {"count"}:
            return {power.key: spec.get("count", 1)}
        return {power.key: spec}
    if isinstance(power, (Per, When, PlayerWithMost)):
        head = {power.key: _value(getattr(power, power.key))}
        body = to_data(power.do)
        if _inlined(power):
            return head | body
        return head | {"do": body}
    if isinstance(power, ChooseOne):
        return {"choose_one": [to_data(p) for p in power.choose_one]}
    if isinstance(power, If):
        out = {"if": _leaf(power.if_), "then": to_data(power.then)}
        if power.else_ is not None:
            out["else"] = to_data(power.else_)
        return out
    return _leaf(power)


# --- rendering -------------------------------------------------------------------------------

Lang = Literal["en", "el"]
Subject = Literal["you", "they", "one"]   # imperative / "the other players" / one player

FAMILY_NAMES: dict[str, dict[str, str]] = {
    "en": {f.value: f.value.capitalize() for f in Family},
    # genitive, as in "κάρτα Άδη" (a Hades card)
    "el": {"apollo": "Απόλλωνα", "ares": "Άρη", "athena": "Αθηνάς", "hades": "Άδη",
           "hephaestus": "Ηφαίστου", "hermes": "Ερμή", "poseidon": "Ποσειδώνα", "zeus": "Δία"},
}

TIMING_NAMES: dict[str, dict[Timing, str]] = {
    "en": {Timing.INSTANT: "Instant", Timing.PERMANENT: "Permanent", Timing.ACTIVATE: "Activate",
           Timing.TRIGGER: "Trigger", Timing.LEGEND: "Legend", Timing.CHRONOS: "Chronos"},
    "el": {Timing.INSTANT: "Άμεση", Timing.PERMANENT: "Μόνιμη", Timing.ACTIVATE: "Ενεργοποίηση",
           Timing.TRIGGER: "Δράση", Timing.LEGEND: "Θρύλος", Timing.CHRONOS: "Χρόνος"},
}

#: what each timing means, for the Stepper and notebooks (seed p.7, p.8, p.10)
TIMING_RULES: dict[Timing, str] = {
    Timing.INSTANT: "used at the moment you take the card, and only then",
    Timing.PERMANENT: "always active while the card is in your domain",
    Timing.ACTIVATE: "once per epoch in your turn: turn the card 90°; it straightens in Phase IV",
    Timing.TRIGGER: "once per game in your turn: a trigger ring goes on when you take the card "
                    "and comes off when you use the power",
    Timing.LEGEND: "used in Phase III while the card is in your domain",
    Timing.CHRONOS: "scores at the end of the game, only if the card is in a legend",
}

# English verb forms for the subjects (you, they, one): imperative, plural, singular
_VERBS_EN = {
    "gain": "gains", "pay": "pays", "lose": "loses", "transfer": "transfers", "take": "takes",
    "draw": "draws", "put": "puts", "discard": "discards", "exchange": "exchanges",
    "add": "adds", "use": "uses", "choose": "chooses", "do": "does", "have": "has",
}
# Greek forms for (you, they, one), then the same after "να" (subjunctive)
_VERBS_EL = {
    "gain": ("κερδίζετε", "κερδίζουν", "κερδίζει", "κερδίσετε", "κερδίσουν", "κερδίσει"),
    "pay": ("πληρώνετε", "πληρώνουν", "πληρώνει", "πληρώσετε", "πληρώσουν", "πληρώσει"),
    "lose": ("χάνετε", "χάνουν", "χάνει", "χάσετε", "χάσουν", "χάσει"),
    "transfer": ("μεταφέρετε", "μεταφέρουν", "μεταφέρει") * 2,
    "take": ("παίρνετε", "παίρνουν", "παίρνει", "πάρετε", "πάρουν", "πάρει"),
    "draw": ("τραβάτε", "τραβούν", "τραβά", "τραβήξετε", "τραβήξουν", "τραβήξει"),
    "discard": ("ξεσκαρτάρετε", "ξεσκαρτάρουν", "ξεσκαρτάρει") * 2,
    "exchange": ("ανταλλάσσετε", "ανταλλάσσουν", "ανταλλάσσει", "ανταλλάξετε", "ανταλλάξουν",
                 "ανταλλάξει"),
    "add": ("προσθέτετε", "προσθέτουν", "προσθέτει", "προσθέσετε", "προσθέσουν", "προσθέσει"),
    "use": ("χρησιμοποιείτε", "χρησιμοποιούν", "χρησιμοποιεί", "χρησιμοποιήσετε",
            "χρησιμοποιήσουν", "χρησιμοποιήσει"),
    "choose": ("επιλέγετε", "επιλέγουν", "επιλέγει", "επιλέξετε", "επιλέξουν", "επιλέξει"),
    "do": ("κάνετε", "κάνουν", "κάνει") * 2,
    "have": ("έχετε", "έχουν", "έχει") * 2,
    "may": ("μπορείτε", "μπορούν", "μπορεί") * 2,
}
_SUBJ = {"you": 0, "they": 1, "one": 2}
_MINE = {"en": {"you": "your", "they": "their", "one": "their"},
         "el": {"you": "σας", "they": "τους", "one": "του"}}
_UNITS = {"en": {"gold": "gold", "vp": "VP", "pp": "PP"},
          "el": {"gold": "Χρυσό", "vp": "ΠΝ", "pp": "ΠΚ"}}


@dataclass(frozen=True)
class _Say:
    """Rendering state: language, grammatical subject, and whether a verb follows "may"."""

    lang: Lang
    subj: Subject = "you"
    bare: bool = False   # after "may" / "να": base form in English, subjunctive in Greek

    @property
    def en(self) -> bool:
        return self.lang == "en"

    def verb(self, name: str) -> str:
        if self.en:
            return _VERBS_EN[name] if self.subj == "one" and not self.bare else name
        return _VERBS_EL[name][_SUBJ[self.subj] + (3 if self.bare else 0)]

    def to(self, subj: Subject, bare: bool = False) -> _Say:
        return _Say(self.lang, subj, bare)

    def mine(self, owner: Subject | None = None) -> str:
        return _MINE[self.lang][owner or self.subj]


def _amount(a: Amount, say: _Say) -> str:
    units = _UNITS[say.lang]
    parts = [f"{getattr(a, k)} {units[k]}" for k in ("gold", "vp", "pp") if getattr(a, k)]
    return (" and " if say.en else " και ").join(parts)


def _card_noun(spec: CardSpec, say: _Say, plural: bool = False, extra: bool = False) -> str:
    """``Hades card``, ``Citizens``, ``level-2 cards``; Greek ``κάρτα Άδη``, ``Πολίτες``."""
    if say.en:
        words = ["extra"] if extra else []
        if spec.citizen:
            words.append("Citizens" if plural else "Citizen")
        else:
            if spec.level:
                words.append(f"level-{spec.level}")
            if spec.family:
                words.append(FAMILY_NAMES["en"][spec.family])
            if spec.eleusis:
                words.append("Eleusis")
            words.append("cards" if plural else "card")
        return " ".join(words)
    if spec.citizen:
        return "Πολίτες" if plural else "Πολίτη"
    noun = ("επιπλέον " if extra else "") + ("κάρτες" if plural else "κάρτα")
    if spec.family:
        noun += " " + FAMILY_NAMES["el"][spec.family]
    if spec.eleusis:
        noun += " Ελευσίνας"
    if spec.level:
        noun += f" Επιπέδου {spec.level}"
    return noun


def _cards(spec: CardSpec, n: int, say: _Say, extra: bool = False) -> str:
    return f"{n} {_card_noun(spec, say, n > 1, extra)}"


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _zone(zone: Zone, owner: Subject, say: _Say, prep: str = "in") -> str:
    """``in your domain``, ``from their Elysium``, ``στον Τομέα σας``, ``από τον Τομέα τους``."""
    mine = say.mine(owner)
    if say.en:
        place = {
            Zone.DOMAIN: f"{mine} domain", Zone.ELYSIUM: f"{mine} Elysium",
            Zone.THIS_LEGEND: "this legend", Zone.ORACLE: "the Oracle", Zone.AGORA: "the Agora",
            Zone.DISCARD_PILE: "the discard pile", Zone.DRAW_PILE: "the draw pile"}
        if zone is Zone.TRANSFERRED:
            return "transferred this phase"
        if zone is Zone.ACQUIRED:
            return "taken this epoch"
        return f"{prep} {place[zone]}"
    place_el = {
        Zone.DOMAIN: ("τον", f"Τομέα {mine}"), Zone.ELYSIUM: ("τα", f"Ηλύσιά {mine}"),
        Zone.THIS_LEGEND: ("τον", "Θρύλο αυτό"), Zone.ORACLE: ("το", "Μαντείο"),
        Zone.AGORA: ("την", "Αγορά"), Zone.DISCARD_PILE: ("τη", "στοίβα ξεσκαρταρίσματος"),
        Zone.DRAW_PILE: ("τη", "στοίβα τραβήγματος")}
    if zone is Zone.TRANSFERRED:
        return "που μεταφέρθηκαν σε αυτή τη Φάση"
    if zone is Zone.ACQUIRED:
        return "που αποκτήθηκαν σε αυτή την Εποχή"
    article, noun = place_el[zone]
    if prep == "in":
        return f"σ{article} {noun}"
    return f"{'από' if prep == 'from' else 'σε'} {article} {noun}"


def _owner(c: Count, say: _Say) -> Subject:
    return "you" if c.whose is Whose.YOU else say.subj


def _noun(c: Count, say: _Say, plural: bool) -> str:
    """What a count counts, without a number: ``Hades cards in your domain``, ``gold``."""
    where = _zone(c.in_, _owner(c, say), say) if c.in_ else ""
    mine = say.mine(_owner(c, say))
    if c.of in RESOURCE_MEASURES:
        return _UNITS[say.lang][c.of.value]
    if c.of is Measure.CARDS:
        noun = _card_noun(c.spec, say, plural)
        if c.same:
            noun += (f" of any one {c.same}" if say.en else
                     " της ίδιας Οικογένειας" if c.same == "family" else " του ίδιου Επιπέδου")
    elif say.en:
        noun = {Measure.FAMILIES: "different families" if plural else "different family",
                Measure.LEVELS: "different levels" if plural else "different level",
                Measure.LEGENDS: "legends" if plural else "legend",
                Measure.COMPLETE_LEGENDS: "completed legends" if plural else "completed legend",
                }[c.of]
        where = where or f"in {mine} Elysium"
    else:
        noun = {Measure.FAMILIES: "διαφορετικές Οικογένειες" if plural
                else "διαφορετική Οικογένεια",
                Measure.LEVELS: "διαφορετικά Επίπεδα" if plural else "διαφορετικό Επίπεδο",
                Measure.LEGENDS: "Θρύλους" if plural else "Θρύλο",
                Measure.COMPLETE_LEGENDS: "ολοκληρωμένους Θρύλους" if plural
                else "ολοκληρωμένο Θρύλο"}[c.of]
        where = where or f"στα Ηλύσιά {mine}"
    return f"{noun} {where}"


def _per(c: Count, say: _Say) -> str:
    """``per Hades card in your domain``, ``per set of 2 cards in your Elysium``."""
    if c.of in RESOURCE_MEASURES:
        unit = f"{c.every} " * (c.every > 1) + _UNITS[say.lang][c.of.value]
        have = say.to(_owner(c, say)).verb("have")
        if say.en:
            return f"per {unit} {'you' if _owner(c, say) == 'you' else 'they'} {have}"
        return f"για κάθε {unit} που {have}"
    if c.every > 1:
        if say.en:
            return f"per set of {c.every} {_noun(c, say, plural=True)}"
        noun = _noun(c, say, plural=True).replace("κάρτες", "καρτών", 1)
        return f"για κάθε σετ {c.every} {noun}"
    return f"{'per' if say.en else 'για κάθε'} {_noun(c, say, plural=False)}"


def _how_many(n: int, c: Count, say: _Say) -> str:
    """A number of counted things: ``2 cards transferred this phase``, ``3 gold``."""
    if c.of in RESOURCE_MEASURES:
        return _amount(Amount(**{c.of.value: n}), say)
    return f"{n} {_noun(c, say, plural=n > 1)}"


def _cond(c: Cond, say: _Say, style: Literal["if", "with"]) -> str:
    """A condition as "if you have …" (``if``) or "with …" (``with``, after "the other players")."""
    en = say.en
    if isinstance(c, AtLeast):
        if (style == "if" and c.count.in_ is Zone.TRANSFERRED and c.count.of is Measure.CARDS
                and c.count.every == 1):
            what = _cards(c.count.spec, c.at_least, say)
            if en:
                return f"if {_pronoun(say)} {say.verb('transfer')} at least {what}"
            return f"αν {say.verb('transfer')} τουλάχιστον {what}"
        body = f"{'at least' if en else 'τουλάχιστον'} {_how_many(c.at_least, c.count, say)}"
    elif isinstance(c, NoneOf):
        noun = _noun(c.none, say, plural=en)
        none_el = "κανέναν" if c.none.citizen else "καμία" if c.none.of is Measure.CARDS \
            else "κανένα"
        body = f"no {noun}" if en else f"{none_el} {noun}"
    elif isinstance(c, Most):
        body = (f"the most {_noun(c.most, say, plural=True)}" if en
                else f"τα περισσότερα {_noun(c.most, say, plural=True)}")
    elif isinstance(c, AsManyAs):
        first, second = _noun(c.have, say, True), _noun(c.as_many_as, say, True)
        body = f"as many {first} as {second}" if en else f"τόσες {first} όσες {second}"
    else:
        body = (f"another Eleusis card in {say.mine()} domain" if en
                else f"άλλη κάρτα Ελευσίνας στον Τομέα {say.mine()}")
    if style == "with":
        return f"with {body}" if en else f"με {body}"
    if en:
        return f"if {_pronoun(say)} {say.verb('have')} {body}"
    return f"αν {say.verb('have')} {body}"


def _pronoun(say: _Say) -> str:
    return "you" if say.subj == "you" else "they"


def _transfer(spec: TransferSpec, say: _Say, per: str = "") -> str:
    """``transfer 1 card [per …] (paying its level in gold)``."""
    text = f"{say.verb('transfer')} {_cards(spec.card, spec.count, say, spec.extra)}"
    text += f" {per}" if per else ""
    if say.en:
        its = "their" if spec.count > 1 else "its"
        return text + {Cost.NORMAL: f" (paying {its} level in gold)", Cost.FREE: " for free",
                       Cost.PLUS_ONE: f" for 1 gold more than {its} level"}[spec.cost]
    return text + {Cost.NORMAL: " (η μεταφορά δεν είναι δωρεάν)", Cost.FREE: " δωρεάν",
                   Cost.PLUS_ONE: " με κόστος αυξημένο κατά 1"}[spec.cost]


def _clause(node: Power, say: _Say) -> str:
    """One power as a clause with no subject in front (imperative when the subject is "you")."""
    en = say.en
    if isinstance(node, tuple):
        return (", then " if en else ", έπειτα ").join(_clause(n, say) for n in node)
    if isinstance(node, (Gain, Pay, Lose)):
        return f"{say.verb(node.key)} {_amount(getattr(node, node.key), say)}"
    if isinstance(node, Transfer):
        return _transfer(node.transfer, say)
    if isinstance(node, TakeCitizen):
        return f"{say.verb('take')} {_cards(CardSpec(citizen=True), node.take_citizen, say)}"
    if isinstance(node, Draw):
        cards, many = _cards(ANY, node.draw, say), node.draw > 1
        if en:
            return f"{say.verb('draw')} {cards} and {say.verb('put')} {'them' if many else 'it'} " \
                   f"face up in {say.mine()} domain"
        return f"{say.verb('draw')} {cards} και {'τις' if many else 'την'} {say.verb('take')} " \
               f"{'ανοιχτές' if many else 'ανοιχτή'} στον Τομέα {say.mine()}"
    if isinstance(node, Take):
        spec = node.take
        cards = _cards(spec.card, spec.count, say)
        return f"{say.verb('take')} {cards} {_zone(spec.from_, say.subj, say, 'from')}"
    if isinstance(node, Discard):
        spec = node.discard
        cards = _cards(spec.card, spec.count, say)
        return f"{say.verb('discard')} {cards} {_zone(spec.from_, say.subj, say, 'from')}"
    if isinstance(node, Exchange):
        spec = node.exchange
        mine = f"{_cards(spec.card, 1, say)} {_zone(spec.from_, say.subj, say)}"
        other = f"1 {'card' if en else 'κάρτα'} {_zone(spec.with_, say.subj, say)}"
        return f"{say.verb('exchange')} {mine} {'for' if en else 'με'} {other}"
    if isinstance(node, AddCard):
        spec = node.add_card
        cards, where = _cards(ANY, spec.count, say), _zone(spec.to, say.subj, say, "to")
        if en:
            return f"{say.verb('add')} {cards} from the draw pile {where}"
        return f"{say.verb('add')} {cards} από τη στοίβα τραβήγματος {where}"
    if isinstance(node, UsePower):
        spec = node.use_power
        where = _zone(spec.in_, say.subj, say)
        if en:
            kind = TIMING_NAMES["en"][spec.timing] + " " if spec.timing else ""
            return f"{say.verb('use')} the {kind}power of another " \
                   f"{_card_noun(spec.card, say)} {where}"
        kind = f" ({TIMING_NAMES['el'][spec.timing]})" if spec.timing else ""
        card = _card_noun(spec.card, say).replace("κάρτα", "κάρτας", 1)
        return f"{say.verb('use')} τη δύναμη{kind} μιας άλλης {card} {where}"
    if isinstance(node, Nothing):
        return "nothing happens" if en else "κανένα αποτέλεσμα"
    if isinstance(node, Same):
        return f"{say.verb('do')} the same" if en else f"{say.verb('do')} το ίδιο"
    if isinstance(node, ChooseOne):
        option = say.to(say.subj, bare=en)
        options = (", or " if en else " ή ").join(_clause(o, option) for o in node.choose_one)
        return f"{say.verb('choose')} one: {options}" if en else \
            f"{say.verb('choose')} ένα από τα εξής: {options}"
    if isinstance(node, May):
        inner = _clause(node.may, say.to(say.subj, bare=True))
        if en:
            return f"{'you ' if say.subj == 'you' else ''}may {inner}"
        return f"{_VERBS_EL['may'][_SUBJ[say.subj]]} να {inner}"
    if isinstance(node, Others):
        return _others(node, say)
    if isinstance(node, OthersMay):
        spec = node.others_may
        what = _clause(spec.do, say.to("they", bare=True))
        cost = ""
        if spec.cost is not None:
            cost = f" {'for' if en else 'για'} {_amount(spec.cost, say)}"
        if en:
            return f"the other players may {what}{cost}"
        return f"οι υπόλοιποι παίκτες μπορούν να {what}{cost}"
    if isinstance(node, If):
        text = f"{_cond(node.if_, say, 'if')}, {_clause(node.then, say)}"
        if node.else_ is not None:
            text += f"; {'otherwise' if en else 'αλλιώς'} {_clause(node.else_, say)}"
        return text
    if isinstance(node, Per):
        if isinstance(node.do, Transfer):
            return _transfer(node.do.transfer, say, _per(node.per, say))
        return f"{_clause(node.do, say)} {_per(node.per, say)}"
    if isinstance(node, When):
        spec = node.when
        verbs = (" or " if en else " ή ").join(say.verb(e.value) for e in spec.events)
        card = _card_noun(spec.card, say)
        if en:
            return f"whenever {_pronoun(say)} {verbs} {_a(card)}, {_clause(node.do, say)}"
        return f"όταν {verbs} μια {card}, {_clause(node.do, say)}"
    if isinstance(node, PlayerWithMost):
        one = say.to("one")
        what = _noun(node.player_with_most, say, plural=True)
        if en:
            return f"the player with the most {what} {_clause(node.do, one)}"
        return f"ο παίκτης με τα περισσότερα {what} {_clause(node.do, one)}"
    raise TypeError(f"not a power node: {node!r}")


def _others(node: Others, say: _Say) -> str:
    they = say.to("they")
    inner = node.others
    who = "the other players" if say.en else "οι υπόλοιποι παίκτες"
    if isinstance(inner, If) and inner.else_ is None:
        return f"{who} {_cond(inner.if_, they, 'with')} {_clause(inner.then, they)}"
    return f"{who} {_clause(inner, they)}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def render_power(power: Power, lang: Lang = "en") -> str:
    """A power as readable text: one sentence per step of a top-level list.

    >>> render_power(parse_power([{"gain": {"gold": 3}}, {"others": {"gain": {"gold": 1}}}]))
    'Gain 3 gold. The other players gain 1 gold.'
    >>> render_power(parse_power({"transfer": {"card": "citizen", "cost": "free"}}), "el")
    'Μεταφέρετε 1 Πολίτη δωρεάν.'
    """
    say = _Say(lang)
    steps = power if isinstance(power, tuple) else (power,)
    return " ".join(_sentence(_clause(step, say)) for step in steps)


def render_timing(timing: Timing, lang: Lang = "en", eleusis: bool = False,
                  best_in: str | None = None) -> str:
    """The timing label: ``Activate (Eleusis)``, ``Chronos (best in a level legend)``."""
    label = TIMING_NAMES[lang][timing]
    if eleusis:
        label += " (Eleusis)" if lang == "en" else " (Ελευσίνια)"
    if best_in:
        if lang == "en":
            label += f" (best in a {best_in} legend)"
        else:
            label += " (=, σε Θρύλο Οικογένειας)" if best_in == "family" else \
                " (≠, σε Θρύλο Επιπέδου)"
    return label


# --- evaluation ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Legend:
    """A legend in an Elysium: a family legend (up to 3 cards) or a level legend (up to 5)."""

    kind: Literal["family", "level"]
    cards: tuple[CardFacts, ...]

    @property
    def complete(self) -> bool:
        return len(self.cards) == (3 if self.kind == "family" else 5)


class PowerContext(Protocol):
    """What :func:`evaluate` may ask of the game: the rules engine implements this."""

    @property
    def owner(self) -> int:
        """The player whose card's power is used."""
        ...

    @property
    def players(self) -> Sequence[int]:
        """All players in turn order."""
        ...

    @property
    def this_card(self) -> CardFacts | None:
        """The card whose power this is (for "another" card and self-triggers)."""
        ...

    def cards(self, player: int, zone: Zone) -> Sequence[CardFacts]:
        """A player's cards in a zone (shared zones ignore ``player``)."""
        ...

    def legends(self, player: int) -> Sequence[Legend]:
        """A player's legends (at final scoring: after single cards are removed)."""
        ...

    def this_legend(self) -> Legend | None:
        """The legend holding this card (Chronos powers)."""
        ...

    def resource(self, player: int, what: str) -> int:
        """A player's ``gold``, ``vp`` or ``pp``."""
        ...


@dataclass(frozen=True)
class SimpleContext:
    """A :class:`PowerContext` from plain dicts: for tests, notebooks and what-if questions."""

    owner: int
    players: tuple[int, ...]
    zones: Mapping[Zone, Mapping[int, Sequence[CardFacts]]] = field(default_factory=dict)
    shared: Mapping[Zone, Sequence[CardFacts]] = field(default_factory=dict)
    resources: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    legends_of: Mapping[int, Sequence[Legend]] = field(default_factory=dict)
    legend: Legend | None = None
    this_card: CardFacts | None = None

    def cards(self, player: int, zone: Zone) -> Sequence[CardFacts]:
        if zone is Zone.THIS_LEGEND:
            return self.legend.cards if self.legend else ()
        if zone in self.shared:
            return self.shared[zone]
        return self.zones.get(zone, {}).get(player, ())

    def legends(self, player: int) -> Sequence[Legend]:
        return self.legends_of.get(player, ())

    def this_legend(self) -> Legend | None:
        return self.legend

    def resource(self, player: int, what: str) -> int:
        return self.resources.get(player, {}).get(what, 0)


@dataclass(frozen=True)
class PowerEvent:
    """A player took or transferred a card: what permanent ``when`` powers react to."""

    kind: EventKind
    player: int
    card: CardFacts


@dataclass(frozen=True)
class Effect:
    """One thing a power does to one player; the rules engine applies it."""

    player: int


@dataclass(frozen=True)
class ResourceEffect(Effect):
    """``gain``, ``pay`` or ``lose`` an amount of gold / VP / PP."""

    kind: Literal["gain", "pay", "lose"]
    amount: Amount


@dataclass(frozen=True)
class CardEffect(Effect):
    """A card action: ``transfer``, ``take_citizen``, ``draw``, ``take``, ``discard``, …

    ``spec`` is the node's settings (cost, card filter, zones), ``count`` how many times.
    """

    kind: str
    count: int
    spec: BaseModel | None = None


@dataclass(frozen=True)
class Choice(Effect):
    """The player picks exactly one of the options."""

    options: tuple[tuple[Effect, ...], ...]


@dataclass(frozen=True)
class MayDo(Effect):
    """The player may do all of these (in order), or none."""

    effects: tuple[Effect, ...]


def count(c: Count, ctx: PowerContext, player: int | None = None) -> int:
    """Evaluate a count for ``player`` (``them``) or the card's owner (``you``)."""
    who = ctx.owner if c.whose is Whose.YOU or player is None else player
    if c.of in RESOURCE_MEASURES:
        n = ctx.resource(who, c.of.value)
    elif c.of is Measure.LEGENDS:
        n = len(ctx.legends(who))
    elif c.of is Measure.COMPLETE_LEGENDS:
        n = sum(1 for legend in ctx.legends(who) if legend.complete)
    else:
        assert c.in_ is not None
        cards = [card for card in ctx.cards(who, c.in_) if c.spec.matches(card)]
        if c.same:
            groups: dict[Any, int] = {}
            for card in cards:
                key = card.family if c.same == "family" else card.level
                if key is not None:
                    groups[key] = groups.get(key, 0) + 1
            n = max(groups.values(), default=0)
        elif c.of is Measure.FAMILIES:
            n = len({card.family for card in cards if card.family})
        elif c.of is Measure.LEVELS:
            n = len({card.level for card in cards if card.level})
        else:
            n = len(cards)
    return n // c.every


def holds(cond: Cond, ctx: PowerContext, player: int) -> bool:
    """Is the condition true for ``player``?"""
    if isinstance(cond, AtLeast):
        return count(cond.count, ctx, player) >= cond.at_least
    if isinstance(cond, NoneOf):
        return count(cond.none, ctx, player) == 0
    if isinstance(cond, Most):
        return player in players_with_most(cond.most, ctx)
    if isinstance(cond, AsManyAs):
        return count(cond.have, ctx, player) >= count(cond.as_many_as, ctx, player)
    if isinstance(cond, EleusisCond):
        return eleusis_partner(ctx, player)
    raise TypeError(f"not a condition: {cond!r}")


def eleusis_partner(ctx: PowerContext, player: int) -> bool:
    """Does ``player`` have an Eleusis card in the domain besides this card? (seed p.7)"""
    return any(card.eleusis and card != ctx.this_card
               for card in ctx.cards(player, Zone.DOMAIN))


def players_with_most(c: Count, ctx: PowerContext) -> list[int]:
    """The players with the highest count (all of them on a tie); nobody when it is 0 (mythlab)."""
    scores = {p: count(c.model_copy(update={"whose": Whose.THEM}), ctx, p) for p in ctx.players}
    best = max(scores.values(), default=0)
    return [p for p in ctx.players if best > 0 and scores[p] == best]


def others_of(ctx: PowerContext) -> list[int]:
    """The other players in turn order, starting after the owner (seed p.7)."""
    players = list(ctx.players)
    i = players.index(ctx.owner)
    return players[i + 1:] + players[:i]


def _times(effect: Effect, n: int) -> Effect:
    if isinstance(effect, ResourceEffect):
        return ResourceEffect(effect.player, effect.kind, effect.amount.times(n))
    if isinstance(effect, CardEffect):
        return CardEffect(effect.player, effect.kind, effect.count * n, effect.spec)
    if isinstance(effect, Choice):
        return Choice(effect.player, tuple(tuple(_times(e, n) for e in o) for o in effect.options))
    if isinstance(effect, MayDo):
        return MayDo(effect.player, tuple(_times(e, n) for e in effect.effects))
    return effect


def evaluate(power: Power, ctx: PowerContext, *, event: PowerEvent | None = None,
             player: int | None = None) -> list[Effect]:
    """The effects of a power, in order, with every count and condition worked out.

    Choices stay open (:class:`Choice`, :class:`MayDo`): the player makes them. A ``when``
    power does something only for a matching ``event`` of its owner; a card's own *take* does
    not trigger it (it was not in the domain yet), its own *transfer* does (seed p.12, p.13).
    """
    me = ctx.owner if player is None else player

    def again(node: Power, who: int = me) -> list[Effect]:
        return evaluate(node, ctx, event=event, player=who)

    if isinstance(power, tuple):
        prior: list[Effect] = []
        for i, step in enumerate(power):
            if isinstance(step, OthersMay) and isinstance(step.others_may.do, Same):
                prior += _others_may(step, power[:i], ctx, event)
            else:
                prior += again(step)
        return prior
    if isinstance(power, (Gain, Pay, Lose)):
        return [ResourceEffect(me, power.key, getattr(power, power.key))]
    if isinstance(power, (Transfer, Discard, Take)):
        spec = getattr(power, power.key)
        return [CardEffect(me, power.key, spec.count, spec)]
    if isinstance(power, (TakeCitizen, Draw)):
        return [CardEffect(me, power.key, getattr(power, power.key))]
    if isinstance(power, (Exchange, UsePower)):
        return [CardEffect(me, power.key, 1, getattr(power, power.key))]
    if isinstance(power, AddCard):
        return [CardEffect(me, power.key, power.add_card.count, power.add_card)]
    if isinstance(power, (Nothing, Same)):
        return []
    if isinstance(power, ChooseOne):
        return [Choice(me, tuple(tuple(again(o)) for o in power.choose_one))]
    if isinstance(power, May):
        inner = again(power.may)
        return [MayDo(me, tuple(inner))] if inner else []
    if isinstance(power, Others):
        return [e for p in others_of(ctx) for e in again(power.others, p)]
    if isinstance(power, OthersMay):
        return _others_may(power, (), ctx, event)
    if isinstance(power, If):
        branch = power.then if holds(power.if_, ctx, me) else power.else_
        return again(branch) if branch is not None else []
    if isinstance(power, Per):
        n = count(power.per, ctx, me)
        return [_times(e, n) for e in again(power.do)] if n else []
    if isinstance(power, When):
        return again(power.do) if _fires(power.when, ctx, event) else []
    if isinstance(power, PlayerWithMost):
        return [e for p in players_with_most(power.player_with_most, ctx)
                for e in again(power.do, p)]
    raise TypeError(f"not a power node: {power!r}")


def _others_may(node: OthersMay, before: tuple[Power, ...], ctx: PowerContext,
                event: PowerEvent | None) -> list[Effect]:
    spec = node.others_may
    steps: Power = before if isinstance(spec.do, Same) else spec.do
    out: list[Effect] = []
    for p in others_of(ctx):
        inner = evaluate(_without_may(steps), ctx, event=event, player=p)
        if spec.cost is not None:
            inner = [ResourceEffect(p, "pay", spec.cost), *inner]
        out.append(MayDo(p, tuple(inner)))
    return out


def _without_may(power: Power) -> Power:
    """``same`` repeats what you did: your "may" steps become plain steps of their offer."""
    if isinstance(power, tuple):
        return tuple(_without_may(p) for p in power)
    return power.may if isinstance(power, May) else power


def _fires(spec: WhenSpec, ctx: PowerContext, event: PowerEvent | None) -> bool:
    if event is None or event.player != ctx.owner or event.kind not in spec.events:
        return False
    if event.kind is EventKind.TAKE and event.card == ctx.this_card:
        return False
    return spec.card.matches(event.card)


def describe(effect: Effect, names: Mapping[int, str] | None = None) -> str:
    """One effect as a short English line, e.g. ``player 1 gains 2 VP``."""
    who = (names or {}).get(effect.player, f"player {effect.player}")
    say = _Say("en", "one")
    if isinstance(effect, ResourceEffect):
        return f"{who} {say.verb(effect.kind)} {_amount(effect.amount, say)}"
    if isinstance(effect, CardEffect):
        node = _card_node(effect)
        return f"{who} {_clause(node, say)}" if node is not None else f"{who} {effect.kind}"
    if isinstance(effect, Choice):
        options = " | ".join("; ".join(describe(e, names).removeprefix(who + " ") for e in o)
                             for o in effect.options)
        return f"{who} chooses one: {options}"
    if isinstance(effect, MayDo):
        steps = "; ".join(describe(e, names).removeprefix(who + " ") for e in effect.effects)
        return f"{who} may: {steps}"
    return who


def describe_option(effect: Effect, names: Mapping[int, str] | None = None) -> str:
    """One effect as a choice its player makes, in the imperative: ``gain 1 gold``."""
    who = (names or {}).get(effect.player, f"player {effect.player}")
    verb, _, rest = describe(effect, names).removeprefix(who + " ").partition(" ")
    return f"{_IMPERATIVE_EN.get(verb, verb)} {rest}".strip()


_IMPERATIVE_EN = {v: k for k, v in _VERBS_EN.items()}


def _card_node(effect: CardEffect) -> Power | None:
    if effect.kind in ("transfer", "discard", "take", "add_card") and effect.spec is not None:
        spec = effect.spec.model_copy(update={"count": effect.count})
        return _NODE_KEYS[effect.kind].model_validate({effect.kind: spec})
    if effect.kind in ("take_citizen", "draw"):
        return _NODE_KEYS[effect.kind].model_validate({effect.kind: effect.count})
    if effect.kind in ("exchange", "use_power") and effect.spec is not None:
        return _NODE_KEYS[effect.kind].model_validate({effect.kind: effect.spec})
    return None


# --- the glossary (seed p.12) ----------------------------------------------------------------


@dataclass(frozen=True)
class Symbol:
    """One symbol of the seed's glossary and how the language writes it."""

    greek: str
    english: str
    kind: Literal["power", "condition", "card", "count", "timing", "card field"]
    writes: str


GLOSSARY: tuple[Symbol, ...] = (
    Symbol("ΧΡΥΣΟΣ", "gold", "power", "{gain: {gold: 1}}"),
    Symbol("ΠΟΝΤΟΙ ΝΙΚΗΣ (ΠΝ)", "victory points (VP)", "power", "{gain: {vp: 1}}"),
    Symbol("ΠΟΝΤΟΙ ΚΥΡΟΥΣ (ΠΚ)", "prestige points (PP)", "power", "{gain: {pp: 1}}"),
    Symbol("ΑΠΟΚΤΗΣΗ (εδώ 1 Χρυσό)", "gain (here 1 gold)", "power", "{gain: {gold: 1}}"),
    Symbol("ΠΛΗΡΩΜΗ (εδώ 1 Χρυσό)", "pay (here 1 gold)", "power", "{pay: {gold: 1}}"),
    Symbol("ΠΛΗΡΩΜΗ / ΞΕΣΚΑΡΤΑΡΙΣΜΑ (εδώ 1 Χρυσό)", "pay / discard (here 1 gold)", "power",
           "{lose: {gold: 1}}"),
    Symbol("ΜΕΤΑΦΟΡΑ", "transfer", "power", "{transfer: 1}"),
    Symbol("ΔΩΡΕΑΝ ΜΕΤΑΦΟΡΑ", "free transfer", "power", "{transfer: {cost: free}}"),
    Symbol("ΜΕΤΑΦΟΡΑ ΜΕ ΚΟΣΤΟΣ ΑΥΞΗΜΕΝΟ ΚΑΤΑ 1", "transfer costing 1 more", "power",
           "{transfer: {cost: plus_one}}"),
    Symbol("ΤΡΑΒΗΞΤΕ ΜΙΑ ΚΑΡΤΑ ΚΑΙ ΤΟΠΟΘΕΤΗΣΤΕ ΤΗΝ ΑΝΟΙΧΤΗ ΣΤΟΝ ΤΟΜΕΑ ΣΑΣ",
           "draw a card and put it face up in your domain", "power", "{draw: 1}"),
    Symbol("ΠΟΛΙΤΗΣ", "Citizen", "power", "{take_citizen: 1}"),
    Symbol("ΞΕΣΚΑΡΤΑΡΙΣΜΑ ΚΑΡΤΑΣ", "discard a card", "power", "{discard: 1}"),
    Symbol("ΑΝΤΑΛΛΑΓΗ", "exchange", "power", "{exchange: {with: agora}}"),
    Symbol("ΠΡΟΣΘΗΚΗ ΜΙΑΣ ΚΑΡΤΑΣ", "add a card", "power", "{add_card: {to: oracle}}"),
    Symbol("ΑΠΟΚΤΗΜΕΝΗ ΚΑΡΤΑ (εδώ Αθηνά)", "acquired card (here Athena)", "power",
           "{take: {card: {family: athena}, from: oracle}}"),
    Symbol("ΧΡΗΣΙΜΟΠΟΙΗΣΤΕ ΤΗ ΔΥΝΑΜΗ ΜΙΑΣ ΚΑΡΤΑΣ (εδώ Άμεση)",
           "use the power of a card (here Instant)", "power",
           "{use_power: {timing: instant}}"),
    Symbol("ΚΑΝΕΝΑ ΑΠΟΤΕΛΕΣΜΑ", "no effect", "power", "nothing"),
    Symbol("ΕΠΙΛΟΓΗ ΤΟΥ ΕΝΟΣ Η ΤΟΥ ΑΛΛΟΥ", "choose one or the other", "power",
           "{choose_one: [{gain: {gold: 1}}, {gain: {vp: 1}}]}"),
    Symbol("ΕΠΙΛΟΓΗ (εδώ μια κάρτα)", "choose (here a card)", "card", "{family: athena}"),
    Symbol("ΕΣΕΙΣ / ΟΙ ΥΠΟΛΟΙΠΟΙ ΠΑΙΚΤΕΣ", "you / the other players", "power",
           "[{gain: {gold: 3}}, {others: {gain: {gold: 1}}}]"),
    Symbol("(Αθηνά) «οι υπόλοιποι μπορούν να κάνουν το ίδιο για …»",
           "the other players may do the same for a cost", "power",
           "[{take_citizen: 1}, {others_may: {do: same, cost: {gold: 1}}}]"),
    Symbol("Ο ΠΑΙΚΤΗΣ ΜΕ ΤΑ ΠΕΡΙΣΣΟΤΕΡΑ... (εδώ Χρυσό)", "the player with the most … (here gold)",
           "power", "{player_with_most: {of: gold}, gain: {vp: 1}}"),
    Symbol("ΤΟΥΛΑΧΙΣΤΟΝ 2 (εδώ τουλάχιστον 2 Μεταφορές)", "at least 2 (here 2 transfers)",
           "condition", "{at_least: 2, count: {in: transferred}}"),
    Symbol("ΤΟΥΛΑΧΙΣΤΟΝ 1", "at least 1", "condition",
           "{at_least: 1, count: {eleusis: true, in: domain}}"),
    Symbol("ΚΑΝΕΝΑ (εδώ κανέναν Πολίτη)", "none (here no Citizen)", "condition",
           "{none: {citizen: true, in: domain}}"),
    Symbol("ΝΑ ΕΧΕΤΕ ΤΟΣΑ ΟΣΑ", "have as many as", "condition",
           "{have: {family: zeus, in: domain}, as_many_as: {family: hades, in: domain}}"),
    Symbol("Η ΟΠΟΙΟΔΗΠΟΤΕ ΙΔΙΟ", "or any same", "count", "{same: family, in: domain}"),
    Symbol("ΟΠΟΙΑΔΗΠΟΤΕ ΚΑΡΤΑ", "any card", "card", "any"),
    Symbol("ΚΑΡΤΑ ΣΥΓΚΕΚΡΙΜΕΝΗΣ ΟΙΚΟΓΕΝΕΙΑΣ (εδώ Αθηνά)", "card of a family (here Athena)",
           "card", "{family: athena}"),
    Symbol("ΚΑΡΤΑ ΣΕ ΤΟΜΕΑ", "card in domain", "count", "{in: domain}"),
    Symbol("ΚΑΡΤΑ ΣΤΑ ΗΛΥΣΙΑ", "card in Elysium", "count", "{in: elysium}"),
    Symbol("ΚΑΡΤΑ ΣΤΟ ΜΑΝΤΕΙΟ", "card in the Oracle", "count", "{in: oracle}"),
    Symbol("ΚΑΡΤΕΣ ΣΤΗ ΣΤΟΙΒΑ ΞΕΣΚΑΡΤΑΡΙΣΜΑΤΟΣ", "cards in the discard pile", "count",
           "{in: discard_pile}"),
    Symbol("ΜΕΤΑΦΕΡΜΕΝΗ ΚΑΡΤΑ (εδώ Απόλλωνας)", "transferred card (here Apollo)", "count",
           "{family: apollo, in: transferred}"),
    Symbol("ΧΡΕΙΑΖΕΣΤΕ ΜΙΑ ΠΡΑΣΙΝΗ ΣΤΗΛΗ", "you need a green column", "card field",
           "condition: [green]"),
    Symbol("ΑΜΕΣΗ ΔΥΝΑΜΗ", "instant power", "timing", "instant"),
    Symbol("ΜΟΝΙΜΗ ΔΥΝΑΜΗ", "permanent power", "timing", "permanent"),
    Symbol("ΔΥΝΑΜΗ ΕΝΕΡΓΟΠΟΙΗΣΗΣ", "activate power", "timing", "activate"),
    Symbol("ΔΥΝΑΜΗ ΔΡΑΣΗΣ", "trigger power", "timing", "trigger"),
    Symbol("ΔΥΝΑΜΗ ΘΡΥΛΟΥ", "legend power", "timing", "legend"),
    Symbol("ΔΥΝΑΜΗ ΧΡΟΝΟΥ", "chronos power", "timing", "chronos"),
    Symbol("ΔΥΝΑΜΗ ΧΡΟΝΟΥ, ΧΡΗΣΗ ΣΕ ΘΡΥΛΟ ΜΙΑΣ ΟΙΚΟΓΕΝΕΙΑΣ", "chronos, best in a family legend",
           "card field", "best_in: family"),
    Symbol("ΔΥΝΑΜΗ ΧΡΟΝΟΥ, ΧΡΗΣΗ ΣΕ ΘΡΥΛΟ ΕΝΟΣ ΕΠΙΠΕΔΟΥ", "chronos, best in a level legend",
           "card field", "best_in: level"),
    Symbol("ΔΥΝΑΜΗ ΕΛΕΥΣΙΝΕΙΩΝ", "Eleusis power", "card field", "eleusis: true"),
)
