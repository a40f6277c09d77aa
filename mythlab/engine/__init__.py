"""The shared rule engine: games, states, actions, phases, chance and sessions."""

from .action import Action
from .chance import CHANCE, SeededStream, die, pool, uniform
from .errors import DataError, IllegalAction, SaveFileError
from .game import Game
from .phase import Phase, PhaseBook
from .refs import ruling_ref
from .rules import Decision, Rules, act
from .session import Session
from .state import ALL, State

__all__ = [
    "ALL", "CHANCE", "Action", "DataError", "Game", "IllegalAction", "Phase", "PhaseBook",
    "SaveFileError", "SeededStream", "Session", "State", "die",
    "Decision", "Rules", "act", "pool", "ruling_ref", "uniform",
]
