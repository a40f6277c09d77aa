"""Random-playout speed of every game: games and steps per second, optionally against an
older commit measured in the same run (a benchmark script, not a timed test).

Each game is played by random bots (``seat_bots(["random"] * players, seed)`` in a
``Session``, chance rolled from the seeded stream, the cyclic collector paused: the loop
``mythlab.sim.simulate`` runs). The timer covers the play only: the game is made (its data
read) before the clock starts, and it counts the process's CPU time, not the wall clock, so
other work on a shared machine does not enter the figure (the wall-clock rate is printed
too). A run plays ``--games`` games with fixed seeds; the figure is the median over
``--runs`` runs. Every run replays the same seeds, so a cache that pays off only when a game
is played again counts in full; ``--fresh`` gives each run seeds of its own instead (run ``k``
plays ``seed + k·games`` on, the same in both trees), the case of a simulation or a ladder.

With ``--against COMMIT`` the commit is checked out in a temporary ``git worktree`` (removed
after) and measured by a second worker process whose ``PYTHONPATH`` is that tree; the two
workers take turns run by run, so the machine's load falls on both alike, and the table shows
old, new and new/old. A process's string hash seed shapes its dicts and sets, and with it a
figure by several per cent; ``--workers N`` measures with N worker pairs one after another,
pair ``k`` with ``PYTHONHASHSEED=k``, and takes the median over all their runs.

    .venv/bin/python scripts/bench.py [--against 0bb5698] [--runs 5] [--games 10] [GAME ...]
    .venv/bin/python scripts/bench.py --against 0bb5698 --workers 3   # median over 3 pairs
    .venv/bin/python scripts/bench.py --against 0bb5698 --fresh --runs 1 --games 300
    .venv/bin/python scripts/bench.py --profile agea     # where a playout spends its time
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("agea", "cyclades", "elder_sign", "elysium")


# ----------------------------------------------------------------------------- worker side
# Runs in a tree's own interpreter (``--worker``); uses only the API both trees share:
# ``mythlab.make``, ``mythlab.Session`` and ``mythlab.sim.seat_bots``.

def _default_players(name: str) -> int:
    import mythlab

    return mythlab.make(name).players


def _play(name: str, players: int, seeds: list[int]) -> tuple[float, float, int]:
    """CPU and wall-clock seconds spent playing the games of ``seeds`` (making them is not
    timed), and their steps."""
    import mythlab
    from mythlab.sim import seat_bots

    cpu, wall, steps = 0.0, 0.0, 0
    for seed in seeds:
        session = mythlab.Session(mythlab.make(name, players=players, seed=seed))
        bots = seat_bots(["random"] * players, seed, game=name)
        gc.collect()
        gc.disable()
        try:
            start, start_cpu = time.perf_counter(), time.process_time()
            session.play(bots)
            cpu += time.process_time() - start_cpu
            wall += time.perf_counter() - start
        finally:
            gc.enable()
        steps += session.position
    return cpu, wall, steps


def profile(names: list[str], per_run: int, seed: int, top: int = 30) -> None:
    """Print the functions a steady-state playout spends most time in (this tree; one game
    is played first so data loading and adapter building are left out)."""
    import cProfile
    import pstats

    for name in names:
        players = _default_players(name)
        _play(name, players, [seed + per_run])  # warm up
        profiler = cProfile.Profile()
        profiler.runcall(_play, name, players, list(range(seed, seed + per_run)))
        print(f"=== {name}, {players} players, {per_run} games")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def worker() -> None:
    """Answer one JSON request per stdin line with one JSON line: ``players`` → the game's
    default player count; ``play`` → seconds and steps of a run."""
    for line in sys.stdin:
        request = json.loads(line)
        if request["do"] == "players":
            reply: object = _default_players(request["game"])
        else:
            reply = _play(request["game"], request["players"], request["seeds"])
        print(json.dumps(reply), flush=True)


# ----------------------------------------------------------------------------- parent side
class Tree:
    """A worker process measuring the mythlab of one source tree."""

    def __init__(self, label: str, root: Path, hash_seed: int | None = None):
        self.label = label
        env = {**os.environ, "PYTHONPATH": str(root)}
        if hash_seed is not None:  # str hashes, and so dict and set layouts, as in the pair
            env["PYTHONHASHSEED"] = str(hash_seed)
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"], env=env, cwd=root, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, **request: object) -> object:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"bench: the {self.label} worker stopped (see its error above)")
        return json.loads(answer)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def run_seeds(run: int, per_run: int, seed: int, fresh: bool) -> list[int]:
    """The seeds of run ``run``: the same every run, or with ``fresh`` a block of its own.

    >>> run_seeds(1, 3, 10, False), run_seeds(1, 3, 10, True)
    ([10, 11, 12], [13, 14, 15])
    """
    first = seed + run * per_run if fresh else seed
    return list(range(first, first + per_run))


def measure(trees: list[Tree], games: list[str], runs: int, per_run: int, seed: int,
            players: dict[str, int], fresh: bool = False
            ) -> dict[tuple[str, str], list[list[float]]]:
    """Per (tree, game) the (CPU seconds, wall seconds, steps) of each run; trees take turns
    run by run. The warm-up game is the first run's first seed, or with ``fresh`` the seed
    after the last run's (so no timed game is played twice)."""
    results: dict[tuple[str, str], list[list[float]]] = {}
    warm_up = [seed + runs * per_run] if fresh else [seed]
    for name in games:
        for tree in trees:  # warm up: data files, adapters, caches
            tree.ask(do="play", game=name, players=players[name], seeds=warm_up)
        for run in range(runs):
            seeds = run_seeds(run, per_run, seed, fresh)
            order = trees if run % 2 == 0 else trees[::-1]
            for tree in order:
                run_result = tree.ask(do="play", game=name, players=players[name], seeds=seeds)
                results.setdefault((tree.label, name), []).append(run_result)
    return results


def rates(runs: list[list[float]], per_run: int) -> tuple[float, float, float]:
    """Median games per CPU second, steps per CPU second and games per wall-clock second."""
    return (statistics.median(per_run / cpu for cpu, _, _ in runs),
            statistics.median(steps / cpu for cpu, _, steps in runs),
            statistics.median(per_run / wall for _, wall, _ in runs))


def temporary_worktree(commit: str) -> Path:
    where = Path(tempfile.mkdtemp(prefix="mythlab-bench-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(where / "tree"), commit], check=True)
    return where / "tree"


def remove_worktree(path: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
                   check=False)
    shutil.rmtree(path.parent, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="games (all four)")
    parser.add_argument("--against", metavar="COMMIT", help="also measure this commit")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (5)")
    parser.add_argument("--games", dest="per_run", type=int, default=10,
                        help="games per run (10)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (0)")
    parser.add_argument("--fresh", action="store_true",
                        help="new seeds for every run instead of the same ones replayed, so "
                             "caches that help only a replayed game gain nothing")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes per tree, one after another, each pair with its "
                             "own PYTHONHASHSEED (1, 2, …): the figure is the median over all "
                             "their runs (1: one worker, the hash seed left as it is)")
    parser.add_argument("--profile", action="store_true",
                        help="profile this tree's playouts instead (cProfile, top functions)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    for name in args.games:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; choose from {', '.join(GAMES)}")
    if args.runs < 1 or args.per_run < 1 or args.workers < 1:
        parser.error("--runs, --games and --workers must be at least 1")
    if args.profile:
        profile(args.games, args.per_run, args.seed)
        return 0

    sys.path.insert(0, str(ROOT / "scripts"))
    from benchfig import print_figures

    old_root = temporary_worktree(args.against) if args.against else None
    results: dict[tuple[str, str], list[list[float]]] = {}
    labels = ["new"] if old_root is None else [f"old {args.against}", "new"]
    try:
        for pair in range(args.workers):
            hash_seed = None if args.workers == 1 else pair + 1
            trees = [Tree(label, ROOT if label == "new" else old_root, hash_seed)
                     for label in labels]
            try:
                players = {name: int(trees[-1].ask(do="players", game=name))
                           for name in args.games}
                for key, runs in measure(trees, args.games, args.runs, args.per_run,
                                         args.seed, players, args.fresh).items():
                    results.setdefault(key, []).extend(runs)
            finally:
                for tree in trees:
                    tree.close()
    finally:
        if old_root is not None:
            remove_worktree(old_root)

    rows = []
    note = (f"median of {args.runs} runs × {args.per_run} games (seeds {args.seed}…"
            f"{', new for every run' if args.fresh else ''})")
    if args.workers > 1:
        note += (f" on each of {args.workers} worker processes per tree (PYTHONHASHSEED "
                 f"1…{args.workers})")
    for name in args.games:
        new_games, new_steps, new_wall = rates(results[("new", name)], args.per_run)
        if old_root is None:
            rows.append((f"{name}, {players[name]} players", f"{new_games:.2f} games/s",
                         f"{new_steps:,.0f} steps/s; wall clock {new_wall:.2f} games/s"))
            continue
        old_games, old_steps, old_wall = rates(results[(labels[0], name)], args.per_run)
        rows.append((f"{name}, {players[name]} players",
                     f"{new_games / old_games:.2f}×",
                     f"games/s {old_games:.2f} → {new_games:.2f}; steps/s {old_steps:,.0f} → "
                     f"{new_steps:,.0f}; wall clock games/s {old_wall:.2f} → {new_wall:.2f}"))
    extra = [f"random-bot playouts, {note}; play timed in CPU seconds, making the game not"]
    if old_root is not None:
        extra.append(f"value: new/old games per second; old = {args.against}, new = this "
                     "tree, measured turn about in one run")
    print_figures("playout benchmark", rows, extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
