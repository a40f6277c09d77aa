"""The odds explorer's shipped table: every adventure's exact chance on the usual settings.

Solving a card with the yellow and red dice takes the solver 1-2 s from cold caches, too slow
for a click (issue 12 asks for the value within 300 ms). So the values of the 48 adventures on
the settings a class clicks through ship precomputed in ``data/explorer_odds.csv.gz``: the
dice pools 6G, 6G+Y, 6G+R and 6G+Y+R, focus whenever allowed or never, no clue or one, no
spell, both readings of the red die's wildcard (without the red die they agree, so those rows
are stored once, under ``seed``). :class:`~mythlab.elder_sign.explorer_model.OddsBook` reads it
on first use; anything else is solved. ``scripts/explorer_table.py`` writes the file again
(about 8 minutes) and ``tests/test_elder_sign_explorer_table.py`` re-solves a sample of it.
Each row carries its card's inputs digest: a card whose rows, terror effect or dice changed
since is solved, never read from a stale row (and the test says the table needs writing).
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

TABLE_FILE = "explorer_odds.csv.gz"
DIGEST = "inputs"
"""The column holding each card's :func:`inputs_digest`."""
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


def inputs_digest(card: Any) -> str:
    """A fingerprint of what a card's odds are computed from: its task rows (and their
    order), its terror effect and the dice (faces, the wildcard's readings). A shipped value
    is used only while its card's fingerprint is unchanged; otherwise the card is solved."""
    from .dice import elder_sign_dice

    dice = elder_sign_dice()
    text = "|".join([str(card.card), str(card.card.ordered), card.terror_effect,
                     *(f"{d.name}:{d.faces}" for d in dice),
                     *(f"{w.name}:{sorted(w.counts_as)}" for w in dice.readings)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@cache
def current_digests() -> dict[str, str]:
    """Each built-in adventure's :func:`inputs_digest`, by name (once per session)."""
    from .odds import adventures

    return {a.name: inputs_digest(a) for a in adventures()}


def write_table(path: Path) -> None:
    """Solve every adventure on every setting of :func:`settings` and write the gzip CSV
    (each row with its card's :func:`inputs_digest`)."""
    from .odds import AdventureOdds, OddsCache, adventures

    cache = OddsCache()  # shared by the cards, so equal rows are solved once
    columns = list(settings())
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["adventure", DIGEST, *(_column(*c) for c in columns)])
    for card in sorted(adventures(), key=lambda a: a.name):
        values = [AdventureOdds(card, wild, focus=focus, clue=clue, cache=cache)
                  .probability(pool) for pool, wild, focus, clue in columns]
        writer.writerow([card.name, inputs_digest(card),
                         *(f"{v.numerator}/{v.denominator}" for v in values)])
    path.write_bytes(gzip.compress(out.getvalue().encode("utf-8"), mtime=0))


@cache
def _read() -> tuple[dict[Entry, Fraction], dict[str, str]]:
    """The shipped values by (card, pool, wild, focus, clue) and each card's digest."""
    raw = (files("mythlab.elder_sign") / "data" / TABLE_FILE).read_bytes()
    header, *rows = csv.reader(io.StringIO(gzip.decompress(raw).decode("utf-8")))
    columns = []
    for name in header[2:]:
        pool, wild, focus, clue = name.split("|")
        columns.append((pool, wild, None if focus == "any" else int(focus), int(clue)))
    values = {(row[0], pool, wild, focus, clue): Fraction(text)
              for row in rows for (pool, wild, focus, clue), text in zip(columns, row[2:],
                                                                        strict=True)}
    return values, {row[0]: row[1] for row in rows}


def shipped_table() -> dict[Entry, Fraction]:
    """The shipped values by (card, pool, wild, focus, clue), read once on first use."""
    return _read()[0]


def shipped_digests() -> dict[str, str]:
    """The :func:`inputs_digest` each card had when the table was solved."""
    return _read()[1]


def shipped_value(card: str, pool: str, wild: str, focus: int | None, spell: int,
                  clue: int) -> Fraction | None:
    """The shipped exact chance for these settings, or None when the table lacks them or the
    card's inputs changed since it was solved (then the explorer solves it)."""
    if spell or shipped_digests().get(card) != current_digests().get(card):
        return None
    return shipped_table().get((card, pool, stored_wild(pool, wild), focus, clue))
