"""Cyclades under the shared random-playout harness, and its bots."""

from __future__ import annotations

import pytest

import mythlab
from mythlab.cyclades.scenarios import scenario
from mythlab.sim import GreedyBot, RandomBot, simulate
from mythlab.testing import random_sim


@pytest.mark.slow
def test_random_sim_300_cyclades_games_have_no_failures():
    report = random_sim("cyclades", games=300, seed=0, players=[2, 3, 4, 5])
    print(report)
    assert report.games == 300 and report.failures == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_a_few_games_per_player_count(players):
    report = random_sim("cyclades", games=3, seed=100 + players, players=players)
    assert report.failures == [], str(report)
    assert report.steps > 30 * players


def test_random_games_end_within_the_bound_by_the_cycle_limit():
    game = mythlab.make("cyclades", players=3, seed=4)
    session = mythlab.Session(game)
    final = session.play({p: RandomBot(p) for p in range(3)})
    assert final.is_terminal() and len(final.history) < game.max_actions()
    assert final.data.cycle <= game.options["cycle_limit"]
    assert final.scores()["winners"]


def test_same_seed_and_actions_give_identical_json():
    def play(seed):
        session = mythlab.Session(mythlab.make("cyclades", players=4, seed=seed))
        session.play({p: RandomBot(p) for p in range(4)})
        return session.state.to_json()

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_greedy_bot_takes_the_metropolis_move():
    s = scenario(players=3, turn=(0, "athena"), gold={0: 2},
                 buildings={"IS2": ["port", "fortress"], "IS12": ["temple", "", ""]})
    assert GreedyBot(0)(s).label in ("build a university on IS2 (2 GP)",
                                     "build a university on IS12 (2 GP)")


def test_greedy_bot_beats_random_bots_more_often_than_its_share():
    records = simulate("cyclades", games=12, players=3, bots=["greedy", "random", "random"],
                       seed=5, progress=False)
    greedy_wins = sum(1 for r in records if 0 in r.winners)
    assert greedy_wins > 12 / 3
