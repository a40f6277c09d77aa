"""Print simulation-backend figures (a benchmark script, not a timed test).

Figures: ``--games`` random-bot games on one process against a 2-worker Dask LocalCluster
(the speed-up, with and without the cluster's start-up), and the client's peak memory while an
experiment streams ``--stream`` games from a scheduler and two workers run as separate
processes (``dask scheduler``/``dask worker``: a LocalCluster's scheduler would live in this
process, and its task logs would count as the client's), beside a run of a tenth as many; the
memory per extra game is the slope between them (flat streaming keeps it near 0).

    .venv/bin/python scripts/bench_sim.py [--game cyclades] [--games 2000] [--stream 100000]
"""

from __future__ import annotations

import argparse
import logging
import socket
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


@contextmanager
def separate_cluster(workers: int = 2) -> Iterator[Client]:
    """A client of a scheduler and ``workers`` one-thread workers in their own processes."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    dask = str(Path(sys.executable).with_name("dask"))
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], **quiet)]
    procs += [subprocess.Popen([dask, "worker", address, "--nthreads", "1", "--no-nanny",
                                "--no-dashboard", "--host", "127.0.0.1"], **quiet)
              for _ in range(workers)]
    try:
        client = Client(address, timeout=60)
        client.wait_for_workers(workers, timeout=120)
        with client:
            yield client
    finally:
        for p in procs[::-1]:
            p.terminate()
            p.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cyclades", help="the fastest game by default")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000,
                        help="games for the speed-up (0 skips it)")
    parser.add_argument("--stream", type=int, default=100_000,
                        help="games streamed for the memory figure (0 skips it)")
    args = parser.parse_args()
    simulate(args.game, games=1, players=args.players, progress=False)  # warm up: data files

    rows = []
    if args.games:
        rows += speed_up(args.game, args.players, args.games)
    if args.stream:
        small = max(1, args.stream // 10)
        with separate_cluster() as client:
            small_peak, _ = streamed_peak(args.game, small, client)
            peak, seconds = streamed_peak(args.game, args.stream, client)
        slope = (peak - small_peak) / max(1, args.stream - small)
        rows += [
            (f"client peak, {small} games", f"{small_peak / 2**20:.2f} MiB",
             "tracemalloc, experiment() streaming from a 2-worker cluster"),
            (f"client peak, {args.stream} games", f"{peak / 2**20:.2f} MiB",
             f"{seconds:.0f} s, {args.stream / seconds:.0f} games/s"),
            ("memory per extra game", f"{slope:.1f} B", "slope between the two runs"),
        ]
    print_figures("simulation backends", rows)


def speed_up(game: str, players: int, games: int) -> list[tuple[str, str, str]]:
    """``games`` games on one process, then on a 2-worker LocalCluster."""
    start = time.perf_counter()
    simulate(game, games=games, players=players, progress=False, keep_states=False)
    one = time.perf_counter() - start
    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
        up = time.perf_counter() - start
        start = time.perf_counter()
        simulate(game, games=games, players=players, progress=False, backend="dask",
                 client=client)
        two = time.perf_counter() - start
    n = f"{games} {game} games, {players} random bots"
    return [
        ("1 process", f"{one:.1f} s", f"{n}: {games / one:.0f} games/s"),
        ("LocalCluster, 2 workers", f"{two:.1f} s",
         f"{games / two:.0f} games/s; the cluster took {up:.1f} s to start"),
        ("speed-up", f"{one / two:.2f}×", f"{one / (two + up):.2f}× counting the start-up"),
    ]


if __name__ == "__main__":
    main()
