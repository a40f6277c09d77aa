"""The shared rule engine: games, states, actions, phases, chance and sessions."""

from .action import Action
from .chance import CHANCE, SeededStream, die, pool, uniform
from .errors import DataError, IllegalAction, SaveFileError
from .game import Game, game_class, games, make, register
from .phase import Phase, PhaseBook
from .refs import ruling_ref
from .session import Session
from .state import State

__all__ = [
    "CHANCE", "Action", "DataError", "Game", "IllegalAction", "Phase", "PhaseBook",
    "SaveFileError", "SeededStream", "Session", "State", "die", "game_class", "games", "make",
    "pool", "register", "ruling_ref", "uniform",
]
