"""Cyclades' rule book in code (``RULES``) and the rule references shown to users.

Every rules module registers its offers and moves with ``RULES`` and imports it from here, so
no rules module needs another to be dispatched. Pages are those of the Cyclades rulebook, Greek
edition; the numbers it lost come from ``data/rules.yaml`` (each with its public source);
creature effects are public (the rulebook lacks the creature booklet); mythlab's rulings are in
``data/rulings.yaml`` (``RULES.ruling(name)``).
"""

from __future__ import annotations

from mythlab.engine import Rules

#: which rule offers each Cyclades decision's moves, and which carries out each move
RULES = Rules("Cyclades")

SETUP = "Cyclades · p.1 Setup"
SUPPLY = "Cyclades · p.1 Contents: the box limits buildings, Metropolises, priests, philosophers"
CYCLE = "Cyclades · p.2 Course of a cycle"
CREATURE_TRACK = "Cyclades · p.2 Creature track: discard, slide, refill"
TRACK_START = "Cyclades · p.2 Creature track: special case of the first two cycles"
RESHUFFLE = "Cyclades · p.2 Creature track: the deck runs out"
GOD_TRACK = "Cyclades · p.2 The gods: god tiles per player count"
REVENUE = "Cyclades · p.2 Revenue"
OFFERINGS = "Cyclades · p.3 Offerings"
OUTBID = "Cyclades · p.3 Offerings: outbidding and displacement"
APOLLO_OFFERING = "Cyclades · p.3 Offerings: Apollo is free"
AFFORD = "Cyclades · p.3 Offerings: never bid more than you can pay"
PAYMENT = "Cyclades · p.3 Offerings: payment"
PRIESTS = "Cyclades · p.4 Priests: -1 GP per priest, at least 1 GP"
ACTIONS = "Cyclades · p.3 Actions: gods in track order"
TURN_TRACK = "Cyclades · p.3 Actions: the turn track for the next cycle"
CALL_CREATURE = "Cyclades · p.3 Calling mythological creatures"
TEMPLE = "Cyclades · p.4 Temple: -1 GP per creature, once per cycle, at least 1 GP"
RECRUIT = {
    "fleet": "Cyclades · p.4 Poseidon: recruiting fleets",
    "troop": "Cyclades · p.4 Ares: recruiting troops",
    "priest": "Cyclades · p.4 Zeus: recruiting priests",
    "philosopher": "Cyclades · p.4 Athena: recruiting philosophers",
}
UNIT_LIMIT = "Cyclades · p.4 At most 8 fleets and 8 troops"
BUILD = "Cyclades · p.4 Building"
MOVE_FLEETS = "Cyclades · p.5 Poseidon: moving fleets"
MOVE_TROOPS = "Cyclades · p.5 Ares: moving troops"
SWAP = "Cyclades · p.5 Zeus: changing creatures"
LAST_ISLAND = "Cyclades · p.5 Last island"
TERRITORY = "Cyclades · p.5 An owned island never becomes neutral again"
BATTLE = "Cyclades · p.5 Battle"
BATTLE_ROUND = "Cyclades · p.5 Battle: a round (dice, fortresses, ports)"
RETREAT = "Cyclades · p.5 Battle: retreat"
MUTUAL = "Cyclades · p.5 Note: mutual destruction"
CONQUEST = "Cyclades · p.5 Battle: the winner takes the island and its buildings"
APOLLO = "Cyclades · p.6 Apollo: income and prosperity marker"
END_OF_CYCLE = "Cyclades · p.6 End of a cycle"
VICTORY = "Cyclades · p.6 End of the game and the winner"
METROPOLIS = "Cyclades · p.6 Metropolises: placement"
METRO_ECONOMIC = "Cyclades · p.6 Metropolis: economic development (4 buildings)"
METRO_INTELLECTUAL = "Cyclades · p.6 Metropolis: intellectual development (4 philosophers)"
TWO_PLAYERS = "Cyclades · p.6 The 2-player game"
FIGURINES = "Cyclades · creatures (public): island figurines"


def creature_rule(name: str) -> str:
    """The reference of one creature's power (public sources; data/creatures.yaml)."""
    return f"Cyclades · creature (public): {name}"
