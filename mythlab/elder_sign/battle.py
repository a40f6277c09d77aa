"""The final battle's dice, played to keep the strongest dice and to reroll what the combat
task still needs (Elder Sign rulebook, Greek edition, p.12: each completion of the Ancient
One's combat task removes a doom token, the dice left are rolled again; a failed roll sets a
die aside; a clue rerolls any dice of the roll, p.10).

Three rules, each measured against ``OddsBot``'s (its rules are meant for adventures):

- ``cheapest_completion``: the fewest dice, then the cheapest colours (green before yellow
  before red, a die held on a spell last), since the dice left are rolled again for the next
  completion. ``OddsBot`` breaks ties by the most kinds of dice and so spends a red die
  where two green ones would do.
- ``weakest_aside``: after a failed roll every die left is rolled again, so only a die's
  colour matters, not its face: set aside a green die first.
- ``best_reroll``: a clue rerolls the dice whose reroll gives the highest exact chance of
  completing the combat task (the dice kept count as they lie, ``reroll_chance``), where
  ``OddsBot`` rerolls them all.
- ``items_not_spells``: before a roll, spend the items and allies (an item's die joins this
  attack), never a spell, where ``OddsBot`` spends every card. A spell takes a rolled die
  and holds it until a completion uses it (p.9-10), and a combat task seldom takes the held
  face as it lies, so a spell cast in the battle keeps a die off roll after roll.

Measured in a battle lab: 52 awakening positions of OddsBot games (seeds 0-59, two
investigators), the battle played 10 times from each by each rule set with the same
generators (paired). ``items_not_spells`` won 21.3 % of the battles against 18.7 % for the
rules without it (+2.7 points, 95 % ±2.2); casting spells but holding the least useful die
won 5.6 %, spending no item 16.0 %; holding a die on a spell used first in completions, or a
clue kept for rerolls of 30 % or more, changed the rate by less than a point.

``battle_policy`` is these rules in the battle, ``OddsBot``'s elsewhere.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from mythlab.dice import Die, Pool
from mythlab.engine import Action

from .dice.load import elder_sign_dice
from .dice.single_roll import roll_probability
from .resolve import AO, held_dice
from .tasks import split

if TYPE_CHECKING:
    from .rules import ElderSignState

#: how precious a die is to keep for the next roll: a die held on a spell or marker most
PRECIOUS = {"green": 0, "yellow": 1, "red": 2}
HELD = 3


def in_battle(s: ElderSignState) -> bool:
    """Whether the active investigator is attacking the Ancient One (p.12)."""
    a = s.data.attempt
    return a is not None and a.card == AO


def completion_cost(action: Action) -> tuple[int, int, str]:
    """A completion's dice, then how precious they are (``PRECIOUS``), then its label."""
    use = action.args[1]
    return (sum(k for *_, k in use),
            sum(PRECIOUS.get(src, HELD) * k for src, _, k in use), action.label)


def cheapest_completion(acts: list[Action]) -> Action | None:
    """The completion with the fewest and cheapest dice (``completion_cost``), None without
    one.

    >>> from mythlab.engine import Action
    >>> red = Action("complete with green PERIL + red PERIL", "complete",
    ...              (0, (("green", "PERIL", 1), ("red", "PERIL", 1))))
    >>> green = Action("complete with green PERIL x2", "complete", (0, (("green", "PERIL", 2),)))
    >>> cheapest_completion([red, green]).label
    'complete with green PERIL x2'
    """
    done = [a for a in acts if a.kind == "complete"]
    return min(done, key=completion_cost) if done else None


def weakest_aside(acts: list[Action]) -> Action:
    """The die of the least precious colour (faces do not matter: the rest is rolled again).

    >>> from mythlab.engine import Action
    >>> acts = [Action(f"set aside {d}", "aside", (d,)) for d in ("red:PERIL", "green:LORE")]
    >>> weakest_aside(acts).label
    'set aside green:LORE'
    """
    return min(acts, key=lambda a: (PRECIOUS[split(a.args[0])[0]], a.label))


@lru_cache(maxsize=1 << 14)
def _chance(combat: str, kept: tuple[str, ...], reroll: tuple[str, ...], wild: str) -> Fraction:
    """Exact chance that ``kept`` faces (as they lie) plus a roll of ``reroll`` colours
    complete ``combat``: each kept face is a die with that one face."""
    dice = {d.name: d for d in elder_sign_dice()}
    groups: list[tuple[Die, int]] = [(dice[c], n) for c, n in sorted(Counter(reroll).items())]
    for i, (face, n) in enumerate(sorted(Counter(kept).items())):
        groups.append((Die(f"kept {face}", {face: 1}, code="K" + "ABCDEFGHIJKLMNOP"[i],
                           rank=9), n))
    return roll_probability(combat, Pool(groups), wild)


def reroll_chance(s: ElderSignState, action: Action) -> Fraction:
    """Exact chance that the reroll ``action`` (a clue's, ``args[0]`` the dice rerolled)
    completes the combat task with the dice kept and any dice held on spells or markers."""
    rolled = list(s.data.attempt.rolled)
    for die in action.args[0]:
        rolled.remove(die)
    kept = tuple(sorted(split(d)[1] for d in rolled) +
                 sorted(split(die)[1] for _, die in held_dice(s)))
    reroll = tuple(sorted(split(d)[0] for d in action.args[0]))
    return _chance(s.ancient_one.combat, kept, reroll, s.game.options["wild"])


def best_reroll(s: ElderSignState, acts: list[Action]) -> Action | None:
    """The clue reroll with the highest ``reroll_chance`` (the most dice rerolled on ties),
    None without one."""
    clues = [a for a in acts if a.kind == "clue"]
    if not clues:
        return None
    return max(clues, key=lambda a: (reroll_chance(s, a), len(a.args[0]), a.label))


def items_not_spells(s: ElderSignState, acts: list[Action]) -> Action:
    """Before a roll: spend the first item or ally offered, never a spell, else the first
    move (the roll, or giving up with no die to roll)."""
    cards = s.game.data.cards
    return next((a for a in acts if a.kind == "spend" and
                 cards[a.args[0]].effect != "hold_die"), acts[0])


def battle_policy(s: ElderSignState) -> Action | None:
    """In the battle, the move ``cheapest_completion``, ``best_reroll``, ``weakest_aside``
    or ``items_not_spells`` makes when one applies; None otherwise (then ``OddsBot``'s
    rules, which heal first)."""
    if not in_battle(s) or s.is_chance_node():
        return None
    acts = s.legal_actions()
    kinds = {a.kind for a in acts}
    if "complete" in kinds:
        return cheapest_completion(acts)
    if "clue" in kinds:
        return best_reroll(s, acts)
    if "aside" in kinds:
        return weakest_aside(acts)
    if "spend" in kinds and "heal" not in kinds:
        return items_not_spells(s, acts)
    return None
