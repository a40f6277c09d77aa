"""The shared random-playout harness over every registered game."""

from __future__ import annotations

import pytest

import mythlab
from mythlab.testing import random_sim


@pytest.mark.parametrize("name", mythlab.games())
def test_random_sim_every_registered_game(name):
    report = random_sim(name, games=10, seed=2026)
    assert report.failures == [], str(report)
    assert report.games == 10 and report.steps > 0
