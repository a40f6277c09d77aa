"""Bots, batch simulation, experiments with honest statistics, and where they run."""

from .batch import GameRecord, records_to_rows, simulate, win_rates
from .bots import BOTS, GreedyBot, RandomBot, make_bot, seat_bots
from .experiment import ExperimentResult, GameRow, experiment, seat_orders
from .stats import WinRate, wilson

__all__ = ["BOTS", "ExperimentResult", "GameRecord", "GameRow", "GreedyBot", "RandomBot",
           "WinRate", "experiment", "make_bot", "records_to_rows", "seat_bots", "seat_orders",
           "simulate", "wilson", "win_rates"]
