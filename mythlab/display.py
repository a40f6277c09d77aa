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
