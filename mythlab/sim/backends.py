"""Where simulated games run: this process, a pool of local processes, or a Dask cluster.

A *runner* takes picklable chunks of work and yields each chunk's (compact) results as they
finish, so a caller can fold them into tallies and keep its memory flat however many games
run. Results may arrive in any order: callers make their answers independent of it (sorting
by seed, or exact counts), which is why the same seed gives the same table on any backend.

``backend="processes"`` (the default) uses ``multiprocessing`` (one process: no pool at all);
``backend="dask"`` uses ``dask.distributed`` (``pip install 'mythlab[dask]'``): an existing
``Client``, a scheduler address (``"tcp://host:8786"``), or else a ``LocalCluster`` here.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

BACKENDS = ("processes", "dask")
#: seconds to wait for a Dask scheduler before calling it unreachable
CONNECT_TIMEOUT = 5
#: chunks a Dask worker may have queued: enough to stay busy, few enough to keep memory flat
IN_FLIGHT_PER_WORKER = 4


def mp_context() -> Any:
    """The multiprocessing context for workers: fork where the platform has it.

    Fork starts workers at once and they inherit games registered at run time (tests, a
    notebook's own games); elsewhere the platform default is used.
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def check_backend(backend: Any, processes: Any, client: Any = None,
                  scheduler: Any = None) -> None:
    """Refuse a bad backend choice at once, before any game is played."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(map(repr, BACKENDS))}, "
                         f"not {backend!r}")
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes must be a whole number ≥ 1, not {processes!r}")
    if backend != "dask" and (client is not None or scheduler is not None):
        raise ValueError("client= and scheduler= need backend='dask'")
    if client is not None and scheduler is not None:
        raise ValueError("give a Dask client= or a scheduler= address, not both")
    if scheduler is not None and not isinstance(scheduler, str):
        raise ValueError(f"scheduler must be an address such as 'tcp://host:8786', "
                         f"not {type(scheduler).__name__}")


def chunk_size(games: int, workers: int, largest: int) -> int:
    """Games per chunk: about eight chunks per worker, so the progress bar moves and every
    worker stays busy to the end, and at most ``largest`` (a chunk's results in memory).

    >>> chunk_size(2000, 2, 100), chunk_size(10, 2, 100)
    (100, 1)
    """
    return max(1, min(largest, games // (workers * 8)))


class Runner:
    """Runs chunks of work; ``workers`` says how many run at once (to size the chunks)."""

    workers = 1

    def run(self, work: Callable[[Any], list], chunks: Iterable[Any],
            bar: Any = None) -> Iterator[list]:
        """Each chunk's result list as it completes (order not guaranteed); ``chunks`` may be
        a generator, drawn from only as workers free up (Dask) or as the pool queues them."""
        for chunk in chunks:
            results = work(chunk)
            _advance(bar, results)
            yield results


class _PoolRunner(Runner):
    def __init__(self, pool: Any, workers: int):
        self.pool = pool
        self.workers = workers

    def run(self, work: Callable[[Any], list], chunks: Iterable[Any],
            bar: Any = None) -> Iterator[list]:
        for results in self.pool.imap_unordered(work, chunks):
            _advance(bar, results)
            yield results


class _DaskRunner(Runner):
    def __init__(self, client: Any):
        self.client = client
        self.workers = max(1, sum(client.nthreads().values()))

    def run(self, work: Callable[[Any], list], chunks: Iterable[Any],
            bar: Any = None) -> Iterator[list]:
        from dask.distributed import as_completed

        pending = iter(chunks)
        # pure=False: each chunk is its own task even if two look alike.
        first = [self.client.submit(work, c, pure=False)
                 for c in islice(pending, self.workers * IN_FLIGHT_PER_WORKER)]
        done = as_completed(first, loop=self.client.loop)
        for future in done:
            results = future.result()
            future.release()
            nxt = next(pending, None)
            if nxt is not None:
                done.add(self.client.submit(work, nxt, pure=False))
            _advance(bar, results)
            yield results


def _advance(bar: Any, results: list) -> None:
    if bar is not None:
        bar.update(len(results))


@contextmanager
def runner(backend: str = "processes", processes: int = 1, client: Any = None,
           scheduler: str | None = None) -> Iterator[Runner]:
    """A runner for the backend, shut down (pool, local cluster, connection) on exit.

    An existing ``client`` is used as it is and left open; ``processes`` is the pool size, or
    the number of LocalCluster workers for ``backend="dask"`` without a client or scheduler.

    >>> with runner("processes", processes=1) as r:
    ...     list(r.run(lambda chunk: [x * x for x in chunk], [[1, 2], [3]]))
    [[1, 4], [9]]
    """
    check_backend(backend, processes, client, scheduler)
    if backend == "dask":
        with _dask_client(client, scheduler, processes) as dask_client:
            yield _DaskRunner(dask_client)
    elif processes == 1:
        yield Runner()
    else:
        with mp_context().Pool(processes) as pool:
            yield _PoolRunner(pool, processes)


@contextmanager
def _dask_client(client: Any, scheduler: str | None, workers: int) -> Iterator[Any]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ImportError("backend='dask' needs dask.distributed: "
                          "pip install 'mythlab[dask]'") from None
    if client is not None:
        yield client
        return
    if scheduler is not None:
        try:
            connected = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ConnectionError(f"cannot reach the Dask scheduler at {scheduler} within "
                                  f"{CONNECT_TIMEOUT} s ({type(exc).__name__}: {exc})") from None
        except ValueError as exc:
            raise ValueError(f"scheduler {scheduler!r} is not a Dask address: {exc}") from None
        with connected:
            yield connected
        return
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=logging.CRITICAL)
    with cluster, Client(cluster, set_as_default=False) as local:
        yield local
