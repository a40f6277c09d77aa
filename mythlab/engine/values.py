"""Values in [0, 1] per seat, as the search bot's per-game ``search_value`` hooks give them
(``GameSpec.search_value``; ``mythlab.sim.search``): the one way a game turns a worth (a
score, a lead) into each seat's chance of winning. Here, beside ``Game.evaluate``, so the
games' hooks (``mythlab/<game>/evaluate.py``) need nothing from the simulation layer."""

from __future__ import annotations

import math
from collections.abc import Sequence

from .state import State

Values = list[float]


def win_chances(worths: Sequence[float], scale: float) -> Values:
    """Each seat's chance of winning guessed from its worth (a score, a lead): the softmax of
    ``worths / scale``, so a seat ``scale`` points ahead is e times as likely to win as the
    other (in a two-player game, the logistic curve of the Elo and Bradley-Terry models). The
    ``search_value`` hooks of the games build on it.

    >>> [round(v, 3) for v in win_chances([2.0, 0.0], scale=2.0)]
    [0.731, 0.269]
    >>> win_chances([5, 5, 5], scale=1.0) == [1 / 3] * 3
    True
    """
    if not scale > 0:
        raise ValueError(f"win_chances needs a scale > 0, not {scale!r}")
    top = max(worths)
    weights = [math.exp((w - top) / scale) for w in worths]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate_chances(state: State, scale: float) -> Values:
    """``win_chances`` of each seat's ``Game.evaluate`` (the greedy bots' heuristic: a seat's
    lead over its best rival in the game's own terms) with ``scale`` of its points."""
    return win_chances([state.game.evaluate(state, p) for p in range(state.game.players)],
                       scale)
