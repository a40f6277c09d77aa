"""The odds explorer's shipped table: every adventure's exact chance on the usual settings.

Solving a card with the yellow and red dice takes the solver 1-2 s from cold caches, too slow
for a click (issue 12 asks for the value within 300 ms). So the values of the 48 adventures on
the settings a class clicks through ship precomputed in ``data/explorer_odds.csv.gz``: the
dice pools 6G, 6G+Y, 6G+R and 6G+Y+R, focus whenever allowed or never, no clue or one, no
spell, both readings of the red die's wildcard (without the red die they agree, so those rows
are stored once, under ``seed``). :class:`~mythlab.elder_sign.explorer_model.OddsBook` reads it
on first use; anything else is solved. ``scripts/explorer_table.py`` writes the file again
(about 8 minutes) and ``tests/test_elder_sign_explorer_table.py`` re-solves a sample of it.
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from importlib.resources import files
from pathlib import Path

TABLE_FILE = "explorer_odds.csv.gz"
POOLS = ("6G", "6G+Y", "6G+R", "6G+Y+R")
"""The dice pools of the usual settings."""
FOCUS = (None, 0)
"""Focus whenever the marker is free (the rulebook's rule), or never."""
CLUES = (0, 1)
WILDS = ("seed", "faq")

Entry = tuple[str, str, str, int | None, int]
"""(card name, pool, wild, focus, clue): what one shipped value is for (spell 0)."""


def settings() -> Iterator[tuple[str, str, int | None, int]]:
    """(pool, wild, focus, clue) of every stored column: ``faq`` only with the red die."""
    for pool in POOLS:
        for wild in WILDS:
            if wild == "faq" and "R" not in pool:
                continue
            for focus in FOCUS:
                for clue in CLUES:
                    yield pool, wild, focus, clue


def stored_wild(pool: str, wild: str) -> str:
    """The wildcard reading a value is stored under: without the red die, always ``seed``."""
    return wild if "R" in pool else "seed"


def _column(pool: str, wild: str, focus: int | None, clue: int) -> str:
    return f"{pool}|{wild}|{'any' if focus is None else focus}|{clue}"


def write_table(path: Path) -> None:
    """Solve every adventure on every setting of :func:`settings` and write the gzip CSV."""
    from .odds import AdventureOdds, OddsCache, adventures

    cache = OddsCache()  # shared by the cards, so equal rows are solved once
    columns = list(settings())
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["adventure", *(_column(*c) for c in columns)])
    for card in sorted(adventures(), key=lambda a: a.name):
        values = [AdventureOdds(card, wild, focus=focus, clue=clue, cache=cache)
                  .probability(pool) for pool, wild, focus, clue in columns]
        writer.writerow([card.name, *(f"{v.numerator}/{v.denominator}" for v in values)])
    path.write_bytes(gzip.compress(out.getvalue().encode("utf-8"), mtime=0))


@cache
def shipped_table() -> dict[Entry, Fraction]:
    """The shipped values by (card, pool, wild, focus, clue), read once on first use."""
    raw = (files("mythlab.elder_sign") / "data" / TABLE_FILE).read_bytes()
    header, *rows = csv.reader(io.StringIO(gzip.decompress(raw).decode("utf-8")))
    columns = []
    for name in header[1:]:
        pool, wild, focus, clue = name.split("|")
        columns.append((pool, wild, None if focus == "any" else int(focus), int(clue)))
    return {(row[0], pool, wild, focus, clue): Fraction(text)
            for row in rows for (pool, wild, focus, clue), text in zip(columns, row[1:],
                                                                      strict=True)}


def shipped_value(card: str, pool: str, wild: str, focus: int | None, spell: int,
                  clue: int) -> Fraction | None:
    """The shipped exact chance for these settings, or None when the table lacks them."""
    if spell:
        return None
    return shipped_table().get((card, pool, stored_wild(pool, wild), focus, clue))
