"""Elysium random playouts with every check of ``random_sim`` (issue 5: 300 games, 0 failures).

Invariants at every step include: every card in exactly one place; columns, gold, VP and PP
never negative; no two identical cards in a domain; legends that follow the legend rules.
"""

from __future__ import annotations

import pytest

import mythlab
from mythlab.elysium import rules_book
from mythlab.sim.bots import GreedyBot, RandomBot
from mythlab.testing import random_sim


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_100_games_each_for_2_3_and_4_players(players):
    report = random_sim("elysium", games=100, seed=1000 * players, players=players)
    assert report.failures == [], str(report)
    assert report.games == 100


def test_every_family_set_plays_to_the_end():
    for name in rules_book().family_sets:
        game = mythlab.make("elysium", players=3, seed=7, families=name)
        state, bot = game.initial_state(), RandomBot(seed=7)
        while not state.is_terminal():
            state = state.apply(bot(state))
        assert game.invariants(state) == []


def test_greedy_bot_plays_elysium():
    game = mythlab.make("elysium", players=2, seed=3)
    bots = {0: GreedyBot(seed=1), 1: RandomBot(seed=2)}
    state = game.initial_state()
    first = state
    while not state.is_terminal():
        state = state.apply(bots[state.current_player](state))
    assert game.invariants(state) == [] and state.scores()["final"]
    # the greedy choice is one of the best by the game's own evaluation
    me = first.current_player
    values = {a.label: game.evaluate(first.apply(a), me) for a in first.legal_actions()}
    assert values[GreedyBot(seed=1)(first).label] == max(values.values())
