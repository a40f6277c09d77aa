"""Jupyter widgets: the generic ``Stepper``, per-game state views and their registry, and the
clickable Cyclades map (the Elder Sign ``OddsExplorer`` lives in :mod:`mythlab.elder_sign`).

``Stepper``, ``CycladesMap`` and ``CycladesStepper`` are imported on first use, so
``import mythlab.widgets`` (and ``import mythlab``) never imports ipywidgets;
``StepperModel``, ``CycladesMapModel`` and the view registry are plain Python (the game
model loads its game on first use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import StepperModel
from .views import render_view

if TYPE_CHECKING:
    from .cyclades import CycladesMapModel
    from .cyclades_map import CycladesMap, CycladesStepper
    from .stepper import Stepper

__all__ = ["CycladesMap", "CycladesMapModel", "CycladesStepper", "Stepper", "StepperModel",
           "render_view"]


def __getattr__(name: str) -> Any:
    if name == "Stepper":
        from .stepper import Stepper

        return Stepper
    if name in ("CycladesMap", "CycladesStepper"):
        from . import cyclades_map

        return getattr(cyclades_map, name)
    if name == "CycladesMapModel":
        from .cyclades import CycladesMapModel

        return CycladesMapModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
