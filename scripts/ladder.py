"""Print a game's strength ladder: random < greedy < the game's own bots < search at two budgets.

Two-player games: each pairing plays head to head with seats rotated (the first bot sits in
seat 0 in even games, seat 1 in odd ones); the table gives the first bot's outright wins,
shared wins, and its win rate with a Wilson 95% interval. Elder Sign is cooperative: each bot
plays every seat of a team, and the table gives the team's win rate. Search bots are written
``search@200`` (simulations per move) or ``search@0.2s`` (seconds per move); the script also
prints each search bot's measured seconds per move.

    nice -n 10 .venv/bin/python scripts/ladder.py --game agea --games 400 --search-games 100 \
        --budget 32,128 --processes 2

``--only odds,search@128`` plays only those rungs (Elder Sign's team measurement).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import mythlab
from mythlab import registry
from mythlab.engine import Session
from mythlab.sim.batch import gc_paused
from mythlab.sim.bots import bot_names, make_bot
from mythlab.sim.search import DEFAULT_SIMULATIONS, parse_budget
from mythlab.sim.stats import wilson

COOPERATIVE = {"elder_sign"}


class Timed:
    """A bot that adds up the CPU seconds it thinks, to report seconds per move (CPU time:
    wall time on a shared machine counts the other programs' turns too)."""

    def __init__(self, bot: Any):
        self.bot, self.seconds, self.moves, self.worst = bot, 0.0, 0, 0.0

    def __call__(self, state: Any) -> Any:
        start = time.process_time()
        try:
            return self.bot(state)
        finally:
            spent = time.process_time() - start
            self.seconds += spent
            self.moves += 1
            self.worst = max(self.worst, spent)


@dataclass(frozen=True)
class Job:
    """One game: the bots by seat and the seed (picklable for worker processes)."""

    game: str
    seats: tuple[str, ...]
    seed: int


def play(job: Job) -> tuple[Job, list[int], dict[str, tuple[float, int, float]]]:
    """Play one game; its winners and, per search bot, (seconds thinking, moves, the longest
    move's seconds)."""
    bots = {seat: Timed(make_bot(name, job.seed * 31 + seat, job.game))
            for seat, name in enumerate(job.seats)}
    session = Session(mythlab.make(job.game, players=len(job.seats), seed=job.seed))
    with gc_paused():
        final = session.play(bots)
    timing: dict[str, tuple[float, int, float]] = {}
    for seat, bot in bots.items():
        name = job.seats[seat]
        if name.startswith("search"):
            s, m, w = timing.get(name, (0.0, 0, 0.0))
            timing[name] = (s + bot.seconds, m + bot.moves, max(w, bot.worst))
    return job, list(final.scores()["winners"]), timing


def ladder_bots(game: str, budgets: Sequence[str]) -> list[str]:
    """random, greedy, the game's own bots (one name per class), then search per budget."""
    names, classes = [], set()
    for name in bot_names(game):
        if name == "search":
            continue
        cls = type(make_bot(name, 0, game))
        if cls not in classes:
            names.append(name)
            classes.add(cls)
    return names + [f"search@{b}" for b in budgets]


def pairings(names: list[str]) -> list[tuple[str, str]]:
    """(higher rung, lower rung): neighbours on the ladder, and every search bot against the
    best bot without search. The table shows the first bot's win rate."""
    plain = [n for n in names if not n.startswith("search")]
    search = [n for n in names if n.startswith("search")]
    return ([(high, low) for low, high in itertools.pairwise(plain)]
            + [(s, plain[-1]) for s in search]
            + [(high, low) for low, high in itertools.pairwise(search)])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=registry.games())
    parser.add_argument("--games", type=int, default=400,
                        help="games per pairing without a search bot (default 400)")
    parser.add_argument("--search-games", type=int, default=100,
                        help="games per pairing with a search bot (default 100)")
    parser.add_argument("--budget", default=f"{DEFAULT_SIMULATIONS // 4},{DEFAULT_SIMULATIONS}",
                        help="search budgets, comma-separated: simulations (200) or seconds "
                             "(0.2s) per move (default: a quarter of the default, the default)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="",
                        help="comma-separated rungs to play (e.g. odds,search@128): the rest "
                             "are skipped (default: every rung)")
    args = parser.parse_args(argv)
    budgets = [b.strip() for b in args.budget.split(",") if b.strip()]
    for b in budgets:
        try:
            parse_budget(b)
        except ValueError as exc:
            parser.error(str(exc))
    if args.games < 0 or args.search_games < 0 or args.processes < 1:
        parser.error("--games and --search-games must be ≥ 0 and --processes ≥ 1")
    names = ladder_bots(args.game, budgets)
    only = [n.strip() for n in args.only.split(",") if n.strip()]
    if only:
        unknown = [n for n in only if n not in names]
        if unknown:
            parser.error(f"--only: no rung {', '.join(unknown)}; the rungs are {', '.join(names)}")
        names = [n for n in names if n in only]
    cooperative = args.game in COOPERATIVE
    jobs = []
    if cooperative:
        for name in names:
            count = args.search_games if name.startswith("search") else args.games
            jobs += [Job(args.game, (name, name), args.seed + g) for g in range(count)]
    else:
        for a, b in pairings(names):
            count = args.search_games if "search" in a + b else args.games
            jobs += [Job(args.game, (a, b) if g % 2 == 0 else (b, a), args.seed + g)
                     for g in range(count)]
    start = time.perf_counter()  # wall time of the whole ladder
    if args.processes == 1:
        results = [play(job) for job in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
            results = pool.map(play, jobs, chunksize=1)
    elapsed = time.perf_counter() - start
    print(f"{args.game} ladder · seed {args.seed} · {len(jobs)} games in {elapsed:.0f} s on "
          f"{args.processes} process(es) · Wilson 95% intervals")
    if cooperative:
        report_team(names, results)
    else:
        report_pairs(pairings(names), results)
    report_timing(results)


def report_pairs(pairs: list[tuple[str, str]], results: list) -> None:
    print(f"{'bot':<14} {'vs':<14} {'games':>5} {'wins':>5} {'shared':>6} {'win rate':>8}  "
          "95% interval")
    for a, b in pairs:
        games = wins = shared = 0
        for job, winners, _ in results:
            if set(job.seats) != {a, b}:
                continue
            games += 1
            seat_a = job.seats.index(a)
            if seat_a in winners:
                if len(winners) > 1:
                    shared += 1
                else:
                    wins += 1
        low, high = wilson(wins, games)
        rate = wins / games if games else 0.0
        print(f"{a:<14} {b:<14} {games:>5} {wins:>5} {shared:>6} {rate:>8.1%}  "
              f"[{low:.1%}, {high:.1%}]")


def report_team(names: list[str], results: list) -> None:
    print(f"{'team of':<14} {'games':>5} {'wins':>5} {'win rate':>8}  95% interval")
    for name in names:
        games = [winners for job, winners, _ in results if job.seats[0] == name]
        wins = sum(1 for w in games if w)
        low, high = wilson(wins, len(games))
        rate = wins / len(games) if games else 0.0
        print(f"{name:<14} {len(games):>5} {wins:>5} {rate:>8.1%}  [{low:.1%}, {high:.1%}]")


def report_timing(results: list) -> None:
    totals: dict[str, list[float]] = {}
    for _, _, timing in results:
        for name, (seconds, moves, worst) in timing.items():
            t = totals.setdefault(name, [0.0, 0, 0.0])
            t[0] += seconds
            t[1] += moves
            t[2] = max(t[2], worst)
    for name, (seconds, moves, worst) in sorted(totals.items()):
        print(f"{name}: {seconds / max(moves, 1):.3f} CPU s per move over {int(moves)} moves "
              f"(longest {worst:.3f} s)")


if __name__ == "__main__":
    main()
