"""Showing numbers and game parts to people, the same way in every view, widget and command.

Game-independent and free of widget code, so game views, the widgets and the CLI all use it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple


class Pick(NamedTuple):
    """A step of a click path that is not drawn on the board: a choice the board offers in a
    small picker once the earlier steps are clicked (a bid's amount, say).

    >>> Pick("coins:3", "3 coins").text
    '3 coins'
    """

    token: str
    text: str


Step = str | Pick
"""One step of a click path: a ``data-token`` drawn in the view, or a ``Pick``."""


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


def one_in(p: Fraction) -> str:
    """A probability in words people compare easily: ``about 1 in 6``, ``about 3 in 8``.

    Small chances read as "1 in N"; larger ones as the nearest fraction with a denominator up
    to 10; near-certain ones by how often they fail.

    >>> one_in(Fraction(1, 46656)), one_in(Fraction(13, 36)), one_in(Fraction(999, 1000))
    ('about 1 in 46,656', 'about 3 in 8', 'almost always (fails about 1 in 1,000)')
    >>> one_in(Fraction(0)), one_in(Fraction(1)), one_in(Fraction(1, 6))
    ('never', 'always', 'about 1 in 6')
    """
    if p <= 0:
        return "never"
    if p >= 1:
        return "always"
    if p < Fraction(1, 5):
        return f"about 1 in {round(1 / p):,}"
    near = p.limit_denominator(10)
    if near == 1:
        return f"almost always (fails about 1 in {round(1 / (1 - p)):,})"
    return f"about {near.numerator} in {near.denominator}"


def chance_text(p: Fraction) -> str:
    """How a probability is shown on screen: ``16.7%, about 1 in 6`` (exact value on hover).

    >>> chance_text(Fraction(1, 6))
    '16.7%, about 1 in 6'
    """
    return f"{percent(p)}, {one_in(p)}"


def phase_figure(graph: Any, title: str, size: tuple[float, float] = (8, 5.5)) -> Any:
    """A game's phase graph (``Game.phase_graph()``) drawn as a ring of phases in rulebook
    order (clockwise from the top), arrows for the transitions the rules allow: a matplotlib
    Figure, for a lesson to show or a handout to print (matplotlib and networkx are imported
    only here)."""
    import math

    import matplotlib.pyplot as plt
    import networkx as nx

    order = sorted(graph, key=lambda n: graph.nodes[n]["order"])
    width, height = size
    pos = {n: (width / height * math.sin(2 * math.pi * i / len(order)),
               math.cos(2 * math.pi * i / len(order))) for i, n in enumerate(order)}
    fig, ax = plt.subplots(figsize=size)
    nx.draw_networkx_edges(graph, pos, node_size=1800, arrowsize=12, edge_color="#666",
                           width=0.8, connectionstyle="arc3,rad=0.12", ax=ax)
    nx.draw_networkx_labels(graph, pos, font_size=8.5, ax=ax, bbox={
        "boxstyle": "round,pad=0.35", "facecolor": "#f4f0e6", "edgecolor": "#886"})
    ax.set_title(title)
    ax.margins(0.12, 0.1)
    ax.axis("off")
    fig.tight_layout()
    return fig
