"""Elysium: card data and the card-power language (the rules engine comes later).

Nothing is registered as a game yet: ``mythlab.make("elysium")`` waits for the rules engine.
"""

from .data import (
    Card,
    CardBook,
    FamilyCards,
    builtin_cards,
    evaluate_card,
    load_cards,
    load_family,
    render,
    render_condition,
    why_unusable,
)
from .powers import (
    GLOSSARY,
    CardFacts,
    Legend,
    Power,
    PowerContext,
    PowerError,
    PowerEvent,
    SimpleContext,
    Timing,
    evaluate,
    parse_power,
    render_power,
    to_data,
)

__all__ = [
    "GLOSSARY", "Card", "CardBook", "CardFacts", "FamilyCards", "Legend", "Power",
    "PowerContext", "PowerError", "PowerEvent", "SimpleContext", "Timing", "builtin_cards",
    "evaluate", "evaluate_card", "load_cards", "load_family", "parse_power", "render",
    "render_condition", "render_power", "to_data", "why_unusable",
]
