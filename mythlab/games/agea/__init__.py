"""Agea: Greek heroes adventure, win relics and city states, and fight wars.

Rules from seed 003_60b09daed0a0ea4d.txt; open points decided in ``data/agea/rulings.yaml``.
"""

from .data import Card, CardSet, builtin_cards, load_cards, rulings
from .rules import AgeaGame, AgeaState

__all__ = ["AgeaGame", "AgeaState", "Card", "CardSet", "builtin_cards", "load_cards", "rulings"]
