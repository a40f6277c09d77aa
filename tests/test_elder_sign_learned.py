"""Elder Sign's learned value (``mythlab/elder_sign/learned.py``): it reads only what every seat
sees, its fitted coefficients load and are checked, and the fitting script's sign rule holds."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import numpy as np
import pytest
from script_support import load_script

import mythlab
from mythlab.elder_sign.evaluate import learned_chance
from mythlab.elder_sign.learned import PHASES, Model, features, fitted, observe
from mythlab.engine import Session
from mythlab.sim.bots import make_bot

ROOT = Path(__file__).resolve().parents[1]


def positions(seeds=range(3), moves=60):
    found = []
    for seed in seeds:
        session = Session(mythlab.make("elder_sign", players=2, seed=seed))
        bot = make_bot("random", seed)
        state = session.play({0: bot, 1: bot}, stop=lambda s: len(s.history) >= moves)
        while state.is_chance_node():
            state = state.apply(state.sample_chance())
        if state.current_player is not None:
            found.append(state)
    return found


def test_the_observation_reads_nothing_hidden():
    """Redrawing the face-down decks and the cup leaves every observed number."""
    for state in positions():
        seen = observe(state)
        for k in range(3):
            assert observe(state.resample_hidden(0, random.Random(k))) == seen


def test_the_packaged_fit_loads_with_its_provenance_and_both_phases():
    model = fitted()
    assert "scripts/fit_es_value.py" in model.provenance and "games" in model.provenance
    assert set(model.phases) == set(PHASES)
    for state in positions():
        assert 0.0 < model.chance(observe(state)) < 1.0
        assert 0.0 < learned_chance(state) < 1.0


def test_a_broken_fit_is_refused():
    raw = json.loads((ROOT / "mythlab" / "elder_sign" / "data" / "value_fit.json").read_text())
    Model.from_dict(raw)
    for breaking, message in (
            (lambda r: r.pop("provenance"), "provenance"),
            (lambda r: r["phases"].pop("battle"), "phases"),
            (lambda r: r["phases"]["before"]["weights"].pop(), "one number per feature"),
            (lambda r: r["phases"]["before"].__setitem__("intercept", float("nan")), "finite"),
            (lambda r: r["phases"]["battle"]["scale"].__setitem__(0, 0.0), "positive")):
        bad = copy.deepcopy(raw)
        breaking(bad)
        with pytest.raises(ValueError, match=message):
            Model.from_dict(bad)


def test_more_signs_and_health_raise_the_chance_and_doom_lowers_it():
    model = fitted()
    state = mythlab.make("elder_sign", players=2, seed=1).initial_state()
    base = model.chance(observe(state))
    assert model.chance(observe(state, [("elder_sign", 2)])) > base
    assert model.chance(observe(state, [("doom", 3)])) < base
    assert model.chance(observe(state, [("unique_item", 1)])) >= base
    seen = observe(state)
    hurt = observe(state, [("stamina", -10)])  # no stamina left: devoured (p.11)
    assert hurt["devoured"] == 1 and hurt["alive"] == 2  # a newcomer takes the seat
    assert hurt["doom_left"] == seen["doom_left"] - 1 and hurt["reserve"] == seen["reserve"] - 1


def test_features_name_products_squares_and_absent_ancient_ones():
    seen = {"a": 2.0, "b": 3.0}
    assert features(seen, ("a", "a*b", "b^2", "ao:Yig")) == [2.0, 6.0, 9.0, 0.0]


def test_the_fit_drops_a_feature_whose_weight_has_the_wrong_sign():
    """A feature that the rules say can only help, fitted with a negative weight, gets 0."""
    fit = load_script("fit_es_value")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(400, 2))
    y = (x[:, 0] - 0.8 * x[:, 1] + rng.normal(size=400) > 0).astype(float)
    w = np.ones(400)
    free = fit.logistic(x, y, w, 1.0)
    assert free[2] < 0
    signed = fit.signed_fit(x, y, w, 1.0, ("good", "health"), {"health": +1})
    assert signed[2] == 0.0 and signed[1] > 0


def test_the_registered_hooks_are_the_search_plays():
    """Elder Sign's ``search_policy`` and ``search_rollout`` are ``search_play``'s, its
    ``search_value`` this module's learned value."""
    from mythlab import registry
    from mythlab.elder_sign import search_play
    from mythlab.elder_sign.evaluate import search_value

    spec = registry.spec("elder_sign")
    assert spec.load("search_policy") is search_play.settled
    assert spec.load("search_rollout") is search_play.rollout_move
    assert spec.load("search_value") is search_value
