"""One docstring style (issue 11): every function says what it does and why, in one or two lines.

Ruff's pydocstyle rules (D1, configured in ``pyproject.toml``) enforce it for public names in
all of ``mythlab/``; they skip private and nested functions, which the test below checks in the
folders done so far.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: folders whose every function and class has a docstring, private and nested ones included
DOCUMENTED = ("mythlab/cyclades", "mythlab/dice", "mythlab/handouts")


def undocumented(path: Path) -> list[str]:
    """``file:line name`` of each function or class in ``path`` without a docstring (magic
    methods excepted: their protocol says what they do)."""
    out = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                magic = child.name.startswith("__") and child.name.endswith("__")
                if not magic and ast.get_docstring(child) is None:
                    out.append(f"{path.relative_to(ROOT)}:{child.lineno} {name}")
                walk(child, name + ".")

    walk(ast.parse(path.read_text(encoding="utf-8")), "")
    return out


def test_every_function_of_the_documented_folders_has_a_docstring():
    missing = [m for folder in DOCUMENTED for p in sorted((ROOT / folder).rglob("*.py"))
               for m in undocumented(p)]
    assert missing == []


def ruff_on(path: str, source: str) -> subprocess.CompletedProcess:
    """Ruff, with the project's settings, on ``source`` as if it were the file ``path``."""
    ruff = Path(sys.executable).with_name("ruff")
    return subprocess.run([str(ruff), "check", "--no-cache", "--output-format", "concise",
                           "--stdin-filename", path, "-"],
                          input=source, cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)


PROBE = '"""A module."""\n\n\ndef helper():\n    return 1\n'


@pytest.mark.parametrize("folder", ["", "cyclades/", "elder_sign/", "elysium/", "agea/",
                                    "engine/", "sim/", "widgets/", "dice/"])
def test_ruff_refuses_an_undocumented_public_function_in_mythlab(folder):
    done = ruff_on(f"mythlab/{folder}probe.py", PROBE)
    assert done.returncode == 1 and "D103" in done.stdout, done.stdout + done.stderr


def test_ruff_leaves_tests_and_scripts_to_name_what_they_check():
    for path in ("tests/test_probe.py", "scripts/probe.py"):
        done = ruff_on(path, PROBE)
        assert done.returncode == 0, done.stdout + done.stderr
