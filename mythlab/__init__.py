"""mythlab: explore four board games from their rulebooks, exactly, in Jupyter.

>>> import mythlab
>>> game = mythlab.make("agea", players=3, seed=7)
>>> state = game.initial_state()
>>> state.phase.name
'Setup'
"""

# ``games`` is the games package, callable: ``mythlab.games()`` lists the registered games and
# ``mythlab.games.agea`` is Agea's package (see mythlab/games/__init__.py).
from . import games
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
    make,
    register,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "Action", "DataError", "Game", "IllegalAction", "Phase", "SaveFileError",
    "Session", "State", "__version__", "games", "make", "register",
]
