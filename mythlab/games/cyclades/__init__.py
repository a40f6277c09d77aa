"""Cyclades (Matagot 2009): so far §1, the archipelago as a graph (``board.py``), and §3,
exact battle odds (``combat.py``).

The rules come later; the game is not registered yet.

>>> from mythlab.games.cyclades import archipelago, fleet_chain
>>> G = archipelago(players=5)
>>> fleet_chain(G, "IS2", 0, G.graph["start"].fleets())
['IS5']
"""

from .board import (
    MAP_FORMAT,
    Slots,
    Start,
    StartLayout,
    archipelago,
    chokepoints,
    fleet_chain,
    fleet_moves,
    income,
    island_distance,
    island_neighbours,
    islands,
    load_archipelago,
    ports_adjacent,
    retreat_options,
    rival_distances,
    sea_betweenness,
    sea_graph,
    sea_neighbours,
    sea_zones,
    spread_starts,
    start_distances,
    start_layout,
)
from .combat import (
    FIGHT,
    BattleOdds,
    End,
    OddsBelow,
    Optimal,
    Outcome,
    Policy,
    Side,
    Situation,
    UnitsAtMost,
    battle_odds,
    combat_die,
    odds_table,
    parse_policy,
    round_odds,
)

__all__ = [
    "MAP_FORMAT", "Slots", "Start", "StartLayout", "archipelago", "chokepoints", "fleet_chain",
    "fleet_moves", "income", "island_distance", "island_neighbours", "islands",
    "load_archipelago", "ports_adjacent", "retreat_options", "rival_distances",
    "sea_betweenness", "sea_graph", "sea_neighbours", "sea_zones", "spread_starts",
    "start_distances", "start_layout",
    # combat.py
    "FIGHT", "BattleOdds", "End", "OddsBelow", "Optimal", "Outcome", "Policy", "Side",
    "Situation", "UnitsAtMost", "battle_odds", "combat_die", "odds_table", "parse_policy",
    "round_odds",
]
