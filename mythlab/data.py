"""Where the game data lives: inside the installed wheel, or ``data/`` in a checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_root() -> Path:
    """The folder holding the game data (``mythlab/data`` when installed from the wheel)."""
    packaged = resources.files("mythlab") / "data"
    if packaged.is_dir():
        return Path(str(packaged))
    checkout = Path(__file__).resolve().parent.parent / "data"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError("mythlab's game data is missing: reinstall the package")


def data_path(*parts: str) -> Path:
    """A file of the game data, e.g. ``data_path("agea", "cards.yaml")``."""
    return data_root().joinpath(*parts)
