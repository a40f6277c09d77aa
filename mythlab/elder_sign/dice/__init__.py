"""Elder Sign's dice: the face words, task rows, matching a roll to a row, single-roll odds.

Built on the game-independent :mod:`mythlab.dice` (dice, pools, multiset outcomes, dice
files): the three Elder Sign dice (``elder_sign_dice``; pool specs such as ``"6G+Y+R"``
name them), task notation (``INV_n``, ``LORE``, ``PERIL``, ``TERROR``, rows joined by ``|``
or ``>``), the red die's wildcard readings, which dice complete a row and the exact chance
that one roll does. Probabilities are ``Fraction`` values; the sympy layer lives in
:mod:`mythlab.elder_sign.dice.symbolic` (imported on demand). Rules: Elder Sign rulebook,
Greek edition, p.6.

>>> from mythlab.elder_sign.dice import outcomes, roll_probability
>>> len(outcomes("6G"))
462
>>> roll_probability("INV_3,LORE", "6G")
Fraction(8953, 15552)
"""

from .faces import (
    BLANK,
    FACES,
    LORE,
    PERIL,
    SYMBOLS,
    TERROR,
    WILD,
    WildReading,
    investigation,
    is_face,
)
from .load import ElderSignDice, elder_sign_dice, load_dice, outcomes, parse_pool, resolve_wild
from .matching import (
    Completion,
    Matcher,
    ReadingKey,
    Wild,
    can_complete,
    cheapest_completion,
    reading_key,
)
from .rows import Requirement, Row, RowLike, TaskCard, as_row, parse_row, parse_task
from .single_roll import roll_probability, success_weight


def clear_caches() -> None:
    """Forget every memoised dice file, row, match and single-roll probability, and the
    pools and outcomes of :mod:`mythlab.dice` (for benchmarks that time cold)."""
    from mythlab import dice

    from . import load, matching, rows, single_roll

    for f in (matching.feasible, matching._can_complete, matching._cheapest,
              matching._cached_key, single_roll._projection, single_roll._probability,
              rows.parse_row, rows.parse_task, load.elder_sign_dice):
        f.cache_clear()
    dice.clear_caches()


__all__ = [
    "BLANK", "FACES", "LORE", "PERIL", "SYMBOLS", "TERROR", "WILD", "Completion",
    "ElderSignDice", "Matcher", "ReadingKey", "Requirement", "Row", "RowLike", "TaskCard",
    "Wild", "WildReading", "as_row", "can_complete", "cheapest_completion", "clear_caches",
    "elder_sign_dice", "investigation", "is_face", "load_dice", "outcomes", "parse_pool",
    "parse_row", "parse_task", "reading_key", "resolve_wild", "roll_probability",
    "success_weight",
]
