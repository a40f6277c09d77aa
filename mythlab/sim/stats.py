"""Honest statistics for simulations: exact win counts and their Wilson score intervals.

Counts and rates are exact (``int``, ``Fraction``); only the interval bounds, which involve a
square root and a normal quantile, are floats. The intervals never leave [0, 1], unlike the
textbook "rate ± 1.96 standard errors" (Wald) interval, which is also far too narrow near 0 and 1
(Agresti & Coull, "Approximate is better than 'exact' for interval estimation of binomial
proportions", The American Statistician 52(2), 1998).
"""

from __future__ import annotations

from fractions import Fraction
from math import sqrt
from statistics import NormalDist
from typing import NamedTuple

#: the normal quantile of a two-sided 95% interval (1.959963984540054)
Z95 = NormalDist().inv_cdf(0.975)


class Interval(NamedTuple):
    """A confidence interval for a proportion: two floats within [0, 1]."""

    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width: the "±" of the estimate."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return f"[{self.low:.1%}, {self.high:.1%}]"


def wilson(wins: int, games: int, z: float = Z95) -> Interval:
    """The Wilson score interval for ``wins`` successes in ``games`` independent trials.

    E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
    JASA 22(158), 1927: the proportions p whose score test does not reject, i.e. the roots of
    ``(r - p)² = z² p (1 - p) / n`` with ``r = wins / games``. The centre and the spread are
    computed from the exact rate; with no games it is the whole of [0, 1].

    >>> [round(x, 4) for x in wilson(81, 263)]  # Newcombe (1998), Stat Med 17:857, ex. (a)
    [0.2553, 0.3662]
    >>> [round(x, 4) for x in wilson(0, 20)]    # never below 0 (Wald would give [0, 0])
    [0.0, 0.1611]
    >>> wilson(0, 0)
    Interval(low=0.0, high=1.0)
    """
    _check_counts(wins, games)
    if games == 0:
        return Interval(0.0, 1.0)
    rate = Fraction(wins, games)
    z2 = z * z
    centre = (rate + Fraction(z2) / (2 * games)) / (1 + Fraction(z2) / games)
    spread = z * sqrt(float(rate * (1 - rate)) / games + z2 / (4 * games * games)) \
        / (1 + z2 / games)
    low = 0.0 if wins == 0 else max(0.0, float(centre) - spread)  # exact at the ends
    high = 1.0 if wins == games else min(1.0, float(centre) + spread)
    return Interval(low, high)


def _check_counts(wins: int, games: int) -> None:
    for name, value in (("wins", wins), ("games", games)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number ≥ 0, not {value!r}")
    if wins > games:
        raise ValueError(f"wins ({wins}) cannot exceed games ({games})")


class WinRate(NamedTuple):
    """Wins out of games, with the exact rate and its Wilson 95% interval.

    >>> w = WinRate(3, 16)
    >>> w.rate, str(w.interval)
    (Fraction(3, 16), '[6.6%, 43.0%]')
    >>> str(w)
    '3/16 (18.8%)'
    """

    wins: int
    games: int

    @property
    def rate(self) -> Fraction:
        """The share of games won, exact."""
        return Fraction(self.wins, self.games) if self.games else Fraction(0)

    @property
    def interval(self) -> Interval:
        """The Wilson 95% interval of the win rate."""
        return wilson(self.wins, self.games)

    def __str__(self) -> str:
        return f"{self.wins}/{self.games} ({float(self.rate):.1%})"


def difference(a: WinRate, b: WinRate) -> tuple[Fraction, Interval]:
    """The difference of two independent win rates, ``a - b``, exactly, with its 95% interval.

    Newcombe's hybrid score interval (R. G. Newcombe, "Interval estimation for the difference
    between independent proportions: comparison of eleven methods", Stat Med 17:873, 1998,
    method 10): it combines the two Wilson intervals and stays within [-1, 1].

    >>> d, ci = difference(WinRate(56, 70), WinRate(48, 80))  # Newcombe's example (a)
    >>> d, round(ci.low, 4), round(ci.high, 4)
    (Fraction(1, 5), 0.0524, 0.3339)
    """
    (l1, u1), (l2, u2) = a.interval, b.interval
    p1, p2 = float(a.rate), float(b.rate)
    d = a.rate - b.rate
    low = float(d) - sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = float(d) + sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, Interval(max(-1.0, low), min(1.0, high))
