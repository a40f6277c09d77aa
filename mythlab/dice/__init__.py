"""Exact dice: faces as data, mixed pools, multiset outcomes, task matching and odds.

Game-independent pieces (:class:`Die`, :class:`Pool`, :func:`outcomes`) work for any dice;
task matching uses the Elder Sign vocabulary (``INV_n``, ``LORE``, ``PERIL``, ``TERROR``,
the red die's ``WILD``). Probabilities are exact ``Fraction`` values; the sympy layer lives
in :mod:`mythlab.dice.symbolic` (imported on demand).

>>> from mythlab.dice import outcomes, roll_probability, cheapest_completion
>>> len(outcomes("6G"))
462
>>> roll_probability("INV_3,LORE", "6G")
Fraction(8953, 15552)
"""

from mythlab.engine.multiset import weighted_counts, weighted_multisets

from .die import Die, Face
from .faces import (
    BLANK,
    LORE,
    PERIL,
    SYMBOLS,
    TERROR,
    WILD,
    DiceValueError,
    WildReading,
    investigation,
)
from .load import DiceSet, elder_sign_dice, load_dice, resolve_wild
from .matching import Completion, Matcher, can_complete, cheapest_completion
from .odds import roll_probability, success_weight
from .pool import Pool, Roll, outcomes, parse_pool, weighted_outcomes
from .tasks import Requirement, Row, TaskCard, as_row, parse_row, parse_task


def clear_caches() -> None:
    """Forget every cached pool, outcome list, match and probability (for benchmarks)."""
    from . import load, matching, odds, pool, tasks

    for f in (pool._parse, pool.weighted_outcomes, pool._fraction_outcomes, matching.feasible,
              matching._can_complete, matching._cheapest, matching._cached_key,
              odds._projection, odds._probability, tasks.parse_row, tasks.parse_task,
              load.elder_sign_dice):
        f.cache_clear()


__all__ = [
    "BLANK", "LORE", "PERIL", "SYMBOLS", "TERROR", "WILD", "Completion", "DiceSet",
    "DiceValueError", "Die",
    "Face", "Matcher", "Pool", "Requirement", "Roll", "Row", "TaskCard", "WildReading",
    "as_row", "can_complete", "cheapest_completion", "clear_caches", "elder_sign_dice",
    "investigation", "load_dice", "outcomes", "parse_pool", "parse_row", "parse_task",
    "resolve_wild", "roll_probability", "success_weight", "weighted_counts",
    "weighted_multisets", "weighted_outcomes",
]
