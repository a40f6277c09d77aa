"""Elder Sign's ``search_policy`` and ``search_rollout`` hooks: which moves the search bot
searches, and how its rollouts play.

Measured under ``OddsBot`` play (two investigators): 991 of 1,000 games reach the
awakening, and the final battle decides the game (p.12). Played by these rules from 52
awakening positions (10 battles each), the battle was won 78 times in 90 against Yig, 27 in
50 against Ithaqua, 5 in 60 against Nyarlathotep, once in 50 against Cthulhu and never in
270 against Hastur, Shub-Niggurath and Yog-Sothoth; Azathoth ends the game as he wakes.
So the search is spent where the team's choices meet the battle:

- ``search_policy`` settles by rules every move but those (``settled``): the dice of an
  adventure by their exact odds (:mod:`.adventure_play`), the dice of the battle by
  :mod:`.battle`'s, the choice of a card far from the awakening by ``OddsBot``'s exact
  odds, or always an adventure in a race for the Elder Signs, and the Entrance's buys by
  :mod:`.adventure_play` (a search of the card on the learned value lost more games;
  ``PlannerBot`` plays these rules alone). It answers None, so the bot searches, for the battle's
  choices that trade one resource for another (``BATTLE_CHOICES``: whom to heal, which
  maximum to lose; the cards are spent by :mod:`.battle`'s ``items_not_spells``) and for
  the choice of an adventure or the Entrance once the doom track is ``NEAR`` full (how the
  team meets the battle).
- ``search_rollout`` plays those rules from there to the end of the game, once the Ancient
  One is awake or near, so the search values such a move by playing the battle out; far
  from the awakening it answers None and the learned value (``evaluate.search_value``)
  values the position.
- The rules' move is also the search's default at the root (``SearchBot``'s control arm):
  half the simulations play it, and the search plays another move only when that move's
  mean beats it by two standard errors. Picking the most visited move instead lost
  3.6 points a game to these rules (search@128 184/1000 against ``PlannerBot``'s 220/1000).

Measured (two investigators, team games, the ladder's seeds 0-999,
``scripts/ladder.py --game elder_sign --only odds,planner,search@128 --games 1000
--search-games 1000 --processes 2``): the search team won 226/1000 (22.6 %, Wilson 95 %
[20.1 %, 25.3 %]), OddsBot's team 143/1000 (14.3 %, [12.3 %, 16.6 %]): the intervals are
apart. The rules alone (``PlannerBot``) won 220/1000 (22.0 %, [19.5 %, 24.7 %]). With the
Ancient Ones above, no team wins much more than a quarter of the games. 0.019 CPU s a move
on average, 7.6 s at worst (a battle choice, each of its 128 simulations a battle played
out).

Every function reads only what every seat sees (the board, the tracks, the attempt), as
the search bot's determinized states require.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine import Action

from .adventure_play import adventure_move
from .battle import battle_policy
from .bots import OddsBot

if TYPE_CHECKING:
    from .rules import ElderSignState

#: doom tokens left before the awakening at which the choice of an adventure is searched
NEAR = 1
#: the battle's move kinds that trade resources, searched when offered with another move
BATTLE_CHOICES = frozenset({"heal", "max", "helper"})

_ODDS = OddsBot()


def near_awakening(s: ElderSignState) -> bool:
    """Whether the Ancient One is awake, or ``NEAR`` doom tokens or fewer from awakening
    (not for an Ancient One that ends the game when it awakes: no battle to prepare)."""
    d = s.data
    if d.awake:
        return True
    ao = s.ancient_one
    return ao.awakening != "devour_all" and ao.doom - d.doom <= NEAR


def rules_move(s: ElderSignState) -> Action:
    """The move the rules make: :func:`.battle.battle_policy`, else
    :func:`.adventure_play.adventure_move`, else ``OddsBot``'s."""
    return battle_policy(s) or adventure_move(s) or _ODDS(s)


class PlannerBot:
    """The search bot's rules without the search (:func:`rules_move`): ``OddsBot``'s, with
    the battle's (:mod:`.battle`) and the adventures' (:mod:`.adventure_play`); a rung of
    the ladder between ``odds`` and ``search``."""

    name = "planner"

    def __init__(self, seed: int = 0):
        """Seeded like every bot, though the rules draw nothing (chance is the game's)."""

    def __call__(self, s: ElderSignState) -> Action:
        """A sampled outcome at a chance node, else :func:`rules_move`."""
        return s.sample_chance() if s.is_chance_node() else rules_move(s)


def searched(s: ElderSignState) -> bool:
    """Whether the search bot searches this decision (see the module docstring)."""
    kinds = {a.kind for a in s.legal_actions()}
    if s.data.awake:
        return bool(kinds & BATTLE_CHOICES) and battle_policy(s) is None
    return "move" in kinds and near_awakening(s)


def settled(s: ElderSignState) -> Action | None:
    """Elder Sign's ``search_policy`` hook: the rules' move, or None where the bot
    searches (``searched``)."""
    if s.is_chance_node() or s.is_terminal():
        return None
    return None if searched(s) else rules_move(s)


def rollout_move(s: ElderSignState) -> Action | None:
    """Elder Sign's ``search_rollout`` hook: the rules' move once the Ancient One is awake
    or near, else None (the learned value takes over)."""
    return rules_move(s) if near_awakening(s) else None
