"""The Dask backend on a real cluster: a ``dask scheduler`` and two ``dask worker`` processes
started here on 127.0.0.1 give the same records and tables as one process, for the same seeds."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from server_support import reserved_port  # noqa: E402

from mythlab.sim import experiment, simulate  # noqa: E402

GAME = "cyclades"  # the quickest game with random and greedy bots
DASK = str(Path(sys.executable).with_name("dask"))


def _stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def _address(info: Path, scheduler: subprocess.Popen, log: Path) -> str:
    """The address the scheduler wrote to ``info`` once it listens (read when whole)."""
    deadline = time.monotonic() + 90  # a cold start on a loaded 2-core machine
    while True:
        try:
            return json.loads(info.read_text())["address"]
        except (OSError, ValueError, KeyError):
            if scheduler.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the dask scheduler did not start:\n"
                                     + log.read_text(errors="replace")[-4000:]) from None
            time.sleep(0.3)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a scheduler with two one-thread workers, all stopped afterwards. The
    scheduler takes a free port itself (``--port 0``) and writes its address to a file the
    workers read: a port picked here could be taken by another process before it listened."""
    folder = tmp_path_factory.mktemp("dask")
    info, log = folder / "scheduler.json", folder / "cluster.log"
    with log.open("wb") as out:
        logged = {"stdout": out, "stderr": subprocess.STDOUT}
        procs = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                   "--no-dashboard", "--scheduler-file", str(info)], **logged)]
        try:
            for _ in range(2):
                procs.append(subprocess.Popen(
                    [DASK, "worker", "--scheduler-file", str(info), "--nthreads", "1",
                     "--host", "127.0.0.1", "--no-dashboard", "--no-nanny"], **logged))
        except BaseException:
            _stop(procs)
            raise
    try:
        address = _address(info, procs[0], log)
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        _stop(procs[::-1])


def _summary(records):
    return [(r.seed, r.steps, r.winners, r.scores["scores"]) for r in records]


def test_simulate_on_dask_equals_one_process(scheduler):
    kwargs = dict(games=8, players=2, bots=["greedy", "random"], seed=40, progress=False)
    here = simulate(GAME, **kwargs)
    there = simulate(GAME, backend="dask", scheduler=scheduler, **kwargs)
    assert _summary(there) == _summary(here)
    assert all(r.final is None for r in there)  # compact rows: no states unless asked
    kept = simulate(GAME, backend="dask", scheduler=scheduler, keep_states=True,
                    **{**kwargs, "games": 2})
    assert [r.final.to_json() for r in kept] == [r.final.to_json() for r in here[:2]]


def test_experiment_on_dask_equals_one_process(scheduler):
    kwargs = dict(bots=[["greedy", "random"], ["random", "random"]], games=6, seed=9,
                  variants={"printed": {}}, progress=False)
    here = experiment(GAME, **kwargs)
    there = experiment(GAME, backend="dask", scheduler=scheduler, **kwargs)
    assert there.tallies == here.tallies
    assert there.win_rates("lineup", "seat", "bot") == here.win_rates("lineup", "seat", "bot")


def test_an_existing_client_is_used_and_left_open(scheduler):
    with distributed.Client(scheduler, timeout=10) as client:
        records = simulate(GAME, games=3, players=2, seed=1, progress=False, backend="dask",
                           client=client)
        assert len(records) == 3 and client.status == "running"


def test_unreachable_scheduler_is_a_clear_error_within_seconds():
    with reserved_port() as port:  # held: no server can be handed it meanwhile
        address = f"tcp://127.0.0.1:{port}"
        start = time.monotonic()
        with pytest.raises(ConnectionError, match=f"Dask scheduler at {address}"):
            simulate(GAME, games=1, players=2, progress=False, backend="dask",
                     scheduler=address)
    assert time.monotonic() - start < 20


def test_bad_dask_arguments():
    with pytest.raises(ValueError, match="not both"):
        simulate(GAME, games=1, players=2, backend="dask", client=object(),
                 scheduler="tcp://127.0.0.1:1")
    with pytest.raises(ValueError, match="scheduler must be an address"):
        simulate(GAME, games=1, players=2, backend="dask", scheduler=8786)
