"""Bots: callables ``bot(state) -> Action`` that Sessions, the CLI and simulations use."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mythlab.engine import Action, State

Bot = Callable[[State], Action]


class RandomBot:
    """Picks a legal action uniformly at random from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def __call__(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """One-step lookahead on the game's own ``evaluate`` heuristic.

    Each legal action is applied; when it leads to a chance node the value is the exact
    expectation over the chance outcomes. Ties are broken by the bot's seeded generator.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def __call__(self, state: State) -> Action:
        me = state.current_player
        evaluate = state.game.evaluate
        best: list[Action] = []
        best_value = None
        for action in state.legal_actions():
            after = state.apply(action)
            if after.is_chance_node():
                value = sum(float(p) * evaluate(after.apply(a), me)
                            for a, p in after.chance_outcomes())
            else:
                value = evaluate(after, me)
            if best_value is None or value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return self.rng.choice(best)


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}
#: a game's own bot under a shared name: ``make_bot("greedy", game="elysium")``
GAME_BOTS: dict[tuple[str, str], type] = {}


def register_bot(name: str, cls: type, game: str | None = None) -> None:
    """Offer a bot class by name: for every game, or (``game=``) in place of that name's
    generic bot when ``make_bot`` or ``seat_bots`` is told the game."""
    if game is None:
        BOTS[name] = cls
    else:
        GAME_BOTS[game, name] = cls


def make_bot(name: str, seed: int = 0, game: str | None = None) -> Bot:
    """A bot by name (``random``, ``greedy`` …); ``game`` picks that game's own bot if it has
    one under this name.

    >>> type(make_bot("greedy", seed=1)).__name__
    'GreedyBot'
    """
    if game is not None and (game, name) in GAME_BOTS:
        return GAME_BOTS[game, name](seed)
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}") from None


def seat_bots(names: Sequence[str], seed: int = 0, game: str | None = None) -> dict[int, Bot]:
    """One bot per seat, by name, each seeded from the game's seed and its seat number.

    >>> sorted(seat_bots(["random", "greedy"], seed=3))
    [0, 1]
    """
    return {seat: make_bot(name, seed=seed * 31 + seat, game=game)
            for seat, name in enumerate(names)}
