"""Packaging: the wheel ships the game data and finds it when installed; Binder pins match."""

from __future__ import annotations

import importlib.metadata as metadata
import os
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import mythlab
from mythlab.registry import game_class

CHECKOUT = Path(__file__).resolve().parent.parent
CARDS = "mythlab/agea/data/cards.yaml"

# Runs inside the fresh venv, from a folder outside the checkout.
CHECK = """
import pathlib, sysconfig
import yaml
import mythlab
from mythlab.engine.datafiles import game_data

site = pathlib.Path(sysconfig.get_paths()["purelib"]).resolve()
assert pathlib.Path(mythlab.__file__).resolve().is_relative_to(site), mythlab.__file__
assert game_data("mythlab.agea").resolve().is_relative_to(site), site
cards = yaml.safe_load(game_data("mythlab.agea", "cards.yaml").read_text(encoding="utf-8"))
assert cards["format"] == "mythlab-agea-cards" and cards["cards"], "no cards"
print(",".join(mythlab.games()))
"""

def run(*command: str | Path, cwd: Path) -> str:
    """Run a command with a clean Python environment; fail the test with its output."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=540, check=False)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def runtime_requirements(cwd: Path) -> list[str]:
    """The distributions mythlab and its games load here, and all mythlab requires, pinned to
    the versions in this venv."""
    probe = ("import sys, mythlab, importlib.metadata as m; mythlab.games(); "
             "d = m.packages_distributions(); "
             "print('\\n'.join({x for mod in list(sys.modules) "
             "for x in d.get(mod.partition('.')[0], [])}))")
    names = set(run(sys.executable, "-c", probe, cwd=cwd).split()) | closure("mythlab")
    names -= {"mythlab", "setuptools"}  # all it requires: `mythlab lab` and notebooks run
    return sorted(f"{name}=={metadata.version(name)}" for name in names)


def closure(name: str) -> set[str]:
    """``name`` and every distribution it requires (with the extras each requirement asks
    for, as ``bleach[css]``), as installed in this venv."""
    from packaging.requirements import Requirement

    seen: set[tuple[str, str]] = set()
    todo = [(name, "")]
    while todo:
        wanted, extra = todo.pop()
        wanted = canonicalize_name(wanted)
        if (wanted, extra) in seen:
            continue
        try:
            requires = metadata.distribution(wanted).requires or []
        except metadata.PackageNotFoundError:
            continue
        seen.add((wanted, extra))
        for line in requires:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": extra}):
                todo.extend((req.name, e) for e in ("", *req.extras))
    return {n for n, _ in seen}


@dataclass(frozen=True)
class Installed:
    """mythlab's wheel installed into a fresh venv (no editable link to the checkout)."""

    wheel: Path
    venv: Path
    work: Path  # a folder outside the checkout to run commands in

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def mythlab(self) -> Path:
        return self.venv / "bin" / "mythlab"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Build the wheel once per module and install it, with this venv's pinned runtime
    dependencies, into a fresh venv."""
    work = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "build", "--wheel", "--outdir", work / "dist", CHECKOUT, cwd=work)
    (wheel,) = (work / "dist").glob("mythlab-*.whl")
    venv = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=work)
    run(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet",
        "--no-deps", wheel, *runtime_requirements(work), cwd=work)
    return Installed(wheel, venv, work)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_wheel_installs_into_a_fresh_venv_with_its_data(installed):
    with zipfile.ZipFile(installed.wheel) as archive:
        assert CARDS in archive.namelist()
    python, tmp_path = installed.python, installed.work
    out = run(python, "-c", CHECK, cwd=tmp_path)
    builtin = [g for g in mythlab.games() if game_class(g).__module__.startswith("mythlab.")]
    assert out.strip() == ",".join(builtin)
    listed = run(installed.mythlab, "games", cwd=tmp_path)
    assert all(name in listed for name in builtin)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_installed_wheel_copies_its_notebooks_and_prepares_jupyterlab(installed):
    """The notebooks and handout tables are in the wheel; ``mythlab notebooks DIR`` copies
    them (a second run, with an edited copy, keeps the edit), ``mythlab lab --dry-run`` copies
    and prints the JupyterLab command, and ``mythlab lab`` starts JupyterLab on the copies."""
    shipped = sorted(str(p.relative_to(CHECKOUT / "notebooks")) for pattern in
                     ("*.ipynb", "lessons/*.ipynb") for p in (CHECKOUT / "notebooks").glob(pattern))
    with zipfile.ZipFile(installed.wheel) as archive:
        names = set(archive.namelist())
    assert {f"mythlab/notebooks/{n}" for n in shipped} <= names
    assert "mythlab/handouts/elder_sign_odds.csv" in names
    assert "mythlab/widgets/jupyter/voila/templates/mythlab/index.html.j2" in names  # offline app

    work = installed.work / "class"
    out = run(installed.mythlab, "notebooks", work, cwd=installed.work)
    assert f"{len(shipped)} copied, 0 already up to date" in out
    copied = sorted(str(p.relative_to(work)) for p in work.rglob("*.ipynb"))
    assert copied == shipped
    edited = work / shipped[0]
    edited.write_text("{}", encoding="utf-8")
    out = run(installed.mythlab, "notebooks", work, "--no-input", cwd=installed.work)
    assert out.strip().endswith(f"1 kept as they are (they differ from mythlab's): {shipped[0]}")
    assert edited.read_text(encoding="utf-8") == "{}"

    assert "--dry-run" in run(installed.mythlab, "lab", "--help", cwd=installed.work)
    out = run(installed.mythlab, "lab", "--dry-run", "--no-input", cwd=installed.work)
    summary, command = out.strip().splitlines()
    assert summary.endswith(f"{len(shipped)} copied, 0 already up to date")
    assert command.startswith(f"{installed.python} -m jupyterlab --ServerApp.root_dir=")
    assert command.split("=", 1)[1].split()[0] == str(installed.work / "mythlab-notebooks")

    # a notebook runs from the copies alone: the game of one's own needs no checkout
    run(installed.python, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
        "--output", installed.work / "pig-run.ipynb", work / "make_your_own_game.ipynb",
        cwd=work)

    from server_support import serve_lab

    served = serve_lab([str(installed.mythlab)], work, installed.work, "--lesson", "1")
    assert served["lessons"] == sorted(Path(n).name for n in shipped if n.startswith("lessons/"))
    assert served["page"] == 200 and served["opened"] == "lessons/01-rules-as-a-machine.ipynb"
    assert served["stopped"] == 0 and served["freed"], served["log"][-3000:]


def test_binder_pins_every_runtime_dependency_within_its_range():
    project = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = {canonicalize_name(r.name): r.specifier
              for r in map(Requirement, project["project"]["dependencies"])}
    lines = (CHECKOUT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    pins = {}
    for line in lines:
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    assert pins.keys() == wanted.keys()
    for name, version in pins.items():
        assert version in wanted[name], f"binder pins {name}=={version}, outside {wanted[name]}"
