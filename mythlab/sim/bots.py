"""Bots: callables ``bot(state) -> Action`` that Sessions, the CLI and simulations use."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mythlab import registry
from mythlab.engine import Action, State

from .search import SearchBot, parse_budget

Bot = Callable[[State], Action]


class RandomBot:
    """Picks a legal action uniformly at random from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def __call__(self, state: State) -> Action:
        """A legal action, uniformly at random."""
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """One-step lookahead on the game's own ``evaluate`` heuristic, on what its seat may see.

    Each legal action is applied to the position determinized for the seat to move
    (``State.determinize``: other hands, deck orders and future shuffles redrawn), so the bot
    never sees the card it will draw; when an action leads to a chance node the value is the
    exact expectation over the chance outcomes. Ties are broken by the bot's seeded generator;
    the redraws come from a second one, so where the hidden data changes no value the bot
    chooses exactly as it did when it looked ahead on the true position.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.redraw = random.Random(f"greedy {seed}")

    def view(self, state: State) -> State:
        """The position the bot looks ahead on: ``state`` determinized for the seat to move."""
        return state.determinize(state.current_player, self.redraw)

    def __call__(self, state: State) -> Action:
        """The legal action of best value for the player to move (exact expectation over a
        chance node it leads to); ties at random."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return self.rng.choice(actions)
        me = state.current_player
        seen = self.view(state)
        evaluate = state.game.evaluate
        best: list[Action] = []
        best_value = None
        # the determinized position offers the same moves, by label and in the same order
        for action, move in zip(actions, seen.legal_actions(), strict=True):
            after = seen.apply(move)
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


#: the bots every game gets; a game's ``GameSpec.bots`` adds its own and may replace these
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def bot_names(game: str | None = None) -> list[str]:
    """The bots offered for ``game``: the generic ones, then the game's own.

    >>> bot_names("elder_sign")
    ['random', 'greedy', 'search', 'odds', 'planner']
    """
    own = list(registry.spec(game).bots) if game is not None else []
    return list(BOTS) + [n for n in own if n not in BOTS]


def default_bot(game: str) -> str:
    """The bot a new seat gets for ``game`` (the app's default strength): the game's own bot,
    else ``greedy``.

    >>> default_bot("elder_sign"), default_bot("agea")
    ('odds', 'greedy')
    """
    own = [n for n in bot_names(game) if n not in BOTS]
    return own[0] if own else "greedy"


def make_bot(name: str, seed: int = 0, game: str | None = None) -> Bot:
    """A bot by name (``random``, ``greedy`` …); with ``game``, that game's own bot of this
    name if it has one (``GameSpec.bots``). ``search@<budget>`` is the search bot with a
    budget per move, in simulations (``search@32``) or seconds (``search@0.1s``).

    >>> type(make_bot("greedy", seed=1)).__name__
    'GreedyBot'
    >>> make_bot("search@32"), make_bot("search@0.1s")
    (SearchBot(budget=32, kind='simulations'), SearchBot(budget=0.1, kind='seconds'))
    """
    base, at, budget = name.partition("@") if isinstance(name, str) else (name, "", "")
    if at and base == "search":
        amount, kind = parse_budget(budget)
        return SearchBot(seed, budget=amount, kind=kind)
    own = registry.spec(game).bot_class(name) if game is not None else None
    if own is not None:
        return own(seed)
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(bot_names(game))}") \
            from None


def seat_bots(names: Sequence[str], seed: int = 0, game: str | None = None) -> dict[int, Bot]:
    """One bot per seat, by name, each seeded from the game's seed and its seat number.

    >>> sorted(seat_bots(["random", "greedy"], seed=3))
    [0, 1]
    """
    return {seat: make_bot(name, seed=seed * 31 + seat, game=game)
            for seat, name in enumerate(names)}
