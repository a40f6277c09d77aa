"""Cyclades' ``search_value`` hook: each seat's chance of winning from its progress towards
Metropolises.

The search bot (``mythlab.sim.search``) values a rollout it cuts short with this. Metropolises
decide Cyclades (two win, three with two players; Cyclades rulebook, Greek edition,
p.6), so a seat's worth is the greedy bots' ``evaluate``: 100 points a Metropolis and smaller
amounts for what leads to one (building kinds, philosophers, islands, revenue, gold, troops,
fleets, priests), as a lead over the best rival. The leads become chances through
``win_chances`` (softmax) with ``SCALE`` points for a factor e.

The hook reads the state it is given; the search only gives it determinized states
(``resample_hidden``), so it never sees the order of the creature deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine.values import Values, evaluate_chances

if TYPE_CHECKING:
    from .rules import CycladesState

#: evaluation points (a Metropolis is 100, counted from both sides) worth a factor e in the odds
SCALE = 60.0


def search_value(s: CycladesState) -> Values:
    """Each seat's chance of winning, in [0, 1], from its lead towards Metropolises.

    >>> import mythlab
    >>> [round(v, 3) for v in search_value(mythlab.make("cyclades", players=3, seed=1)
    ...                                    .initial_state())]
    [0.333, 0.333, 0.333]
    """
    return evaluate_chances(s, SCALE)
