"""Soak test: ``mythlab.testing.random_sim`` over many random games, on several processes.

Game ``g`` has seed ``--seed + g`` and cycles through the player counts exactly as one
``random_sim(game, games=N, seed=...)`` call would, so a failure reported here replays with
``random_sim(game, games=1, seed=<seed>, players=<players>)``. Prints games, steps, failures
(with their seeds) and the time taken; exits with 1 on any failure.

    .venv/bin/python scripts/soak.py [--games 10000] [--seed 0] [--processes 2]
                                     [--full-every 3 | --full | --light] [--no-json]

Full checks try every legal action at every step (``try_every_action``); light checks do all
the others. Measured on the 2-core development machine, an Agea game takes ~0.8 s of CPU with
full checks and ~0.5 s with light ones, so 10,000 games with full checks would take ~70
minutes on 2 cores. The default therefore runs full checks on 1 game in 3 (games 0, 3, 6 …;
3 and the 5 Agea player counts share no factor, so every count gets full checks) and light
checks on the others: ~50 minutes. ``--full`` checks every game
fully, ``--light`` none; ``--no-json`` also skips the per-step JSON round trip.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Iterator
from typing import NamedTuple

from mythlab.registry import game_class
from mythlab.sim.batch import mp_context
from mythlab.testing import random_sim


class Job(NamedTuple):
    """A slice of the games for one worker call."""

    game: str
    seeds: list[int]
    players: list[int]
    full: list[bool]        # try every action in this game?
    check_json: bool


class Result(NamedTuple):
    """What a slice found."""

    games: int
    steps: int
    failures: list[str]
    seconds: float


def run_job(job: Job) -> Result:
    """Worker: one ``random_sim`` game per seed of the slice."""
    start = time.perf_counter()
    games = steps = 0
    failures: list[str] = []
    for seed, players, full in zip(job.seeds, job.players, job.full, strict=True):
        report = random_sim(job.game, games=1, seed=seed, players=players,
                            try_every_action=full, check_json=job.check_json)
        games += report.games
        steps += report.steps
        kind = "full" if full else "light"
        failures += [f"{failure}  [{kind} checks]" for failure in report.failures]
    return Result(games, steps, failures, time.perf_counter() - start)


def jobs(game: str, games: int, seed: int, counts: list[int], size: int, full_every: int,
         check_json: bool) -> Iterator[Job]:
    """The games cut into slices of ``size`` seeds, player counts cycled as random_sim does.

    Game ``g`` gets full checks when ``full_every`` divides ``g`` (never when it is 0).
    """
    for first in range(0, games, size):
        index = range(first, min(first + size, games))
        yield Job(game, [seed + g for g in index], [counts[g % len(counts)] for g in index],
                  [full_every > 0 and g % full_every == 0 for g in index], check_json)


def parse_counts(text: str | None, game: str) -> list[int]:
    """``"2,3"`` -> [2, 3]; None -> every player count the game allows."""
    if text:
        return [int(x) for x in text.split(",")]
    cls = game_class(game)
    return list(range(cls.min_players, cls.max_players + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="agea", help="registered game (agea)")
    parser.add_argument("--games", type=int, default=10_000, help="games to play (10000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--players", default=None,
                        help="player counts to cycle through, e.g. 2,3 (all the game allows)")
    checks = parser.add_mutually_exclusive_group()
    checks.add_argument("--full-every", type=int, default=3, metavar="N",
                        help="full checks (try every legal action) on every Nth game, light "
                             "checks on the others (3)")
    checks.add_argument("--full", action="store_const", const=1, dest="full_every",
                        help="full checks on every game")
    checks.add_argument("--light", action="store_const", const=0, dest="full_every",
                        help="light checks only: never try every legal action")
    parser.add_argument("--no-json", action="store_true",
                        help="skip the per-step JSON round-trip check")
    parser.add_argument("--chunk", type=int, default=10, help="games per worker task (10)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.games < 1 or args.processes < 1 or args.chunk < 1 or args.full_every < 0:
        parser.error("--games, --processes and --chunk must be at least 1, --full-every ≥ 0")

    counts = parse_counts(args.players, args.game)
    every = args.full_every
    checks = ("light" if every == 0 else "full" if every == 1
              else f"full on 1 game in {every}, light on the others")
    checks += ", no JSON round trips" if args.no_json else ""
    print("$ " + " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv]))
    print(f"soak: {args.games} {args.game} games from seed {args.seed}, players {counts}, "
          f"{args.processes} process(es); checks: {checks}", flush=True)

    todo = list(jobs(args.game, args.games, args.seed, counts, args.chunk, every,
                     not args.no_json))
    bar = None
    if not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=args.games, unit="game", file=sys.stderr, mininterval=2)
    start = time.perf_counter()
    games = steps = 0
    cpu = 0.0
    failures: list[str] = []
    pool = mp_context().Pool(args.processes) if args.processes > 1 else None
    try:
        results: Iterator[Result] = (pool.imap_unordered(run_job, todo) if pool is not None
                                     else map(run_job, todo))
        for result in results:
            games += result.games
            steps += result.steps
            cpu += result.seconds
            for failure in result.failures:
                failures.append(failure)
                print("FAILURE " + failure, file=sys.stderr, flush=True)
            if bar is not None:
                bar.update(result.games)
                bar.set_postfix(failures=len(failures), refresh=False)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        failures.append("interrupted before all games were played")
    finally:
        if pool is not None:
            pool.terminate()  # every task is done (or interrupted): stop the workers
            pool.join()
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start

    print(f"games:    {games}")
    print(f"steps:    {steps:,}")
    print(f"failures: {len(failures)}")
    for failure in sorted(failures, key=_seed_of):
        print(f"  {failure}")
    if failures:
        print(f"replay one with: random_sim({args.game!r}, games=1, seed=<seed>, "
              "players=<players>, try_every_action=<full?>) from mythlab.testing")
    per_game = elapsed / games if games else 0.0
    print(f"elapsed:  {elapsed:.1f} s ({per_game * 1000:.0f} ms per game wall clock; "
          f"{cpu / games if games else 0:.3f} s per game in a worker)")
    return 1 if failures else 0


def _seed_of(failure: str) -> int:
    """The seed in a random_sim failure line ("seed=12 players=3: ...")."""
    head = failure.split(" ", 1)[0]
    return int(head.removeprefix("seed=")) if head.startswith("seed=") else -1


if __name__ == "__main__":
    raise SystemExit(main())
