"""The legend rules (Elysium rulebook, Greek edition, p.8-9): where a transferred card may go,
what it costs, the bonuses.

Pure functions over a seat and the card list: a level legend holds cards of one level and
different families (up to 5), a family legend cards of one family and different levels (up to
3). A legend's kind is fixed by its second card; cards never move once placed; a Citizen joins
only a legend of 2+ cards, in place of a missing card, and costs that card's level.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .load import Card
from .powers import Family
from .refs import CITIZEN_JOKER, FAMILY_LEGEND, LEVEL_LEGEND, WRITING
from .state import Seat

CAPACITY = {"family": 3, "level": 5}
Legend = list[str]


def kind(legend: Legend, cards: Mapping[str, Card]) -> str:
    """``family`` or ``level``, fixed by the second card; ``""`` for a lone card.

    The first two cards are family cards: a Citizen joins only a legend of 2+ cards.
    """
    if len(legend) < 2:
        return ""
    return "family" if cards[legend[0]].family == cards[legend[1]].family else "level"


def real_cards(legend: Legend, seat: Seat, cards: Mapping[str, Card]) -> list[Card]:
    """The family cards of a legend (its Citizens left out)."""
    return [cards[c] for c in legend if c not in seat.citizens]


def complete(legend: Legend, cards: Mapping[str, Card]) -> bool:
    """A family legend is complete at 3 cards, a level legend at 5."""
    k = kind(legend, cards)
    return bool(k) and len(legend) == CAPACITY[k]


@dataclass(frozen=True, slots=True)
class Shape:
    """What the joining rules read of a legend: its size, its kind (``""`` for a lone card),
    whether it is complete, and the families and levels of its family cards, in order.
    (Slotted: a NamedTuple's field reads are not specialized by Python 3.11.)"""

    size: int
    kind: str
    full: bool
    families: tuple[Family, ...]
    levels: tuple[int, ...]


def shape(legend: Legend, seat: Seat, cards: Mapping[str, Card]) -> Shape:
    """A legend's ``Shape`` (worked out once for all the cards a transfer may move)."""
    k = kind(legend, cards)
    real = real_cards(legend, seat, cards)
    return Shape(len(legend), k, bool(k) and len(legend) == CAPACITY[k],
                 tuple(c.family for c in real), tuple(c.level for c in real))


def why_not(legend: Legend, seat: Seat, instance: str,
            cards: Mapping[str, Card]) -> tuple[str, str] | None:
    """Why ``instance`` may not join ``legend`` (rule, reason), or None when it may."""
    return refusal(shape(legend, seat, cards),
                   None if instance in seat.citizens else cards[instance])


def refusal(legend: Shape, card: Card | None) -> tuple[str, str] | None:
    """``why_not`` for a legend of this shape and a card (None: a Citizen)."""
    k = legend.kind
    if card is None:
        if legend.size < 2:
            return CITIZEN_JOKER, "a Citizen joins only a legend that already holds 2 cards"
        if legend.full:
            return CITIZEN_JOKER, "this legend is complete: no card is missing"
        return None
    if legend.full:
        return WRITING, "this legend is complete"
    family, level = legend.families[0], legend.levels[0]
    if k == "family" or (not k and card.family == family):
        if card.family != family:
            return FAMILY_LEGEND, (f"a {family.value.capitalize()} family legend takes "
                                   f"only {family.value.capitalize()} cards")
        if card.level in legend.levels:
            return FAMILY_LEGEND, f"this family legend already has its level {card.level} card"
        return None
    if card.level != level:
        return LEVEL_LEGEND, (f"a level {level} legend takes only level {level} "
                              f"cards, and a family legend only one family")
    if card.family in legend.families:
        return LEVEL_LEGEND, (f"this level legend already has a "
                              f"{card.family.value.capitalize()} card")
    return None


def citizen_level(legend: Legend, seat: Seat, cards: Mapping[str, Card]) -> int:
    """The level of the card a Citizen replaces in ``legend``: what its transfer costs (p.9)."""
    return missing_level(shape(legend, seat, cards))


def missing_level(legend: Shape) -> int:
    """``citizen_level`` for a legend of this shape."""
    if legend.kind == "level":
        return legend.levels[0]
    return min({1, 2, 3} - set(legend.levels))


def places(seat: Seat, instance: str, cards: Mapping[str, Card]) -> list[tuple[int, int]]:
    """Where ``instance`` may go, as (legend index or -1 for a new legend, its level cost)."""
    card = None if instance in seat.citizens else cards[instance]
    out = [] if card is None else [(-1, card.level)]
    for i, legend in enumerate(seat.legends):
        level = joining_level(shape(legend, seat, cards), card)
        if level is not None:
            out.append((i, level))
    return out


def joining_level(legend: Shape, card: Card | None) -> int | None:
    """The level a card (None: a Citizen) pays to join a legend of this shape (p.9), or None
    when it may not join it."""
    if refusal(legend, card) is not None:
        return None
    return missing_level(legend) if card is None else card.level


class LegendView:
    """What transfer offers read of one legend: its shape, its description and what each card
    pays to join it, worked out once for each legend content (``ElysiumState.legend_view``)."""

    __slots__ = ("shape", "detail", "_levels")

    def __init__(self, legend: Legend, seat: Seat, cards: Mapping[str, Card],
                 levels: dict[Shape, dict[str | None, int | None]]):
        self.shape = shape(legend, seat, cards)
        #: the legend as a transfer's note describes it
        self.detail = f" ({describe(legend, seat, cards)})"
        #: see ``level``: what a card pays depends on the legend's shape alone, so the views
        #: of one shape share this table (``levels``, by shape, for the cards of ``cards``)
        self._levels = levels.setdefault(self.shape, {})

    def level(self, instance: str, card: Card | None) -> int | None:
        """``joining_level`` of ``card``, the card of ``instance`` (None: a Citizen, whichever
        card it is), worked out once per card and legend shape."""
        key = None if card is None else instance
        try:
            return self._levels[key]
        except KeyError:
            found = self._levels[key] = joining_level(self.shape, card)
            return found


def put(seat: Seat, instance: str, index: int) -> Legend:
    """Place a card: a new legend for -1, else at the end of an existing one (never moved)."""
    if index < 0:
        seat.legends.append([instance])
    else:
        seat.legends[index].append(instance)
    return seat.legends[index]


def describe(legend: Legend, seat: Seat, cards: Mapping[str, Card]) -> str:
    """``Hades family legend (2/3)``, ``level 2 legend (4/5)``, ``lone Cerberus``."""
    real, k = real_cards(legend, seat, cards), kind(legend, cards)
    if not k:
        return f"lone {real[0].name.en}"
    if k == "family":
        what = f"{real[0].family.value.capitalize()} family legend"
    else:
        what = f"level {real[0].level} legend"
    return f"{what} ({len(legend)}/{CAPACITY[k]})"
