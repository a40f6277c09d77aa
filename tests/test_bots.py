"""The greedy bots look ahead only on what their seat may see: the generic ``GreedyBot`` and
each game's own bot choose the same move whatever the hidden data (deck orders, other hands,
face-down cards, future shuffles), as ``tests/test_search.py`` proves for the search bot."""

from __future__ import annotations

import random

import pytest
from test_search import GuessState, HiddenGuess

import mythlab
from mythlab import registry
from mythlab.engine import Action, Session, State
from mythlab.sim import GreedyBot, seat_bots

GAMES = ("agea", "cyclades", "elder_sign", "elysium")
#: the generic greedy bot in every game, and every game's own bot
BOTS = [(game, GreedyBot) for game in GAMES] + sorted(
    {(game, registry.spec(game).bot_class(name)) for game in GAMES
     for name in registry.spec(game).bots}, key=lambda pair: (pair[0], pair[1].__name__))


def positions(game: str, seeds: range = range(12), every: int = 3) -> list[State]:
    """Every ``every``-th decision with a real choice in two-player games of random bots."""
    found = []
    for seed in seeds:
        state = Session(mythlab.make(game, players=2, seed=seed)).state
        randoms = seat_bots(["random"] * 2, seed, game=game)
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance())
                continue
            if len(state.legal_actions()) > 1:
                if step % every == 0:
                    found.append(state)
                step += 1
            state = state.apply(randoms[state.current_player](state))
    return found


def redrawn(state: State, k: int) -> State:
    """Another position the seat to move cannot tell from ``state``: what it cannot see is
    redrawn, future shuffles too (``State.determinize``)."""
    return state.determinize(state.current_player, random.Random(1000 + k))


def choices(bot_class: type, state: State, seeds: range = range(2)) -> list[list[str]]:
    """Each seed's choice on ``state`` and on two positions its seat cannot tell from it."""
    return [[bot_class(seed)(true).label for seed in seeds]
            for true in (state, redrawn(state, 1), redrawn(state, 2))]


def changed_by_hidden_data(bot_class: type, game: str) -> list[str]:
    """The positions where the bot's choice follows what its seat cannot see."""
    changed = []
    for state in positions(game):
        by_truth = choices(bot_class, state)
        if by_truth[1:] != by_truth[:-1]:
            changed.append(f"step {len(state.history)}: {by_truth}")
    return changed


@pytest.mark.parametrize("game, bot_class", BOTS,
                         ids=[f"{g}-{b.__name__}" for g, b in BOTS])
def test_greedy_bots_never_read_the_hidden_data(game, bot_class):
    """Whatever the hidden data, each seed's choice is the same (so is the distribution)."""
    assert changed_by_hidden_data(bot_class, game) == []


class PeekingGreedy(GreedyBot):
    """The greedy bot as it was: it looks ahead on the true position."""

    def view(self, state: State) -> State:
        return state


def test_the_check_catches_a_greedy_bot_that_looks_ahead_on_the_true_position():
    """Agea's draws from a deck whose order lies in the position: a peek changes choices."""
    assert len(changed_by_hidden_data(PeekingGreedy, "agea")) > 10


def test_the_greedy_bot_plays_a_move_of_the_true_position():
    """The move is the true position's own (a determinized position offers the same labels)."""
    for state in positions("agea", seeds=range(2)):
        choice = GreedyBot(0)(state)
        assert any(choice is a for a in state.legal_actions())


class LeakyGuess(GuessState):
    """A broken game: the guesses offered depend on the hidden card."""

    __slots__ = ()

    def _legal(self) -> list[Action]:
        return [a for a in super()._legal() if a.args[0] != self.data.card]


class LeakyGame(HiddenGuess):
    name = "leaky-guess"
    state_class = LeakyGuess


def test_a_redraw_that_changes_the_moves_of_the_seat_to_move_is_refused():
    state = LeakyGame(seed=0).initial_state()
    with pytest.raises(RuntimeError, match="leaky-guess: redrawing what P2 cannot see "
                                           "changed their legal moves"):
        for k in range(10):
            state.determinize(1, random.Random(k))


@pytest.mark.parametrize("game", GAMES)
def test_a_redraw_follows_only_what_the_seat_sees(game):
    """Two positions a seat cannot tell apart redraw, with the same seed, to the same
    position: what the greedy check above needs of ``resample_hidden``."""
    differ = 0
    for state in positions(game, seeds=range(3), every=10):
        me = state.current_player
        one, other = redrawn(state, 1), redrawn(state, 2)
        differ += one.data != other.data
        assert one.resample_hidden(me, random.Random(7)).data == \
            other.resample_hidden(me, random.Random(7)).data
    assert differ >= 5  # the two positions do differ, in what the seat cannot see
