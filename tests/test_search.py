"""The search bot: legal, reproducible, refuses bad budgets, beats random, and never reads
what its seat cannot see (a toy game with a hidden card proves it)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

import mythlab
from mythlab.engine import CHANCE, Action, Game, Phase, PhaseBook, Session, State
from mythlab.sim import make_bot, seat_bots, simulate
from mythlab.sim.search import SearchBot, parse_budget, scaled_scores

GUESS = "Hidden guess · 1. Guess"
DEAL = "Hidden guess · deal"
END = "Hidden guess · 2. End"


@dataclass
class GuessData:
    """Seat 0 holds a card (1-3) that seat 1 cannot see; seat 1 names a card, right wins."""

    card: int
    guess: int = 0


class GuessState(State):
    """Seat 1 guesses seat 0's hidden card; the card is hidden from seat 1 only."""

    __slots__ = ()
    data_class = GuessData

    def _phase_name(self) -> str:
        return "Game over" if self.data.guess else "Guess"

    def _current_player(self) -> int | None:
        return 1

    def _legal(self) -> list[Action]:
        return [Action(f"guess {n}", "guess", (n,), GUESS) for n in (1, 2, 3)]

    def _do(self, action: Action) -> None:
        self.data.guess = action.args[0]

    def _scores(self) -> dict[str, Any]:
        right = self.data.guess == self.data.card
        return {"scores": {"P1": int(not right), "P2": int(right)},
                "winners": [1] if right else [0]}

    def _observe(self, player: int | None) -> Any:
        return {"card": self.data.card if player == 0 else None, "guess": self.data.guess}

    def _resample(self, player: int | None, rng: random.Random) -> None:
        if player != 0:
            self.data.card = rng.randint(1, 3)


class HiddenGuess(Game):
    """A one-move guessing game with a hidden card (test only; not registered)."""

    name = "hidden-guess"
    title = "Hidden guess"
    state_class = GuessState
    hidden = {"card": DEAL}
    phases = PhaseBook([Phase("Guess", GUESS, 1, ("Game over",), "guess the card"),
                        Phase("Game over", END, 2, (), "right or wrong")])

    def new_data(self, stream: Any) -> GuessData:
        return GuessData(card=1)

    def max_actions(self) -> int:
        return 1


def dealt(card: int) -> State:
    state = HiddenGuess(seed=0).initial_state()
    state.data.card = card
    return state.edited()


class CheatingSearch(SearchBot):
    """A search bot that searches the true state: what the hidden-data test must catch."""

    def determinize(self, state: State, me: int) -> State:
        return state.clone()


def guesses(bot_class: type, card: int, seeds: range = range(12)) -> list[str]:
    return [bot_class(seed, budget=30)(dealt(card)).label for seed in seeds]


def test_the_bot_never_reads_the_hidden_card():
    """Whatever the true hidden card, each seed's guess is the same (so is the distribution)."""
    by_card = [guesses(SearchBot, card) for card in (1, 2, 3)]
    assert by_card[0] == by_card[1] == by_card[2]
    assert len(set(by_card[0])) > 1  # the guesses do vary with the seed: no fixed answer


def test_the_hidden_card_test_catches_a_bot_that_searches_the_true_state():
    """The same check fails for a cheat: it guesses the true card every time."""
    by_card = [guesses(CheatingSearch, card) for card in (1, 2, 3)]
    assert by_card[0] != by_card[1]
    assert by_card[2] == ["guess 3"] * 12


def test_a_determinization_keeps_what_the_seat_sees():
    bot = SearchBot(seed=1)
    state = dealt(2)
    drawn = [bot.determinize(state, 1) for _ in range(20)]
    assert {d.observation(1)["data"]["guess"] for d in drawn} == {0}
    assert {d.data.card for d in drawn} == {1, 2, 3}  # redrawn, not read
    assert state.data.card == 2  # the true state is untouched


@pytest.mark.parametrize("game, players", [("agea", 2), ("cyclades", 3), ("elder_sign", 2),
                                           ("elysium", 2)])
def test_search_plays_legal_moves_in_every_game(game, players):
    assert type(make_bot("search", seed=2, game=game)) is SearchBot
    session = Session(mythlab.make(game, players=players, seed=5))
    randoms = seat_bots(["random"] * players, 5, game=game)
    for _ in range(4):  # a few positions with a real choice, reached by random play
        state = session.play(randoms, stop=lambda s: s.current_player != -1 and
                             len(s.legal_actions()) > 1)
        if state.is_terminal():
            break
        choice = SearchBot(seed=2, budget=8)(state)
        assert choice.label in [a.label for a in state.legal_actions()]
        session.apply(choice)


def test_search_is_deterministic_for_a_seed():
    state = mythlab.make("agea", players=2, seed=3).initial_state()
    for _ in range(6):
        state = state.apply(state.legal_actions()[0]) if not state.is_chance_node() \
            else state.apply(state.sample_chance())
    picks = {SearchBot(seed=9, budget=40)(state).label for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("budget, kind, message", [
    (0, "simulations", "must be a whole number of simulations > 0"),
    (-5, "simulations", "> 0"),
    (2.5, "simulations", "whole number"),
    (0.0, "seconds", "must be seconds > 0"),
    (float("nan"), "seconds", "> 0"),
    (True, "simulations", "> 0"),
    (10, "moves", "budget kind 'moves' is unknown; choose from simulations, seconds"),
])
def test_bad_budgets_are_refused_by_name(budget, kind, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        SearchBot(budget=budget, kind=kind)


@pytest.mark.parametrize("text", ["0", "-1s", "many", "1e3", ""])
def test_bad_budget_texts_are_refused(text):
    with pytest.raises(ValueError, match="search budget"):
        parse_budget(text)


def test_a_seconds_budget_is_kept():
    import time

    state = mythlab.make("agea", players=2, seed=1).initial_state()
    start = time.perf_counter()
    SearchBot(seed=1, budget=0.05, kind="seconds")(state)
    assert time.perf_counter() - start < 1.0


def test_the_search_bot_is_offered_for_every_game_and_plays_through_simulate():
    records = simulate("toy-race", games=2, players=2, bots=["search", "random"],
                       progress=False)
    assert [r.steps > 0 for r in records] == [True, True]
    with pytest.raises(ValueError, match="unknown bot 'serch'.*search"):
        make_bot("serch", game="agea")


def test_unfinished_games_are_valued_by_score_shares():
    state = mythlab.make("toy-race", players=2, seed=0).initial_state()
    state.data.positions = [3, 1]
    assert scaled_scores(state.edited()) == [0.75, 0.25]
    state.data.positions = [0, 0]
    assert scaled_scores(state.edited()) == [0.5, 0.5]


def test_a_games_search_value_hook_is_used_and_checked():
    from mythlab import registry

    spec = registry.spec("toy-race")
    bot = SearchBot(seed=0)
    state = mythlab.make("toy-race", players=2, seed=0).initial_state()
    try:
        registry.register(registry.GameSpec(**{**spec.__dict__,
                                               "search_value": lambda s: [0.9, 0.1]}))
        assert SearchBot(seed=0).value(state) == [0.9, 0.1]
        registry.register(registry.GameSpec(**{**spec.__dict__,
                                               "search_value": lambda s: [2, Fraction(1)]}))
        with pytest.raises(ValueError, match="toy-race search_value hook must give 2 values"):
            SearchBot(seed=0).value(state)
        with pytest.raises(registry.BrokenGame, match="'search_value' must be a function"):
            registry.register(registry.GameSpec(**{**spec.__dict__, "search_value": 3}))
    finally:
        registry.register(spec)
    assert bot.value(state) == [0.5, 0.5]


def test_a_games_search_policy_hook_settles_its_moves_and_is_checked():
    """A move the hook names is played without a search (on a determinized state); None
    leaves the move to the search; an illegal answer or a hook that is no function is
    refused."""
    from mythlab import registry

    spec = registry.spec("toy-race")
    state = mythlab.make("toy-race", players=2, seed=0).initial_state()
    legal = state.legal_actions()
    seen = []

    def last(s):
        seen.append(s)
        return s.legal_actions()[-1]

    try:
        registry.register(registry.GameSpec(**{**spec.__dict__, "search_policy": last}))
        assert SearchBot(seed=0, budget=1)(state).label == legal[-1].label
        assert seen and seen[0] is not state  # the hook got a determinized state
        registry.register(registry.GameSpec(**{**spec.__dict__,
                                               "search_policy": lambda s: None}))
        assert SearchBot(seed=0, budget=8)(state).label == \
            SearchBot(seed=0, budget=8)(state).label
        bogus = Action("nowhere", "move", ())
        registry.register(registry.GameSpec(**{**spec.__dict__,
                                               "search_policy": lambda s: bogus}))
        with pytest.raises(ValueError, match="search_policy hook chose 'nowhere'"):
            SearchBot(seed=0)(state)
        with pytest.raises(registry.BrokenGame, match="'search_policy' must be a function"):
            registry.register(registry.GameSpec(**{**spec.__dict__, "search_policy": 3}))
    finally:
        registry.register(spec)


def test_a_games_search_rollout_hook_plays_the_rollouts_until_it_answers_none():
    """Rollouts play the hook's moves (chance drawn by the bot) until it answers None, then
    the position is valued; a hook that is no function is refused."""
    from mythlab import registry

    spec = registry.spec("toy-race")
    state = mythlab.make("toy-race", players=2, seed=0).initial_state()
    played = []

    def first_three(s):
        if len(played) >= 3:
            return None
        played.append(s)
        return s.legal_actions()[0]

    try:
        registry.register(registry.GameSpec(**{**spec.__dict__, "search_rollout": first_three}))
        SearchBot(seed=0, budget=4)(state)
        assert len(played) == 3
        registry.register(registry.GameSpec(**{**spec.__dict__,
                                               "search_rollout": lambda s: s.legal_actions()[0]}))
        assert SearchBot(seed=0, budget=8)(state).label == \
            SearchBot(seed=0, budget=8)(state).label
        with pytest.raises(registry.BrokenGame, match="'search_rollout' must be a function"):
            registry.register(registry.GameSpec(**{**spec.__dict__, "search_rollout": 3}))
    finally:
        registry.register(spec)


def test_a_search_bot_is_named_with_its_budget_wherever_bots_are_named():
    """``search@32`` / ``search@0.1s`` work in make_bot, so in simulate and experiment too."""
    from mythlab.sim import experiment

    bot = make_bot("search@32", seed=3, game="agea")
    assert (type(bot), bot.budget, bot.kind) == (SearchBot, 32, "simulations")
    assert make_bot("search@0.1s", game="agea").kind == "seconds"
    r = experiment("agea", bots=["search@4", "random"], games=2, seed=1, progress=False)
    assert [row["bot"] for row in r.win_rates("bot")] == ["random", "search@4"]


@pytest.mark.parametrize("name", ["search@0", "search@-2s", "search@lots", "search@"])
def test_a_bad_budget_in_a_bot_name_is_refused(name):
    with pytest.raises(ValueError, match="search budget"):
        make_bot(name, game="agea")


def test_every_drawn_world_feeds_one_tree():
    """The determinizations share one tree (single-observer ISMCTS): the root counts every
    simulation, each world's iterations descend it, and each world's states are kept apart."""
    from mythlab.sim.search import _Tree

    state = mythlab.make("agea", players=2, seed=3).initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        state = state.apply(state.sample_chance() if state.is_chance_node()
                            else state.legal_actions()[0])
    bot = SearchBot(seed=4, determinizations=4)
    worlds = [bot.determinize(state, state.current_player) for _ in range(4)]
    tree = _Tree(bot, worlds)
    for i in range(60):
        tree.simulate(i % 4)
    assert tree.root.visits == 60
    assert {a.label for a in state.legal_actions()} == set(tree.root.children)
    child = max(tree.root.children.values(), key=lambda c: c.visits)
    assert set(child.states) == {0, 1, 2, 3}  # one state per world the move was tried in
    assert child.available >= child.visits


COIN_RULE = "Coin choice · 1. Choose"


@dataclass
class CoinData:
    """Seat 0 takes a coin (or a sure thing) and the flip decides who wins."""

    coin: str = ""
    flipped: str = ""


class CoinState(State):
    """One choice by seat 0: "heads wins" / "tails wins" (a fair flip each), and with the
    option ``sure`` also "sure win" and "sure loss"; then the flip, then the game is over."""

    __slots__ = ()
    data_class = CoinData
    MOVES = ("heads wins", "tails wins", "sure win", "sure loss")

    def _phase_name(self) -> str:
        d = self.data
        return "Game over" if d.flipped or d.coin.startswith("sure") else \
            "Flip" if d.coin else "Choose"

    def _current_player(self) -> int | None:
        return CHANCE if self._phase_name() == "Flip" else 0

    def _legal(self) -> list[Action]:
        moves = self.MOVES if self.game.options["sure"] else self.MOVES[:2]
        return [Action(m, "choose", (m,), COIN_RULE) for m in moves]

    def _chance(self) -> list[tuple[Action, Fraction]]:
        return [(Action(side, "flip", (side,), COIN_RULE), Fraction(1, 2))
                for side in ("heads", "tails")]

    def _do(self, action: Action) -> None:
        if action.kind == "choose":
            self.data.coin = action.args[0]
        else:
            self.data.flipped = action.args[0]

    def _scores(self) -> dict[str, Any]:
        d = self.data
        won = d.coin == "sure win" or bool(d.flipped) and d.coin.startswith(d.flipped)
        return {"scores": {"P1": int(won), "P2": int(not won)}, "winners": [0 if won else 1]}


class CoinChoice(Game):
    """Take a coin or a sure thing (test only; registered by the test that uses it)."""

    name = "coin-choice"
    title = "Coin choice"
    state_class = CoinState
    default_options = {"sure": True}
    phases = PhaseBook([Phase("Choose", COIN_RULE, 1, ("Flip", "Game over"), "take one"),
                        Phase("Flip", COIN_RULE, 1, ("Game over",), "the coin is flipped"),
                        Phase("Game over", COIN_RULE, 1, (), "the flip decides")])

    def new_data(self, stream: Any) -> CoinData:
        return CoinData()

    def max_actions(self) -> int:
        return 2


def coin_choices(monkeypatch, default: str, sure: bool = True, budget: int = 40) -> Counter:
    """The search bot's choices over 30 seeds when the rollout hook's move is ``default``
    (the sure things offered or not)."""
    from mythlab import registry

    monkeypatch.setattr(registry, "_specs", dict(registry._specs))

    def hook(s):
        return next(a for a in s.legal_actions() if a.label == default)

    registry.register(registry.GameSpec(name="coin-choice", title="Coin choice",
                                        game=CoinChoice, search_rollout=hook))
    state = CoinChoice(seed=0, sure=sure).initial_state()
    return Counter(SearchBot(seed=seed, budget=budget)(state).label for seed in range(30))


def test_the_rollout_hooks_move_is_kept_unless_another_is_clearly_better(monkeypatch):
    """Between two fair coins the search keeps the game's own move but for the odd false
    alarm (about one seed in 40 at two standard errors; picking the most visited would follow
    the noise); a sure win beats a sure loss or a coin by far, so the search overrules a
    hook that would lose."""
    assert coin_choices(monkeypatch, "tails wins", sure=False)["tails wins"] >= 28
    assert coin_choices(monkeypatch, "sure loss") == {"sure win": 30}
    assert coin_choices(monkeypatch, "tails wins") == {"sure win": 30}


def test_the_coin_test_catches_a_search_that_follows_the_noise(monkeypatch):
    """Without the default rule (``DEVIATION_Z`` of zero: any lead decides), the fair coins
    split far more often (7 seeds in 30): the check above would fail."""
    from mythlab.sim import search

    monkeypatch.setattr(search, "DEVIATION_Z", 0.0)
    picks = coin_choices(monkeypatch, "tails wins", sure=False)
    assert picks["heads wins"] >= 5
