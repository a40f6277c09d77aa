"""Packaging: the wheel ships the game data and finds it when installed; Binder pins match."""

from __future__ import annotations

import importlib.metadata as metadata
import os
import subprocess
import sys
import tomllib
import zipfile
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
    """The distributions mythlab and its games load here, pinned to the versions in this venv."""
    probe = ("import sys, mythlab, importlib.metadata as m; mythlab.games(); "
             "d = m.packages_distributions(); "
             "print('\\n'.join({x for mod in list(sys.modules) "
             "for x in d.get(mod.partition('.')[0], [])}))")
    names = set(run(sys.executable, "-c", probe, cwd=cwd).split()) - {"mythlab", "setuptools"}
    return sorted(f"{name}=={metadata.version(name)}" for name in names)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_wheel_installs_into_a_fresh_venv_with_its_data(tmp_path):
    run(sys.executable, "-m", "build", "--wheel", "--outdir", tmp_path / "dist", CHECKOUT,
        cwd=tmp_path)
    (wheel,) = (tmp_path / "dist").glob("mythlab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert CARDS in archive.namelist()

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
        wheel, *runtime_requirements(tmp_path), cwd=tmp_path)

    out = run(python, "-c", CHECK, cwd=tmp_path)
    builtin = [g for g in mythlab.games() if game_class(g).__module__.startswith("mythlab.")]
    assert out.strip() == ",".join(builtin)
    listed = run(venv / "bin" / "mythlab", "games", cwd=tmp_path)
    assert all(name in listed for name in builtin)


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
