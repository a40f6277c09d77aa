"""Cyclades (Matagot 2009): §1 the archipelago as a graph (``board.py``), §2 the full rules
on the shared engine (``rules.py`` and its modules; registered as ``"cyclades"``), §3 exact
battle odds (``combat.py``).

>>> from mythlab.cyclades import archipelago, fleet_chain
>>> G = archipelago(players=5)
>>> fleet_chain(G, "IS2", 0, G.graph["start"].fleets())
['IS5']
"""

from mythlab.registry import GameSpec, lazy_exports

# the names below are imported from their modules on first use: importing this
# package for its SPEC (listing the games) imports none of its rules
__getattr__, __dir__ = lazy_exports(__name__, {
    ".board": [
        "MAP_FORMAT", "Slots", "Start", "StartLayout", "archipelago", "chokepoints", "fleet_chain",
        "fleet_moves", "income", "island_distance", "island_neighbours", "islands",
        "load_archipelago", "ports_adjacent", "retreat_options", "rival_distances",
        "sea_betweenness", "sea_graph", "sea_neighbours", "sea_zones", "spread_starts",
        "start_distances", "start_layout",
    ],
    ".combat": [
        "FIGHT", "BattleOdds", "End", "OddsBelow", "Optimal", "Outcome", "Policy", "Side",
        "Situation", "UnitsAtMost", "battle_odds", "combat_die", "odds_table", "parse_policy",
        "round_odds",
    ],
    ".load": ["gods", "load_creatures", "numbers", "rulings"],
    ".rules": ["CycladesGame", "CycladesState"],
    ".scenarios": ["scenario"],
})


__all__ = ["SPEC",
    "MAP_FORMAT", "Slots", "Start", "StartLayout", "archipelago", "chokepoints", "fleet_chain",
    "fleet_moves", "income", "island_distance", "island_neighbours", "islands",
    "load_archipelago", "ports_adjacent", "retreat_options", "rival_distances",
    "sea_betweenness", "sea_graph", "sea_neighbours", "sea_zones", "spread_starts",
    "start_distances", "start_layout",
    # combat.py
    "FIGHT", "BattleOdds", "End", "OddsBelow", "Optimal", "Outcome", "Policy", "Side",
    "Situation", "UnitsAtMost", "battle_odds", "combat_die", "odds_table", "parse_policy",
    "round_odds",
    # the rules
    "CycladesGame", "CycladesState", "gods", "load_creatures", "numbers", "rulings", "scenario",
]


#: what mythlab offers for this game (registered in pyproject.toml, group mythlab.games)
SPEC = GameSpec(
    name="cyclades",
    title="Cyclades",
    summary="Bid for the gods' favour, sail fleets, recruit creatures, build two metropolises.",
    game="mythlab.cyclades.rules:CycladesGame",
    view="mythlab.cyclades.view:cyclades_view",
    targets="mythlab.cyclades.view:targets",
    odds={"cyclades": "mythlab.cyclades.odds_command:BATTLE_ODDS"},
    data="mythlab.cyclades",
    notebooks=('cyclades.ipynb', 'cyclades_graph.ipynb', 'balance_lab.ipynb'),
    search_value="mythlab.cyclades.evaluate:search_value",
    rulebooks=('Cyclades rulebook, Greek edition',),
)
