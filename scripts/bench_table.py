"""Print the game table's figures (issue 12): click-to-screen in a real browser, bot reply
time, and app start to first board.

    .venv/bin/python scripts/bench_table.py [--clicks 50] [--games agea elysium]
                                            [--only bots|lab|app] [--bot-moves 150]

- **Click-to-screen** (goal < 150 ms): a person's seat against the game's default bot (the
  app's choice: the game's own bot, else greedy), played with clicks only in headless
  Chromium until at least ``--clicks`` clicks per game (more games when one is too short);
  each click is timed from the click until the event log changes (``play_to_game_over``, the
  browser tests' player). Median and 95th percentile per game, in JupyterLab (a notebook of
  seated Steppers) and in the Voilà app (``mythlab app``). Wall clock: a latency people see.
- **Bot reply** (goal < 1 s per move): the CPU time of each decision of the default bot and
  of ``search`` at its default budget, over ``--bot-moves`` moves of bot-only games.
- **App start to first board** (goal < 10 s): from launching ``mythlab app`` until the
  first board shows after "Start the game" with the form's defaults.

Needs Debian's Chromium and playwright, like the browser tests (``tests/browser_support.py``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import browser_support as harness  # noqa: E402
from benchfig import print_figures  # noqa: E402

import mythlab  # noqa: E402
from mythlab.sim.bots import default_bot, make_bot  # noqa: E402
from mythlab.widgets.app import seat_label  # noqa: E402

GAMES = {"agea": 2, "cyclades": 2, "elysium": 2, "elder_sign": 1}
"""Each game and its player count (a person, the rest bots)."""
MAX_GAMES = 4
"""Games per game and place at most, to reach the clicks asked for."""


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile (nearest rank) and maximum."""
    ordered = sorted(values)
    return (statistics.median(ordered),
            ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], ordered[-1])


def bot_replies(game: str, bot_name: str, moves: int) -> list[float]:
    """CPU milliseconds of ``moves`` decisions of ``bot_name`` playing every seat of ``game``
    (games seeded 1, 2, … until enough moves)."""
    millis: list[float] = []
    seed = 0
    while len(millis) < moves:
        seed += 1
        session = mythlab.Session(mythlab.make(game, players=GAMES[game], seed=seed))
        bots = [make_bot(bot_name, seed=seed * 31 + p, game=game) for p in range(GAMES[game])]
        while not session.state.is_terminal() and len(millis) < moves:
            state = session.state
            if state.is_chance_node():
                session.roll()
                continue
            start = time.process_time()
            action = bots[state.current_player](state)
            millis.append((time.process_time() - start) * 1000)
            session.apply(action)
    return millis


def seats(game: str) -> list[str]:
    return ["human"] + [default_bot(game)] * (GAMES[game] - 1)


def lab_clicks(games: list[str], clicks: int, home: Path, pause: float = 0
               ) -> dict[str, list[float]]:
    """Click-to-screen milliseconds per game in JupyterLab: seated Steppers, one per cell,
    played in turn until each game has ``clicks`` clicks."""
    plan = [(game, seed) for game in games for seed in range(1, MAX_GAMES + 1)]
    cells = ["import mythlab\nfrom mythlab.widgets import Stepper"] + [
        f"Stepper(mythlab.make({game!r}, players={GAMES[game]}, seed={seed}), "
        f"seats={seats(game)!r}, pause={pause})" for game, seed in plan]
    millis: dict[str, list[float]] = {game: [] for game in games}
    with harness.running_lab(home, "bench.ipynb", cells) as lab, \
            harness.lab_page(lab, "bench-failure.png", 1280, 720) as page:
        harness.open_and_run(page, lab, "bench.ipynb",
                             widget=f".mythlab-stepper >> nth={len(plan) - 1}")
        for index, (game, _seed) in enumerate(plan):
            if len(millis[game]) < clicks:
                page.locator(".mythlab-stepper").nth(index).scroll_into_view_if_needed()
                millis[game] += harness.play_to_game_over(page, index)
    return millis


def app_figures(games: list[str], clicks: int, home: Path
                ) -> tuple[dict[str, float], dict[str, list[float]]]:
    """App start to first board (seconds, by stage) and click-to-screen milliseconds per game
    in the Voilà app."""
    from playwright.sync_api import sync_playwright

    millis: dict[str, list[float]] = {game: [] for game in games}
    start = time.monotonic()
    with harness.running_app(home) as url, sync_playwright() as p:
        listening = time.monotonic()
        browser = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            form = harness.open_app(page, url)
            clicked = time.monotonic()
            page.locator(".mythlab-app-start").click()  # the form's defaults
            page.locator(".mythlab-view").wait_for(timeout=harness.WIDGET_WAIT)
            board = time.monotonic()
            stages = {"launch to listening": listening - start, "page to setup form": form,
                      "Start to first board": board - clicked, "total": board - start,
                      "CPU": app_cpu_seconds()}
            for game in games:
                for seed in range(1, MAX_GAMES + 1):
                    if len(millis[game]) >= clicks:
                        break
                    page.locator(".mythlab-app-new").click()
                    harness.set_up_app(page, game, GAMES[game],
                                       [seat_label(s) for s in seats(game)], seed=seed)
                    millis[game] += harness.play_to_game_over(page, 0)
        finally:
            browser.close()
    return stages, millis


def app_cpu_seconds() -> float:
    """CPU seconds used so far by the app's server and its kernel (children of this process)."""
    import psutil

    total = 0.0
    for proc in psutil.Process().children(recursive=True):
        try:
            if any(part in " ".join(proc.cmdline()) for part in ("mythlab", "ipykernel")):
                times = proc.cpu_times()
                total += times.user + times.system
        except psutil.Error:  # ended meanwhile
            continue
    return total


def click_rows(place: str, millis: dict[str, list[float]], clicks: int
               ) -> list[tuple[str, str, str]]:
    rows = []
    for game, values in millis.items():
        median, p95, most = spread(values)
        ok = "meets" if p95 < 150 else "MISSES"
        short = "" if len(values) >= clicks else f"; only {len(values)} clicks"
        rows.append((f"{place} click-to-screen: {game}", f"{median:.0f} / {p95:.0f} ms",
                     f"median / p95 over {len(values)} clicks (max {most:.0f} ms); "
                     f"{ok} p95 < 150 ms{short}"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=50, help="clicks per game (50)")
    parser.add_argument("--games", nargs="+", choices=list(GAMES), default=list(GAMES))
    parser.add_argument("--only", choices=["bots", "lab", "app"],
                        help="one part only (default: all three)")
    parser.add_argument("--pause", type=float, default=0,
                        help="seconds between bot moves in JupyterLab (0, as the tests)")
    parser.add_argument("--bot-moves", type=int, default=150,
                        help="decisions timed per bot (150)")
    args = parser.parse_args()
    rows: list[tuple[str, str, str]] = []
    if args.only in (None, "bots"):
        for game in args.games:
            for name in dict.fromkeys([default_bot(game), "search"]):
                median, p95, most = spread(bot_replies(game, name, args.bot_moves))
                rows.append((f"bot reply: {game} {name}", f"{median:.1f} / {p95:.1f} ms",
                             f"CPU per decision, median / p95 over {args.bot_moves} "
                             f"(max {most:.0f} ms); goal < 1 s"))
    with tempfile.TemporaryDirectory(prefix="mythlab-bench-") as tmp:
        if args.only in (None, "lab"):
            (Path(tmp) / "lab").mkdir()
            millis = lab_clicks(args.games, args.clicks, Path(tmp) / "lab", args.pause)
            rows += click_rows("JupyterLab", millis, args.clicks)
        if args.only in (None, "app"):
            (Path(tmp) / "app").mkdir()
            stages, millis = app_figures(args.games, args.clicks, Path(tmp) / "app")
            rows.append(("app start to first board", f"{stages['total']:.1f} s",
                         "wall: " + "; ".join(f"{k} {v:.1f} s" for k, v in stages.items()
                                              if k not in ("total", "CPU"))
                         + f"; server and kernel CPU {stages['CPU']:.1f} s; goal < 10 s"))
            rows += click_rows("Voilà app", millis, args.clicks)
    print_figures("game table benchmark (issue 12)", rows)


if __name__ == "__main__":
    main()
