"""Run notebooks/balance_lab.ipynb with more games: the figures its text quotes.

The notebook plays few games so that it runs in about a minute; this script executes the very
same cells with the parameter cell (tagged ``parameters``) set from the command line, and
prints each cell's text output, so the quoted figures come from the notebook's own code.

    nice -n 10 .venv/bin/python scripts/balance_lab.py --ladder-games 400 \
        --ladder-search-games 40 --start-games 400 --start-search-games 60 --processes 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "balance_lab.ipynb"
PARAMETERS = ("ladder_games", "ladder_search_games", "start_games", "start_search_games",
              "processes")


def parameter_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The cell tagged ``parameters`` (exactly one)."""
    found = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
    if len(found) != 1:
        raise SystemExit(f"{NOTEBOOK.name}: expected one cell tagged 'parameters', "
                         f"found {len(found)}")
    return found[0]


def text_of(cell: nbformat.NotebookNode) -> str:
    """What a cell shows as text: its streams, and Markdown or plain results."""
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append(out["text"])
        data = out.get("data", {})
        for kind in ("text/markdown", "text/plain"):
            if kind in data and "image/png" not in data:
                parts.append(data[kind])
                break
    return "\n".join(p.rstrip("\n") for p in parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name in PARAMETERS:
        parser.add_argument("--" + name.replace("_", "-"), type=int, required=True)
    parser.add_argument("--out", type=Path, help="also write the executed notebook here")
    args = parser.parse_args(argv)
    for name in PARAMETERS:
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    parameter_cell(nb).source = "\n".join(f"{name.upper()} = {getattr(args, name)}"
                                          for name in PARAMETERS)
    start = time.perf_counter()
    NotebookClient(nb, timeout=None, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    print(f"$ {' '.join(sys.argv)}\n{time.perf_counter() - start:.0f} s (wall clock)\n")
    for i, cell in enumerate(nb.cells):
        shown = text_of(cell) if cell.cell_type == "code" else ""
        if shown:
            print(f"--- cell {i}\n{shown}\n")
    if args.out:
        nbformat.write(nb, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
