"""The exercises of the course, each answered by the engine (``notebooks/lessons/``).

Lesson 1 *Rules as a machine* (Agea), 2 *Counting dice* and 3 *Decisions under chance*
(Elder Sign), 4 *Battles as Markov chains* and 5 *Maps as graphs* (Cyclades), 6 *Designing a
card* (Elysium), 7 *Play-test day* (Agea). A solver calls the same public functions a student
calls in the lesson, never a stored number.
"""

from __future__ import annotations

from fractions import Fraction

import mythlab
from mythlab.registry import game_class

from . import card_lab, playtest
from .kinds import Chance, Name, Names, Whole, Winner
from .measure import VERDICTS, clearly_above, overlap
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
    from mythlab.elder_sign.dice import TERROR, elder_sign_dice

    return elder_sign_dice()["green"].probability(TERROR)


@exercise_of("2.2", "How many different rolls of 6 green dice are there, when the order of "
             "the dice does not matter (multisets of faces)?",
             Whole(), "Stars and bars: choose how many dice show each of the 6 faces.")
def _green_multisets() -> int:
    from mythlab.elder_sign.dice import outcomes

    return len(outcomes("6G"))


@exercise_of("2.3", "What is the chance that one roll of 6 green dice completes the task "
             "LORE,LORE (two lore faces)?",
             Chance(), "Count the rolls with at most one lore face and take them away from 1.")
def _two_lore() -> Fraction:
    from mythlab.elder_sign.dice import roll_probability

    return roll_probability("LORE,LORE", "6G")


@exercise_of("2.4", "With the FAQ reading of the red die's wild face, what is the chance that "
             "one red die completes a task of 4 investigation (INV_4)?",
             Chance(), "Under the FAQ reading the wild face may count as 4 investigation too.")
def _red_faq() -> Fraction:
    from mythlab.elder_sign.dice import roll_probability

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


LESSON_3_SHOP = ("The Gift Shop", "6G", ("LORE", "INV_1", "INV_1", "INV_1", "PERIL", "TERROR"))
"""Exercise 3.4's position: the card, the dice and the first roll (one face per die)."""


@exercise_of("3.4", f"{LESSON_3_SHOP[0]} with 6 green dice; the first roll shows "
             f"{', '.join(LESSON_3_SHOP[2])}. Under optimal play, do you complete a task now "
             "or fail the roll on purpose (set a die aside and try again)?",
             Name("'complete' or 'fail'", ("complete", "fail")),
             "Pick this roll in the odds explorer and compare the chance after each choice.")
def _fail_on_purpose() -> str:
    from mythlab.elder_sign import AdventureOdds, adventure

    name, pool, faces = LESSON_3_SHOP
    odds = AdventureOdds(adventure(name))
    start = odds.start(pool)
    roll = next(r for r, _ in odds.rolls(start) if sorted(r[0][1]) == sorted(faces))
    return odds.best(start, roll).action


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


@exercise_of("5.4", "In the five-player starts, how many pairs of players have home islands "
             "only one fleet apart?",
             Whole(), "start_distances gives the fleets between every two starts: count the "
                      "pairs at distance 1.")
def _close_starts() -> int:
    from mythlab.cyclades.board import archipelago, start_distances

    board = archipelago(5)
    return sum(d == 1 for d in start_distances(board, board.graph["start"].owners()).values())


# --- lesson 6: designing a card (Elysium) -------------------------------------------------

@exercise_of("6.1", "How many cards does the edition's Zeus family hold, copies counted?",
             Whole(), "Each card lists its copies: add them up (edition_cards().family('zeus')).")
def _zeus_cards() -> int:
    from mythlab.elysium import edition_cards

    return edition_cards().family("zeus").copies


LESSON_6_DOMAIN = ["zeus", "hades", "zeus", "athena", "zeus", "hades", "zeus"]
"""Exercise 6.2's domain: one card of each family named, Golden Fleece among the Zeus ones."""


@exercise_of("6.2", "Test the card: how many VP does one use of Golden Fleece give, with a "
             f"domain holding cards of these families: {', '.join(LESSON_6_DOMAIN)}?",
             Whole(), "Read the power: what does it count, and where? Then try it with vp_from.")
def _fleece_vp() -> int:
    return card_lab.vp_from(card_lab.GOLDEN_FLEECE, LESSON_6_DOMAIN)


@exercise_of("6.3", "After the lesson's measurement (planning bots, the same seeds for both "
             "decks): do Golden Fleece's holders win clearly more often than Eagle of Zeus's "
             "holders did?",
             Name("'yes', 'no' or 'cannot tell'", VERDICTS),
             "Compare the two 95% intervals of the holders' win rates: do they overlap?")
def _fleece_stronger() -> str:
    rates = card_lab.holders_rates(card_lab.measure(card_lab.GOLDEN_FLEECE))
    eagle, fleece = rates[card_lab.EAGLE], rates["Golden Fleece"]
    if overlap(eagle, fleece):
        return "cannot tell"
    return "yes" if fleece.rate > eagle.rate else "no"


# --- lesson 7: play-test day (Agea) -------------------------------------------------------

@exercise_of("7.1", "Who won the reference game (2-player Agea, seed 7, greedy P1 against "
             "random P2)?",
             Winner("'P1' or 'P2'", ("P1", "P2")),
             "Step the reference game to its end in the table (the scoreboard), or read the "
             "last page of its log.")
def _reference_winner() -> str:
    final = playtest.reference_final()
    return "/".join(final.player_name(p) for p in final.scores()["winners"])


@exercise_of("7.2", "How many victory points did the winner of the reference game score?",
             Whole(), "The final scores are on the table's scoreboard and at the end of the log.")
def _reference_vp() -> int:
    final = playtest.reference_final()
    return int(max(final.scores()["vp"]))


@exercise_of("7.3", "In the lesson's batch of random-bot games, does the player who plays "
             "first win clearly more than half of the games?",
             Name("'yes', 'no' or 'cannot tell'", VERDICTS),
             "Is the whole 95% interval above one half, wholly below, or does it contain it?")
def _first_player() -> str:
    return clearly_above(playtest.first_player_wins(), Fraction(1, 2))
