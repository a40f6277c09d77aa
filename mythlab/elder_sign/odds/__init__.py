"""Elder Sign: the exact chance of completing a whole adventure card under optimal play.

Rules (Elder Sign rulebook, Greek edition, pp. 5-11, "Επίλυση Περιπέτειας" and "Άλλοι
Κανόνες"):

* The investigator rolls their dice (6 green; a Common Item adds a yellow die, a Unique Item
  a red one) and may complete **one** task (row) with the roll; the dice put on it are used
  up, and the rest are rolled again for the next task. An arrow on the card means the rows
  are done in order, top to bottom.
* A roll that completes nothing (or that the player chooses not to use) is a **failed roll**:
  the player sets aside one die of that roll (their choice — colours matter), may **focus**
  one other die (it stays on their marker, unrolled, until used; the marker holds one die),
  and rolls the rest. Or they give up, and the adventure fails.
* A **spell** is played before a roll (p.9); one die of that roll (any, the player's choice
  once it is seen) then stays on it, unrolled, until used. A **clue** token, spent after a
  roll, rerolls any chosen dice of it (p.10; the dice on spells stay).
* When no die is left to roll the attempt is over (a roll needs at least one die: mythlab
  ruling 'no-roll-without-dice').
* A task whose cost (sanity, stamina) would take the investigator to 0 cannot be completed
  (p.7; ``sanity=``, ``stamina=``, the card's ``task_costs``).
* Monster tasks (pp. 10-11): a monster marker replaces a full monster task, covers all but
  the kept symbol of a partial one, or adds a row (an empty monster task, or under the last
  task); ``monsters=``, the card's ``monster_slot``, :func:`place_monsters`.

Counts for odds: ``focus=None`` lets the player focus whenever the marker is free,
``focus=N`` allows at most N focus actions (still one die on the marker at a time);
``spell=N`` spells (several may hold dice of one roll, one each) and ``clue=N`` clue tokens
are available. Published solver tables use ``focus`` as a count (that solver lets several
dice be focused at once, so its rows for 2 or more focus would differ). Held dice count for
any remaining row and may complete one on their own, but a roll needs at least one die to
roll.

The game (:mod:`mythlab.elder_sign.rules`) plays the same rules: expectimax over its own
moves equals these values (``tests/test_elder_sign_game_odds.py``).

Modelling choices: the public optimal solver github.com/englishcatfish/ElderSign (BSD-3),
whose published table this package reproduces with ``cast="after"``, lets the player spend a
spell after seeing the roll it holds a die from; the rulebook (p.9) has it cast before the
roll, the default ``cast="before"``. Only dice that can serve a remaining task are focused,
or with ``cast="after"`` spelled (holding any other die is never better, terror effects
aside). The dice-affecting terror effects of the adventure list (``immediate_fail``: a failed
roll showing a terror ends the adventure; ``discard_all_terror``: a failed roll's terror dice
are set aside too) are modelled with ``terror=``; other terror effects (tokens, sanity or
stamina lost on a terror), locked dice and Mythos effects are not. Task costs are fixed per
row and every row must be completed, so they decide whether the card can be completed at
all (a row they forbid leaves the card impossible anyway); a row added under the last task
is the card's new last task, so on an arrow card it is done last (p.11, as the game plays
it).

The modules, by concern: :mod:`.solver` (the public :class:`AdventureOdds`,
:func:`adventure_odds`, :func:`odds_table`), :mod:`.model` (:class:`Situation`,
:class:`Choice`, :class:`Simulation`, the bounds), :mod:`.cards` (the 56 cards),
:mod:`.monsters` (task costs, monster tasks), and the engine behind the values:
:mod:`.engine` (decision points), :mod:`.frontiers` (the ways a roll completes a row),
:mod:`.clues` (rerolls), :mod:`.rolls` (projected rolls), :mod:`.values` and
:mod:`.tables` (:class:`OddsCache`: the tables solvers of many cards share, with their lock;
each solver owns one unless given one to share, so nothing is cached at module level).

>>> from mythlab.elder_sign.odds import adventure_odds
>>> p = adventure_odds("PERIL,PERIL > LORE,LORE", "6G", wild="faq", focus=0)
>>> f"{float(p):.6%}"          # the published solver prints 7.413286
'7.413286%'
"""

from .cards import Adventure, adventure, adventures, load_adventures
from .model import (
    MAX_CLUES,
    MAX_DICE,
    MAX_FOCUS,
    MAX_POSITIONS,
    MAX_REQUIREMENTS,
    MAX_ROWS,
    MAX_SPELLS,
    SCENARIOS,
    TERROR_EFFECTS,
    Choice,
    Simulation,
    Situation,
    check_allowance,
    check_dice,
    check_rows,
)
from .monsters import MonsterSpec, parse_monster_slots, parse_task_costs, place_monsters
from .solver import AdventureOdds, adventure_odds, odds_table
from .tables import OddsCache

__all__ = [
    "MAX_CLUES", "MAX_DICE", "MAX_FOCUS", "MAX_POSITIONS", "MAX_REQUIREMENTS", "MAX_ROWS",
    "MAX_SPELLS", "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice",
    "MonsterSpec", "OddsCache", "Simulation", "Situation", "adventure", "adventure_odds",
    "adventures", "check_allowance", "check_dice", "check_rows", "load_adventures",
    "odds_table", "parse_monster_slots", "parse_task_costs", "place_monsters",
]
