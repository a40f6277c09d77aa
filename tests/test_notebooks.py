"""Notebooks are shipped clean: no stored outputs, a python3 kernel, valid nbformat.

nbval executes them (``pytest --nbval-lax``, in the pytest config); these checks keep the
files themselves tidy so a diff shows only what a person wrote.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted([*ROOT.glob("*.ipynb"), *ROOT.glob("lessons/*.ipynb")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_valid_and_has_no_outputs(path: Path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, "a notebook without code cells"
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
             and (c.outputs or c.execution_count is not None)]
    assert not dirty, f"cells {dirty} store outputs; clear them before committing"


def test_agea_notebook_exists():
    assert any(p.name == "agea.ipynb" for p in NOTEBOOKS)


REFERENCE = sorted(ROOT.glob("*.ipynb"))
OPENING_WIDGET = re.compile(r"^(?!\s*#).*\b(Stepper|OddsExplorer)\(", re.MULTILINE)
APPENDIX = "## Appendix: provenance and rulings"
PROVENANCE_TABLES = re.compile(  # a table of rulings, of rule numbers, or provenance counts
    r"\brulings\(|\bnumbers\(\)|\b(rules|game)\.numbers\b|Counter\([^)]*\.provenance\b")
FILE_IDS = re.compile(r"\d{3}_[0-9a-f]{16}|seed file|RULE-NOTES|DESIGN\.md", re.IGNORECASE)


BUILDS_ITS_GAME = {"make_your_own_game.ipynb"}
"""Notebooks that write their game from scratch: the story, then the game's cells, then the
widget as soon as the game is registered."""


@pytest.mark.parametrize("path", REFERENCE, ids=[p.name for p in REFERENCE])
def test_a_reference_notebook_opens_with_its_story_and_widget_and_closes_with_provenance(
        path: Path):
    cells = nbformat.read(path, as_version=4).cells
    story, *_ = cells
    assert story.cell_type == "markdown" and story.source.startswith("# ")
    first_code = next(i for i, c in enumerate(cells) if c.cell_type == "code")
    if path.name in BUILDS_ITS_GAME:  # no game to show before its cells are written
        first_code = next(i for i, c in enumerate(cells)
                          if c.cell_type == "code" and "mythlab.register(" in c.source)
    widget = next(i for i, c in enumerate(cells)
                  if c.cell_type == "code" and OPENING_WIDGET.search(c.source))
    after = 2 if path.name in BUILDS_ITS_GAME else 1  # past the heading of the next section
    assert widget <= first_code + after, "the widget is not among the first code cells"
    headings = [i for i, c in enumerate(cells) if c.cell_type == "markdown"
                and re.search(r"^## ", c.source, re.MULTILINE)]
    appendix = [i for i in headings if APPENDIX in cells[i].source]
    assert appendix and appendix[0] == headings[-1], "no closing provenance appendix"
    early = [i for i, c in enumerate(cells[:appendix[0]])
             if c.cell_type == "code" and PROVENANCE_TABLES.search(c.source)]
    assert not early, f"cells {early} show provenance or rulings before the appendix"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_rulebooks_are_cited_by_title_never_by_file_id(path: Path):
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells)
    assert not FILE_IDS.findall(text)
