"""Showing numbers and game parts to people, the same way in every view, widget and command.

Game-independent and free of widget code, so game views, the widgets and the CLI all use it.
"""

from __future__ import annotations

from fractions import Fraction


def percent(p: Fraction) -> str:
    """A probability as a short percentage (more digits when it is tiny).

    >>> percent(Fraction(1, 6)), percent(Fraction(1, 46656))
    ('16.7%', '0.0021%')
    """
    value = float(p) * 100
    return f"{value:.1f}%" if value >= 0.1 or value == 0 else f"{value:.2g}%"


def fraction_text(p: Fraction) -> str:
    """An exact probability as ``numerator/denominator``.

    >>> fraction_text(Fraction(13, 36))
    '13/36'
    """
    return f"{p.numerator}/{p.denominator}"


def odds_text(p: Fraction) -> str:
    """An exact probability and its percentage: ``13/36 ≈ 36.1%``.

    >>> odds_text(Fraction(13, 36))
    '13/36 ≈ 36.1%'
    """
    return f"{fraction_text(p)} ≈ {percent(p)}"
