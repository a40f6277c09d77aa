"""The exercises of lessons 1-5, each answered by the engine (``notebooks/lessons/``).

Lesson 1 *Rules as a machine* (Agea), 2 *Counting dice* and 3 *Decisions under chance*
(Elder Sign), 4 *Battles as Markov chains* and 5 *Maps as graphs* (Cyclades). A solver calls
the same public functions a student calls in the lesson, never a stored number.
"""

from __future__ import annotations

from fractions import Fraction

import mythlab
from mythlab.registry import game_class

from .kinds import Chance, Name, Names, Whole
from .registry import exercise_of

AGEA_START = {"players": 2, "seed": 1}
"""The position of lesson 1: a 2-player Agea game, seed 1, after "P1 plays 1st"."""


def agea_position() -> mythlab.State:
    """Lesson 1's position: the cut of P1's first hero (a chance node)."""
    return mythlab.make("agea", **AGEA_START).initial_state().apply("P1 plays 1st")


# --- lesson 1: rules as a machine (Agea) --------------------------------------------------

@exercise_of("1.1", "How many phases does Agea declare, from Setup to Game over?",
             Whole(), "Count the phases in the phase diagram, or len(game.phases).")
def _agea_phases() -> int:
    return len(game_class("agea").phases)


@exercise_of("1.2", "Which phase follows Recovery when the game is not over?",
             Name("a phase name (text such as 'War')"),
             "Look at the arrows leaving Recovery: one goes to the end of the game.")
def _after_recovery() -> str:
    book = game_class("agea").phases
    ends = {p.name for p in book if not p.next}
    return next(n for n in book["Recovery"].next if n not in ends)


@exercise_of("1.3", "In lesson 1's position P1 cuts the deck for a hero. What is the chance "
             "that the hero is Hercules?",
             Chance(), "Every hero left in the deck is equally likely: count the cut's outcomes.")
def _cut_hercules() -> Fraction:
    outcomes = dict((a.label, p) for a, p in agea_position().chance_outcomes())
    return outcomes["P1 cuts Hercules"]


@exercise_of("1.4", "How many victory points is a won war worth?",
             Whole(), "The Victory section of the rulebook lists what each thing is worth.")
def _war_vp() -> int:
    from mythlab.agea.load import rule_numbers

    return rule_numbers()["victory_points"]["war_won"]


# --- lesson 2: counting dice (Elder Sign) -------------------------------------------------

@exercise_of("2.1", "What is the chance that one green die shows a terror face?",
             Chance(), "A green die has 6 equally likely faces; how many are terror?")
def _green_terror() -> Fraction:
    from mythlab.dice import TERROR, elder_sign_dice

    return elder_sign_dice()["green"].probability(TERROR)


@exercise_of("2.2", "How many different rolls of 6 green dice are there, when the order of "
             "the dice does not matter (multisets of faces)?",
             Whole(), "Stars and bars: choose how many dice show each of the 6 faces.")
def _green_multisets() -> int:
    from mythlab.dice import outcomes

    return len(outcomes("6G"))


@exercise_of("2.3", "What is the chance that one roll of 6 green dice completes the task "
             "LORE,LORE (two lore faces)?",
             Chance(), "Count the rolls with at most one lore face and take them away from 1.")
def _two_lore() -> Fraction:
    from mythlab.dice import roll_probability

    return roll_probability("LORE,LORE", "6G")


@exercise_of("2.4", "With the FAQ reading of the red die's wild face, what is the chance that "
             "one red die completes a task of 4 investigation (INV_4)?",
             Chance(), "Under the FAQ reading the wild face may count as 4 investigation too.")
def _red_faq() -> Fraction:
    from mythlab.dice import roll_probability

    return roll_probability("INV_4", "R", wild="faq")


# --- lesson 3: decisions under chance (Elder Sign) ----------------------------------------

LESSON_3_CARD = "Lights Out"


@exercise_of("3.1", f"What is the exact chance of completing {LESSON_3_CARD} with 6 green "
             "dice under optimal play (the rulebook's rules)?",
             Chance(), "Ask adventure_odds, or play it in the odds explorer and compare.")
def _lights_out() -> Fraction:
    from mythlab.elder_sign import adventure, adventure_odds

    return adventure_odds(adventure(LESSON_3_CARD), "6G")


@exercise_of("3.2", f"{LESSON_3_CARD} with 6 green dice: which extra die raises the chance "
             "more, a yellow die (a Common Item) or a red die (a Unique Item)?",
             Name("'yellow' or 'red'", ("yellow", "red")),
             "Compare the two pools 6G+Y and 6G+R; look at the faces each die adds.")
def _better_die() -> str:
    from mythlab.elder_sign import adventure, adventure_odds

    card = adventure(LESSON_3_CARD)
    yellow, red = (adventure_odds(card, pool) for pool in ("6G+Y", "6G+R"))
    return "yellow" if yellow > red else "red"


@exercise_of("3.3", f"How much does one clue token add to the chance of completing "
             f"{LESSON_3_CARD} with 6 green dice (the difference of the two chances)?",
             Chance(), "Compute the chance with clue=1 and without, and subtract.")
def _clue_worth() -> Fraction:
    from mythlab.elder_sign import adventure, adventure_odds

    card = adventure(LESSON_3_CARD)
    return adventure_odds(card, "6G", clue=1) - adventure_odds(card, "6G")


# --- lesson 4: battles as Markov chains (Cyclades) ----------------------------------------

@exercise_of("4.1", "One battle round, 1 unit against 1: what is the chance that the defender "
             "loses a unit (and the attacker does not)?",
             Chance(), "The die has 6 faces and both sides roll: count the 36 pairs where the "
                       "defender's total is lower.")
def _round_1v1() -> Fraction:
    from mythlab.cyclades.combat import round_odds

    return round_odds(1, 1).defender_loses


@exercise_of("4.2", "3 attackers against 2 defenders, no fortress, both fight to the end: what "
             "is the chance that the attack succeeds?",
             Chance(), "Follow the chain: from (3, 2) each round moves to (2, 2), (3, 1) or "
                       "(2, 1); the battle ends when a side has no unit.")
def _battle_3v2() -> Fraction:
    from mythlab.cyclades.combat import battle_odds

    return battle_odds(3, 2).probability


@exercise_of("4.3", "Against 2 defenders with one fortress (+1), how many attackers do you "
             "need at least, for a chance of 75% or more that the attack succeeds?",
             Whole(), "Try more and more attackers with battle_odds(a, 2, 1) until the chance "
                       "reaches 75%.")
def _fewest_attackers() -> int:
    from mythlab.cyclades.combat import battle_odds

    return next(a for a in range(1, 30) if battle_odds(a, 2, 1).probability >= Fraction(3, 4))


@exercise_of("4.4", "4 attackers against 3 defenders with a fortress; the attacker retreats "
             "when down to 2 units or fewer. What is the chance that the attack succeeds?",
             Chance(), "A retreat policy: battle_odds(4, 3, 1, policy='attacker:units<=2').")
def _retreating() -> Fraction:
    from mythlab.cyclades.combat import battle_odds

    return battle_odds(4, 3, 1, policy="attacker:units<=2").probability


# --- lesson 5: maps as graphs (Cyclades) --------------------------------------------------

@exercise_of("5.1", "How many sea zones does the five-player archipelago have?",
             Whole(), "Sea zones are the graph's nodes of kind 'sea': sea_zones(G).")
def _sea_zones() -> int:
    from mythlab.cyclades.board import archipelago, sea_zones

    return len(sea_zones(archipelago(5)))


@exercise_of("5.2", "Which sea zones of the five-player archipelago are chokepoints (a fleet "
             "there cuts the sea in two)?",
             Names(), "Articulation points of the sea graph: remove a zone and see whether the "
                      "sea falls apart.")
def _chokepoints() -> list[str]:
    from mythlab.cyclades.board import archipelago, chokepoints

    return chokepoints(archipelago(5))


@exercise_of("5.3", "How many fleets does a chain from island IS1 to island IS13 need, at "
             "least, on the five-player archipelago?",
             Whole(), "A shortest path in the sea graph from a zone touching IS1 to one "
                      "touching IS13; count its zones.")
def _chain_length() -> int:
    from mythlab.cyclades.board import archipelago, island_distance

    return int(island_distance(archipelago(5), "IS1", "IS13"))
