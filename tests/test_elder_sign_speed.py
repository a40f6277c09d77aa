"""Elder Sign's speed-ups give what the plain computation gives: each table or cache is
checked against the computation it replaces, over the states of random games."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

import mythlab
from mythlab.elder_sign import resolve
from mythlab.engine import State
from mythlab.engine.chance import SeededStream
from mythlab.sim import RandomBot


@cache
def random_states(games: int = 6) -> tuple[State, ...]:
    """Every state of a few random games (seeds 0.., 2 to 4 players)."""
    states: list[State] = []
    for seed in range(games):
        players = 2 + seed % 3
        state = mythlab.make("elder_sign", players=players, seed=seed).initial_state()
        bots = [RandomBot(seed * 10 + p) for p in range(players)]
        while not state.is_terminal():
            states.append(state)
            player = state.current_player
            state = state.apply(state.sample_chance() if player < 0 else bots[player](state))
        states.append(state)
    return tuple(states)


class FixedTicket(SeededStream):
    """A stream whose next draw is ``ticket`` (to test a draw at chosen tickets)."""

    def __init__(self, ticket: int):
        super().__init__(0)
        self.ticket = ticket

    def _next(self):
        return SimpleNamespace(randrange=lambda n: self.ticket)


@pytest.mark.parametrize(("colour", "n"), [("green", 1), ("green", 3), ("green", 6),
                                           ("yellow", 1), ("red", 1)])
def test_the_dice_table_picks_what_the_engine_walk_picks_at_every_boundary(colour, n):
    roll = resolve.dice_roll(colour, n)
    weights = [p for _, p in roll.outcomes]
    assert roll.running[-1] == roll.denominator and sum(weights) == 1
    tickets = {0, roll.denominator - 1}
    for total in roll.running[:-1]:
        tickets |= {total - 1, total}
    for ticket in sorted(tickets):
        engine = roll.outcomes[FixedTicket(ticket).choice_index(weights)][0]
        assert roll.pick(ticket) is engine, ticket


def test_the_seeded_dice_draw_is_the_engines_draw_in_random_games():
    rolls = [s for s in random_states() if s.is_chance_node()
             and s.decision().kind == "roll"]
    assert len(rolls) > 100
    for state in rolls:
        assert state.sample_chance() is State.sample_chance(state)
    for state in rolls[:20]:  # more tickets: the same positions under other seeds
        for seed in range(40):
            other = state.clone()
            other.stream = SeededStream(seed, 0)
            assert other.sample_chance() is State.sample_chance(other)


def test_the_lost_and_found_die_is_drawn_by_the_engine():
    at_entrance = [s for s in random_states() if s.is_chance_node()
                   and s.decision().kind == "lost-die"]
    assert at_entrance
    for state in at_entrance:
        assert state.sample_chance() == State.sample_chance(state)
