"""Bots and batch simulation."""

from .batch import GameRecord, WinRate, records_to_rows, simulate, win_rates
from .bots import BOTS, GreedyBot, RandomBot, make_bot, seat_bots

__all__ = ["BOTS", "GameRecord", "GreedyBot", "RandomBot", "WinRate", "make_bot",
           "records_to_rows", "seat_bots", "simulate", "win_rates"]
