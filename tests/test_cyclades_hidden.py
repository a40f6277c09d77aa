"""Cyclades' secrets: the gold behind each screen and the creature deck's order.

Over random games (a few hundred positions, 2 to 5 players): every observation is JSON and
of one shape; another seat's gold and the deck order never show in it; a resampled position
looks the same to its player, keeps the invariants, plays on, and redraws the deck.
"""

from __future__ import annotations

import json
import random

import pytest

import mythlab
from mythlab.cyclades.rules import FACE_DOWN, CycladesGame
from mythlab.engine import ALL
from mythlab.sim.bots import seat_bots


def positions(players: int, seed: int, every: int = 4, limit: int = 60) -> list:
    """Every ``every``-th position of a random game, at most ``limit`` of them."""
    game = mythlab.make("cyclades", players=players, seed=seed)
    bots = seat_bots(["random"] * players, seed)
    state, out = game.initial_state(), []
    step = 0
    while not state.is_terminal() and len(out) < limit:
        if step % every == 0:
            out.append(state)
        who = state.current_player
        state = state.apply(state.sample_chance() if state.is_chance_node() else bots[who](state))
        step += 1
    return out


STATES = [s for players in (2, 3, 4, 5) for seed in (1, 2) for s in positions(players, seed)]


def shape(value):
    """The JSON shape of an observation: keys and list lengths, not the values."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    return type(value).__name__ if value is not None else "hidden-or-none"


def test_the_secrets_name_their_rule():
    assert set(CycladesGame.hidden) == {"gold", "deck"}
    assert all("Cyclades rulebook, Greek edition, p." in rule
               for rule in CycladesGame.hidden.values())
    assert len(STATES) > 200


def test_observations_are_json_and_hide_the_others_gold_and_the_deck_order():
    for state in STATES:
        seats = [*range(state.game.players), None]
        seen = {p: state.observation(p) for p in seats}
        lengths = set()
        for p, obs in seen.items():
            json.dumps(obs)
            gold = obs["data"]["gold"]
            assert gold == [gp if q == p else None for q, gp in enumerate(state.data.gold)]
            assert obs["data"]["deck"] == [FACE_DOWN] * len(state.data.deck)
            rest = {k: v for k, v in obs["data"].items() if k != "gold"}
            lengths.add(json.dumps(rest, sort_keys=True))
        assert len(lengths) == 1, "everything but the gold is the same for every seat"


def test_leak_another_seats_gold_and_the_deck_order_do_not_change_an_observation():
    rng = random.Random(5)
    for state in STATES[::3]:
        owner = rng.randrange(state.game.players)
        edited = state.clone()
        edited.data.gold[owner] += 7
        rng.shuffle(edited.data.deck)
        edited = edited.edited()
        for p in [*range(state.game.players), None]:
            if p != owner:
                assert edited.observation(p) == state.observation(p)
        assert edited.observation(owner) != state.observation(owner)


def test_resampled_positions_look_the_same_keep_the_invariants_and_play_on():
    rng = random.Random(11)
    changed = 0
    for state in STATES[::2]:
        for p in [*range(state.game.players), None]:
            new = state.resample_hidden(p, rng)
            assert new.observation(p) == state.observation(p)
            assert state.game.invariants(new) == []
            assert new.data.gold == state.data.gold
            changed += new.data.deck != state.data.deck
            for _ in range(3):
                if new.is_terminal():
                    break
                if new.is_chance_node():
                    new = new.apply(new.sample_chance())
                else:
                    new = new.apply(rng.choice(new.legal_actions()))
    assert changed > 50, "the deck order is redrawn"


def test_log_lines_name_no_secret():
    """Cards drawn from the deck go face up and gold moves in the open: a seat reads every
    line as it was logged (``_redact`` leaves lines alone)."""
    for state in STATES:
        for p in [*range(state.game.players), None]:
            assert state.events_for(p) == state.events_for(ALL)
            assert state.step_for(p) == state.step_for(ALL)


@pytest.mark.parametrize("viewer", [0, None])
def test_the_view_hides_the_others_gold(viewer):
    from mythlab.cyclades.view import cyclades_view

    state = STATES[40]
    html = cyclades_view(state, viewer)
    full = cyclades_view(state, ALL)
    secret = 'class="hidden" title="behind the screen'
    assert secret not in full
    assert html.count(secret) == state.game.players - (viewer is not None)
