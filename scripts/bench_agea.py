"""Print Agea performance figures (a benchmark script, not a timed test).

Figures: random-bot games per second (3 and 4 players), the same with ``copy.deepcopy`` as
the state copy instead of ``mythlab.engine.copying.replicate``, the time to copy one mid-game
state both ways, a state JSON round trip, and a Stepper click-to-update.

    .venv/bin/python scripts/bench_agea.py [--runs 5] [--games 20] [--reps 200] [--clicks 150]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import statistics
import time
from collections.abc import Callable, Iterator

from benchfig import print_figures  # scripts/benchfig.py: the shared output

import mythlab
import mythlab.engine.state as state_module
from mythlab.engine import CHANCE, Session, State
from mythlab.engine.copying import replicate
from mythlab.sim import seat_bots, simulate


def median_time(fn: Callable[[], object], reps: int) -> float:
    """Median seconds of ``reps`` calls of ``fn``."""
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def games_per_second(players: int, runs: int, games: int, seed: int) -> float:
    """Median over ``runs`` of the games per second of ``games`` random-bot games."""
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        simulate("agea", games=games, players=players, seed=seed + run * games, progress=False)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


@contextlib.contextmanager
def deepcopy_states() -> Iterator[None]:
    """``State.clone`` copies the data with ``copy.deepcopy`` (the obvious alternative)."""
    saved = state_module.replicate
    state_module.replicate = copy.deepcopy
    try:
        yield
    finally:
        state_module.replicate = saved


def mid_game_state(players: int = 3, seed: int = 7, step: int = 180) -> State:
    """A random-bot game of Agea stopped after ``step`` moves."""
    game = mythlab.make("agea", players=players, seed=seed)
    session = Session(game)
    return session.play(seat_bots(["random"] * players, seed),
                        stop=lambda s: len(s.history) >= step)


def stepper_clicks(clicks: int, seed: int) -> tuple[float, float, float, float]:
    """Stepper click (button -> model -> widget refresh) in ms: median, 95th percentile, and
    the median model part and widget-refresh part (kernel side; the browser's drawing is not
    included)."""
    import random

    from mythlab.widgets import Stepper

    stepper = Stepper(mythlab.make("agea", players=3, seed=seed))
    model = stepper.model
    rng = random.Random(seed)
    total, model_only, refresh = [], [], []
    for i in range(clicks):
        if model.is_over:
            break
        label = rng.choice(model.labels)
        if i % 2 == 0:  # the whole click, as a user makes it
            start = time.perf_counter()
            if model.state.current_player == CHANCE:
                stepper.roll_button.click()
            else:
                stepper.press(label)
            total.append(time.perf_counter() - start)
        else:  # the same kind of click in two parts: the model, then the widget refresh
            start = time.perf_counter()
            model.click(label)
            middle = time.perf_counter()
            stepper.refresh()
            model_only.append(middle - start)
            refresh.append(time.perf_counter() - middle)
    p95 = statistics.quantiles(total, n=20)[-1] if len(total) > 1 else total[0]
    return (statistics.median(total) * 1000, p95 * 1000, statistics.median(model_only) * 1000,
            statistics.median(refresh) * 1000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per games/s figure (5)")
    parser.add_argument("--games", type=int, default=20, help="games per run (20)")
    parser.add_argument("--reps", type=int, default=200, help="repetitions of copy/JSON (200)")
    parser.add_argument("--clicks", type=int, default=150, help="Stepper clicks to time (150)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (0)")
    args = parser.parse_args(argv)

    simulate("agea", games=1, players=3, progress=False)  # warm up: data files, adapters
    rows: list[tuple[str, str, str]] = []
    per_run = f"median of {args.runs} runs × {args.games} games"
    gps = {n: games_per_second(n, args.runs, args.games, args.seed) for n in (3, 4)}
    for n, rate in gps.items():
        rows.append((f"random games/s, {n} players", f"{rate:.1f}", f"{per_run}, simulate()"))
    with deepcopy_states():
        slow = games_per_second(3, args.runs, args.games, args.seed)
    rows.append(("random games/s, 3 players, deepcopy", f"{slow:.1f}",
                 "State.clone with copy.deepcopy instead of replicate"))
    rows.append(("  speed-up of replicate (games)", f"{gps[3] / slow:.2f}×", ""))

    mid = mid_game_state()
    fast_copy = median_time(lambda: replicate(mid.data), args.reps)
    deep_copy = median_time(lambda: copy.deepcopy(mid.data), args.reps)
    where = f"mid-game state (3 players, step {len(mid.history)}), median of {args.reps}"
    rows.append(("copy state data: replicate", f"{fast_copy * 1e6:.0f} µs", where))
    rows.append(("copy state data: deepcopy", f"{deep_copy * 1e6:.0f} µs", where))
    rows.append(("  speed-up of replicate (copy)", f"{deep_copy / fast_copy:.1f}×", ""))

    text = mid.to_json()
    to_json = median_time(mid.to_json, args.reps)
    from_json = median_time(lambda: mid.game.state_from_json(text), args.reps)
    round_trip = median_time(lambda: mid.game.state_from_json(mid.to_json()), args.reps)
    assert mid.game.state_from_json(text).to_json() == text
    rows.append(("state JSON round trip", f"{round_trip * 1e6:.0f} µs",
                 f"to_json {to_json * 1e6:.0f} µs + state_from_json {from_json * 1e6:.0f} µs; "
                 f"{len(text):,} bytes"))

    click, p95, model_ms, refresh_ms = stepper_clicks(args.clicks, args.seed)
    rows.append(("Stepper click-to-update", f"{click:.2f} ms",
                 f"button click -> model -> widget refresh (kernel side), median of "
                 f"~{args.clicks // 2}; 95th percentile {p95:.2f} ms"))
    rows.append(("  model click / widget refresh", f"{model_ms:.2f} / {refresh_ms:.2f} ms",
                 "the same kind of clicks timed in two parts"))

    print_figures("Agea benchmark", rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
