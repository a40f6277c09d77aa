"""Elysium's ``search_value`` hook: each seat's chance of winning from its victory-point lead.

The search bot (``mythlab.sim.search``) values a rollout it cuts short with this. Victory
points decide Elysium, gold breaking ties (Elysium rulebook, Greek edition, p.10), so a seat's
worth is the greedy bots' ``evaluate``: its VP lead over the best rival if the game were scored
now, plus a tenth of its gold. A lead counts for more as the epochs run out; the leads become
chances through ``win_chances`` (softmax) with a scale that shrinks from ``EARLY_SCALE`` points
in the first epoch to ``LATE_SCALE`` in the last.

Known blind spot: a card taken counts only as gold spent until a legend is written with it in
Phase III (``LegendBot.card_value`` values domain cards; a hook built on it did worse in a
first small trial at 8 simulations, and there was no time to measure it properly). The hook
reads only what every seat sees (VP, gold).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine.values import Values, evaluate_chances

if TYPE_CHECKING:
    from .rules import ElysiumState

#: evaluation points (about VP of lead, counted from both sides) worth a factor e in the odds
EARLY_SCALE = 12.0
LATE_SCALE = 3.0


def search_value(s: ElysiumState) -> Values:
    """Each seat's chance of winning, in [0, 1], from its VP lead and the epochs left.

    The second player starts a VP ahead (turn order), so is a little more likely to win:

    >>> import mythlab
    >>> [round(v, 2) for v in search_value(mythlab.make("elysium", players=2, seed=1)
    ...                                    .initial_state())]
    [0.46, 0.54]
    """
    epochs = s.game.number("epochs")
    left = (epochs - s.data.epoch) / max(epochs - 1, 1)
    return evaluate_chances(s, LATE_SCALE + (EARLY_SCALE - LATE_SCALE) * left)
