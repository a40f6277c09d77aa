"""The architecture holds: layers import only downwards, no import cycles, no giant modules.

The layers and the cycle rule are the import-linter contracts in ``pyproject.toml``
(``docs/architecture.md`` explains them): the engine, the dice and the registry import no game;
a game imports no widget, simulation or CLI code; siblings never import each other in a circle.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = ("mythlab.agea", "mythlab.cyclades", "mythlab.elder_sign", "mythlab.elysium")
MAX_MODULE_LINES = 1200


def test_import_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_importing_the_engine_imports_no_game():
    code = ("import sys, mythlab.engine, mythlab.dice; "
            f"games = {GAME_PACKAGES!r}; "
            "loaded = [m for m in sys.modules if m.startswith(games)]; "
            "assert not loaded, loaded")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_listing_the_games_imports_their_specs_and_none_of_their_rules():
    """``mythlab.games()`` (``mythlab games``, the app's menu) imports each game's package for
    its SPEC; the package's names come from their modules on first use."""
    code = ("import sys, mythlab; mythlab.games(); [s.title for s in mythlab.registry.specs()]; "
            f"games = {GAME_PACKAGES!r}; "
            "loaded = sorted(m for m in sys.modules if m.startswith(games)); "
            "print(loaded); "
            "from mythlab.cyclades import CycladesGame; assert 'mythlab.cyclades.rules' in "
            "sys.modules")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert ast.literal_eval(done.stdout) == sorted(p.rstrip(".") for p in GAME_PACKAGES)


def test_no_module_is_over_1200_lines():
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "mythlab").rglob("*.py")}
    assert {p: n for p, n in sizes.items() if n > MAX_MODULE_LINES} == {}
