"""Symbolic odds: a row's single-roll success chance as an expression of the face weights.

Each face weight becomes a sympy symbol (``G_LORE`` is the number of lore sides of the green
die), so a lesson can ask "what if lore were 2 faces?" by substitution. The expression comes
from the same projection and multiset enumeration as :func:`~mythlab.dice.roll_probability`,
run with polynomial weights instead of integers. sympy is imported lazily: nothing here is
on a hot path (and ``sympy.stats`` is never used).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .die import Face
from .matching import Wild
from .odds import roll_probability, success_weight
from .pool import Pool, parse_pool
from .tasks import RowLike

if TYPE_CHECKING:
    import sympy


def _label(face: Face) -> str:
    return str(face).replace("INV_", "INV")


def weight_symbols(pool: Pool | str, per_die: bool = True) -> dict[tuple[str, Face], sympy.Symbol]:
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
    import sympy

    pool = parse_pool(pool)
    return {(die.name, face): sympy.Symbol(f"{die.code}_{_label(face)}" if per_die
                                           else _label(face), positive=True)
            for die in pool.dice for face, _ in die.faces}


def die_weights(pool: Pool | str, per_die: bool = True) -> dict[sympy.Symbol, sympy.Integer]:
    """The printed weights, ready for ``expr.subs(...)``.

    Raises ``ValueError`` with ``per_die=False`` when two dice weigh the same face
    differently (one shared symbol cannot hold both).

    >>> die_weights("G")[weight_symbols("G")["green", "LORE"]]
    1
    """
    import sympy

    pool = parse_pool(pool)
    symbols = weight_symbols(pool, per_die)
    out: dict[sympy.Symbol, sympy.Integer] = {}
    for die in pool.dice:
        for face, w in die.faces:
            s = symbols[die.name, face]
            if s in out and out[s] != w:
                raise ValueError(f"face {face!r} has different weights on different dice; "
                                 "use per_die=True")
            out[s] = sympy.Integer(w)
    return out


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
    import sympy
    from sympy.polys.rings import ring

    pool = parse_pool(pool)
    symbols = weight_symbols(pool, per_die)
    gens = list(dict.fromkeys(symbols.values()))
    R, *xs = ring(gens, sympy.ZZ)
    by_symbol = dict(zip(gens, xs, strict=True))

    def weight(die: Any, face: Face, w: int) -> Any:
        return by_symbol[symbols[die.name, face]]

    success, _ = success_weight(row, pool, wild, weight)
    numerator = R(success).as_expr()
    denominator = sympy.Mul(*[
        sympy.Pow(sympy.Add(*[symbols[die.name, f] for f, _ in die.faces]), n)
        for die, n in pool.groups])
    return numerator / denominator


def exact_probability(row: RowLike, pool: Pool | str, wild: Wild = "seed") -> sympy.Rational:
    """:func:`~mythlab.dice.roll_probability` as a sympy ``Rational``.

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

    from .tasks import as_row

    p = exact_probability(row, pool, wild)
    text = (rf"P(\text{{{str(as_row(row)).replace('_', chr(92) + '_')}}} \mid "
            rf"\text{{{parse_pool(pool)}}})")
    if symbolic:
        text += " = " + sympy.latex(success_expression(row, pool, wild))
    return text + rf" = {sympy.latex(p)} \approx {float(p) * 100:.4f}\,\%"
