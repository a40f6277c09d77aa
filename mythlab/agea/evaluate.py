"""Agea's ``search_value`` hook: each seat's chance of winning from its victory-point lead.

The search bot (``mythlab.sim.search``) values a rollout it cuts short with this. Victory
points decide Agea (Agea rulebook, English edition, Victory), so a seat's worth is the greedy
bots' ``evaluate``: its VP lead over the best rival plus a little for active heroes and traits.
A lead counts for more as the deck runs out, since fewer cards are left to turn it round; the
leads become chances through ``win_chances`` (softmax) with a scale that shrinks from
``EARLY_SCALE`` points at the first card to ``LATE_SCALE`` at the last.

The hook reads the state it is given; the search only gives it determinized states
(``resample_hidden``), so the rivals' hands it counts are redrawn ones, never the true hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine.values import Values, evaluate_chances

if TYPE_CHECKING:
    from .rules import AgeaState

#: evaluation points (about VP of lead, counted from both sides) worth a factor e in the odds
EARLY_SCALE = 6.0
LATE_SCALE = 1.5


def search_value(s: AgeaState) -> Values:
    """Each seat's chance of winning, in [0, 1], from its VP lead and the cards left.

    >>> import mythlab
    >>> search_value(mythlab.make("agea", players=2, seed=1).initial_state())
    [0.5, 0.5]
    """
    left = len(s.data.deck) / max(len(s.game.deck), 1)
    return evaluate_chances(s, LATE_SCALE + (EARLY_SCALE - LATE_SCALE) * left)
