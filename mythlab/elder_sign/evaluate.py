"""Elder Sign's ``search_value`` hook: the team's chance of sealing the Ancient One, from a model
fitted to games and from the exact odds of the adventure in progress.

The search bot (``mythlab.sim.search``) values a rollout it cuts short with this. Elder Sign
is cooperative: the investigators win together when they hold the Elder Signs the Ancient One
needs; when the doom track fills, the Ancient One awakens and they must defeat it (Elder Sign
rulebook, Greek edition, pp.11-12). The chance of a position is the learned logistic model of
:mod:`mythlab.elder_sign.learned` (fitted by ``scripts/fit_es_value.py`` to OddsBot games:
Elder Signs still needed, doom, the investigators' health, clues, cards by kind and trophies,
the Ancient One, the board; one model before the awakening, one for the battle). With an
adventure under way it is ``p`` times the model's chance once the card's rewards and trophy
are won plus ``1 - p`` times its chance once the penalties are paid, ``p`` the exact chance of
completing the card from where the attempt stands (``AdventureOdds`` through
``live_odds.attempt_odds``: rows done, dice to roll or on the table, focused and held dice),
so a lookahead over the dice plays them as the solver does while what an item, clue or point
of health spent costs the team is the model's measured worth. In the final battle the attack
is worth the chance of completing the combat task once more with the dice left times the
model's chance with a doom token fewer (each completion removes one, p.12).

The game's ``search_policy`` and ``search_rollout`` are :mod:`.search_play`'s (the
search is spent on the battle's resource choices and the last choices before it, the rest
follows rules); this value values a position where a rollout stops, far from the
awakening. An earlier policy let the search choose every card on this value and lost more
(8/100 two-investigator games, OddsBot 17/100 on the same seeds), and so did one step of
lookahead on it for the dice (3/30 games with OddsBot's other choices, where OddsBot won
11/30). The hand-made worth it replaced (12 points an Elder Sign, -4 a doom token, 1.5 a card
or point of health) made the search spend what the team needs in the battle that 195 of 200
OddsBot games reach; its search team won 8-9 % of two-investigator games, OddsBot's 16 %.

Every seat gets the same value (one team). The hook reads only what every seat sees: the
board, the investigators, the attempt, the counts of the Elder Signs and doom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine.values import Values

from .effects import rows_of
from .live_odds import attempt_odds, card_odds, green_pool
from .load import PLAYER_KINDS, parse_token
from .resolve import AO, penalty_tokens, reward_tokens

if TYPE_CHECKING:
    from .rules import ElderSignState

def search_value(s: ElderSignState) -> Values:
    """The team's chance of winning, in [0, 1], the same for every seat: the learned model
    (``learned.fitted``) of the position, and in an adventure the exact chance ``p`` of
    completing it weighing the model's chance with its rewards (and trophy) against the
    chance with its penalties (``learned_chance``).

    >>> import mythlab
    >>> state = mythlab.make("elder_sign", players=2, seed=1).initial_state()
    >>> 0 < search_value(state)[0] < 0.5
    True
    """
    d = s.data
    if d.result:
        return [1.0 if d.result.startswith("won") else 0.0] * s.game.players
    return [learned_chance(s)] * s.game.players


def learned_chance(s: ElderSignState) -> float:
    """The team's chance of winning by the learned model; with an adventure under way, ``p``
    times the chance once its rewards and trophy are won plus ``1 - p`` times the chance once
    its penalties are paid (``p`` from ``attempt_chance``); against the Ancient One,
    ``p`` (one more completion of the combat task) times the chance with a doom token fewer,
    a win when it is the last."""
    from .effects import trophy_value
    from .learned import fitted, observe

    model = fitted()
    a = s.data.attempt
    if a is None:
        return model.chance(observe(s))
    p = attempt_chance(s)
    if a.card == AO:
        if s.data.doom <= 1:
            return p + (1.0 - p) * model.chance(observe(s))
        return p * model.chance(observe(s, [("doom", -1)])) + \
            (1.0 - p) * model.chance(observe(s))
    won = model.chance(observe(s, _tokens(reward_tokens(s, a.card)),
                               trophy_value(s, "adventure:" + a.card)))
    lost = model.chance(observe(s, _tokens(penalty_tokens(s, a.card))))
    return p * won + (1.0 - p) * lost


def attempt_chance(s: ElderSignState) -> float:
    """The chance of completing the attempt in progress (against the Ancient One, of
    completing the combat task once more): exact where ``live_odds.attempt_odds`` models the
    attempt; else the chance of the card from its start with the attempt's green dice, raised
    by the share of its rows done."""
    a = s.data.attempt
    exact = attempt_odds(s)
    if a.card == AO or exact is not None:
        return float(exact or 0)
    pool = green_pool(s)
    start = card_odds(s, a.card, pool) if pool else None
    p = float(start) if start is not None else 0.0
    rows = len(rows_of(s, a.card))
    return p + (1.0 - p) * min(len(a.done), rows) / max(rows, 1)


def _tokens(tokens: list[str]) -> list[tuple[str, int]]:
    return [parse_token(t, PLAYER_KINDS) for t in tokens]
