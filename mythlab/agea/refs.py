"""Rule references and small shared pieces of the Agea rules modules."""

from __future__ import annotations

from typing import Any

from mythlab.engine import Action, ruling_ref

from .load import Card

# Rule references, as shown to users (rulebook section names).
SETUP = "Agea · Setup"
RECOVERY = "Agea · Turn Sequence 1: Recovery Phase"
DRAW = "Agea · Turn Sequence 2: Draw Phase"
ADVENTURE = "Agea · Turn Sequence 3: Adventure Phase"
TEST = "Agea · Adventure Phase: challenge test"
WARS = "Agea · Wars"
ENDING = "Agea · Ending the Game"
VICTORY = "Agea · Victory"


def ruling(name: str) -> str:
    """The reference of a mythlab ruling (data/agea/rulings.yaml)."""
    return ruling_ref("Agea", name)


def card_note(card: Card) -> str:
    return f"Agea · card note: {card.label}"


TEST_TASKS = {"test", "demigod-roll", "delay-roll", "destroyer", "cerberus"}
WAR_TASKS = {"war-muster", "war-roll", "war-spoils"}
CHANCE_TASKS = {"order", "cut", "demigod-roll", "delay-roll", "war-roll"}

#: event effects that may be played from the hand in your Adventure Phase or when drawn
MAIN_WINDOW_EFFECTS = {
    "olympic-games", "oracle", "gain-trait", "extra-turn", "opponent-discards",
    "draw-three-keep-one", "take-city-state", "take-hero", "take-relic", "destroy-city-state",
    "kill-hero-unless-blessing", "curse", "become-god", "duel", "discard-relic",
    "discard-companion", "adventure-twice-more",
}

ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th"]




def act(label: str, kind: str, rule: str, *args: Any, note: str = "") -> Action:
    """An Agea action: ``args`` are what its rule needs (card ids, seats, die faces)."""
    return Action(label, kind, args, rule, note)
