"""How sure a measurement is: the Wilson 95% interval of a win rate, and the verdict a
lesson asks for ("yes", "no" or "cannot tell") when a rate is compared with a fair share.

The Wilson interval stays inside [0, 1] and behaves for small samples and rates near 0 or 1,
which the "± 2 standard errors" rule does not (Wilson 1927; Newcombe 1998).
"""

from __future__ import annotations

from fractions import Fraction

from mythlab.sim.stats import Z95, WinRate, wilson

__all__ = ["VERDICTS", "Z95", "Rate", "clearly_above", "overlap", "wilson"]

VERDICTS = ("yes", "no", "cannot tell")
"""The answers of a "clearly above?" question, in the lessons' words."""


class Rate(WinRate):
    """Wins out of games, with the exact rate (``sim.stats.WinRate``) and the ends of its
    Wilson 95% interval, as a lesson reads them.

    >>> r = Rate(36, 40)
    >>> r.rate, round(r.low, 3), round(r.high, 3)
    (Fraction(9, 10), 0.769, 0.96)
    """

    __slots__ = ()

    @property
    def low(self) -> float:
        """The low end of the Wilson 95% interval of the win rate."""
        return self.interval[0]

    @property
    def high(self) -> float:
        """The high end of the Wilson 95% interval of the win rate."""
        return self.interval[1]

    def __str__(self) -> str:
        return (f"{self.wins} wins in {self.games}, {float(self.rate):.0%} "
                f"(95% interval {self.low:.0%} to {self.high:.0%})")


def clearly_above(rate: Rate, share: Fraction) -> str:
    """``"yes"`` when the whole interval is above ``share``, ``"no"`` when it is wholly
    below, else ``"cannot tell"``.

    >>> clearly_above(Rate(36, 40), Fraction(1, 2)), clearly_above(Rate(22, 40), Fraction(1, 2))
    ('yes', 'cannot tell')
    """
    if rate.low > share:
        return "yes"
    if rate.high < share:
        return "no"
    return "cannot tell"


def overlap(a: Rate, b: Rate) -> bool:
    """Whether two rates' 95% intervals overlap (then a class cannot tell them apart)."""
    return a.low <= b.high and b.low <= a.high
