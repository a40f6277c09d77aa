"""What the odds solver talks about: decision points, choices, simulations, and its bounds.

:class:`Situation` is a decision point just before a roll, :class:`Choice` one thing the
player may do with a roll (and its exact chance of success), :class:`Simulation` a Monte Carlo
run of the optimal policy. The bounds (``MAX_*``) keep every question within seconds and a
few hundred MB: :class:`~mythlab.elder_sign.odds.AdventureOdds` refuses more with a
``ValueError`` naming the parameter and the limit (``mythlab odds`` prints it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Literal

from mythlab.dice import Pool, Roll

from ..dice import Row

TERROR_EFFECTS: tuple[str, ...] = ("immediate_fail", "discard_all_terror")
"""The terror effects that change the dice (the others cost tokens and are not modelled)."""

SCENARIOS: tuple[str, ...] = ("5G", "6G", "6G+Y", "6G+R", "6G+Y+R", "7G+Y+R")
"""The dice scenarios of the published solver table (its last one adds a 7th green die)."""

MAX_DICE = 9
"""Dice in the first roll: the game rolls at most 8 (six green, the yellow and the red die,
Elder Sign rulebook, Greek edition, p.2); the published tables go to 9 (7G+Y+R)."""
MAX_ROWS = 4
"""Task rows, monster rows included: printed cards have at most 3, a monster may add one."""
MAX_REQUIREMENTS = MAX_DICE
"""Requirements (symbols) in one row: each takes a die of its own."""
MAX_SPELLS = 2
"""Spells to cast: each one more multiplies the positions to solve (3 take minutes)."""
MAX_CLUES = 6
"""Clue tokens to spend (the box holds 15, p.2; an investigator seldom has more than a few)."""
MAX_FOCUS = MAX_DICE
"""A focus count (``None``: unlimited): each focus holds a die, so more cannot be used."""
MAX_POSITIONS = 12_000
"""Decision points one question may add to a solver's memo (about 15 s and 500 MB here):
the bound on time and memory when every parameter is within its own limit."""

_UNLIMITED = -1


def check_allowance(focus: int | None, spell: int, clue: int) -> None:
    """Refuse a focus, spell or clue count that is not a count, or beyond its bound
    (:data:`MAX_FOCUS`, :data:`MAX_SPELLS`, :data:`MAX_CLUES`), naming it.

    >>> check_allowance(None, 2, 6)
    >>> check_allowance(None, 40, 0)
    Traceback (most recent call last):
    ValueError: spell=40: at most 2 (a bound that keeps the odds within seconds)
    """
    for name, n, top in (("spell", spell, MAX_SPELLS), ("clue", clue, MAX_CLUES),
                         ("focus", focus, MAX_FOCUS)):
        if name == "focus" and n is None:
            continue
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{name}={n!r}: expected a count >= 0"
                             + (" or None" if name == "focus" else ""))
        if n > top:
            raise ValueError(f"{name}={n}: at most {top} (a bound that keeps the odds within "
                             "seconds)")


def check_rows(rows: Sequence[Row]) -> None:
    """Refuse more than :data:`MAX_ROWS` rows or a row of more than :data:`MAX_REQUIREMENTS`.

    >>> from mythlab.elder_sign.dice import parse_task
    >>> check_rows(parse_task("LORE|PERIL|TERROR|INV_3|INV_2").rows)
    Traceback (most recent call last):
    ValueError: rows: 5 task rows (monsters included), at most 4 (printed cards have at most 3)
    """
    if len(rows) > MAX_ROWS:
        raise ValueError(f"rows: {len(rows)} task rows (monsters included), at most "
                         f"{MAX_ROWS} (printed cards have at most 3)")
    big = next((r for r in rows if len(r.requirements) > MAX_REQUIREMENTS), None)
    if big is not None:
        raise ValueError(f"rows: the row {big} has {len(big.requirements)} requirements, "
                         f"at most {MAX_REQUIREMENTS} (one die each)")


def check_dice(pool: Pool) -> None:
    """Refuse a pool of more than :data:`MAX_DICE` dice.

    >>> from mythlab.elder_sign.dice import parse_pool
    >>> check_dice(parse_pool("12G"))
    Traceback (most recent call last):
    ValueError: pool 12G: 12 dice is too many (at most 9; the game rolls at most 8)
    """
    if pool.size > MAX_DICE:
        raise ValueError(f"pool {pool}: {pool.size} dice is too many (at most {MAX_DICE}; the "
                         "game rolls at most 8)")


@dataclass(frozen=True)
class Situation:
    """A decision point just before a roll: what is left, and what the player holds.

    Held dice are shown by face only (a held die is never rolled again, so its colour no
    longer matters), and as far as the remaining rows can tell: an ``INV_4`` held for rows
    that need at most 3 investigation shows as ``INV_3``.

    Attributes
    ----------
    remaining : tuple of int
        Row indices (0-based, in card order) still to complete.
    pool : Pool
        The dice that will be rolled.
    focused : str or None
        The face of the die on the focus marker; ``""`` when it holds a die no remaining
        row can use (it still blocks the marker). Once no focus is left, a focused die is
        listed in ``held`` instead.
    held : tuple of str
        Faces of the other held dice (on spells).
    focus_left : int or None
        Focus actions left (``None``: whenever the marker is free).
    spells_left, clues_left : int
    casting : int or None
        Spells cast for the coming roll (rulebook p.9: a spell is cast just before a roll and
        takes one of its dice): ``None`` while that is still to choose (see
        :meth:`AdventureOdds.casts`); included in ``spells_left``.
    """

    remaining: tuple[int, ...]
    pool: Pool
    focused: str | None
    held: tuple[str, ...]
    focus_left: int | None
    spells_left: int
    clues_left: int
    casting: int | None = None

    @property
    def done(self) -> bool:
        """Every row is complete: the adventure succeeded."""
        return not self.remaining

    def __str__(self) -> str:
        bits = [f"rows {', '.join(str(t + 1) for t in self.remaining) or 'none'} left",
                f"roll {self.pool}"]
        if self.focused is not None:
            bits.append(f"focused {self.focused or 'a useless die'}")
        if self.held:
            bits.append(f"held {', '.join(self.held)}")
        if self.focus_left != 0:
            bits.append("focus whenever the marker is free" if self.focus_left is None
                        else f"{self.focus_left} focus left")
        if self.spells_left:
            bits.append(f"{self.spells_left} spell(s)")
        if self.clues_left:
            bits.append(f"{self.clues_left} clue(s)")
        if self.casting:
            bits.append(f"{self.casting} spell(s) cast for this roll")
        return "; ".join(bits)


Action = Literal["cast", "complete", "fail", "clue", "give up"]


@dataclass(frozen=True)
class Choice:
    """One thing the player may do with a roll (or, ``"cast"``, before it), and the exact
    chance of success after it.

    Attributes
    ----------
    action : {"cast", "complete", "fail", "clue", "give up"}
    probability : Fraction
        The chance of completing the adventure when this choice is made and play is
        optimal from then on.
    label : str
        A readable summary, e.g. ``"complete row 1 with green PERIL, green PERIL"``.
    row : int or None
        The row completed (0-based).
    dice : Roll
        Rolled dice put on the row.
    held_dice : tuple of str
        Held dice put on the row.
    spelled : Roll
        Rolled dice put on spells (the spells cast before the roll, or, with
        ``cast="after"``, spells spent on seeing it).
    focused : Roll
        The rolled die put on the focus marker.
    set_aside : Roll
        The die set aside after a failed roll (and terror dice a terror effect sets aside).
    rerolled : Roll
        The dice a clue rerolls.
    after : Situation or None
        The next decision point (``None`` for giving up and when the adventure ends; for a
        clue, where the reroll leaves the player when dice went on spells first, else
        ``None``; for a cast, the situation about to roll).
    """

    action: Action
    probability: Fraction
    label: str
    row: int | None = None
    dice: Roll = ()
    held_dice: tuple[str, ...] = ()
    spelled: Roll = ()
    focused: Roll = ()
    set_aside: Roll = ()
    rerolled: Roll = ()
    after: Situation | None = None

    def __str__(self) -> str:
        return f"{float(self.probability):8.4%}  {self.label}"


@dataclass(frozen=True)
class Simulation:
    """A Monte Carlo run of a policy: successes out of games, with a normal interval."""

    games: int
    successes: int
    seed: int

    @property
    def estimate(self) -> float:
        """The share of games won, ``successes / games``."""
        return self.successes / self.games

    def interval(self, z: float = 4.0) -> tuple[float, float]:
        """``estimate ± z`` standard errors (with a floor of one game for p near 0 or 1)."""
        p = self.estimate
        half = z * sqrt(max(p * (1 - p), 1 / self.games) / self.games)
        return p - half, p + half
