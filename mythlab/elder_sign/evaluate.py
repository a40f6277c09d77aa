"""Elder Sign's ``search_value`` hook: the team's chance of sealing the Ancient One, guessed from
Elder Signs against doom and from the exact odds of the adventure in progress.

The search bot (``mythlab.sim.search``) values a rollout it cuts short with this. Elder Sign
is cooperative: the investigators win together when they hold the Elder Signs the Ancient One
needs; when the doom track fills, the Ancient One awakens and they must defeat it (Elder Sign
rulebook, Greek edition, pp.11-12). The team's worth is the greedy bots' ``evaluate`` (12
points an Elder Sign, -4 a doom token, and the investigators' health, cards, clues and
trophies) plus what the adventure under way is
expected to bring: the exact chance ``p`` of completing its card from where the attempt stands
(``AdventureOdds`` through ``live_odds.attempt_odds``: rows done, dice to roll or on the table,
focused and held dice; at the attempt's start the odds ``OddsBot`` plays by) times its
rewards, and ``1 - p`` times its penalties. Since ``p`` is the solver's value under optimal
play, the search's one-step lookahead over the dice (which task to complete, which die to set
aside or focus, when to stop) plays them as the solver does. In the final battle the attack
is worth a doom token's 4 points times the exact chance of completing the combat task once
more with the dice left (each completion removes a doom token, p.12). That worth becomes a chance
through the logistic curve, centred on half the Elder Signs needed (``worth_chance``).

Every seat gets the same value (one team). The hook reads only what every seat sees: the
board, the investigators, the attempt, the counts of the Elder Signs and doom.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from mythlab.engine.values import Values

from .bots import WORTH, evaluate, token_value
from .effects import rows_of
from .live_odds import attempt_odds, card_odds, green_pool
from .resolve import AO, penalty_tokens, reward_tokens

if TYPE_CHECKING:
    from .rules import ElderSignState

#: a completed card is worth its rewards plus this (its trophy, a card off the board), as
#: ``bots.card_value`` counts it
TROPHY = 2.0


def attempt_worth(s: ElderSignState) -> float:
    """What the adventure in progress is expected to bring (0 without one): ``p × rewards +
    (1 - p) × penalties``, ``p`` the exact chance of completing
    the card from where the attempt stands (``live_odds.attempt_odds``: rows done, dice to
    roll or on the table, focused and held dice), so one step of lookahead plays the dice
    as the solver does. Where that chance is not modelled (dice kept back by a clue still
    in the air, a card beyond the solver's bounds) ``p`` is the chance of the card from its
    start with the attempt's green dice, raised by the share of its rows done. Against the
    Ancient One, a doom token's worth times the exact chance of completing the combat task
    once more with the attack's dice (so the lookahead spends as few dice as it may)."""
    a = s.data.attempt
    if a is None:
        return 0.0
    exact = attempt_odds(s)
    if a.card == AO:  # one more doom token off the track (p.12)
        return -WORTH["doom"] * float(exact or 0)
    if exact is not None:
        p = float(exact)
    else:
        pool = green_pool(s)
        start = card_odds(s, a.card, pool) if pool else None
        p = float(start) if start is not None else 0.0
        rows = len(rows_of(s, a.card))
        p += (1.0 - p) * min(len(a.done), rows) / max(rows, 1)
    return p * (token_value(reward_tokens(s, a.card)) + TROPHY) + \
        (1.0 - p) * token_value(penalty_tokens(s, a.card))


def worth_chance(s: ElderSignState, worth: float) -> float:
    """A team worth as a chance in (0, 1): the logistic curve centred on half the Elder Signs
    the Ancient One needs, a quarter of their worth for a factor e in the odds."""
    full = WORTH["elder_sign"] * s.ancient_one.elder_signs
    return 1.0 / (1.0 + math.exp(-(worth - full / 2) / (full / 4)))


def search_value(s: ElderSignState) -> Values:
    """The team's chance of winning, in [0, 1], the same for every seat.

    >>> import mythlab
    >>> state = mythlab.make("elder_sign", players=2, seed=1).initial_state()
    >>> [round(v, 2) for v in search_value(state)]
    [0.25, 0.25]
    """
    d = s.data
    if d.result:
        return [1.0 if d.result.startswith("won") else 0.0] * s.game.players
    value = worth_chance(s, evaluate(s, 0) + attempt_worth(s))
    return [value] * s.game.players
