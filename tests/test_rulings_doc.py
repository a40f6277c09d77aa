"""``docs/rulings.md`` is generated from the games' rulings files and kept up to date.

``scripts/rulings_doc.py --check`` fails when a rulings file changed and the document was not
regenerated; the document holds every ruling of every game that has a rulings file, cited
as the code cites it, and names the games that have none.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from script_support import load_script

from mythlab.engine import ruling_ref
from mythlab.engine.datafiles import read_rulings

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "rulings_doc.py"


def rulings_doc(*args: str | Path) -> subprocess.CompletedProcess:
    """Run the script in a fresh interpreter (the registry holds only the shipped games)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300,
                          check=False)


def test_docs_rulings_md_is_up_to_date():
    done = rulings_doc("--check")
    assert done.returncode == 0, done.stderr
    covered = done.stderr.partition("rulings of: ")[2].splitlines()[0].split(", ")
    assert {"Agea", "Cyclades"} <= set(covered)  # the two that had rulings files first


def test_check_fails_on_a_stale_document_and_changes_nothing(tmp_path):
    stale = tmp_path / "rulings.md"
    stale.write_text((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")[:-200],
                     encoding="utf-8")
    before = stale.read_text(encoding="utf-8")
    done = rulings_doc("--check", "--out", stale)
    assert done.returncode == 1
    assert "out of date" in done.stderr and "scripts/rulings_doc.py" in done.stderr
    assert stale.read_text(encoding="utf-8") == before


def test_every_ruling_is_in_the_document_as_the_code_cites_it():
    script = load_script("rulings_doc")
    text, covered, skipped = script.render()
    games = script.shipped_games()
    assert sorted(covered + skipped) == sorted(s.title for s in games)
    for spec in games:
        if spec.title in skipped:
            assert script.rulings_file(spec) is None
            assert spec.title in text.split("Not covered yet:")[1].splitlines()[0]
            continue
        for ruling in read_rulings(spec.data).values():
            assert f"### {ruling.id}\n" in text
            assert f"`{ruling_ref(spec.title, ruling.id)}`" in text
            assert f"**Decision.** {ruling.decision.strip()}" in text
    assert "never overrules the rulebook" in text
