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

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from .dice import TaskCard, parse_pool, parse_row
from .dice_words import pool_text
from .effects import free_dice, rows_of
from .odds import AdventureOdds, OddsCache, Situation
from .resolve import AO, ready_today, row_costs, terror_effects
from .tasks import CODES, COLOURS, split

if TYPE_CHECKING:
    from .rules import ElderSignState

class LiveOdds:
    """The solvers behind one game's live odds, owned by the game (``ElderSignGame.live_odds``).

    One :class:`~mythlab.elder_sign.odds.AdventureOdds` per card as it would be played now
    (rows, arrow, terror effect, costs, health, focus, allowance, wildcard), all on one
    :class:`~mythlab.elder_sign.odds.OddsCache`, so a redraw after a click is a dictionary
    lookup and equal rows of different cards are solved once.

    Examples
    --------
    >>> book = LiveOdds()
    >>> make = lambda cache: AdventureOdds("LORE", focus=0, cache=cache)
    >>> book.solver(("LORE",), make) is book.solver(("LORE",), make)
    True
    """

    BOUND = 4096
    """Solvers kept before the book starts afresh (long sessions)."""

    def __init__(self) -> None:
        self.cache = OddsCache()
        self._solvers: dict[tuple, AdventureOdds] = {}

    def solver(self, key: tuple, make: Callable[[OddsCache], AdventureOdds]) -> AdventureOdds:
        """The solver kept for ``key``, else ``make(cache)`` (kept from then on)."""
        got = self._solvers.get(key)
        if got is None:
            if len(self._solvers) >= self.BOUND:
                self._solvers.clear()
            got = self._solvers[key] = make(self.cache)
        return got


def card_solver(s: ElderSignState, name: str, *, spell: int = 0, clue: int = 0,
                health: tuple[int, int] | None = None) -> AdventureOdds:
    """The solver of card ``name`` as the active investigator would play it now.

    ``spell`` and ``clue`` are the spells and clue tokens allowed (none by default);
    ``health`` the (sanity, stamina) the task costs are counted from (the investigator's
    now by default; :func:`attempt_odds` gives them as they were when the attempt began,
    since the solver adds up the costs of the rows done). Left out:
    investigator abilities (:func:`abilities_left_out` names those in play that could
    count), items spent during the attempt, assisting investigators, dice
    already held on spells, and terror effects that do not change the dice (tokens, sanity or
    stamina lost, a monster appearing). The game keeps the solver (:class:`LiveOdds`), so
    its values are computed once per rule set.
    """
    inv = s.active
    rows = tuple(row for row, _ in rows_of(s, name))
    ordered = s.game.data.adventures[name].card.ordered
    effects = [] if s.game.data.investigators[inv.name].ability == "fearless" else \
        terror_effects(s, name)
    terror = next((t for t in ("immediate_fail", "discard_all_terror") if t in effects), None)
    costs = ";".join(f"row{r + 1}:{kind}{n}" for r, cost in enumerate(row_costs(s, name))
                     for kind, n in cost)
    health = (health or (inv.sanity, inv.stamina)) if costs else (None, None)
    m = s.mythos
    focus = 0 if m is not None and m.lasting == "no_focus" else None
    wild = s.game.options["wild"]
    key = (rows, ordered, terror, costs, health, focus, spell, clue, wild)
    return s.game.live_odds.solver(key, lambda cache: AdventureOdds(
        TaskCard(rows, ordered), wild, focus=focus, spell=spell, clue=clue, terror=terror,
        costs=costs or "none", sanity=health[0], stamina=health[1], cache=cache))


#: the abilities of the active investigator that change an attempt's chances and that
#: :func:`card_solver` leaves out: Amanda Sharpe's many tasks with one roll, Darrell
#: Simmons's, Harvey Walters's and Michael McGlen's die changes, Gloria Goldberg's dice on an
#: Other World (Jenny Barnes's and Joe Diamond's need items or clues, left out as a whole)
OWN_ABILITIES_LEFT_OUT = frozenset({"many_tasks", "raise_investigation", "terror_to_lore",
                                   "terror_to_peril", "other_world_dice"})


def abilities_left_out(s: ElderSignState) -> list[str]:
    """The investigators in play whose ability could change the live odds of the active
    investigator but that the solver leaves out (:func:`card_solver`): the active one's own
    (:data:`OWN_ABILITIES_LEFT_OUT`), and Mandy Thompson while her once-a-day reroll of
    anyone's roll is unused. Shown beside the odds, so no one reads them as exact for more
    than they count."""
    cards = s.game.data.investigators
    inv = s.active
    names = [inv.name] if inv is not None and cards[inv.name].ability in \
        OWN_ABILITIES_LEFT_OUT else []
    return names + [mandy.name for _, mandy in ready_today(s, ("daily_reroll",))]


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


def battle_solver(s: ElderSignState) -> AdventureOdds:
    """The solver of the Ancient One's combat task as one row (p.12): no focus against the
    Ancient One, no terror effect, no costs. Kept by the game like :func:`card_solver`."""
    combat = s.ancient_one.combat
    wild = s.game.options["wild"]
    return s.game.live_odds.solver((AO, combat, wild), lambda cache: AdventureOdds(
        TaskCard((parse_row(combat),), False), wild, focus=0, cache=cache))


def attempt_odds(s: ElderSignState) -> Fraction | None:
    """Exact chance of completing the adventure in progress from where the attempt stands
    now, under optimal play of the dice (no spells cast or clues spent from here on):
    the rows done, the dice to roll or on the table (every colour), the die on the active
    investigator's marker, and the dice held on spells or on an assistant's marker.

    Every stage maps onto the solver (:class:`~mythlab.elder_sign.odds.AdventureOdds`):
    ``prepare`` and ``roll`` are a decision point before the roll (its :meth:`value`);
    ``resolve`` and ``spell`` the best choice with the dice on the table (its
    :meth:`best`; a die still due on a spell is left in the roll); ``again`` and ``aside``
    the best die to set aside with the best focus after it, ``focus`` the best focus (or
    none) — terror effects of the failed roll already applied by the game. Task costs are
    counted from the health the attempt began with (the rows done are paid for already).

    Against the Ancient One it is the chance of completing the combat task once more with
    the attack's dice (:func:`battle_solver`; each completion removes a doom token, p.12).

    ``None`` with no attempt under way, for dice kept back by a clue's reroll still in the
    air, and for a card beyond the solver's bounds.
    """
    a = s.data.attempt
    if a is None or (a.stage == "roll" and a.kept):
        return None
    d = s.data
    inv = s.active
    start = (inv.sanity, inv.stamina)
    if a.card != AO:
        for r in a.done:
            for kind, n in row_costs(s, a.card)[r]:
                start = (start[0] - n, start[1]) if kind == "sanity" else \
                    (start[0], start[1] - n)
    held = [split(sp.die)[1] for sp in d.spells if sp.die]
    held += [split(p.investigator.marker)[1] for seat, p in enumerate(d.seats)
             if seat != d.turn and p.investigator and p.investigator.marker
             and p.investigator.where == a.card]
    marker = split(inv.marker)[1] if inv.marker else None
    try:
        solver = battle_solver(s) if a.card == AO else card_solver(s, a.card, health=start)
        remaining = (0,) if a.card == AO else \
            tuple(r for r in range(len(solver.rows)) if r not in a.done)
        focus_left = None if solver.focus is None else 0

        def before_roll(colours: list[str], focused: str | None) -> Fraction:
            if not colours:
                return Fraction(0)
            return solver.value(Situation(remaining, parse_pool(pool_text(colours)), focused,
                                          tuple(held), focus_left, 0, 0))

        if a.stage in ("prepare", "roll"):
            return before_roll(a.to_roll, marker)
        rolled = [split(x) for x in a.rolled]
        if a.stage in ("resolve", "spell"):
            if not rolled:
                return Fraction(0)
            faces: dict[str, list[str]] = {}
            for colour, face in rolled:
                faces.setdefault(colour, []).append(face)
            sit = Situation(remaining, parse_pool(pool_text([c for c, _ in rolled])), marker,
                            tuple(held), focus_left, 0, 0)
            roll = tuple((c, tuple(faces[c])) for c in COLOURS if c in faces)
            return solver.best(sit, roll).probability
        free = marker is None and focus_left is None
        asides = [None] if a.stage == "focus" else sorted(set(a.rolled))
        best = Fraction(0)
        for aside in asides:
            left = list(a.rolled)
            if aside is not None:
                left.remove(aside)
            for focus in [None] + (sorted(set(left)) if free else []):
                dice = list(left)
                if focus is not None:
                    dice.remove(focus)
                best = max(best, before_roll([split(x)[0] for x in dice],
                                             split(focus)[1] if focus else marker))
        return best
    except ValueError:
        return None
