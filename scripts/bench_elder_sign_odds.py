"""Print Elder Sign adventure-odds figures (a benchmark script, not a timed test).

Figures, each from cold caches (a fresh ``OddsCache`` shared by the table's cards, and the
dice memos cleared), single-threaded, with wall and CPU time and the machine's load average
(other work on the machine slows it; CPU time is the steadier figure):

* the exact optimal-play table of the 48 base adventures on the six dice scenarios of the
  published solver (5G, 6G, 6G+Y, 6G+R, 6G+Y+R, 7G+Y+R; FAQ wildcard) with no focus,
  spell or clue; then with 1 focus and 1 spell (cast before the roll, the rulebook, and
  spent on seeing it, the published solver's model);
* the 48 adventures with 1 clue on 5G, 6G, 6G+Y, 6G+R (no focus, no spell), and the same
  with focus whenever the marker is free (the rulebook's rule);
* single-roll odds of every distinct task row of the 56 cards with 8 dice (8G, 6G+Y+R;
  both wildcard readings), cold and cached;
* the obvious alternative: a plain memoised solver over sorted rolls (every multiset roll
  of the pool, every way to complete a row, no projection, no shared frontiers, no numpy)
  on a few cards, against this solver on the same cards; both exact and equal;
* the published card ``PERIL,PERIL > LORE,LORE`` against its printed values (its model:
  ``cast="after"``).

    .venv/bin/python scripts/bench_elder_sign_odds.py [--cards 48] [--wild faq]
        [--focus-spell 1,1] [--skip-allowance] [--skip-clue] [--skip-free-focus-clue]
        [--table table.csv]

Goals (issue "Elder Sign" §2; a C++ double-precision solver takes about 180 s for the first
table): the no-focus table in at most 18 s, the 1 focus + 1 spell table in at most 60 s, the
1-clue table in at most 120 s, single-roll odds of any row with 8 dice in under 20 ms.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import mythlab
from mythlab.dice import Pool
from mythlab.elder_sign import SCENARIOS, AdventureOdds, OddsCache, adventures
from mythlab.elder_sign.dice import (
    Matcher,
    outcomes,
    parse_pool,
    parse_task,
    reading_key,
    roll_probability,
)
from mythlab.elder_sign.dice import clear_caches as clear_dice_caches

PUBLISHED = {  # the README table of github.com/englishcatfish/ElderSign (BSD-3)
    (0, 0): "2.252997 7.413286 17.246428 25.475103 42.755001 60.696999",
    (0, 1): "6.331679 18.872911 37.635907 50.038759 70.198097 84.727274",
    (1, 0): "3.772202 14.146246 31.917385 43.825856 65.468503 81.710824",
    (1, 1): "7.564600 25.074904 49.635519 62.693259 82.712372 93.588553",
}
CLUE_SCENARIOS = ("5G", "6G", "6G+Y", "6G+R")


def timed(work: Callable[[], object]) -> tuple[object, float, float]:
    """Run ``work`` from cold dice memos (it makes its own solvers): (its result, wall s,
    CPU s)."""
    clear_dice_caches()
    wall, cpu = time.perf_counter(), time.process_time()
    out = work()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def table(cards: int, wild: str, scenarios: tuple[str, ...], focus: int | None, spell: int,
          clue: int, cast: str = "before") -> list[tuple[str, str, list[Fraction]]]:
    """The exact table: rows (name, tasks, values), the cards sharing one new cache."""
    rows = []
    cache = OddsCache()
    for card in adventures()[:cards]:
        odds = AdventureOdds(card, wild, focus=focus, spell=spell, clue=clue, cast=cast,
                             cache=cache)
        rows.append((card.name, str(card.card), [odds.probability(s) for s in scenarios]))
    return rows


def single_roll_timings() -> tuple[list[tuple[float, float, str]], float]:
    """Cold single-roll odds of every distinct row with 8 dice: (wall s, CPU s, case) per
    row, pool and reading, and the cached time per call (s)."""
    rows = sorted({str(r) for a in adventures(None) for r in a.card.rows})
    timings = []
    for spec in ("8G", "6G+Y+R"):
        for row in rows:
            for wild in ("seed", "faq"):
                clear_dice_caches()
                pool = parse_pool(spec)       # (loads the dice file: not timed)
                start, cpu = time.perf_counter(), time.process_time()
                roll_probability(row, pool, wild)
                timings.append((time.perf_counter() - start, time.process_time() - cpu,
                                f"{row} on {spec} ({wild})"))
    roll_probability("PERIL,PERIL,LORE,INV_3", "6G+Y+R")
    start = time.perf_counter()
    for _ in range(2000):
        roll_probability("PERIL,PERIL,LORE,INV_3", "6G+Y+R")
    warm = (time.perf_counter() - start) / 2000
    return timings, warm


class PlainSolver:
    """The obvious alternative, no focus, spell or clue: memoised over (rows left, dice per
    colour); each sorted roll of the pool (:func:`mythlab.elder_sign.dice.outcomes`) takes its best
    choice: complete an open row in every way :meth:`Matcher.uses` offers (dice spent per
    colour), or fail and set aside a die of the best colour."""

    def __init__(self, card: str, wild: str):
        task = parse_task(card)
        self.rows, self.ordered = task.rows, task.ordered
        self.reading = reading_key(wild)
        self.value = cache(self._value)

    def probability(self, spec: str) -> Fraction:
        pool = parse_pool(spec)
        self.kinds = [d for d, _ in pool.groups]
        return self.value(tuple(range(len(self.rows))), tuple(n for _, n in pool.groups))

    def _value(self, left: tuple[int, ...], counts: tuple[int, ...]) -> Fraction:
        if not left:
            return Fraction(1)
        if not sum(counts):
            return Fraction(0)
        pool = Pool([(d, n) for d, n in zip(self.kinds, counts, strict=True) if n])
        names = [d.name for d in self.kinds]
        total = Fraction(0)
        for roll, p in outcomes(pool):
            classes, amounts = [], []
            for name, faces in roll:
                for f in dict.fromkeys(faces):
                    classes.append((names.index(name), f))
                    amounts.append(faces.count(f))
            best = Fraction(0)
            for t in (left[:1] if self.ordered else left):
                m = Matcher(self.rows[t].requirements, classes, self.reading)
                rest = tuple(x for x in left if x != t)
                for used in m.uses(amounts, [k for k, _ in classes]):
                    spent = [0] * len(counts)
                    for k, n in zip(range(len(counts)), used, strict=False):
                        spent[k] += n
                    best = max(best, self.value(rest, tuple(
                        c - s for c, s in zip(counts, spent, strict=True))))
            for k in range(len(counts)):
                if counts[k]:
                    fewer = tuple(c - (j == k) for j, c in enumerate(counts))
                    best = max(best, self.value(left, fewer))
            total += p * best
        return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=48, help="first N base adventures (48)")
    parser.add_argument("--wild", default="faq", help="wildcard reading (faq, as published)")
    parser.add_argument("--focus-spell", default="1,1",
                        help="focus,spell of the second table (1,1)")
    parser.add_argument("--skip-allowance", action="store_true",
                        help="skip the focus + spell table")
    parser.add_argument("--skip-clue", action="store_true", help="skip the 1-clue tables")
    parser.add_argument("--skip-free-focus-clue", action="store_true",
                        help="skip the 1-clue table with focus whenever the marker is free")
    parser.add_argument("--table", help="also write the no-focus table (percent) to this CSV")
    args = parser.parse_args(argv)
    focus, spell = (int(x) for x in args.focus_spell.split(","))
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    figures: list[tuple[str, str, str]] = []

    def add(name: str, wall: float, cpu: float, note: str) -> None:
        figures.append((name, f"{wall:.2f} s", f"CPU {cpu:.2f} s; {note}"))

    check_wall = time.perf_counter()
    ok = []
    for (f, s), printed in PUBLISHED.items():   # its model: spells spent on seeing the roll
        odds = AdventureOdds("PERIL,PERIL > LORE,LORE", args.wild, focus=f, spell=s,
                             cast="after")
        mine = " ".join(f"{float(odds.probability(p)) * 100:.6f}" for p in SCENARIOS)
        ok.append(mine == printed)
    figures.append(("published card PERIL,PERIL > LORE,LORE", f"{sum(ok)}/{len(ok)} rows",
                    f"match the printed 6 decimals (focus/spell 0/0, 0/1, 1/0, 1/1); "
                    f"{time.perf_counter() - check_wall:.2f} s"))

    n = min(args.cards, len(adventures()))
    what = f"{n} adventures × {len(SCENARIOS)} scenarios, {args.wild} wildcard"
    base, wall, cpu = timed(lambda: table(n, args.wild, SCENARIOS, 0, 0, 0))
    add("table, no focus/spell/clue", wall, cpu, f"{what}; goal ≤ 18 s")
    if not args.skip_allowance:
        _, wall, cpu = timed(lambda: table(n, args.wild, SCENARIOS, focus, spell, 0))
        add(f"table, {focus} focus + {spell} spell", wall, cpu,
            f"{what}; spells cast before the roll (the rulebook); goal ≤ 60 s")
        _, wall, cpu = timed(lambda: table(n, args.wild, SCENARIOS, focus, spell, 0, "after"))
        add(f"table, {focus} focus + {spell} spell, cast='after'", wall, cpu,
            f"{what}; spells spent on seeing the roll (the published solver's model)")
    if not args.skip_clue:
        cwhat = f"{n} adventures × {', '.join(CLUE_SCENARIOS)}, {args.wild} wildcard"
        _, wall, cpu = timed(lambda: table(n, args.wild, CLUE_SCENARIOS, 0, 0, 1))
        add("table, 1 clue (no focus, no spell)", wall, cpu, f"{cwhat}; goal ≤ 120 s")
        if not args.skip_free_focus_clue:
            _, wall, cpu = timed(lambda: table(n, args.wild, CLUE_SCENARIOS, None, 0, 1))
            add("table, 1 clue, focus when free", wall, cpu,
                f"{cwhat}; focus=None (the rulebook's rule); no stated goal")

    timings, warm = single_roll_timings()
    worst = max(timings)
    worst_cpu = max(timings, key=lambda t: t[1])
    figures.append(("single roll, 8 dice, cold", f"{worst[0] * 1e3:.2f} ms",
                    f"worst wall of {len(timings)} ({worst[2]}; CPU {worst[1] * 1e3:.2f} ms); "
                    f"worst CPU {worst_cpu[1] * 1e3:.2f} ms ({worst_cpu[2]}); median wall "
                    f"{statistics.median(t[0] for t in timings) * 1e3:.2f} ms; goal < 20 ms"))
    figures.append(("single roll, 8 dice, cached", f"{warm * 1e6:.1f} µs", "per call"))

    for card, spec in (("PERIL,PERIL > LORE,LORE", "6G"), ("INV_3|LORE,PERIL", "6G+Y"),
                       ("INV_2>INV_3>INV_6", "6G+R")):
        plain, wall_p, cpu_p = timed(lambda c=card, s=spec: PlainSolver(c, args.wild)
                                     .probability(s))
        mine, wall_m, cpu_m = timed(lambda c=card, s=spec: AdventureOdds(
            c, args.wild, focus=0).probability(s))
        same = "equal" if plain == mine else f"DIFFERENT ({plain} vs {mine})"
        ok.append(plain == mine)
        figures.append((f"plain multiset solver, {card} {spec}", f"{wall_p:.2f} s",
                        f"CPU {cpu_p:.2f} s; this solver {wall_m:.3f} s (CPU {cpu_m:.3f} s), "
                        f"×{wall_p / max(wall_m, 1e-9):.0f}; values {same}"))

    if args.table:
        with open(args.table, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["name", "tasks", *SCENARIOS])
            for name, tasks, values in base:  # type: ignore[attr-defined]
                w.writerow([name, tasks, *(f"{float(v) * 100:.6f}" for v in values)])
        figures.append(("table written", args.table, "percent, 6 decimals"))
    easiest = max(base, key=lambda r: r[2][0])  # type: ignore[arg-type]
    hardest = min(base, key=lambda r: r[2][-1])  # type: ignore[arg-type]
    figures.append(("easiest on 5G", f"{float(easiest[2][0]):.2%}", easiest[0]))
    figures.append(("hardest on 7G+Y+R", f"{float(hardest[2][-1]):.2%}", hardest[0]))

    command = " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv])
    load_after = os.getloadavg() if hasattr(os, "getloadavg") else None

    def fmt(load: tuple[float, float, float] | None) -> str:
        return ", ".join(f"{x:.2f}" for x in load) if load else "?"

    print(f"mythlab {mythlab.__version__} · Elder Sign adventure odds · Python "
          f"{platform.python_version()} · {os.cpu_count()} CPUs · single-threaded")
    print(f"load average (1, 5, 15 min) before {fmt(load_before)}, after {fmt(load_after)}")
    print(f"$ {command}")
    width = max(len(r[0]) for r in figures)
    vwidth = max(len(r[1]) for r in figures)
    print(f"{'figure':<{width}}  {'value':>{vwidth}}  notes")
    for name, value, note in figures:
        print(f"{name:<{width}}  {value:>{vwidth}}  {note}")
    return 0 if all(ok) else 1


if __name__ == "__main__":
    raise SystemExit(main())
