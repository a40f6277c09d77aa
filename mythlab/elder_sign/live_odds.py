"""Live odds of the adventure cards in play, for the active investigator's green dice.

Used by the game's view (:mod:`.view`) and by ``bots.OddsBot``. Each card is
solved by :class:`~mythlab.elder_sign.odds.AdventureOdds` as the game would play it now
(:func:`card_solver`): its rows with the monsters on them, the arrow, the dice-changing terror
effects of the card and the Mythos card, task costs against the investigator's sanity and
stamina, and focus unless the Mythos card forbids it. The game and the solver play one rule set
(``tests/test_elder_sign_game_odds.py`` checks them against each other); what the solver leaves
out is listed in :func:`card_solver`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .dice import TaskCard
from .effects import free_dice, rows_of
from .odds import AdventureOdds
from .resolve import row_costs, terror_effects
from .tasks import CODES

if TYPE_CHECKING:
    from .rules import ElderSignState

_SOLVERS: dict[tuple, AdventureOdds] = {}


def card_solver(s: ElderSignState, name: str, *, spell: int = 0, clue: int = 0
                ) -> AdventureOdds:
    """The solver of card ``name`` as the active investigator would play it now.

    ``spell`` and ``clue`` are the spells and clue tokens allowed (none by default). Left out:
    investigator abilities, items spent during the attempt, assisting investigators, dice
    already held on spells, and terror effects that do not change the dice (tokens, sanity or
    stamina lost, a monster appearing). Solvers are shared per rule set (cached).
    """
    inv = s.active
    rows = tuple(row for row, _ in rows_of(s, name))
    ordered = s.game.data.adventures[name].card.ordered
    effects = [] if s.game.data.investigators[inv.name].ability == "fearless" else \
        terror_effects(s, name)
    terror = next((t for t in ("immediate_fail", "discard_all_terror") if t in effects), None)
    costs = ";".join(f"row{r + 1}:{kind}{n}" for r, cost in enumerate(row_costs(s, name))
                     for kind, n in cost)
    health = (inv.sanity, inv.stamina) if costs else (None, None)
    m = s.mythos
    focus = 0 if m is not None and m.lasting == "no_focus" else None
    wild = s.game.options["wild"]
    key = (rows, ordered, terror, costs, health, focus, spell, clue, wild)
    got = _SOLVERS.get(key)
    if got is None:
        if len(_SOLVERS) > 4096:  # a bound for long sessions
            _SOLVERS.clear()
        got = _SOLVERS[key] = AdventureOdds(
            TaskCard(rows, ordered), wild, focus=focus, spell=spell, clue=clue, terror=terror,
            costs=costs or "none", sanity=health[0], stamina=health[1])
    return got


def card_odds(s: ElderSignState, name: str, pool: str) -> Fraction | None:
    """Exact chance of resolving the card as it stands (monsters included) with ``pool``,
    no spells or clues (see :func:`card_solver`; its values are memoised); ``None`` for a
    card beyond the solver's bounds (monsters piled on it: :data:`odds.MAX_ROWS`)."""
    try:
        return card_solver(s, name).probability(pool)
    except ValueError:
        return None


def green_pool(s: ElderSignState) -> str:
    """The green dice the active investigator would roll now (locked and held dice excluded)."""
    a = s.data.attempt
    if a is None:
        n = free_dice(s, "green")
    else:  # the attempt's green dice, wherever they are now
        markers = [p.investigator.marker for p in s.data.seats if p.investigator]
        n = (a.to_roll.count("green") + a.used.count("green") + a.aside.count("green")
             + sum(1 for x in a.rolled + a.kept + markers if x.startswith("green:")))
    return f"{n}{CODES['green']}" if n else ""
