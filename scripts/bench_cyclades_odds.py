"""Print Cyclades battle-odds figures (a benchmark script, not a timed test).

The task: the exact attack success probability for 1..8 attackers x 1..8 defenders x defence
bonus 0..3 (256 battles, fight to the end). Ways timed, all exact and checked equal:

* ``odds_table``: mythlab's integer DP, one backward pass per bonus (smaller battles are
  sub-chains of 8 v 8), one ``Fraction`` per answer;
* ``battle_odds`` per battle: the integer forward DP, with the full distribution of end states;
* ``battle_odds`` per battle with a retreat policy (backward pass + forward pass);
* memoised recursion with a ``Fraction`` per state (the obvious alternative);
* naive recursion without memo, ``Fraction`` arithmetic (exponential: run up to ``--naive``
  units per side only, and the size of its call tree is printed for 8 v 8).

    .venv/bin/python scripts/bench_cyclades_odds.py [--runs 5] [--naive 6]
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product

from mythlab.cyclades import combat
from mythlab.cyclades.combat import battle_odds, combat_die, odds_table

MAX_UNITS, MAX_BONUS = 8, 3


def clear() -> None:
    """Forget mythlab's cached die and round weights (first calls include loading the YAML)."""
    combat.cyclades_dice.cache_clear()
    combat._int_rounds.cache_clear()
    combat._difference.cache_clear()


def fraction_rounds() -> Callable[[int], tuple[Fraction, Fraction, Fraction]]:
    """P(attacker loses), P(defender loses), P(both) by margin, as Fractions, from the die."""
    faces = [f for f, w in combat_die().faces for _ in range(w)]
    n = len(faces) ** 2

    @cache
    def at(margin: int) -> tuple[Fraction, Fraction, Fraction]:
        diffs = [margin + x - y for x in faces for y in faces]
        return (Fraction(sum(d < 0 for d in diffs), n), Fraction(sum(d > 0 for d in diffs), n),
                Fraction(sum(d == 0 for d in diffs), n))

    return at


def memo_fraction_table() -> dict[tuple[int, int, int], Fraction]:
    """The obvious alternative: a memoised recursion holding one Fraction per state."""
    at = fraction_rounds()
    out = {}
    for b in range(MAX_BONUS + 1):
        @cache
        def win(a: int, d: int, b: int = b) -> Fraction:
            if d == 0:
                return Fraction(int(a > 0))
            if a == 0:
                return Fraction(0)
            pa, pd, pb = at(a - d - b)
            return pa * win(a - 1, d) + pd * win(a, d - 1) + pb * win(a - 1, d - 1)

        for a, d in product(range(1, MAX_UNITS + 1), repeat=2):
            out[a, d, b] = win(a, d)
    return out


def naive_table(units: int) -> tuple[dict[tuple[int, int, int], Fraction], int]:
    """Naive recursion without memo (Fractions); returns the table and the number of calls."""
    at = fraction_rounds()
    calls = 0

    def win(a: int, d: int, b: int) -> Fraction:
        nonlocal calls
        calls += 1
        if d == 0:
            return Fraction(int(a > 0))
        if a == 0:
            return Fraction(0)
        pa, pd, pb = at(a - d - b)
        total = Fraction(0)
        if pa:
            total += pa * win(a - 1, d, b)
        if pd:
            total += pd * win(a, d - 1, b)
        if pb:
            total += pb * win(a - 1, d - 1, b)
        return total

    out = {(a, d, b): win(a, d, b)
           for a, d, b in product(range(1, units + 1), range(1, units + 1),
                                  range(MAX_BONUS + 1))}
    return out, calls


def naive_calls(a: int, d: int) -> int:
    """Size of the naive call tree for one a v d battle, when all three branches are taken."""
    @cache
    def n(a: int, d: int) -> int:
        if a == 0 or d == 0:
            return 1
        return 1 + n(a - 1, d) + n(a, d - 1) + n(a - 1, d - 1)

    return n(a, d)


def per_battle(policy: str | None) -> dict[tuple[int, int, int], Fraction]:
    return {(a, d, b): battle_odds(a, d, b, policy=policy).probability
            for a, d, b in product(range(1, MAX_UNITS + 1), range(1, MAX_UNITS + 1),
                                   range(MAX_BONUS + 1))}


def timed(fn: Callable[[], object], runs: int, cold: bool = True) -> tuple[float, float, object]:
    """(first call, median of ``runs`` warm calls, result); ``cold`` clears caches first."""
    if cold:
        clear()
    start = time.perf_counter()
    result = fn()
    first = time.perf_counter() - start
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return first, statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="warm repetitions (median)")
    parser.add_argument("--naive", type=int, default=6,
                        help="units per side for the naive recursion (exponential; 8 takes long)")
    args = parser.parse_args()

    print("command:", shlex.join([sys.executable.replace(os.getcwd() + "/", ""), *sys.argv]))
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",) * 3
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in load)}")
    print(f"task: {MAX_UNITS}x{MAX_UNITS} battles x bonus 0..{MAX_BONUS} "
          f"= {MAX_UNITS * MAX_UNITS * (MAX_BONUS + 1)} exact probabilities\n")

    rows = []
    first, warm, reference = timed(lambda: odds_table(MAX_UNITS, MAX_UNITS, MAX_BONUS),
                                   args.runs)
    rows.append(("odds_table (integer DP, one pass per bonus)", first, warm))
    first, warm, got = timed(lambda: per_battle(None), args.runs)
    assert got == reference
    rows.append(("battle_odds per battle (full distribution)", first, warm))
    policy = "attacker:units<=1,defender:odds<1/4"
    first, warm, got = timed(lambda: per_battle(policy), args.runs)
    rows.append((f"battle_odds per battle, policy {policy}", first, warm))
    first, warm, got = timed(lambda: odds_table(MAX_UNITS, MAX_UNITS, MAX_BONUS, policy=policy),
                             args.runs)
    rows.append(("odds_table, same policy", first, warm))
    first, warm, got = timed(memo_fraction_table, max(1, args.runs // 2))
    assert got == reference
    rows.append(("memoised recursion, Fraction per state", first, warm))

    width = max(len(r[0]) for r in rows)
    print(f"{'method':<{width}}  {'first call':>11}  {'warm median':>11}")
    for name, first, warm in rows:
        print(f"{name:<{width}}  {first * 1000:>8.2f} ms  {warm * 1000:>8.2f} ms")

    n = args.naive
    start = time.perf_counter()
    table, calls = naive_table(n)
    naive = time.perf_counter() - start
    assert all(reference[k] == p for k, p in table.items())
    print(f"\nnaive recursion, no memo, Fractions, 1..{n} x 1..{n} x bonus 0..{MAX_BONUS}: "
          f"{naive:.2f} s, {calls:,} calls ({calls / naive:,.0f} calls/s)")
    full = sum(naive_calls(a, d) for a, d in product(range(1, MAX_UNITS + 1), repeat=2))
    print(f"  its call tree for the full 8x8 table: at most {full:,} calls per bonus "
          f"(~{full * (MAX_BONUS + 1) / (calls / naive):.0f} s at that rate)")
    states = sum(1 for _ in product(range(MAX_UNITS + 1), repeat=2))
    print(f"  the DP visits {states} states per bonus")


if __name__ == "__main__":
    main()
