"""Symbolic odds: a chance as an expression of the face weights, with sympy.

Each face weight becomes a sympy symbol (``D_HIT`` is the number of ``HIT`` sides of the die
coded ``D``), so a lesson can ask "what if this face were on 2 sides?" by substitution. A
game's exact counting code runs unchanged with polynomial weights instead of integers
(:data:`Weight`): :func:`probability_expression` turns its weighted count of successes into
the expression. sympy is imported lazily: nothing here is on a hot path (and ``sympy.stats``
is never used).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .die import Die, Face
from .pool import Pool

if TYPE_CHECKING:
    import sympy

Weight = Callable[[Die, Face, int], Any]
"""Gives the weight of a die's face (called with the die, the face and its integer weight)."""


def _label(face: Face) -> str:
    """A face as a symbol name (without underscores, which sympy would print as subscripts)."""
    return str(face).replace("_", "")


def weight_symbols(pool: Pool, per_die: bool = True) -> dict[tuple[str, Face], sympy.Symbol]:
    """A symbol for each face weight of the pool's dice, keyed by (die name, face).

    Parameters
    ----------
    pool : Pool
    per_die : bool, default True
        ``True``: one symbol per die and face (``C_2``, ``D_2``); ``False``: one per face,
        shared by every die (``2``), to change a face on all dice at once.

    Examples
    --------
    >>> combat = Die("combat", [0, 1, 1, 2, 2, 3], code="C")
    >>> s = weight_symbols(Pool({combat: 2}))
    >>> s["combat", 1], weight_symbols(Pool({combat: 2}), per_die=False)["combat", 1]
    (C_1, 1)
    """
    import sympy

    return {(die.name, face): sympy.Symbol(f"{die.code}_{_label(face)}" if per_die
                                           else _label(face), positive=True)
            for die in pool.dice for face, _ in die.faces}


def die_weights(pool: Pool, per_die: bool = True) -> dict[sympy.Symbol, sympy.Integer]:
    """The printed weights, ready for ``expr.subs(...)``.

    Raises ``ValueError`` with ``per_die=False`` when two dice weigh the same face
    differently (one shared symbol cannot hold both).

    >>> combat = Die("combat", [0, 1, 1, 2, 2, 3], code="C")
    >>> die_weights(Pool({combat: 1}))[weight_symbols(Pool({combat: 1}))["combat", 1]]
    2
    """
    import sympy

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


def probability_expression(pool: Pool, successes: Callable[[Weight], Any],
                           per_die: bool = True) -> sympy.Expr:
    """A chance as an expression of the pool's face weights.

    ``successes(weight)`` counts the weighted successful rolls, reading each face's weight
    through ``weight`` (it gets polynomial generators here, where exact code gets integers);
    the denominator is ``prod((sum of a die's weights) ** count)``, left unexpanded.

    Parameters
    ----------
    pool : Pool
    successes : callable
        Given a :data:`Weight`, the total weight of the successful rolls.
    per_die : bool, default True
        See :func:`weight_symbols`.

    Returns
    -------
    sympy.Expr

    Examples
    --------
    The chance that one combat die shows at least 2:

    >>> combat = Die("combat", [0, 1, 1, 2, 2, 3], code="C")
    >>> e = probability_expression(Pool({combat: 1}), lambda weight: sum(
    ...     weight(combat, f, w) for f, w in combat.faces if f >= 2))
    >>> e
    (C_2 + C_3)/(C_0 + C_1 + C_2 + C_3)
    >>> e.subs(die_weights(Pool({combat: 1})))
    1/2
    """
    import sympy
    from sympy.polys.rings import ring

    symbols = weight_symbols(pool, per_die)
    gens = list(dict.fromkeys(symbols.values()))
    R, *xs = ring(gens, sympy.ZZ)
    by_symbol = dict(zip(gens, xs, strict=True))

    def weight(die: Die, face: Face, w: int) -> Any:
        """A face's weight as its symbol (a ring generator), in place of the number ``w``."""
        return by_symbol[symbols[die.name, face]]

    numerator = R(successes(weight)).as_expr()
    denominator = sympy.Mul(*[
        sympy.Pow(sympy.Add(*[symbols[die.name, f] for f, _ in die.faces]), n)
        for die, n in pool.groups])
    return numerator / denominator
