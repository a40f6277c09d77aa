"""Print Elysium performance figures (a benchmark script, not a timed test).

Figures: 4-player games per second with random bots (no invariant checks), with the legend
bot (``elysium-greedy``) and with the generic one-step ``greedy`` bot; the final scoring time
of end-game states (median and max over the states; goal < 1 ms), compared with the obvious
alternative of scoring from the card data, every card re-read and its power re-parsed.

    .venv/bin/python scripts/bench_elysium.py [--runs 3] [--games 10] [--states 40] [--reps 50]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from collections.abc import Iterator

from benchfig import print_figures  # scripts/benchfig.py: the shared output

from mythlab.elysium import Card, ElysiumState, score_table
from mythlab.sim import simulate


def games_per_second(bots: list[str], runs: int, games: int, seed: int) -> float:
    """Median over ``runs`` of the games per second of ``games`` 4-player games."""
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        simulate("elysium", games=games, players=4, bots=bots, seed=seed + run * games,
                 progress=False)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


class _FromData(dict):
    """Card instances that are re-read from their data (power re-parsed) at every look-up."""

    def __getitem__(self, instance: str) -> Card:
        card = super().__getitem__(instance)
        return Card.model_validate({**card.to_data(), "family": card.family})


@contextlib.contextmanager
def cards_from_data(state: ElysiumState) -> Iterator[None]:
    """Score as a naive scorer would: every card looked up is read from its data again."""
    game = state.game
    saved = game.inst
    game.inst = _FromData(saved)
    try:
        yield
    finally:
        game.inst = saved


def per_state_ms(states: list[ElysiumState], reps: int, naive: bool) -> list[float]:
    """For each state, the median ms of ``reps`` final scorings."""
    out = []
    for s in states:
        times = []
        with cards_from_data(s) if naive else contextlib.nullcontext():
            for _ in range(reps):
                start = time.perf_counter()
                score_table(s)
                times.append(time.perf_counter() - start)
        out.append(statistics.median(times) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per games/s figure (3)")
    parser.add_argument("--games", type=int, default=10, help="games per run (10)")
    parser.add_argument("--states", type=int, default=40, help="end-game states to score (40)")
    parser.add_argument("--reps", type=int, default=50, help="scorings per state (50)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (0)")
    args = parser.parse_args(argv)

    simulate("elysium", games=1, players=4, progress=False)  # warm up: data files, caches
    rows: list[tuple[str, str, str]] = []
    per_run = f"median of {args.runs} runs × {args.games} games, simulate()"
    for label, bots in (("random", ["random"] * 4),
                        ("elysium-greedy", ["elysium-greedy"] * 4),
                        ("greedy (generic one-step)", ["greedy"] * 4)):
        rate = games_per_second(bots, args.runs, args.games, args.seed)
        rows.append((f"{label} games/s, 4 players", f"{rate:.2f}", per_run))

    records = simulate("elysium", games=args.states, players=4, seed=args.seed + 10_000,
                       bots=["elysium-greedy", "random", "elysium-greedy", "random"],
                       progress=False)
    states = [r.final for r in records]
    for s in states:  # the two scorers agree
        with cards_from_data(s):
            naive = score_table(s)
        assert naive["vp"] == score_table(s)["vp"]
    fast = per_state_ms(states, args.reps, naive=False)
    slow = per_state_ms(states, args.reps, naive=True)
    legends = statistics.mean(sum(len(lg) for seat in s.data.seats for lg in seat.legends)
                              for s in states)
    where = (f"{len(states)} end-game states (4 players, {legends:.0f} Elysium cards on "
             f"average), median of {args.reps} per state")
    rows.append(("final scoring: median / max", f"{statistics.median(fast):.3f} / "
                 f"{max(fast):.3f} ms", f"score_table; {where}; goal < 1 ms"))
    rows.append(("final scoring, cards from data", f"{statistics.median(slow):.3f} / "
                 f"{max(slow):.3f} ms", "naive: every card re-read, its power re-parsed"))
    speed_up = statistics.median(slow) / statistics.median(fast)
    rows.append(("  speed-up of parsed cards", f"{speed_up:.1f}×", "median over median"))

    print_figures("Elysium benchmark", rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
