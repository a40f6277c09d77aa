"""Pictures for the lessons: a game's phase diagram, a battle table as a heat map, an
archipelago with some zones marked, and win rates with their intervals.

They draw with matplotlib and show the figure, so a lesson cell is one line; numbers a
student is asked to find are drawn in the picture, never printed as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx

from mythlab.display import phase_figure
from mythlab.engine import Game
from mythlab.registry import spec

from .measure import Rate


def _show(fig) -> None:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    plt.show()


def phase_picture(game: Game) -> None:
    """The game's phases as a directed graph (arrows: the transitions the rules allow)."""
    import matplotlib.pyplot as plt

    phase_figure(game.phase_graph(), f"{spec(game.name).title}: the phases")
    plt.show()


def battle_chart(table: Mapping[tuple[int, int, int], object], bonus: int) -> None:
    """One defence bonus of a ``combat.odds_table``: attackers down, defenders across, each
    square shaded and labelled with the attack's chance of success."""
    import matplotlib.pyplot as plt

    attackers = sorted({a for a, _, b in table if b == bonus})
    defenders = sorted({d for _, d, b in table if b == bonus})
    grid = [[float(table[a, d, bonus]) for d in defenders] for a in attackers]
    fig, ax = plt.subplots(figsize=(1.1 * len(defenders) + 2, 0.55 * len(attackers) + 1.5))
    ax.imshow(grid, cmap="YlGn", vmin=0, vmax=1)
    for i, row in enumerate(grid):
        for j, p in enumerate(row):
            ax.text(j, i, f"{p:.0%}", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(len(defenders)), defenders)
    ax.set_yticks(range(len(attackers)), attackers)
    ax.set_xlabel("defenders")
    ax.set_ylabel("attackers")
    ax.set_title(f"chance the attack succeeds, defence +{bonus}")
    _show(fig)


def map_picture(board: nx.Graph, marked: Iterable[str] = (), title: str = "") -> None:
    """An archipelago: islands as hexagons, sea zones as dots, ``marked`` nodes in red."""
    import matplotlib.pyplot as plt

    pos = {n: (d["x"], -d["y"]) for n, d in board.nodes(data=True)}
    marked = set(marked)
    kinds = dict(board.nodes(data="kind"))
    fig, ax = plt.subplots(figsize=(8, 7))
    nx.draw_networkx_edges(board, pos, ax=ax, edge_color="#9ec3dc", width=1)
    for kind, shape, size in (("sea", "o", 160), ("island", "h", 520)):
        nodes = [n for n in board if (kinds[n] == "sea") == (kind == "sea")]
        nx.draw_networkx_nodes(board, pos, nodelist=nodes, node_shape=shape, node_size=size,
                               node_color=["#e45756" if n in marked else
                                           ("#cfe3f1" if kind == "sea" else "#e9dcb5")
                                           for n in nodes], edgecolors="#777", ax=ax)
    nx.draw_networkx_labels(board, pos, font_size=6, ax=ax)
    ax.set_title(title)
    ax.axis("off")
    _show(fig)


def rates_chart(rates: Mapping[str, Rate], fair: float | None = None, title: str = "") -> None:
    """Win rates as dots with their Wilson 95% intervals as bars (and a fair-share line)."""
    import matplotlib.pyplot as plt

    names = list(rates)
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(names) + 1.4))
    for y, name in enumerate(names):
        r = rates[name]
        ax.plot([r.low, r.high], [y, y], color="#2a6", linewidth=4, alpha=0.5)
        ax.plot([float(r.rate)], [y], "o", color="#174")
    if fair is not None:
        ax.axvline(fair, color="k", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(names)), names)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (dot) and its 95% interval (bar)")
    ax.set_title(title)
    _show(fig)
