"""Live odds of the adventure cards in play, for the active investigator's green dice.

Used by the Stepper view (``mythlab.widgets.elder_sign``) and by ``bots.OddsBot``. Each card is
solved by :class:`~mythlab.games.elder_sign.odds.AdventureOdds` as it stands (monsters
included), once per (task rows, order, terror effect, pool, wildcard reading).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mythlab.dice import TaskCard

from .effects import free_dice, rows_of
from .odds import AdventureOdds
from .tasks import CODES

if TYPE_CHECKING:
    from .rules import ElderSignState

_ODDS: dict[tuple, Fraction] = {}


def card_odds(s: ElderSignState, name: str, pool: str) -> Fraction:
    """Exact chance of resolving the card as it stands (monsters included) with ``pool``.

    Cached per (task rows, order, terror effect, pool, wildcard reading).
    """
    adventure = s.game.data.adventures[name]
    rows = tuple(row for row, _ in rows_of(s, name))
    wild = s.game.options["wild"]
    key = (rows, adventure.card.ordered, adventure.dice_terror, pool, wild)
    if key not in _ODDS:
        card = TaskCard(rows, adventure.card.ordered)
        _ODDS[key] = AdventureOdds(card, wild, terror=adventure.dice_terror).probability(pool)
    return _ODDS[key]


def green_pool(s: ElderSignState) -> str:
    """The green dice the active investigator would roll now (locked and held dice excluded)."""
    a = s.data.attempt
    if a is None:
        n = free_dice(s, "green")
    else:  # the attempt's green dice, wherever they are now
        markers = [p.investigator.marker for p in s.data.seats if p.investigator]
        n = (a.to_roll.count("green") + a.used.count("green") + a.aside.count("green")
             + sum(1 for x in a.rolled + a.kept + markers if x.startswith("green:")))
    return f"{n}{CODES['green']}" if n else ""
