"""Bots and batch simulation."""

from .bots import BOTS, GreedyBot, RandomBot, make_bot
from .batch import GameRecord, simulate

__all__ = ["BOTS", "GameRecord", "GreedyBot", "RandomBot", "make_bot", "simulate"]
