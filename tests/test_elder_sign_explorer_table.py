"""The odds explorer's shipped table (issue 12 §3: the new exact value within 300 ms of a
click): it holds every adventure on every usual setting, a sample of it equals the solver, and
the explorer shows a value from it at once while the step-through is solved in the background.
"""

from __future__ import annotations

import random
import time

from mythlab.elder_sign import adventures, explorer_table
from mythlab.elder_sign.dice import parse_pool
from mythlab.elder_sign.explorer_model import OddsBook, OddsExplorerModel
from mythlab.elder_sign.explorer_table import POOLS, settings, shipped_table, shipped_value


def test_the_table_holds_every_adventure_on_every_usual_setting():
    table = shipped_table()
    names = {a.name for a in adventures()}
    assert len(names) == 48
    columns = list(settings())
    assert len(columns) == 2 * 2 * (len(POOLS) + 2)      # faq only with the red die
    assert set(table) == {(n, *c) for n in names for c in columns}
    assert all(0 <= p <= 1 for p in table.values())


def test_a_sample_of_the_table_equals_the_solver():
    rng = random.Random(12)
    book = OddsBook(table=False)
    cards = {a.name: a for a in adventures()}
    entries = rng.sample(sorted(shipped_table(), key=str), 12)
    for name, pool, wild, focus, clue in entries:
        solved = book.value((cards[name], wild, focus, 0, clue, parse_pool(pool)))
        assert shipped_table()[name, pool, wild, focus, clue] == solved, (name, pool)


def test_without_the_red_die_both_wildcard_readings_are_one_column():
    card = next(a for a in adventures() if a.name == "The Curator")
    book = OddsBook(table=False)
    faq = book.value((card, "faq", None, 0, 1, parse_pool("6G+Y")))
    assert shipped_value("The Curator", "6G+Y", "faq", None, 0, 1) == faq
    assert shipped_value("The Curator", "6G+Y", "faq", None, 1, 1) is None   # a spell: solved


def test_a_click_to_the_yellow_and_red_dice_shows_the_value_at_once():
    m = OddsExplorerModel("The Curator", "6G")
    m.update(yellow=1, red=1)
    start = time.perf_counter()
    assert m.ready and not m.settled      # the value is known; the step-through is not
    value = m.probability
    assert time.perf_counter() - start < 0.3
    assert value == shipped_value("The Curator", "6G+Y+R", "seed", None, 0, 0)
    assert m.request().result(timeout=120) == value
    assert m.settled and m.value == value


def test_every_row_was_solved_from_the_cards_and_dice_as_they_are_now():
    """A changed task row, terror effect or die makes this fail until the table is written
    again (``scripts/explorer_table.py``); meanwhile the explorer solves that card."""
    assert explorer_table.shipped_digests() == explorer_table.current_digests()


def test_a_card_whose_inputs_changed_is_solved_not_read_from_its_stale_row(monkeypatch):
    name = "The Curator"
    assert shipped_value(name, "6G", "seed", None, 0, 0) is not None
    changed = {**explorer_table.current_digests(), name: "a changed card"}
    monkeypatch.setattr(explorer_table, "current_digests", lambda: changed)
    assert shipped_value(name, "6G", "seed", None, 0, 0) is None
    assert shipped_value("Lights Out", "6G", "seed", None, 0, 0) is not None
    card = next(a for a in adventures() if a.name == name)
    assert explorer_table.inputs_digest(card) != "a changed card"
    solved = OddsBook(table=False).value((card, "seed", None, 0, 0, parse_pool("6G")))
    assert OddsExplorerModel(name, "6G").probability == solved
