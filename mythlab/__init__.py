"""mythlab: explore four board games from their rulebooks, exactly, in Jupyter.

>>> import mythlab
>>> game = mythlab.make("agea", players=3, seed=7)
>>> state = game.initial_state()
>>> state.phase.name
'Setup'
"""

from .engine import (
    CHANCE,
    Action,
    DataError,
    Game,
    IllegalAction,
    Phase,
    SaveFileError,
    Session,
    State,
)
from .registry import GameSpec, games, make, register

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "Action", "DataError", "Game", "GameSpec", "IllegalAction", "Phase", "SaveFileError",
    "Session", "State", "__version__", "games", "make", "register",
]
