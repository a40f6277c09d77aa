"""Notebooks are shipped clean: no stored outputs, a python3 kernel, valid nbformat.

nbval executes them (``pytest --nbval-lax``, in the pytest config); these checks keep the
files themselves tidy so a diff shows only what a person wrote.
"""

from __future__ import annotations

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
