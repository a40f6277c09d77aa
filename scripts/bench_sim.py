"""Print simulation-backend figures (a benchmark script, not a timed test).

Figures: ``--games`` random-bot games on one process against a 2-worker Dask LocalCluster
(the speed-up, with and without the cluster's start-up), and the client's peak memory while an
experiment streams ``--stream`` games from that cluster, beside a run of a tenth as many (the
memory per extra game is the slope between them: flat streaming keeps it near 0).

    .venv/bin/python scripts/bench_sim.py [--game cyclades] [--games 2000] [--stream 100000]
"""

from __future__ import annotations

import argparse
import logging
import time
import tracemalloc

from benchfig import print_figures  # scripts/benchfig.py: the shared output
from dask.distributed import Client, LocalCluster

from mythlab.sim import experiment, simulate


def streamed_peak(game: str, games: int, client: Client) -> tuple[int, float]:
    """Peak bytes Python allocated in this (client) process while ``games`` games streamed
    through ``experiment``, and the seconds it took."""
    tracemalloc.start()
    start = time.perf_counter()
    result = experiment(game, bots=["random", "random"], games=games, backend="dask",
                        client=client, progress=False)
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert result.tallies["printed"].games >= games
    return peak, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cyclades", help="the fastest game by default")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000, help="games for the speed-up")
    parser.add_argument("--stream", type=int, default=100_000, help="games streamed")
    args = parser.parse_args()
    simulate(args.game, games=1, players=args.players, progress=False)  # warm up: data files

    start = time.perf_counter()
    simulate(args.game, games=args.games, players=args.players, progress=False,
             keep_states=False)
    one = time.perf_counter() - start

    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
        up = time.perf_counter() - start
        start = time.perf_counter()
        simulate(args.game, games=args.games, players=args.players, progress=False,
                 backend="dask", client=client)
        two = time.perf_counter() - start
        small = max(1, args.stream // 10)
        small_peak, _ = streamed_peak(args.game, small, client)
        peak, seconds = streamed_peak(args.game, args.stream, client)
    slope = (peak - small_peak) / max(1, args.stream - small)
    n = f"{args.games} {args.game} games, {args.players} random bots"
    print_figures("simulation backends", [
        ("1 process", f"{one:.1f} s", f"{n}: {args.games / one:.0f} games/s"),
        ("LocalCluster, 2 workers", f"{two:.1f} s",
         f"{args.games / two:.0f} games/s; the cluster took {up:.1f} s to start"),
        ("speed-up", f"{one / two:.2f}×", f"{one / (two + up):.2f}× counting the start-up"),
        (f"client peak, {small} games", f"{small_peak / 2**20:.2f} MiB",
         "tracemalloc, experiment() streaming from the cluster"),
        (f"client peak, {args.stream} games", f"{peak / 2**20:.2f} MiB",
         f"{seconds:.0f} s, {args.stream / seconds:.0f} games/s"),
        ("memory per extra game", f"{slope:.1f} B", "slope between the two runs"),
    ])


if __name__ == "__main__":
    main()
