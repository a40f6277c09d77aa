"""Symbolic single-roll odds: a row's success chance as an expression of the face weights.

Each face weight becomes a sympy symbol (``G_LORE`` is the number of lore sides of the green
die), so a lesson can ask "what if lore were 2 faces?" by substitution. The expression comes
from the same projection and multiset enumeration as
:func:`~mythlab.elder_sign.dice.roll_probability`, run with polynomial weights instead of
integers (:func:`mythlab.dice.symbolic.probability_expression`). Pools may be given as specs
in the Elder Sign dice (``"3G"``). sympy is imported lazily.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.dice import Face, Pool
from mythlab.dice import symbolic as generic

from .load import parse_pool
from .matching import Wild
from .rows import RowLike, as_row
from .single_roll import roll_probability, success_weight

if TYPE_CHECKING:
    import sympy


def weight_symbols(pool: Pool | str, per_die: bool = True
                   ) -> dict[tuple[str, Face], sympy.Symbol]:
    """A symbol for each face weight of the pool's dice, keyed by (die name, face).

    Parameters
    ----------
    pool : Pool or str
    per_die : bool, default True
        ``True``: one symbol per die and face (``G_LORE``, ``Y_LORE``); ``False``: one per
        face, shared by every die (``LORE``), to change a face on all dice at once.

    Examples
    --------
    >>> s = weight_symbols("G+R")
    >>> s["green", "INV_3"], s["red", "WILD"]
    (G_INV3, R_WILD)
    >>> weight_symbols("G+R", per_die=False)["red", "LORE"]
    LORE
    """
    return generic.weight_symbols(parse_pool(pool), per_die)


def die_weights(pool: Pool | str, per_die: bool = True) -> dict[sympy.Symbol, sympy.Integer]:
    """The printed weights, ready for ``expr.subs(...)`` (see
    :func:`mythlab.dice.symbolic.die_weights`).

    >>> die_weights("G")[weight_symbols("G")["green", "LORE"]]
    1
    """
    return generic.die_weights(parse_pool(pool), per_die)


def success_expression(row: RowLike, pool: Pool | str, wild: Wild = "seed",
                       per_die: bool = True) -> sympy.Expr:
    """P(one roll of ``pool`` completes ``row``) as an expression of the face weights.

    The numerator counts weighted successful rolls (a polynomial in the weight symbols);
    the denominator is ``prod((sum of a die's weights) ** count)``, left unexpanded.

    Parameters
    ----------
    row : Row, str or list
    pool : Pool or str
    wild : str, WildReading or list of str, default "seed"
    per_die : bool, default True
        See :func:`weight_symbols`.

    Returns
    -------
    sympy.Expr

    Examples
    --------
    >>> e = success_expression("LORE", "G")
    >>> e
    G_LORE/(G_INV1 + G_INV2 + G_INV3 + G_LORE + G_PERIL + G_TERROR)
    >>> w = die_weights("G")
    >>> e.subs(w)
    1/6
    >>> w[weight_symbols("G")["green", "LORE"]] = 2   # what if lore were 2 faces?
    >>> e.subs(w)
    2/7
    """
    pool = parse_pool(pool)
    return generic.probability_expression(
        pool, lambda weight: success_weight(row, pool, wild, weight)[0], per_die)


def exact_probability(row: RowLike, pool: Pool | str, wild: Wild = "seed") -> sympy.Rational:
    """:func:`~mythlab.elder_sign.dice.roll_probability` as a sympy ``Rational``.

    >>> exact_probability("INV_3,LORE", "6G")
    8953/15552
    """
    import sympy

    p = roll_probability(row, pool, wild)
    return sympy.Rational(p.numerator, p.denominator)


def latex_probability(row: RowLike, pool: Pool | str, wild: Wild = "seed",
                      symbolic: bool = False) -> str:
    r"""A LaTeX line for notebooks: the exact chance, and its percentage.

    With ``symbolic=True`` the formula in the face weights comes first (long for big
    pools: it is a polynomial with up to hundreds of terms).

    Examples
    --------
    >>> latex_probability("INV_3,LORE", "6G")
    'P(\\text{INV\\_3,LORE} \\mid \\text{6G}) = \\frac{8953}{15552} \\approx 57.5682\\,\\%'
    >>> print(latex_probability("PERIL", "G", symbolic=True))  # doctest: +ELLIPSIS
    P(\text{PERIL} \mid \text{G}) = \frac{G_{PERIL}}{G_{INV1} + ... + G_{TERROR}} = \frac{1}{6} ...
    """
    import sympy

    p = exact_probability(row, pool, wild)
    text = (rf"P(\text{{{str(as_row(row)).replace('_', chr(92) + '_')}}} \mid "
            rf"\text{{{parse_pool(pool)}}})")
    if symbolic:
        text += " = " + sympy.latex(success_expression(row, pool, wild))
    return text + rf" = {sympy.latex(p)} \approx {float(p) * 100:.4f}\,\%"
