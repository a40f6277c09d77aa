"""Print Cyclades performance figures (a benchmark script, not a timed test).

Figures, each against the obvious alternative:

* the exact battle-odds table, 1..8 attackers x 1..8 defenders x defence bonus 0..3 (256
  Fractions): ``odds_table`` against a memoised recursion with a ``Fraction`` per state (the
  full comparison, with the naive recursion, is ``scripts/bench_cyclades_odds.py``);
* fleet-chain reachability on the 5-player map (Ares' troop move, land retreats):
  ``fleet_chain`` against a networkx subgraph query and a naive BFS that scans the whole map;
  per call, median over many calls, answers checked equal;
* whole 5-player games per second: random bots (no invariant checks, as ``simulate`` plays),
  random bots with the game's invariants checked at every step, one greedy bot with four
  random ones, and five greedy bots.

    .venv/bin/python scripts/bench_cyclades.py [--runs 5] [--calls 2000] [--games 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping

import networkx as nx
from benchfig import print_figures  # scripts/benchfig.py: the shared output

import mythlab
from mythlab.cyclades import archipelago, fleet_chain, islands, odds_table, sea_graph
from mythlab.engine import Session
from mythlab.sim import seat_bots, simulate

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_cyclades_odds import (  # noqa: E402  (the sibling script's exact alternatives)
    MAX_BONUS,
    MAX_UNITS,
    memo_fraction_table,
    timed,
)


def per_call(fn: Callable[[], object], calls: int, batch: int = 50) -> float:
    """Median seconds per call of ``fn``, timed in batches of ``batch`` calls."""
    times = []
    for _ in range(max(1, calls // batch)):
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        times.append((time.perf_counter() - start) / batch)
    return statistics.median(times)


# --------------------------------------------------------------------------- fleet chains
def chain_networkx(G: nx.Graph, island: str, player: int, fleets: Mapping[str, int]
                   ) -> list[str]:
    """The networkx way: the subgraph of the island and the player's fleet zones, the
    island's connected component, and the islands touching it."""
    zones = [z for z, owner in fleets.items() if owner == player]
    component = nx.node_connected_component(G.subgraph([island, *zones]), island)
    nodes = G.nodes
    found = {n for z in component if z != island for n in G.adj[z]
             if nodes[n]["kind"] == "island"}
    found.discard(island)
    return sorted(found)


def chain_naive(G: nx.Graph, island: str, player: int, fleets: Mapping[str, int]) -> list[str]:
    """Naive BFS over the whole map: look at every node for the player's fleets, then walk
    from the island through them."""
    mine = {n for n, kind in G.nodes(data="kind") if kind == "sea" and fleets.get(n) == player}
    seen = {island}
    queue = [island]
    reached = set()
    while queue:
        node = queue.pop(0)
        for n in G.neighbors(node):
            if n in seen:
                continue
            seen.add(n)
            if n in mine:
                queue.append(n)
            elif G.nodes[n]["kind"] == "island":
                reached.add(n)
    reached.discard(island)
    return sorted(reached)


def long_chain(G: nx.Graph, island: str, length: int = 8) -> list[str]:
    """``length`` sea zones in a line from ``island``'s coast (a player's 8 fleets, strung out)."""
    sea = sea_graph(G)
    coast = sorted(z for z in G.adj[island] if z in sea)
    paths = nx.single_source_shortest_path(sea, coast[0])
    path = max(paths.values(), key=lambda p: (len(p), p))
    return path[:length]


def chain_rows(calls: int) -> list[tuple[str, str, str]]:
    G = archipelago(players=5)
    start = G.graph["start"]
    fleets = start.fleets()
    cases = [(i, seat, fleets) for seat, s in enumerate(start.players) for i in s.islands]
    snake = long_chain(G, "IS2")
    snake_fleets = dict.fromkeys(snake, 9)
    cases_8 = [("IS2", 9, snake_fleets)]
    ways = {"fleet_chain": fleet_chain, "networkx subgraph + component": chain_networkx,
            "naive BFS, whole-map scan": chain_naive}
    rows = []
    for title, group in [("start position, each of the 10 start islands", cases),
                         (f"one 8-fleet chain from IS2 ({'-'.join(snake)})", cases_8)]:
        for island, player, held in group:
            answers = {name: fn(G, island, player, held) for name, fn in ways.items()}
            assert len({frozenset(a) for a in answers.values()}) == 1, (island, answers)
        reached = fleet_chain(G, group[0][0], group[0][1], group[0][2])
        base = None
        for name, fn in ways.items():
            t = statistics.median(per_call(lambda fn=fn, c=c: fn(G, *c), calls // len(group))
                                  for c in group)
            base = base or t
            note = title if name == "fleet_chain" else f"{t / base:.1f}× fleet_chain"
            if name == "fleet_chain" and len(group) == 1:
                note += f"; reaches {len(reached)} islands"
            rows.append((f"  {name}", f"{t * 1e6:.1f} µs", note))
    return rows


# --------------------------------------------------------------------------- games per second
def games_per_second(runs: int, games: int, seed: int, bots: list[str] | None = None) -> float:
    """Median over ``runs`` of the games per second of ``games`` 5-player games."""
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        simulate("cyclades", games=games, players=5, bots=bots, seed=seed + run * games,
                 progress=False)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def checked_games_per_second(games: int, seed: int) -> tuple[float, float]:
    """Random 5-player games with ``game.invariants`` checked after every move; (games/s,
    mean moves per game)."""
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        game = mythlab.make("cyclades", players=5, seed=seed + g)
        session = Session(game)

        def check(state: mythlab.State, game: mythlab.Game = game) -> bool:
            broken = game.invariants(state)
            assert not broken, broken
            return False

        session.play(seat_bots(["random"] * 5, seed + g), stop=check)
        steps += session.position
    return games / (time.perf_counter() - start), steps / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median; 5)")
    parser.add_argument("--calls", type=int, default=2000,
                        help="fleet-chain calls per way and case (2000)")
    parser.add_argument("--games", type=int, default=20, help="random games per run (20)")
    parser.add_argument("--greedy-games", type=int, default=3,
                        help="games per run with greedy bots (3; 5 greedy bots are slow)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (0)")
    args = parser.parse_args(argv)

    rows: list[tuple[str, str, str]] = []
    task = (f"{MAX_UNITS}x{MAX_UNITS} battles x bonus 0..{MAX_BONUS} = "
            f"{MAX_UNITS * MAX_UNITS * (MAX_BONUS + 1)} exact Fractions")
    first, warm, table = timed(lambda: odds_table(MAX_UNITS, MAX_UNITS, MAX_BONUS), args.runs)
    rows.append(("battle-odds table: odds_table", f"{warm * 1000:.2f} ms",
                 f"{task}; warm median of {args.runs}, first call {first * 1000:.1f} ms "
                 "(loads the die); target < 1 s"))
    memo_first, memo_warm, memo = timed(memo_fraction_table, max(1, args.runs // 2))
    assert memo == table
    rows.append(("  memoised recursion, Fraction per state", f"{memo_warm * 1000:.2f} ms",
                 f"the obvious alternative; same 256 answers; {memo_warm / warm:.0f}× slower"))

    rows.append(("fleet-chain reachability, 5-player map", "", f"per call, median of batches "
                 f"over {args.calls} calls per way; target < 1 ms"))
    rows.extend(chain_rows(args.calls))

    simulate("cyclades", games=1, players=5, progress=False)  # warm up: data files
    per_run = f"median of {args.runs} runs × {args.games} games, simulate()"
    rate = games_per_second(args.runs, args.games, args.seed)
    rows.append(("random 5-player games/s", f"{rate:.1f}", f"{per_run}, no invariant checks"))
    checked, moves = checked_games_per_second(args.games, args.seed)
    rows.append(("  with invariants checked every move", f"{checked:.1f}",
                 f"{args.games} games, {moves:.0f} moves per game"))
    g = args.greedy_games
    one = games_per_second(args.runs, g, args.seed, ["greedy"] + ["random"] * 4)
    rows.append(("1 greedy + 4 random, games/s", f"{one:.2f}",
                 f"median of {args.runs} runs × {g} games"))
    five = games_per_second(1, g, args.seed, ["greedy"] * 5)
    rows.append(("5 greedy bots, games/s", f"{five:.2f}", f"{g} games"))

    print_figures("Cyclades benchmark", rows,
                  extra=[f"5-player map: {len(islands(archipelago()))} islands, "
                        f"{sea_graph(archipelago()).number_of_nodes()} sea zones"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
