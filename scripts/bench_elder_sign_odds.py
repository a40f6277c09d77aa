"""Print Elder Sign adventure-odds figures (a benchmark script, not a timed test).

Figures: the exact optimal-play table of the 48 base adventures on the six dice scenarios
of the published solver (5G, 6G, 6G+Y, 6G+R, 6G+Y+R, 7G+Y+R; FAQ wildcard), with no focus,
spell or clue, then with 1 focus and 1 spell; each from cold caches, single-threaded, wall
and CPU time, with the machine's load average (other work on the machine slows it). Also
the published card ``PERIL,PERIL > LORE,LORE`` against its printed values.

    .venv/bin/python scripts/bench_elder_sign_odds.py [--focus-spell 1,1] [--cards 48]
        [--wild faq] [--table table.csv] [--skip-allowance]

Goals (issue "Elder Sign" §2): the no-focus table in at most 18 s (a C++ double-precision
solver takes about 180 s), the 1 focus + 1 spell table in at most 60 s.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import shlex
import sys
import time
from fractions import Fraction

import mythlab
from mythlab.dice import clear_caches as clear_dice_caches
from mythlab.games.elder_sign import SCENARIOS, AdventureOdds, adventures, clear_caches

PUBLISHED = {  # reference/elder-sign-check-values.md (englishcatfish/ElderSign, BSD-3)
    (0, 0): "2.252997 7.413286 17.246428 25.475103 42.755001 60.696999",
    (0, 1): "6.331679 18.872911 37.635907 50.038759 70.198097 84.727274",
    (1, 0): "3.772202 14.146246 31.917385 43.825856 65.468503 81.710824",
    (1, 1): "7.564600 25.074904 49.635519 62.693259 82.712372 93.588553",
}


def table(cards: int, wild: str, focus: int, spell: int
          ) -> tuple[list[tuple[str, str, list[Fraction]]], float, float]:
    """The exact table from cold caches: rows (name, tasks, values), wall s, CPU s."""
    clear_caches()
    clear_dice_caches()
    wall, cpu = time.perf_counter(), time.process_time()
    rows = []
    for card in adventures()[:cards]:
        odds = AdventureOdds(card, wild, focus=focus, spell=spell)
        rows.append((card.name, str(card.card), [odds.probability(s) for s in SCENARIOS]))
    return rows, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=48, help="first N base adventures (48)")
    parser.add_argument("--wild", default="faq", help="wildcard reading (faq, as published)")
    parser.add_argument("--focus-spell", default="1,1",
                        help="focus,spell of the second table (1,1)")
    parser.add_argument("--skip-allowance", action="store_true",
                        help="time only the no-focus table")
    parser.add_argument("--table", help="also write the no-focus table (percent) to this CSV")
    args = parser.parse_args(argv)
    focus, spell = (int(x) for x in args.focus_spell.split(","))
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None

    figures: list[tuple[str, str, str]] = []
    check_wall = time.perf_counter()
    ok = []
    for (f, s), printed in PUBLISHED.items():
        odds = AdventureOdds("PERIL,PERIL > LORE,LORE", args.wild, focus=f, spell=s)
        mine = " ".join(f"{float(odds.probability(p)) * 100:.6f}" for p in SCENARIOS)
        ok.append(mine == printed)
    figures.append(("published card PERIL,PERIL > LORE,LORE",
                    f"{sum(ok)}/{len(ok)} rows",
                    f"match the printed 6 decimals (focus/spell 0/0, 0/1, 1/0, 1/1); "
                    f"{time.perf_counter() - check_wall:.2f} s"))

    base, wall, cpu = table(args.cards, args.wild, 0, 0)
    what = f"{len(base)} adventures × {len(SCENARIOS)} scenarios, {args.wild} wildcard"
    figures.append(("table, no focus/spell/clue", f"{wall:.2f} s",
                    f"{what}; CPU {cpu:.2f} s; goal ≤ 18 s"))
    if not args.skip_allowance:
        _, wall2, cpu2 = table(args.cards, args.wild, focus, spell)
        figures.append((f"table, {focus} focus + {spell} spell", f"{wall2:.2f} s",
                        f"{what}; CPU {cpu2:.2f} s; goal ≤ 60 s"))
    if args.table:
        with open(args.table, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["name", "tasks", *SCENARIOS])
            for name, tasks, values in base:
                w.writerow([name, tasks, *(f"{float(v) * 100:.6f}" for v in values)])
        figures.append(("table written", args.table, "percent, 6 decimals"))
    easiest = max(base, key=lambda r: r[2][0])
    hardest = min(base, key=lambda r: r[2][-1])
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
