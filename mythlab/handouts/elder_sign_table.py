"""Elder Sign's adventures × dice table for the handout: exact chances under optimal play.

Solving all 48 adventures on the six scenarios of :data:`mythlab.elder_sign.SCENARIOS` takes
about 90 s (``scripts/handout_tables.py`` on 2 cores; the 6G+Y+R column alone about 60 s from
cold caches), too slow for a command a teacher waits on. So the table ships precomputed in
``elder_sign_odds.csv``: exact fractions written by :func:`write_odds_file` from
:func:`mythlab.elder_sign.odds_table` with the rulebook's defaults (the seed reading of the red
die, focus whenever the marker is free, no spell, no clue). ``tests/test_handouts.py`` solves a
sample again and checks the card list against the game's data, so a stale file fails the suite.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from importlib.resources import files
from pathlib import Path

ODDS_FILE = "elder_sign_odds.csv"
RULES = "the red die's seed reading, focus whenever the marker is free, no spell, no clue"
"""The solver options the table uses (all :func:`~mythlab.elder_sign.odds_table` defaults)."""


def compute_odds() -> tuple[tuple[str, ...], list[tuple[str, list[Fraction]]]]:
    """(scenarios, rows): every base adventure on every scenario, from the solver (minutes)."""
    from mythlab.elder_sign import SCENARIOS, odds_table

    return tuple(SCENARIOS), odds_table(scenarios=SCENARIOS)


def write_odds_file(path: Path) -> None:
    """Write :func:`compute_odds` as CSV: ``adventure`` then one exact fraction per scenario."""
    scenarios, rows = compute_odds()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["adventure", *scenarios])
    for name, chances in rows:
        writer.writerow([name, *(f"{p.numerator}/{p.denominator}" for p in chances)])
    path.write_text(out.getvalue(), encoding="utf-8")


def shipped_odds() -> tuple[tuple[str, ...], list[tuple[str, list[Fraction]]]]:
    """The precomputed table, read back as exact fractions (same shape as :func:`compute_odds`)."""
    text = (files("mythlab.handouts") / ODDS_FILE).read_text(encoding="utf-8")
    header, *rows = csv.reader(io.StringIO(text))
    return tuple(header[1:]), [(row[0], [Fraction(p) for p in row[1:]]) for row in rows]
