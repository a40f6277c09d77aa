"""Jupyter widgets: the generic ``Stepper``, per-game state views and their registry, and
the Elder Sign ``OddsExplorer``. A game's view and the clicks that make its moves
(``targets``) live in its folder and are named in its ``GameSpec``; the Stepper shows the
view on its clickable ``Board``.

``Stepper`` and ``OddsExplorer`` are imported on first use, so ``import mythlab.widgets``
(and ``import mythlab``) never imports ipywidgets; ``StepperModel``, ``OddsExplorerModel``
and the view registry are plain Python (the odds model loads its game on first use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import StepperModel
from .views import render_view

if TYPE_CHECKING:
    from .odds import OddsExplorerModel
    from .odds_explorer import OddsExplorer
    from .stepper import Stepper

__all__ = ["OddsExplorer", "OddsExplorerModel", "Stepper", "StepperModel", "render_view"]


def __getattr__(name: str) -> Any:
    if name == "Stepper":
        from .stepper import Stepper

        return Stepper
    if name == "OddsExplorer":
        from .odds_explorer import OddsExplorer

        return OddsExplorer
    if name == "OddsExplorerModel":
        from .odds import OddsExplorerModel

        return OddsExplorerModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
