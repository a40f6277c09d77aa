"""Jupyter widgets: the generic ``Stepper`` (a game table with seats, a clickable ``Board``),
the views registry and the code-free ``App``. A game's view and the clicks that make its
moves (``targets``) live in its folder and are named in its ``GameSpec``; a game's own widgets
(the Elder Sign ``OddsExplorer``) live there too.

``Stepper`` is imported on first use, so ``import mythlab.widgets`` (and ``import mythlab``)
never imports ipywidgets; ``StepperModel`` and the view registry are plain Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import StepperModel
from .views import render_view

if TYPE_CHECKING:
    from .stepper import Stepper

__all__ = ["Stepper", "StepperModel", "render_view"]


def __getattr__(name: str) -> Any:
    if name == "Stepper":
        from .stepper import Stepper

        return Stepper
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
