"""Elder Sign under the shared random-playout harness (300 games, every player count), and
the bots."""

from __future__ import annotations

import pytest

import mythlab
from mythlab.sim import RandomBot
from mythlab.testing import random_sim

#: 300 games in all, split over the player counts 1-8 (rulebook p.1: 1 to 8 players)
GROUPS = [([1, 2], 0), ([3, 4], 1000), ([5, 6], 2000), ([7, 8], 3000)]


@pytest.mark.parametrize(("players", "seed"), GROUPS, ids=lambda v: str(v))
def test_random_sim_300_elder_sign_games_have_no_failures(players, seed):
    report = random_sim("elder_sign", games=75, seed=seed, players=players)
    print(report)
    assert report.games == 75 and report.failures == [], str(report)


def test_same_seed_and_actions_give_identical_json():
    def play(seed):
        session = mythlab.Session(mythlab.make("elder_sign", players=3, seed=seed))
        session.play({p: RandomBot(p) for p in range(3)})
        return session.state.to_json()

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_random_games_end_well_within_the_declared_bound():
    game = mythlab.make("elder_sign", players=8, seed=4)
    session = mythlab.Session(game)
    session.play({p: RandomBot(p) for p in range(8)})
    assert session.state.is_terminal()
    assert len(session.state.history) < game.max_actions() / 4
