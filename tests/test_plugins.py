"""Games from outside mythlab: the example package ``examples/pig-game`` and broken plugins.

A class's own game is declared like the four built-in ones (an entry point in the group
``mythlab.games``); these tests install the example into a fresh venv and play it, check its
rules, and check that a plugin that fails to import or declares a malformed ``GameSpec`` is
named, not fatal. Anything that registers a game runs in a subprocess, so the registry of
this test session keeps exactly the games the other tests expect.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from script_support import load_script
from test_packaging import run, runtime_requirements

from mythlab import IllegalAction, SaveFileError

CHECKOUT = Path(__file__).resolve().parent.parent
EXAMPLE = CHECKOUT / "examples" / "pig-game"
NOTEBOOK = CHECKOUT / "notebooks" / "make_your_own_game.ipynb"
BUILTIN = ["agea", "cyclades", "elder_sign", "elysium"]

sys.path.insert(0, str(EXAMPLE))  # the example's modules, without registering its game here
from pig_game.game import CURSED, END, HOLD, PigGame  # noqa: E402


def python(code: str, *, path: Path | None = None, cwd: Path = CHECKOUT) -> str:
    """Run ``code`` in a fresh interpreter of this venv (``path`` first on sys.path)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def play(state, *labels):
    """The state after the moves and die faces ``labels``, in order."""
    for label in labels:
        state = state.apply(label)
    return state


# ------------------------------------------------------------------ the example game's rules
def test_cursed_face_sends_the_turn_total_to_the_pot_and_ends_the_turn():
    state = play(PigGame(players=2).initial_state(), "roll", "rolled 3", "roll", "rolled 1")
    assert state.data.pot == 3 and state.data.turn_total == 0 and state.data.scores == [0, 0]
    assert state.current_player == 1
    assert state.events[-1].endswith(f"[{CURSED}]")


def test_hold_banks_the_turn_total_and_takes_the_pot():
    state = play(PigGame(players=2).initial_state(), "roll", "rolled 3", "roll", "rolled 1",
                 "roll", "rolled 4", "hold")
    assert state.data.scores == [0, 7] and state.data.pot == 0 and state.current_player == 0
    assert state.events[-1].endswith(f"[{HOLD}]")


def test_hold_before_a_roll_is_refused_naming_the_hold_rule():
    state = PigGame(players=3).initial_state()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="roll at least once before you hold") as refused:
        state.apply("hold")
    assert HOLD in str(refused.value) and state.to_json() == before


def test_the_end_reaching_the_target_wins_at_once_without_holding():
    state = play(PigGame(players=2, target=5).initial_state(), "roll", "rolled 6")
    assert state.is_terminal() and state.scores()["winners"] == [0]
    assert state.data.scores == [6, 0] and state.events[-1].endswith(f"[{END}]")


def test_the_end_after_the_last_round_the_most_points_win():
    state = play(PigGame(players=2, rounds=1).initial_state(), "roll", "rolled 2", "hold",
                 "roll", "rolled 1")
    assert state.is_terminal() and state.scores()["winners"] == [0]
    assert state.events[-1] == f"the game ends; P1 won  [{END}]"


def test_the_die_is_fair_exactly():
    rolling = PigGame().initial_state().apply("roll")
    outcomes = rolling.chance_outcomes()
    assert [a.label for a, _ in outcomes] == [f"rolled {f}" for f in range(1, 7)]
    assert {p for _, p in outcomes} == {Fraction(1, 6)}


@pytest.mark.parametrize("option, value", [("target", 0), ("target", "50"), ("rounds", True),
                                           ("rounds", 10**6)])
def test_bad_options_are_refused_naming_the_option(option, value):
    with pytest.raises(ValueError, match=f"^{option}: expected a whole number"):
        PigGame(**{option: value})


def test_a_save_with_an_impossible_task_stack_is_refused():
    game = PigGame(players=2)
    payload = json.loads(game.initial_state().to_json())
    payload["data"]["tasks"] = [{"kind": "turn", "player": 7}]
    with pytest.raises(SaveFileError, match="task stack is no position of Pig"):
        game.state_from_json(json.dumps(payload))


def code_lines(source: str) -> int:
    """Lines of code: not blank, not only a comment, not inside a docstring."""
    import ast

    docs = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                and isinstance(first.value.value, str):
            docs.update(range(first.lineno, first.end_lineno + 1))
    return sum(1 for n, line in enumerate(source.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and n not in docs)


def test_the_notebook_builds_the_game_and_the_package_is_written_from_it():
    """One copy of the game, the notebook's: its tagged cells are the package's files
    (scripts/export_pig.py --check), well under 150 lines of code, and the notebook needs no
    checkout (it imports no ``pig_game``: it runs from the wheel's copy too)."""
    export_pig = load_script("export_pig")
    assert export_pig.main(["--check"]) == 0
    files = export_pig.exported(NOTEBOOK)
    assert code_lines(files["game.py"]) + code_lines(files["view.py"]) < 150
    cells = [c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells
             if c.cell_type == "code"]
    assert any("@RULES.does(" in c for c in cells) and any("class PigGame" in c for c in cells)
    assert not any("pig_game" in c or "examples" in c for c in cells)


def test_the_export_check_fails_when_the_package_and_the_notebook_differ(tmp_path):
    export_pig = load_script("export_pig")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    cell = next(c for c in nb.cells if "CURSED_FACE = 1" in c.source)
    cell.source = cell.source.replace("CURSED_FACE = 1", "CURSED_FACE = 6")
    nbformat.write(nb, tmp_path / "changed.ipynb")
    assert export_pig.exported(tmp_path / "changed.ipynb")["game.py"] != \
        (EXAMPLE / "pig_game" / "game.py").read_text(encoding="utf-8")
    export_pig.NOTEBOOK, saved = tmp_path / "changed.ipynb", export_pig.NOTEBOOK
    try:
        assert export_pig.main(["--check"]) == 1
    finally:
        export_pig.NOTEBOOK = saved


# ------------------------------------------------------------------ every registered game's harness
def test_the_example_passes_the_random_playout_harness():
    out = python("""
        import mythlab, pig_game
        from mythlab.testing import random_sim
        mythlab.register(pig_game.SPEC)
        for players in (2, 3, 4):
            report = random_sim("pig", games=8, seed=11, players=players)
            assert report.ok, str(report)
            print(report.steps)
    """, path=EXAMPLE)
    assert all(int(steps) > 0 for steps in out.split())


# ------------------------------------------------------------------ installed as a package
@pytest.mark.slow
@pytest.mark.timeout(900)
def test_example_package_installs_beside_mythlab_and_plays(tmp_path):
    for source in (CHECKOUT, EXAMPLE):
        run(sys.executable, "-m", "build", "--wheel", "--outdir", tmp_path / "dist", source,
            cwd=tmp_path)
    wheels = sorted((tmp_path / "dist").glob("*.whl"))
    assert [w.name.split("-")[0] for w in wheels] == ["mythlab", "pig_game"]

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    run(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet",
        "--no-deps", *wheels, *runtime_requirements(tmp_path), cwd=tmp_path)

    listed = run(venv / "bin" / "mythlab", "games", cwd=tmp_path).splitlines()
    assert [line.split()[0] for line in listed] == sorted([*BUILTIN, "pig"])
    assert any(line.split()[1:] == ["Pig", "(2–4", "players)"] for line in listed)
    played = run(venv / "bin" / "mythlab", "play", "pig", "--quiet", "--bots", "greedy,random",
                 "--seed", "2", cwd=tmp_path)
    assert played.startswith("Final scores:") and played.rstrip().endswith(("wins.", "win."))


# ------------------------------------------------------------------ broken plugins
FAKE_PLUGINS = {
    "fake_mythlab_plugins-0.1.dist-info/METADATA":
        "Metadata-Version: 2.1\nName: fake-mythlab-plugins\nVersion: 0.1\n",
    "fake_mythlab_plugins-0.1.dist-info/entry_points.txt": textwrap.dedent("""
        [mythlab.games]
        ghost = fake_plugin_that_is_not_there:SPEC
        malformed = fake_plugins:MALFORMED
        lazy = fake_plugins:LAZY
    """),
    "fake_plugins.py": textwrap.dedent("""
        from mythlab import GameSpec

        MALFORMED = GameSpec(name="malformed", title="", game="fake_plugins:Nothing")
        LAZY = GameSpec(name="lazy", title="Lazy", game="fake_game_that_is_not_there:Game")
    """),
}


@pytest.fixture
def plugins(tmp_path: Path) -> Path:
    """A folder that, on sys.path, declares three broken game plugins (no install needed)."""
    for name, text in FAKE_PLUGINS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_broken_plugins_are_named_and_the_other_games_listed(plugins):
    out = python("""
        import json, mythlab
        from mythlab.registry import broken
        print(json.dumps({"games": mythlab.games(), "broken": broken(),
                          "made": mythlab.make("agea", players=2).title}))
    """, path=plugins)
    found = json.loads(out)
    assert found["games"] == [*BUILTIN, "lazy"] and found["made"] == "Agea"
    assert sorted(found["broken"]) == ["ghost", "malformed"]
    assert "ModuleNotFoundError" in found["broken"]["ghost"]
    assert "fake_plugin_that_is_not_there" in found["broken"]["ghost"]
    assert "has no title" in found["broken"]["malformed"]
    assert found["broken"]["malformed"].count("entry point 'malformed'") == 1  # said once


def test_mythlab_games_lists_the_others_then_names_the_broken_plugins(plugins):
    out = python("from mythlab.cli import main; main(['games'])", path=plugins)
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:4]] == BUILTIN
    assert lines[4] == "3 game plugin(s) failed to load; mythlab goes on without them:"
    named = {line.split()[0]: line for line in lines[5:]}
    assert sorted(named) == ["ghost", "lazy", "malformed"] and len(lines) == 8
    assert "ModuleNotFoundError" in named["ghost"] and "has no title" in named["malformed"]
    assert "its game class failed to load: ModuleNotFoundError" in named["lazy"]
