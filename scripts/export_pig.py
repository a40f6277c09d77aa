"""Write the example package's game files from ``notebooks/make_your_own_game.ipynb``.

The notebook builds Pig from scratch; its code cells tagged ``export:game.py`` (in order) are
``examples/pig-game/pig_game/game.py`` and the one tagged ``export:view.py`` is ``view.py``.
One copy of the game, the notebook's; the package is written from it. ``--check`` changes
nothing and fails when a file differs (the suite runs it: tests/test_plugins.py).

    .venv/bin/python scripts/export_pig.py            # rewrite the package's files
    .venv/bin/python scripts/export_pig.py --check    # exit 1 when one is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "make_your_own_game.ipynb"
PACKAGE = ROOT / "examples" / "pig-game" / "pig_game"
TAG = "export:"


def exported(notebook: Path | None = None) -> dict[str, str]:
    """Each exported file's text: its tagged cells in notebook order, two blank lines apart
    (``notebook``: the course's, by default)."""
    files: dict[str, list[str]] = {}
    for cell in nbformat.read(notebook or NOTEBOOK, as_version=4).cells:
        for tag in cell.get("metadata", {}).get("tags", []):
            if cell.cell_type == "code" and tag.startswith(TAG):
                files.setdefault(tag[len(TAG):], []).append(cell.source.strip())
    return {name: "\n\n\n".join(parts) + "\n" for name, parts in files.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a package file differs")
    args = parser.parse_args(argv)
    files = exported()
    if set(files) != {"game.py", "view.py"}:
        print(f"{NOTEBOOK.name}: expected cells tagged export:game.py and export:view.py, "
              f"found {sorted(files)}", file=sys.stderr)
        return 1
    stale = [name for name, text in files.items()
             if not (PACKAGE / name).exists() or (PACKAGE / name).read_text("utf-8") != text]
    if args.check:
        for name in stale:
            print(f"{PACKAGE / name} differs from the notebook's cells: run "
                  "python scripts/export_pig.py", file=sys.stderr)
        return 1 if stale else 0
    for name in stale:
        (PACKAGE / name).write_text(files[name], encoding="utf-8")
        print(f"wrote {PACKAGE / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
