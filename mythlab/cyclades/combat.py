"""Exact Cyclades battle odds (Cyclades rulebook, Greek edition, p.5 "ΠΕΡΙΓΡΑΦΗ ΤΗΣ ΜΑΧΗΣ").

Pages cited below ("rulebook p.N") are those of the Cyclades rulebook, Greek edition.

**A round**: each side rolls one combat die (``data/dice.yaml``: faces 0, 1, 1, 2, 2,
3) and adds its units in the zone; the defender also adds its bonus (+1 per fortress on the
island in a land battle, +1 per port of his next to the sea zone in a naval battle, a
Metropolis counting as either; the attacker never gets a bonus). The lower total loses one
unit; **a tie costs both sides one unit**.

**A battle** repeats rounds. After each round, if both sides still have units, the defender
may retreat first; if he does not, the attacker may; otherwise another round is fought. No
one retreats before the first round. A :class:`Policy` says who retreats when (default: both
fight to the end). Whether a retreat is *possible* at all depends on the board
(:func:`~mythlab.cyclades.board.retreat_options`); model a side that cannot retreat with
a policy that never retreats for it.

**Success**: the attack succeeds when the attacker is left alone in the zone, with at least one
unit: the defender was destroyed (:attr:`Outcome.ATTACKER_WINS`) or retreated
(:attr:`Outcome.DEFENDER_RETREATS`). Mutual destruction is *not* a success: on land the
defender keeps the island (territory token, income, buildings; rulebook p.5
note), at sea the zone
is left empty.

**Method**: the round depends only on the margin ``attackers - defenders - bonus`` and on the
difference of the two dice, counted with integer weights (36 ordered rolls). Every round
removes at least one unit, so the battle is an acyclic Markov chain over (attackers,
defenders); it is solved by dynamic programming in order of the number of units left, with
one integer numerator per state over the common denominator ``36 ** units``, and one
``Fraction`` per answer. The same recursion runs on sympy polynomials in the face weights for
the symbolic layer (:func:`battle_expression`).

>>> from mythlab.cyclades.combat import battle_odds
>>> odds = battle_odds(attack=3, defend=2, bonus=1)
>>> odds.probability, round(odds.percent, 1)
(Fraction(36299, 62208), 58.4)
>>> print(odds)  # doctest: +NORMALIZE_WHITESPACE
3 attackers v 2 defenders (+1 defence), fight to the end:
the attack succeeds with probability 36299/62208 ≈ 58.4 %
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

from mythlab.dice import DiceSet, Die, load_dice
from mythlab.engine.datafiles import game_data

if TYPE_CHECKING:
    import sympy

__all__ = [
    "FIGHT", "BattleOdds", "End", "Optimal", "OddsBelow", "Outcome", "Policy", "RoundOdds",
    "Side", "Situation", "UnitsAtMost", "battle_expression", "battle_latex", "battle_odds",
    "battle_rational", "combat_die", "cyclades_dice", "dice_difference", "face_weights",
    "odds_table", "parse_policy", "round_expressions", "round_odds",
]


# --- the combat die as data ---------------------------------------------------------------

@cache
def cyclades_dice() -> DiceSet:
    """The dice of Cyclades (``data/dice.yaml``): one combat die, provenance public.

    >>> [str(d) for d in cyclades_dice()]
    ['combat (C): 0, 1×2, 2×2, 3']
    >>> cyclades_dice()["combat"].provenance
    'public'
    """
    return load_dice(game_data("mythlab.cyclades", "dice.yaml"))


def combat_die() -> Die:
    """The combat die, faces 0, 1, 1, 2, 2, 3 (public sources, ``data/dice.yaml``)."""
    return cyclades_dice()["combat"]


def _die(die: Die | None) -> Die:
    """The die both sides roll (the combat die by default), refused unless its faces are
    integers."""
    die = combat_die() if die is None else die
    if not isinstance(die, Die):
        raise TypeError(f"die must be a mythlab.dice.Die, not {die!r}")
    for face, _ in die.faces:
        if isinstance(face, bool) or not isinstance(face, int):
            raise ValueError(f"combat die {die.name!r}: face {face!r} is not an integer (a "
                             "combat face is the number a side adds to its units)")
    return die


@lru_cache(maxsize=64)
def _difference(die: Die) -> tuple[tuple[int, int], ...]:
    """Attacker's roll minus defender's: (difference, ordered rolls) pairs, sorted;
    cached per die."""
    weights: dict[int, int] = {}
    for a, wa in die.faces:
        for d, wd in die.faces:
            weights[a - d] = weights.get(a - d, 0) + wa * wd
    return tuple(sorted(weights.items()))


def dice_difference(die: Die | None = None) -> dict[int, int]:
    """Attacker's roll minus defender's roll: difference -> number of ordered rolls.

    Parameters
    ----------
    die : Die, optional
        The die both sides roll; the Cyclades combat die by default.

    Returns
    -------
    dict of int to int
        Sums to ``die.sides ** 2`` and is symmetric (both sides roll the same die).

    Examples
    --------
    >>> dice_difference()
    {-3: 1, -2: 4, -1: 8, 0: 10, 1: 8, 2: 4, 3: 1}
    """
    return dict(_difference(_die(die)))


@dataclass(frozen=True)
class _Rounds:
    """One round's weights by margin: (attacker loses, defender loses, both lose), of ``total``.

    Integers for :func:`battle_odds`; sympy ring elements for the symbolic layer.
    """

    total: Any
    low: int
    high: int
    by_margin: tuple[tuple[Any, Any, Any], ...]

    def at(self, margin: int) -> tuple[Any, Any, Any]:
        """The weights at ``margin``; beyond the table's ends nothing changes, so it is clamped."""
        return self.by_margin[min(max(margin, self.low), self.high) - self.low]


def _rounds_from(pairs: Iterable[tuple[int, Any]], total: Any, zero: Any) -> _Rounds:
    """Weights per margin from (dice difference, weight) pairs: totals compare ``m + diff``."""
    pairs = list(pairs)
    diffs = [x for x, _ in pairs]
    low, high = -max(diffs) - 1, -min(diffs) + 1  # beyond these margins nothing changes
    table = []
    for m in range(low, high + 1):
        att, dfn, both = zero, zero, zero
        for x, w in pairs:
            if m + x < 0:
                att = att + w
            elif m + x > 0:
                dfn = dfn + w
            else:
                both = both + w
        table.append((att, dfn, both))
    return _Rounds(total, low, high, tuple(table))


@lru_cache(maxsize=64)
def _int_rounds(die: Die) -> _Rounds:
    """The integer round table of ``die``, over ``die.sides ** 2`` (cached per die)."""
    return _rounds_from(_difference(die), die.sides ** 2, 0)


@dataclass(frozen=True)
class RoundOdds:
    """One battle round: the chance that the attacker, the defender, or both lose a unit.

    Exactly one of the three happens, so they sum to 1.
    """

    attacker_loses: Fraction
    defender_loses: Fraction
    both_lose: Fraction


def round_odds(attackers: int, defenders: int, bonus: int = 0, *, die: Die | None = None
               ) -> RoundOdds:
    """The outcome of one round with these units and the defender's bonus.

    Parameters
    ----------
    attackers, defenders : int
        Units of each side in the zone (at least 1 each).
    bonus : int, default 0
        The defender's fortresses (land) or ports (sea); a Metropolis counts as either.
    die : Die, optional
        The die both sides roll; the Cyclades combat die by default.

    Returns
    -------
    RoundOdds

    Examples
    --------
    >>> r = round_odds(1, 1)
    >>> r.attacker_loses, r.defender_loses, r.both_lose
    (Fraction(13, 36), Fraction(13, 36), Fraction(5, 18))
    >>> round_odds(4, 1).defender_loses   # a margin of 3 + the die: the defender cannot match it
    Fraction(35, 36)
    """
    _check_units("attackers", attackers, 1)
    _check_units("defenders", defenders, 1)
    _check_units("bonus", bonus, 0)
    rounds = _int_rounds(_die(die))
    att, dfn, both = rounds.at(attackers - defenders - bonus)
    w = rounds.total
    return RoundOdds(Fraction(att, w), Fraction(dfn, w), Fraction(both, w))


# --- end states ---------------------------------------------------------------------------

class Side(StrEnum):
    """A side of a battle."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


class Outcome(StrEnum):
    """How a battle ends; listed from the attacker's best to his worst."""

    ATTACKER_WINS = "attacker_wins"
    """The defender has no units left; the attacker holds the zone (and the buildings)."""
    DEFENDER_RETREATS = "defender_retreats"
    """The defender left; the attacker holds the zone."""
    MUTUAL_DESTRUCTION = "mutual_destruction"
    """Both sides lost their last unit in the same round (a tie): on land the defender keeps
    the island; at sea the zone is empty."""
    ATTACKER_RETREATS = "attacker_retreats"
    """The attacker left; the defender holds the zone."""
    DEFENDER_HOLDS = "defender_holds"
    """The attacker has no units left; the defender holds the zone."""


_RANK = {o: n for n, o in enumerate(Outcome)}
_SUCCESS = (Outcome.ATTACKER_WINS, Outcome.DEFENDER_RETREATS)


@dataclass(frozen=True)
class End:
    """An end state: how the battle ended and the units each side has left there.

    Retreating units survive: they count in ``attackers`` / ``defenders``.

    >>> str(End(Outcome.ATTACKER_WINS, 2, 0)), str(End(Outcome.ATTACKER_RETREATS, 1, 3))
    ('attacker wins with 2 left', 'attacker retreats with 1 (defender keeps 3)')
    """

    outcome: Outcome
    attackers: int
    defenders: int

    @property
    def attack_succeeds(self) -> bool:
        """Whether the attacker is left alone in the zone."""
        return self.outcome in _SUCCESS

    def _key(self) -> tuple[int, int, int]:
        """Sort key: the attacker's best outcome first, then more attackers, fewer defenders."""
        return _RANK[self.outcome], -self.attackers, self.defenders

    def __str__(self) -> str:
        o, a, d = self.outcome, self.attackers, self.defenders
        if o is Outcome.ATTACKER_WINS:
            return f"attacker wins with {a} left"
        if o is Outcome.DEFENDER_HOLDS:
            return f"defender holds with {d} left"
        if o is Outcome.MUTUAL_DESTRUCTION:
            return "mutual destruction"
        if o is Outcome.DEFENDER_RETREATS:
            return f"defender retreats with {d} (attacker keeps {a})"
        return f"attacker retreats with {a} (defender keeps {d})"


def _defender_holds(end: End, sea: bool) -> bool:
    """Whether the defender holds the zone at ``end``: after mutual destruction only on
    land (rulebook p.5 note)."""
    return end.outcome in (Outcome.DEFENDER_HOLDS, Outcome.ATTACKER_RETREATS) or (
        end.outcome is Outcome.MUTUAL_DESTRUCTION and not sea)


# --- policies -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Situation:
    """What a retreat rule sees after a round, when both sides still have units.

    Attributes
    ----------
    side : Side
        Who is deciding.
    attackers, defenders, bonus : int
        Units left on each side, and the defender's bonus.
    win_probability : Fraction
        The chance that the attack succeeds if ``side`` stays now: the battle goes on under the
        policy (for the defender this includes the attacker's own choice to retreat right after).
    """

    side: Side
    attackers: int
    defenders: int
    bonus: int
    win_probability: Fraction

    @property
    def units(self) -> int:
        """The deciding side's units."""
        return self.attackers if self.side is Side.ATTACKER else self.defenders

    @property
    def enemy(self) -> int:
        """The other side's units."""
        return self.defenders if self.side is Side.ATTACKER else self.attackers

    @property
    def odds(self) -> Fraction:
        """The deciding side's chance if it stays: the attack succeeds (attacker) or fails
        (defender: ``1 - win_probability``)."""
        p = self.win_probability
        return p if self.side is Side.ATTACKER else 1 - p


@dataclass(frozen=True)
class UnitsAtMost:
    """Retreat when your units are down to ``n`` or fewer.

    >>> UnitsAtMost(1)(Situation(Side.ATTACKER, 1, 3, 0, Fraction(1, 9)))
    True
    """

    n: int

    def __post_init__(self) -> None:
        _check_units("units", self.n, 0)

    def __call__(self, situation: Situation) -> bool:
        """Retreat: the deciding side has ``n`` units or fewer."""
        return situation.units <= self.n

    def __str__(self) -> str:
        return f"units<={self.n}"


@dataclass(frozen=True)
class OddsBelow:
    """Retreat when your chance from here (:attr:`Situation.odds`) drops below ``p``.

    >>> OddsBelow(Fraction(1, 3))(Situation(Side.DEFENDER, 3, 1, 0, Fraction(9, 10)))
    True
    """

    p: Fraction

    def __post_init__(self) -> None:
        p = self.p
        if isinstance(p, bool) or not isinstance(p, int | Fraction) or not 0 <= p <= 1:
            raise ValueError(f"a retreat threshold must be an exact probability between 0 and 1 "
                             f"(int or Fraction, e.g. Fraction(1, 3)), not {p!r}")
        object.__setattr__(self, "p", Fraction(p))

    def __call__(self, situation: Situation) -> bool:
        """Retreat: the deciding side's chance from here is below ``p``."""
        return situation.odds < self.p

    def __str__(self) -> str:
        return f"odds<{self.p}"


@dataclass(frozen=True)
class Optimal:
    """Retreat exactly when it pays: maximise ``prize * [you hold the zone] + your units left``.

    ``prize`` is what holding the zone is worth to this side, in units (retreating units
    survive; a lost zone is worth 0). Decided by backward induction against the other side's
    rule, which is fixed (an :class:`Optimal` other side also plays its best reply). On a tie
    the side stays. Maximising only the chance to hold the zone never retreats: that is
    :data:`FIGHT`.

    >>> str(Optimal(3))
    'optimal=3'
    """

    prize: Fraction

    def __post_init__(self) -> None:
        p = self.prize
        if isinstance(p, bool) or not isinstance(p, int | Fraction) or p < 0:
            raise ValueError(f"prize must be an exact number of units >= 0 (int or Fraction), "
                             f"not {p!r}")
        object.__setattr__(self, "prize", Fraction(p))

    def __str__(self) -> str:
        return f"optimal={self.prize}"


Rule: TypeAlias = Callable[[Situation], bool] | Optimal
"""A retreat rule: a predicate on the :class:`Situation` (``True`` = retreat), or
:class:`Optimal`."""


@dataclass(frozen=True)
class Policy:
    """Who retreats when: one rule per side; ``None`` fights to the end.

    Parameters
    ----------
    defender_retreats_when, attacker_retreats_when : Rule, optional
        A predicate on :class:`Situation` (``UnitsAtMost(1)``, ``OddsBelow(Fraction(1, 4))``,
        any function), or :class:`Optimal`. Rules depend only on the state, so one policy
        serves every battle size.

    Examples
    --------
    >>> p = Policy(attacker_retreats_when=UnitsAtMost(1))
    >>> str(p), str(FIGHT)
    ('attacker:units<=1', 'fight')
    >>> parse_policy(str(p)) == p
    True
    """

    defender_retreats_when: Rule | None = None
    attacker_retreats_when: Rule | None = None

    def rule(self, side: Side) -> Rule | None:
        """The rule of ``side``."""
        return (self.attacker_retreats_when if side is Side.ATTACKER
                else self.defender_retreats_when)

    @property
    def fights_to_the_end(self) -> bool:
        """Whether neither side ever retreats."""
        return self.defender_retreats_when is None and self.attacker_retreats_when is None

    def __str__(self) -> str:
        parts = [f"{side}:{_rule_text(r)}" for side in (Side.DEFENDER, Side.ATTACKER)
                 if (r := self.rule(side)) is not None]
        return ",".join(parts) or "fight"


def _rule_text(rule: Rule) -> str:
    """A retreat rule in the policy's text form; a function by its name."""
    if isinstance(rule, UnitsAtMost | OddsBelow | Optimal):
        return str(rule)
    return getattr(rule, "__name__", "custom").replace("<lambda>", "custom")


FIGHT = Policy()
"""Both sides fight to the end (the default)."""

_CLAUSE = re.compile(r"\s*(attacker|defender)\s*:\s*(units\s*<=|odds\s*<|optimal\s*=)\s*(\S+)\s*")
_POLICY_SYNTAX = (
    "'fight' (default), or comma-separated SIDE:RULE with SIDE attacker or defender and RULE "
    "units<=N (retreat with N units or fewer), odds<P (retreat when your chance from here is "
    "below P: 0.3, 30%, 1/3) or optimal=PRIZE (retreat when it pays, the zone being worth PRIZE "
    "units); e.g. 'attacker:units<=1,defender:odds<1/4'")


def _number(text: str, what: str) -> Fraction:
    """An exact number of a policy's text: ``0.3``, ``30%`` or ``1/3``."""
    try:
        return Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"policy: {what} {text!r} is not a number") from None


def parse_policy(spec: str | Policy | None) -> Policy:
    """A :class:`Policy` from its text form (the CLI's ``--policy``).

    Parameters
    ----------
    spec : str, Policy or None
        ``"fight"`` (or ``None``, ``""``) for :data:`FIGHT`, or comma-separated ``SIDE:RULE``
        clauses: ``units<=N``, ``odds<P`` (P as ``0.3``, ``30%`` or ``1/3``), ``optimal=PRIZE``.

    Examples
    --------
    >>> p = parse_policy("defender:odds<25%, attacker:optimal=2")
    >>> p.defender_retreats_when, p.attacker_retreats_when
    (OddsBelow(p=Fraction(1, 4)), Optimal(prize=Fraction(2, 1)))
    >>> str(p)
    'defender:odds<1/4,attacker:optimal=2'
    >>> parse_policy("attacker:when-tired")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: policy: cannot read 'attacker:when-tired'; expected 'fight' (default), or ...
    """
    if spec is None or isinstance(spec, Policy):
        return spec or FIGHT
    if not isinstance(spec, str):
        raise TypeError(f"a policy is a Policy or its text form, not {spec!r}")
    if spec.strip().lower() in ("", "fight"):
        return FIGHT
    rules: dict[str, Rule] = {}
    for clause in spec.split(","):
        m = _CLAUSE.fullmatch(clause)
        if not m:
            raise ValueError(f"policy: cannot read {clause.strip()!r}; expected "
                             f"{_POLICY_SYNTAX}")
        side, kind, value = m.group(1), m.group(2).replace(" ", ""), m.group(3)
        if side in rules:
            raise ValueError(f"policy: two rules for the {side}")
        if kind == "units<=":
            if not value.isdigit():
                raise ValueError(f"policy: units<= needs a whole number of units, not {value!r}")
            rules[side] = UnitsAtMost(int(value))
        elif kind == "odds<":
            rules[side] = OddsBelow(_number(value, "odds"))
        else:
            rules[side] = Optimal(_number(value, "prize"))
    return Policy(defender_retreats_when=rules.get("defender"),
                  attacker_retreats_when=rules.get("attacker"))


# --- the chain ----------------------------------------------------------------------------

_Units: TypeAlias = tuple[int, int]
"""(attackers, defenders) left."""


def _check_units(name: str, n: object, minimum: int) -> None:
    """``n`` must be a whole number of at least ``minimum``: else a TypeError or
    ValueError naming it and saying why."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{name} must be a whole number, not {n!r}")
    if n < minimum:
        if name == "attack" or name == "attackers":
            why = "a battle needs at least 1 attacking unit"
        elif name == "defenders":
            why = "a round needs at least 1 defending unit"
        elif name == "bonus":
            why = "the defence bonus counts fortresses or ports, +1 each"
        else:
            why = "units cannot be negative"
        raise ValueError(f"{name} must be at least {minimum} ({why}), not {n}")


def _payoffs(policy: Policy, sea: bool) -> list[Callable[[End], int]]:
    """Payoff components of an end state, as integers: success, then each Optimal side's
    utility scaled by its prize's denominator."""
    out: list[Callable[[End], int]] = [lambda e: int(e.attack_succeeds)]
    for side in Side:
        rule = policy.rule(side)
        if isinstance(rule, Optimal):
            n, q = rule.prize.numerator, rule.prize.denominator
            if side is Side.ATTACKER:
                out.append(lambda e, n=n, q=q: n * e.attack_succeeds + q * e.attackers)
            else:
                out.append(lambda e, n=n, q=q: n * _defender_holds(e, sea) + q * e.defenders)
    return out


def _powers(base: Any, n: int) -> list[Any]:
    """``base ** 0`` up to ``base ** n`` by repeated products (ints or sympy values alike)."""
    out = [base ** 0]
    for _ in range(n):
        out.append(out[-1] * base)
    return out


def _backward(attack: int, defend: int, bonus: int, rounds: _Rounds, policy: Policy,
              sea: bool) -> tuple[dict[_Units, tuple[Any, ...]], dict[_Units, Side]]:
    """Solve every state up to (attack, defend) backwards.

    Returns the payoff numerators of fighting a round from each state with both sides
    present (over ``rounds.total ** (a + d)``) and the retreat plan: post-round state ->
    the side that retreats there.
    """
    W = rounds.total
    pw = _powers(W, attack + defend)
    payoffs = _payoffs(policy, sea)
    optimal_index = {}
    for side in Side:
        if isinstance(policy.rule(side), Optimal):
            optimal_index[side] = len(optimal_index) + 1

    def terminal(e: End) -> tuple[Any, ...]:
        """An end state's payoffs as numerators over ``W ** (units left)``, as every state's."""
        scale = pw[e.attackers + e.defenders]
        return tuple(f(e) * scale for f in payoffs)

    value: dict[tuple[int, int], tuple[Any, ...]] = {
        (0, 0): terminal(End(Outcome.MUTUAL_DESTRUCTION, 0, 0))}
    for a in range(1, attack + 1):
        value[a, 0] = terminal(End(Outcome.ATTACKER_WINS, a, 0))
    for d in range(1, defend + 1):
        value[0, d] = terminal(End(Outcome.DEFENDER_HOLDS, 0, d))
    fight: dict[tuple[int, int], tuple[Any, ...]] = {}
    plan: dict[tuple[int, int], Side] = {}
    rules = [(side, rule) for side in (Side.ATTACKER, Side.DEFENDER)
             if (rule := policy.rule(side)) is not None]
    for units in range(2, attack + defend + 1):
        for a in range(max(1, units - defend), min(attack, units - 1) + 1):
            d = units - a
            wa, wd, wb = rounds.at(a - d - bonus)
            wb = W * wb
            c = tuple(wa * x + wd * y + wb * z for x, y, z in
                      zip(value[a - 1, d], value[a, d - 1], value[a - 1, d - 1], strict=True))
            fight[a, d] = v = c
            for side, rule in rules:  # the attacker's reply first: the defender looks ahead
                kind = Outcome.ATTACKER_RETREATS if side is Side.ATTACKER \
                    else Outcome.DEFENDER_RETREATS
                r = terminal(End(kind, a, d))
                if isinstance(rule, Optimal):
                    i = optimal_index[side]
                    retreat = r[i] > v[i]
                else:
                    retreat = bool(rule(Situation(side, a, d, bonus, Fraction(v[0], pw[units]))))
                if retreat:
                    v = r
                    plan[a, d] = side
            value[a, d] = v
    return fight, plan


def _forward(attack: int, defend: int, bonus: int, rounds: _Rounds,
             plan: Mapping[tuple[int, int], Side]) -> dict[End, Fraction]:
    """The exact distribution of end states from (attack, defend) under a retreat plan."""
    W = rounds.total
    top = attack + defend
    pw = _powers(W, top)
    mass: dict[tuple[int, int], int] = {(attack, defend): 1}
    ends: dict[End, Fraction] = {}
    for units in range(top, -1, -1):
        scale = pw[top - units]  # the mass of a state with `units` left is over W ** (top - units)
        for a in range(min(attack, units), max(0, units - defend) - 1, -1):
            d = units - a
            m = mass.pop((a, d), 0)
            if not m:
                continue
            if a == 0 or d == 0:
                kind = (Outcome.MUTUAL_DESTRUCTION if a == d else
                        Outcome.ATTACKER_WINS if a else Outcome.DEFENDER_HOLDS)
                ends[End(kind, a, d)] = Fraction(m, scale)
                continue
            who = plan.get((a, d)) if units < top else None
            if who is not None:
                kind = Outcome.ATTACKER_RETREATS if who is Side.ATTACKER \
                    else Outcome.DEFENDER_RETREATS
                ends[End(kind, a, d)] = Fraction(m, scale)
                continue
            wa, wd, wb = rounds.at(a - d - bonus)
            if wa:
                mass[a - 1, d] = mass.get((a - 1, d), 0) + wa * m
            if wd:
                mass[a, d - 1] = mass.get((a, d - 1), 0) + wd * m
            if wb:  # two units gone in one round: one factor W fewer in the denominator
                mass[a - 1, d - 1] = mass.get((a - 1, d - 1), 0) + W * wb * m
    return dict(sorted(ends.items(), key=lambda item: item[0]._key()))


# --- results ------------------------------------------------------------------------------

@dataclass(frozen=True)
class BattleOdds:
    """The exact outcome of a battle: every end state with its probability.

    Attributes
    ----------
    attack, defend, bonus : int
        The battle asked about.
    policy : Policy
    distribution : dict of End to Fraction
        Every end state that can happen, from the attacker's best to his worst; sums to
        exactly 1.
    plan : dict of (int, int) to Side
        After-round states (attackers, defenders) where a side retreats, and which.
    sea : bool
        A naval battle (only changes who holds the zone after mutual destruction).
    """

    attack: int
    defend: int
    bonus: int
    policy: Policy
    distribution: dict[End, Fraction]
    plan: dict[tuple[int, int], Side] = field(default_factory=dict)
    sea: bool = False

    @property
    def probability(self) -> Fraction:
        """The chance that the attack succeeds (the attacker left alone in the zone)."""
        return sum((p for e, p in self.distribution.items() if e.attack_succeeds), Fraction(0))

    @property
    def percent(self) -> float:
        """:attr:`probability` in percent (a float, for display)."""
        return float(self.probability * 100)

    def by_outcome(self) -> dict[Outcome, Fraction]:
        """The probability of each :class:`Outcome` (all five, zeros included)."""
        out = dict.fromkeys(Outcome, Fraction(0))
        for e, p in self.distribution.items():
            out[e.outcome] += p
        return out

    @property
    def defender_keeps(self) -> Fraction:
        """The chance that the defender still holds the zone at the end (on land mutual
        destruction leaves him the island)."""
        return sum((p for e, p in self.distribution.items() if _defender_holds(e, self.sea)),
                   Fraction(0))

    @property
    def expected_losses(self) -> tuple[Fraction, Fraction]:
        """Expected units lost by the attacker and by the defender (retreating units survive)."""
        a = sum((p * (self.attack - e.attackers) for e, p in self.distribution.items()),
                Fraction(0))
        d = sum((p * (self.defend - e.defenders) for e, p in self.distribution.items()),
                Fraction(0))
        return a, d

    def headline(self) -> str:
        """The battle in words: ``4 attackers v 3 defenders (+1 defence), fight to the end``."""
        unit = ("fleet", "fleets") if self.sea else ("attacker", "attackers")
        dunit = ("fleet", "fleets") if self.sea else ("defender", "defenders")
        text = (f"{self.attack} {unit[self.attack != 1]} v {self.defend} "
                f"{dunit[self.defend != 1]}")
        if self.bonus:
            text += f" (+{self.bonus} defence)"
        policy = "fight to the end" if self.policy.fights_to_the_end else \
            f"policy {self.policy}"
        return f"{text}, {policy}"

    def __str__(self) -> str:
        p = self.probability
        return (f"{self.headline()}: the attack succeeds with probability {p.numerator}/"
                f"{p.denominator} ≈ {self.percent:.1f} %")

    def _repr_latex_(self) -> str:
        """The chance that the attack succeeds, as LaTeX for Jupyter."""
        p = self.probability
        return (rf"$P(\text{{attack succeeds}}) = \frac{{{p.numerator}}}{{{p.denominator}}} "
                rf"\approx {self.percent:.2f}\,\%$")


def battle_odds(attack: int, defend: int, bonus: int = 0, *,
                policy: Policy | str | None = None, die: Die | None = None,
                sea: bool = False) -> BattleOdds:
    """Exact odds of a Cyclades battle, with the full distribution of end states.

    Parameters
    ----------
    attack : int
        Attacking units (at least 1).
    defend : int
        Defending units. 0 means no battle: the attacker takes the zone (rulebook p.5: "no troops
        there = captured without battle, even with a fortress").
    bonus : int, default 0
        The defender's fortresses (land) or ports (sea); a Metropolis counts as either.
    policy : Policy or str, optional
        Who retreats when (:func:`parse_policy` reads the text form); default: fight to the end.
    die : Die, optional
        The die both sides roll (integer faces); the Cyclades combat die by default.
    sea : bool, default False
        A naval battle: mutual destruction leaves the zone empty instead of to the defender.
        The attack's success does not depend on it.

    Returns
    -------
    BattleOdds
        ``.probability`` (Fraction), ``.percent``, ``.distribution``, ``.by_outcome()``, ...

    Raises
    ------
    TypeError, ValueError
        For units or bonus that are not whole numbers, no attacker, or a negative count.

    Notes
    -----
    O(attack * defend) states, three transitions each, with integers; fight-to-the-end needs
    one forward pass, other policies a backward pass first (rules may look at the chance to
    win from each state).

    Examples
    --------
    >>> odds = battle_odds(2, 2)
    >>> odds.probability
    Fraction(10439, 23328)
    >>> for end, p in odds.distribution.items():
    ...     print(f"{str(end):<26} {p}")
    attacker wins with 2 left  299/1296
    attacker wins with 1 left  5057/23328
    mutual destruction         1225/11664
    defender holds with 1 left 5057/23328
    defender holds with 2 left 299/1296
    >>> sum(odds.distribution.values())
    Fraction(1, 1)
    >>> retreating = battle_odds(4, 3, 1, policy="attacker:units<=2")
    >>> retreating.probability, retreating.by_outcome()[Outcome.ATTACKER_RETREATS]
    (Fraction(25909, 62208), Fraction(36299, 62208))
    >>> battle_odds(0, 2)
    Traceback (most recent call last):
    ...
    ValueError: attack must be at least 1 (a battle needs at least 1 attacking unit), not 0
    """
    _check_units("attack", attack, 1)
    _check_units("defend", defend, 0)
    _check_units("bonus", bonus, 0)
    policy = parse_policy(policy)
    rounds = _int_rounds(_die(die))
    plan: dict[tuple[int, int], Side] = {}
    if not policy.fights_to_the_end and defend:
        _, plan = _backward(attack, defend, bonus, rounds, policy, sea)
    distribution = _forward(attack, defend, bonus, rounds, plan)
    reachable = {(e.attackers, e.defenders) for e in distribution}
    plan = {s: who for s, who in plan.items() if s in reachable}
    return BattleOdds(attack, defend, bonus, policy, distribution, plan, sea)


def _span(n: int | Iterable[int], name: str, minimum: int) -> list[int]:
    """The values to tabulate: an int ``n`` as ``minimum..n``, else the given values, each
    checked."""
    values = list(range(minimum, n + 1)) if isinstance(n, int) else list(n)
    for v in values:
        _check_units(name, v, minimum)
    if not values:
        raise ValueError(f"{name}: no values to tabulate")
    return values


def odds_table(attack: int | Iterable[int] = 8, defend: int | Iterable[int] = 8,
               bonus: int | Iterable[int] = 3, *, policy: Policy | str | None = None,
               die: Die | None = None, sea: bool = False) -> dict[tuple[int, int, int], Fraction]:
    """The attack's success probability for many battles at once.

    Parameters
    ----------
    attack, defend : int or iterable of int, default 8
        An int ``n`` means ``1..n``.
    bonus : int or iterable of int, default 3
        An int ``n`` means ``0..n``.
    policy, die, sea
        As :func:`battle_odds`.

    Returns
    -------
    dict of (attack, defend, bonus) to Fraction

    Notes
    -----
    One backward pass per bonus solves every battle up to the largest sizes: retreat rules
    depend only on the state, so a smaller battle is a sub-chain of the largest one.
    O(bonuses * attack * defend).

    Examples
    --------
    >>> t = odds_table(3, 2, 1)
    >>> [f"{float(t[a, d, 0]):.3f}" for a, d in [(1, 1), (2, 2), (2, 1), (3, 2), (3, 1)]]
    ['0.361', '0.447', '0.911', '0.902', '0.998']
    >>> t[3, 2, 1] == battle_odds(3, 2, 1).probability
    True
    """
    attacks, defends = _span(attack, "attack", 1), _span(defend, "defend", 1)
    bonuses = _span(bonus, "bonus", 0)
    policy = parse_policy(policy)
    rounds = _int_rounds(_die(die))
    A, D = max(attacks), max(defends)
    out = {}
    for b in bonuses:
        fight, _ = _backward(A, D, b, rounds, policy, sea)
        for a in attacks:
            for d in defends:
                out[a, d, b] = Fraction(fight[a, d][0], rounds.total ** (a + d))
    return out


# --- symbolic layer (sympy, imported lazily; not on the hot path) ---------------------------

def _face_symbols(die: Die) -> list[sympy.Symbol]:
    """``w2`` = the number of sides showing 2 (``w_m1`` for a face -1), positive."""
    import sympy

    return [sympy.Symbol(f"w{f}" if f >= 0 else f"w_m{-f}", positive=True) for f, _ in die.faces]


def face_weights(die: Die | None = None) -> dict[sympy.Symbol, sympy.Integer]:
    """One symbol per face value (``w2`` = the number of sides showing 2), with its weight.

    Ready for ``expr.subs(face_weights())``.

    >>> face_weights()
    {w0: 1, w1: 2, w2: 2, w3: 1}
    """
    import sympy

    die = _die(die)
    return {s: sympy.Integer(w) for s, (_, w) in zip(_face_symbols(die), die.faces, strict=True)}


def _ring_rounds(die: Die) -> tuple[Any, Any, _Rounds]:
    """The ring of polynomials in the face weights, the sum of the weights, and the round
    weights as polynomials."""
    import sympy
    from sympy.polys.rings import ring

    faces = [f for f, _ in die.faces]
    R, *xs = ring(_face_symbols(die), sympy.ZZ)
    x = dict(zip(faces, xs, strict=True))
    S = sum(xs, R.zero)
    pairs = [(a - d, x[a] * x[d]) for a in faces for d in faces]
    return R, S, _rounds_from(pairs, S * S, R.zero)


def round_expressions(attackers: int, defenders: int, bonus: int = 0, *,
                      die: Die | None = None) -> dict[str, sympy.Expr]:
    """One round's outcome as expressions of the face weights (symbols from :func:`face_weights`).

    Derivation: the attacker's total minus the defender's is ``m + a - d`` with the margin
    ``m = attackers - defenders - bonus`` and the two rolls ``a``, ``d``; the ordered pair of
    faces ``(a, d)`` has weight ``w_a * w_d`` out of ``(sum of weights) ** 2``. The attacker
    loses a unit when ``m + a - d < 0``, the defender when it is ``> 0``, both at ``0``.

    Returns
    -------
    dict
        ``"attacker"``, ``"defender"``, ``"both"``: P(that side loses a unit) (``"both"``: the
        tie), each ``polynomial / (w0 + w1 + ...) ** 2``.

    Examples
    --------
    >>> e = round_expressions(1, 1)
    >>> e["both"]
    (w0**2 + w1**2 + w2**2 + w3**2)/(w0 + w1 + w2 + w3)**2
    >>> e["both"].subs(face_weights())
    5/18
    >>> e = round_expressions(2, 1, 1)["defender"]
    >>> e.subs(face_weights()) == round_odds(2, 1, 1).defender_loses
    True
    """
    import sympy

    _check_units("attackers", attackers, 1)
    _check_units("defenders", defenders, 1)
    _check_units("bonus", bonus, 0)
    R, S, rounds = _ring_rounds(_die(die))
    att, dfn, both = rounds.at(attackers - defenders - bonus)
    den = sympy.Pow(S.as_expr(), 2)
    return {"attacker": att.as_expr() / den, "defender": dfn.as_expr() / den,
            "both": both.as_expr() / den}


def battle_expression(attack: int, defend: int, bonus: int = 0, *,
                      die: Die | None = None) -> sympy.Expr:
    """P(the attack succeeds), fighting to the end, as a rational function of the face weights.

    The same dynamic programme as :func:`battle_odds`, run on polynomials with integer
    coefficients (``sympy.polys.rings``), then reduced. The expression grows quickly: meant
    for small battles in a lesson ("what if the die had two 3s?").

    Examples
    --------
    >>> e = battle_expression(1, 1)
    >>> e
    (w0*w1 + w0*w2 + w0*w3 + w1*w2 + w1*w3 + w2*w3)/(w0 + w1 + w2 + w3)**2
    >>> e.subs(face_weights())
    13/36
    >>> import sympy
    >>> w3 = sympy.Symbol("w3", positive=True)
    >>> e.subs(face_weights() | {w3: 2})   # what if 3 were on two sides?
    18/49
    """
    _check_units("attack", attack, 1)
    _check_units("defend", defend, 1)
    _check_units("bonus", bonus, 0)
    R, S, rounds = _ring_rounds(_die(die))
    fight, _ = _backward(attack, defend, bonus, rounds, FIGHT, False)
    num = fight[attack, defend][0]
    den = (S * S) ** (attack + defend)
    num, den = num.cancel(den)
    # the denominator is a power of S: show it as one
    k = 0
    while den != R.one:
        q, r = divmod(den, S)
        if r != R.zero:
            return num.as_expr() / den.as_expr()
        den, k = q, k + 1
    import sympy

    return num.as_expr() / sympy.Pow(S.as_expr(), k)


def battle_rational(attack: int, defend: int, bonus: int = 0, **options: Any) -> sympy.Rational:
    """:attr:`BattleOdds.probability` as a sympy ``Rational`` (options as :func:`battle_odds`).

    >>> battle_rational(2, 1)
    1181/1296
    """
    import sympy

    p = battle_odds(attack, defend, bonus, **options).probability
    return sympy.Rational(p.numerator, p.denominator)


def battle_latex(attack: int, defend: int, bonus: int = 0, **options: Any) -> str:
    r"""A LaTeX line for notebooks: the battle, its exact success chance and the percentage.

    >>> print(battle_latex(2, 1, 1))
    P(\text{2 attackers v 1 defender (+1 defence) succeed}) = \frac{893}{1296} \approx 68.9\,\%
    """
    import sympy

    odds = battle_odds(attack, defend, bonus, **options)
    p = sympy.Rational(odds.probability.numerator, odds.probability.denominator)
    what = odds.headline().replace(", fight to the end", "")
    return (rf"P(\text{{{what} succeed}}) = {sympy.latex(p)} "
            rf"\approx {odds.percent:.1f}\,\%")
