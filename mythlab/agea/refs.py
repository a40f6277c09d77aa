"""Agea's rule book (``RULES``), its rule references and the constants its rules modules share.

``RULES`` lives here, below every rules module, so each can register its offers and doers
without importing the others; ``rules.py`` imports them all, which registers every rule.
"""

from __future__ import annotations

from mythlab.engine import Rules

from .load import Card

#: Agea's rules in code: which rule offers each decision's moves and which carries out each move
RULES = Rules("Agea")

# Rule references, as the event log shows them (Agea rulebook, English edition: section names).
SETUP = "Agea · Setup"
RECOVERY = "Agea · Turn Sequence 1: Recovery Phase"
DRAW = "Agea · Turn Sequence 2: Draw Phase"
ADVENTURE = "Agea · Turn Sequence 3: Adventure Phase"
TEST = "Agea · Adventure Phase: challenge test"
WARS = "Agea · Wars"
ENDING = "Agea · Ending the Game"
VICTORY = "Agea · Victory"


def card_note(card: Card) -> str:
    """The reference of a rule printed on a card (its note in the rulebook's card lists)."""
    return f"Agea · card note: {card.label}"


#: decisions of a challenge test and of a war (the phase shown while one is pending)
TEST_TASKS = {"test", "demigod-roll", "delay-roll", "destroyer", "cerberus"}
WAR_TASKS = {"war-muster", "war-roll", "war-spoils"}

#: event effects that may be played from the hand in your Adventure Phase or when drawn
MAIN_WINDOW_EFFECTS = {
    "olympic-games", "oracle", "gain-trait", "extra-turn", "opponent-discards",
    "draw-three-keep-one", "take-city-state", "take-hero", "take-relic", "destroy-city-state",
    "kill-hero-unless-blessing", "curse", "become-god", "duel", "discard-relic",
    "discard-companion", "adventure-twice-more",
}

ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th"]
