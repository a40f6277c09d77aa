"""Cyclades §1: the archipelago as a graph, its map files, and the graph queries.

The public facts (four independent public implementations, cross-checked; see the sources of
mythlab/cyclades/data/archipelago-5p.yaml) are re-typed below only to check against: the board
itself is generated from that file and the hex neighbour rule.
"""

from __future__ import annotations

import random
import re
import time
from itertools import combinations
from pathlib import Path

import networkx as nx
import pytest
import yaml

import mythlab
from mythlab.cyclades import board
from mythlab.cyclades.board import (
    SeaRoutes,
    Slots,
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
from mythlab.engine.datafiles import game_data

DOCS = Path(__file__).resolve().parent.parent / "docs" / "cyclades-map-format.md"

# the public island table: id, cells, prosperity, slots, metropolis, adjacent sea zones
REFERENCE_ISLANDS = """
IS1  | B1 B2 C1 C2   | 0 | 4 | 1+2 | A1 A2 B3 C3 D1 D2 D3
IS2  | A4 B5         | 1 | 2 | 1+2 | A3 A5 B4 B6 C5 C6
IS3  | E2            | 2 | 1 | 1   | D1 D2 E1 E3 F2 F3
IS4  | D4 E5         | 1 | 2 | 1+2 | C3 C4 D3 D5 E4 E6 F5 F6
IS5  | D6 D7         | 1 | 2 | 1+2 | C5 C6 C7 D5 D8 E6 E7 E8
IS6  | D9 E9         | 1 | 2 | 1+2 | C8 D8 E8 E10 F9 F10
IS7  | G1 H1 H2      | 0 | 3 | 1+2 | F1 F2 G2 G3 H3 I1 I2
IS8  | F4 G4         | 1 | 2 | 1+2 | E3 E4 F3 F5 G3 G5 H3 H4
IS9  | F7            | 2 | 1 | 1   | E6 E7 F6 F8 G6 G7
IS10 | H7            | 2 | 1 | 1   | G7 G8 H6 H8 I6 I7
IS11 | G10 H9 I8 J7  | 0 | 4 | 1+2 | F10 F11 G9 H8 I7 J6 K6
IS12 | I3 J2 J3      | 0 | 3 | 2+3 | H3 H4 I2 I4 J1 J4 K1 K2 K3
IS13 | I5 J5 K5      | 0 | 3 | 2+3 | H5 H6 I4 I6 J4 J6 K4 K6
"""

# the reference's sea zone adjacency, as printed (trade zones marked *, islands in brackets)
REFERENCE_SEA = """
A1   * -> A2  [IS1]
A2     -> A1 A3 B3  [IS1]
A3     -> A2 B3 B4  [IS2]
A5     -> A6 B6  [IS2]
A6   * -> A5 B6 B7
B3     -> B4 A2 A3 C3 C4  [IS1]
B4     -> B3 A3 C4 C5  [IS2]
B6     -> B7 A5 A6 C6 C7  [IS2]
B7     -> B6 A6 C7 C8
C3     -> C4 B3 D3  [IS1 IS4]
C4     -> C3 C5 B3 B4 D5  [IS4]
C5     -> C4 C6 B4 D5  [IS2 IS5]
C6     -> C5 C7 B6  [IS2 IS5]
C7     -> C6 C8 B6 B7 D8  [IS5]
C8     -> C7 B7 D8  [IS6]
D1     -> D2 E1  [IS1 IS3]
D2     -> D1 D3 E3  [IS1 IS3]
D3     -> D2 C3 E3 E4  [IS1 IS4]
D5     -> C4 C5 E6  [IS4 IS5]
D8     -> C7 C8 E8  [IS5 IS6]
E1     -> D1 F1 F2  [IS3]
E3     -> E4 D2 D3 F3  [IS3 IS8]
E4     -> E3 D3 F5  [IS4 IS8]
E6     -> E7 D5 F6  [IS4 IS5 IS9]
E7     -> E6 E8 F8  [IS5 IS9]
E8     -> E7 D8 F8 F9  [IS5 IS6]
E10    -> F10 F11  [IS6]
F1   * -> F2 E1  [IS7]
F2     -> F1 F3 E1 G2  [IS3 IS7]
F3     -> F2 E3 G2 G3  [IS3 IS8]
F5     -> F6 E4 G5  [IS4 IS8]
F6     -> F5 E6 G5 G6  [IS4 IS9]
F8     -> F9 E7 E8 G7 G8  [IS9]
F9     -> F8 F10 E8 G8 G9  [IS6]
F10    -> F9 F11 E10 G9  [IS6 IS11]
F11  * -> F10 E10  [IS11]
G2     -> G3 F2 F3  [IS7]
G3     -> G2 F3 H3  [IS7 IS8]
G5     -> G6 F5 F6 H4 H5  [IS8]
G6     -> G5 G7 F6 H5 H6  [IS9]
G7     -> G6 G8 F8 H6  [IS9 IS10]
G8     -> G7 G9 F8 F9 H8  [IS10]
G9     -> G8 F9 F10 H8  [IS11]
H3     -> H4 G3 I2  [IS7 IS8 IS12]
H4     -> H3 H5 G5 I4  [IS8 IS12]
H5     -> H4 H6 G5 G6 I4  [IS13]
H6     -> H5 G6 G7 I6  [IS10 IS13]
H8     -> G8 G9 I7  [IS10 IS11]
I1     -> I2 J1  [IS7]
I2     -> I1 H3 J1  [IS7 IS12]
I4     -> H4 H5 J4  [IS12 IS13]
I6     -> I7 H6 J6  [IS10 IS13]
I7     -> I6 H8 J6  [IS10 IS11]
J1     -> I1 I2 K1  [IS12]
J4     -> I4 K3 K4  [IS12 IS13]
J6     -> I6 I7 K6  [IS11 IS13]
K1   * -> K2 J1  [IS12]
K2     -> K1 K3  [IS12]
K3     -> K2 K4 J4  [IS12]
K4     -> K3 J4  [IS13]
K6   * -> J6  [IS11 IS13]
"""

# the reference's 5-player start table
REFERENCE_STARTS = {
    "A": (("IS2", "IS12"), ("C6", "K1")),
    "B": (("IS1", "IS9"), ("B3", "E7")),
    "C": (("IS4", "IS13"), ("F5", "K6")),
    "D": (("IS6", "IS7"), ("D8", "F1")),
    "E": (("IS3", "IS11"), ("F3", "G9")),
}


@pytest.fixture(scope="module")
def G() -> nx.Graph:
    return archipelago()


def reference_sea() -> dict[str, tuple[bool, set[str], set[str]]]:
    out = {}
    for line in REFERENCE_SEA.strip().splitlines():
        m = re.fullmatch(r"(\w+)\s+(\*)?\s*->\s*([A-K0-9 ]*?)\s*(?:\[(.*)\])?", line.strip())
        assert m, line
        out[m[1]] = (m[2] is not None, set(m[3].split()), set((m[4] or "").split()))
    return out


def reference_rule(r: int, c: int) -> list[tuple[int, int]]:
    """The neighbour rule exactly as the reference states it (rows r = 0..10, columns from 1)."""
    out = [(r, c - 1), (r, c + 1)]
    if r < 5:
        out += [(r - 1, c - 1), (r - 1, c), (r + 1, c), (r + 1, c + 1)]
    elif r == 5:
        out += [(r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    else:
        out += [(r - 1, c), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c)]
    return out


# ------------------------------------------------------------------------------------------
# The verified 5-player board
# ------------------------------------------------------------------------------------------

def test_board_has_13_islands_61_sea_zones_on_91_cells(G):
    assert len(islands(G)) == 13 and len(sea_zones(G)) == 61
    assert islands(G) == [f"IS{n}" for n in range(1, 14)]
    cells = [c for _, cs in G.nodes(data="cells") for c in cs]
    assert len(cells) == len(set(cells)) == 91
    assert sum(len(G.nodes[i]["cells"]) for i in islands(G)) == 30
    assert G.graph["provenance"] == "public" and G.graph["sources"]
    assert nx.is_connected(G) and nx.is_connected(sea_graph(G))


def test_islands_match_the_reference_table(G):
    for line in REFERENCE_ISLANDS.strip().splitlines():
        island, cells, prosperity, slots, metropolis, seas = (p.strip() for p in line.split("|"))
        node = G.nodes[island]
        assert node["kind"] == "island" and node["trade"] is False
        assert node["cells"] == tuple(cells.split())
        assert node["prosperity"] == int(prosperity)
        assert node["slots"] == Slots(int(slots), tuple(int(m) for m in metropolis.split("+")))
        assert sea_neighbours(G, island) == sorted(seas.split(), key=board._natural), island


def test_prosperity_pattern_and_trade_corners(G):
    """Reference: prosperity 0 on 3-4 cell islands, 1 on 2-cell, 2 on 1-cell; 11 + 6 in all."""
    for i in islands(G):
        assert G.nodes[i]["prosperity"] == {1: 2, 2: 1, 3: 0, 4: 0}[len(G.nodes[i]["cells"])]
    assert sum(G.nodes[i]["prosperity"] for i in islands(G)) == 11
    trade = [z for z in sea_zones(G) if G.nodes[z]["trade"]]
    assert trade == ["A1", "A6", "F1", "F11", "K1", "K6"]
    assert sum(G.nodes[z]["prosperity"] for z in sea_zones(G)) == 6


def test_sea_adjacency_matches_the_lists_printed_in_the_reference(G):
    printed = reference_sea()
    assert set(printed) == set(sea_zones(G))
    for zone, (trade, seas, isles) in printed.items():
        assert G.nodes[zone]["trade"] is trade, zone
        assert set(sea_neighbours(G, zone)) == seas, zone
        assert set(island_neighbours(G, zone)) == isles, zone
    sea_edges = sum(1 for *_, k in G.edges(data="kind") if k == "sea")
    assert sea_edges == sum(len(s) for _, s, _ in printed.values()) // 2


def test_generated_neighbours_are_the_reference_hex_rule():
    rows = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
    cells = board._board_cells("test", board._BoardEntry(rows=rows))
    generated = board._hex_neighbours(cells)
    letters = "ABCDEFGHIJK"
    for r, length in enumerate(rows):
        for c in range(1, length + 1):
            expected = {f"{letters[a]}{b}" for a, b in reference_rule(r, c)
                        if 0 <= a < 11 and 1 <= b <= rows[a]}
            assert set(generated[f"{letters[r]}{c}"]) == expected


def test_edges_join_sea_to_sea_and_islands_to_sea_only(G):
    for a, b, kind in G.edges(data="kind"):
        kinds = {G.nodes[a]["kind"], G.nodes[b]["kind"]}
        assert kinds == ({"sea"} if kind == "sea" else {"sea", "island"}), (a, b)


def test_drawing_coordinates(G):
    points = {(d["x"], d["y"]) for _, d in G.nodes(data=True)}
    assert len(points) == 74
    # rows are 1.5 outer radii apart; neighbours in a row sqrt(3) apart
    assert G.nodes["A1"]["y"] == 1.0 and G.nodes["K6"]["y"] == 16.0
    assert G.nodes["A2"]["x"] - G.nodes["A1"]["x"] == pytest.approx(3 ** 0.5, abs=1e-3)
    assert G.nodes["F1"]["x"] == pytest.approx(3 ** 0.5 / 2, abs=1e-3)
    # an island sits at the mean of its cells
    assert G.nodes["IS1"]["y"] == pytest.approx((2.5 + 4.0) / 2)


# ------------------------------------------------------------------------------------------
# Start positions
# ------------------------------------------------------------------------------------------

def test_five_player_starts_are_the_reference_and_worth_2_gp(G):
    layout = G.graph["start"]
    assert G.graph["players"] == 5 and layout.provenance == "public" and layout.sources
    assert {s.label: (s.islands, s.fleets) for s in layout.players} == REFERENCE_STARTS
    assert income(G, layout.owners(), layout.fleets()) == {seat: 2 for seat in range(5)}
    for s in layout.players:  # 1 fleet next to each start island
        for island, fleet in zip(s.islands, s.fleets, strict=True):
            assert fleet in sea_neighbours(G, island)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_player_starts_are_a_flagged_mythlab_layout(players):
    """The rulebook shows these boards only as pictures: mythlab takes a subset of the
    5-player starts, spread out, equal income, flagged mythlab."""
    G = archipelago(players=players)
    layout = G.graph["start"]
    assert len(layout) == players and G.graph["players"] == players
    assert layout.provenance == "mythlab" and "pictures" in layout.why
    full = {s.label: s for s in start_layout(G, 5).players}
    assert all(full[s.label] == s for s in layout.players)  # whole 5-player starts
    assert set(income(G, layout.owners(), layout.fleets()).values()) == {2}
    # the most spread-out subset, as spread_starts recomputes it
    assert spread_starts(G, start_layout(G, 5), players).players == layout.players
    best = max(rival_distances(G, {i: s.label for s in sub for i in s.islands})
               for sub in combinations(full.values(), players))
    assert rival_distances(G, layout.owners()) == best


def test_smaller_layouts_nest():
    labels = {n: [s.label for s in archipelago(players=n).graph["start"].players]
              for n in (2, 3, 4, 5)}
    assert labels == {2: ["A", "E"], 3: ["A", "B", "E"], 4: ["A", "B", "D", "E"],
                      5: ["A", "B", "C", "D", "E"]}


def test_unknown_player_count_is_refused():
    for players in (1, 6, "5", True):
        with pytest.raises(ValueError, match="start positions for 2, 3, 4, 5"):
            archipelago(players=players)  # type: ignore[arg-type]


def test_each_call_returns_a_fresh_graph():
    first = archipelago()
    first.remove_node("IS1")
    first.nodes["A1"]["prosperity"] = 9
    first.graph["starts"].clear()
    second = archipelago()
    assert "IS1" in second and second.nodes["A1"]["prosperity"] == 1
    assert sorted(second.graph["starts"]) == [2, 3, 4, 5]


# ------------------------------------------------------------------------------------------
# Queries
# ------------------------------------------------------------------------------------------

def chain_by_subgraph(G, island, player, fleets):
    """fleet_chain written literally as the subgraph query, to check the fast version."""
    own = [z for z, p in fleets.items() if p == player]
    component = nx.node_connected_component(G.subgraph([island, *own]), island)
    reached = {i for z in component if z != island for i in island_neighbours(G, z)}
    return sorted(reached - {island}, key=board._natural)


def test_fleet_chain_follows_only_the_players_own_fleets(G):
    """Ares: troops move to an island linked by a chain of fleets of their colour."""
    fleets = {"C5": 0, "D5": 0, "E6": 0, "F6": 1, "K1": 0}
    assert fleet_chain(G, "IS2", 0, fleets) == ["IS4", "IS5", "IS9"]
    assert fleet_chain(G, "IS9", 1, fleets) == ["IS4"]
    assert fleet_chain(G, "IS12", 0, fleets) == []
    fleets["C5"] = 1  # an enemy fleet breaks the chain at its first link
    assert fleet_chain(G, "IS2", 0, fleets) == []
    assert fleet_chain(G, "IS3", 0, {}) == []
    with pytest.raises(ValueError, match="'A1' is a sea zone, not an island"):
        fleet_chain(G, "A1", 0, fleets)
    with pytest.raises(ValueError, match="not an island or sea zone"):
        fleet_chain(G, "IS99", 0, fleets)


def test_fleet_chain_equals_the_subgraph_query_on_random_positions(G):
    rng = random.Random(7)
    zones = sea_zones(G)
    routes = SeaRoutes(G)  # the same query on the tables a game builds once
    for _ in range(300):
        fleets = {z: rng.randrange(3) for z in rng.sample(zones, rng.randrange(1, 25))}
        island = rng.choice(islands(G))
        player = rng.randrange(3)
        assert fleet_chain(G, island, player, fleets) == chain_by_subgraph(G, island, player,
                                                                           fleets)
        assert routes.fleet_chain(island, player, fleets) == fleet_chain(G, island, player,
                                                                         fleets)


def test_sea_routes_tables_are_the_neighbour_queries(G):
    routes = SeaRoutes(G)
    assert routes.coast == {i: sea_neighbours(G, i) for i in islands(G)}
    assert routes.sea_adj == {z: sea_neighbours(G, z) for z in sea_zones(G)}
    assert routes.shore == {z: island_neighbours(G, z) for z in sea_zones(G)}
    assert sorted(G.nodes, key=routes.rank.__getitem__) == sorted(G.nodes, key=board._natural)


def test_fleet_chain_reachability_is_fast(G, capsys):
    """Speed target: < 1 ms on the 5-player map; asserted loosely (< 20 ms) on a busy machine."""
    chain = {z: 0 for z in ("C5", "D5", "E6", "F6", "G5", "H4", "I4", "J4")}  # 8 fleets
    assert fleet_chain(G, "IS2", 0, chain) == ["IS4", "IS5", "IS8", "IS9", "IS12", "IS13"]
    calls = 2000
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(calls):
            fleet_chain(G, "IS2", 0, chain)
        runs.append((time.perf_counter() - t0) / calls)
    per_call = min(runs)
    with capsys.disabled():
        print(f"\nfleet_chain, 8-fleet chain on the 5-player map: {per_call * 1e6:.1f} µs per call")
    assert per_call < 0.020


def test_fleet_moves_go_three_zones_and_stop_at_enemy_fleets(G):
    """Poseidon: up to 3 zones; entering a zone with enemy fleets stops the move."""
    assert fleet_moves(G, "K6", 0, {"K6": 0}) == {"J6": 1, "I6": 2, "I7": 2, "H6": 3, "H8": 3}
    assert fleet_moves(G, "K6", 0, {"K6": 0, "J6": 1}) == {"J6": 1}
    # own fleets on the way are passed through (and may be picked up)
    assert fleet_moves(G, "K6", 0, {"K6": 0, "J6": 0}) == fleet_moves(G, "K6", 0, {"K6": 0})
    # an enemy in I6 is a battle at 2 and blocks the way on through it
    moves = fleet_moves(G, "K6", 0, {"K6": 0, "I6": 1, "I7": 1})
    assert moves == {"J6": 1, "I6": 2, "I7": 2}
    assert fleet_moves(G, "K6", 0, {}, max_zones=1) == {"J6": 1}
    with pytest.raises(ValueError, match="is an island"):
        fleet_moves(G, "IS1", 0, {})


def test_fleet_moves_agree_with_shortest_paths(G):
    rng = random.Random(11)
    S = sea_graph(G)
    for _ in range(200):
        fleets = {z: rng.randrange(3) for z in rng.sample(sea_zones(G), 12)}
        start = rng.choice(sea_zones(G))
        fleets[start] = 0
        passable = S.subgraph([z for z in S if fleets.get(z, 0) == 0])
        expected = {}
        for z, d in nx.single_source_shortest_path_length(passable, start, cutoff=3).items():
            expected[z] = d
        for z in list(expected):  # one more step into enemy zones, if within 3
            if expected[z] < 3:
                for n in S[z]:
                    if fleets.get(n, 0) != 0:
                        expected[n] = min(expected.get(n, 9), expected[z] + 1)
        del expected[start]
        assert fleet_moves(G, start, 0, fleets) == expected


def test_retreat_options_at_sea_and_on_land(G):
    """Sea retreat: adjacent zone empty or own; land retreat: own island along own fleets."""
    assert retreat_options(G, "F10", 0, {"F11": 0, "E10": 2, "G9": 1}) == ["F9", "F11"]
    assert retreat_options(G, "K6", 0, {"K6": 1, "J6": 2}) == []
    assert retreat_options(G, "K6", 0, {"J6": 0}) == ["J6"]
    owners = {"IS11": 0, "IS13": 1, "IS10": 2}
    fleets = {"K6": 0, "J6": 0, "I6": 0}
    # IS10 is reachable but not the player's: no retreat there
    assert fleet_chain(G, "IS13", 0, fleets) == ["IS10", "IS11"]
    assert retreat_options(G, "IS13", 0, fleets, owners) == ["IS11"]
    assert retreat_options(G, "IS13", 0, fleets) == []


def test_ports_adjacent_count_the_defenders_ports(G):
    ports = {"IS4": 1, "IS5": 2, "IS9": 0, "IS1": 3}
    assert ports_adjacent(G, "E6", ports) == {"IS4": 1, "IS5": 2}
    owners = {"IS4": "blue", "IS5": "red", "IS9": "blue"}
    assert ports_adjacent(G, "E6", ports, owners, "blue") == {"IS4": 1}
    assert ports_adjacent(G, "A6", ports) == {}
    with pytest.raises(ValueError):
        ports_adjacent(G, "IS4", ports)


def test_retreats_and_ports_on_the_game_tables_are_the_map_queries(G):
    rng = random.Random(13)
    routes = SeaRoutes(G)
    for _ in range(200):
        owners = {i: rng.choice([0, 1, 2]) for i in rng.sample(islands(G), 9)}
        fleets = {z: rng.randrange(3) for z in rng.sample(sea_zones(G), rng.randrange(1, 25))}
        ports = {i: rng.randrange(3) for i in rng.sample(islands(G), 6)}
        player, zone = rng.randrange(3), rng.choice(sea_zones(G))
        for space in (zone, rng.choice(islands(G))):
            assert routes.retreat_options(space, player, fleets, owners) == \
                retreat_options(G, space, player, fleets, owners)
        assert routes.retreat_options(zone, player, fleets) == \
            retreat_options(G, zone, player, fleets)
        assert routes.ports_adjacent(zone, ports, owners, player) == \
            ports_adjacent(G, zone, ports, owners, player)
        assert routes.ports_adjacent(zone, ports) == ports_adjacent(G, zone, ports)


def test_the_built_in_maps_tables_are_shared_and_its_graph_is_each_games_own():
    """The games of the built-in map share its tables (``builtin_routes``), built as from the
    graph each game copies for itself when asked (``CycladesGame.board``)."""
    one, two = mythlab.make("cyclades", players=3), mythlab.make("cyclades", players=5)
    assert one.routes is two.routes is board.builtin_routes()
    fresh = SeaRoutes(one.board)
    for table in ("islands", "zones", "coast", "sea_adj", "shore", "prosperity", "rank",
                  "slots"):
        assert getattr(one.routes, table) == getattr(fresh, table), table
    assert one.board is one.board and one.board is not two.board
    assert one.board.graph["players"] == 3 and one.board.graph["start"] == one.start
    assert two.start == archipelago(5).graph["start"]
    one.board.nodes["IS1"]["kind"] = "edited"
    assert two.board.nodes["IS1"]["kind"] == "island" == archipelago().nodes["IS1"]["kind"]
    with pytest.raises(ValueError, match="not for 9 players"):
        board.builtin_start(9)


def test_income_counts_islands_markers_and_held_trade_zones(G):
    """Revenue: island cornucopias and markers (even without troops); trade zones only to
    a player with fleets there."""
    owners = {"IS3": 0, "IS1": 0, "IS9": 1, "IS5": None}
    fleets = {"A1": 0, "F1": 1, "K1": 1, "E7": 1}
    assert income(G, owners, fleets) == {0: 3, 1: 4}
    assert income(G, owners, fleets, markers={"IS1": 2}) == {0: 5, 1: 4}
    assert income(G, {}, {}, players=[0, 1, 2]) == {0: 0, 1: 0, 2: 0}
    with pytest.raises(ValueError):
        income(G, {"A1": 0}, {})


def test_income_on_the_game_tables_is_the_map_query(G):
    rng = random.Random(11)
    routes = SeaRoutes(G)
    for _ in range(200):
        owners = {i: rng.choice([0, 1, 2, None]) for i in rng.sample(islands(G), 7)}
        fleets = {z: rng.randrange(3) for z in rng.sample(sea_zones(G), rng.randrange(25))}
        markers = {i: rng.randrange(3) for i in rng.sample(islands(G), 3)}
        assert routes.income(owners, fleets, markers, [0, 1, 2]) == \
            income(G, owners, fleets, markers, [0, 1, 2])


def test_coast_of_islands_on_the_game_tables_is_the_neighbour_query(G):
    rng = random.Random(12)
    routes = SeaRoutes(G)
    for _ in range(100):
        group = tuple(rng.sample(islands(G), rng.randrange(1, 5)))
        near = {z for i in group for z in sea_neighbours(G, i)}
        assert routes.coast_of(group) == tuple(z for z in sea_zones(G) if z in near)


def test_chokepoints_are_the_sea_zones_that_cut_the_sea(G):
    S = sea_graph(G)
    expected = [z for z in sea_zones(G) if not nx.is_connected(S.subgraph(set(S) - {z}))]
    assert chokepoints(G) == expected == ["A2", "F10", "J6"]


def test_sea_betweenness(G):
    values = sea_betweenness(G)
    assert set(values) == set(sea_zones(G))
    assert list(values)[0] == "E6" and values["K6"] == 0.0
    assert list(values.values()) == sorted(values.values(), reverse=True)


def test_distances_between_start_positions(G):
    assert island_distance(G, "IS4", "IS5") == 1  # they share D5 and E6
    assert island_distance(G, "IS1", "IS11") == 8
    assert island_distance(G, "IS1", "IS1") == 0
    owners = G.graph["start"].owners()
    d = start_distances(G, owners)
    assert len(d) == 10
    assert d[(0, 4)] == 3 and d[(2, 3)] == 3 and d[(0, 2)] == 1
    assert min(rival_distances(G, owners)) == min(d.values()) == 1


def test_island_distance_matches_brute_force(G):
    S = sea_graph(G)
    lengths = dict(nx.all_pairs_shortest_path_length(S))
    for a, b in combinations(islands(G), 2):
        brute = min(lengths[x][y] for x in sea_neighbours(G, a) for y in sea_neighbours(G, b))
        assert island_distance(G, a, b) == brute + 1


# ------------------------------------------------------------------------------------------
# Map files of one's own
# ------------------------------------------------------------------------------------------

def docs_example() -> str:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## A complete small example", 1)[1]
    found = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert found, "the docs lost their example map"
    return found[1]


def test_the_documented_example_map_loads(tmp_path):
    path = tmp_path / "three-islands.yaml"
    path.write_text(docs_example())
    G = archipelago(players=2, path=path)
    assert islands(G) == ["Paros", "Naxos", "Delos"] and len(sea_zones(G)) == 16
    assert sea_neighbours(G, "Naxos") == ["A2", "A3", "A4", "B1", "B4", "C2", "C3", "C4"]
    layout = G.graph["start"]
    assert [s.label for s in layout.players] == ["red", "blue"]
    assert layout.provenance == "custom" and G.graph["provenance"] == "custom"
    assert income(G, layout.owners(), layout.fleets()) == {0: 2, 1: 2}
    assert island_distance(G, "Paros", "Delos") == 4
    with pytest.raises(ValueError, match="three-islands.yaml has start positions for 2, not"):
        archipelago(players=5, path=path)


def test_indent_defaults_to_centred_rows(tmp_path):
    raw = yaml.safe_load(docs_example())
    raw["board"] = {"rows": [4, 5, 4, 5]}  # centred: indents 1, 0, 1, 0
    raw["islands"][1]["cells"] = ["B3", "B4"]
    raw["starts"][2]["players"]["blue"]["fleets"] = ["C4"]
    raw["trade"] = {"A4": 1, "D1": 1}
    path = tmp_path / "centred.yaml"
    path.write_text(yaml.safe_dump(raw))
    G = load_archipelago(path)
    assert sea_neighbours(G, "Paros") == ["A2", "B1", "B2"]


def test_the_builtin_file_reloads_through_load_archipelago():
    G = load_archipelago(game_data("mythlab.cyclades", "archipelago-5p.yaml"))
    H = archipelago()
    assert dict(G.nodes(data=True)) == dict(H.nodes(data=True))
    assert nx.utils.edges_equal(G.edges(data=True), H.edges(data=True))
    assert G.graph["players"] is None and G.graph["start"] is None
    assert G.graph["starts"] == H.graph["starts"]


def test_a_lagoon_is_allowed(tmp_path):
    """A sea zone walled in by one island still touches that island: the map is connected."""
    raw = builtin()
    ring_board(False)(raw)
    path = tmp_path / "lagoon.yaml"
    path.write_text(yaml.safe_dump(raw))
    G = load_archipelago(path)
    assert island_neighbours(G, "C3") == ["Ring"] and sea_neighbours(G, "C3") == []


def builtin() -> dict:
    return yaml.safe_load(game_data("mythlab.cyclades", "archipelago-5p.yaml").read_text())


def island(raw: dict, island_id: str) -> dict:
    return next(i for i in raw["islands"] if i["id"] == island_id)


def ring_board(centre_is_island: bool):
    """A hexagon of side 3 whose centre C3 is walled in by one ring-shaped island."""
    def mutate(raw):
        raw["board"] = {"rows": [3, 4, 5, 4, 3]}
        raw["islands"] = [{"id": "Ring", "cells": ["B2", "B3", "C2", "C4", "D2", "D3"],
                           "prosperity": 0}]
        if centre_is_island:
            raw["islands"].append({"id": "Hole", "cells": ["C3"], "prosperity": 2})
        raw["trade"] = {}
        raw["starts"] = {}
    return mutate


def wall_board(raw):
    """Two islands wall the sea in two; each touches only its own side."""
    raw["board"] = {"rows": [5, 5, 5, 5, 5], "indent": [0, 1, 0, 1, 0]}
    raw["islands"] = [{"id": "W1", "cells": ["B1", "B2", "B3", "B4", "B5"], "prosperity": 0},
                      {"id": "W2", "cells": ["C1", "C2", "C3", "C4", "C5"], "prosperity": 0}]
    raw["trade"] = {}
    raw["starts"] = {}


def set_start(players: int, label: str, **fields):
    return lambda raw: raw["starts"][players]["players"][label].update(fields)


BAD_MAPS = [
    # (what, mutate, entry, field, words in the message)
    ("format", lambda raw: raw.update(format="cyclades"), None, "format",
     "mythlab-cyclades-archipelago"),
    ("version", lambda raw: raw.update(version=2), None, "version", "version 2"),
    ("unknown top field", lambda raw: raw.update(colour="blue"), None, "colour", "Extra"),
    ("provenance", lambda raw: raw.update(provenance="internet"), None, "provenance", "'seed'"),
    ("rows", lambda raw: raw["board"].update(rows=[6, 7, 7, 6]), "board", "rows",
     "rows B and C"),
    ("indent length", lambda raw: raw["board"].update(indent=[0, 1]), "board", "indent",
     "2 indents for 11 rows"),
    ("indent parity", lambda raw: raw["board"].update(indent=[5, 4, 3, 2, 1, 0, 1, 2, 3, 5, 5]),
     "board", "indent", "rows I and J"),
    ("unknown island field", lambda raw: island(raw, "IS1").update(colour="red"), "IS1",
     "colour", "Extra"),
    ("prosperity text", lambda raw: island(raw, "IS2").update(prosperity="1"), "IS2",
     "prosperity", "integer"),
    ("prosperity < 0", lambda raw: island(raw, "IS2").update(prosperity=-1), "IS2",
     "prosperity", "greater than or equal to 0"),
    ("no cells", lambda raw: island(raw, "IS2").update(cells=[]), "IS2", "cells", "at least 1"),
    ("duplicate id", lambda raw: island(raw, "IS3").update(id="IS2"), "IS2", "id",
     "two islands share"),
    ("id is a cell", lambda raw: island(raw, "IS3").update(id="E2"), "E2", "id", "cell"),
    ("cell off board", lambda raw: island(raw, "IS3").update(cells=["L1"]), "IS3", "cells",
     "'L1' is not on the board"),
    ("cell off row", lambda raw: island(raw, "IS3").update(cells=["A7"]), "IS3", "cells",
     "'A7' is not on the board"),
    ("cell twice", lambda raw: island(raw, "IS3").update(cells=["E2", "B2"]), "IS3", "cells",
     "B2 already belongs to IS1"),
    ("split island", lambda raw: island(raw, "IS3").update(cells=["E2", "E4"]), "IS3", "cells",
     "E4 do not touch E2"),
    ("metropolis", lambda raw: island(raw, "IS3").update(metropolis=[1, 2]), "IS3",
     "metropolis", "between 1 and 1"),
    ("slots", lambda raw: island(raw, "IS1").update(slots=0), "IS1", "slots", "greater than"),
    ("trade on island", lambda raw: raw["trade"].update(E2=1), "E2", "trade", "island IS3"),
    ("trade off board", lambda raw: raw["trade"].update(Z1=1), "Z1", "trade", "not a cell"),
    ("trade zero", lambda raw: raw["trade"].update(A1=0), "A1", "trade", "at least 1"),
    ("island walled in", ring_board(True), "Hole", "cells", "touches no sea"),
    ("not connected", wall_board, "A1", "board",
     "not connected: A1, A2, A3, A4, A5, W1 cannot be reached"),
    ("start key", lambda raw: raw["starts"].update(five=raw["starts"].pop(5)), "starts five",
     "starts", "player counts"),
    ("start count", lambda raw: raw["starts"][4]["players"].pop("A"), "starts 4", "players",
     "3 players for a 4-player game"),
    ("start provenance", lambda raw: raw["starts"][5].update(provenance="folklore"), "starts 5",
     "provenance", "'mythlab'"),
    ("mythlab without why", lambda raw: raw["starts"][3].pop("why"), "starts 3", "why",
     "say why"),
    ("start on sea", set_start(5, "B", islands=["IS1", "A1"]), "starts 5, player B", "islands",
     "'A1' is not an island"),
    ("start island twice", set_start(5, "B", islands=["IS1", "IS2"]), "starts 5, player B",
     "islands", "IS2 is already the start of player A"),
    ("fleet on island", set_start(5, "B", fleets=["B3", "F7"]), "starts 5, player B",
     "fleets", "'F7' is not a sea zone"),
    ("fleet shared", set_start(5, "B", fleets=["B3", "C6"]), "starts 5, player B", "fleets",
     "C6 already holds a start fleet of player A"),
    ("fleet far away", set_start(5, "B", fleets=["B3", "K4"]), "starts 5, player B", "fleets",
     "K4 is not next to any of the player's start islands"),
    ("start fields", set_start(5, "B", troops=2), "starts 5, player B", "troops", "Extra"),
    ("unequal income", set_start(5, "B", islands=["IS1", "IS8"], fleets=["B3", "E3"]),
     "starts 5, player B", "income", "worth 1 GP, not the 2 GP"),
]


@pytest.mark.parametrize("what,mutate,entry,field,words", BAD_MAPS, ids=[b[0] for b in BAD_MAPS])
def test_bad_map_files_name_the_file_entry_and_field(tmp_path, what, mutate, entry, field, words):
    raw = builtin()
    mutate(raw)
    path = tmp_path / "my-islands.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False))
    with pytest.raises(mythlab.DataError) as err:
        load_archipelago(path)
    e = err.value
    assert e.file == str(path) and "my-islands.yaml" in str(e)
    assert (e.entry, e.field) == (entry, field), str(e)
    assert words in str(e), str(e)


def test_unreadable_and_unsafe_files(tmp_path):
    with pytest.raises(mythlab.DataError, match="cannot read"):
        load_archipelago(tmp_path / "missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("islands: [\n")
    with pytest.raises(mythlab.DataError, match="broken.yaml: not valid YAML"):
        load_archipelago(broken)
    unsafe = tmp_path / "unsafe.yaml"
    unsafe.write_text("!!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(mythlab.DataError, match="not valid YAML"):
        load_archipelago(unsafe)
    listing = tmp_path / "list.yaml"
    listing.write_text("- IS1\n")
    with pytest.raises(mythlab.DataError, match="expected a mapping"):
        load_archipelago(listing)
