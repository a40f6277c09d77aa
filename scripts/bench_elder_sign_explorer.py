"""Print the odds explorer's click-to-value times (issue 12 §3: the new exact value within
300 ms of a click, for every card and the usual settings).

For each of the 48 adventures, a fresh ``OddsExplorer`` (its own solvers, cold) on another
card; the card is picked (6G, focus whenever allowed, no clue), then one control at a time
walks every usual setting (a Gray code over the yellow die, the red die, focus and a clue: 16
settings). Each click is timed from setting the control until the explorer shows the card's
exact value (a background solve is waited for). Prints the median, 95th percentile and maximum,
and the slowest clicks. ``--no-table`` solves instead of reading the shipped table (the figure
before it).

    .venv/bin/python scripts/bench_elder_sign_explorer.py [--cards 48] [--no-table]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from mythlab.display import chance_text
from mythlab.elder_sign import OddsExplorer, adventures

SETTINGS = ("yellow", "red", "focus", "clue")


def gray(i: int) -> dict[str, int]:
    """The i-th setting of the Gray code: 1 = the yellow die, the red die, no focus, a clue."""
    code = i ^ (i >> 1)
    return {name: (code >> bit) & 1 for bit, name in enumerate(SETTINGS)}


def click(x: OddsExplorer, name: str, on) -> None:
    """Set one control as a person would (``card``: pick an adventure)."""
    if name == "card":
        x.card_picker.value = on
    elif name == "focus":
        x.focus_picker.value = 0 if on else -1
    else:
        x.counts[name].value = on


def shown(x: OddsExplorer) -> bool:
    """Whether the explorer shows the exact value of its current settings."""
    m = x.model
    return m.ready and f'title="exact: {m.fraction}">{chance_text(m.probability)}<' in \
        x.value_view.value


def timed(x: OddsExplorer, name: str, on) -> float:
    """Seconds from a click until the explorer shows the card's exact value."""
    start = time.perf_counter()
    click(x, name, on)
    if not shown(x):
        while not shown(x):
            pending = x.model.pending
            if pending is not None:
                try:
                    pending.result(600)
                except Exception:  # noqa: BLE001 - superseded: wait for the next one
                    pass
            x.refresh()
            time.sleep(0.001)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=48)
    parser.add_argument("--no-table", action="store_true")
    args = parser.parse_args()
    names = sorted(a.name for a in adventures())[: args.cards]
    times: list[tuple[float, str, dict]] = []
    for name in names:
        other = names[-1] if name != names[-1] else names[0]
        x = OddsExplorer(other, "6G")
        x.model.book.table = not args.no_table
        x.wait(600)
        times.append((timed(x, "card", name), name, gray(0)))
        for i in range(1, 16):
            before, after = gray(i - 1), gray(i)
            changed = next(k for k in SETTINGS if before[k] != after[k])
            times.append((timed(x, changed, after[changed]), name, after))
        x.wait(600)
    ms = sorted(t * 1000 for t, _, _ in times)
    print(f"{len(ms)} clicks ({len(names)} cards x 16 settings), table "
          f"{'off' if args.no_table else 'on'}, load average {os.getloadavg()[0]:.1f}")
    print(f"click to value: median {statistics.median(ms):.1f} ms, "
          f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms")
    for t, name, setting in sorted(times, key=lambda r: r[0], reverse=True)[:5]:
        dice = "6G" + "+Y" * setting["yellow"] + "+R" * setting["red"]
        print(f"  {t * 1000:8.1f} ms  {name} · {dice} · "
              f"{'no focus' if setting['focus'] else 'focus'} · {setting['clue']} clue")


if __name__ == "__main__":
    main()
