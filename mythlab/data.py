"""Where the game data lives: inside the installed wheel, or ``data/`` in a checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from mythlab.engine.errors import DataError


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


def read_yaml(path: Path) -> Any:
    """Parse a data file with YAML's safe loader; problems raise ``DataError`` naming the file."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(str(path), None, None, f"cannot read: {exc}") from None
    except yaml.YAMLError as exc:
        raise DataError(str(path), None, None, f"not valid YAML: {exc}") from None


def validate_entry(model: type[BaseModel], raw: Any, file: str, entry: str | None,
                   prefix: str = "") -> Any:
    """Validate one entry of a data file; failures raise ``DataError`` naming entry and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        if prefix:
            field = f"{prefix}.{field}" if field else prefix
        raise DataError(file, entry, field or None, err["msg"]) from None
